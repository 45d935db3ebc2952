#include "failures/placementcheck.h"
#include "util/plural.h"
#include "validate/rulehelpers.h"

namespace pw::rules {

// PLACEMENT-FAILURE-DOMAIN: a rack that concentrates a failure domain of the compute fabric
// (PlacementCheck, one pass over nodes and links), one finding per rack, naming the rack and what
// its loss takes: the servers outside it cut off, the share of a spine tier's uplinks left.
void placementRules(const Design& d, std::vector<Finding>& out)
{
    for (const PlacementConcentration& c : PlacementCheck::of(d)) {
        std::vector<EntityRef> entities{EntityRef::of(c.rack)};
        for (NodeId n : c.switches)
            entities.push_back(EntityRef::of(n));
        for (size_t i = 0; i < c.cutOffServers.size() && i < 20; ++i)
            entities.push_back(EntityRef::of(c.cutOffServers[i]));
        QString explanation = QStringLiteral(
            "In a design whose compute switches stand in two or more racks, no rack should hold every compute link "
            "of a server outside it, more than half of a spine or core group, or every leaf of a scalable unit. ");
        if (!c.cutOffServers.empty())
            explanation += QStringLiteral("Losing rack %1 cuts off %2 in other racks (%3 GPUs): %4. ")
                               .arg(c.rackName)
                               .arg(counted(static_cast<long long>(c.cutOffServers.size()), "server", "servers"))
                               .arg(c.gpusCutOff)
                               .arg(nameList(d, c.cutOffServers));
        if (c.tierShareLeft < 1)
            explanation += QStringLiteral(
                "It holds %1; losing k of n spines (or cores) leaves (n - k) / n = %2 of their uplink bandwidth, "
                "under the half the placement keeps. ")
                               .arg(c.reasons.join(QStringLiteral("; ")), fmt(c.tierShareLeft, 2));
        explanation += QStringLiteral("`failures` gives the exact figures of every rack's loss.");
        out.push_back(make("PLACEMENT-FAILURE-DOMAIN", c.message(), std::move(entities), explanation));
    }
}

} // namespace pw::rules
