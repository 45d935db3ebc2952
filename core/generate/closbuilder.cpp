#include "generate/closbuilder.h"

#include "generate/designbuilder.h"

#include <algorithm>

namespace pw {

int ClosBuilder::twoTierSpines(int leaves, int uplinks, int radix, int minSpines)
{
    if (leaves > radix || uplinks <= 0)
        return 0;
    for (int from : {std::max(1, minSpines), 1})
        for (int s = from; s <= uplinks; ++s)
            if (uplinks % s == 0 && (leaves * uplinks + s - 1) / s <= radix)
                return s;
    return uplinks;
}

int ClosBuilder::spinesPerPod(int leavesPerPod, int uplinks, int radix)
{
    for (int s = 1; s <= uplinks; ++s)
        if (uplinks % s == 0 && leavesPerPod * (uplinks / s) <= radix / 2)
            return s;
    return uplinks;
}

void ClosBuilder::namePlane(Design& d, const Result& result, int plane)
{
    for (const auto* ids : {&result.spines, &result.cores})
        for (NodeId id : *ids) {
            Node n = *d.node(id);
            n.name = QStringLiteral("p%1-%2").arg(plane + 1).arg(n.name);
            d.replaceNode(n);
        }
}

std::optional<QString> ClosBuilder::build(DesignBuilder& b, const CatalogItem& sw, const std::vector<Leaf>& leaves,
    int uplinks, int leavesPerPod, bool allowThreeTier, double spineY, double coreY, Result& result, int spinesOfPod,
    bool forceThreeTier, int topReserve, int minSpines)
{
    const int dataGroup = DesignBuilder::groupWithRole(sw, PortRole::Fabric);
    const int radix = sw.portGroups[static_cast<size_t>(dataGroup)].count;
    const int leafCount = static_cast<int>(leaves.size());
    if (leafCount == 0 || uplinks <= 0)
        return std::nullopt;
    const double minX = leaves.front().x;
    const double maxX = leaves.back().x;

    const int topRadix = radix - std::max(0, topReserve);
    if (leafCount <= topRadix && !forceThreeTier) {
        const int spines = twoTierSpines(leafCount, uplinks, topRadix, minSpines);
        const int perSpine = uplinks / spines;
        result.tiers = 2;
        result.spines.reserve(static_cast<size_t>(spines));
        for (int s = 0; s < spines; ++s) {
            const double x = spines == 1 ? (minX + maxX) / 2 : minX + (maxX - minX) * s / (spines - 1);
            result.spines.push_back(b.addNode(sw, QStringLiteral("spine-%1").arg(s + 1, 3, 10, QLatin1Char('0')),
                Network::Compute, FabricTier::Spine, QPointF(x, spineY)));
        }
        for (const Leaf& leaf : leaves)
            for (int s = 0; s < spines; ++s)
                for (int k = 0; k < perSpine; ++k)
                    b.connect(
                        b.takePort(leaf.id, dataGroup), b.takePort(result.spines[static_cast<size_t>(s)], dataGroup));
        return std::nullopt;
    }

    if (!allowThreeTier)
        return QStringLiteral("%1 leaves need more than two tiers of %2 (radix %3 allows %3 leaves)")
            .arg(leafCount)
            .arg(sw.sku)
            .arg(radix);
    const int spinesEach = spinesOfPod > 0 ? spinesOfPod : uplinks;
    const int linksPerSpine = uplinks / spinesEach; // from each leaf of the pod
    if (uplinks % spinesEach != 0)
        return QStringLiteral("%1 leaf uplinks do not split evenly over %2 spines").arg(uplinks).arg(spinesEach);
    if (leavesPerPod <= 0 || 2 * leavesPerPod * linksPerSpine > radix)
        return QStringLiteral("a pod of %1 leaves does not fit the %2 ports of a %3 spine at 1:1")
            .arg(leavesPerPod)
            .arg(radix)
            .arg(sw.sku);
    if (spinesEach > radix / 2)
        return QStringLiteral("leaves with %1 uplinks need more than one core group per spine port").arg(uplinks);

    result.tiers = 3;
    const int pods = (leafCount + leavesPerPod - 1) / leavesPerPod;
    // Core group j takes the uplinks of spine j of every pod: one per leaf link below it.
    const int coresPerGroup = (leafCount * linksPerSpine + topRadix - 1) / std::max(1, topRadix);
    result.spines.reserve(static_cast<size_t>(pods * spinesEach));
    result.cores.reserve(static_cast<size_t>(coresPerGroup * spinesEach));
    const double width = std::max(1.0, maxX - minX);
    const int coreCount = coresPerGroup * spinesEach;
    for (int c = 0; c < coreCount; ++c) {
        const double x = coreCount == 1 ? (minX + maxX) / 2 : minX + width * c / (coreCount - 1);
        result.cores.push_back(b.addNode(sw, QStringLiteral("core-%1").arg(c + 1, 4, 10, QLatin1Char('0')),
            Network::Compute, FabricTier::Core, QPointF(x, coreY)));
    }
    int spineNumber = 0;
    std::vector<long long> groupCursor(static_cast<size_t>(spinesEach), 0); // round-robin position per core group
    for (int p = 0; p < pods; ++p) {
        const int first = p * leavesPerPod;
        const int last = std::min(leafCount, first + leavesPerPod);
        const GroupId pod = b.addGroup(GroupKind::Pod, QStringLiteral("Pod %1").arg(p + 1));
        result.pods.push_back(pod);
        const double px0 = leaves[static_cast<size_t>(first)].x;
        const double px1 = leaves[static_cast<size_t>(last - 1)].x;
        std::vector<NodeId> podSpines;
        podSpines.reserve(static_cast<size_t>(spinesEach));
        for (int j = 0; j < spinesEach; ++j) {
            const double x = spinesEach == 1 ? (px0 + px1) / 2 : px0 + (px1 - px0) * j / (spinesEach - 1);
            podSpines.push_back(b.addNode(sw, QStringLiteral("spine-%1").arg(++spineNumber, 4, 10, QLatin1Char('0')),
                Network::Compute, FabricTier::Spine, QPointF(x, spineY), pod));
        }
        for (int l = first; l < last; ++l)
            for (int j = 0; j < spinesEach; ++j)
                for (int k = 0; k < linksPerSpine; ++k)
                    b.connect(b.takePort(leaves[static_cast<size_t>(l)].id, dataGroup),
                        b.takePort(podSpines[static_cast<size_t>(j)], dataGroup));
        // Spine j sends as many links up as it has leaf links below.
        for (int j = 0; j < spinesEach; ++j) {
            for (int k = first * linksPerSpine; k < last * linksPerSpine; ++k) {
                const long long e = groupCursor[static_cast<size_t>(j)]++;
                const NodeId core
                    = result.cores[static_cast<size_t>(j * coresPerGroup + static_cast<int>(e % coresPerGroup))];
                b.connect(b.takePort(podSpines[static_cast<size_t>(j)], dataGroup), b.takePort(core, dataGroup));
            }
        }
        result.spines.insert(result.spines.end(), podSpines.begin(), podSpines.end());
    }
    return std::nullopt;
}

} // namespace pw
