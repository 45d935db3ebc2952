#include "topology/maxflownetwork.h"

#include "topology/fabricgraph.h"

// Boost 1.74 push_relabel trips GCC 12's -Wmaybe-uninitialized inside its own headers (optional edge iterators).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/push_relabel_max_flow.hpp>

namespace pw {

namespace {
using Traits = boost::adjacency_list_traits<boost::vecS, boost::vecS, boost::directedS>;
using Graph = boost::adjacency_list<
    boost::vecS, boost::vecS, boost::directedS, boost::no_property,
    boost::property<boost::edge_capacity_t, long long,
                    boost::property<boost::edge_residual_capacity_t, long long,
                                    boost::property<boost::edge_reverse_t, Traits::edge_descriptor>>>>;
using Edge = Traits::edge_descriptor;
constexpr long long kUnbounded = 1LL << 40;
} // namespace

struct MaxFlowNetwork::Impl {
    Graph g;
    Traits::vertex_descriptor source = 0;
    Traits::vertex_descriptor sink = 0;
    std::vector<Edge> sourceArcs; // per server
    std::vector<Edge> sinkArcs;
    long long arcs = 0;

    Edge addPair(Traits::vertex_descriptor u, Traits::vertex_descriptor v, long long cap)
    {
        auto cap_ = boost::get(boost::edge_capacity, g);
        auto rev = boost::get(boost::edge_reverse, g);
        const Edge e1 = boost::add_edge(u, v, g).first;
        const Edge e2 = boost::add_edge(v, u, g).first;
        cap_[e1] = cap;
        cap_[e2] = 0;
        rev[e1] = e2;
        rev[e2] = e1;
        arcs += 2;
        return e1;
    }
};

MaxFlowNetwork::MaxFlowNetwork(const FabricGraph& graph) : d(std::make_unique<Impl>())
{
    const size_t n = graph.vertices().size();
    d->g = Graph(n + 2);
    d->source = n;
    d->sink = n + 1;
    for (const FabricGraph::Edge& e : graph.edges()) {
        d->addPair(static_cast<size_t>(e.a), static_cast<size_t>(e.b), e.gbps);
        d->addPair(static_cast<size_t>(e.b), static_cast<size_t>(e.a), e.gbps);
    }
    for (int s : graph.servers()) {
        d->sourceArcs.push_back(d->addPair(d->source, static_cast<size_t>(s), 0));
        d->sinkArcs.push_back(d->addPair(static_cast<size_t>(s), d->sink, 0));
    }
}

MaxFlowNetwork::~MaxFlowNetwork() = default;

long long MaxFlowNetwork::arcCount() const { return d->arcs; }

long long MaxFlowNetwork::maxFlow(const std::vector<signed char>& side, const std::vector<int>& disabled)
{
    auto cap = boost::get(boost::edge_capacity, d->g);
    auto rev = boost::get(boost::edge_reverse, d->g);
    for (size_t i = 0; i < side.size() && i < d->sourceArcs.size(); ++i) {
        cap[d->sourceArcs[i]] = side[i] == 0 ? kUnbounded : 0;
        cap[d->sinkArcs[i]] = side[i] == 1 ? kUnbounded : 0;
    }
    std::vector<std::pair<Edge, long long>> saved;
    for (int v : disabled) {
        auto [it, end] = boost::out_edges(static_cast<size_t>(v), d->g);
        for (; it != end; ++it) {
            saved.emplace_back(*it, cap[*it]);
            saved.emplace_back(rev[*it], cap[rev[*it]]);
            cap[*it] = 0;
            cap[rev[*it]] = 0;
        }
    }
    const long long flow = boost::push_relabel_max_flow(d->g, d->source, d->sink);
    for (auto it = saved.rbegin(); it != saved.rend(); ++it)
        cap[it->first] = it->second;
    return flow;
}

} // namespace pw
