#include "generate/leafspinefabric.h"

#include "generate/closbuilder.h"
#include "generate/designbuilder.h"
#include "generate/floorplan.h"
#include "generate/generatoroptions.h"
#include "generate/leafpair.h"
#include "generate/subnetmanagers.h"
#include "model/useroption.h"
#include "util/plural.h"

#include <algorithm>

namespace pw {

namespace {
constexpr double kServerWidth = 100;

// Which leaf downlink each host port takes (issue 26 section 2), so that a server with two or more
// ports reaches two or more leaves and no one leaf (nor one rack of leaves) holds every link of a
// server. The ports go in blocks: a full block is `down` servers on `perServer` leaves, port p of
// each on leaf p of the block (a DGX's 8 ports on 8 leaves of 32 downlinks: 32 servers, as a
// rail-optimized unit). The servers left over, and the subnet managers' ports after them, join the
// last full block, whose ports are dealt round-robin over its leaves (a server's consecutive ports
// on consecutive leaves). Its L leaves hold L x down >= its ports, so none takes more than `down`,
// and the leaf count stays ceil(host ports / down); its leaves are evenly loaded, under `down`
// where the ports do not fill them (busiestLeaf).
struct HostDealing {
    int nodes = 0;
    int perServer = 0;
    int down = 0;
    int leafCount = 0;

    struct Place {
        int leaf = 0;
        int port = 0;
    };

    [[nodiscard]] long long fullBlocks() const { return nodes / std::max(1, down); }
    // Full blocks dealt on their own: all of them, but the last when servers or subnet managers are
    // left over (it takes them).
    [[nodiscard]] long long blocksAlone() const
    {
        const bool tail = leafCount > fullBlocks() * perServer;
        return tail && fullBlocks() > 0 ? fullBlocks() - 1 : fullBlocks();
    }

    // Host port `q` in order (server i's port p is i x perServer + p; the subnet managers' follow).
    [[nodiscard]] Place place(long long q) const
    {
        const long long blockPorts = static_cast<long long>(down) * perServer;
        const long long block = std::min(q / blockPorts, blocksAlone());
        const long long firstLeaf = block * perServer;
        const long long leaves = block < blocksAlone() ? perServer : leafCount - firstLeaf;
        const long long local = q - block * blockPorts;
        return {static_cast<int>(firstLeaf + local % leaves), static_cast<int>(local / leaves)};
    }

    // The downlinks the busiest leaf takes: `down` where a block is full, else the last block's
    // ports over its leaves, rounded up.
    [[nodiscard]] int busiestLeaf(long long hostPorts) const
    {
        if (blocksAlone() > 0)
            return down;
        return static_cast<int>((hostPorts + leafCount - 1) / leafCount);
    }
};
} // namespace

std::optional<QString> LeafSpineFabric::build(DesignBuilder& b, const GeneratorOptions& o, const CatalogItem& server,
    const CatalogItem& sw, int nodes, const CatalogItem* ufm, ComputeLayout& layout, QStringList& notes)
{
    const int computeGroup = DesignBuilder::groupWithRole(server, PortRole::Compute);
    if (computeGroup < 0)
        return QStringLiteral("%1 has no compute-fabric ports").arg(server.sku);
    const int perServer = server.portGroups[static_cast<size_t>(computeGroup)].count;
    const int dataGroup = DesignBuilder::groupWithRole(sw, PortRole::Fabric);
    const PortGroup& fabric = sw.portGroups[static_cast<size_t>(dataGroup)];
    const int radix = fabric.count;
    const Oversubscription& os = o.oversubscription;
    // Oversubscription is a ratio of bandwidth: downlinks run at the speed the hosts share with the
    // leaf, uplinks at the switch's own.
    int downGbps = 0;
    for (int s : server.portGroups[static_cast<size_t>(computeGroup)].speedsGbps)
        for (int t : fabric.speedsGbps)
            if (s == t)
                downGbps = std::max(downGbps, s);
    const int upGbps = fabric.maxSpeedGbps();
    const auto split = os.leafPorts(radix, downGbps, upGbps);
    if (!split)
        return QStringLiteral("%1 (radix %2) cannot be a leaf at %3").arg(sw.sku).arg(radix).arg(os.toString());
    const int down = split->down;
    const int up = split->up;
    layout.leafUplinks = up;
    layout.leafRatio
        = Oversubscription::ratioText(static_cast<long long>(down) * downGbps, static_cast<long long>(up) * upGbps);
    if (layout.leafRatio != os.toString())
        notes << QStringLiteral("leaves: %1 x %2G down, %3 x %4G up, %5 (asked %6)")
                     .arg(down)
                     .arg(downGbps)
                     .arg(up)
                     .arg(upGbps)
                     .arg(layout.leafRatio, os.toString());
    const SubnetManagers sm = SubnetManagers::of(ufm, PortRole::Compute);
    const int ufmPorts = sm.ports();
    const long long hostPorts = static_cast<long long>(nodes) * perServer + ufmPorts;
    // Ethernet servers with two fabric ports are dual-homed: leaves come in pairs, port 0 of each
    // server on the first leaf of its pair and port 1 on the second, the servers shared evenly over
    // ceil(servers / downlinks) pairs (one more leaf at most than filling leaves in turn, and no
    // server lost with one switch). One pair alone is an MLAG pair with no spine (LeafPair).
    const bool ethernet = sw.switchSpec && sw.switchSpec->technology == QLatin1String("ethernet");
    const bool dualHomed = ethernet && perServer == 2 && !sm.any();
    const long long pairs = dualHomed ? (nodes + down - 1) / down : 0;
    const long long leafCount = dualHomed ? 2 * pairs : (hostPorts + down - 1) / down;
    if (leafCount > radix)
        return QStringLiteral("two tiers of %1 at %2 hold at most %3 server ports (%4 leaves of %5 downlinks); "
                              "%6 servers need %7 (use a rail-optimized or fat-tree %8, or a larger switch)")
            .arg(sw.sku)
            .arg(os.toString())
            .arg(radix * down)
            .arg(radix)
            .arg(down)
            .arg(nodes)
            .arg(hostPorts)
            .arg(UserOptions::mention(UserOption::Topology));

    Design& d = b.design();
    d.reserve(static_cast<size_t>(nodes + leafCount * 2 + 64), static_cast<size_t>(hostPorts * 3 + 1024));
    layout.serverY = 900;
    std::vector<NodeId> leaves;
    std::vector<ClosBuilder::Leaf> closLeaves;
    // The servers of pair p: the first nodes % pairs pairs take one more.
    auto pairStart = [&](long long p) { return p * (nodes / pairs) + std::min<long long>(p, nodes % pairs); };
    for (long long l = 0; l < leafCount; ++l) {
        const double x = dualHomed ? (pairStart(l / 2) + (pairStart(l / 2 + 1) - pairStart(l / 2)) / 2.0) * kServerWidth
                                   : (l * down + down / 2.0) / perServer * kServerWidth;
        const NodeId leaf = b.addNode(sw, QStringLiteral("leaf-%1").arg(l + 1, 3, 10, QLatin1Char('0')),
            Network::Compute, FabricTier::Leaf, QPointF(x, 600));
        leaves.push_back(leaf);
        closLeaves.push_back({leaf, x});
    }
    // Rows of racks as the server's generation stands them (catalog data, FloorPlan).
    const int serversPerRow = FloorPlan::serversPerRow(server);
    const HostDealing dealing{nodes, perServer, down, static_cast<int>(leafCount)};
    if (const int busiest = dealing.busiestLeaf(hostPorts); !dualHomed && busiest < down) {
        // The leaves as built: evenly loaded, each under its downlinks, so better than the split.
        layout.leafRatio = Oversubscription::ratioText(
            static_cast<long long>(busiest) * downGbps, static_cast<long long>(up) * upGbps);
        notes << QStringLiteral("leaves: %1 host ports dealt evenly over %2 leaves, at most %3 of %4 downlinks each "
                                "with %5 uplinks: %6 as built (asked %7)")
                     .arg(hostPorts)
                     .arg(leafCount)
                     .arg(busiest)
                     .arg(down)
                     .arg(up)
                     .arg(layout.leafRatio, os.toString());
    }
    std::vector<NodeId> row;
    std::vector<NodeId> rowLeaves;
    for (int i = 0; i < nodes; ++i) {
        const NodeId n = b.addNode(server, QStringLiteral("%1-%2").arg(server.sku).arg(i + 1, 5, 10, QLatin1Char('0')),
            Network::None, FabricTier::None, QPointF(i * kServerWidth, 900));
        if (dualHomed) {
            long long pair = i * pairs / nodes; // near the pair that holds server i; the bounds decide
            while (pair > 0 && pairStart(pair) > i)
                --pair;
            while (pairStart(pair + 1) <= i)
                ++pair;
            for (int p = 0; p < perServer; ++p) {
                const NodeId leaf = leaves[static_cast<size_t>(2 * pair + p)];
                if (std::find(rowLeaves.begin(), rowLeaves.end(), leaf) == rowLeaves.end())
                    rowLeaves.push_back(leaf);
                b.connect(
                    b.portAt(n, computeGroup, p), b.portAt(leaf, dataGroup, static_cast<int>(i - pairStart(pair))));
            }
        }
        for (int p = 0; p < perServer && !dualHomed; ++p) {
            const HostDealing::Place at = dealing.place(static_cast<long long>(i) * perServer + p);
            const NodeId leaf = leaves[static_cast<size_t>(at.leaf)];
            if (std::find(rowLeaves.begin(), rowLeaves.end(), leaf) == rowLeaves.end())
                rowLeaves.push_back(leaf);
            b.connect(b.portAt(n, computeGroup, p), b.portAt(leaf, dataGroup, at.port));
        }
        row.push_back(n);
        layout.servers.push_back(n);
        if (i == nodes - 1 && sm.any()) {
            // The subnet managers take the downlinks after the last server's.
            int ufmPort = 0;
            for (NodeId u :
                sm.add(b, *ufm, QStringLiteral("ufm"), QPointF((i + 1) * kServerWidth, 900), kServerWidth)) {
                for (int p = 0; p < sm.portsEach; ++p, ++ufmPort) {
                    const HostDealing::Place at = dealing.place(static_cast<long long>(nodes) * perServer + ufmPort);
                    const NodeId leaf = leaves[static_cast<size_t>(at.leaf)];
                    if (std::find(rowLeaves.begin(), rowLeaves.end(), leaf) == rowLeaves.end())
                        rowLeaves.push_back(leaf);
                    b.connect(b.portAt(u, sm.group, p), b.portAt(leaf, dataGroup, at.port));
                }
                layout.appliances.push_back(u);
            }
            notes << QStringLiteral("%1 takes %2").arg(sm.who(), counted(ufmPorts, "leaf downlink", "leaf downlinks"));
        }
        if (static_cast<int>(row.size()) == serversPerRow || i == nodes - 1) {
            layout.serverRows.push_back(std::move(row));
            layout.leafRows.push_back(rowLeaves);
            row.clear();
            rowLeaves.clear();
        }
    }
    // A leaf shared by two rows of servers stays with the first.
    std::vector<bool> seen(d.nodes().slotCount() + 1, false);
    for (auto& r : layout.leafRows) {
        std::vector<NodeId> unique;
        for (NodeId l : r)
            if (!seen[l.value()]) {
                seen[l.value()] = true;
                unique.push_back(l);
            }
        r = std::move(unique);
    }
    for (NodeId leaf : leaves)
        b.skipTo(leaf, dataGroup, down);
    if (dualHomed && pairs == 1) {
        // The hosts fill ports 0..nodes-1 of each leaf; the peer link starts at the next whole cage.
        const int cage = std::max(1, fabric.portsPerCage);
        const int first = (nodes + cage - 1) / cage * cage;
        const int isl = LeafPair::links(nodes, downGbps, upGbps, os, radix - first);
        LeafPair::join(b, sw, leaves[0], leaves[1], first, isl);
        layout.tiers = 1;
        layout.leafUplinks = isl;
        layout.leafRatio = Oversubscription::ratioText(
            static_cast<long long>(nodes) * downGbps, static_cast<long long>(isl) * upGbps);
        notes << QStringLiteral("two leaves hold every server: an MLAG pair with no spine, each server's two ports on "
                                "the two leaves (dual-homed), joined by %1 inter-switch links of %2G (%3 x %4G of "
                                "hosts per leaf at %5)")
                     .arg(isl)
                     .arg(upGbps)
                     .arg(nodes)
                     .arg(downGbps)
                     .arg(os.toString());
    } else if (leafCount == 1) {
        layout.tiers = 1;
        notes << QStringLiteral("one leaf holds every server: no spine tier");
    } else {
        ClosBuilder::Result clos;
        // Two spines at least: under one, losing it cut every leaf off the others (64 L40S on
        // SN5610: 4 leaves of 12 uplinks fit one spine; two take 6 from each).
        if (auto error = ClosBuilder::build(b, sw, closLeaves, up, 0, false, 350, 100, clos, 0, false, 0, 2))
            return error;
        layout.tiers = clos.tiers;
        layout.spineRows.push_back(clos.spines);
    }
    layout.width = nodes * kServerWidth;
    return std::nullopt;
}

} // namespace pw
