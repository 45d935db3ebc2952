#include "failures/servicereach.h"

#include "catalog/catalogitem.h"
#include "catalog/itemrole.h"
#include "model/design.h"

#include <QStringList>

#include <algorithm>
#include <map>

namespace pw {

namespace {

bool isSwitch(const Design& d, const Node& n)
{
    // By node, not by sku: asked for both ends of every link, where a lookup by sku costs a
    // search of the design's catalog each time.
    const CatalogItem* item = d.itemOf(n.id);
    return item && item->kind == ItemKind::Switch;
}

int tierRank(FabricTier t)
{
    switch (t) {
    case FabricTier::None:
        return 0;
    case FabricTier::Leaf:
        return 1;
    case FabricTier::Spine:
        return 2;
    case FabricTier::Core:
        return 3;
    }
    return 0;
}

} // namespace

ServiceReach::ServiceReach(const Design& design, Network network) : mDesign(design), mNetwork(network)
{
    // Management is reached from the head nodes over in-band: the out-of-band switches hang off it.
    const Network anchorNetwork = network == Network::OutOfBand ? Network::InBand : network;
    auto traversable
        = [&](const Node& n) { return isSwitch(design, n) && (n.network == network || n.network == anchorNetwork); };
    mIndex.assign(design.nodes().slotCount() + 1, -1);
    auto add = [&](const Node& n) {
        if (mIndex[n.id.value()] >= 0)
            return mIndex[n.id.value()];
        const int i = static_cast<int>(mNodes.size());
        mIndex[n.id.value()] = i;
        mNodes.push_back(n.id);
        mTraversable.push_back(traversable(n) ? 1 : 0);
        mOfNetwork.push_back(isSwitch(design, n) && n.network == network ? 1 : 0);
        mHost.push_back(0);
        mAdjacent.emplace_back();
        return i;
    };
    design.nodes().forEach([&](const Node& n) {
        if (isSwitch(design, n) && n.network == network) {
            mSwitches.push_back(n.id);
            add(n);
        }
    });
    std::vector<std::pair<int, int>> anchorEdges; // (host, switch) where a path to the anchors starts
    design.links().forEach([&](const Link& l) {
        const Node* a = design.node(l.a.node);
        const Node* b = design.node(l.b.node);
        if (!a || !b || (!traversable(*a) && !traversable(*b)))
            return;
        // A switch's management port on the out-of-band network is no storage or in-band link.
        if (const Network ln = design.linkNetwork(l); ln != network && ln != anchorNetwork)
            return;
        const int gbps = design.linkSpeedGbps(l);
        const int i = add(*a);
        const int j = add(*b);
        mAdjacent[static_cast<size_t>(i)].push_back({j, gbps});
        mAdjacent[static_cast<size_t>(j)].push_back({i, gbps});
        for (const auto& [h, s] : {std::pair{i, j}, std::pair{j, i}}) {
            if (mTraversable[static_cast<size_t>(h)])
                continue;
            const Node& sw = *design.node(mNodes[static_cast<size_t>(s)]);
            if (sw.network == network)
                mHost[static_cast<size_t>(h)] = 1;
            const CatalogItem* item = design.item(design.node(mNodes[static_cast<size_t>(h)])->sku);
            const bool anchor = item
                && (network == Network::Storage ? item->kind == ItemKind::Storage
                                                : hasRole(*item, ItemRole::ManagementServer));
            if (anchor && sw.network == anchorNetwork)
                anchorEdges.emplace_back(h, s);
        }
    });
    for (const auto& [h, s] : anchorEdges)
        if (std::find(mAnchorHosts.begin(), mAnchorHosts.end(), h) == mAnchorHosts.end())
            mAnchorHosts.push_back(h);
    mAnchorText
        = network == Network::Storage ? QStringLiteral("storage systems") : QStringLiteral("management servers");
    mIntact = reached(-1);
    const bool anyHost = [&] {
        for (size_t i = 0; i < mNodes.size(); ++i)
            if (mHost[i] && mIntact[i])
                return true;
        return false;
    }();
    if (!anyHost) {
        // No anchor reaches a host of the network: its top tier stands for "the network".
        mAnchorHosts.clear();
        int top = -1;
        for (NodeId s : mSwitches)
            top = std::max(top, tierRank(design.node(s)->tier));
        for (NodeId s : mSwitches)
            if (tierRank(design.node(s)->tier) == top)
                mAnchorSwitches.push_back(indexOf(s));
        mAnchorText = QStringLiteral("the %1 switches of its top tier").arg(displayName(network));
        mIntact = reached(-1);
    }
    for (size_t i = 0; i < mNodes.size(); ++i)
        if (mHost[i] && mIntact[i])
            for (const Edge& e : mAdjacent[i])
                if (design.node(mNodes[static_cast<size_t>(e.to)])->network == network)
                    mHostGbps += e.gbps;
}

int ServiceReach::indexOf(NodeId n) const
{
    return n.value() < mIndex.size() ? mIndex[n.value()] : -1;
}

std::vector<char> ServiceReach::reached(int failed) const
{
    std::vector<char> seen(mNodes.size(), 0);
    std::vector<int> queue;
    auto visitSwitch = [&](int s) {
        if (s != failed && !seen[static_cast<size_t>(s)]) {
            seen[static_cast<size_t>(s)] = 1;
            queue.push_back(s);
        }
    };
    for (int h : mAnchorHosts)
        for (const Edge& e : mAdjacent[static_cast<size_t>(h)])
            if (mTraversable[static_cast<size_t>(e.to)])
                visitSwitch(e.to);
    for (int s : mAnchorSwitches)
        visitSwitch(s);
    for (size_t q = 0; q < queue.size(); ++q)
        for (const Edge& e : mAdjacent[static_cast<size_t>(queue[q])]) {
            if (mTraversable[static_cast<size_t>(e.to)])
                visitSwitch(e.to);
            else if (mOfNetwork[static_cast<size_t>(queue[q])])
                seen[static_cast<size_t>(e.to)] = 1; // a host on a switch of the network that is reached
        }
    return seen;
}

ServiceReach::Loss ServiceReach::without(NodeId failedSwitch) const
{
    Loss loss;
    const int f = indexOf(failedSwitch);
    if (f < 0)
        return loss;
    const std::vector<char> now = reached(f);
    auto networkGbps = [&](size_t h, bool onlyToFailed) {
        double g = 0;
        for (const Edge& e : mAdjacent[h])
            if ((!onlyToFailed || e.to == f) && mDesign.node(mNodes[static_cast<size_t>(e.to)])->network == mNetwork)
                g += e.gbps;
        return g;
    };
    for (size_t i = 0; i < mNodes.size(); ++i) {
        if (!mHost[i] || !mIntact[i])
            continue;
        if (!now[i]) {
            loss.cutOff.push_back(mNodes[i]);
            loss.gbpsLost += networkGbps(i, false);
            continue;
        }
        const double lost = networkGbps(i, true);
        if (lost > 0) {
            loss.degraded.push_back(mNodes[i]);
            loss.gbpsLost += lost;
        }
    }
    return loss;
}

QString ServiceReach::profileOf(NodeId failedSwitch) const
{
    const int f = indexOf(failedSwitch);
    const Node* n = mDesign.node(failedSwitch);
    if (f < 0 || !n)
        return {};
    // (kind and GPUs of the host, homed here alone) -> links; switch neighbour tier -> links
    std::map<QString, int> hosts;
    std::map<QString, int> switches;
    for (const Edge& e : mAdjacent[static_cast<size_t>(f)]) {
        const Node* w = mDesign.node(mNodes[static_cast<size_t>(e.to)]);
        if (mTraversable[static_cast<size_t>(e.to)]) {
            ++switches[QStringLiteral("%1:%2:%3").arg(toString(w->network), toString(w->tier)).arg(e.gbps)];
            continue;
        }
        bool alone = true;
        for (const Edge& o : mAdjacent[static_cast<size_t>(e.to)])
            if (o.to != f && mDesign.node(mNodes[static_cast<size_t>(o.to)])->network == mNetwork)
                alone = false;
        const CatalogItem* item = mDesign.item(w->sku);
        ++hosts[QStringLiteral("%1:%2:%3:%4")
                    .arg(item ? toString(item->kind) : QString())
                    .arg(item ? item->gpuCount() : 0)
                    .arg(alone ? 1 : 0)
                    .arg(e.gbps)];
    }
    QStringList p{toString(n->network), toString(n->tier), n->sku};
    for (const auto& [k, v] : hosts)
        p << QStringLiteral("h%1x%2").arg(k).arg(v);
    for (const auto& [k, v] : switches)
        p << QStringLiteral("s%1x%2").arg(k).arg(v);
    return p.join(QLatin1Char('/'));
}

} // namespace pw
