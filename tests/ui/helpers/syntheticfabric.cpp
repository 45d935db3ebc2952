#include "syntheticfabric.h"

#include "catalog/catalog.h"

#include <stdexcept>

namespace pw::testing {

namespace {

NodeId addNode(Design& d, const Catalog& catalog, const QString& sku, const QString& name, QPointF pos, Network net,
    GroupId unit, FabricTier tier = FabricTier::None, int rail = -1)
{
    const CatalogItem* item = catalog.item(sku);
    if (!item)
        throw std::runtime_error("catalog item missing: " + sku.toStdString());
    if (!d.item(sku))
        d.recordItem(*item);
    Node n;
    n.id = d.allocateNodeId();
    n.sku = sku;
    n.name = name;
    n.position = pos;
    n.network = net;
    n.unit = unit;
    n.tier = tier;
    n.rail = rail;
    d.insertNode(n);
    return n.id;
}

// First free port of `a` that can take a link to a free port of `b`, found as ConnectCommand would.
void connect(Design& d, NodeId a, NodeId b, int roleFilterPortFrom = 0)
{
    const int n = d.portCount(a);
    for (int i = roleFilterPortFrom; i < n; ++i) {
        const PortRef pa{a, i};
        if (d.linkAt(pa).isValid())
            continue;
        const PortRef pb = d.findFreeCompatiblePort(b, pa);
        if (!pb.isValid())
            continue;
        Link l;
        l.id = d.allocateLinkId();
        l.a = pa;
        l.b = pb;
        l.lengthM = 3;
        d.insertLink(l);
        return;
    }
    throw std::runtime_error("no compatible free ports");
}

} // namespace

Design buildRailFabric(const Catalog& catalog, int units)
{
    Design d;
    d.setName(QStringLiteral("Synthetic rail-optimized fabric (%1 DGX H100)").arg(units * 32));
    constexpr int kServersPerUnit = 32;
    constexpr int kRails = 8;
    constexpr double kCol = 180, kRow = 90;
    const int unitsPerRow = units >= 16 ? 4 : std::max(1, units);
    const double unitW = 8 * kCol + 260, unitH = 4 * kRow + 260;
    d.reserve(size_t(units) * 45 + 64, size_t(units) * 600);

    std::vector<NodeId> leaves;
    for (int u = 0; u < units; ++u) {
        Group su;
        su.id = d.allocateGroupId();
        su.kind = GroupKind::ScalableUnit;
        su.name = QStringLiteral("SU %1").arg(u + 1);
        d.insertGroup(su);
        const QPointF origin((u % unitsPerRow) * unitW, 400 + (u / unitsPerRow) * unitH);
        std::vector<NodeId> unitLeaves;
        for (int r = 0; r < kRails; ++r)
            unitLeaves.push_back(
                addNode(d, catalog, QStringLiteral("qm9700"), QStringLiteral("su%1-leaf-r%2").arg(u + 1).arg(r),
                    origin + QPointF(r * kCol, 0), Network::Compute, su.id, FabricTier::Leaf, r));
        const NodeId oob = addNode(d, catalog, QStringLiteral("sn2201"), QStringLiteral("su%1-oob").arg(u + 1),
            origin + QPointF(8 * kCol, kRow * 2.5), Network::OutOfBand, su.id);
        for (int s = 0; s < kServersPerUnit; ++s) {
            const NodeId dgx = addNode(d, catalog, QStringLiteral("dgx-h100"),
                QStringLiteral("su%1-dgx-%2").arg(u + 1).arg(s + 1, 2, 10, QLatin1Char('0')),
                origin + QPointF((s % 8) * kCol, 130 + (s / 8) * kRow), Network::None, su.id);
            for (NodeId leaf : unitLeaves)
                connect(d, dgx, leaf);
            connect(d, dgx, oob);
        }
        leaves.insert(leaves.end(), unitLeaves.begin(), unitLeaves.end());
    }
    // Spines: every leaf has 32 uplinks; each spine has 64 ports.
    const int spines = std::max(1, int(leaves.size()) * 32 / 64);
    std::vector<NodeId> spineIds;
    const double width = unitsPerRow * unitW;
    for (int s = 0; s < spines; ++s)
        spineIds.push_back(addNode(d, catalog, QStringLiteral("qm9700"),
            QStringLiteral("spine-%1").arg(s + 1, 2, 10, QLatin1Char('0')), QPointF(s * width / spines, 0),
            Network::Compute, {}, FabricTier::Spine));
    // Spines come in groups of 32; leaf l takes one link to each spine of group l mod groups.
    const size_t groups = std::max<size_t>(1, spineIds.size() / 32);
    for (size_t l = 0; l < leaves.size(); ++l)
        for (size_t k = 0; k < 32; ++k)
            connect(d, leaves[l], spineIds[((l % groups) * 32 + k) % spineIds.size()]);
    return d;
}

} // namespace pw::testing
