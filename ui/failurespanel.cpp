#include "failurespanel.h"

#include "canvasscene.h"
#include "canvasview.h"
#include "designanalysis.h"
#include "designdocument.h"
#include "floorview.h"

#include "model/design.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <set>
#include <unordered_set>

namespace pw::ui {

namespace {

QString kindText(const FailureScenario& s)
{
    switch (s.kind) {
    case FailureKind::Switch:
        switch (s.network) {
        case Network::Storage:
            return QObject::tr("Storage switch");
        case Network::InBand:
            return QObject::tr("In-band switch");
        case Network::OutOfBand:
            return QObject::tr("Out-of-band switch");
        case Network::None:
        case Network::Compute:
            break;
        }
        return QObject::tr("Switch");
    case FailureKind::Plane:
        return QObject::tr("Plane");
    case FailureKind::Pdu:
        return QObject::tr("Power feed");
    case FailureKind::CduLoop:
        return QObject::tr("Coolant loop");
    case FailureKind::Rack:
        return QObject::tr("Rack");
    case FailureKind::Row:
        return QObject::tr("Row");
    case FailureKind::Sidecar:
        return QObject::tr("Sidecar power rack");
    }
    return {};
}

QTableWidgetItem* cell(const QString& text, bool number = false)
{
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    if (number)
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

} // namespace

FailuresPanel::FailuresPanel(DesignDocument* document, DesignAnalysis* analysis, CanvasScene* scene, CanvasView* view,
    FloorView* floor, QWidget* parent)
    : QWidget(parent),
      mDocument(document),
      mAnalysis(analysis),
      mScene(scene),
      mView(view),
      mFloor(floor),
      mTable(new QTableWidget(this)),
      mSummary(new QLabel(this)),
      mExplanation(new QLabel(this)),
      mProgress(new QProgressBar(this)),
      mCancel(new QPushButton(tr("Cancel"), this)),
      mCompute(new QPushButton(tr("Compute the failure domains"), this))
{
    mProgress->setObjectName(QStringLiteral("failuresProgress"));
    mCancel->setObjectName(QStringLiteral("failuresCancel"));
    mCompute->setObjectName(QStringLiteral("failuresCompute"));
    setObjectName(QStringLiteral("failuresPanel"));
    mSummary->setWordWrap(true);
    mExplanation->setWordWrap(true);
    mExplanation->setTextInteractionFlags(Qt::TextSelectableByMouse);
    mTable->setObjectName(QStringLiteral("failuresTable"));
    mTable->setColumnCount(ColumnCount);
    mTable->setHorizontalHeaderLabels({tr("Failure"), tr("What fails"), tr("Alike"), tr("GPUs lost"), tr("Degraded"),
        tr("Blocks"), tr("Bisection"), tr("kW left")});
    mTable->horizontalHeaderItem(EquivalentColumn)
        ->setToolTip(
            tr("Failures alike (same switches by tier, model and links, same GPUs and kW) this row stands for"));
    mTable->horizontalHeaderItem(DegradedColumn)
        ->setToolTip(tr("Servers still up with some links of the failed network gone"));
    mTable->horizontalHeaderItem(BlocksColumn)->setToolTip(tr("Scheduler blocks with a host lost or degraded"));
    mTable->horizontalHeaderItem(BisectionColumn)
        ->setToolTip(tr("Bisection of the GPUs left (1.0 = full), exact max-flow across the worst split found"));
    mTable->verticalHeader()->hide();
    mTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    mTable->setSelectionMode(QAbstractItemView::SingleSelection);
    mTable->horizontalHeader()->setSectionResizeMode(EntityColumn, QHeaderView::Stretch);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(mSummary);
    auto* job = new QHBoxLayout;
    job->addWidget(mProgress, 1);
    job->addWidget(mCancel);
    job->addWidget(mCompute);
    layout->addLayout(job);
    layout->addWidget(mTable, 1);
    layout->addWidget(mExplanation);
    connect(mTable, &QTableWidget::cellClicked, this, [this](int row, int) { showRow(row); });
    connect(mTable, &QTableWidget::currentCellChanged, this, [this](int row, int, int previous, int) {
        if (row != previous)
            showRow(row);
    });
    connect(mAnalysis, &DesignAnalysis::updated, this, &FailuresPanel::refresh);
    connect(mAnalysis, &DesignAnalysis::failuresUpdated, this, &FailuresPanel::refresh);
    connect(mAnalysis, &DesignAnalysis::failuresProgress, this, [this](int done, int total) {
        mProgress->setRange(0, total); // 0 of 0 until the first step: busy
        mProgress->setValue(done);
    });
    connect(mCancel, &QPushButton::clicked, mAnalysis, &DesignAnalysis::cancelFailureDomains);
    connect(mCompute, &QPushButton::clicked, mAnalysis, &DesignAnalysis::computeFailureDomains);
    refresh();
}

void FailuresPanel::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    mAnalysis->setFailureDomainsWanted(true);
}

int FailuresPanel::rowCount() const
{
    return static_cast<int>(mShown.size());
}

const FailureScenario* FailuresPanel::scenarioAt(int row) const
{
    return row >= 0 && row < rowCount() ? &mShown[static_cast<size_t>(row)] : nullptr;
}

QString FailuresPanel::summaryText() const
{
    return mSummary->text();
}

QString FailuresPanel::explanationText() const
{
    return mExplanation->text();
}

void FailuresPanel::refresh()
{
    // A new revision: the blast radius shown belongs to the old one.
    if (mFloor)
        mFloor->setBlastRadius({}, {});
    mShown.clear();
    mNotes.clear();
    mTable->setRowCount(0);
    const std::optional<FailureDomains>& f = mAnalysis->failures();
    const bool running = mAnalysis->failureDomainsRunning();
    mProgress->setVisible(running);
    mCancel->setVisible(running);
    mCompute->setVisible(!f && mAnalysis->failureDomainsCanceled());
    if (running) {
        mProgress->setRange(0, mAnalysis->failureDomainsTotal());
        mProgress->setValue(mAnalysis->failureDomainsDone());
    }
    if (!f) {
        mSummary->setText(!mAnalysis->failuresError().isEmpty()
                ? tr("The failure domains could not be computed: %1").arg(mAnalysis->failuresError())
                : mAnalysis->failureDomainsCanceled() ? tr("The failure domains were canceled.")
                : running ? tr("Computing the failure domains of this large design in the background; the studio "
                               "stays usable meanwhile…")
                          : tr("Computing the failure domains…"));
        mExplanation->clear();
        return;
    }
    mShown = f->scenarios;
    mNotes = f->notes;
    mSummary->setText(tr("%1 GPUs, bisection %2, %3 scheduler blocks (%4). Click a failure to see its blast radius "
                         "on the canvas and the floor.")
                          .arg(f->gpus)
                          .arg(f->intactBisectionRatio, 0, 'f', 3)
                          .arg(f->blocks)
                          .arg(f->blockKind));
    mTable->setRowCount(rowCount());
    for (int r = 0; r < rowCount(); ++r) {
        const FailureScenario& s = mShown[static_cast<size_t>(r)];
        mTable->setItem(r, KindColumn, cell(kindText(s)));
        auto* entity = cell(s.entity);
        entity->setToolTip(s.detail);
        mTable->setItem(r, EntityColumn, entity);
        mTable->setItem(r, EquivalentColumn, cell(QString::number(s.equivalent), true));
        auto* gpus = cell(QString::number(s.gpusLost), true);
        if (s.gpusLost > 0)
            gpus->setForeground(QColor(0xc6, 0x28, 0x28));
        mTable->setItem(r, GpusLostColumn, gpus);
        mTable->setItem(r, DegradedColumn, cell(QString::number(s.degradedServers.size()), true));
        mTable->setItem(r, BlocksColumn, cell(QString::number(s.blocksAffected.size()), true));
        mTable->setItem(r, BisectionColumn,
            cell(s.bisectionRatio ? QString::number(*s.bisectionRatio, 'f', 3) : QStringLiteral("-"), true));
        mTable->setItem(r, PowerLeftColumn, cell(QString::number(s.powerLeftKw, 'f', 1), true));
    }
    mTable->resizeColumnsToContents();
    mExplanation->setText(mNotes.join(QLatin1Char('\n')));
}

void FailuresPanel::showRow(int row)
{
    const FailureScenario* s = scenarioAt(row);
    if (!s)
        return;
    if (mTable->currentRow() != row)
        mTable->setCurrentCell(row, 0);
    const Design& d = mDocument->design();

    // The blast radius on the floor: racks down, and racks with devices failed, cut off or degraded.
    std::unordered_set<quint32> down;
    for (GroupId r : s->failedRacks)
        down.insert(r.value());
    std::unordered_set<quint32> affected;
    for (GroupId r : s->degradedRacks)
        affected.insert(r.value());
    std::vector<NodeId> nodes;
    std::set<quint32> seen;
    for (const std::vector<NodeId>* list : {&s->failedNodes, &s->cutOffServers, &s->degradedServers})
        for (NodeId id : *list) {
            const Node* n = d.node(id);
            if (!n || !seen.insert(id.value()).second)
                continue;
            nodes.push_back(id);
            if (n->rack.isValid() && !down.contains(n->rack.value()))
                affected.insert(n->rack.value());
        }
    if (mFloor)
        mFloor->setBlastRadius(std::move(down), std::move(affected));

    // On the canvas: open the collapsed groups the nodes sit in, then select them.
    for (NodeId id : nodes)
        for (GroupId g = d.node(id)->unit; g.isValid();) {
            if (mScene->isCollapsed(g))
                mScene->setCollapsed(g, false);
            const Group* gr = d.group(g);
            g = gr ? gr->parent : GroupId();
        }
    mScene->selectNodes(nodes);
    if (!nodes.empty())
        mView->fitSelection();

    QStringList lines;
    lines << QStringLiteral("%1 %2: %3").arg(kindText(*s), s->entity, s->detail);
    if (!s->effect.isEmpty())
        lines << s->effect;
    if (s->equivalent > 1)
        lines << tr("Stands for %1 failures alike; the figures are this one's.").arg(s->equivalent);
    lines << tr("GPUs lost: %1 (%2 servers down or cut off); %3 servers degraded, %4 Gb/s of their links lost.")
                 .arg(s->gpusLost)
                 .arg(s->serversLost)
                 .arg(s->degradedServers.size())
                 .arg(s->injectionLostGbps, 0, 'f', 0);
    if (!s->blocksAffected.isEmpty())
        lines << tr("Scheduler blocks affected: %1").arg(s->blocksAffected.join(QStringLiteral(", ")));
    lines << tr("Power left: %1 kW IT (liquid %2 kW, air %3 kW); CDU capacity left %4 kW.")
                 .arg(s->powerLeftKw, 0, 'f', 1)
                 .arg(s->liquidLeftKw, 0, 'f', 1)
                 .arg(s->airLeftKw, 0, 'f', 1)
                 .arg(s->liquidCapacityLeftKw, 0, 'f', 0);
    mExplanation->setText(lines.join(QLatin1Char('\n')));
}

} // namespace pw::ui
