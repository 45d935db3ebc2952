#include "generate/accessfabric.h"

#include "generate/designbuilder.h"

namespace pw {

AccessFabric::Result AccessFabric::build(DesignBuilder& b, const Spec& spec, const std::vector<Segment>& segments)
{
    Result r;
    std::vector<int> uplinks;
    std::vector<int> upGroups;
    for (const Segment& seg : segments) {
        const CatalogItem& leafItem = seg.leaf ? *seg.leaf : *spec.leaf;
        const int downGroup = seg.leaf ? seg.leafDownGroup : spec.leafDownGroup;
        const int upGroup = seg.leaf ? seg.leafUpGroup : spec.leafUpGroup;
        size_t i = 0;
        while (i < seg.ports.size()) {
            const NodeId leaf = b.addNode(leafItem,
                QStringLiteral("%1-leaf-%2").arg(spec.prefix).arg(r.leaves.size() + 1, 3, 10, QLatin1Char('0')),
                spec.network, FabricTier::Leaf, spec.origin + QPointF(static_cast<double>(r.leaves.size()) * 250, 0));
            r.leaves.push_back(leaf);
            uplinks.push_back(seg.up);
            upGroups.push_back(upGroup);
            for (int k = 0; k < seg.down && i < seg.ports.size(); ++k, ++i)
                b.connect(seg.ports[i], b.takePort(leaf, downGroup));
        }
    }
    if ((r.leaves.size() <= 1 && spec.spineReserve == 0) || !spec.spine || r.leaves.empty())
        return r;
    long long total = 0;
    for (size_t l = 0; l < r.leaves.size(); ++l) {
        uplinks[l] = std::min(uplinks[l], b.freePorts(r.leaves[l], upGroups[l]));
        total += uplinks[l];
    }
    const int radix = spec.spine->portGroups[static_cast<size_t>(spec.spineGroup)].count;
    const long long spines = std::max<long long>(1, (total + spec.spineReserve + radix - 1) / radix);
    const double width = static_cast<double>(r.leaves.size()) * 250;
    for (long long s = 0; s < spines; ++s)
        r.spines.push_back(b.addNode(*spec.spine,
            QStringLiteral("%1-spine-%2").arg(spec.prefix).arg(s + 1, 2, 10, QLatin1Char('0')), spec.network,
            FabricTier::Spine, spec.origin + QPointF(width * (s + 0.5) / static_cast<double>(spines), -200)));
    long long e = 0;
    for (size_t l = 0; l < r.leaves.size(); ++l)
        for (int k = 0; k < uplinks[l]; ++k, ++e) {
            const PortRef up = b.takePort(r.leaves[l], upGroups[l]);
            // Skip spines that are full (uneven leaves); there is always room: spines = ceil(total / radix).
            PortRef down;
            for (long long t = 0; t < spines && !down.isValid(); ++t)
                down = b.takePort(r.spines[static_cast<size_t>((e + t) % spines)], spec.spineGroup);
            if (up.isValid() && down.isValid())
                b.connect(up, down);
        }
    return r;
}

} // namespace pw
