#include "analysis/designfigures.h"

#include "cost/opticsplan.h"
#include "model/design.h"
#include "util/errors.h"

namespace pw {

namespace {

QString describe(const std::exception& e)
{
    if (const auto* pe = dynamic_cast<const Error*>(&e))
        return pe->message();
    return QString::fromUtf8(e.what());
}

} // namespace

FiguresRequest FiguresRequest::forDesign(const Design& design)
{
    FiguresRequest r;
    r.assumptions = CostAssumptions::ofProperties(design.properties());
    return r;
}

DesignFigures DesignFigures::of(const Design& design, const FiguresRequest& request)
{
    DesignFigures f;
    f.summary = DesignSummary::of(design);
    // The optics plan walks every link: made once here for both the cost and the fabric's inventory.
    // Should it fail, each computation below makes its own and reports the failure as its own.
    std::optional<OpticsPlan> optics;
    try {
        optics = OpticsPlan::of(design);
    } catch (const std::exception&) {
    }
    try {
        f.cost = optics ? CostModel::compute(design, request.assumptions, *optics)
                        : CostModel::compute(design, request.assumptions);
        f.power = PowerChain::of(design, f.cost->power, FacilityAssumptions::of(design));
    } catch (const std::exception& e) {
        f.costError = describe(e);
        f.costFailure = std::current_exception();
    }
    f.fabricSkipped = request.fabricAnalysisMaxNodes > 0
        && design.nodes().size() > static_cast<size_t>(request.fabricAnalysisMaxNodes);
    if (!f.fabricSkipped) {
        try {
            f.fabric
                = optics ? analyzeFabric(design, request.analysis, *optics) : analyzeFabric(design, request.analysis);
        } catch (const std::exception& e) {
            f.fabricError = describe(e); // the rules run it again and report the failure as a finding
            f.fabricFailure = std::current_exception();
        }
    }
    if (request.failureDomains && !f.fabricSkipped) {
        try {
            f.failures = FailureDomains::of(design, request.analysis);
        } catch (const std::exception& e) {
            f.failuresError = describe(e);
            f.failuresFailure = std::current_exception();
        }
    }
    try {
        ValidationOptions options;
        options.assumptions = request.assumptions;
        options.fabricAnalysis = !f.fabricSkipped;
        options.fabric = f.fabric ? &*f.fabric : nullptr;
        if (f.cost) {
            options.capex = f.cost->allInBand; // the tier rules place a design by its all-in band
            options.power = &f.cost->power;
        }
        f.findings = validate(design, options);
        f.findingCounts = FindingCounts::of(f.findings);
    } catch (const std::exception& e) {
        f.rulesError = describe(e);
        f.rulesFailure = std::current_exception();
    }
    return f;
}

std::optional<DesignFigures::Planes> DesignFigures::planes() const
{
    if (fabric && fabric->separatePlanes)
        return Planes{fabric->planes, fabric->onePlaneLostRatio};
    return std::nullopt;
}

std::optional<double> DesignFigures::bisectionRatio() const
{
    if (fabric && fabric->bisectionComputed && fabric->gpus > 0)
        return fabric->bisectionRatio;
    return std::nullopt;
}

} // namespace pw
