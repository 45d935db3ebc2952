#pragma once

#include "catalog/catalogitem.h"
#include "model/design.h"

#include <QPointF>
#include <QString>

#include <vector>

namespace pw {

class Catalog;

// Builds a generated design directly (insertNode/insertLink, no commands), keeping a cursor of
// the next free port of every port group so that large fabrics take linear time. Items are
// recorded in the design the first time they are used. Does not own the design or the catalog.
class DesignBuilder {
public:
    DesignBuilder(Design& design, const Catalog& catalog);

    // The catalog item, recorded in the design; nullptr when the catalog has no such sku.
    const CatalogItem* use(const QString& sku);

    NodeId addNode(const CatalogItem& item, const QString& name, Network network, FabricTier tier, QPointF position,
        GroupId unit = {}, int rail = -1);
    GroupId addGroup(GroupKind kind, const QString& name, GroupId parent = {});

    // Index of the nth port group of the item with the role (0-based), or -1.
    [[nodiscard]] static int groupWithRole(const CatalogItem& item, PortRole role, int nth = 0);
    [[nodiscard]] static int firstPortOf(const CatalogItem& item, int group);

    // The i-th port of a port group (whether free or not).
    [[nodiscard]] PortRef portAt(NodeId node, int group, int i) const;
    // The next free port of the group, or an invalid ref when the group is full.
    PortRef takePort(NodeId node, int group);
    [[nodiscard]] int freePorts(NodeId node, int group) const;
    // Reserves the first `index` ports of the group: takePort() starts after them.
    void skipTo(NodeId node, int group, int index)
    {
        mSlots[node.value() - 1].next[static_cast<size_t>(group)] = index;
    }

    // Joins two free ports. Compatibility is the caller's to get right (checkInvariants in tests).
    LinkId connect(PortRef a, PortRef b);

    [[nodiscard]] Design& design() { return mDesign; }
    [[nodiscard]] const Catalog& catalog() const { return mCatalog; }
    [[nodiscard]] const CatalogItem& itemOf(NodeId node) const { return *mSlots[node.value() - 1].item; }

private:
    struct Slot {
        const CatalogItem* item = nullptr;
        std::vector<int> next; // next free index within each port group
    };
    Design& mDesign;
    const Catalog& mCatalog;
    std::vector<Slot> mSlots; // by node id - 1
};

} // namespace pw
