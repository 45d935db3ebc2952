#include "repodialogs.h"

#include "backgroundtask.h"

#include "repo/repolocation.h"
#include "repo/repository.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace pw::ui {

namespace {

QString timeText(const QDateTime& utc)
{
    return utc.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm"));
}

QTreeWidget* makeList(QWidget* parent, const QString& objectName, const QStringList& headers)
{
    auto* list = new QTreeWidget(parent);
    list->setObjectName(objectName);
    list->setHeaderLabels(headers);
    list->setRootIsDecorated(false);
    list->setUniformRowHeights(true);
    list->header()->setStretchLastSection(true);
    return list;
}

} // namespace

namespace {

// A warning under a repository address that would travel without TLS to a remote host (core's
// RepoLocation::transportWarning, as podwright-cli repo prints it), shown as the user types it.
QLabel* transportWarningFor(QLineEdit* address, QWidget* parent)
{
    auto* label = new QLabel(parent);
    label->setObjectName(QStringLiteral("repoTransportWarning"));
    label->setWordWrap(true);
    auto update = [label, address] {
        QString warning;
        try {
            warning = RepoLocation::parse(address->text()).transportWarning();
        } catch (const Error&) {
            // An address being typed is often not an address yet: Connect or Save says why.
        }
        label->setText(warning.isEmpty() ? QString() : QObject::tr("Warning: %1").arg(warning));
        label->setVisible(!warning.isEmpty());
    };
    QObject::connect(address, &QLineEdit::textChanged, label, update);
    update();
    return label;
}

} // namespace

RepoOpenDialog::RepoOpenDialog(const QString& address, QWidget* parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("RepoOpenDialog"));
    setWindowTitle(tr("Open from Repository"));
    mAddress = new QLineEdit(address, this);
    mAddress->setObjectName(QStringLiteral("repoAddress"));
    mAddress->setPlaceholderText(tr("postgresql://you@host/podwright, or a service name"));
    mAddress->setToolTip(tr("As podwright-cli's --repo. Passwords come from ~/.pgpass, $PGPASSFILE or "
                            "$PGPASSWORD, never from the address."));
    auto* connectButton = new QPushButton(tr("&Connect"), this);
    connectButton->setObjectName(QStringLiteral("repoConnect"));
    mDesigns = makeList(this, QStringLiteral("repoDesigns"),
        {QStringLiteral("Design"), QStringLiteral("Latest"), QStringLiteral("Author"), QStringLiteral("Time"),
            QStringLiteral("Message")});
    mRevisions = makeList(this, QStringLiteral("repoRevisions"),
        {QStringLiteral("Revision"), QStringLiteral("Author"), QStringLiteral("Time"), QStringLiteral("Message")});
    mStatus = new QLabel(this);
    mStatus->setObjectName(QStringLiteral("repoStatus"));
    mStatus->setWordWrap(true);
    mStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Open"));

    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("&Repository:"), this));
    row->addWidget(mAddress, 1);
    row->addWidget(connectButton);
    static_cast<QLabel*>(row->itemAt(0)->widget())->setBuddy(mAddress);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(row);
    layout->addWidget(transportWarningFor(mAddress, this));
    layout->addWidget(mDesigns, 3);
    layout->addWidget(new QLabel(tr("Revisions of the selected design (none picked: the latest):"), this));
    layout->addWidget(mRevisions, 2);
    layout->addWidget(mStatus);
    layout->addWidget(buttons);
    resize(760, 560);

    connect(connectButton, &QPushButton::clicked, this, [this] { connectToRepository(); });
    connect(mAddress, &QLineEdit::returnPressed, this, [this] { connectToRepository(); });
    connect(mDesigns, &QTreeWidget::currentItemChanged, this, [this] {
        showRevisions();
        updateOk();
    });
    connect(mDesigns, &QTreeWidget::itemActivated, this, [this] { accept(); });
    connect(mRevisions, &QTreeWidget::itemActivated, this, [this] { accept(); });
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    updateOk();
}

bool RepoOpenDialog::connectToRepository()
{
    mDesigns->clear();
    mRevisions->clear();
    mListedAddress.clear();
    try {
        const RepoLocation location = RepoLocation::parse(mAddress->text());
        std::vector<RepoDesignEntry> designs;
        QString user;
        runOffGuiThread(this, tr("Connecting to the repository…"), [&] {
            Repository repo(location);
            designs = repo.list();
            user = repo.currentUser();
        });
        for (const RepoDesignEntry& e : designs) {
            auto* item = new QTreeWidgetItem(
                mDesigns, {e.name, QStringLiteral("r%1").arg(e.latest), e.author, timeText(e.time), e.message});
            item->setData(0, Qt::UserRole, e.name);
        }
        mListedAddress = mAddress->text().trimmed();
        mStatus->setText(mDesigns->topLevelItemCount() == 0
                ? QStringLiteral("The repository has no designs yet.")
                : QStringLiteral("%1 designs; connected as %2.").arg(mDesigns->topLevelItemCount()).arg(user));
        if (mDesigns->topLevelItemCount() > 0)
            mDesigns->setCurrentItem(mDesigns->topLevelItem(0));
    } catch (const Error& e) {
        mStatus->setText(e.message());
    }
    updateOk();
    return !mListedAddress.isEmpty();
}

void RepoOpenDialog::showRevisions()
{
    mRevisions->clear();
    const QString name = designName();
    if (name.isEmpty() || mListedAddress.isEmpty())
        return;
    try {
        const RepoLocation location = RepoLocation::parse(mListedAddress);
        std::vector<RepoRevision> log;
        runOffGuiThread(this, tr("Reading the revisions of %1…").arg(name), [&] {
            Repository repo(location);
            log = repo.log(name);
        });
        for (const RepoRevision& r : log) {
            auto* item = new QTreeWidgetItem(
                mRevisions, {QStringLiteral("r%1").arg(r.number), r.author, timeText(r.time), r.message});
            item->setData(0, Qt::UserRole, r.number);
        }
    } catch (const Error& e) {
        mStatus->setText(e.message());
    }
}

void RepoOpenDialog::updateOk()
{
    auto* buttons = findChild<QDialogButtonBox*>();
    buttons->button(QDialogButtonBox::Ok)->setEnabled(!designName().isEmpty());
}

QString RepoOpenDialog::address() const
{
    return mListedAddress;
}

QString RepoOpenDialog::designName() const
{
    const QTreeWidgetItem* item = mDesigns->currentItem();
    return item ? item->data(0, Qt::UserRole).toString() : QString();
}

std::optional<int> RepoOpenDialog::revision() const
{
    const QTreeWidgetItem* item = mRevisions->currentItem();
    if (!item || !item->isSelected())
        return std::nullopt;
    return item->data(0, Qt::UserRole).toInt();
}

RepoSaveDialog::RepoSaveDialog(const QString& address, const QString& name, int basedOn, QWidget* parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("RepoSaveDialog"));
    setWindowTitle(tr("Save to Repository"));
    mAddress = new QLineEdit(address, this);
    mAddress->setObjectName(QStringLiteral("repoAddress"));
    mAddress->setPlaceholderText(tr("postgresql://you@host/podwright, or a service name"));
    mName = new QLineEdit(name, this);
    mName->setObjectName(QStringLiteral("repoDesignName"));
    mName->setMaxLength(256);
    mMessage = new QPlainTextEdit(this);
    mMessage->setObjectName(QStringLiteral("repoMessage"));
    mMessage->setPlaceholderText(tr("What changed, for the history"));
    mMessage->setTabChangesFocus(true);
    auto* form = new QFormLayout;
    form->addRow(tr("&Repository:"), mAddress);
    form->addRow(tr("&Design:"), mName);
    form->addRow(tr("&Message:"), mMessage);
    auto* based = new QLabel(basedOn > 0 ? QStringLiteral("Based on revision %1: saved as the next revision unless "
                                                          "someone saved after it.")
                                               .arg(basedOn)
                                         : QStringLiteral("A new design in the repository."),
        this);
    based->setObjectName(QStringLiteral("repoBasedOn"));
    based->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Save"));
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(transportWarningFor(mAddress, this));
    layout->addWidget(based);
    layout->addWidget(buttons);
    auto update = [this, buttons] {
        buttons->button(QDialogButtonBox::Ok)
            ->setEnabled(!mAddress->text().trimmed().isEmpty() && !mName->text().trimmed().isEmpty());
    };
    connect(mAddress, &QLineEdit::textChanged, this, update);
    connect(mName, &QLineEdit::textChanged, this, update);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    update();
    mMessage->setFocus();
    resize(520, 300);
}

QString RepoSaveDialog::address() const
{
    return mAddress->text().trimmed();
}

QString RepoSaveDialog::designName() const
{
    return mName->text().trimmed();
}

QString RepoSaveDialog::message() const
{
    return mMessage->toPlainText().trimmed();
}

} // namespace pw::ui
