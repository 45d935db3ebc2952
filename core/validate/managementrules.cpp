#include "validate/rulehelpers.h"

#include "catalog/itemrole.h"
#include "util/plural.h"

#include <algorithm>
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

// SERVICE-SINGLE-HOMED: a storage system (on the storage network) or a management server (on the
// in-band network) whose links of that network all end on one switch: losing that switch takes
// every GPU server's storage, or the scheduler's and the cluster manager's reach, at once. The
// DGX SuperPOD RAs give each pair of storage and in-band ports parallel pathways, and DGX BasePOD
// bonds the in-band interface over two switches. A node with no link of its network is left to
// the port and storage rules.
// "The one in-band network link", "Both in-band network links", "All 4 storage network links".
QString allLinks(int links, const QString& network)
{
    if (links == 1)
        return QStringLiteral("The one %1 link").arg(network);
    if (links == 2)
        return QStringLiteral("Both %1 links").arg(network);
    return QStringLiteral("All %1 %2 links").arg(links).arg(network);
}

void singleHomedRule(const Design& d, std::vector<Finding>& out)
{
    d.nodes().forEach([&](const Node& n) {
        const CatalogItem* item = d.item(n.sku);
        if (!item)
            return;
        const bool storage = item->kind == ItemKind::Storage;
        if (!storage && !hasRole(*item, ItemRole::ManagementServer))
            return;
        const Network network = storage ? Network::Storage : Network::InBand;
        std::vector<NodeId> switches;
        int links = 0;
        for (LinkId id : d.linksOf(n.id)) {
            const Link& l = *d.link(id);
            if (d.linkNetwork(l) != network)
                continue;
            const NodeId other = otherEnd(l, n.id).node;
            const CatalogItem* otherItem = d.itemOf(other);
            if (!otherItem || otherItem->kind != ItemKind::Switch)
                continue;
            ++links;
            if (std::find(switches.begin(), switches.end(), other) == switches.end())
                switches.push_back(other);
        }
        if (switches.size() != 1)
            return;
        const QString what = storage ? QStringLiteral("storage system") : QStringLiteral("management server");
        const QString net = storage ? QStringLiteral("storage network") : QStringLiteral("in-band network");
        const QString sw = d.node(switches.front())->name;
        out.push_back(make("SERVICE-SINGLE-HOMED",
            QStringLiteral("%1 %2 is attached to one switch of the %3 only (%4): a single point of failure")
                .arg(what, n.name, net, sw),
            {EntityRef::of(n.id), EntityRef::of(switches.front())},
            QStringLiteral("%1 of %2 %3 on %4, so losing that one switch cuts %2 off%5. The NVIDIA "
                           "DGX SuperPOD RAs give each pair of storage and in-band ports parallel pathways, and DGX "
                           "BasePOD bonds the in-band interface over two switches. Fix: connect %6 to a second switch "
                           "of the network (add that switch if the network has one).")
                .arg(allLinks(links, net), n.name, plural(links, "ends", "end"), sw,
                    storage ? QStringLiteral(" and, with it, the storage of every GPU server it serves")
                            : QStringLiteral(" and, with it, the scheduler's or cluster manager's reach"),
                    links == 1 ? QStringLiteral("a second port")
                               : QStringLiteral("at least one of its %1 ports").arg(links))));
    });
}

} // namespace

void managementRules(const Design& d, std::vector<Finding>& out)
{
    outOfBandUplinkRule(d, out);
    singleHomedRule(d, out);

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
