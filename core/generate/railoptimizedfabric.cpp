#include "generate/railoptimizedfabric.h"

#include "catalog/rackscale.h"
#include "generate/closbuilder.h"
#include "generate/designbuilder.h"
#include "generate/generatoroptions.h"
#include "generate/leafpair.h"
#include "generate/subnetmanagers.h"
#include "generate/trayrailfabric.h"
#include "model/useroption.h"
#include "util/plural.h"

#include <algorithm>
#include <numeric>

namespace pw {

namespace {
constexpr double kServerWidth = 100;
constexpr double kUnitGap = 400;
constexpr double kServerY = 900;
constexpr double kLeafY = 600;
constexpr double kSpineY = 350;
constexpr double kCoreY = 100;
// The fewest spines of a two-tier plane: under one, losing it cut the scalable units off each
// other (64 L40S on SN5610 in units of 48: the second unit's 16 servers).
constexpr int kMinSpines = 2;

// NVIDIA DGX BasePOD: below one SU the compute fabric is one switch where the whole cluster fits it,
// else two switches (two QM9700 for 8 DGX), each taking half of every server's rails, so that losing
// one switch halves the bandwidth but joins every server still.
constexpr int kSmallFabricLeaves = 2;
// The two switches' inter-switch links: one twin-port passive DAC (NVIDIA MCP4Y10, 2 x 400G), as
// BasePOD cables its switch-to-switch links, so that the two are one subnet and traffic that
// NVLink cannot move to the other rail has a path.
constexpr int kSmallFabricIsls = 2;

// A rail leaf's arithmetic. Ethernet is sized in bandwidth: downlinks at the speed the hosts share
// with the leaf, uplinks at the switch's own (a 200G host under 400G uplinks needs half an uplink
// at 1:1); InfiniBand in ports, as the DGX SuperPOD tables count them (equal speeds: the same
// figures).
struct RailLeaf {
    Oversubscription ratio;
    int radix = 0;
    int downGbps = 0;
    int upGbps = 0;
    bool byBandwidth = false;

    RailLeaf(const Oversubscription& os, const PortGroup& host, const CatalogItem& sw, const PortGroup& fabric)
        : ratio(os), radix(fabric.count), upGbps(fabric.maxSpeedGbps())
    {
        for (int h : host.speedsGbps)
            for (int f : fabric.speedsGbps)
                if (h == f)
                    downGbps = std::max(downGbps, h);
        byBandwidth
            = sw.switchSpec && sw.switchSpec->technology == QLatin1String("ethernet") && downGbps > 0 && upGbps > 0;
    }
    // The uplinks a leaf of `servers` downlinks needs at the ratio.
    [[nodiscard]] int uplinksFor(int servers) const
    {
        if (!byBandwidth)
            return ratio.uplinksFor(servers);
        const long long need = static_cast<long long>(servers) * downGbps * ratio.up;
        const long long per = static_cast<long long>(upGbps) * ratio.down;
        return static_cast<int>(std::max(1LL, (need + per - 1) / per));
    }
    // The most servers whose downlinks and uplinks fit the leaf (64 ports at 1:1: 32).
    [[nodiscard]] int mostServers() const
    {
        for (int s = radix; s >= 1; --s)
            if (s + uplinksFor(s) <= radix)
                return s;
        return 0;
    }
};
} // namespace

int RailOptimizedFabric::mostServersPerLeaf(
    const Oversubscription& ratio, const CatalogItem& server, const CatalogItem& sw)
{
    const int computeGroup = DesignBuilder::groupWithRole(server, PortRole::Compute);
    const int dataGroup = DesignBuilder::groupWithRole(sw, PortRole::Fabric);
    if (computeTrays(server).trays > 0 || computeGroup < 0 || dataGroup < 0)
        return 0;
    return RailLeaf(
        ratio, server.portGroups[static_cast<size_t>(computeGroup)], sw, sw.portGroups[static_cast<size_t>(dataGroup)])
        .mostServers();
}

int RailOptimizedFabric::smallFabricSwitches(
    const GeneratorOptions& o, const CatalogItem& server, const CatalogItem& sw, int nodes, bool smSlot)
{
    const int computeGroup = DesignBuilder::groupWithRole(server, PortRole::Compute);
    const int dataGroup = DesignBuilder::groupWithRole(sw, PortRole::Fabric);
    if (computeTrays(server).trays > 0 || computeGroup < 0 || dataGroup < 0 || std::max(1, o.planes) != 1
        || nodes >= o.suSize)
        return 0;
    const int rails = server.portGroups[static_cast<size_t>(computeGroup)].count;
    const int radix = sw.portGroups[static_cast<size_t>(dataGroup)].count;
    const bool infiniband = sw.switchSpec && sw.switchSpec->technology == QLatin1String("infiniband");
    const int slots = nodes + (smSlot ? 1 : 0);
    if (infiniband && !o.twoSwitches && slots * rails <= radix)
        return 1;
    const int isls = infiniband ? kSmallFabricIsls : 0;
    if (rails >= kSmallFabricLeaves && rails % kSmallFabricLeaves == 0
        && slots * (rails / kSmallFabricLeaves) + isls <= radix)
        return kSmallFabricLeaves;
    return 0;
}

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
    const PortGroup& fabric = sw.portGroups[static_cast<size_t>(dataGroup)];
    const int radix = fabric.count;
    int su = o.suSize;
    if (su <= 0)
        return QStringLiteral("the %1 must be at least 1").arg(UserOptions::mention(UserOption::ScalableUnitSize));
    // Each plane is a subnet of its own, with its own subnet managers; a set shares one server slot
    // (or the spare ports) of its plane's rails: ports 0, 1, ... on rails p, p + planes, ...
    const SubnetManagers sm = SubnetManagers::of(ufm, PortRole::Compute, rails / planes);
    const bool withUfm = sm.any();
    const Oversubscription& os = o.oversubscription;
    const int railsPerPlane = rails / planes;

    const RailLeaf leafArithmetic(os, server.portGroups[static_cast<size_t>(computeGroup)], sw, fabric);
    const bool byBandwidth = leafArithmetic.byBandwidth;
    const int downGbps = leafArithmetic.downGbps;
    const int upGbps = leafArithmetic.upGbps;
    auto uplinksFor = [&](int servers) { return leafArithmetic.uplinksFor(servers); };
    // Ethernet, one or two rails per plane: when one leaf per rail holds every server at the ratio
    // asked (in bandwidth), those leaves carry the load alone and there is no spine; the two leaves
    // of a plane are an MLAG pair joined by inter-switch links (LeafPair), each server dual-homed
    // over its two rails. 64 L40S (2 x 200G) on SN5600 at 1:1: a leaf holds 84 (84 x 200G down,
    // 42 x 400G up), so 2 leaves and no spine, not 2 SUs of 32 with a spine.
    const Oversubscription::LeafPorts railLeaf = byBandwidth
        ? os.leafPorts(radix, downGbps, upGbps).value_or(Oversubscription::LeafPorts{0, 0})
        : Oversubscription::LeafPorts{0, 0};
    const bool pairs = byBandwidth && !withUfm && railsPerPlane <= 2 && nodes <= railLeaf.down;

    // Below one SU, no spine. On InfiniBand (NVIDIA DGX BasePOD practice): one switch with every rail
    // where the slots (servers and the subnet managers' one) fit it and the dial does not ask for
    // two, else two of half the rails each joined by inter-switch links. On Ethernet: two of half
    // the rails each.
    const bool infiniband = sw.switchSpec && sw.switchSpec->technology == QLatin1String("infiniband");
    const int smallSlots = nodes + (withUfm ? 1 : 0);
    const int smallSwitches = pairs ? 0 : smallFabricSwitches(o, server, sw, nodes, withUfm);
    const bool single = smallSwitches == 1;
    const bool pair = smallSwitches == kSmallFabricLeaves;
    const int isls = infiniband ? kSmallFabricIsls : 0;
    const bool small = pairs || single || pair;
    const int railsPerLeaf = pairs ? 1 : single ? rails : pair ? rails / kSmallFabricLeaves : 1;
    if (pairs)
        su = std::max(su, smallSlots); // one unit of every server, beyond the catalog's SU if need be
    const int leavesPerUnit = rails / railsPerLeaf;
    // Fewer servers than one scalable unit: the unit is sized from the servers asked, its leaves
    // taking their slots (and the subnet managers') down and the uplinks those need, rather than
    // the whole unit's. 20 DGX H100 on QM9700 at 1:1: 21 down + 21 up per leaf, not 32 + 32; 64
    // DGX B300 on a 128-port SN5600, whose 72-server unit would need 72 + 72: 64 + 64.
    const bool sizedFromServers = !small && nodes < su && smallSlots + uplinksFor(smallSlots) <= radix;
    if (sizedFromServers) {
        notes << QStringLiteral("%1 servers are less than one %2-server scalable unit: the scalable unit is sized "
                                "from the %1 servers asked (%3 down, %4 up per leaf of %5 ports at %6) rather than "
                                "built whole (%2 + %7)")
                     .arg(nodes)
                     .arg(su)
                     .arg(smallSlots)
                     .arg(uplinksFor(smallSlots))
                     .arg(radix)
                     .arg(os.toString())
                     .arg(uplinksFor(su));
        su = smallSlots;
    }
    const int minUplinks = small ? 0 : uplinksFor(su);
    if (!small && su + minUplinks > radix) {
        const int maxSu = leafArithmetic.mostServers();
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
    // 11 uplinks need 11 spines half empty at 4 SU, 12 uplinks fill 6). A unit sized from the
    // servers asked may take more uplinks than downlinks too: spread evenly, 17 uplinks from each
    // of 8 leaves need 17 spines, 18 need 3.
    int uplinks = minUplinks;
    if (!small && (minUplinks < su || sizedFromServers) && planeLeaves <= radix) {
        const int room = radix - su - (ufmOnSpare ? 1 : 0);
        const int mostUplinks = sizedFromServers ? room : std::min(su - 1, room);
        int fewest = ClosBuilder::twoTierSpines(static_cast<int>(planeLeaves), minUplinks, radix, kMinSpines);
        for (int u = minUplinks + 1; u <= mostUplinks; ++u) {
            const int spines = ClosBuilder::twoTierSpines(static_cast<int>(planeLeaves), u, radix, kMinSpines);
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
                         .arg(ClosBuilder::twoTierSpines(static_cast<int>(planeLeaves), minUplinks, radix, kMinSpines));
    }
    layout.leafUplinks = uplinks;
    if (!small)
        layout.leafRatio = byBandwidth ? Oversubscription::ratioText(
                               static_cast<long long>(su) * downGbps, static_cast<long long>(uplinks) * upGbps)
                                       : Oversubscription::ratioText(su, uplinks);

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
            const QString name = pairs ? QStringLiteral("leaf-r%1").arg(l + 1)
                : small ? QStringLiteral("leaf-r%1-%2").arg(l * railsPerLeaf + 1).arg((l + 1) * railsPerLeaf)
                        : QStringLiteral("leaf-su%1-r%2").arg(u + 1, 2, 10, QLatin1Char('0')).arg(l + 1);
            const NodeId leaf = b.addNode(
                sw, name, Network::Compute, FabricTier::Leaf, QPointF(x, kLeafY), unit, small && !pairs ? -1 : l);
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
        // last leaf port of each rail's leaf. One set per plane, on that plane's rails.
        const int slot = small ? slots - 1 : su - 1;
        const int unitIndex = units - 1;
        const double x0 = unitIndex * unitWidth;
        const std::vector<NodeId>& unitLeaves = layout.leafRows.back();
        for (int plane = 0; plane < planes; ++plane) {
            const QString prefix = planes > 1 ? QStringLiteral("ufm-p%1").arg(plane + 1) : QStringLiteral("ufm");
            const std::vector<NodeId> appliances = sm.add(b, *ufm, prefix,
                QPointF(x0 + (su - 1 + plane) * kServerWidth, kServerY), kServerWidth / 2, layout.units.back());
            for (int i = 0; i < sm.appliances; ++i) {
                const NodeId n = appliances[static_cast<size_t>(i)];
                for (int p = 0; p < sm.portsEach; ++p) {
                    // Without a spine the leaves are separate subnets: spread the ports over them.
                    const int k = i * sm.portsEach + p;
                    if (k >= railsPerPlane)
                        break;
                    const int rail
                        = small ? (k % leavesPerUnit) * railsPerLeaf + k / leavesPerUnit : plane + k * planes;
                    const PortRef leaf = ufmOnSpare
                        ? b.portAt(unitLeaves[static_cast<size_t>(rail / railsPerLeaf)], dataGroup, radix - 1)
                        : leafPort(unitLeaves, slot, rail);
                    b.connect(b.portAt(n, sm.group, p), leaf);
                }
                layout.appliances.push_back(n);
            }
        }
        const QString who = sm.who();
        const QString perPlane = planes > 1
            ? QStringLiteral(" (one set per plane, each plane a subnet of its own: %1 in all)")
                  .arg(counted(planes * sm.appliances, "appliance", "appliances"))
            : QString();
        if (ufmOnSpare)
            notes << QStringLiteral("%1 takes the last port of the first leaves of SU %2, which %3 leaves free%4")
                         .arg(who)
                         .arg(units)
                         .arg(o.oversubscription.toString(), perPlane);
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
            notes << QStringLiteral("%1 takes one server slot of SU %2%3").arg(who).arg(units).arg(perPlane);
    }
    if (small) {
        layout.tiers = 1;
        layout.width = unitWidth;
        if (single) {
            notes << QStringLiteral(
                "below one SU: the whole cluster fits one switch (%1 servers x %2 rails%3 = %4 of %5 ports), so "
                "one %6 with every rail, no spine (NVIDIA DGX BasePOD practice); it is a single point of failure "
                "(FABRIC-SPOF names the two-switch alternative, %7)")
                         .arg(placedNodes)
                         .arg(rails)
                         .arg(withUfm ? QStringLiteral(" + one slot for the subnet managers") : QString())
                         .arg(smallSlots * rails)
                         .arg(radix)
                         .arg(sw.sku, UserOptions::mention(UserOption::TwoSwitches));
            return std::nullopt;
        }
        if (pairs)
            notes << QStringLiteral(
                "one leaf per rail holds every server: %1 servers, %2 leaves, no spine (a leaf holds "
                "%3 x %4G down with %5 x %6G to spare at %7)")
                         .arg(placedNodes)
                         .arg(leavesPerUnit)
                         .arg(railLeaf.down)
                         .arg(downGbps)
                         .arg(railLeaf.up)
                         .arg(upGbps)
                         .arg(os.toString());
        else
            notes << QStringLiteral(
                "below one SU: %1 servers on %2 leaves of %3 rails each, no spine%4 (DGX BasePOD: two "
                "QM9700 for 8 DGX; cross-rail traffic moves over NVLink inside the server)")
                         .arg(placedNodes)
                         .arg(leavesPerUnit)
                         .arg(railsPerLeaf)
                         .arg(isls > 0 ? QStringLiteral(", %1 inter-switch links between them (one twin-port DAC): one "
                                                        "subnet, and a path for traffic NVLink cannot move")
                                             .arg(isls)
                                       : QString());
        if (isls > 0) {
            // The inter-switch links take the ports after the slots.
            const std::vector<NodeId>& pairLeaves = layout.leafRows.back();
            for (NodeId leaf : pairLeaves)
                b.skipTo(leaf, dataGroup, smallSlots * railsPerLeaf);
            for (int i = 0; i < isls; ++i)
                b.connect(b.takePort(pairLeaves[0], dataGroup), b.takePort(pairLeaves[1], dataGroup));
        }
        // Ethernet: the two leaves of a plane are an MLAG pair, joined by inter-switch links.
        const std::vector<NodeId>& unitLeaves = layout.leafRows.front();
        const int hosts = slots * railsPerLeaf;
        const int cage = std::max(1, fabric.portsPerCage);
        const int first = (hosts + cage - 1) / cage * cage;
        for (int plane = 0; byBandwidth && plane < planes; ++plane) {
            std::vector<NodeId> pairLeaves;
            for (int l = 0; l < leavesPerUnit; ++l)
                if ((pairs ? l % planes : 0) == plane)
                    pairLeaves.push_back(unitLeaves[static_cast<size_t>(l)]);
            if (pairLeaves.size() != 2)
                continue;
            const int isl = LeafPair::links(hosts, downGbps, upGbps, os, radix - first);
            if (isl <= 0)
                continue;
            LeafPair::join(b, sw, pairLeaves[0], pairLeaves[1], first, isl);
            layout.leafUplinks = isl;
            layout.leafRatio = Oversubscription::ratioText(
                static_cast<long long>(hosts) * downGbps, static_cast<long long>(isl) * upGbps);
            if (plane == 0)
                notes << QStringLiteral("the two leaves of %1 are an MLAG pair (each server dual-homed), joined by "
                                        "%2 inter-switch links of %3G (%4 x %5G of hosts per leaf at %6)")
                             .arg(planes > 1 ? QStringLiteral("each plane") : QStringLiteral("the fabric"))
                             .arg(isl)
                             .arg(upGbps)
                             .arg(hosts)
                             .arg(downGbps)
                             .arg(os.toString());
        }
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
        if (auto error = ClosBuilder::build(b, sw, planeLeafList, uplinks, podUnits * railsPerPlane, true, kSpineY,
                kCoreY, clos, 0, false, 0, kMinSpines))
            return error;
        if (planes > 1)
            ClosBuilder::namePlane(d, clos, plane);
        layout.tiers = clos.tiers;
        layout.cores.insert(layout.cores.end(), clos.cores.begin(), clos.cores.end());
        // The floor has a spine row per pod (or one for two tiers) whatever the planes: the planes'
        // spines share it, so that 8 planes of 2 spines fill one network rack, not 8.
        if (clos.tiers == 3) {
            layout.spineRows.resize(std::max(layout.spineRows.size(), clos.pods.size()));
            for (size_t p = 0; p < clos.pods.size(); ++p) {
                layout.spineRows[p].insert(layout.spineRows[p].end(),
                    clos.spines.begin() + static_cast<long>(p * uplinks),
                    clos.spines.begin() + static_cast<long>((p + 1) * uplinks));
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
            layout.spineRows.resize(1);
            layout.spineRows.front().insert(layout.spineRows.front().end(), clos.spines.begin(), clos.spines.end());
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
