#pragma once

#include "catalog/catalogtables.h"
#include "model/designintent.h"
#include "util/band.h"

#include <QString>

#include <optional>
#include <vector>

namespace pw {

class Design;

// What a design looks like to the tier table: GPUs, compute fabric, storage, capital cost.
struct TierInputs {
    int gpus = 0;
    int computeLinkGbps = 0; // slowest link speed on GPU servers' compute ports (0: none)
    bool infiniBand = false; // any compute-network switch is InfiniBand
    bool parallelFs = false; // any storage system is a parallel file system
    bool anyStorage = false;
    Band capex; // the all-in cost band (CostModel::allInBand); the design is placed by it, not the point
    ClusterType clusterType = ClusterType::Unspecified;

    [[nodiscard]] static TierInputs of(const Design& design, const Band& capex);
};

// The tier table (catalogs/tables/tiers.json, CatalogTables::shipped()) and the rule that places a
// design in it. Inference clusters (by intent) use the inference row and development clusters the
// development row at any size; every other design the first training row whose upper bound
// (max_gpus) holds its GPU count: up to 32 development, 256 mid-scale, 4,096 large-scale, above
// that hyperscale. The table leaves gaps (33-63, 257-511); a design in a gap belongs to the next
// row up and gets a TIER-GPUS finding (validate/tierrules.h judges a design against its row).
class TierTable {
public:
    [[nodiscard]] static const std::vector<Tier>& rows();
    [[nodiscard]] static const Tier& row(const QString& id);
    [[nodiscard]] static const Tier& classify(int gpus, ClusterType type);
    // The band overlaps the tier's typical cost range (hardware-specs.md section 10: "place the
    // design in a tier by the band, not by the point").
    [[nodiscard]] static bool withinTypicalCost(const Tier& tier, const Band& capex);
};

} // namespace pw
