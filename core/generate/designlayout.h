#pragma once

#include "model/node.h"
#include "util/strongid.h"

#include <QPointF>
#include <QString>

#include <vector>

namespace pw {

class Design;
struct CatalogItem;

// Where every node goes on the canvas, from the design's structure rather than from the order the
// generator built it in: a pod is a block with its spine tier above a grid of its scalable units;
// a scalable unit is a block with its leaves above its servers, one column per rack; pods (or
// units) sit in a grid about as wide as a screen is; switch tiers outside the pods (core, a
// two-tier spine) are bands above the grid; storage, in-band and out-of-band networks and the
// remaining appliances are bands below it. The generator applies it and the studio's Arrange
// command moves an existing design to it, so the studio, the CLI and the files share one layout.
// Positions are node centres in design units; the layout depends only on the design.
class DesignLayout {
public:
    static constexpr double kColumnPitch = 190; // a node box is 170 wide
    static constexpr double kRackPitch = 240; // rack columns: room for the rack's outline
    static constexpr double kRowPitch = 80; // a node box is at most 60 high
    static constexpr double kAspect = 1.6; // width over height the grid aims for (a screen)

    // The bands of a block, top to bottom: switch tiers above the pods or units, hosts and the
    // service networks below them.
    enum class Band {
        Core,
        Spine,
        Leaf,
        Children, // the grid of pods or units
        Hosts,
        Storage,
        StorageSwitches,
        InBand,
        OutOfBand,
        Other,
        Pdus,
        Count
    };
    [[nodiscard]] static Band bandOf(const Node& node, const CatalogItem* item);
    // "Core tier", "Out-of-band switches", ...: a band's name for a reader.
    [[nodiscard]] static QString bandName(Band band);

    struct Placement {
        NodeId node;
        QPointF position;
    };

    // Every node of the design with its position, in node order.
    [[nodiscard]] static std::vector<Placement> compute(const Design& design);
    // Moves every node of the design to its computed position (the generator's last step).
    static void apply(Design& design);
};

} // namespace pw
