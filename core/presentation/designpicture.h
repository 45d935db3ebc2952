#pragma once

#include "catalog/catalogitem.h"
#include "model/group.h"
#include "model/node.h"

#include <QPointF>
#include <QRectF>
#include <QString>

#include <unordered_set>
#include <vector>

namespace pw {

class Design;

// The design as the canvas shows it, free of pixels: one box per node at its canvas position
// (Node::position, where DesignLayout placed it or the user moved it) with the canvas's box size,
// one line per pair of linked nodes and network, and outlines around racks, scalable units and
// pods. The studio's "Export SVG/PNG" and `podwright-cli export --format svg|png` both draw this
// (report/DesignPictureRenderer), so the two files show the same picture in the same coordinates
// (design units, the canvas's scene coordinates).
struct DesignPicture {
    struct Box {
        NodeId node;
        QRectF rect; // centred on the node's position
        QString name;
        QString detail; // model, with its GPUs: "DGX H100 · 8 GPU"
        ItemKind kind = ItemKind::Appliance;
        Network network = Network::None;
    };
    struct Line {
        QPointF a; // node centres
        QPointF b;
        Network network = Network::None;
        int links = 0; // links between the two nodes on this network
    };
    struct Outline {
        QRectF rect;
        QString title; // "Rack A-01", "SU 1", "Pod 2"
        GroupKind kind = GroupKind::Rack;
    };

    std::vector<Outline> outlines; // pods first, then units, then racks: outer ones are drawn first
    std::vector<Line> lines;
    std::vector<Box> boxes; // in node order
    QRectF bounds; // everything, with a margin

    [[nodiscard]] static DesignPicture of(const Design& design);
    // The box the canvas draws for a node of this kind, in design units.
    [[nodiscard]] static QSizeF nodeSize(ItemKind kind);
    // A group\'s title as the canvas and the export print it ("Rack A-01", "SU 3").
    [[nodiscard]] static QString groupTitle(const Group& group);
    // The racks whose outline covers no node outside the rack. A rack whose members are scattered
    // over the logical layout (its switches sit with their tiers) would be an outline over unrelated
    // nodes and gets none; a hand-made rack drawn around its own nodes (the sample's) gets one.
    [[nodiscard]] static std::unordered_set<GroupId> framedRacks(const Design& design);
    // Room around the members of a group's outline, and the title strip above them.
    static constexpr double kGroupPad = 18.0;
    static constexpr double kGroupTitle = 24.0;
};

} // namespace pw
