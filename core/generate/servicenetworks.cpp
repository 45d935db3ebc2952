#include "generate/servicenetworks.h"

#include "catalog/catalog.h"
#include "generate/accessfabric.h"
#include "generate/designbuilder.h"
#include "generate/floorplan.h"
#include "generate/subnetmanagers.h"
#include "model/storageguidance.h"
#include "util/plural.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace pw {

namespace {

std::vector<PortRef> portsWithRole(DesignBuilder& b, const std::vector<NodeId>& nodes, PortRole role)
{
    std::vector<PortRef> ports;
    for (NodeId n : nodes) {
        const CatalogItem& item = b.itemOf(n);
        for (int g = 0; g < static_cast<int>(item.portGroups.size()); ++g)
            if (item.portGroups[static_cast<size_t>(g)].role == role)
                for (int i = 0; i < item.portGroups[static_cast<size_t>(g)].count; ++i)
                    if (!b.design().linkAt(b.portAt(n, g, i)).isValid())
                        ports.push_back(b.portAt(n, g, i));
    }
    return ports;
}

int commonSpeed(const PortGroup& a, const PortGroup& b)
{
    int best = 0;
    for (int x : a.speedsGbps)
        for (int y : b.speedsGbps)
            if (x == y)
                best = std::max(best, x);
    return best;
}

bool pluggable(const QString& connector)
{
    return connector != QLatin1String("RJ45");
}

// A link between the two port groups is possible: same kind of connector, a speed in common.
bool fits(const PortGroup& a, const PortGroup& b)
{
    return pluggable(a.connector) == pluggable(b.connector) && commonSpeed(a, b) > 0;
}

// An Ethernet access leaf for host ports the in-band spine cannot take: a fabric port group that
// fits the hosts (fastest common speed first) and one that fits the spine (another group when the
// switch has one). {nullptr, -1, -1} when none.
std::tuple<const CatalogItem*, int, int> accessLeafFor(
    const Catalog& catalog, const PortGroup& host, const PortGroup& spine)
{
    std::tuple<const CatalogItem*, int, int> best{nullptr, -1, -1};
    int bestSpeed = 0;
    for (const CatalogItem* sw : catalog.items(ItemKind::Switch)) {
        if (!sw->switchSpec || sw->switchSpec->technology != QLatin1String("ethernet"))
            continue;
        for (int d = 0; d < static_cast<int>(sw->portGroups.size()); ++d) {
            const PortGroup& down = sw->portGroups[static_cast<size_t>(d)];
            if (down.role != PortRole::Fabric || !fits(down, host))
                continue;
            int up = -1;
            for (int u = 0; u < static_cast<int>(sw->portGroups.size()); ++u) {
                const PortGroup& g = sw->portGroups[static_cast<size_t>(u)];
                if (g.role == PortRole::Fabric && fits(g, spine) && (up < 0 || up == d))
                    up = u;
            }
            const int speed = commonSpeed(down, host);
            if (up >= 0
                && (speed > bestSpeed
                    || (speed == bestSpeed && std::get<0>(best) && sw->sku < std::get<0>(best)->sku))) {
                best = {sw, d, up};
                bestSpeed = speed;
            }
        }
    }
    return best;
}

// Why an access network has three tiers, and its shape.
QString threeTierNote(const QString& what, const AccessFabric::Result& r)
{
    return QStringLiteral(
        "the %1 has three tiers: %2 leaves need more spines than a leaf has uplinks, so two tiers would leave "
        "leaves sharing no spine; %3 pods of up to %4 leaves with %5 spines each, %6 core switches")
        .arg(what)
        .arg(r.leaves.size())
        .arg(r.pods)
        .arg(r.leavesPerPod)
        .arg(r.spines.size() / static_cast<size_t>(std::max(1, r.pods)))
        .arg(r.cores.size());
}

// Links between the two switches of a pair that holds a whole service network (DGX BasePOD
// in-band switch configuration: an MLAG peer link bonded over two ports, swp57 and swp58).
constexpr int kPeerLinks = 2;

// How the hosts of a service network are dual-homed, for the generator's notes.
QString pairNote(const QString& what, const AccessFabric::Result& r, const CatalogItem& sw)
{
    if (r.leaves.size() == 2 && r.spines.empty())
        return QStringLiteral(
            "the %1 is a pair of %2 joined by %3 peer links: one switch would hold every port, but then one "
            "switch would take it all; every host has a port on each")
            .arg(what, sw.sku)
            .arg(kPeerLinks);
    return QStringLiteral("the %1 dual-homes its hosts: each host's ports alternate over a pair of leaves").arg(what);
}

} // namespace

const CatalogItem* ServiceNetworks::storageSwitchFor(
    const Catalog& catalog, const CatalogItem& computeSwitch, const CatalogItem& server, const CatalogItem& storage)
{
    std::vector<const PortGroup*> ends;
    for (const CatalogItem* item : {&server, &storage})
        for (const PortGroup& g : item->portGroups)
            if (g.role == PortRole::Storage)
                ends.push_back(&g);
    const QString storageConnector = [&] {
        for (const PortGroup& g : storage.portGroups)
            if (g.role == PortRole::Storage)
                return g.connector;
        return QString();
    }();
    // The server's reference architecture names the storage fabric's technology (RA-11338: storage
    // on Spectrum-X Ethernet beside an InfiniBand compute fabric): only such switches qualify.
    const QString technology = server.storageFabric ? server.storageFabric->technology : QString();
    // (slowest common speed over every storage port group, connector match, sum of common speeds)
    auto score = [&](const CatalogItem& sw) -> std::optional<std::tuple<int, int, int>> {
        const int group = DesignBuilder::groupWithRole(sw, PortRole::Fabric);
        if (sw.kind != ItemKind::Switch || group < 0)
            return std::nullopt;
        if (!technology.isEmpty() && (!sw.switchSpec || sw.switchSpec->technology != technology))
            return std::nullopt;
        const PortGroup& fabric = sw.portGroups[static_cast<size_t>(group)];
        int slowest = 1 << 30;
        int sum = 0;
        for (const PortGroup* g : ends) {
            const int s = commonSpeed(fabric, *g);
            if (s <= 0)
                return std::nullopt;
            slowest = std::min(slowest, s);
            sum += s;
        }
        return std::tuple<int, int, int>(ends.empty() ? 0 : slowest, fabric.connector == storageConnector ? 1 : 0, sum);
    };
    if (score(computeSwitch))
        return &computeSwitch;
    const CatalogItem* best = nullptr;
    std::tuple<int, int, int> bestScore;
    for (const CatalogItem* sw : catalog.items(ItemKind::Switch)) {
        const auto sc = score(*sw);
        if (sc && (!best || *sc > bestScore || (*sc == bestScore && sw->sku < best->sku))) {
            best = sw;
            bestScore = *sc;
        }
    }
    return best;
}

int ServiceNetworks::storageSystemsFor(
    StorageTier tier, int nodes, int serversPerSu, const CatalogItem& storage, bool superPod)
{
    const StorageGuidance g = StorageGuidance::of(tier);
    const double read = storage.storage ? storage.storage->readGBps.value : 0;
    const double write = storage.storage ? storage.storage->writeGBps.value : 0;
    // A DGX SuperPOD node reads at least 40 GB/s alone (the validator's STORAGE-NODE-READ).
    const double needRead
        = std::max(g.aggregateRead(nodes, serversPerSu), superPod ? StorageGuidance::kSuperPodNodeIoGBps : 0.0);
    int n = 1;
    if (read > 0)
        n = std::max(n, static_cast<int>(std::ceil(needRead / read - 1e-9)));
    if (write > 0)
        n = std::max(n, static_cast<int>(std::ceil(g.aggregateWrite(nodes, serversPerSu) / write - 1e-9)));
    return n;
}

std::optional<QString> ServiceNetworks::buildStorage(DesignBuilder& b, const std::vector<NodeId>& servers,
    const CatalogItem& storage, StorageTier tier, bool superPod, const CatalogItem& sw, const CatalogItem* ufm,
    QPointF origin, std::vector<NodeId>& placed, QStringList& notes)
{
    const int perSu
        = servers.empty() ? StorageGuidance::kServersPerSu : StorageGuidance::serversPerSu(b.itemOf(servers.front()));
    const int systems = storageSystemsFor(tier, static_cast<int>(servers.size()), perSu, storage, superPod);
    std::vector<NodeId> systemNodes;
    for (int i = 0; i < systems; ++i) {
        const NodeId n
            = b.addNode(storage, QStringLiteral("%1-%2").arg(storage.sku).arg(i + 1, 3, 10, QLatin1Char('0')),
                Network::None, FabricTier::None, origin + QPointF(i * 150.0, 500));
        systemNodes.push_back(n);
        placed.push_back(n);
    }
    // The InfiniBand storage fabric is a subnet of its own, with its own subnet managers.
    if (const SubnetManagers sm = SubnetManagers::of(ufm, PortRole::Storage); sm.any()) {
        for (NodeId n : sm.add(b, *ufm, QStringLiteral("ufm-storage"), origin + QPointF(systems * 150.0, 500), 150.0)) {
            systemNodes.push_back(n);
            placed.push_back(n);
        }
        notes << QStringLiteral("the InfiniBand storage fabric has its own subnet managers: %1").arg(sm.who());
    }
    const StorageGuidance f = StorageGuidance::of(tier);
    notes << QStringLiteral(
        "storage tier %1: %2 x %3 for %4 GB/s read and %5 GB/s write (%6 and %7 GB/s per SU of %9 servers%8)")
                 .arg(toString(tier))
                 .arg(systems)
                 .arg(storage.sku)
                 .arg(f.aggregateRead(static_cast<int>(servers.size()), perSu), 0, 'f', 0)
                 .arg(f.aggregateWrite(static_cast<int>(servers.size()), perSu), 0, 'f', 0)
                 .arg(f.suRead)
                 .arg(f.suWrite)
                 .arg(superPod ? QStringLiteral(", at least %1 GB/s per node").arg(StorageGuidance::kSuperPodNodeIoGBps)
                               : QString())
                 .arg(perSu);
    const int dataGroup = DesignBuilder::groupWithRole(sw, PortRole::Fabric);
    const int radix = sw.portGroups[static_cast<size_t>(dataGroup)].count;
    // Servers at about 4:3 (DGX SuperPOD storage fabric), storage systems at 1:1. Every host is
    // dual-homed: its storage ports alternate over a pair of leaves, and the storage systems (with
    // the storage subnet managers) get two leaves even when one would hold their ports, so that no
    // one leaf takes every server's storage (DGX SuperPOD RAs: each pair of storage ports gives
    // parallel pathways; the storage systems are the network's anchor).
    const int serverDown = radix * 4 / 7;
    const int serverUp = serverDown * 3 / 4;
    AccessFabric::Spec spec{
        &sw, dataGroup, dataGroup, &sw, dataGroup, Network::Storage, QStringLiteral("stor"), origin};
    spec.peerLinks = kPeerLinks;
    // On the converged fabric of a server whose RA names it (RA-11338) one SN5600 spine could
    // hold every uplink of a small SU (GB300 NVL72: 116 of 128 ports), and losing it would cut
    // every rack off storage: two spines at least.
    if (!servers.empty() && b.itemOf(servers.front()).storageFabric)
        spec.minSpines = 2;
    std::vector<AccessFabric::Segment> segments;
    segments.push_back({portsWithRole(b, servers, PortRole::Storage), serverDown, serverUp});
    segments.push_back({portsWithRole(b, systemNodes, PortRole::Storage), radix / 2, radix / 2});
    segments[0].spread = true;
    segments[1].spread = true;
    segments[1].minLeaves = 2;
    if (segments[0].ports.empty())
        notes << QStringLiteral("the servers have no storage ports: the storage fabric joins the storage systems only");
    const long long total = static_cast<long long>(segments[0].ports.size() + segments[1].ports.size());
    if (total <= radix) { // one switch would hold it all: a pair of them, joined by a peer link
        std::vector<AccessFabric::Segment> one{{segments[0].ports, radix, 0}};
        one[0].ports.insert(one[0].ports.end(), segments[1].ports.begin(), segments[1].ports.end());
        one[0].spread = true;
        one[0].minLeaves = 2;
        segments = one;
    }
    const AccessFabric::Result r = AccessFabric::build(b, spec, segments);
    placed.insert(placed.end(), r.leaves.begin(), r.leaves.end());
    placed.insert(placed.end(), r.spines.begin(), r.spines.end());
    placed.insert(placed.end(), r.cores.begin(), r.cores.end());
    if (r.pods > 0)
        notes << threeTierNote(QStringLiteral("storage fabric"), r);
    notes << pairNote(QStringLiteral("storage fabric"), r, sw);
    return std::nullopt;
}

std::optional<QString> ServiceNetworks::buildInBand(DesignBuilder& b, const std::vector<NodeId>& servers,
    QPointF origin, std::vector<NodeId>& placed, QStringList& notes, int spineReserve)
{
    const CatalogItem* swModel = b.catalog().withRole(ItemRole::InBandSwitch);
    const CatalogItem* headModel = b.catalog().withRole(ItemRole::ManagementServer);
    const CatalogItem* sw = swModel ? b.use(swModel->sku) : nullptr;
    const CatalogItem* head = headModel ? b.use(headModel->sku) : nullptr;
    if (!sw || !head)
        return QStringLiteral(
            "the catalog names no in-band switch or management server (roles inband-switch, management-server)");
    std::vector<NodeId> hosts = servers;
    for (int i = 0; i < 2; ++i) {
        const NodeId n = b.addNode(*head, QStringLiteral("head-%1").arg(i + 1), Network::None, FabricTier::None,
            origin + QPointF(i * 150.0, 500));
        hosts.push_back(n);
        placed.push_back(n);
    }
    const int dataGroup = DesignBuilder::groupWithRole(*sw, PortRole::Fabric);
    const PortGroup& spineGroup = sw->portGroups[static_cast<size_t>(dataGroup)];
    AccessFabric::Spec spec{sw, dataGroup, dataGroup, sw, dataGroup, Network::InBand, QStringLiteral("inb"), origin};
    spec.spineReserve = spineReserve;
    spec.peerLinks = kPeerLinks;
    // Dual-homed hosts are no help under one spine: losing it cut every host of a leaf off the
    // others and off the head nodes (GB300 NVL72, one SU: 576 GPUs out of the scheduler's reach).
    spec.minSpines = 2;
    std::vector<PortRef> ports = portsWithRole(b, hosts, PortRole::InBand);
    const int radix = spineGroup.count;

    // Ports the sn4600c cannot take (RJ45, or no common speed) get leaves of a model that can,
    // uplinked to the sn4600c spines.
    struct Other {
        const CatalogItem* leaf;
        int down;
        int up;
        std::vector<PortRef> ports;
    };
    std::vector<Other> others;
    std::vector<PortRef> plain;
    std::vector<QString> unplaced;
    for (PortRef p : ports) {
        const PortGroup* g = b.design().portGroup(p);
        if (fits(spineGroup, *g)) {
            plain.push_back(p);
            continue;
        }
        auto same = std::find_if(others.begin(), others.end(),
            [&](const Other& o) { return fits(o.leaf->portGroups[static_cast<size_t>(o.down)], *g); });
        if (same == others.end()) {
            const auto [leaf, down, up] = accessLeafFor(b.catalog(), *g, spineGroup);
            if (!leaf) {
                unplaced.push_back(g->connector);
                continue;
            }
            others.push_back({b.use(leaf->sku), down, up, {}});
            same = others.end() - 1;
        }
        same->ports.push_back(p);
    }
    if (!unplaced.empty())
        notes << QStringLiteral("%1 (%2) %3 no switch of the catalog; left unconnected")
                     .arg(counted(static_cast<long long>(unplaced.size()), "in-band port", "in-band ports"),
                         unplaced.front(), plural(static_cast<long long>(unplaced.size()), "fits", "fit"));
    std::vector<AccessFabric::Segment> segments;
    // Every host's in-band ports alternate over a pair of leaves (a bond over two switches, DGX
    // BasePOD and SuperPOD RAs), and the management servers have two leaves even when one would
    // hold every port: a pair joined by a peer link (MLAG) instead of one switch.
    if (!plain.empty()) {
        AccessFabric::Segment seg{
            plain, static_cast<long long>(plain.size()) <= radix && others.empty() ? radix : 48, 16};
        seg.spread = true;
        seg.minLeaves = 2;
        segments.push_back(std::move(seg));
    }
    QStringList models{sw->sku};
    for (const Other& o : others) {
        const int downPorts = o.leaf->portGroups[static_cast<size_t>(o.down)].count;
        const int upPorts = o.leaf->portGroups[static_cast<size_t>(o.up)].count;
        // A leaf with one port group keeps a quarter for uplinks; one with an uplink group uses it.
        const int down = o.up == o.down ? downPorts * 3 / 4 : downPorts;
        const int up = o.up == o.down ? downPorts - down : std::min(upPorts, 4);
        AccessFabric::Segment seg{o.ports, down, up};
        seg.leaf = o.leaf;
        seg.leafDownGroup = o.down;
        seg.leafUpGroup = o.up;
        // Dual-homed as the plain hosts are: packed in order, every in-band port of an NVL72 rack
        // (18 trays) sat on one SN5600 leaf, and losing that leaf cut five racks off management.
        seg.spread = true;
        seg.minLeaves = 2;
        segments.push_back(std::move(seg));
        models << o.leaf->sku;
    }
    const AccessFabric::Result r = AccessFabric::build(b, spec, segments);
    placed.insert(placed.end(), r.leaves.begin(), r.leaves.end());
    placed.insert(placed.end(), r.spines.begin(), r.spines.end());
    placed.insert(placed.end(), r.cores.begin(), r.cores.end());
    if (r.pods > 0)
        notes << threeTierNote(QStringLiteral("in-band network"), r);
    notes << pairNote(QStringLiteral("in-band network"), r, *sw);
    notes << QStringLiteral("in-band management: %1 (%2; %3 leaves 48 down, 16 up), 2 head nodes")
                 .arg(counted(static_cast<long long>(r.leaves.size() + r.spines.size() + r.cores.size()), "switch",
                          "switches"),
                     models.join(QStringLiteral(", ")), sw->sku);
    return std::nullopt;
}

std::optional<QString> ServiceNetworks::buildOutOfBand(
    DesignBuilder& b, QPointF origin, std::vector<NodeId>& placed, QStringList& notes, Uplinks* uplinks)
{
    const CatalogItem* accessModel = b.catalog().withRole(ItemRole::OutOfBandSwitch);
    const CatalogItem* access = accessModel ? b.use(accessModel->sku) : nullptr;
    if (!access)
        return QStringLiteral("the catalog names no out-of-band switch (role oob-switch)");
    std::vector<NodeId> all;
    // The in-band switches the OOB switches uplink into (DGX SuperPOD RA: the OOB network's
    // switches have two uplinks each into the in-band network, no aggregation layer of their own):
    // the in-band spines, else its leaves.
    std::vector<NodeId> inBandSpines;
    std::vector<NodeId> inBandLeaves;
    b.design().nodes().forEach([&](const Node& n) {
        all.push_back(n.id);
        if (n.network == Network::InBand && b.itemOf(n.id).kind == ItemKind::Switch)
            (n.tier == FabricTier::Spine ? inBandSpines : inBandLeaves).push_back(n.id);
    });
    const std::vector<NodeId>& upstream = inBandSpines.empty() ? inBandLeaves : inBandSpines;
    std::vector<PortRef> ports = portsWithRole(b, all, PortRole::OutOfBand);
    const int accessGroup = DesignBuilder::groupWithRole(*access, PortRole::Fabric, 0);
    const int upGroup = DesignBuilder::groupWithRole(*access, PortRole::Fabric, 1);
    const int accessPorts = access->portGroups[static_cast<size_t>(accessGroup)].count;
    // Two ports per access switch stay free for the OOB switches' own management ports.
    const int down = ports.size() + 1 <= static_cast<size_t>(accessPorts) ? accessPorts : accessPorts - 2;
    AccessFabric::Spec spec{
        access, accessGroup, upGroup, nullptr, -1, Network::OutOfBand, QStringLiteral("oob"), origin};
    // The access switches of a line of racks that holds GPU servers (a scalable unit's row) serve
    // that line, so BMC and PDU cables stay in the row (DGX SuperPOD RA: two SN2201 per SU at 4
    // SU); the other racks' ports (spines, storage, management) take the ports those leave free,
    // and switches of their own only beyond that.
    std::vector<QString> lines;
    std::map<QString, std::vector<PortRef>> byLine;
    std::vector<PortRef> rest;
    {
        std::map<QString, bool> gpuLine;
        b.design().nodes().forEach([&](const Node& n) {
            if (const Group* g = b.design().group(n.rack); g && b.itemOf(n.id).gpuCount() > 0)
                gpuLine[g->name.section(QLatin1Char('-'), 0, -2)] = true;
        });
        for (PortRef p : ports) {
            const Group* g = b.design().group(b.design().node(p.node)->rack);
            const QString line = g ? g->name.section(QLatin1Char('-'), 0, -2) : QString();
            if (!gpuLine.contains(line)) {
                rest.push_back(p);
                continue;
            }
            if (!byLine.contains(line))
                lines.push_back(line);
            byLine[line].push_back(p);
        }
    }
    std::vector<AccessFabric::Segment> segments;
    for (const QString& line : lines)
        segments.push_back({byLine[line], down, 0});
    // On a floor of several blocks of rows the central rows (spines, cores, management) stand far
    // from most server rows, beyond what a Cat6 run reaches (100 m): their ports get access
    // switches of their own, per line of racks, instead of the ports the rows' switches leave free.
    if (!rest.empty() && down != accessPorts) {
        size_t perBlock = lines.size();
        b.design().groups().forEach([&](const Group& g) {
            if (g.kind == GroupKind::Rack && !g.sku.isEmpty())
                if (const CatalogItem* rack = b.catalog().item(g.sku))
                    perBlock = std::min(perBlock, FloorPlan::rowsPerBlock(*rack, lines.size()));
        });
        if (lines.size() > perBlock) {
            std::vector<QString> restLines;
            std::map<QString, std::vector<PortRef>> restByLine;
            for (PortRef p : rest) {
                const Group* g = b.design().group(b.design().node(p.node)->rack);
                const QString line = g ? g->name.section(QLatin1Char('-'), 0, -2) : QString();
                if (!restByLine.contains(line))
                    restLines.push_back(line);
                restByLine[line].push_back(p);
            }
            for (const QString& line : restLines)
                segments.push_back({restByLine[line], down, 0});
            rest.clear();
        }
    }
    if (down == accessPorts || segments.empty()) { // one switch holds every port, or no rack holds a server
        segments = {{ports, down, 0}};
        rest.clear();
    }
    AccessFabric::Result r = AccessFabric::build(b, spec, segments);
    size_t restNext = 0;
    for (NodeId leaf : r.leaves)
        while (restNext < rest.size() && b.freePorts(leaf, accessGroup) > accessPorts - down)
            b.connect(rest[restNext++], b.takePort(leaf, accessGroup));
    if (restNext < rest.size()) {
        spec.origin = origin + QPointF(static_cast<double>(r.leaves.size()) * 250, 0);
        const AccessFabric::Result more = AccessFabric::build(
            b, spec, {{std::vector<PortRef>(rest.begin() + static_cast<long>(restNext), rest.end()), down, 0}});
        r.leaves.insert(r.leaves.end(), more.leaves.begin(), more.leaves.end());
    }
    constexpr int kUplinks = 2;
    int unlinked = 0;
    size_t next = 0;
    for (NodeId leaf : r.leaves) {
        for (int k = 0; k < kUplinks && upGroup >= 0; ++k) {
            const PortRef up = b.takePort(leaf, upGroup);
            PortRef target;
            for (size_t t = 0; t < upstream.size() && !target.isValid(); ++t) {
                const NodeId sw = upstream[(next + t) % upstream.size()];
                const int g = DesignBuilder::groupWithRole(b.itemOf(sw), PortRole::Fabric);
                if (up.isValid() && g >= 0 && b.freePorts(sw, g) > 0) {
                    target = b.takePort(sw, g);
                    next = (next + t + 1) % upstream.size();
                }
            }
            if (up.isValid() && target.isValid() && !b.design().whyIncompatible(up, target))
                b.connect(up, target);
            else
                ++unlinked;
        }
    }
    if (uplinks)
        *uplinks = {static_cast<int>(r.leaves.size()) * kUplinks, unlinked};
    if (unlinked > 0)
        notes << QStringLiteral("%1 found no free in-band switch port; left unconnected")
                     .arg(counted(unlinked, "out-of-band uplink", "out-of-band uplinks"));
    std::vector<NodeId> own = r.leaves;
    const int mgmtAccess = DesignBuilder::groupWithRole(*access, PortRole::OutOfBand);
    // Each switch's management port goes to a switch of its own line of racks where there is one,
    // else of a line of the same kind (server rows, or the central rows), nearest in build order,
    // so that the Cat6 run stays within the hall's reach.
    auto lineOf = [&](NodeId leaf) {
        const Design& d = b.design();
        for (LinkId id : d.linksOf(leaf)) {
            const Link* l = d.link(id);
            const NodeId other = l->a.node == leaf ? l->b.node : l->a.node;
            if (const Group* g = d.group(d.node(other)->rack); g && d.node(other)->sku != d.node(leaf)->sku)
                return g->name.section(QLatin1Char('-'), 0, -2);
        }
        return QString();
    };
    std::vector<QString> leafLine;
    std::vector<char> leafGpu;
    for (NodeId leaf : r.leaves) {
        leafLine.push_back(lineOf(leaf));
        leafGpu.push_back(std::find(lines.begin(), lines.end(), leafLine.back()) != lines.end());
    }
    int unreached = 0;
    const long count = static_cast<long>(r.leaves.size());
    for (size_t i = 0; i < own.size(); ++i) {
        const NodeId n = own[i];
        const PortRef mgmt = b.takePort(n, mgmtAccess);
        PortRef target;
        for (int pass = 0; pass < 3 && !target.isValid(); ++pass)
            for (long t = 1; t <= count && !target.isValid(); ++t)
                for (long step : {t, -t}) {
                    const size_t j = static_cast<size_t>(((static_cast<long>(i) + step) % count + count) % count);
                    const bool fits = pass == 2 || (pass == 0 ? leafLine[j] == leafLine[i] : leafGpu[j] == leafGpu[i]);
                    if (!target.isValid() && j != i && fits && b.freePorts(r.leaves[j], accessGroup) > 0)
                        target = b.takePort(r.leaves[j], accessGroup);
                }
        if (mgmt.isValid() && target.isValid())
            b.connect(mgmt, target);
        else
            ++unreached;
    }
    if (unreached > 0)
        notes << QStringLiteral("%1 left unconnected (a single OOB switch cannot reach itself)")
                     .arg(counted(
                         unreached, "out-of-band switch management port", "out-of-band switch management ports"));
    notes << QStringLiteral("out-of-band: %1 x %2, %3 uplinks each into the in-band network")
                 .arg(r.leaves.size())
                 .arg(access->sku)
                 .arg(kUplinks);
    placed.insert(placed.end(), own.begin(), own.end());
    return std::nullopt;
}

} // namespace pw
