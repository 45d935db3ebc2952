#pragma once

#include "topology/analysisoptions.h"
#include "topology/fabricgraph.h"
#include "topology/maxflownetwork.h"

#include <QString>

#include <optional>
#include <random>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace pw {

class Design;

// The search for the worst balanced cut of a fabric (the bisection bandwidth is the worst over all
// balanced splits, NP-hard in general): exact max-flow on structural splits, random splits and local
// improvement of the worst found, every split tried once (a split and its mirror are one cut).
// analyzeFabric() runs it for the intact fabric; degradedRatio() answers what is left of it when
// switches fail or servers are gone, for the degraded cases and the failure domains alike.
class BisectionSearch {
public:
    struct Tried {
        std::vector<signed char> side; // per server: 0, 1, or -1 (left out)
        long long flow;
        double ratio;
        QString label;
    };

    // The graph and the network must outlive the search.
    BisectionSearch(
        const Design& design, const FabricGraph& g, MaxFlowNetwork& net, const AnalysisOptions& opt, int totalGpus);

    // Halves and alternation along pods, scalable units and racks.
    void tryStructuralSplits();
    void tryRandomSplits();
    // Swaps a block (scalable unit, else rack, else server) of one side of the worst split for an
    // equal-GPU block of the other, keeping the swap when the cut gets worse.
    void improveWorst();

    // The bisection ratio after a failure: the worst intact split, and on small fabrics every split
    // tried, recomputed by exact max-flow with the failed switches out of the network (graph vertex
    // indices); the lowest ratio wins. Servers that are gone (graph vertex indices: servers that
    // failed, or that the caller counts as lost) leave both sides, and the split is rebalanced by
    // moving servers, in server order, from the larger side to the smaller. The denominator is the
    // smaller side's injection bandwidth, so a server left in the split but cut off by a failed
    // switch shows as lost bandwidth. Empty when fewer than two servers are left to split.
    // Each split's intact flow is solved once, the first time it is asked, and every failure's
    // max-flow starts from it (MaxFlowNetwork::maxFlowFrom): the same figures, a fraction of the work.
    [[nodiscard]] std::optional<double> degradedRatio(
        const std::vector<int>& failedSwitches, const std::vector<int>& goneServers = {}) const;

    [[nodiscard]] const Tried& worst() const { return mTried[worstIndex()]; }
    [[nodiscard]] const std::vector<Tried>& tried() const { return mTried; }
    [[nodiscard]] bool smallFabric() const { return mSmall; }
    [[nodiscard]] QString method() const;
    // The cut's bandwidth over the smaller side's injection bandwidth.
    [[nodiscard]] double ratioOf(const std::vector<signed char>& side, long long flow) const;
    [[nodiscard]] const FabricGraph::Vertex& vertexOf(int i) const
    {
        return mGraph.vertices()[static_cast<size_t>(mGraph.servers()[static_cast<size_t>(i)])];
    }

private:
    void evaluate(std::vector<signed char> side, const QString& label);
    // Takes the gone servers out of a split and balances it again; false when a side is left empty.
    [[nodiscard]] bool rebalanceWithout(std::vector<signed char>& side, const std::vector<size_t>& gone) const;
    [[nodiscard]] size_t worstIndex() const;

    const Design& mDesign;
    const FabricGraph& mGraph;
    MaxFlowNetwork& mNet;
    int mTotalGpus;
    std::mt19937 mRng;
    bool mSmall = false;
    int mRandomSplits = 0;
    int mImprovements = 0;
    int mImproved = 0;
    std::vector<double> mInjection;
    std::vector<int> mIndex; // 0 .. servers - 1
    std::vector<Tried> mTried;
    std::unordered_set<size_t> mSeen;
    // The intact flow of a tried split (by index in mTried), solved when degradedRatio first needs it.
    mutable std::unordered_map<size_t, MaxFlowNetwork::Flow> mIntactFlow;
};

} // namespace pw
