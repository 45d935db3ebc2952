#pragma once

#include "model/link.h"
#include "util/strongid.h"

#include <optional>
#include <vector>

namespace pw {

class Design;
class FloorLayout;

// The length of a cable run from where its two ends stand on the floor (HallParameters states the
// model, and the design's assumptions repeat it):
// - in one rack: the dressing allowance plus the U-to-U distance (44.45 mm per U);
// - between racks: up the first rack from the port's U to the overhead tray (rack top plus the tray
//   height), along the tray from rack centre to rack centre at right angles (rows run along x,
//   aisles along y), down the second rack, plus the slack at each end.
// Cables are ordered in half-metre steps, so a length is rounded up to the next half metre. A
// node without a U (a 0U PDU) is taken at mid-rack.
class CableRouting {
public:
    struct Route {
        bool sameRack = false;
        bool neighbours = false; // two racks next to each other in one row
        double riseA = 0; // port to tray (between racks) or the U-to-U distance (one rack)
        double run = 0; // along the tray
        double riseB = 0;
        double slack = 0; // both ends' slack, or the in-rack dressing
        [[nodiscard]] double exactM() const { return riseA + run + riseB + slack; }
        [[nodiscard]] double lengthM() const; // exactM rounded up to half a metre
    };
    // Nothing when either node is not in a rack on the floor.
    [[nodiscard]] static std::optional<Route> route(const FloorLayout& floor, const Design& design, NodeId a, NodeId b);
    [[nodiscard]] static std::optional<double> lengthM(
        const FloorLayout& floor, const Design& design, NodeId a, NodeId b);
    // Every link of the design whose stored length differs from its routed length, with the routed
    // length (links whose ends are not on the floor keep theirs).
    [[nodiscard]] static std::vector<Link> relengthed(const Design& design, const FloorLayout& floor);
};

} // namespace pw
