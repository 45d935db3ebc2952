#pragma once

#include "util/strongid.h"

#include <QPointF>
#include <QString>

#include <optional>

namespace pw {

// Which network a switch serves; host ports carry their network in their catalog role.
enum class Network { None, Compute, Storage, InBand, OutOfBand };
// A switch's place in a Clos fabric. For a k-ary fat-tree: edge = Leaf, aggregation = Spine.
enum class FabricTier { None, Leaf, Spine, Core };

[[nodiscard]] QString toString(Network network);
// The network as words in a sentence ("in-band", "out-of-band"; "unassigned" for None).
[[nodiscard]] QString displayName(Network network);
[[nodiscard]] std::optional<Network> networkFromString(const QString& text);
[[nodiscard]] QString toString(FabricTier tier);
[[nodiscard]] std::optional<FabricTier> fabricTierFromString(const QString& text);

// One instance of a catalog item in a design. Ports are those of its catalog item.
struct Node {
    NodeId id;
    QString sku;
    QString name;
    QPointF position; // canvas coordinates in design units (1 unit = 1 grid step / 10)
    Network network = Network::None;
    FabricTier tier = FabricTier::None;
    int rail = -1; // rail index for rail-optimized leaves, else -1
    GroupId rack; // physical placement
    int rackUnit = -1; // lowest U occupied, 1-based; -1 when not placed in a rack
    GroupId unit; // logical placement: scalable unit or pod
    std::optional<double> priceOverride; // USD, replaces the catalog price for this node

    bool operator==(const Node&) const = default;
};

} // namespace pw
