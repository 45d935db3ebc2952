#include "validate/rulehelpers.h"

#include <unordered_map>
#include <unordered_set>

namespace pw::rules {

namespace {

// MGMT-OOB-UPLINK: the out-of-band network reaches the management servers through the in-band
// network (DGX SuperPOD RA: two uplinks per OOB switch into it). An OOB switch joined to no in-band
// switch by data links, directly or through other OOB switches, is an island: the BMCs and PDUs
// behind it cannot be reached. A switch's own management port carries no traffic, so only links
// between two fabric ports join switches.
void outOfBandUplinkRule(const Design& d, std::vector<Finding>& out)
{
    auto isManagementSwitch = [&](NodeId id) {
        const Node* n = d.node(id);
        const CatalogItem* item = n ? d.item(n->sku) : nullptr;
        return item && item->kind == ItemKind::Switch
            && (n->network == Network::OutOfBand || n->network == Network::InBand);
    };
    std::vector<NodeId> oob;
    bool inBand = false;
    std::unordered_map<std::uint32_t, std::uint32_t> parent;
    d.nodes().forEach([&](const Node& n) {
        if (!isManagementSwitch(n.id))
            return;
        parent[n.id.value()] = n.id.value();
        if (n.network == Network::OutOfBand)
            oob.push_back(n.id);
        else
            inBand = true;
    });
    if (oob.empty() || !inBand)
        return; // no OOB switch, or no in-band network at all (MGMT-INBAND)
    auto find = [&](std::uint32_t x) {
        while (parent[x] != x)
            x = parent[x] = parent[parent[x]];
        return x;
    };
    auto isFabricPort = [&](PortRef p) {
        const PortGroup* g = d.portGroup(p);
        return g && g->role == PortRole::Fabric;
    };
    d.links().forEach([&](const Link& l) {
        if (isManagementSwitch(l.a.node) && isManagementSwitch(l.b.node) && isFabricPort(l.a) && isFabricPort(l.b))
            parent[find(l.a.node.value())] = find(l.b.node.value());
    });
    std::unordered_set<std::uint32_t> reachesInBand;
    d.nodes().forEach([&](const Node& n) {
        if (n.network == Network::InBand && parent.contains(n.id.value()))
            reachesInBand.insert(find(n.id.value()));
    });
    std::vector<NodeId> islands;
    for (NodeId n : oob)
        if (!reachesInBand.contains(find(n.value())))
            islands.push_back(n);
    if (islands.empty())
        return;
    std::vector<EntityRef> ents;
    for (NodeId n : islands)
        ents.push_back(EntityRef::of(n));
    out.push_back(make("MGMT-OOB-UPLINK",
        QStringLiteral("%1 of %2 out-of-band switches have no uplink into the in-band network")
            .arg(islands.size())
            .arg(oob.size()),
        ents,
        QStringLiteral("The management servers reach BMCs and PDUs through the in-band network; each out-of-band "
                       "switch needs uplinks into it (DGX SuperPOD RA: two per switch). Without one, the devices "
                       "behind these switches cannot be managed: %1. Fix: connect each to a free in-band switch "
                       "port, or add in-band switch ports for them.")
            .arg(nameList(d, islands))));
}

} // namespace

void managementRules(const Design& d, std::vector<Finding>& out)
{
    outOfBandUplinkRule(d, out);

    std::vector<NodeId> unreachable;
    bool anyServer = false;
    bool inBand = false;
    d.nodes().forEach([&](const Node& n) {
        const CatalogItem* item = d.item(n.sku);
        if (!item)
            return;
        anyServer = anyServer || item->kind == ItemKind::Server;
        // An out-of-band switch is itself the OOB network; its management port is reached through it.
        if (item->kind == ItemKind::Switch && n.network == Network::OutOfBand)
            return;
        int first = 0;
        bool hasOob = false;
        bool linked = false;
        for (const PortGroup& g : item->portGroups) {
            if (g.role == PortRole::OutOfBand) {
                hasOob = true;
                for (int i = 0; i < g.count; ++i)
                    linked = linked || d.linkAt(PortRef{n.id, first + i}).isValid();
            }
            first += g.count;
        }
        if (hasOob && !linked)
            unreachable.push_back(n.id);
    });
    d.links().forEach([&](const Link& l) { inBand = inBand || d.linkNetwork(l) == Network::InBand; });
    if (!unreachable.empty()) {
        std::vector<EntityRef> ents;
        for (NodeId n : unreachable)
            ents.push_back(EntityRef::of(n));
        out.push_back(make("MGMT-OOB",
            QStringLiteral("%1 BMC, PDU or switch management ports are not reachable out of band")
                .arg(unreachable.size()),
            ents,
            QStringLiteral("Every BMC, PDU and switch management port needs a link to the 1 GbE out-of-band network "
                           "(DGX SuperPOD RA). Without a link: %1.")
                .arg(nameList(d, unreachable))));
    }
    if (anyServer && !inBand)
        out.push_back(make("MGMT-INBAND", QStringLiteral("no in-band management network"), {},
            QStringLiteral("No link is on the in-band network: servers need it for provisioning, the scheduler "
                           "(Slurm, Kubernetes) and user access (DGX SuperPOD RA: Ethernet at 100 Gb/s, bonded).")));
}

} // namespace pw::rules
