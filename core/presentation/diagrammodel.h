#pragma once

#include "model/node.h"

#include <QString>

#include <vector>

namespace pw {

class Design;

// What the design diagram shows, free of pixels: boxes in rows (core, spine, leaf, servers, service
// switches, storage and appliances) and bundles of links between boxes. Small designs get one box
// per node; large ones aggregate servers and leaves by scalable unit (or rack), other switches by
// network and tier, so a 4,096-GPU design stays readable on one page. Renderers lay it out.
struct DiagramModel {
    enum class Row { Core, Spine, Leaf, Servers, ServiceSwitches, Storage };
    enum class Kind { Server, Switch, Storage, Appliance, Other };

    struct Box {
        Row row = Row::Servers;
        Kind kind = Kind::Other;
        Network network = Network::None; // switches: the network they serve
        QString label; // node name, or the unit / group name
        QString detail; // "32 x DGX H100", "QM9700"
        int count = 0; // nodes in the box
        int gpus = 0;
        int unit = 0; // aggregated servers and leaves: their unit's group id (0: none)
        int links = 0; // links with one end in the box
    };
    struct Bundle {
        int a = -1; // box index (upper row first)
        int b = -1;
        int links = 0;
        double gbps = 0;
        Network network = Network::None;
    };

    std::vector<Box> boxes;
    std::vector<Bundle> bundles;
    bool aggregated = false;
    int nodes = 0;
    int links = 0;

    [[nodiscard]] static DiagramModel of(const Design& design, int aggregateAbove = 48);
    [[nodiscard]] static QString rowTitle(Row row);
};

} // namespace pw
