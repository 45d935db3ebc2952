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

    // side[i] for the i-th server of graph.servers(): 0 source side, 1 sink side, -1 neither.
    // disabled: graph vertices taken out (failed switches). Returns the max-flow in Gb/s.
    [[nodiscard]] long long maxFlow(const std::vector<signed char>& side, const std::vector<int>& disabled = {});
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
