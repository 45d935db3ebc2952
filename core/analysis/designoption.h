#pragma once

#include "generate/generatoroptions.h"
#include "util/band.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace pw {

struct DesignFigures;

// One way to build a cluster, as an architect weighs it against the others (issue 26 section 3):
// the generator's arguments that build it and the figures of record of what they build (the cost
// model's capital cost band and IT power, the fabric analysis's bisection, the failure domains'
// worst single switch or rack loss, the summary's racks and switches). A plain value: DesignOptions
// fills it from DesignFigures::of, and a design's "options_considered" property keeps a list of them
// (OptionsConsidered), so every figure here is one the `cost`, `analyze` and `failures` commands
// print for the design these arguments generate.
struct DesignOption {
    QString name; // "rail-optimized 1:1 · qm9700 · SU 32"
    GeneratorOptions arguments; // the dials, explicit: topology, oversubscription, SU size, planes

    Band capex; // CostReport::capexBand
    double itKw = 0; // PowerFigures::itMaxKw
    int racks = 0; // DesignSummary
    int switches = 0; // every switch of the design (all networks)
    int leaves = 0; // compute fabric by tier (FabricReport), for the tier picture
    int spines = 0;
    int cores = 0;
    int planes = 1; // compute planes as the generator built them (its planes dial, resolved)
    std::optional<double> bisectionRatio; // FabricReport, when analysed
    QString leafOversubscription; // as built: "1:1", "2:1" (FabricReport), empty without uplinks

    // The single switch or rack loss that cuts off the most GPUs, then leaves the least bisection
    // (FailureDomains scenarios of kind switch and rack); empty when not computed.
    struct WorstFailure {
        QString kind; // "switch" or "rack"
        QString entity; // the representative's name
        QString detail;
        int gpusCutOff = 0; // FailureScenario::gpusLost
        std::optional<double> bisectionLeft;
    };
    std::optional<WorstFailure> worstSingleFailure;

    int errors = 0; // design-rule errors of the generated design (0: it passes validation)
    bool pareto = true; // on the Pareto front of the options weighed; false: added to show three

    // The figures of one generated design. `figures` must be DesignFigures::of that design (with
    // failure domains when worstSingleFailure is wanted).
    [[nodiscard]] static DesignOption of(const GeneratorOptions& arguments, const DesignFigures& figures);

    // `base` with this option's dials set (server, size, switch, topology, oversubscription, SU size,
    // planes): what picking the option does; the rest (storage, management, power) stays as asked.
    [[nodiscard]] GeneratorOptions appliedTo(GeneratorOptions base) const;
    // Whether `dials` still ask for this option: every dial appliedTo sets is unchanged.
    [[nodiscard]] bool isAskedBy(const GeneratorOptions& dials) const;

    // Whether its oversubscription dial is no worse than `asked` (1:1 meets 2:1).
    [[nodiscard]] bool meets(const Oversubscription& asked) const;
    // Every other figure at least as good and one better: cheaper (capex mid), more bisection,
    // fewer GPUs cut off by the worst single failure, more bisection left by it, less IT power.
    [[nodiscard]] bool dominates(const DesignOption& other) const;

    // The `options --json` object (docs/user-guide.md, "Weigh the options"); fromJson reads it back (the design's
    // "options_considered" property), empty for an object that is not one.
    [[nodiscard]] QJsonObject toJson() const;
    [[nodiscard]] static std::optional<DesignOption> fromJson(const QJsonObject& json);
    // The option's name from its arguments; `defaultSu` is the server's own scalable unit (shown
    // only when the option's differs).
    [[nodiscard]] static QString nameOf(const GeneratorOptions& arguments, int builtPlanes, int defaultSu);
};

} // namespace pw
