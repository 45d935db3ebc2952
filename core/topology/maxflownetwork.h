#pragma once

#include <memory>
#include <vector>

namespace pw {

class FabricGraph;

// Boost push-relabel max-flow over a fabric graph, built once and reused for many cuts: each
// link is two directed arcs, each with its own zero-capacity reverse arc (4 arcs per link; the
// 2-arc model trips push_relabel's is_flow() check on oversubscribed cuts). A super source feeds
// the servers of one side and a super sink drains the other; a cut only changes those arcs.
class MaxFlowNetwork {
public:
    explicit MaxFlowNetwork(const FabricGraph& graph);
    ~MaxFlowNetwork();
    MaxFlowNetwork(const MaxFlowNetwork&) = delete;
    MaxFlowNetwork& operator=(const MaxFlowNetwork&) = delete;

    // side[i] for the i-th server of graph.servers(): 0 source side, 1 sink side, -1 neither.
    // disabled: vertices taken out (a failed switch). Returns the max-flow in Gb/s.
    [[nodiscard]] long long maxFlow(const std::vector<signed char>& side, const std::vector<int>& disabled = {});
    [[nodiscard]] long long arcCount() const;

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

} // namespace pw
