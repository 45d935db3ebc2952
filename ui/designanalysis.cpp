#include "designanalysis.h"

#include "designdocument.h"

#include "model/design.h"
#include "topology/fabricanalyzer.h"
#include "util/errors.h"
#include "validate/designrules.h"

#include <QTimer>

#include <unordered_map>

namespace pw::ui {

namespace {
QString describe(const std::exception& e)
{
    if (const auto* pe = dynamic_cast<const Error*>(&e))
        return pe->message();
    return QString::fromUtf8(e.what());
}
} // namespace

DesignAnalysis::DesignAnalysis(DesignDocument* document, QObject* parent)
    : QObject(parent), mDocument(document), mDebounce(new QTimer(this))
{
    mDebounce->setSingleShot(true);
    connect(mDebounce, &QTimer::timeout, this, &DesignAnalysis::recompute);
    connect(document, &DesignDocument::changed, this, [this] {
        // Big designs take a noticeable fraction of a second to cost and check: wait for a pause.
        mDebounce->start(mDocument->design().nodes().size() > 5000 ? 1500 : 250);
    });
    recompute();
}

bool DesignAnalysis::isPending() const
{
    return mDebounce->isActive();
}

void DesignAnalysis::recompute()
{
    mDebounce->stop();
    const Design& d = mDocument->design();
    mSummary = DesignSummary::of(d);
    mRacks.clear();
    std::unordered_map<quint32, size_t> rackIndex;
    d.groups().forEach([&](const Group& g) {
        if (g.kind != GroupKind::Rack)
            return;
        rackIndex[g.id.value()] = mRacks.size();
        mRacks.push_back({g.id, g.name, 0.0, g.powerBudgetKw, 0});
    });
    double watts = 0;
    d.nodes().forEach([&](const Node& n) {
        const CatalogItem* item = d.item(n.sku);
        const double w = item ? item->maxPower().value() : 0.0;
        watts += w;
        if (auto it = rackIndex.find(n.rack.value()); n.rack.isValid() && it != rackIndex.end()) {
            mRacks[it->second].powerKw += w / 1000.0;
            mRacks[it->second].nodes += 1;
        }
    });
    mMaxPowerKw = watts / 1000.0;

    mCost.reset();
    mCostError.clear();
    try {
        mCost = CostModel::compute(d, CostAssumptions::ofProperties(d.properties()));
    } catch (const std::exception& e) {
        mCostError = describe(e);
    }
    mBisectionRatio.reset();
    try {
        // Fewer random cuts than a full analysis: the status bar wants the number while editing;
        // the structural splits (pod, unit, rack), which find the worst cut in Clos fabrics, all run.
        AnalysisOptions fast;
        fast.randomSplits = 1;
        fast.improvementSteps = 1;
        fast.degraded = false;
        const FabricReport fabric = analyzeFabric(d, fast);
        if (fabric.bisectionComputed && fabric.gpus > 0)
            mBisectionRatio = fabric.bisectionRatio;
    } catch (const std::exception&) {
        // The findings below report engine failures; the status bar just shows no ratio.
    }
    mFindings.clear();
    mRulesError.clear();
    try {
        ValidationOptions options;
        options.fabricAnalysis = int(d.nodes().size()) <= kFabricAnalysisMaxNodes;
        mFabricSkipped = !options.fabricAnalysis;
        mFindings = validate(d, options);
    } catch (const std::exception& e) {
        mRulesError = describe(e);
    }
    Q_EMIT updated();
}

} // namespace pw::ui
