#include "repohistorypanel.h"

#include "reposession.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace pw::ui {

RepoHistoryPanel::RepoHistoryPanel(RepoSession* session, QWidget* parent) : QWidget(parent), mSession(session)
{
    mStatus = new QLabel(this);
    mStatus->setObjectName(QStringLiteral("repoHistoryStatus"));
    mStatus->setWordWrap(true);
    mList = new QTreeWidget(this);
    mList->setObjectName(QStringLiteral("repoHistoryList"));
    mList->setHeaderLabels(
        {QStringLiteral("Revision"), QStringLiteral("Author"), QStringLiteral("Time"), QStringLiteral("Message")});
    mList->setRootIsDecorated(false);
    mList->header()->setStretchLastSection(true);
    auto* refreshButton = new QPushButton(tr("&Refresh"), this);
    refreshButton->setObjectName(QStringLiteral("repoHistoryRefresh"));
    auto* openButton = new QPushButton(tr("&Open Revision"), this);
    openButton->setObjectName(QStringLiteral("repoHistoryOpen"));
    auto* compareButton = new QPushButton(tr("&Compare…"), this);
    compareButton->setObjectName(QStringLiteral("repoHistoryCompare"));
    compareButton->setToolTip(tr("The open design against the picked revision: what was added, removed and how the "
                                 "figures changed"));
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(refreshButton);
    buttons->addStretch(1);
    buttons->addWidget(compareButton);
    buttons->addWidget(openButton);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(mStatus);
    layout->addWidget(mList, 1);
    layout->addLayout(buttons);

    connect(refreshButton, &QPushButton::clicked, this, &RepoHistoryPanel::refresh);
    connect(openButton, &QPushButton::clicked, this, [this] { openSelected(); });
    connect(compareButton, &QPushButton::clicked, this, [this] { compareSelected(); });
    connect(mList, &QTreeWidget::itemActivated, this, [this] { openSelected(); });
    // The server is asked only while the panel is shown: opening a file never waits for it.
    connect(mSession, &RepoSession::originChanged, this, [this] {
        if (isVisible())
            refresh();
        else
            mStale = true;
    });
}

void RepoHistoryPanel::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (mStale)
        refresh();
}

void RepoHistoryPanel::refresh()
{
    mStale = false;
    mList->clear();
    const std::optional<RepoSession::Origin> origin = mSession->origin();
    if (!origin) {
        mStatus->setText(tr("This design is not in a team repository. File > Open from Repository… or "
                            "Save to Repository… puts it there."));
        return;
    }
    try {
        for (const RepoRevision& r : mSession->history()) {
            auto* item = new QTreeWidgetItem(mList,
                {QStringLiteral("r%1").arg(r.number), r.author,
                    r.time.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")), r.message});
            item->setData(0, Qt::UserRole, r.number);
            item->setToolTip(3, r.message);
            if (r.number == origin->revision) {
                QFont bold = item->font(0);
                bold.setBold(true);
                for (int c = 0; c < mList->columnCount(); ++c)
                    item->setFont(c, bold);
            }
        }
        mStatus->setText(tr("%1: this document is revision %2.").arg(origin->design).arg(origin->revision));
    } catch (const Error& e) {
        mStatus->setText(tr("%1: the history could not be read: %2").arg(origin->design, e.message()));
    }
}

bool RepoHistoryPanel::openSelected()
{
    const QTreeWidgetItem* item = mList->currentItem();
    if (!item)
        return false;
    return mSession->openRevision(item->data(0, Qt::UserRole).toInt());
}

bool RepoHistoryPanel::compareSelected()
{
    const QTreeWidgetItem* item = mList->currentItem();
    const std::optional<RepoSession::Origin> origin = mSession->origin();
    if (!item || !origin)
        return false;
    Q_EMIT compareRequested(origin->address, origin->design, item->data(0, Qt::UserRole).toInt());
    return true;
}

} // namespace pw::ui
