#pragma once

#include <memory>
#include <vector>

namespace pw {

class FabricGraph;

// Max-flow across a split of the GPU servers of a fabric graph, built once and reused for many
// cuts. Servers are endpoints only (traffic never passes through one), so each server is
// contracted into its side's terminal: the network holds the switches, one arc pair per
// switch-to-switch link (each direction the link's capacity, the undirected residual model), and
// per switch one arc from the source and one to the sink whose capacities are the sums of the
// links of that switch's source-side and sink-side servers. A cut only rewrites those terminal
// capacities, so no graph is rebuilt per cut. The graph is stored in compressed sparse rows and
// solved with Dinic's algorithm (breadth-first levels, blocking flow with current-arc pointers);
// on Clos fabrics the levels are few and the arcs a quarter of a 4-arcs-per-link Boost model
// (see docs/adr/0003-maxflow-csr-dinic.md). referenceMaxFlow() is the Boost push-relabel
// computation on the uncontracted graph, kept as the tests' oracle.
class MaxFlowNetwork {
public:
    explicit MaxFlowNetwork(const FabricGraph& graph);
    ~MaxFlowNetwork();
    MaxFlowNetwork(const MaxFlowNetwork&) = delete;
    MaxFlowNetwork& operator=(const MaxFlowNetwork&) = delete;

    // A solved flow (every arc's capacity and residual), kept to start a nearby cut from.
    struct Flow {
        std::vector<long long> capacity;
        std::vector<long long> residual;
    };

    // side[i] for the i-th server of graph.servers(): 0 source side, 1 sink side, -1 neither.
    // disabled: graph vertices taken out (failed switches). Returns the max-flow in Gb/s; with
    // `solved`, the flow found is kept there.
    [[nodiscard]] long long maxFlow(
        const std::vector<signed char>& side, const std::vector<int>& disabled = {}, Flow* solved = nullptr);
    // The same max-flow, started from the flow of a nearby cut instead of from nothing: the flow
    // through the disabled switches and over the terminal capacities the new split lowers is
    // cancelled path by path, then Dinic's phases augment what is left. A failure changes a small
    // part of a large fabric's flow, so this saves most of the augmenting paths (a from-scratch
    // bisection at 1,000,000 GPUs augments about half a million of them). The max-flow value is
    // unique, so the answer is maxFlow()'s, to the Gb/s.
    [[nodiscard]] long long maxFlowFrom(
        const Flow& start, const std::vector<signed char>& side, const std::vector<int>& disabled = {});
    // Directed arcs of the solved network (switch arc pairs and terminal arcs, reverse arcs included).
    [[nodiscard]] long long arcCount() const;

    // Boost push-relabel on the whole graph (servers as vertices, 4 arcs per link): slow, exact.
    [[nodiscard]] static long long referenceMaxFlow(
        const FabricGraph& graph, const std::vector<signed char>& side, const std::vector<int>& disabled = {});

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

} // namespace pw
