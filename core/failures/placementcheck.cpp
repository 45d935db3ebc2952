#include "failures/placementcheck.h"

#include "floor/floorlayout.h"
#include "model/design.h"
#include "util/plural.h"

#include <algorithm>
#include <map>
#include <optional>
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

// The failure domains the check looks at: the racks, or (with a floor plan) the rows. A rack's
// domain is its id, or its row; -1 when it has none (no rack, or a rack not on the floor).
struct Domains {
    std::optional<FloorLayout> floor; // rows when set, racks otherwise

    [[nodiscard]] qint64 of(GroupId rack) const
    {
        if (!rack.isValid())
            return -1;
        if (!floor)
            return rack.value();
        const RackPlace* place = floor->place(rack);
        return place && place->row >= 0 ? place->row : -1;
    }
};

// The concentrations of one kind of domain (racks, or rows); see PlacementCheck.
std::vector<PlacementConcentration> concentrations(const Design& d, const Domains& domains)
{
    std::vector<PlacementConcentration> out;
    std::set<qint64> networkDomains;
    d.nodes().forEach([&](const Node& n) {
        if (isComputeSwitch(d, n) && domains.of(n.rack) >= 0)
            networkDomains.insert(domains.of(n.rack));
    });
    if (networkDomains.size() < 2)
        return out;
    const size_t slots = d.nodes().slotCount() + 1;
    std::map<qint64, PlacementConcentration> byDomain;
    auto at = [&](qint64 domain) -> PlacementConcentration& {
        auto [it, added] = byDomain.try_emplace(domain);
        PlacementConcentration& c = it->second;
        if (added && domains.floor) {
            c.row = static_cast<int>(domain);
            c.rowName = domains.floor->rows[static_cast<size_t>(domain)].name;
        } else if (added) {
            c.rack = GroupId(static_cast<quint32>(domain));
            const Group* g = d.group(c.rack);
            c.rackName = g ? g->name : QString();
        }
        return c;
    };

    // Switch groups: the leaves of each unit; the spines of each pod (or of the fabric); the cores.
    struct SwitchGroup {
        bool tier = false; // spines or cores: more than half is too many; leaves: all of them
        std::map<qint64, std::vector<NodeId>> byDomain;
        int size = 0;
    };
    std::map<std::pair<int, quint32>, SwitchGroup> groups;
    std::vector<bool> computeSwitch(slots, false);
    d.nodes().forEach([&](const Node& n) {
        if (!isComputeSwitch(d, n))
            return;
        computeSwitch[n.id.value()] = true;
        const qint64 domain = domains.of(n.rack);
        // A unit's leaves, a pod's spines: all of them; a whole spine or core tier: more than half.
        auto add = [&](quint32 unit, bool tier) {
            SwitchGroup& g = groups[{static_cast<int>(n.tier), unit}];
            g.tier = tier;
            ++g.size;
            if (domain >= 0)
                g.byDomain[domain].push_back(n.id);
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
        for (const auto& [domain, members] : g.byDomain) {
            const int k = static_cast<int>(members.size());
            const bool concentrated = g.tier ? 2 * k > g.size : k == g.size;
            // A pod group that is also the whole tier is named once (as the tier).
            if (!concentrated
                || (!g.tier && key.second && groups.count({key.first, 0}) && groups.at({key.first, 0}).size == g.size))
                continue;
            PlacementConcentration& c = at(domain);
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

    // Servers with two or more compute links, all of them to switches of one domain not their own.
    d.nodes().forEach([&](const Node& n) {
        const CatalogItem* item = d.item(n.sku);
        if (!item || item->gpuCount() <= 0)
            return;
        int links = 0;
        qint64 only = -1;
        bool oneDomain = true;
        for (LinkId id : d.linksOf(n.id)) {
            const Link* l = d.link(id);
            const PortRef mine = l->a.node == n.id ? l->a : l->b;
            const PortRef far = l->a.node == n.id ? l->b : l->a;
            const PortGroup* pg = d.portGroup(mine);
            if (!pg || pg->role != PortRole::Compute || !computeSwitch[far.node.value()])
                continue;
            const qint64 domain = domains.of(d.node(far.node)->rack);
            ++links;
            if (domain < 0 || (only >= 0 && domain != only))
                oneDomain = false;
            only = domain;
        }
        if (links < 2 || !oneDomain || only < 0 || only == domains.of(n.rack))
            return;
        PlacementConcentration& c = at(only);
        c.cutOffServers.push_back(n.id);
        c.gpusCutOff += item->gpuCount();
    });

    for (auto& [domain, c] : byDomain) {
        if (c.reasons.isEmpty())
            c.reasons << (domains.floor ? QStringLiteral("every compute link of servers in other rows")
                                        : QStringLiteral("every compute link of servers in other racks"));
        out.push_back(std::move(c));
    }
    return out;
}

} // namespace

QString PlacementConcentration::message() const
{
    QStringList effects;
    if (!cutOffServers.empty())
        effects << QStringLiteral("cuts off %1 (%2 GPUs) outside it")
                       .arg(counted(static_cast<long long>(cutOffServers.size()), "server", "servers"))
                       .arg(gpusCutOff);
    if (tierShareLeft < 1)
        effects << QStringLiteral("leaves %1% of a switch tier's uplink bandwidth").arg(qRound(tierShareLeft * 100));
    if (effects.isEmpty())
        effects << QStringLiteral("degrades every server of the unit it holds");
    return QStringLiteral("%1 holds %2: losing it %3")
        .arg(name(), reasons.join(QStringLiteral("; ")), effects.join(QStringLiteral(" and ")));
}

QString PlacementConcentration::name() const
{
    return row >= 0 ? QStringLiteral("row %1").arg(rowName) : QStringLiteral("rack %1").arg(rackName);
}

bool PlacementConcentration::sameAs(const PlacementConcentration& other) const
{
    return rack == other.rack && row == other.row && message() == other.message();
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
    return concentrations(d, Domains{});
}

std::vector<PlacementConcentration> PlacementCheck::ofRacksAndRows(const Design& d)
{
    std::vector<PlacementConcentration> out = of(d);
    std::optional<FloorLayout> floor = FloorLayout::of(d);
    if (!floor)
        return out;
    const size_t racks = out.size();
    for (PlacementConcentration& row : concentrations(d, Domains{floor})) {
        // A row that holds what one of its racks holds, and cuts off no more, adds nothing to the
        // rack's concentration (the rack's counts the servers in the row's other racks too).
        const auto end = out.begin() + static_cast<std::ptrdiff_t>(racks);
        const bool asOneRack = std::any_of(out.begin(), end, [&](const PlacementConcentration& rack) {
            const RackPlace* place = floor->place(rack.rack);
            return place && place->row == row.row && rack.reasons == row.reasons
                && row.cutOffServers.size() <= rack.cutOffServers.size();
        });
        if (!asOneRack)
            out.push_back(std::move(row));
    }
    return out;
}

} // namespace pw
