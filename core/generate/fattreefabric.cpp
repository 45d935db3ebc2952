#include "generate/fattreefabric.h"

#include "generate/designbuilder.h"
#include "generate/subnetmanagers.h"
#include "model/useroption.h"
#include "util/plural.h"

namespace pw {

std::optional<QString> FatTreeFabric::build(DesignBuilder& b, const CatalogItem& server, const CatalogItem& sw, int k,
    int nodes, const CatalogItem* ufm, ComputeLayout& layout, QStringList& notes)
{
    const int computeGroup = DesignBuilder::groupWithRole(server, PortRole::Compute);
    if (computeGroup < 0)
        return QStringLiteral("%1 has no compute-fabric ports").arg(server.sku);
    const int perServer = server.portGroups[static_cast<size_t>(computeGroup)].count;
    const int dataGroup = DesignBuilder::groupWithRole(sw, PortRole::Fabric);
    const int ports = sw.portGroups[static_cast<size_t>(dataGroup)].count;
    if (k < 2 || k % 2 != 0)
        return QStringLiteral("a k-ary fat-tree needs an even k of at least 2 (got %1)").arg(k);
    if (k > ports)
        return QStringLiteral("k = %1 needs switches of %1 ports; %2 has %3").arg(k).arg(sw.sku).arg(ports);
    const int h = k / 2;
    if (h % perServer != 0)
        return QStringLiteral(
            "a %1-ary fat-tree has %2 host ports per edge switch; %3 has %4 compute ports, which do not divide it")
            .arg(k)
            .arg(h)
            .arg(server.sku)
            .arg(perServer);
    const SubnetManagers sm = SubnetManagers::of(ufm, PortRole::Compute);
    const int ufmPorts = sm.ports();
    const long long serverPorts = static_cast<long long>(nodes) * perServer;
    const long long hostPorts = serverPorts + ufmPorts;
    const long long capacity = static_cast<long long>(k) * h * h;
    if (hostPorts > capacity)
        return QStringLiteral("a %1-ary fat-tree holds %2 host ports; %3 servers of %4 need %5%6 (raise the %7)")
            .arg(k)
            .arg(capacity)
            .arg(nodes)
            .arg(server.sku)
            .arg(serverPorts)
            .arg(ufmPorts > 0 ? QStringLiteral(" and %1 for %2").arg(ufmPorts).arg(sm.who()) : QString())
            .arg(UserOptions::mention(UserOption::Radix));
    const int pods = static_cast<int>((hostPorts + h * h - 1) / (h * h));
    Design& d = b.design();
    d.reserve(static_cast<size_t>(nodes + pods * k + h * h + 64), static_cast<size_t>(hostPorts * 3 + 1024));

    const double hostWidth = 100;
    const double podWidth = h * h * hostWidth + 400;
    layout.serverY = 1100;
    std::vector<NodeId> cores;
    for (int c = 0; c < h * h; ++c) {
        const double x = (h * h == 1) ? pods * podWidth / 2 : (pods * podWidth - 400) * c / (h * h - 1);
        cores.push_back(b.addNode(sw, QStringLiteral("core-%1").arg(c + 1, 4, 10, QLatin1Char('0')), Network::Compute,
            FabricTier::Core, QPointF(x, 100)));
    }
    long long port = 0;
    int serverNumber = 0;
    std::vector<NodeId> ufmNodes;
    int placedUfmPorts = 0;
    for (int p = 0; p < pods; ++p) {
        const GroupId pod = b.addGroup(GroupKind::Pod, QStringLiteral("Pod %1").arg(p + 1));
        layout.units.push_back(pod);
        const double x0 = p * podWidth;
        std::vector<NodeId> edges;
        std::vector<NodeId> aggs;
        for (int e = 0; e < h; ++e)
            edges.push_back(b.addNode(sw, QStringLiteral("edge-p%1-%2").arg(p + 1, 2, 10, QLatin1Char('0')).arg(e + 1),
                Network::Compute, FabricTier::Leaf, QPointF(x0 + (e + 0.5) * h * hostWidth, 800), pod));
        for (int a = 0; a < h; ++a)
            aggs.push_back(b.addNode(sw, QStringLiteral("agg-p%1-%2").arg(p + 1, 2, 10, QLatin1Char('0')).arg(a + 1),
                Network::Compute, FabricTier::Spine, QPointF(x0 + (a + 0.5) * h * hostWidth, 450), pod));
        std::vector<NodeId> row;
        const long long podEnd = std::min(hostPorts, static_cast<long long>(p + 1) * h * h);
        while (port < podEnd && serverNumber < nodes) {
            const NodeId n = b.addNode(server,
                QStringLiteral("%1-%2").arg(server.sku).arg(serverNumber + 1, 5, 10, QLatin1Char('0')), Network::None,
                FabricTier::None, QPointF(x0 + (port - p * h * h) * hostWidth, 1100), pod);
            ++serverNumber;
            for (int q = 0; q < perServer; ++q, ++port) {
                // Dealt round-robin over the pod's edges (issue 26 section 2): a server's ports reach
                // min(ports, h) edges, so no one edge, nor one rack of them, holds all its links. A pod
                // holds at most h x h host ports, so no edge takes more than h.
                const long long local = port - static_cast<long long>(p) * h * h;
                const int edge = static_cast<int>(local % h);
                b.connect(b.portAt(n, computeGroup, q), b.takePort(edges[static_cast<size_t>(edge)], dataGroup));
            }
            row.push_back(n);
            layout.servers.push_back(n);
        }
        // The subnet manager takes the host ports after the last server's (possibly over two pods).
        while (ufmPorts > 0 && serverNumber == nodes && placedUfmPorts < ufmPorts && port < podEnd) {
            if (ufmNodes.empty()) {
                ufmNodes = sm.add(
                    b, *ufm, QStringLiteral("ufm"), QPointF(x0 + (port - p * h * h) * hostWidth, 1100), hostWidth, pod);
                layout.appliances.insert(layout.appliances.end(), ufmNodes.begin(), ufmNodes.end());
            }
            const long long local = port - static_cast<long long>(p) * h * h;
            const NodeId u = ufmNodes[static_cast<size_t>(placedUfmPorts / sm.portsEach)];
            b.connect(b.portAt(u, sm.group, placedUfmPorts % sm.portsEach),
                b.takePort(edges[static_cast<size_t>(local % h)], dataGroup));
            ++placedUfmPorts;
            ++port;
        }
        for (NodeId e : edges)
            b.skipTo(e, dataGroup, h);
        for (NodeId e : edges)
            for (NodeId a : aggs)
                b.connect(b.takePort(e, dataGroup), b.takePort(a, dataGroup));
        for (int a = 0; a < h; ++a)
            for (int i = 0; i < h; ++i)
                b.connect(b.takePort(aggs[static_cast<size_t>(a)], dataGroup),
                    b.takePort(cores[static_cast<size_t>(a * h + i)], dataGroup));
        layout.serverRows.push_back(std::move(row));
        layout.leafRows.push_back(edges);
        layout.spineRows.push_back(aggs);
    }
    layout.cores = cores;
    layout.tiers = 3;
    layout.width = pods * podWidth;
    if (!ufmNodes.empty())
        notes << QStringLiteral("%1 takes %2 of the fat-tree")
                     .arg(sm.who(), counted(ufmPorts, "host port", "host ports"));
    if (pods < k)
        notes << QStringLiteral("%1 of %2 pods built (the hosts need no more); the core is complete").arg(pods).arg(k);
    return std::nullopt;
}

} // namespace pw
