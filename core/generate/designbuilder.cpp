#include "generate/designbuilder.h"

#include "catalog/catalog.h"

#include <cassert>

namespace pw {

DesignBuilder::DesignBuilder(Design& design, const Catalog& catalog) : mDesign(design), mCatalog(catalog) {}

const CatalogItem* DesignBuilder::use(const QString& sku)
{
    if (const CatalogItem* recorded = mDesign.item(sku))
        return recorded;
    const CatalogItem* item = mCatalog.item(sku);
    if (!item)
        return nullptr;
    mDesign.recordItem(*item);
    // A CPO switch's laser-source modules are bought with it: the bill of materials prices them
    // from the design's snapshot.
    if (item->laserSources)
        use(item->laserSources->sku);
    return mDesign.item(sku);
}

NodeId DesignBuilder::addNode(const CatalogItem& item, const QString& name, Network network, FabricTier tier,
    QPointF position, GroupId unit, int rail)
{
    // Slots must point at the design's snapshot, which outlives the catalog lookup.
    const CatalogItem* recorded = use(item.sku);
    assert(recorded);
    Node n;
    n.id = mDesign.allocateNodeId();
    n.sku = item.sku;
    n.name = name;
    n.position = position;
    n.network = network;
    n.tier = tier;
    n.rail = rail;
    n.unit = unit;
    const size_t slot = n.id.value() - 1;
    if (mSlots.size() <= slot)
        mSlots.resize(slot + 1);
    mSlots[slot].item = recorded;
    mSlots[slot].next.assign(recorded->portGroups.size(), 0);
    const NodeId id = n.id;
    mDesign.insertNode(std::move(n));
    return id;
}

GroupId DesignBuilder::addGroup(GroupKind kind, const QString& name, GroupId parent)
{
    Group g;
    g.id = mDesign.allocateGroupId();
    g.kind = kind;
    g.name = name;
    g.parent = parent;
    const GroupId id = g.id;
    mDesign.insertGroup(std::move(g));
    return id;
}

int DesignBuilder::groupWithRole(const CatalogItem& item, PortRole role, int nth)
{
    for (size_t g = 0; g < item.portGroups.size(); ++g)
        if (item.portGroups[g].role == role && nth-- == 0)
            return static_cast<int>(g);
    return -1;
}

int DesignBuilder::firstPortOf(const CatalogItem& item, int group)
{
    int first = 0;
    for (int g = 0; g < group; ++g)
        first += item.portGroups[static_cast<size_t>(g)].count;
    return first;
}

PortRef DesignBuilder::portAt(NodeId node, int group, int i) const
{
    const CatalogItem& item = itemOf(node);
    if (group < 0 || i < 0 || i >= item.portGroups[static_cast<size_t>(group)].count)
        return {};
    return PortRef{node, firstPortOf(item, group) + i};
}

PortRef DesignBuilder::takePort(NodeId node, int group)
{
    if (group < 0)
        return {};
    Slot& s = mSlots[node.value() - 1];
    const int count = s.item->portGroups[static_cast<size_t>(group)].count;
    int& next = s.next[static_cast<size_t>(group)];
    const int first = firstPortOf(*s.item, group);
    while (next < count && mDesign.linkAt(PortRef{node, first + next}).isValid())
        ++next;
    if (next >= count)
        return {};
    return PortRef{node, first + next++};
}

int DesignBuilder::freePorts(NodeId node, int group) const
{
    if (group < 0)
        return 0;
    const Slot& s = mSlots[node.value() - 1];
    const int count = s.item->portGroups[static_cast<size_t>(group)].count;
    const int first = firstPortOf(*s.item, group);
    int free = 0;
    for (int i = s.next[static_cast<size_t>(group)]; i < count; ++i)
        if (!mDesign.linkAt(PortRef{node, first + i}).isValid())
            ++free;
    return free;
}

LinkId DesignBuilder::connect(PortRef a, PortRef b)
{
    assert(a.isValid() && b.isValid());
    Link l;
    l.id = mDesign.allocateLinkId();
    l.a = a;
    l.b = b;
    const LinkId id = l.id;
    mDesign.insertLink(std::move(l));
    return id;
}

} // namespace pw
