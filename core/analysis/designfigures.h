#pragma once

#include "cost/costassumptions.h"
#include "cost/costmodel.h"
#include "facility/powerchain.h"
#include "failures/failuredomains.h"
#include "model/designsummary.h"
#include "topology/fabricanalyzer.h"
#include "validate/designrules.h"
#include "validate/finding.h"

#include <QString>

#include <exception>
#include <optional>
#include <vector>

namespace pw {

class Design;

// What to compute for one revision of a design.
struct FiguresRequest {
    CostAssumptions assumptions; // usually CostAssumptions::ofProperties(design.properties())
    AnalysisOptions analysis; // the defaults are what `analyze`, FABRIC-BISECTION and the report use
    // Above this many nodes the fabric analysis (max-flow) is skipped and said so (0: never skip).
    int fabricAnalysisMaxNodes = 0;
    // The failure domains too (what one switch, plane, feed, loop, rack or row takes down): the
    // report's section and the studio's failures panel ask for them; skipped with the fabric.
    bool failureDomains = false;

    [[nodiscard]] static FiguresRequest forDesign(const Design& design);
};

// Every figure of one design revision, computed once: the summary, the cost report (bill of
// materials, capital cost by area, IT/rack/facility power), one fabric analysis with its stated
// options, and the design-rule findings judged on those same figures. The studio (DesignAnalysis,
// on a worker thread), `validate` and the report all read it, so they cannot disagree.
// A failing engine is kept as text (the studio shows it); the other figures are still computed.
struct DesignFigures {
    DesignSummary summary;
    std::optional<CostReport> cost;
    // The power and cooling chain on the cost report's PowerFigures (rows, feeds, heat, CDUs).
    std::optional<PowerChain> power;
    QString costError;
    std::exception_ptr costFailure; // what was thrown, for callers that rethrow (the CLI, the report)
    std::optional<FabricReport> fabric;
    QString fabricError;
    std::exception_ptr fabricFailure;
    bool fabricSkipped = false; // too many nodes for the request's limit
    std::optional<FailureDomains> failures; // when the request asked for them
    QString failuresError;
    std::exception_ptr failuresFailure;
    std::vector<Finding> findings;
    FindingCounts findingCounts;
    QString rulesError;
    std::exception_ptr rulesFailure;

    [[nodiscard]] static DesignFigures of(const Design& design, const FiguresRequest& request);
    // The compute fabric's bisection ratio (worst balanced cut, exact max-flow), when analysed and
    // the design has GPU servers on a compute fabric.
    [[nodiscard]] std::optional<double> bisectionRatio() const;
    // Separate compute planes (e.g. twin-planar): how many, and the bisection ratio with one lost;
    // empty for one fabric.
    struct Planes {
        int count = 0;
        std::optional<double> onePlaneLostRatio;
    };
    [[nodiscard]] std::optional<Planes> planes() const;
};

} // namespace pw
