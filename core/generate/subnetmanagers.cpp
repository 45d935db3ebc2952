#include "generate/subnetmanagers.h"

#include "generate/designbuilder.h"

#include <algorithm>

namespace pw {

QString SubnetManagers::who() const
{
    return appliances > 1 ? QStringLiteral("the UFM pair (subnet manager, high availability)")
                          : QStringLiteral("the UFM appliance (subnet manager)");
}

SubnetManagers SubnetManagers::of(const CatalogItem* ufm, PortRole role, int room)
{
    SubnetManagers s;
    if (!ufm)
        return s;
    s.group = DesignBuilder::groupWithRole(*ufm, role);
    if (s.group < 0)
        return s;
    s.portsEach = ufm->portGroups[static_cast<size_t>(s.group)].count;
    if (s.portsEach <= 0)
        return s;
    if (kPerFabric * s.portsEach <= room) {
        s.appliances = kPerFabric;
    } else if (room >= kPerFabric) {
        // A pair on fewer ports each (a plane of 2 rails: one port per appliance) keeps it redundant.
        s.appliances = kPerFabric;
        s.portsEach = room / kPerFabric;
    } else {
        s.appliances = 1;
        s.portsEach = std::max(1, std::min(s.portsEach, room));
    }
    return s;
}

std::vector<NodeId> SubnetManagers::add(
    DesignBuilder& b, const CatalogItem& ufm, const QString& prefix, QPointF at, double spacing, GroupId unit) const
{
    std::vector<NodeId> nodes;
    for (int i = 0; i < appliances; ++i)
        nodes.push_back(b.addNode(ufm, QStringLiteral("%1-%2").arg(prefix).arg(i + 1), Network::None, FabricTier::None,
            at + QPointF(i * spacing, 0), unit));
    return nodes;
}

} // namespace pw
