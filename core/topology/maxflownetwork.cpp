#include "topology/maxflownetwork.h"

#include "topology/fabricgraph.h"

// Boost 1.74 push_relabel trips GCC 12's -Wmaybe-uninitialized inside its own headers (optional edge iterators).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/push_relabel_max_flow.hpp>

#include <algorithm>
#include <limits>

namespace pw {

struct MaxFlowNetwork::Impl {
    int n = 0; // switch vertices (by graph vertex index; servers stay as isolated vertices) + 2
    int source = 0;
    int sink = 0;
    // Compressed sparse rows: the arcs out of v are first[v] .. first[v + 1]; mate[a] is a's reverse.
    std::vector<int> first;
    std::vector<int> head;
    std::vector<int> mate;
    std::vector<long long> capacity; // switch arcs: the link; terminal arcs: rewritten per cut
    std::vector<long long> residual;
    std::vector<int> sourceArc; // per vertex: source -> v, or -1
    std::vector<int> sinkArc; // per vertex: v -> sink, or -1
    // Server links in rows by server (the i-th server of graph.servers()): switch vertex, capacity.
    std::vector<int> serverFirst;
    std::vector<int> serverSwitch;
    std::vector<long long> serverGbps;
    // Work arrays of one solve.
    std::vector<int> level;
    std::vector<int> current;
    std::vector<int> queue;
    std::vector<int> path;
    std::vector<char> off;

    bool buildLevels()
    {
        std::fill(level.begin(), level.end(), -1);
        level[static_cast<size_t>(source)] = 0;
        size_t qh = 0;
        queue.clear();
        queue.push_back(source);
        while (qh < queue.size()) {
            const int v = queue[qh++];
            for (int a = first[static_cast<size_t>(v)]; a < first[static_cast<size_t>(v) + 1]; ++a) {
                const int w = head[static_cast<size_t>(a)];
                if (residual[static_cast<size_t>(a)] > 0 && level[static_cast<size_t>(w)] < 0
                    && !off[static_cast<size_t>(w)]) {
                    level[static_cast<size_t>(w)] = level[static_cast<size_t>(v)] + 1;
                    if (w == sink)
                        return true; // the sink's level is all the blocking flow needs
                    queue.push_back(w);
                }
            }
        }
        return false;
    }

    // Blocking flow along level-increasing arcs; iterative, retreating to the tail of the first
    // arc an augmentation saturates.
    long long blockingFlow()
    {
        std::copy(first.begin(), first.end() - 1, current.begin());
        const int sinkLevel = level[static_cast<size_t>(sink)];
        long long total = 0;
        path.clear();
        int v = source;
        for (;;) {
            if (v == sink) {
                long long push = std::numeric_limits<long long>::max();
                for (int a : path)
                    push = std::min(push, residual[static_cast<size_t>(a)]);
                size_t cut = path.size();
                for (size_t k = 0; k < path.size(); ++k) {
                    const int a = path[k];
                    residual[static_cast<size_t>(a)] -= push;
                    residual[static_cast<size_t>(mate[static_cast<size_t>(a)])] += push;
                    if (cut == path.size() && residual[static_cast<size_t>(a)] == 0)
                        cut = k;
                }
                total += push;
                path.resize(cut);
                v = cut == 0 ? source : head[static_cast<size_t>(path.back())];
                continue;
            }
            int& a = current[static_cast<size_t>(v)];
            const int end = first[static_cast<size_t>(v) + 1];
            const int next = level[static_cast<size_t>(v)] + 1;
            while (a < end) {
                const int w = head[static_cast<size_t>(a)];
                if (residual[static_cast<size_t>(a)] > 0 && level[static_cast<size_t>(w)] == next
                    && (next < sinkLevel || w == sink))
                    break;
                ++a;
            }
            if (a < end) {
                path.push_back(a);
                v = head[static_cast<size_t>(a)];
                continue;
            }
            // Dead end: no augmenting path leaves v in this phase.
            if (v == source)
                return total;
            level[static_cast<size_t>(v)] = -1;
            path.pop_back();
            v = path.empty() ? source : head[static_cast<size_t>(path.back())];
            ++current[static_cast<size_t>(v)];
        }
    }
};

MaxFlowNetwork::MaxFlowNetwork(const FabricGraph& graph) : d(std::make_unique<Impl>())
{
    const auto& V = graph.vertices();
    const size_t nv = V.size();
    d->n = static_cast<int>(nv) + 2;
    d->source = static_cast<int>(nv);
    d->sink = static_cast<int>(nv) + 1;
    const size_t n = static_cast<size_t>(d->n);

    // Terminal arcs go to switches with a server link.
    std::vector<char> feedsServers(nv, 0);
    for (const FabricGraph::Edge& e : graph.edges()) {
        const bool sa = V[static_cast<size_t>(e.a)].server;
        const bool sb = V[static_cast<size_t>(e.b)].server;
        if (sa != sb)
            feedsServers[static_cast<size_t>(sa ? e.b : e.a)] = 1;
    }
    std::vector<int> degree(n, 0);
    for (const FabricGraph::Edge& e : graph.edges()) {
        if (V[static_cast<size_t>(e.a)].server || V[static_cast<size_t>(e.b)].server)
            continue;
        ++degree[static_cast<size_t>(e.a)];
        ++degree[static_cast<size_t>(e.b)];
    }
    for (size_t v = 0; v < nv; ++v)
        if (feedsServers[v]) {
            degree[v] += 2; // from the source (reverse) and to the sink
            ++degree[static_cast<size_t>(d->source)];
            ++degree[static_cast<size_t>(d->sink)];
        }
    d->first.assign(n + 1, 0);
    for (size_t v = 0; v < n; ++v)
        d->first[v + 1] = d->first[v] + degree[v];
    const size_t arcs = static_cast<size_t>(d->first[n]);
    d->head.assign(arcs, 0);
    d->mate.assign(arcs, 0);
    d->capacity.assign(arcs, 0);
    std::vector<int> fill(d->first.begin(), d->first.end() - 1);
    auto addPair = [&](int u, int v, long long forward, long long backward) {
        const int a = fill[static_cast<size_t>(u)]++;
        const int b = fill[static_cast<size_t>(v)]++;
        d->head[static_cast<size_t>(a)] = v;
        d->head[static_cast<size_t>(b)] = u;
        d->mate[static_cast<size_t>(a)] = b;
        d->mate[static_cast<size_t>(b)] = a;
        d->capacity[static_cast<size_t>(a)] = forward;
        d->capacity[static_cast<size_t>(b)] = backward;
        return a;
    };
    for (const FabricGraph::Edge& e : graph.edges())
        if (!V[static_cast<size_t>(e.a)].server && !V[static_cast<size_t>(e.b)].server)
            addPair(e.a, e.b, e.gbps, e.gbps);
    d->sourceArc.assign(nv, -1);
    d->sinkArc.assign(nv, -1);
    for (size_t v = 0; v < nv; ++v)
        if (feedsServers[v]) {
            d->sourceArc[v] = addPair(d->source, static_cast<int>(v), 0, 0);
            d->sinkArc[v] = addPair(static_cast<int>(v), d->sink, 0, 0);
        }

    // Server links by server, in graph.servers() order.
    const auto& servers = graph.servers();
    std::vector<int> serverIndex(nv, -1);
    for (size_t i = 0; i < servers.size(); ++i)
        serverIndex[static_cast<size_t>(servers[i])] = static_cast<int>(i);
    d->serverFirst.assign(servers.size() + 1, 0);
    for (const FabricGraph::Edge& e : graph.edges()) {
        const bool sa = V[static_cast<size_t>(e.a)].server;
        const bool sb = V[static_cast<size_t>(e.b)].server;
        if (sa != sb)
            ++d->serverFirst[static_cast<size_t>(serverIndex[static_cast<size_t>(sa ? e.a : e.b)]) + 1];
    }
    for (size_t i = 0; i < servers.size(); ++i)
        d->serverFirst[i + 1] += d->serverFirst[i];
    d->serverSwitch.assign(static_cast<size_t>(d->serverFirst.back()), 0);
    d->serverGbps.assign(static_cast<size_t>(d->serverFirst.back()), 0);
    std::vector<int> sfill(d->serverFirst.begin(), d->serverFirst.end() - 1);
    for (const FabricGraph::Edge& e : graph.edges()) {
        const bool sa = V[static_cast<size_t>(e.a)].server;
        const bool sb = V[static_cast<size_t>(e.b)].server;
        if (sa == sb)
            continue;
        const int k = sfill[static_cast<size_t>(serverIndex[static_cast<size_t>(sa ? e.a : e.b)])]++;
        d->serverSwitch[static_cast<size_t>(k)] = sa ? e.b : e.a;
        d->serverGbps[static_cast<size_t>(k)] = e.gbps;
    }
    d->residual.assign(arcs, 0);
    d->level.assign(n, -1);
    d->current.assign(n, 0);
    d->off.assign(n, 0);
    d->queue.reserve(n);
}

MaxFlowNetwork::~MaxFlowNetwork() = default;

long long MaxFlowNetwork::arcCount() const
{
    return static_cast<long long>(d->head.size());
}

long long MaxFlowNetwork::maxFlow(const std::vector<signed char>& side, const std::vector<int>& disabled)
{
    Impl& m = *d;
    for (size_t v = 0; v < m.sourceArc.size(); ++v)
        if (m.sourceArc[v] >= 0) {
            m.capacity[static_cast<size_t>(m.sourceArc[v])] = 0;
            m.capacity[static_cast<size_t>(m.sinkArc[v])] = 0;
        }
    const size_t servers = m.serverFirst.size() - 1;
    for (size_t i = 0; i < side.size() && i < servers; ++i) {
        if (side[i] < 0)
            continue;
        for (int k = m.serverFirst[i]; k < m.serverFirst[i + 1]; ++k) {
            const size_t sw = static_cast<size_t>(m.serverSwitch[static_cast<size_t>(k)]);
            m.capacity[static_cast<size_t>(side[i] == 0 ? m.sourceArc[sw] : m.sinkArc[sw])]
                += m.serverGbps[static_cast<size_t>(k)];
        }
    }
    m.residual = m.capacity;
    for (int v : disabled)
        if (v >= 0 && v < m.source)
            m.off[static_cast<size_t>(v)] = 1;
    long long flow = 0;
    while (m.buildLevels())
        flow += m.blockingFlow();
    for (int v : disabled)
        if (v >= 0 && v < m.source)
            m.off[static_cast<size_t>(v)] = 0;
    return flow;
}

long long MaxFlowNetwork::referenceMaxFlow(
    const FabricGraph& graph, const std::vector<signed char>& side, const std::vector<int>& disabled)
{
    using Traits = boost::adjacency_list_traits<boost::vecS, boost::vecS, boost::directedS>;
    using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, boost::no_property,
        boost::property<boost::edge_capacity_t, long long,
            boost::property<boost::edge_residual_capacity_t, long long,
                boost::property<boost::edge_reverse_t, Traits::edge_descriptor>>>>;
    constexpr long long kUnbounded = 1LL << 40;
    const size_t n = graph.vertices().size();
    Graph g(n + 2);
    auto cap = boost::get(boost::edge_capacity, g);
    auto rev = boost::get(boost::edge_reverse, g);
    std::vector<char> out(n, 0);
    for (int v : disabled)
        if (v >= 0 && static_cast<size_t>(v) < n)
            out[static_cast<size_t>(v)] = 1;
    auto addPair = [&](size_t u, size_t v, long long c) {
        const auto e1 = boost::add_edge(u, v, g).first;
        const auto e2 = boost::add_edge(v, u, g).first;
        cap[e1] = c;
        cap[e2] = 0;
        rev[e1] = e2;
        rev[e2] = e1;
    };
    // Servers are endpoints: one on neither side carries nothing (no transit through a server).
    const auto& servers = graph.servers();
    for (size_t i = 0; i < servers.size(); ++i)
        if (i >= side.size() || side[i] < 0)
            out[static_cast<size_t>(servers[i])] = 1;
    for (const FabricGraph::Edge& e : graph.edges()) {
        if (out[static_cast<size_t>(e.a)] || out[static_cast<size_t>(e.b)])
            continue;
        addPair(static_cast<size_t>(e.a), static_cast<size_t>(e.b), e.gbps);
        addPair(static_cast<size_t>(e.b), static_cast<size_t>(e.a), e.gbps);
    }
    for (size_t i = 0; i < side.size() && i < servers.size(); ++i) {
        if (side[i] == 0)
            addPair(n, static_cast<size_t>(servers[i]), kUnbounded);
        else if (side[i] == 1)
            addPair(static_cast<size_t>(servers[i]), n + 1, kUnbounded);
    }
    return boost::push_relabel_max_flow(g, n, n + 1);
}

} // namespace pw
