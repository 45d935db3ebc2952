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
    // Work arrays of a warm start (maxFlowFrom): the walk along flow paths and the vertices on it.
    std::vector<int> walkBack;
    std::vector<int> walkAhead;
    std::vector<int> walkVertices;
    std::vector<int> onWalk; // the walk's stamp when the vertex is on it
    std::vector<int> walkPosition;
    int walkStamp = 0;

    // Per switch, the capacities of its arcs from the source and to the sink for a split: the
    // links of its source-side and of its sink-side servers.
    void terminalCapacities(
        const std::vector<signed char>& side, std::vector<long long>& fromSource, std::vector<long long>& toSink) const
    {
        fromSource.assign(sourceArc.size(), 0);
        toSink.assign(sourceArc.size(), 0);
        const size_t servers = serverFirst.size() - 1;
        for (size_t i = 0; i < side.size() && i < servers; ++i) {
            if (side[i] < 0)
                continue;
            for (int k = serverFirst[i]; k < serverFirst[i + 1]; ++k) {
                const size_t sw = static_cast<size_t>(serverSwitch[static_cast<size_t>(k)]);
                (side[i] == 0 ? fromSource : toSink)[sw] += serverGbps[static_cast<size_t>(k)];
            }
        }
    }

    // Net flow along arc a; the reverse arc carries its negative (the residuals of a pair always
    // sum to the pair's capacities).
    [[nodiscard]] long long flowOn(int a) const
    {
        return capacity[static_cast<size_t>(a)] - residual[static_cast<size_t>(a)];
    }
    void lowerFlow(int a, long long by)
    {
        residual[static_cast<size_t>(a)] += by;
        residual[static_cast<size_t>(mate[static_cast<size_t>(a)])] -= by;
    }

    // A path of flow from `from` to `to`: forward to the sink along arcs that carry flow out, or
    // back to the source along arcs that carry flow in; the arcs in `walk`, each in the direction
    // of its flow. A cycle of flow met on the way is cancelled (it carries nothing from the source
    // to the sink). False when no arc carries flow on (the flow would not be conserved).
    bool flowPath(int from, int to, bool forward, std::vector<int>& walk)
    {
        walk.clear();
        walkVertices.assign(1, from);
        ++walkStamp;
        onWalk[static_cast<size_t>(from)] = walkStamp;
        walkPosition[static_cast<size_t>(from)] = 0;
        int x = from;
        while (x != to) {
            int arc = -1;
            int next = -1;
            for (int a = first[static_cast<size_t>(x)]; a < first[static_cast<size_t>(x) + 1]; ++a)
                if (forward ? flowOn(a) > 0 : flowOn(a) < 0) {
                    arc = forward ? a : mate[static_cast<size_t>(a)];
                    next = head[static_cast<size_t>(a)];
                    break;
                }
            if (arc < 0)
                return false;
            if (onWalk[static_cast<size_t>(next)] == walkStamp) {
                const size_t p = static_cast<size_t>(walkPosition[static_cast<size_t>(next)]);
                long long c = flowOn(arc);
                for (size_t k = p; k < walk.size(); ++k)
                    c = std::min(c, flowOn(walk[k]));
                lowerFlow(arc, c);
                for (size_t k = p; k < walk.size(); ++k)
                    lowerFlow(walk[k], c);
                for (size_t k = p + 1; k < walkVertices.size(); ++k)
                    onWalk[static_cast<size_t>(walkVertices[k])] = 0;
                walk.resize(p);
                walkVertices.resize(p + 1);
                x = next;
                continue;
            }
            walk.push_back(arc);
            onWalk[static_cast<size_t>(next)] = walkStamp;
            walkPosition[static_cast<size_t>(next)] = static_cast<int>(walk.size());
            walkVertices.push_back(next);
            x = next;
        }
        return true;
    }

    // Lowers the flow on arc a to `target` or less, a path from the source through a to the sink
    // at a time. False when the flow cannot be traced (the caller then solves from scratch).
    bool lowerFlowTo(int a, long long target)
    {
        const int tail = head[static_cast<size_t>(mate[static_cast<size_t>(a)])];
        const int tip = head[static_cast<size_t>(a)];
        std::vector<int> arcs;
        walkBack.clear();
        walkAhead.clear();
        for (size_t guard = 0; flowOn(a) > target; ++guard) {
            if (guard > head.size())
                return false;
            if ((tail != source && !flowPath(tail, source, false, walkBack))
                || (tip != sink && !flowPath(tip, sink, true, walkAhead)))
                return false;
            if (flowOn(a) <= target)
                break; // a cancelled cycle took it there
            // The bottleneck, an arc the two halves share counting twice.
            arcs.assign(walkBack.begin(), walkBack.end());
            arcs.insert(arcs.end(), walkAhead.begin(), walkAhead.end());
            arcs.push_back(a);
            std::sort(arcs.begin(), arcs.end());
            long long x = flowOn(a) - target;
            for (size_t k = 0; k < arcs.size();) {
                size_t j = k;
                while (j < arcs.size() && arcs[j] == arcs[k])
                    ++j;
                x = std::min(x, flowOn(arcs[k]) / static_cast<long long>(j - k));
                k = j;
            }
            if (x <= 0)
                return false;
            for (int b : arcs)
                lowerFlow(b, x);
        }
        return true;
    }

    // Sets the terminal arcs to a split's capacities, lowering their flow first where it is over.
    bool setTerminals(const std::vector<long long>& fromSource, const std::vector<long long>& toSink)
    {
        for (size_t v = 0; v < sourceArc.size(); ++v) {
            if (sourceArc[v] < 0)
                continue;
            for (const auto& [a, c] : {std::pair{sourceArc[v], fromSource[v]}, std::pair{sinkArc[v], toSink[v]}}) {
                if (flowOn(a) > c && !lowerFlowTo(a, c))
                    return false;
                const long long f = flowOn(a);
                capacity[static_cast<size_t>(a)] = c;
                residual[static_cast<size_t>(a)] = c - f;
                residual[static_cast<size_t>(mate[static_cast<size_t>(a)])] = f; // its capacity is 0
            }
        }
        return true;
    }

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
    d->onWalk.assign(n, 0);
    d->walkPosition.assign(n, 0);
}

MaxFlowNetwork::~MaxFlowNetwork() = default;

long long MaxFlowNetwork::arcCount() const
{
    return static_cast<long long>(d->head.size());
}

long long MaxFlowNetwork::maxFlow(const std::vector<signed char>& side, const std::vector<int>& disabled, Flow* solved)
{
    Impl& m = *d;
    std::vector<long long> fromSource;
    std::vector<long long> toSink;
    m.terminalCapacities(side, fromSource, toSink);
    for (size_t v = 0; v < m.sourceArc.size(); ++v)
        if (m.sourceArc[v] >= 0) {
            m.capacity[static_cast<size_t>(m.sourceArc[v])] = fromSource[v];
            m.capacity[static_cast<size_t>(m.sinkArc[v])] = toSink[v];
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
    if (solved)
        *solved = Flow{m.capacity, m.residual};
    return flow;
}

long long MaxFlowNetwork::maxFlowFrom(
    const Flow& start, const std::vector<signed char>& side, const std::vector<int>& disabled)
{
    Impl& m = *d;
    if (start.capacity.size() != m.capacity.size() || start.residual.size() != m.residual.size())
        return maxFlow(side, disabled);
    m.capacity = start.capacity;
    m.residual = start.residual;
    // No flow through a failed switch, none over what the new split's terminals carry.
    bool traced = true;
    for (int v : disabled)
        if (v >= 0 && v < m.source)
            for (int a = m.first[static_cast<size_t>(v)]; traced && a < m.first[static_cast<size_t>(v) + 1]; ++a)
                traced = m.flowOn(a) <= 0 || m.lowerFlowTo(a, 0);
    std::vector<long long> fromSource;
    std::vector<long long> toSink;
    m.terminalCapacities(side, fromSource, toSink);
    if (!traced || !m.setTerminals(fromSource, toSink))
        return maxFlow(side, disabled); // never seen: a flow that is not conserved
    for (int v : disabled)
        if (v >= 0 && v < m.source)
            m.off[static_cast<size_t>(v)] = 1;
    while (m.buildLevels())
        m.blockingFlow();
    for (int v : disabled)
        if (v >= 0 && v < m.source)
            m.off[static_cast<size_t>(v)] = 0;
    long long flow = 0;
    for (int a : m.sourceArc)
        if (a >= 0)
            flow += m.flowOn(a);
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
