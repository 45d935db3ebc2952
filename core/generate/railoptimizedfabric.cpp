#include "generate/railoptimizedfabric.h"

#include "catalog/rackscale.h"
#include "generate/closbuilder.h"
#include "generate/designbuilder.h"
#include "generate/generatoroptions.h"
#include "generate/subnetmanagers.h"
#include "generate/trayrailfabric.h"
#include "model/useroption.h"

#include <numeric>

namespace pw {

namespace {
constexpr double kServerWidth = 100;
constexpr double kUnitGap = 400;
constexpr double kServerY = 900;
constexpr double kLeafY = 600;
constexpr double kSpineY = 350;
constexpr double kCoreY = 100;

// NVIDIA DGX BasePOD: the smallest compute fabric is two switches (two QM9700 for 4-8 DGX), each
// taking half of every server's rails, so that losing one switch halves the bandwidth but joins
// every server still.
constexpr int kSmallFabricLeaves = 2;
} // namespace

std::optional<QString> RailOptimizedFabric::build(DesignBuilder& b, const GeneratorOptions& o,
    const CatalogItem& server, const CatalogItem& sw, int nodes, const CatalogItem* ufm, ComputeLayout& layout,
    QStringList& notes)
{
    // A rack-scale system's rails are its trays' NICs, not its 72 ports.
    if (computeTrays(server).trays > 0)
        return TrayRailFabric::build(b, o, server, sw, nodes, ufm, layout, notes);
    const int computeGroup = DesignBuilder::groupWithRole(server, PortRole::Compute);
    if (computeGroup < 0)
        return QStringLiteral("%1 has no compute-fabric ports").arg(server.sku);
    const int rails = server.portGroups[static_cast<size_t>(computeGroup)].count;
    const int planes = std::max(1, o.planes);
    if (rails % planes != 0)
        return QStringLiteral("%1 compute ports of %2 do not split evenly over %3 planes")
            .arg(rails)
            .arg(server.sku)
            .arg(planes);
    const int dataGroup = DesignBuilder::groupWithRole(sw, PortRole::Fabric);
    const int radix = sw.portGroups[static_cast<size_t>(dataGroup)].count;
    const int su = o.suSize;
    if (su <= 0)
        return QStringLiteral("the %1 must be at least 1").arg(UserOptions::mention(UserOption::ScalableUnitSize));
    // The pair shares one server slot: its ports go to rails 0, 1, ... of that slot.
    const SubnetManagers sm = SubnetManagers::of(ufm, PortRole::Compute, rails);
    const bool withUfm = sm.any();

    // Below one SU: two leaves of half the rails each, no spine, when the slots fit them.
    const int smallSlots = nodes + (withUfm ? 1 : 0);
    const bool small = planes == 1 && nodes < su && rails >= kSmallFabricLeaves && rails % kSmallFabricLeaves == 0
        && smallSlots * (rails / kSmallFabricLeaves) <= radix;
    const int railsPerLeaf = small ? rails / kSmallFabricLeaves : 1;
    const int leavesPerUnit = rails / railsPerLeaf;
    const int minUplinks = small ? 0 : o.oversubscription.uplinksFor(su);
    if (!small && su + minUplinks > radix) {
        const int maxSu = radix * o.oversubscription.down / (o.oversubscription.down + o.oversubscription.up);
        return QStringLiteral("%1 has %2 fabric ports; a leaf of a %3-server scalable unit at %4 needs %3 down + %5 up "
                              "(use a %7 of %6 or less, more oversubscription, or a larger switch)")
            .arg(sw.sku)
            .arg(radix)
            .arg(su)
            .arg(o.oversubscription.toString())
            .arg(minUplinks)
            .arg(maxSu)
            .arg(UserOptions::mention(UserOption::ScalableUnitSize));
    }

    // Where the subnet managers go when every slot of the last SU is taken.
    bool ufmOnSpare = false;
    int placedNodes = nodes;
    if (withUfm && !small && nodes % su == 0) {
        // A port that oversubscription leaves free; at 1:1 a subnet manager on an extra port would
        // tip its leaves below 1:1 (FABRIC-OVERSUB), so there it takes a slot as in the RA.
        if (minUplinks < su && su + minUplinks < radix)
            ufmOnSpare = true;
        else if (!o.keepEveryNode && nodes > 1)
            placedNodes = nodes - 1;
    }
    layout.displacedServers = nodes - placedNodes;
    const int slots = placedNodes + (withUfm && !ufmOnSpare ? 1 : 0);
    const int units = small ? 1 : (slots + su - 1) / su;
    // Each plane is a fabric of its own: rail r is in plane r % planes.
    const int railsPerPlane = rails / planes;
    const int podUnits = std::max(1, (radix / 2) / railsPerPlane);
    const long long leafCount = static_cast<long long>(units) * leavesPerUnit;
    const long long planeLeaves = leafCount / planes;
    if (planeLeaves > radix && (radix / 2) / railsPerPlane < 1)
        return QStringLiteral("%1 rails do not fit a pod of %2 (radix %3) for three tiers")
            .arg(rails)
            .arg(sw.sku)
            .arg(radix);
    // Oversubscribed leaves: at least the uplinks the ratio asks for, and among the counts that
    // give as much bandwidth or more, the one needing the fewest spines (3:1 on a 32-server SU:
    // 11 uplinks need 11 spines half empty at 4 SU, 12 uplinks fill 6).
    int uplinks = minUplinks;
    if (!small && minUplinks < su && planeLeaves <= radix) {
        const int room = radix - su - (ufmOnSpare ? 1 : 0);
        int fewest = ClosBuilder::twoTierSpines(static_cast<int>(planeLeaves), minUplinks, radix);
        for (int u = minUplinks + 1; u < su && u <= room; ++u) {
            const int spines = ClosBuilder::twoTierSpines(static_cast<int>(planeLeaves), u, radix);
            if (spines < fewest) {
                fewest = spines;
                uplinks = u;
            }
        }
        if (uplinks != minUplinks)
            notes << QStringLiteral("leaves at %1:%2 (%3 down, %4 up) rather than %5 with %6 uplinks: %7 spines "
                                    "instead of %8, no more oversubscribed than asked")
                         .arg(su / std::gcd(su, uplinks))
                         .arg(uplinks / std::gcd(su, uplinks))
                         .arg(su)
                         .arg(uplinks)
                         .arg(o.oversubscription.toString())
                         .arg(minUplinks)
                         .arg(fewest)
                         .arg(ClosBuilder::twoTierSpines(static_cast<int>(planeLeaves), minUplinks, radix));
    }
    layout.leafUplinks = uplinks;

    Design& d = b.design();
    const long long computeLinks = static_cast<long long>(placedNodes) * rails + leafCount * uplinks * 2;
    d.reserve(static_cast<size_t>(placedNodes + leafCount * 3 + 64), static_cast<size_t>(computeLinks * 1.3 + 1024));

    // The leaf port of a rail of a server slot: rail r on leaf r / railsPerLeaf.
    auto leafPort = [&](const std::vector<NodeId>& unitLeaves, int slot, int rail) {
        return b.portAt(
            unitLeaves[static_cast<size_t>(rail / railsPerLeaf)], dataGroup, slot * railsPerLeaf + rail % railsPerLeaf);
    };
    const double unitWidth = su * kServerWidth + kUnitGap;
    std::vector<ClosBuilder::Leaf> leaves;
    leaves.reserve(static_cast<size_t>(leafCount));
    layout.serverY = kServerY;
    layout.servers.reserve(static_cast<size_t>(placedNodes));
    int placed = 0;
    for (int u = 0; u < units; ++u) {
        const GroupId unit = b.addGroup(GroupKind::ScalableUnit, QStringLiteral("SU %1").arg(u + 1));
        layout.units.push_back(unit);
        const double x0 = u * unitWidth;
        std::vector<NodeId> unitLeaves;
        for (int l = 0; l < leavesPerUnit; ++l) {
            const double x = x0 + (l + 0.5) * su * kServerWidth / leavesPerUnit;
            const QString name = small
                ? QStringLiteral("leaf-r%1-%2").arg(l * railsPerLeaf + 1).arg((l + 1) * railsPerLeaf)
                : QStringLiteral("leaf-su%1-r%2").arg(u + 1, 2, 10, QLatin1Char('0')).arg(l + 1);
            const NodeId leaf
                = b.addNode(sw, name, Network::Compute, FabricTier::Leaf, QPointF(x, kLeafY), unit, small ? -1 : l);
            unitLeaves.push_back(leaf);
            leaves.push_back({leaf, x});
        }
        std::vector<NodeId> unitServers;
        for (int s = 0; s < su && placed < placedNodes; ++s, ++placed) {
            const NodeId n
                = b.addNode(server, QStringLiteral("%1-%2").arg(server.sku).arg(placed + 1, 5, 10, QLatin1Char('0')),
                    Network::None, FabricTier::None, QPointF(x0 + s * kServerWidth, kServerY), unit);
            for (int r = 0; r < rails; ++r)
                b.connect(b.portAt(n, computeGroup, r), leafPort(unitLeaves, s, r));
            unitServers.push_back(n);
            layout.servers.push_back(n);
        }
        layout.serverRows.push_back(std::move(unitServers));
        layout.leafRows.push_back(std::move(unitLeaves));
    }
    if (withUfm) {
        // The slot after the last server is free (units were sized for it); on a spare port, the
        // last leaf port of each rail's leaf.
        const int slot = small ? slots - 1 : su - 1;
        const int unitIndex = units - 1;
        const double x0 = unitIndex * unitWidth;
        const std::vector<NodeId>& unitLeaves = layout.leafRows.back();
        const std::vector<NodeId> appliances = sm.add(b, *ufm, QStringLiteral("ufm"),
            QPointF(x0 + (su - 1) * kServerWidth, kServerY), kServerWidth / 2, layout.units.back());
        for (int i = 0; i < sm.appliances; ++i) {
            const NodeId n = appliances[static_cast<size_t>(i)];
            for (int p = 0; p < sm.portsEach; ++p) {
                // Without a spine the leaves are separate subnets: spread the ports over them.
                const int k = i * sm.portsEach + p;
                const int rail = small ? (k % leavesPerUnit) * railsPerLeaf + k / leavesPerUnit : k;
                if (k >= rails)
                    break;
                const PortRef leaf = ufmOnSpare
                    ? b.portAt(unitLeaves[static_cast<size_t>(rail / railsPerLeaf)], dataGroup, radix - 1)
                    : leafPort(unitLeaves, slot, rail);
                b.connect(b.portAt(n, sm.group, p), leaf);
            }
            layout.appliances.push_back(n);
        }
        const QString who = sm.who();
        if (ufmOnSpare)
            notes << QStringLiteral("%1 takes the last port of the first leaves of SU %2, which %3 leaves free")
                         .arg(who)
                         .arg(units)
                         .arg(o.oversubscription.toString());
        else if (layout.displacedServers > 0)
            notes << QStringLiteral(
                "every leaf port of SU %1 is taken: %2 takes the slot of one server, so %3 of the %4 servers "
                "requested are built (DGX SuperPOD RA: \"a DGX system must be removed to accommodate for UFM "
                "connectivity\"); keep every server with one more SU (%5)")
                         .arg(units)
                         .arg(who)
                         .arg(placedNodes)
                         .arg(nodes)
                         .arg(UserOptions::mention(UserOption::KeepEveryServer));
        else
            notes << QStringLiteral("%1 takes one server slot of SU %2").arg(who).arg(units);
    }
    if (small) {
        layout.tiers = 1;
        layout.width = unitWidth;
        notes << QStringLiteral("below one SU: %1 servers on %2 leaves of %3 rails each, no spine (DGX BasePOD: two "
                                "QM9700 for 4-8 DGX; cross-rail traffic moves over NVLink inside the server)")
                     .arg(placedNodes)
                     .arg(leavesPerUnit)
                     .arg(railsPerLeaf);
        return std::nullopt;
    }
    // Leaf downlinks occupy ports 0..su-1; uplinks take the next free ports from su on.
    for (const auto& row : layout.leafRows)
        for (NodeId leaf : row)
            b.skipTo(leaf, dataGroup, su);

    // One Clos above the leaves of each plane; the planes share no switch.
    for (int plane = 0; plane < planes; ++plane) {
        std::vector<ClosBuilder::Leaf> planeLeafList;
        for (size_t i = 0; i < leaves.size(); ++i)
            if (static_cast<int>(i % static_cast<size_t>(rails)) % planes == plane)
                planeLeafList.push_back(leaves[i]);
        ClosBuilder::Result clos;
        if (auto error
            = ClosBuilder::build(b, sw, planeLeafList, uplinks, podUnits * railsPerPlane, true, kSpineY, kCoreY, clos))
            return error;
        if (planes > 1)
            ClosBuilder::namePlane(d, clos, plane);
        layout.tiers = clos.tiers;
        layout.cores.insert(layout.cores.end(), clos.cores.begin(), clos.cores.end());
        if (clos.tiers == 3) {
            for (size_t p = 0; p < clos.pods.size(); ++p) {
                std::vector<NodeId> row(clos.spines.begin() + static_cast<long>(p * uplinks),
                    clos.spines.begin() + static_cast<long>((p + 1) * uplinks));
                layout.spineRows.push_back(std::move(row));
                if (plane > 0)
                    continue; // a unit has one parent pod: the first plane's
                for (int u = static_cast<int>(p) * podUnits; u < std::min(units, static_cast<int>(p + 1) * podUnits);
                     ++u) {
                    Group g = *d.group(layout.units[static_cast<size_t>(u)]);
                    g.parent = clos.pods[p];
                    d.replaceGroup(g);
                }
            }
        } else {
            layout.spineRows.push_back(clos.spines);
        }
    }
    if (planes > 1)
        notes << QStringLiteral("%1 compute planes: compute port p of every server in plane p mod %1 (the two ports of "
                                "a twin-port NIC in two planes), each plane a leaf-spine fabric of its own; losing one "
                                "plane leaves %2 of the bandwidth and every server connected (DGX SuperPOD B300 RA, "
                                "RA-11337: twin-planar compute fabric)")
                     .arg(planes)
                     .arg(QStringLiteral("%1/%2").arg(planes - 1).arg(planes));
    layout.width = units * unitWidth;
    if (slots < units * su)
        notes << QStringLiteral(
            "SU %1 is partial (%2 of %3 slots used); its leaves and leaf-spine cables are built in full")
                     .arg(units)
                     .arg(slots - (units - 1) * su)
                     .arg(su);
    return std::nullopt;
}

} // namespace pw
