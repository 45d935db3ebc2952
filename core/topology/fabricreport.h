#pragma once

#include "topology/analysisoptions.h"

#include <QJsonObject>
#include <QString>

#include <map>
#include <optional>
#include <vector>

namespace pw {

// Uplink against downlink capacity of the switches of one tier (computed from port capacities).
struct TierOversubscription {
    int switches = 0;
    double downGbps = 0; // to hosts or the tier below, summed over the tier
    double upGbps = 0; // to the tier above, summed over the tier
    double worst = 0; // the largest down/up of one switch of the tier: 2.0 means 2:1
    [[nodiscard]] QString text() const; // "2:1", "1:1", "4:3"
};

// What analyzeFabric() found in the compute fabric of a design, and the counts of the whole design
// a user asks about next to it (cables, optics, racks, power). A plain value: stable field names,
// toJson() gives the CLI's `analyze --json` object.
struct FabricReport {
    // Endpoints.
    int gpus = 0;
    int servers = 0; // servers with GPUs on the compute fabric
    double injectionGbps = 0; // sum of the servers' compute link capacity

    // Compute fabric structure.
    int tiers = 0; // 1 = one switch layer, 2 = leaf-spine, 3 = with a core tier
    int leafSwitches = 0;
    int spineSwitches = 0;
    int coreSwitches = 0;
    int nodeLeafLinks = 0; // GPU servers to leaves
    int otherLeafLinks = 0; // other hosts (e.g. UFM appliances) to leaves
    int leafSpineLinks = 0;
    int spineCoreLinks = 0;
    std::map<QString, int> switchesByModel; // every switch of the design, all networks

    // Whole design inventory.
    int cables = 0; // cables bought, as the bill of materials counts them (BillOfMaterials::cablesOf)
    std::map<QString, int> cablesByType;
    int linksWithoutCable = 0; // links whose cable is not in the design's snapshot, or none
    int transceivers = 0;
    std::map<QString, int> transceiversByModel; // twin-port cages: one module per cage
    int racks = 0;
    double powerMaxKw = 0;
    double powerTypicalKw = 0;

    // Bisection: the worst balanced split of the GPU servers found by exact max-flow.
    bool bisectionComputed = false;
    double bisectionGbps = 0; // max-flow across the worst split, one direction
    double bisectionRatio = 0; // that flow over the smaller side's injection bandwidth (1.0 = full)
    QString bisectionMethod; // how the splits were chosen
    QString worstSplit; // which split gave the worst figure
    int cutsExamined = 0;

    std::map<QString, TierOversubscription> oversubscription; // "leaf", "spine" (tiers with uplinks)

    std::optional<double> oneSpineLostRatio;
    std::optional<double> oneLeafLostRatio;
    // One plane lost (a rail-optimized fabric whose rails join only at the spine or above: each
    // rail is a plane); empty when the fabric has no planes, and the note says why.
    int planes = 0;
    std::optional<double> onePlaneLostRatio;
    QString onePlaneLostNote;
    // Separate planes (fabrics that share no switch, e.g. twin-planar): each plane's bisection
    // alone, across the same worst split as the whole fabric's (empty otherwise).
    bool separatePlanes = false;
    std::vector<double> planeBisectionGbps;
    std::vector<int> planeSwitches;

    int diameterHops = 0; // most switches on a shortest path between two GPU servers

    // Path diversity between the first and the last scalable unit (or pod).
    QString pathDiversityBetween;
    double pathDiversityShortestPaths = 0; // shortest server-to-server paths (parallel links count)
    double pathDiversityGbps = 0; // max-flow between the two units

    double analysisSeconds = 0;

    [[nodiscard]] QJsonObject toJson() const;
};

} // namespace pw
