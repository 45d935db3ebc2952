#include "generate/accessfabric.h"

#include "generate/designbuilder.h"

#include <algorithm>

namespace pw {

AccessFabric::Result AccessFabric::build(DesignBuilder& b, const Spec& spec, const std::vector<Segment>& segments)
{
    Result r;
    std::vector<int> uplinks;
    std::vector<int> upGroups;
    std::vector<int> allowedUp; // the segment's `up`: a spread leaf may rise to it to reach every spine
    bool onePair = false; // the network is one spread pair that holds every port
    for (const Segment& seg : segments) {
        const CatalogItem& leafItem = seg.leaf ? *seg.leaf : *spec.leaf;
        const int downGroup = seg.leaf ? seg.leafDownGroup : spec.leafDownGroup;
        const int upGroup = seg.leaf ? seg.leafUpGroup : spec.leafUpGroup;
        auto addLeaf = [&](int up) {
            const NodeId leaf = b.addNode(leafItem,
                QStringLiteral("%1-leaf-%2").arg(spec.prefix).arg(r.leaves.size() + 1, 3, 10, QLatin1Char('0')),
                spec.network, FabricTier::Leaf, spec.origin + QPointF(static_cast<double>(r.leaves.size()) * 250, 0));
            r.leaves.push_back(leaf);
            uplinks.push_back(up);
            upGroups.push_back(upGroup);
            allowedUp.push_back(seg.up);
            return leaf;
        };
        if (!seg.spread) {
            size_t i = 0;
            while (i < seg.ports.size()) {
                const NodeId leaf = addLeaf(seg.up);
                for (int k = 0; k < seg.down && i < seg.ports.size(); ++k, ++i)
                    b.connect(seg.ports[i], b.takePort(leaf, downGroup));
            }
            continue;
        }
        const long long n = static_cast<long long>(seg.ports.size());
        if (n == 0 || seg.down <= 0)
            continue;
        const long long need = (n + seg.down - 1) / seg.down;
        const long long count = std::max(need, std::min<long long>(seg.minLeaves, n));
        const size_t first = r.leaves.size();
        for (long long k = 0; k < count; ++k)
            addLeaf(0);
        std::vector<long long> used(static_cast<size_t>(count), 0);
        long long i = 0;
        // Pairs of leaves, the last three together when the count is odd; each group full before the next.
        for (long long g = 0; g < count && i < n;) {
            const long long size = count - g == 3 ? 3 : std::min<long long>(2, count - g);
            const long long take = g + size >= count ? n - i : std::min(n - i, size * seg.down);
            for (long long k = 0; k < take; ++k, ++i) {
                const size_t l = static_cast<size_t>(g + k % size);
                b.connect(seg.ports[static_cast<size_t>(i)], b.takePort(r.leaves[first + l], downGroup));
                ++used[l];
            }
            g += size;
        }
        for (size_t l = 0; l < used.size(); ++l)
            uplinks[first + l]
                = static_cast<int>(std::min<long long>(seg.up, (used[l] * seg.up + seg.down - 1) / seg.down));
        onePair = segments.size() == 1 && count == 2 && need == 1;
    }
    if (onePair && spec.spineReserve == 0 && spec.peerLinks > 0) {
        const int group = segments.front().leaf ? segments.front().leafDownGroup : spec.leafDownGroup;
        for (int k = 0; k < spec.peerLinks; ++k) {
            const PortRef a = b.takePort(r.leaves[0], group);
            const PortRef c = b.takePort(r.leaves[1], group);
            if (a.isValid() && c.isValid())
                b.connect(a, c);
        }
        return r;
    }
    if ((r.leaves.size() <= 1 && spec.spineReserve == 0) || !spec.spine || r.leaves.empty())
        return r;
    long long total = 0;
    for (size_t l = 0; l < r.leaves.size(); ++l) {
        allowedUp[l] = std::min(allowedUp[l], b.freePorts(r.leaves[l], upGroups[l]));
        uplinks[l] = std::min(uplinks[l], allowedUp[l]);
        total += uplinks[l];
    }
    if (total == 0 && spec.spineReserve == 0)
        return r;
    const int radix = spec.spine->portGroups[static_cast<size_t>(spec.spineGroup)].count;
    auto spinesFor = [&](long long links) {
        return std::max<long long>(spec.minSpines, (links + spec.spineReserve + radix - 1) / radix);
    };
    long long spines = spinesFor(total);
    // Two tiers keep every leaf on every spine: a spread leaf whose share of uplinks is below the
    // spine count rises to it (within its segment's `up`), and the spines are counted again. So do
    // leaves of one uplink each under the two spines minSpines asks for (4 L40S: two SN2201 and two
    // SN4600C leaves), which would otherwise take a third tier.
    const int mostUp = *std::max_element(allowedUp.begin(), allowedUp.end());
    for (long long before = 0; spines <= mostUp && spines != before;) {
        before = spines;
        for (size_t l = 0; l < r.leaves.size(); ++l)
            if (const int want = static_cast<int>(std::min<long long>(spines, allowedUp[l])); uplinks[l] < want) {
                total += want - uplinks[l];
                uplinks[l] = want;
            }
        spines = spinesFor(total);
    }
    const int maxUp = *std::max_element(uplinks.begin(), uplinks.end());
    if (spines > maxUp && maxUp > 0)
        return buildThreeTier(b, spec, r, uplinks, upGroups, maxUp, radix);
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

AccessFabric::Result AccessFabric::buildThreeTier(DesignBuilder& b, const Spec& spec, Result r,
    const std::vector<int>& uplinks, const std::vector<int>& upGroups, int spinesPerPod, int radix)
{
    const long long leaves = static_cast<long long>(r.leaves.size());
    // The largest pod whose spines keep as many ports up as down plus their share of the reserve.
    // When none fits (a reserve larger than the spines can hold), pods of one leaf; pods always
    // matches the perPod the leaves are split by.
    int perPod = radix / 2;
    auto podsOf = [leaves](int per) { return (leaves + per - 1) / per; };
    for (; perPod > 1; --perPod) {
        const long long n = podsOf(perPod);
        const long long reservePerSpine = (spec.spineReserve + n * spinesPerPod - 1) / (n * spinesPerPod);
        if (2LL * perPod + reservePerSpine <= radix)
            break;
    }
    const long long pods = podsOf(perPod);
    r.pods = static_cast<int>(pods);
    r.leavesPerPod = perPod;
    const double width = static_cast<double>(r.leaves.size()) * 250;
    // Pod spines, pod by pod; spine j of a pod serves uplink j of its leaves.
    for (long long p = 0; p < pods; ++p)
        for (int j = 0; j < spinesPerPod; ++j)
            r.spines.push_back(b.addNode(*spec.spine,
                QStringLiteral("%1-spine-%2-%3")
                    .arg(spec.prefix)
                    .arg(p + 1, 2, 10, QLatin1Char('0'))
                    .arg(j + 1, 2, 10, QLatin1Char('0')),
                spec.network, FabricTier::Spine,
                spec.origin
                    + QPointF(width * (static_cast<double>(p) + (j + 0.5) / spinesPerPod) / static_cast<double>(pods),
                        -200)));
    for (long long l = 0; l < leaves; ++l) {
        const long long pod = l / perPod;
        for (int k = 0; k < uplinks[static_cast<size_t>(l)]; ++k) {
            const PortRef up = b.takePort(r.leaves[static_cast<size_t>(l)], upGroups[static_cast<size_t>(l)]);
            const PortRef down
                = b.takePort(r.spines[static_cast<size_t>(pod * spinesPerPod + k % spinesPerPod)], spec.spineGroup);
            if (up.isValid() && down.isValid())
                b.connect(up, down);
        }
    }
    // Core groups: spine j of every pod sends its perPod uplinks round-robin over group j's cores.
    const long long coresPerGroup = std::max<long long>(1, (pods * perPod + radix - 1) / radix);
    for (int j = 0; j < spinesPerPod; ++j)
        for (long long c = 0; c < coresPerGroup; ++c)
            r.cores.push_back(b.addNode(*spec.spine,
                QStringLiteral("%1-core-%2-%3")
                    .arg(spec.prefix)
                    .arg(j + 1, 2, 10, QLatin1Char('0'))
                    .arg(c + 1, 2, 10, QLatin1Char('0')),
                spec.network, FabricTier::Core,
                spec.origin
                    + QPointF(width * (j * coresPerGroup + c + 0.5) / static_cast<double>(spinesPerPod * coresPerGroup),
                        -400)));
    for (long long p = 0; p < pods; ++p)
        for (int j = 0; j < spinesPerPod; ++j) {
            const NodeId spine = r.spines[static_cast<size_t>(p * spinesPerPod + j)];
            for (int k = 0; k < perPod; ++k) {
                const PortRef up = b.takePort(spine, spec.spineGroup);
                const PortRef down
                    = b.takePort(r.cores[static_cast<size_t>(j * coresPerGroup + (p * perPod + k) % coresPerGroup)],
                        spec.spineGroup);
                if (up.isValid() && down.isValid())
                    b.connect(up, down);
            }
        }
    return r;
}

} // namespace pw
