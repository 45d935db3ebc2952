#pragma once

#include "util/strongid.h"

#include <QString>

#include <vector>

namespace pw {
class Design;
}

namespace pw::ui {

// What the rack elevation draws: every rack group (in id order) with its height, power sum and
// budget, and the nodes placed in it by U. A node at rackUnit u with height h occupies U u to
// u + h - 1 (U1 at the bottom). Nodes in a rack without a rack unit are listed as unplaced.
struct RackElevationModel {
    struct Slot {
        NodeId node;
        int firstU = 0; // lowest U occupied, 1-based
        int heightU = 1;
        QString name;
        QString model;
        [[nodiscard]] int lastU() const { return firstU + heightU - 1; }
    };
    struct Rack {
        GroupId id;
        QString name;
        QString model;
        int heightU = 48;
        double powerKw = 0;
        double budgetKw = 0; // 0: none set
        std::vector<Slot> slots; // placed nodes, by first U
        std::vector<Slot> unplaced; // in the rack but without a rack unit, or zero-U (PDUs)
        // The slot covering U `u`, or null.
        [[nodiscard]] const Slot* slotAt(int u) const;
    };

    std::vector<Rack> racks;

    [[nodiscard]] static RackElevationModel of(const Design& design);
    [[nodiscard]] const Rack* rack(GroupId id) const;
};

} // namespace pw::ui
