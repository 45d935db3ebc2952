#include "generate/railoptimizedfabric.h"

#include "generate/closbuilder.h"
#include "generate/designbuilder.h"
#include "generate/generatoroptions.h"

namespace pw {

namespace {
constexpr double kServerWidth = 100;
constexpr double kUnitGap = 400;
constexpr double kServerY = 900;
constexpr double kLeafY = 600;
constexpr double kSpineY = 350;
constexpr double kCoreY = 100;
} // namespace

std::optional<QString> RailOptimizedFabric::build(DesignBuilder& b, const GeneratorOptions& o,
    const CatalogItem& server, const CatalogItem& sw, int nodes, const CatalogItem* ufm, ComputeLayout& layout,
    QStringList& notes)
{
    const int computeGroup = DesignBuilder::groupWithRole(server, PortRole::Compute);
    if (computeGroup < 0)
        return QStringLiteral("%1 has no compute-fabric ports").arg(server.sku);
    const int rails = server.portGroups[static_cast<size_t>(computeGroup)].count;
    const int dataGroup = DesignBuilder::groupWithRole(sw, PortRole::Fabric);
    const int radix = sw.portGroups[static_cast<size_t>(dataGroup)].count;
    const int su = o.suSize;
    if (su <= 0)
        return QStringLiteral("--su-size must be at least 1");
    const int uplinks = o.oversubscription.uplinksFor(su);
    if (su + uplinks > radix) {
        const int maxSu = radix * o.oversubscription.down / (o.oversubscription.down + o.oversubscription.up);
        return QStringLiteral("%1 has %2 fabric ports; a leaf of a %3-server scalable unit at %4 needs %3 down + %5 up "
                              "(use --su-size %6 or less, more oversubscription, or a larger switch)")
            .arg(sw.sku)
            .arg(radix)
            .arg(su)
            .arg(o.oversubscription.toString())
            .arg(uplinks)
            .arg(maxSu);
    }
    const int slots = nodes + (ufm ? 1 : 0);
    const int units = (slots + su - 1) / su;
    const int podUnits = std::max(1, (radix / 2) / rails);
    const long long leafCount = static_cast<long long>(units) * rails;
    if (leafCount > radix && (radix / 2) / rails < 1)
        return QStringLiteral("%1 rails do not fit a pod of %2 (radix %3) for three tiers")
            .arg(rails)
            .arg(sw.sku)
            .arg(radix);

    Design& d = b.design();
    const long long computeLinks = static_cast<long long>(nodes) * rails + leafCount * uplinks * 2;
    d.reserve(static_cast<size_t>(nodes + leafCount * 3 + 64), static_cast<size_t>(computeLinks * 1.3 + 1024));

    const double unitWidth = su * kServerWidth + kUnitGap;
    std::vector<ClosBuilder::Leaf> leaves;
    leaves.reserve(static_cast<size_t>(leafCount));
    layout.serverY = kServerY;
    layout.servers.reserve(static_cast<size_t>(nodes));
    int placed = 0;
    for (int u = 0; u < units; ++u) {
        const GroupId unit = b.addGroup(GroupKind::ScalableUnit, QStringLiteral("SU %1").arg(u + 1));
        layout.units.push_back(unit);
        const double x0 = u * unitWidth;
        std::vector<NodeId> unitLeaves;
        for (int r = 0; r < rails; ++r) {
            const double x = x0 + (r + 0.5) * su * kServerWidth / rails;
            const NodeId leaf
                = b.addNode(sw, QStringLiteral("leaf-su%1-r%2").arg(u + 1, 2, 10, QLatin1Char('0')).arg(r + 1),
                    Network::Compute, FabricTier::Leaf, QPointF(x, kLeafY), unit, r);
            unitLeaves.push_back(leaf);
            leaves.push_back({leaf, x});
        }
        std::vector<NodeId> unitServers;
        for (int s = 0; s < su && placed < nodes; ++s, ++placed) {
            const NodeId n
                = b.addNode(server, QStringLiteral("%1-%2").arg(server.sku).arg(placed + 1, 5, 10, QLatin1Char('0')),
                    Network::None, FabricTier::None, QPointF(x0 + s * kServerWidth, kServerY), unit);
            for (int r = 0; r < rails; ++r)
                b.connect(b.portAt(n, computeGroup, r), b.portAt(unitLeaves[static_cast<size_t>(r)], dataGroup, s));
            unitServers.push_back(n);
            layout.servers.push_back(n);
        }
        layout.serverRows.push_back(std::move(unitServers));
        layout.leafRows.push_back(std::move(unitLeaves));
    }
    if (ufm) {
        // The last slot of the last unit is always free: units was sized for nodes + 1.
        const int slot = su - 1;
        const int unitIndex = units - 1;
        const int ufmGroup = DesignBuilder::groupWithRole(*ufm, PortRole::Compute);
        const double x0 = unitIndex * unitWidth;
        const NodeId n = b.addNode(*ufm, QStringLiteral("ufm-1"), Network::None, FabricTier::None,
            QPointF(x0 + (su - 1) * kServerWidth, kServerY), layout.units.back());
        const int ports = ufm->portGroups[static_cast<size_t>(ufmGroup)].count;
        for (int p = 0; p < ports && p < rails; ++p)
            b.connect(
                b.portAt(n, ufmGroup, p), b.portAt(layout.leafRows.back()[static_cast<size_t>(p)], dataGroup, slot));
        layout.appliances.push_back(n);
        notes << QStringLiteral("the UFM appliance takes one server slot of SU %1").arg(units);
    }
    // Leaf downlinks occupy ports 0..su-1; uplinks take the next free ports from su on.
    for (const auto& row : layout.leafRows)
        for (NodeId leaf : row)
            b.skipTo(leaf, dataGroup, su);

    ClosBuilder::Result clos;
    if (auto error = ClosBuilder::build(b, sw, leaves, uplinks, podUnits * rails, true, kSpineY, kCoreY, clos))
        return error;
    layout.tiers = clos.tiers;
    layout.cores = clos.cores;
    if (clos.tiers == 3) {
        for (size_t p = 0; p < clos.pods.size(); ++p) {
            std::vector<NodeId> row(clos.spines.begin() + static_cast<long>(p * uplinks),
                clos.spines.begin() + static_cast<long>((p + 1) * uplinks));
            layout.spineRows.push_back(std::move(row));
            for (int u = static_cast<int>(p) * podUnits; u < std::min(units, static_cast<int>(p + 1) * podUnits); ++u) {
                Group g = *d.group(layout.units[static_cast<size_t>(u)]);
                g.parent = clos.pods[p];
                d.replaceGroup(g);
            }
        }
    } else {
        layout.spineRows.push_back(clos.spines);
    }
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
