#include "designanalysis.h"

#include "designdocument.h"

#include "model/design.h"
#include "topology/fabricanalyzer.h"
#include "util/errors.h"
#include "validate/designrules.h"

#include <QTimer>

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
    mCost.reset();
    mCostError.clear();
    mRacks.clear();
    mMaxPowerKw = 0;
    try {
        mCost = CostModel::compute(d, CostAssumptions::ofProperties(d.properties()));
        // Power as the cost, the rules, the CLI and the report define it (PowerFigures).
        mMaxPowerKw = mCost->power.itMaxKw;
        for (const RackPower& r : mCost->power.racks)
            mRacks.push_back({r.id, r.name, r.maxKw, r.budgetKw, r.nodes});
    } catch (const std::exception& e) {
        mCostError = describe(e);
    }
    // One fabric analysis per revision, with the default options that `analyze`, the report and
    // FABRIC-BISECTION use: the status bar shows the ratio the rule judges.
    mBisectionRatio.reset();
    mFindings.clear();
    mRulesError.clear();
    mFabricSkipped = int(d.nodes().size()) > kFabricAnalysisMaxNodes;
    std::optional<FabricReport> fabric;
    if (!mFabricSkipped) {
        try {
            fabric = analyzeFabric(d, AnalysisOptions());
            if (fabric->bisectionComputed && fabric->gpus > 0)
                mBisectionRatio = fabric->bisectionRatio;
        } catch (const std::exception&) {
            // The rules below run the analysis again and report the failure as a finding.
        }
    }
    try {
        ValidationOptions options;
        options.fabricAnalysis = !mFabricSkipped;
        options.fabric = fabric ? &*fabric : nullptr;
        if (mCost) {
            options.capex = mCost->allInBand;
            options.power = &mCost->power;
        }
        mFindings = validate(d, options);
    } catch (const std::exception& e) {
        mRulesError = describe(e);
    }
    Q_EMIT updated();
}

} // namespace pw::ui
