#include "failures/placementcheck.h"

#include "model/design.h"

#include <algorithm>
#include <map>
#include <set>

namespace pw {

namespace {

bool isComputeSwitch(const Design& d, const Node& n)
{
    const CatalogItem* item = d.item(n.sku);
    return item && item->kind == ItemKind::Switch && n.network == Network::Compute && n.tier != FabricTier::None;
}

QString unitName(const Design& d, GroupId unit)
{
    const Group* g = d.group(unit);
    return g ? g->name : QString();
}

} // namespace

QString PlacementConcentration::message() const
{
    QStringList effects;
    if (!cutOffServers.empty())
        effects << QStringLiteral("cuts off %1 servers (%2 GPUs) outside it").arg(cutOffServers.size()).arg(gpusCutOff);
    if (tierShareLeft < 1)
        effects << QStringLiteral("leaves %1% of a switch tier's uplink bandwidth").arg(qRound(tierShareLeft * 100));
    if (effects.isEmpty())
        effects << QStringLiteral("degrades every server of the unit it holds");
    return QStringLiteral("rack %1 holds %2: losing it %3")
        .arg(rackName, reasons.join(QStringLiteral("; ")), effects.join(QStringLiteral(" and ")));
}

bool PlacementConcentration::sameAs(const PlacementConcentration& other) const
{
    return rack == other.rack && message() == other.message();
}

std::vector<PlacementConcentration> PlacementCheck::introduced(
    const std::vector<PlacementConcentration>& before, const std::vector<PlacementConcentration>& after)
{
    std::vector<PlacementConcentration> out;
    for (const PlacementConcentration& c : after)
        if (std::none_of(before.begin(), before.end(), [&](const PlacementConcentration& b) { return b.sameAs(c); }))
            out.push_back(c);
    return out;
}

int PlacementCheck::networkRacks(const Design& d)
{
    std::set<quint32> racks;
    d.nodes().forEach([&](const Node& n) {
        if (n.rack.isValid() && isComputeSwitch(d, n))
            racks.insert(n.rack.value());
    });
    return static_cast<int>(racks.size());
}

std::vector<PlacementConcentration> PlacementCheck::of(const Design& d)
{
    std::vector<PlacementConcentration> out;
    if (networkRacks(d) < 2)
        return out;
    const size_t slots = d.nodes().slotCount() + 1;
    std::map<quint32, PlacementConcentration> byRack;
    auto at = [&](GroupId rack) -> PlacementConcentration& {
        PlacementConcentration& c = byRack[rack.value()];
        if (!c.rack.isValid()) {
            c.rack = rack;
            const Group* g = d.group(rack);
            c.rackName = g ? g->name : QString();
        }
        return c;
    };

    // Switch groups: the leaves of each unit; the spines of each pod (or of the fabric); the cores.
    struct SwitchGroup {
        QString what;
        bool tier = false; // spines or cores: more than half is too many; leaves: all of them
        std::map<quint32, std::vector<NodeId>> byRack;
        int size = 0;
    };
    std::map<std::pair<int, quint32>, SwitchGroup> groups;
    std::vector<bool> computeSwitch(slots, false);
    d.nodes().forEach([&](const Node& n) {
        if (!isComputeSwitch(d, n))
            return;
        computeSwitch[n.id.value()] = true;
        // A unit's leaves, a pod's spines: all of them; a whole spine or core tier: more than half.
        auto add = [&](quint32 unit, bool tier) {
            SwitchGroup& g = groups[{static_cast<int>(n.tier), unit}];
            g.tier = tier;
            ++g.size;
            if (n.rack.isValid())
                g.byRack[n.rack.value()].push_back(n.id);
        };
        if (n.tier != FabricTier::Core && n.unit.isValid())
            add(n.unit.value(), false);
        if (n.tier != FabricTier::Leaf)
            add(0, true);
    });
    for (auto& [key, g] : groups) {
        const FabricTier tier = static_cast<FabricTier>(key.first);
        if (g.size < 2)
            continue;
        const QString unit = key.second ? unitName(d, GroupId(key.second)) : QString();
        for (const auto& [rack, members] : g.byRack) {
            const int k = static_cast<int>(members.size());
            const bool concentrated = g.tier ? 2 * k > g.size : k == g.size;
            // A pod group that is also the whole tier is named once (as the tier).
            if (!concentrated
                || (!g.tier && key.second && groups.count({key.first, 0}) && groups.at({key.first, 0}).size == g.size))
                continue;
            PlacementConcentration& c = at(GroupId(rack));
            const QString tierName = tier == FabricTier::Core ? QStringLiteral("cores")
                : tier == FabricTier::Spine                   ? QStringLiteral("spines")
                                                              : QStringLiteral("leaves");
            const QString of = unit.isEmpty() ? QString() : QStringLiteral(" of %1").arg(unit);
            c.reasons << (k == g.size ? QStringLiteral("all %1 %2%3").arg(k).arg(tierName, of)
                                      : QStringLiteral("%1 of the %2 %3%4").arg(k).arg(g.size).arg(tierName, of));
            c.switches.insert(c.switches.end(), members.begin(), members.end());
            if (tier != FabricTier::Leaf)
                c.tierShareLeft = std::min(c.tierShareLeft, static_cast<double>(g.size - k) / g.size);
        }
    }

    // Servers with two or more compute links, all of them to switches of one rack not their own.
    d.nodes().forEach([&](const Node& n) {
        const CatalogItem* item = d.item(n.sku);
        if (!item || item->gpuCount() <= 0)
            return;
        int links = 0;
        GroupId only;
        bool oneRack = true;
        for (LinkId id : d.linksOf(n.id)) {
            const Link* l = d.link(id);
            const PortRef mine = l->a.node == n.id ? l->a : l->b;
            const PortRef far = l->a.node == n.id ? l->b : l->a;
            const PortGroup* pg = d.portGroup(mine);
            if (!pg || pg->role != PortRole::Compute || !computeSwitch[far.node.value()])
                continue;
            const GroupId rack = d.node(far.node)->rack;
            ++links;
            if (!rack.isValid() || (only.isValid() && rack != only))
                oneRack = false;
            only = rack;
        }
        if (links < 2 || !oneRack || !only.isValid() || only == n.rack)
            return;
        PlacementConcentration& c = at(only);
        c.cutOffServers.push_back(n.id);
        c.gpusCutOff += item->gpuCount();
    });

    for (auto& [rack, c] : byRack) {
        if (c.reasons.isEmpty())
            c.reasons << QStringLiteral("every compute link of servers in other racks");
        out.push_back(std::move(c));
    }
    return out;
}

} // namespace pw
