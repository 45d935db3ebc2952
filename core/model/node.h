#pragma once

#include "catalog/network.h"
#include "util/strongid.h"

#include <QPointF>
#include <QString>

#include <optional>

namespace pw {

// A switch's place in a Clos fabric. For a k-ary fat-tree: edge = Leaf, aggregation = Spine.
enum class FabricTier { None, Leaf, Spine, Core };

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
