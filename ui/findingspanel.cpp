#include "findingspanel.h"

#include "canvasscene.h"
#include "canvasview.h"
#include "designanalysis.h"
#include "designdocument.h"

#include "commands/setdesignpropertiescommand.h"
#include "model/design.h"
#include "util/plural.h"
#include "validate/designrules.h"
#include "validate/waiver.h"

#include <QDate>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <set>

namespace pw::ui {

namespace {

// The finding's explanation and how to resolve it, from the rule table (designRules()).
QString explanationWithFix(const Finding& f)
{
    const RuleInfo* rule = ruleInfo(f.code);
    if (!rule)
        return f.explanation;
    const QString fix = QObject::tr("To resolve: %1").arg(QString::fromUtf8(rule->fix));
    return f.explanation.isEmpty() ? fix : f.explanation + QStringLiteral("\n\n") + fix;
}

} // namespace

namespace {

QColor severityColor(Severity s)
{
    switch (s) {
    case Severity::Error:
        return QColor(0xc6, 0x28, 0x28);
    case Severity::Warning:
        return QColor(0xb2, 0x6a, 0x00);
    case Severity::Info:
        return QColor(0x15, 0x65, 0xc0);
    }
    return {};
}

std::optional<FindingsPanel::WaiveAnswer> askForReason(QWidget* parent, const Finding& f)
{
    QDialog dlg(parent);
    dlg.setWindowTitle(FindingsPanel::tr("Waive %1").arg(f.code));
    auto* form = new QFormLayout(&dlg);
    auto* what = new QLabel(f.message, &dlg);
    what->setWordWrap(true);
    form->addRow(what);
    auto* reason = new QLineEdit(&dlg);
    reason->setObjectName(QStringLiteral("waiveReason"));
    reason->setPlaceholderText(FindingsPanel::tr("Why this is acceptable (required)"));
    reason->setMinimumWidth(360);
    auto* author = new QLineEdit(FindingsPanel::defaultAuthor(), &dlg);
    author->setObjectName(QStringLiteral("waiveAuthor"));
    form->addRow(FindingsPanel::tr("&Reason:"), reason);
    form->addRow(FindingsPanel::tr("&Author:"), author);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dlg);
    buttons->button(QDialogButtonBox::Ok)->setText(FindingsPanel::tr("Waive"));
    buttons->button(QDialogButtonBox::Ok)->setEnabled(false);
    QObject::connect(reason, &QLineEdit::textChanged, &dlg,
        [buttons](const QString& t) { buttons->button(QDialogButtonBox::Ok)->setEnabled(!t.trimmed().isEmpty()); });
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dlg, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dlg, &QDialog::reject);
    form->addRow(buttons);
    if (dlg.exec() != QDialog::Accepted)
        return std::nullopt;
    return FindingsPanel::WaiveAnswer{reason->text().trimmed(), author->text().trimmed()};
}

} // namespace

FindingsPanel::FindingsPanel(
    DesignDocument* document, DesignAnalysis* analysis, CanvasScene* scene, CanvasView* view, QWidget* parent)
    : QWidget(parent),
      mDocument(document),
      mAnalysis(analysis),
      mScene(scene),
      mView(view),
      mTable(new QTableWidget(0, ColumnCount, this)),
      mSummary(new QLabel(this)),
      mExplanation(new QLabel(this)),
      mWaive(new QPushButton(tr("&Waive…"), this)),
      mUnwaive(new QPushButton(tr("&Unwaive"), this))
{
    mWaivePrompt = [this](const Finding& f) { return askForReason(this, f); };
    mTable->setObjectName(QStringLiteral("findingsTable"));
    mTable->setHorizontalHeaderLabels({tr("Severity"), tr("Code"), tr("Message"), tr("Waived")});
    mTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    mTable->setSelectionMode(QAbstractItemView::SingleSelection);
    mTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    mTable->verticalHeader()->hide();
    mTable->setWordWrap(false);
    mTable->horizontalHeader()->setSectionResizeMode(SeverityColumn, QHeaderView::ResizeToContents);
    mTable->horizontalHeader()->setSectionResizeMode(CodeColumn, QHeaderView::ResizeToContents);
    mTable->horizontalHeader()->setSectionResizeMode(MessageColumn, QHeaderView::Stretch);
    mTable->horizontalHeader()->setSectionResizeMode(StatusColumn, QHeaderView::Interactive);
    mTable->horizontalHeader()->resizeSection(StatusColumn, 180);
    mExplanation->setWordWrap(true);
    mExplanation->setTextInteractionFlags(Qt::TextSelectableByMouse);
    mExplanation->setObjectName(QStringLiteral("findingExplanation"));
    mWaive->setObjectName(QStringLiteral("waiveButton"));
    mUnwaive->setObjectName(QStringLiteral("unwaiveButton"));
    mWaive->setToolTip(tr("Accept this finding with a written reason (undoable)"));
    mUnwaive->setToolTip(tr("Remove the waiver of this finding (undoable)"));

    auto* buttons = new QHBoxLayout;
    mSummary->setWordWrap(true); // wraps rather than hold the panel wide (beside the bill of materials)
    buttons->addWidget(mSummary, 1);
    buttons->addWidget(mWaive);
    buttons->addWidget(mUnwaive);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(buttons);
    layout->addWidget(mTable, 1);
    layout->addWidget(mExplanation);

    connect(mAnalysis, &DesignAnalysis::updated, this, &FindingsPanel::refresh);
    connect(mTable, &QTableWidget::cellClicked, this, [this](int row, int) { showRow(row); });
    connect(mTable, &QTableWidget::currentCellChanged, this, [this] { updateButtons(); });
    connect(mWaive, &QPushButton::clicked, this, [this] { waiveCurrent(); });
    connect(mUnwaive, &QPushButton::clicked, this, [this] { unwaiveCurrent(); });
    refresh();
}

QString FindingsPanel::defaultAuthor()
{
    QString user = qEnvironmentVariable("USER");
    if (user.isEmpty())
        user = qEnvironmentVariable("USERNAME");
    return user;
}

int FindingsPanel::rowCount() const
{
    return mTable->rowCount();
}

const Finding* FindingsPanel::findingAt(int row) const
{
    return row >= 0 && row < int(mShown.size()) ? &mShown[size_t(row)] : nullptr;
}

int FindingsPanel::currentRow() const
{
    return mTable->currentRow();
}

void FindingsPanel::refresh()
{
    // Keep the selected finding selected across a recompute (by code and entities).
    const Finding* before = findingAt(currentRow());
    const QString keepCode = before ? before->code : QString();
    const std::vector<EntityRef> keepEntities = before ? before->entities : std::vector<EntityRef>{};

    mShown = mAnalysis->findings();
    const QSignalBlocker block(mTable);
    mTable->setRowCount(int(mShown.size()));
    int keep = -1;
    for (int row = 0; row < int(mShown.size()); ++row) {
        const Finding& f = mShown[size_t(row)];
        auto* sev = new QTableWidgetItem(toString(f.severity));
        sev->setForeground(f.waived() ? QColor(Qt::gray) : severityColor(f.severity));
        QFont bold = sev->font();
        bold.setBold(!f.waived() && f.severity == Severity::Error);
        sev->setFont(bold);
        mTable->setItem(row, SeverityColumn, sev);
        auto* code = new QTableWidgetItem(f.code);
        if (const RuleInfo* rule = ruleInfo(f.code))
            code->setToolTip(QString::fromUtf8(rule->summary));
        mTable->setItem(row, CodeColumn, code);
        auto* msg = new QTableWidgetItem(f.message);
        msg->setToolTip(f.message + QStringLiteral("\n\n") + explanationWithFix(f));
        mTable->setItem(row, MessageColumn, msg);
        auto* status
            = new QTableWidgetItem(f.waived() ? QStringLiteral("waived: %1").arg(f.waiver->reason) : QString());
        if (f.waived())
            status->setToolTip(tr("Waived by %1 on %2: %3").arg(f.waiver->author, f.waiver->date, f.waiver->reason));
        mTable->setItem(row, StatusColumn, status);
        if (f.waived())
            for (int c = CodeColumn; c < ColumnCount; ++c)
                mTable->item(row, c)->setForeground(QColor(Qt::gray));
        if (keep < 0 && !keepCode.isEmpty() && f.code == keepCode && f.entities == keepEntities)
            keep = row;
    }
    if (keep >= 0)
        mTable->setCurrentCell(keep, mTable->currentColumn() < 0 ? 0 : mTable->currentColumn());
    else
        mTable->clearSelection();

    if (!mAnalysis->rulesAvailable()) {
        mSummary->setText(tr("Design rules unavailable: %1").arg(mAnalysis->rulesError()));
    } else {
        int errors = 0, warnings = 0, infos = 0, waived = 0;
        for (const Finding& f : mShown) {
            if (f.waived())
                ++waived;
            else
                (f.severity == Severity::Error ? errors : f.severity == Severity::Warning ? warnings : infos) += 1;
        }
        QString text = mShown.empty() ? tr("No findings: every design rule passes.")
                                      : QStringLiteral("%1 %2 · %3 %4 · %5 info · %6 waived")
                                            .arg(errors)
                                            .arg(plural(errors, "error", "errors"))
                                            .arg(warnings)
                                            .arg(plural(warnings, "warning", "warnings"))
                                            .arg(infos)
                                            .arg(waived);
        if (mAnalysis->fabricAnalysisSkipped())
            text += QStringLiteral(" (bisection and failure-case checks are skipped live above %1 nodes: run "
                                   "podwright-cli validate for them)")
                        .arg(DesignAnalysis::kFabricAnalysisMaxNodes);
        mSummary->setText(text);
    }
    updateButtons();
}

void FindingsPanel::updateButtons()
{
    const Finding* f = findingAt(currentRow());
    mWaive->setEnabled(f && !f->waived());
    mUnwaive->setEnabled(f && f->waived());
    mExplanation->setText(f ? explanationWithFix(*f) : QString());
    mExplanation->setVisible(f != nullptr);
}

void FindingsPanel::showRow(int row)
{
    const Finding* f = findingAt(row);
    if (!f)
        return;
    if (mTable->currentRow() != row)
        mTable->setCurrentCell(row, 0);
    const Design& d = mDocument->design();
    std::vector<NodeId> nodes;
    std::set<quint32> seen;
    auto addNode = [&](NodeId id) {
        if (d.node(id) && seen.insert(id.value()).second)
            nodes.push_back(id);
    };
    GroupId group;
    for (const EntityRef& ref : f->entities) {
        switch (ref.kind) {
        case EntityRef::Kind::Node:
            addNode(NodeId(ref.id));
            break;
        case EntityRef::Kind::Link:
            if (const Link* l = d.link(LinkId(ref.id))) {
                addNode(l->a.node);
                addNode(l->b.node);
            }
            break;
        case EntityRef::Kind::Group:
            if (!group.isValid() && d.group(GroupId(ref.id)))
                group = GroupId(ref.id);
            break;
        }
    }
    if (nodes.empty() && group.isValid()) {
        mScene->selectGroup(group);
    } else if (!nodes.empty()) {
        // A node inside a collapsed unit or pod has no visible item: open its groups first.
        for (NodeId id : nodes) {
            const Node* n = d.node(id);
            for (GroupId g = n->unit; g.isValid();) {
                if (mScene->isCollapsed(g))
                    mScene->setCollapsed(g, false);
                const Group* gr = d.group(g);
                g = gr ? gr->parent : GroupId();
            }
        }
        mScene->selectNodes(nodes);
    } else {
        return; // a design-wide finding: nothing to show
    }
    mView->fitSelection();
}

bool FindingsPanel::waiveCurrent()
{
    const Finding* f = findingAt(currentRow());
    if (!f || f->waived())
        return false;
    const Finding finding = *f;
    const std::optional<WaiveAnswer> answer = mWaivePrompt(finding);
    if (!answer || answer->reason.trimmed().isEmpty())
        return false;
    Waiver w;
    w.code = finding.code;
    w.entities = finding.entities;
    w.reason = answer->reason.trimmed();
    w.author = answer->author.trimmed();
    w.date = QDate::currentDate().toString(Qt::ISODate);
    const QJsonObject props = Waiver::addedTo(mDocument->design().properties(), w);
    const bool ok
        = mDocument->execute(std::make_unique<SetDesignPropertiesCommand>(tr("Waive %1").arg(w.code), props)).ok;
    if (ok)
        mAnalysis->recompute(); // the user expects the row to change at once
    return ok;
}

bool FindingsPanel::unwaiveCurrent()
{
    const Finding* f = findingAt(currentRow());
    if (!f || !f->waived())
        return false;
    // Remove the waiver that covers it (it may name more entities than the finding).
    const Waiver w = *f->waiver;
    const QJsonObject props = Waiver::removedFrom(mDocument->design().properties(), w.code, w.entities);
    const bool ok
        = mDocument->execute(std::make_unique<SetDesignPropertiesCommand>(tr("Unwaive %1").arg(w.code), props)).ok;
    if (ok)
        mAnalysis->recompute();
    return ok;
}

} // namespace pw::ui
