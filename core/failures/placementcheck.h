#pragma once

#include "util/strongid.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace pw {

class Design;

// A rack, or a row of the floor plan, that concentrates a failure domain of the compute fabric, and
// its blast radius.
struct PlacementConcentration {
    GroupId rack; // invalid for a row
    QString rackName;
    int row = -1; // the floor plan's row, for a row (-1 for a rack)
    QString rowName;
    // What the rack (or row) holds too much of: "9 of the 16 spines", "all 8 leaves of unit SU-1", ...
    QStringList reasons;
    std::vector<NodeId> switches; // the compute switches the reasons name
    std::vector<NodeId> cutOffServers; // servers outside the rack whose every compute link ends in it
    int gpusCutOff = 0;
    // The uplink bandwidth left to the tier below when the rack is lost, as a fraction, for the spine
    // or core group it concentrates most (1 when it concentrates none).
    double tierShareLeft = 1;

    // "rack U001-01", "row S001"
    [[nodiscard]] QString name() const;
    // "rack U001-01 holds all 8 leaves of unit SU-1: losing it cuts off 32 servers (256 GPUs) outside it"
    [[nodiscard]] QString message() const;
    // The same rack (or row) concentrating the same way with the same blast radius (the same message).
    [[nodiscard]] bool sameAs(const PlacementConcentration& other) const;
};

// The structural check of placement against failure domains (issue 26 section 2): cheap (one pass
// over the nodes and links, O(n)), so the generator runs it on every design it builds and the
// PLACEMENT-FAILURE-DOMAIN rule on every hand-edited one. FailureDomains computes the exact
// figures (max-flow); this reads the structure only. In a design whose compute switches stand in
// two or more racks, a rack concentrates a failure domain when:
// - it ends every compute link of a server outside it that has two or more (a single-homed server
//   depends on its one leaf wherever the leaf stands, and FABRIC-SPOF already names that);
// - it holds more than half of the spines of the fabric (every pod's) or of the cores, of two or
//   more switches: losing it leaves the tier below under half its uplink bandwidth (k of n lost
//   leaves (n - k) / n);
// - it holds every leaf of a scalable unit, or every spine of a pod, of two or more switches.
// A design with its compute switches in one rack (or none placed) has nothing to spread over.
class PlacementCheck {
public:
    [[nodiscard]] static std::vector<PlacementConcentration> of(const Design& design);
    // of(), then the same check over the rows of the floor plan (none without one). A row lost takes
    // its racks, so in a design whose compute switches stand in two or more rows a row concentrates
    // when it ends every compute link of a server in another row, holds more than half a spine or
    // core group, or every leaf of a unit; a row that holds what one of its racks holds and cuts off
    // no more is left as the rack. Rows are not the design rule's: the published elevations (and the
    // generator, which places for a rack's loss as issue 26 asks) stand a whole spine tier in one
    // row. The studio warns when a move on the floor makes a row concentrate that did not.
    [[nodiscard]] static std::vector<PlacementConcentration> ofRacksAndRows(const Design& design);
    // The concentrations of `after` that `before` did not have: a rack or row that newly
    // concentrates a failure domain, or one whose blast radius changed. What an edit brought in, for the studio's
    // warning on a move; `after` in its own order.
    [[nodiscard]] static std::vector<PlacementConcentration> introduced(
        const std::vector<PlacementConcentration>& before, const std::vector<PlacementConcentration>& after);
    // Racks holding at least one compute-fabric switch.
    [[nodiscard]] static int networkRacks(const Design& design);
};

} // namespace pw
