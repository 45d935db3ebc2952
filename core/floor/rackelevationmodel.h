#pragma once

#include "catalog/catalogitem.h"
#include "util/strongid.h"

#include <QString>

#include <vector>

namespace pw {

class Design;
struct PowerFigures;

// The one description of every rack's elevation, read by the studio's rack view and the PDF
// report: every rack group (in id order) with its height, load (PowerFigures) and budget, and the
// nodes placed in it by U. A node at rackUnit u with height h occupies U u to u + h - 1 (U1 at the
// bottom); h is the item's height rounded up (a 1.5U item takes 2U). A rack's height is its catalog
// item's, else kDefaultHeightU. Nodes in a rack without a rack unit are listed as unplaced. A
// node that does not fit (its top above the rack's height) or that takes a U another node already
// takes is listed as misplaced, never drawn over the rack or over the other node; the rules
// RACK-HEIGHT and RACK-OVERLAP report the same list.
struct RackElevationModel {
    static constexpr int kDefaultHeightU = 42; // a standard rack, where the group names no rack item

    struct Slot {
        NodeId node;
        int firstU = 0; // lowest U occupied, 1-based
        int heightU = 1;
        QString name;
        QString model;
        QString sku;
        ItemKind kind = ItemKind::Server;
        NodeId overlaps; // misplaced over this node (RACK-OVERLAP); invalid: above the rack's height
        [[nodiscard]] int lastU() const { return firstU + heightU - 1; }
    };
    struct Rack {
        GroupId id;
        QString name;
        QString model;
        int heightU = kDefaultHeightU;
        double powerKw = 0; // PowerFigures' maximum for the rack
        double budgetKw = 0; // 0: none set
        bool liquidCooled = false;
        std::vector<Slot> slots; // placed nodes, by first U
        std::vector<Slot> unplaced; // in the rack but without a rack unit, or zero-U (PDUs)
        std::vector<Slot> misplaced; // above the rack's height or over another node, by first U
        // The slot covering U `u`, or null.
        [[nodiscard]] const Slot* slotAt(int u) const;
    };

    std::vector<Rack> racks;

    [[nodiscard]] static RackElevationModel of(const Design& design);
    // The same, with the design's power figures already computed.
    [[nodiscard]] static RackElevationModel of(const Design& design, const PowerFigures& power);
    [[nodiscard]] const Rack* rack(GroupId id) const;
};

} // namespace pw
