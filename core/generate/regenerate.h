#pragma once

#include "generate/generateresult.h"
#include "generate/generatoroptions.h"
#include "model/designintent.h"

#include <optional>

namespace pw {

class Catalog;
class Design;

// The dials of a generated design that can be turned on the design itself (issue 14: "edit, don't
// regenerate"): server count, leaf oversubscription, storage tier, cluster type, and whether an
// extra scalable unit keeps every server when the UFM needs a leaf port.
struct DesignDials {
    int nodes = 0;
    Oversubscription oversubscription;
    StorageTier storageTier = StorageTier::Good;
    ClusterType clusterType = ClusterType::Unspecified;
    bool keepEveryNode = false;
    bool hasStorage = false; // the tier means something only with a storage fabric

    bool operator==(const DesignDials&) const = default;
};

// Rebuilds a generated design with changed dials. The generator records its dials in the design
// (the "generator" property, fabricgenerator.cpp); the other dials (server, switch, topology,
// scalable-unit size, rack power, storage system) are kept. The result keeps the design's name
// (unless it is the generator's descriptive default, which follows the new counts) and its other
// properties (intent, stack, cost assumptions, waivers); the cluster type sets the intent's type
// and, when the stack was the old type's default, the new type's default stack.
class Regenerate {
public:
    // The generator options the design was made with, or nullopt when it was not generated (or
    // the record is incomplete).
    [[nodiscard]] static std::optional<GeneratorOptions> optionsOf(const Design& design);
    [[nodiscard]] static std::optional<DesignDials> dialsOf(const Design& design);
    // The design rebuilt with `dials`; an error for a design that was not generated or dials the
    // generator refuses. Notes are the generator's (also stored in the design).
    [[nodiscard]] static GenerateResult withDials(
        const Design& design, const DesignDials& dials, const Catalog& catalog);
    // What changes, for an undo step's text: "oversubscription 1:1 → 2:1, 64 → 128 servers".
    [[nodiscard]] static QString describeChange(const DesignDials& before, const DesignDials& after);
    // The generator's notes stored in the design (empty for a design that was not generated).
    [[nodiscard]] static QStringList notesOf(const Design& design);
};

} // namespace pw
