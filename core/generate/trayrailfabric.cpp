#include "generate/trayrailfabric.h"

#include "catalog/rackscale.h"
#include "generate/closbuilder.h"
#include "generate/designbuilder.h"
#include "generate/generatoroptions.h"
#include "generate/subnetmanagers.h"
#include "model/useroption.h"
#include "util/plural.h"

#include <algorithm>
#include <numeric>

namespace pw {

namespace {
constexpr double kRackWidth = 100;
constexpr double kUnitGap = 400;
constexpr double kServerY = 900;
constexpr double kLeafY = 600;
constexpr double kSpineY = 350;
constexpr double kCoreY = 100;
} // namespace

std::optional<QString> TrayRailFabric::build(DesignBuilder& b, const GeneratorOptions& o, const CatalogItem& server,
    const CatalogItem& sw, int racks, const CatalogItem* ufm, ComputeLayout& layout, QStringList& notes)
{
    const ComputeTrays trays = computeTrays(server);
    const int computeGroup = DesignBuilder::groupWithRole(server, PortRole::Compute);
    const int nics = trays.trays * trays.nicsPerTray;
    if (computeGroup < 0 || trays.trays <= 0 || trays.nicsPerTray <= 0
        || server.portGroups[static_cast<size_t>(computeGroup)].count % nics != 0)
        return QStringLiteral("%1: its compute ports are not its %2 trays x %3 NICs")
            .arg(server.sku)
            .arg(trays.trays)
            .arg(trays.nicsPerTray);
    const int rails = trays.nicsPerTray;
    // A NIC run split (GB300 NVL72 multi-plane: each ConnectX-8 cage as 2 x 400GbE) has a port per
    // plane: port s of every NIC is in plane s % planes, and each plane is a fabric of its own
    // built by the rail rule (the one plane mechanism of RailOptimizedFabric).
    const int portsPerNic = server.portGroups[static_cast<size_t>(computeGroup)].count / nics;
    const int planes = std::max(1, o.planes);
    if (portsPerNic % planes != 0)
        return QStringLiteral(
            "%1 compute planes for %2: each of its %3 compute trays has %4 NICs of %5 port(s) each, which do not "
            "split evenly over %1 planes (a plane takes a port of every NIC); give the planes its catalog entry "
            "has, or the server's multi-plane form")
            .arg(planes)
            .arg(server.sku)
            .arg(trays.trays)
            .arg(trays.nicsPerTray)
            .arg(portsPerNic);
    const int perPlane = portsPerNic / planes; // ports of one NIC on its rail's leaf in a plane
    const int dataGroup = DesignBuilder::groupWithRole(sw, PortRole::Fabric);
    const int radix = sw.portGroups[static_cast<size_t>(dataGroup)].count;
    const int su = o.suSize;
    if (su <= 0)
        return QStringLiteral("the %1 must be at least 1").arg(UserOptions::mention(UserOption::ScalableUnitSize));
    const bool infiniband = sw.switchSpec && sw.switchSpec->technology == QLatin1String("infiniband");
    // The port arithmetic of every rail-optimized leaf: as many whole racks' rail as fit with their
    // uplinks at the asked ratio. A rack gives a leaf one port per tray (and plane), so one SU of
    // 8 NVL72 racks is 576 ports per plane as one SU of 72 DGX B300 is: on a Q3400 (144 x 800G) a
    // leaf takes the rail of 4 racks, 72 down and 72 up at 1:1, RA-11339's B300 XDR leaf; on a
    // QM9700 (64) one rack's rail, 18 down and 18 up, RA-11338's GB200 leaf.
    const int rackDown = trays.trays * perPlane;
    int racksPerLeaf = 0;
    while (racksPerLeaf < su) {
        const int down = (racksPerLeaf + 1) * rackDown;
        if (down + o.oversubscription.uplinksFor(down) > radix)
            break;
        ++racksPerLeaf;
    }
    if (racksPerLeaf == 0)
        return QStringLiteral("%1 has %2 fabric ports: one rack's rail (%3 trays) with its uplinks at %4 does not fit")
            .arg(sw.sku)
            .arg(radix)
            .arg(trays.trays)
            .arg(o.oversubscription.toString());
    const int downPerLeaf = racksPerLeaf * rackDown;
    const int uplinks = o.oversubscription.uplinksFor(downPerLeaf);
    // An InfiniBand leaf with a port to spare keeps it for the subnet manager whether or not one is
    // generated, so that the fabric is the same with and without management (RA-11338's QM9700
    // leaf uses 36 of 64 ports). A full leaf (Q3400: 72 + 72 = 144) has none: then each switch of
    // the top tier keeps one instead, only when subnet managers are built (the spines are sized
    // for it), so that no rack gives up its place.
    const bool smOnLeaf = infiniband && downPerLeaf + uplinks < radix;
    const int topReserve = infiniband && !smOnLeaf && ufm ? 1 : 0;
    const int leavesPerRail = (su + racksPerLeaf - 1) / racksPerLeaf;
    const int leavesPerUnit = rails * leavesPerRail; // per plane
    const int units = (racks + su - 1) / su;
    const SubnetManagers sm = smOnLeaf ? SubnetManagers::of(ufm, PortRole::Compute, leavesPerUnit) : SubnetManagers();

    Design& d = b.design();
    const long long leafCount = static_cast<long long>(units) * leavesPerUnit * planes;
    d.reserve(static_cast<size_t>(racks + leafCount * 3 + 64),
        static_cast<size_t>(static_cast<long long>(racks) * trays.trays * rails * portsPerNic * 3 + 1024));

    const double unitWidth = su * kRackWidth + kUnitGap;
    // Per plane, its leaves in rail-major order (a spine-leaf group's leaves consecutive).
    std::vector<std::vector<ClosBuilder::Leaf>> leaves(static_cast<size_t>(planes));
    layout.serverY = kServerY;
    const QString prefix = planes > 1 ? QStringLiteral("p%1-") : QString();
    int placed = 0;
    for (int u = 0; u < units; ++u) {
        const GroupId unit = b.addGroup(GroupKind::ScalableUnit, QStringLiteral("SU %1").arg(u + 1));
        layout.units.push_back(unit);
        const double x0 = u * unitWidth;
        // Plane-major, then rail-major: leaf (p, r, g) is unitLeaves[(p * rails + r) * leavesPerRail + g].
        std::vector<NodeId> unitLeaves;
        for (int p = 0; p < planes; ++p)
            for (int r = 0; r < rails; ++r)
                for (int g = 0; g < leavesPerRail; ++g) {
                    const int l = (p * rails + r) * leavesPerRail + g;
                    const double x = x0 + (l + 0.5) * su * kRackWidth / (leavesPerUnit * planes);
                    const QString base = leavesPerRail == 1
                        ? QStringLiteral("leaf-su%1-r%2").arg(u + 1, 2, 10, QLatin1Char('0')).arg(r + 1)
                        : QStringLiteral("leaf-su%1-r%2-%3").arg(u + 1, 2, 10, QLatin1Char('0')).arg(r + 1).arg(g + 1);
                    const QString name = planes > 1 ? prefix.arg(p + 1) + base : base;
                    const NodeId leaf
                        = b.addNode(sw, name, Network::Compute, FabricTier::Leaf, QPointF(x, kLeafY), unit, r);
                    unitLeaves.push_back(leaf);
                    leaves[static_cast<size_t>(p)].push_back({leaf, x});
                }
        std::vector<NodeId> unitRacks;
        for (int s = 0; s < su && placed < racks; ++s, ++placed) {
            const NodeId n
                = b.addNode(server, QStringLiteral("%1-%2").arg(server.sku).arg(placed + 1, 4, 10, QLatin1Char('0')),
                    Network::None, FabricTier::None, QPointF(x0 + s * kRackWidth, kServerY), unit);
            // Port k of NIC r of tray t to the rail-r leaf of this rack in plane k % planes.
            for (int t = 0; t < trays.trays; ++t)
                for (int r = 0; r < rails; ++r)
                    for (int k = 0; k < portsPerNic; ++k) {
                        const int p = k % planes;
                        const NodeId leaf
                            = unitLeaves[static_cast<size_t>((p * rails + r) * leavesPerRail + s / racksPerLeaf)];
                        b.connect(b.portAt(n, computeGroup, (t * rails + r) * portsPerNic + k),
                            b.portAt(leaf, dataGroup, ((s % racksPerLeaf) * trays.trays + t) * perPlane + k / planes));
                    }
            unitRacks.push_back(n);
            layout.servers.push_back(n);
        }
        layout.serverRows.push_back(std::move(unitRacks));
        layout.leafRows.push_back(std::move(unitLeaves));
    }
    if (sm.any()) {
        // Each plane is a subnet of its own: a subnet manager set per plane, on the port each leaf
        // keeps, rail by rail, in the last SU.
        const std::vector<NodeId>& unitLeaves = layout.leafRows.back();
        for (int p = 0; p < planes; ++p) {
            const QString name = planes > 1 ? QStringLiteral("ufm-p%1").arg(p + 1) : QStringLiteral("ufm");
            const std::vector<NodeId> appliances
                = sm.add(b, *ufm, name, QPointF((units - 1) * unitWidth + su * kRackWidth + p * kRackWidth, kServerY),
                    kRackWidth / 2, layout.units.back());
            for (int i = 0; i < sm.appliances; ++i) {
                const NodeId n = appliances[static_cast<size_t>(i)];
                for (int q = 0; q < sm.portsEach; ++q) {
                    const int k = i * sm.portsEach + q;
                    if (k >= leavesPerUnit)
                        break;
                    const int leaf = (p * rails + k % rails) * leavesPerRail + (k / rails) % leavesPerRail;
                    b.connect(b.portAt(n, sm.group, q),
                        b.portAt(unitLeaves[static_cast<size_t>(leaf)], dataGroup, radix - 1));
                }
                layout.appliances.push_back(n);
            }
        }
        notes << QStringLiteral("%1 takes the port each leaf of SU %2 keeps free for it%3")
                     .arg(sm.who())
                     .arg(units)
                     .arg(planes > 1 ? QStringLiteral(", one set per plane (each plane a subnet of its own)")
                                     : QString());
    }
    for (const auto& row : layout.leafRows)
        for (NodeId leaf : row)
            b.skipTo(leaf, dataGroup, downPerLeaf);

    // Two tiers while every spine can take a link from every leaf of a plane (the Clos rule of every
    // rail-optimized fabric: Q3400, 8 leaves per SU, two tiers up to 18 SU as in RA-11339); beyond,
    // pods of whole SUs with their own spines and core groups above. Where a leaf takes one rack's
    // rail (RA-11338's geometry, QM9700), beyond one SU the RA's spine-leaf groups: one per rail
    // of each SU, its spines in core groups. One Clos per plane; the planes share no switch.
    const bool slg = units > 1 && racksPerLeaf == 1;
    const int podSpines = slg ? ClosBuilder::spinesPerPod(leavesPerRail, uplinks, radix) : 0;
    const int leavesPerPod = slg ? leavesPerRail : std::max(1, (radix / 2) / leavesPerUnit) * leavesPerUnit;
    // Spine rows for the floor: per SU (spine-leaf groups), per pod, or one row (two tiers).
    std::vector<std::vector<NodeId>> spineRows;
    int topSmPorts = 0;
    QString topSmWho;
    for (int p = 0; p < planes; ++p) {
        ClosBuilder::Result clos;
        if (auto error = ClosBuilder::build(b, sw, leaves[static_cast<size_t>(p)], uplinks, leavesPerPod, true, kSpineY,
                kCoreY, clos, podSpines, slg, topReserve))
            return error;
        if (planes > 1)
            ClosBuilder::namePlane(d, clos, p);
        layout.tiers = clos.tiers;
        layout.cores.insert(layout.cores.end(), clos.cores.begin(), clos.cores.end());
        const size_t rows = clos.tiers == 3 ? (slg ? static_cast<size_t>(units) : clos.pods.size()) : 1;
        spineRows.resize(std::max(spineRows.size(), rows));
        const size_t perRow = clos.spines.size() / rows;
        for (size_t r = 0; r < rows; ++r)
            spineRows[r].insert(spineRows[r].end(), clos.spines.begin() + static_cast<long>(r * perRow),
                r + 1 == rows ? clos.spines.end() : clos.spines.begin() + static_cast<long>((r + 1) * perRow));
        if (clos.tiers == 3 && !slg && p == 0)
            for (int u = 0; u < units; ++u) { // a unit's parent pod: the first plane's
                Group g = *d.group(layout.units[static_cast<size_t>(u)]);
                g.parent = clos.pods[static_cast<size_t>(u * leavesPerUnit / leavesPerPod)];
                d.replaceGroup(g);
            }
        if (topReserve > 0) {
            // The leaves are full: the subnet managers of this plane on the port each top-tier switch
            // keeps, one appliance port per switch.
            const std::vector<NodeId>& tops = ClosBuilder::topTier(clos);
            const SubnetManagers topSm = SubnetManagers::of(ufm, PortRole::Compute, static_cast<int>(tops.size()));
            const QString name = planes > 1 ? QStringLiteral("ufm-p%1").arg(p + 1) : QStringLiteral("ufm");
            const std::vector<NodeId> appliances = topSm.add(b, *ufm, name,
                QPointF((units - 1) * unitWidth + su * kRackWidth + p * kRackWidth, kServerY), kRackWidth / 2,
                layout.units.back());
            for (int i = 0; i < topSm.appliances; ++i) {
                for (int q = 0; q < topSm.portsEach; ++q) {
                    const size_t k = static_cast<size_t>(i * topSm.portsEach + q);
                    if (k >= tops.size())
                        break;
                    b.connect(b.portAt(appliances[static_cast<size_t>(i)], topSm.group, q),
                        b.portAt(tops[k], dataGroup, radix - 1));
                    ++topSmPorts;
                }
                layout.appliances.push_back(appliances[static_cast<size_t>(i)]);
            }
            topSmWho = topSm.who();
        }
    }
    layout.spineRows = std::move(spineRows);
    if (topReserve > 0)
        notes << QStringLiteral(
            "every leaf port is taken (%1 down, %2 up of %3): %4 takes %5 that the %6 keep free, one per "
            "switch%7, so that no rack gives up its place")
                     .arg(downPerLeaf)
                     .arg(uplinks)
                     .arg(radix)
                     .arg(topSmWho)
                     .arg(counted(topSmPorts, "port", "ports"))
                     .arg(layout.tiers == 3 ? QStringLiteral("core switches") : QStringLiteral("spines"))
                     .arg(planes > 1 ? QStringLiteral(", one set per plane") : QString());
    layout.leafUplinks = uplinks;
    const int g = std::gcd(downPerLeaf, uplinks);
    layout.leafRatio = QStringLiteral("%1:%2").arg(downPerLeaf / g).arg(uplinks / g);
    layout.width = units * unitWidth;
    notes << QStringLiteral("rack-scale rails (DGX SuperPOD GB200 RA, RA-11338): NIC r of each of the %1 compute trays "
                            "is rail r (%2 rails); each leaf takes one rail of %3 (%4 down, %5 up)%6")
                 .arg(trays.trays)
                 .arg(rails)
                 .arg(counted(racksPerLeaf, "rack", "racks"))
                 .arg(downPerLeaf)
                 .arg(uplinks)
                 .arg(slg ? QStringLiteral("; a spine-leaf group per rail of each SU with %1 spines, spine j of every "
                                           "group in core group j")
                                .arg(podSpines)
                         : layout.tiers == 2 ? QStringLiteral("; two tiers, each leaf's uplinks spread evenly over "
                                                              "the spines (divisibility rule)")
                                             : QStringLiteral("; pods of %1 leaves with their own spines, core "
                                                              "groups above")
                                                   .arg(leavesPerPod));
    if (racksPerLeaf > 1)
        notes << QStringLiteral(
            "one SU of %1 racks has %2 compute ports per plane, as many as one SU of 72 DGX B300: the leaves are "
            "sized by the port arithmetic of NVIDIA DGX SuperPOD B300 XDR RA (RA-11339) Table 3 (a leaf takes as "
            "many racks' rail as its %3 ports hold with their uplinks at %4: here %5 down and %6 up, %7 leaves per "
            "SU and plane), not by RA-11338's one-rack leaf")
                     .arg(su)
                     .arg(su * rackDown * rails)
                     .arg(radix)
                     .arg(o.oversubscription.toString())
                     .arg(downPerLeaf)
                     .arg(uplinks)
                     .arg(leavesPerUnit);
    else
        notes << QStringLiteral(
            "RA-11338 publishes the spine-leaf groups (8 leaves, one per rack, and 6 spines each, 6 core "
            "groups) but no switch counts per SU count: this design's %1 derived by the divisibility "
            "rule")
                     .arg(slg ? QStringLiteral("core switches are") : QStringLiteral("one-SU spine count is"));
    if (planes > 1)
        notes << QStringLiteral(
            "%1 compute planes: port k of every tray NIC in plane k mod %1 (the %2 ports of a split NIC in %1 "
            "planes), each plane a rail-optimized fabric of its own (%3 leaves per SU); losing one plane leaves %4 "
            "of the bandwidth and every tray connected (NVL72 AI Factory enterprise RA: multi-plane compute fabric, "
            "no single link a single point of failure)")
                     .arg(planes)
                     .arg(portsPerNic)
                     .arg(leavesPerUnit)
                     .arg(QStringLiteral("%1/%2").arg(planes - 1).arg(planes));
    if (racks < units * su)
        notes << QStringLiteral(
            "SU %1 is partial (%2 of %3 racks); its leaves and leaf-spine cables are built in full (DGX SuperPOD "
            "GB200 RA: design the full SU and leave the unused portion of the fabric in place)")
                     .arg(units)
                     .arg(racks - (units - 1) * su)
                     .arg(su);
    return std::nullopt;
}

} // namespace pw
