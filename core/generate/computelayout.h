#pragma once

#include "util/strongid.h"

#include <QString>

#include <vector>

namespace pw {

// What a compute-fabric generator built, grouped the way racks and the other networks need it:
// rows are scalable units (rail-optimized), pods (fat-tree) or blocks of leaves (leaf-spine).
struct ComputeLayout {
    std::vector<std::vector<NodeId>> serverRows;
    std::vector<std::vector<NodeId>> leafRows;
    std::vector<std::vector<NodeId>> spineRows; // per pod, or one row for two tiers
    std::vector<NodeId> cores;
    std::vector<NodeId> servers; // every GPU server, in order
    std::vector<NodeId> appliances; // UFM appliances placed in the compute fabric
    int leafUplinks = 0; // uplinks per leaf as built (rail-optimized, leaf-spine), 0 when not known
    QString leafRatio; // the leaves' bandwidth ratio as built ("2:1"), empty when not known
    int displacedServers = 0; // servers that gave their slot to the subnet manager (rail-optimized)
    std::vector<GroupId> units; // scalable units (or pods for a fat-tree)
    int tiers = 0;
    double width = 0; // canvas extent of the compute fabric
    double serverY = 0; // canvas row of the servers; other networks go below
};

} // namespace pw
