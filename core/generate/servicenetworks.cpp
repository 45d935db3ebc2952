#include "generate/servicenetworks.h"

#include "generate/accessfabric.h"
#include "generate/designbuilder.h"

#include <cmath>

namespace pw {

namespace {

// NVIDIA DGX SuperPOD H100 RA, guidelines for storage performance, single-SU aggregate (GB/s).
struct TierFigures {
    double readPerSu;
    double writePerSu;
};
TierFigures figures(StorageTier tier)
{
    switch (tier) {
    case StorageTier::Good: return {15, 7};
    case StorageTier::Better: return {40, 20};
    case StorageTier::Best: return {125, 62};
    }
    return {15, 7};
}

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

} // namespace

int ServiceNetworks::storageSystemsFor(StorageTier tier, int nodes, const CatalogItem& storage)
{
    const TierFigures f = figures(tier);
    const double units = nodes / 32.0;
    const double read = storage.storage ? storage.storage->readGBps.value : 0;
    const double write = storage.storage ? storage.storage->writeGBps.value : 0;
    int n = 1;
    if (read > 0)
        n = std::max(n, static_cast<int>(std::ceil(f.readPerSu * units / read - 1e-9)));
    if (write > 0)
        n = std::max(n, static_cast<int>(std::ceil(f.writePerSu * units / write - 1e-9)));
    return n;
}

std::optional<QString> ServiceNetworks::buildStorage(DesignBuilder& b, const std::vector<NodeId>& servers,
                                                     const CatalogItem& storage, StorageTier tier, const CatalogItem& sw,
                                                     QPointF origin, std::vector<NodeId>& placed, QStringList& notes)
{
    const int systems = storageSystemsFor(tier, static_cast<int>(servers.size()), storage);
    std::vector<NodeId> systemNodes;
    for (int i = 0; i < systems; ++i) {
        const NodeId n = b.addNode(storage, QStringLiteral("%1-%2").arg(storage.sku).arg(i + 1, 3, 10, QLatin1Char('0')),
                                   Network::None, FabricTier::None, origin + QPointF(i * 150.0, 500));
        systemNodes.push_back(n);
        placed.push_back(n);
    }
    const TierFigures f = figures(tier);
    notes << QStringLiteral("storage tier %1: %2 x %3 for %4 GB/s read and %5 GB/s write (%6 and %7 GB/s per SU)")
                 .arg(toString(tier)).arg(systems).arg(storage.sku)
                 .arg(f.readPerSu * servers.size() / 32.0, 0, 'f', 0).arg(f.writePerSu * servers.size() / 32.0, 0, 'f', 0)
                 .arg(f.readPerSu).arg(f.writePerSu);
    const int dataGroup = DesignBuilder::groupWithRole(sw, PortRole::Fabric);
    const int radix = sw.portGroups[static_cast<size_t>(dataGroup)].count;
    // Servers at about 4:3 (DGX SuperPOD storage fabric), storage systems at 1:1.
    const int serverDown = radix * 4 / 7;
    const int serverUp = serverDown * 3 / 4;
    AccessFabric::Spec spec{&sw, dataGroup, dataGroup, &sw, dataGroup, Network::Storage, QStringLiteral("stor"), origin};
    std::vector<AccessFabric::Segment> segments;
    segments.push_back({portsWithRole(b, servers, PortRole::Storage), serverDown, serverUp});
    segments.push_back({portsWithRole(b, systemNodes, PortRole::Storage), radix / 2, radix / 2});
    if (segments[0].ports.empty())
        notes << QStringLiteral("the servers have no storage ports: the storage fabric joins the storage systems only");
    const long long total = static_cast<long long>(segments[0].ports.size() + segments[1].ports.size());
    if (total <= radix) { // one switch holds it all
        segments[0].down = radix;
        segments[1].down = radix;
        std::vector<AccessFabric::Segment> one{{segments[0].ports, radix, 0}};
        one[0].ports.insert(one[0].ports.end(), segments[1].ports.begin(), segments[1].ports.end());
        segments = one;
    }
    const AccessFabric::Result r = AccessFabric::build(b, spec, segments);
    placed.insert(placed.end(), r.leaves.begin(), r.leaves.end());
    placed.insert(placed.end(), r.spines.begin(), r.spines.end());
    return std::nullopt;
}

std::optional<QString> ServiceNetworks::buildInBand(DesignBuilder& b, const std::vector<NodeId>& servers, QPointF origin,
                                                    std::vector<NodeId>& placed, QStringList& notes)
{
    const CatalogItem* sw = b.use(QStringLiteral("sn4600c"));
    const CatalogItem* head = b.use(QStringLiteral("mgmt-server-1u"));
    if (!sw || !head)
        return QStringLiteral("the catalog lacks sn4600c or mgmt-server-1u for the in-band network");
    std::vector<NodeId> hosts = servers;
    for (int i = 0; i < 2; ++i) {
        const NodeId n = b.addNode(*head, QStringLiteral("head-%1").arg(i + 1), Network::None, FabricTier::None,
                                   origin + QPointF(i * 150.0, 500));
        hosts.push_back(n);
        placed.push_back(n);
    }
    const int dataGroup = DesignBuilder::groupWithRole(*sw, PortRole::Fabric);
    AccessFabric::Spec spec{sw, dataGroup, dataGroup, sw, dataGroup, Network::InBand, QStringLiteral("inb"), origin};
    std::vector<PortRef> ports = portsWithRole(b, hosts, PortRole::InBand);
    const int radix = sw->portGroups[static_cast<size_t>(dataGroup)].count;
    std::vector<AccessFabric::Segment> segments{{ports, static_cast<long long>(ports.size()) <= radix ? radix : 48, 16}};
    const AccessFabric::Result r = AccessFabric::build(b, spec, segments);
    placed.insert(placed.end(), r.leaves.begin(), r.leaves.end());
    placed.insert(placed.end(), r.spines.begin(), r.spines.end());
    notes << QStringLiteral("in-band management: %1 x sn4600c (48 down, 16 up per leaf), 2 head nodes")
                 .arg(r.leaves.size() + r.spines.size());
    return std::nullopt;
}

std::optional<QString> ServiceNetworks::buildOutOfBand(DesignBuilder& b, QPointF origin, std::vector<NodeId>& placed,
                                                       QStringList& notes)
{
    const CatalogItem* access = b.use(QStringLiteral("sn2201"));
    const CatalogItem* agg = b.use(QStringLiteral("sn4600c"));
    if (!access || !agg)
        return QStringLiteral("the catalog lacks sn2201 or sn4600c for the out-of-band network");
    std::vector<NodeId> all;
    b.design().nodes().forEach([&](const Node& n) { all.push_back(n.id); });
    std::vector<PortRef> ports = portsWithRole(b, all, PortRole::OutOfBand);
    const int accessGroup = DesignBuilder::groupWithRole(*access, PortRole::Fabric, 0);
    const int upGroup = DesignBuilder::groupWithRole(*access, PortRole::Fabric, 1);
    const int aggGroup = DesignBuilder::groupWithRole(*agg, PortRole::Fabric);
    const int accessPorts = access->portGroups[static_cast<size_t>(accessGroup)].count;
    // Two ports per access switch stay free for the OOB switches' own management ports.
    const int down = ports.size() + 1 <= static_cast<size_t>(accessPorts) ? accessPorts : accessPorts - 2;
    AccessFabric::Spec spec{access, accessGroup, upGroup, agg, aggGroup, Network::OutOfBand, QStringLiteral("oob"), origin};
    const AccessFabric::Result r = AccessFabric::build(b, spec, {{ports, down, 2}});
    std::vector<NodeId> own = r.leaves;
    own.insert(own.end(), r.spines.begin(), r.spines.end());
    const int mgmtAccess = DesignBuilder::groupWithRole(*access, PortRole::OutOfBand);
    const int mgmtAgg = DesignBuilder::groupWithRole(*agg, PortRole::OutOfBand);
    int unreached = 0;
    for (size_t i = 0; i < own.size(); ++i) {
        const NodeId n = own[i];
        const PortRef mgmt = b.takePort(n, i < r.leaves.size() ? mgmtAccess : mgmtAgg);
        PortRef target;
        for (size_t t = 1; t <= r.leaves.size() && !target.isValid(); ++t) {
            const NodeId leaf = r.leaves[(i + t) % r.leaves.size()];
            if (leaf != n)
                target = b.takePort(leaf, accessGroup);
        }
        if (mgmt.isValid() && target.isValid())
            b.connect(mgmt, target);
        else
            ++unreached;
    }
    if (unreached > 0)
        notes << QStringLiteral("%1 out-of-band switch management port(s) left unconnected (a single OOB switch cannot reach itself)").arg(unreached);
    placed.insert(placed.end(), own.begin(), own.end());
    return std::nullopt;
}

} // namespace pw
