#include "topology/fabricgraph.h"

#include "model/design.h"

#include <algorithm>

namespace pw {

namespace {

const PortGroup* groupOf(const CatalogItem* item, int index)
{
    if (!item || index < 0)
        return nullptr;
    for (const PortGroup& g : item->portGroups) {
        if (index < g.count)
            return &g;
        index -= g.count;
    }
    return nullptr;
}

int indexInGroup(const CatalogItem* item, int index)
{
    for (const PortGroup& g : item->portGroups) {
        if (index < g.count)
            return index;
        index -= g.count;
    }
    return -1;
}

long long commonSpeed(const PortGroup& a, const PortGroup& b)
{
    int best = 0;
    for (int s : a.speedsGbps)
        for (int t : b.speedsGbps)
            if (s == t && s > best)
                best = s;
    return best;
}

} // namespace

FabricGraph::FabricGraph(const Design& design)
{
    const size_t slots = design.nodes().slotCount();
    std::vector<const CatalogItem*> items(slots, nullptr);
    std::vector<int> vertexOf(slots, -1);
    design.nodes().forEach([&](const Node& n) {
        const CatalogItem* item = design.item(n.sku);
        items[n.id.value() - 1] = item;
        if (!item)
            return;
        const bool server = item->kind == ItemKind::Server && item->gpuCount() > 0;
        const bool computeSwitch
            = item->kind == ItemKind::Switch && (n.network == Network::Compute || n.network == Network::None);
        if (!server && !computeSwitch)
            return;
        Vertex v;
        v.node = n.id;
        v.server = server;
        v.gpus = server ? item->gpuCount() : 0;
        v.tier = server ? FabricTier::None : n.tier;
        v.unit = n.unit;
        v.rack = n.rack;
        v.pod = n.unit;
        if (const Group* g = design.group(n.unit); g && g->kind == GroupKind::ScalableUnit && g->parent.isValid())
            v.pod = g->parent;
        vertexOf[n.id.value() - 1] = static_cast<int>(mVertices.size());
        mVertices.push_back(v);
    });
    mEdges.reserve(design.links().size());
    design.links().forEach([&](const Link& l) {
        const size_t sa = l.a.node.value() - 1;
        const size_t sb = l.b.node.value() - 1;
        const PortGroup* ga = groupOf(items[sa], l.a.index);
        const PortGroup* gb = groupOf(items[sb], l.b.index);
        if (!ga || !gb)
            return;
        // Compute links: a host compute port to a switch, or two switch ports of the compute network.
        const bool hostA = ga->role != PortRole::Fabric;
        const bool hostB = gb->role != PortRole::Fabric;
        if ((hostA && ga->role != PortRole::Compute) || (hostB && gb->role != PortRole::Compute) || (hostA && hostB))
            return;
        const int va = vertexOf[sa];
        const int vb = vertexOf[sb];
        if (va < 0 || vb < 0) {
            if ((hostA && items[sa] && items[sa]->gpuCount() == 0)
                || (hostB && items[sb] && items[sb]->gpuCount() == 0))
                ++otherHostLinks;
            return;
        }
        const long long speed = commonSpeed(*ga, *gb);
        if (speed <= 0)
            return;
        mEdges.push_back({va, vb, speed});
        // The rail of a leaf: the index (within its compute ports) of every server port it serves.
        const bool serverA = mVertices[static_cast<size_t>(va)].server;
        const bool serverB = mVertices[static_cast<size_t>(vb)].server;
        if (serverA != serverB) {
            const int rail = serverA ? indexInGroup(items[sa], l.a.index) : indexInGroup(items[sb], l.b.index);
            int& mine = mVertices[static_cast<size_t>(serverA ? vb : va)].rail;
            mine = mine == -1 ? rail : mine == rail ? mine : -2;
        }
        if (mVertices[static_cast<size_t>(va)].server)
            mVertices[static_cast<size_t>(va)].injectionGbps += static_cast<double>(speed);
        if (mVertices[static_cast<size_t>(vb)].server)
            mVertices[static_cast<size_t>(vb)].injectionGbps += static_cast<double>(speed);
    });
    const size_t n = mVertices.size();
    mOffsets.assign(n + 1, 0);
    for (const Edge& e : mEdges) {
        ++mOffsets[static_cast<size_t>(e.a) + 1];
        ++mOffsets[static_cast<size_t>(e.b) + 1];
    }
    for (size_t i = 0; i < n; ++i)
        mOffsets[i + 1] += mOffsets[i];
    mAdjacency.assign(static_cast<size_t>(mOffsets[n]), 0);
    std::vector<int> fill(mOffsets.begin(), mOffsets.end() - 1);
    for (const Edge& e : mEdges) {
        mAdjacency[static_cast<size_t>(fill[static_cast<size_t>(e.a)]++)] = e.b;
        mAdjacency[static_cast<size_t>(fill[static_cast<size_t>(e.b)]++)] = e.a;
    }
    // Tiers the design leaves unset: leaf next to a server, spine next to a leaf, else core.
    auto infer = [&](FabricTier want, auto pred) {
        for (size_t v = 0; v < n; ++v) {
            Vertex& x = mVertices[v];
            if (x.server || x.tier != FabricTier::None)
                continue;
            for (int k = mOffsets[v]; k < mOffsets[v + 1]; ++k)
                if (pred(mVertices[static_cast<size_t>(mAdjacency[static_cast<size_t>(k)])])) {
                    x.tier = want;
                    break;
                }
        }
    };
    infer(FabricTier::Leaf, [](const Vertex& w) { return w.server; });
    infer(FabricTier::Spine, [](const Vertex& w) { return w.tier == FabricTier::Leaf; });
    for (Vertex& x : mVertices)
        if (!x.server && x.tier == FabricTier::None)
            x.tier = FabricTier::Core;
    for (size_t v = 0; v < n; ++v)
        if (mVertices[v].server)
            mServers.push_back(static_cast<int>(v));
}

FabricGraph::Planes FabricGraph::planes() const
{
    Planes p;
    // Separate planes: connected components of the switches alone (servers do not forward) that
    // each reach servers.
    {
        std::vector<int> component(mVertices.size(), -1);
        std::vector<std::vector<int>> members;
        for (size_t start = 0; start < mVertices.size(); ++start) {
            if (mVertices[start].server || component[start] >= 0)
                continue;
            const int c = static_cast<int>(members.size());
            members.emplace_back();
            std::vector<int> stack{static_cast<int>(start)};
            component[start] = c;
            while (!stack.empty()) {
                const int v = stack.back();
                stack.pop_back();
                members.back().push_back(v);
                for (int k = mOffsets[static_cast<size_t>(v)]; k < mOffsets[static_cast<size_t>(v) + 1]; ++k) {
                    const int w = mAdjacency[static_cast<size_t>(k)];
                    if (!mVertices[static_cast<size_t>(w)].server && component[static_cast<size_t>(w)] < 0) {
                        component[static_cast<size_t>(w)] = c;
                        stack.push_back(w);
                    }
                }
            }
        }
        std::vector<std::vector<int>> reaching;
        for (const auto& m : members) {
            bool servesServers = false;
            for (int v : m)
                for (int k = mOffsets[static_cast<size_t>(v)];
                     k < mOffsets[static_cast<size_t>(v) + 1] && !servesServers; ++k)
                    servesServers = mVertices[static_cast<size_t>(mAdjacency[static_cast<size_t>(k)])].server;
            if (servesServers)
                reaching.push_back(m);
        }
        if (reaching.size() >= 2) {
            p.count = static_cast<int>(reaching.size());
            p.separate = true;
            p.switches = std::move(reaching);
            return p;
        }
    }
    int rails = 0;
    for (const Vertex& v : mVertices) {
        if (v.server || v.tier != FabricTier::Leaf || v.rail == -1)
            continue;
        if (v.rail == -2) {
            p.reason = QStringLiteral("no planes: a leaf carries more than one rail (servers' ports share leaves)");
            return p;
        }
        rails = std::max(rails, v.rail + 1);
    }
    if (rails < 2) {
        p.reason = QStringLiteral("no planes: one compute port per server reaches the leaves (one rail)");
        return p;
    }
    std::vector<char> used(static_cast<size_t>(rails), 0);
    for (const Vertex& v : mVertices)
        if (!v.server && v.tier == FabricTier::Leaf && v.rail >= 0)
            used[static_cast<size_t>(v.rail)] = 1;
    if (std::count(used.begin(), used.end(), 1) < 2) {
        p.reason = QStringLiteral("no planes: every leaf carries the same rail");
        return p;
    }
    p.count = rails;
    p.switches.resize(static_cast<size_t>(rails));
    auto rank = [](const Vertex& v) {
        return v.server ? 0 : v.tier == FabricTier::Leaf ? 1 : v.tier == FabricTier::Spine ? 2 : 3;
    };
    for (int r = 0; r < rails; ++r) {
        std::vector<char> in(mVertices.size(), 0);
        for (size_t v = 0; v < mVertices.size(); ++v)
            if (!mVertices[v].server && mVertices[v].tier == FabricTier::Leaf && mVertices[v].rail == r)
                in[v] = 1;
        // A spine (then a core) belongs to the plane when everything below it is in the plane.
        for (int tier = 2; tier <= 3; ++tier)
            for (size_t v = 0; v < mVertices.size(); ++v) {
                if (mVertices[v].server || rank(mVertices[v]) != tier)
                    continue;
                bool below = false;
                bool all = true;
                for (int k = mOffsets[v]; k < mOffsets[v + 1]; ++k) {
                    const size_t w = static_cast<size_t>(mAdjacency[static_cast<size_t>(k)]);
                    if (rank(mVertices[w]) < tier) {
                        below = true;
                        all = all && in[w];
                    }
                }
                if (below && all)
                    in[v] = 1;
            }
        for (size_t v = 0; v < mVertices.size(); ++v)
            if (in[v])
                p.switches[static_cast<size_t>(r)].push_back(static_cast<int>(v));
    }
    return p;
}

} // namespace pw
