#include "topology/fabricanalyzer.h"

#include "cost/opticsplan.h"
#include "cost/powerfigures.h"
#include "model/design.h"
#include "topology/fabricgraph.h"
#include "topology/maxflownetwork.h"

#include <QElapsedTimer>

#include <algorithm>
#include <cmath>
#include <functional>
#include <random>
#include <set>
#include <tuple>
#include <unordered_set>

namespace pw {

namespace {

void countInventory(const Design& design, FabricReport& r)
{
    design.nodes().forEach([&](const Node& n) {
        const CatalogItem* item = design.item(n.sku);
        if (item && item->kind == ItemKind::Switch)
            ++r.switchesByModel[item->sku];
    });
    design.groups().forEach([&](const Group& g) {
        if (g.kind == GroupKind::Rack)
            ++r.racks;
    });
    design.links().forEach([&](const Link& l) {
        if (l.cableSku.isEmpty()) {
            ++r.linksWithoutCable;
            return;
        }
        ++r.cablesByType[l.cableSku];
        ++r.cables;
    });
    // Optics and power as the bill of materials and the cost count them (one definition each).
    const OpticsPlan optics = OpticsPlan::of(design);
    r.transceiversByModel = optics.modulesBySku();
    r.transceivers = optics.moduleCount();
    const PowerFigures power = PowerFigures::of(design, 1.0);
    r.powerMaxKw = power.itMaxKw;
    r.powerTypicalKw = power.itTypicalKw;
}

// A balanced split of the servers: walk them in the given order and fill side 0 up to half the GPUs.
std::vector<signed char> splitInOrder(const FabricGraph& g, const std::vector<int>& order, int totalGpus)
{
    std::vector<signed char> side(g.servers().size(), 1);
    int a = 0;
    for (int i : order) {
        if (a * 2 >= totalGpus)
            break;
        side[static_cast<size_t>(i)] = 0;
        a += g.vertices()[static_cast<size_t>(g.servers()[static_cast<size_t>(i)])].gpus;
    }
    return side;
}

size_t hashSide(const std::vector<signed char>& side)
{
    size_t h = 1469598103934665603ULL;
    for (signed char c : side)
        h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
    return h;
}

// Servers, GPUs and injection bandwidth, and the switches of each tier.
void countFabric(const FabricGraph& g, FabricReport& r)
{
    const auto& V = g.vertices();
    r.servers = static_cast<int>(g.servers().size());
    for (int s : g.servers()) {
        r.gpus += V[static_cast<size_t>(s)].gpus;
        r.injectionGbps += V[static_cast<size_t>(s)].injectionGbps;
    }
    for (const auto& v : V) {
        if (v.server)
            continue;
        if (v.tier == FabricTier::Leaf)
            ++r.leafSwitches;
        else if (v.tier == FabricTier::Spine)
            ++r.spineSwitches;
        else if (v.tier == FabricTier::Core)
            ++r.coreSwitches;
    }
    r.tiers = r.coreSwitches > 0 ? 3 : r.spineSwitches > 0 ? 2 : r.leafSwitches > 0 ? 1 : 0;
    r.otherLeafLinks = g.otherHostLinks;
}

// The links between tiers and each tier's oversubscription, analytically from port capacities:
// down = towards the servers, up = towards the core.
void computeTierOversubscription(const FabricGraph& g, FabricReport& r)
{
    const auto& V = g.vertices();
    auto rank = [&](const FabricGraph::Vertex& v) {
        return v.server ? 0 : v.tier == FabricTier::Leaf ? 1 : v.tier == FabricTier::Spine ? 2 : 3;
    };
    std::vector<double> down(V.size(), 0);
    std::vector<double> up(V.size(), 0);
    for (const auto& e : g.edges()) {
        const int ra = rank(V[static_cast<size_t>(e.a)]);
        const int rb = rank(V[static_cast<size_t>(e.b)]);
        const int lo = std::min(ra, rb);
        const int hi = std::max(ra, rb);
        if (lo == 0 && hi == 1)
            ++r.nodeLeafLinks;
        else if (lo == 1 && hi == 2)
            ++r.leafSpineLinks;
        else if (lo == 2 && hi == 3)
            ++r.spineCoreLinks;
        if (ra < rb) {
            up[static_cast<size_t>(e.a)] += static_cast<double>(e.gbps);
            down[static_cast<size_t>(e.b)] += static_cast<double>(e.gbps);
        } else if (rb < ra) {
            up[static_cast<size_t>(e.b)] += static_cast<double>(e.gbps);
            down[static_cast<size_t>(e.a)] += static_cast<double>(e.gbps);
        }
    }
    for (size_t v = 0; v < V.size(); ++v) {
        if (V[v].server || up[v] <= 0)
            continue;
        const QString tier = toString(V[v].tier);
        TierOversubscription& t = r.oversubscription[tier];
        ++t.switches;
        t.downGbps += down[v];
        t.upGbps += up[v];
        t.worst = std::max(t.worst, down[v] / up[v]);
    }
}

// Diameter and path diversity: breadth-first searches in which servers do not forward.
void measureDiameterAndPathDiversity(
    const Design& design, const FabricGraph& g, const AnalysisOptions& opt, FabricReport& r)
{
    const auto& V = g.vertices();
    const auto& servers = g.servers();
    if (servers.size() < 2)
        return;
    const auto& off = g.offsets();
    const auto& adj = g.adjacency();
    std::vector<int> dist(V.size());
    std::vector<double> paths(V.size());
    auto bfs = [&](int from) {
        std::fill(dist.begin(), dist.end(), -1);
        std::fill(paths.begin(), paths.end(), 0.0);
        std::vector<int> queue{from};
        queue.reserve(V.size());
        dist[static_cast<size_t>(from)] = 0;
        paths[static_cast<size_t>(from)] = 1;
        for (size_t q = 0; q < queue.size(); ++q) {
            const int v = queue[q];
            if (v != from && V[static_cast<size_t>(v)].server)
                continue;
            for (int k = off[static_cast<size_t>(v)]; k < off[static_cast<size_t>(v) + 1]; ++k) {
                const int w = adj[static_cast<size_t>(k)];
                if (dist[static_cast<size_t>(w)] < 0) {
                    dist[static_cast<size_t>(w)] = dist[static_cast<size_t>(v)] + 1;
                    queue.push_back(w);
                }
                if (dist[static_cast<size_t>(w)] == dist[static_cast<size_t>(v)] + 1)
                    paths[static_cast<size_t>(w)] += paths[static_cast<size_t>(v)];
            }
        }
    };
    const int sources = std::max(1, std::min<int>(opt.diameterSources, static_cast<int>(servers.size())));
    int worst = 0;
    for (int i = 0; i < sources; ++i) {
        const size_t pick = static_cast<size_t>(i) * (servers.size() - 1) / std::max(1, sources - 1);
        bfs(servers[pick]);
        for (int s : servers) {
            if (dist[static_cast<size_t>(s)] < 0)
                continue;
            worst = std::max(worst, dist[static_cast<size_t>(s)] - 1);
        }
    }
    r.diameterHops = worst;
    // First server of the first unit against the first server of the last unit.
    const int first = servers.front();
    int last = servers.back();
    const GroupId lastUnit = V[static_cast<size_t>(last)].unit;
    for (int s : servers)
        if (V[static_cast<size_t>(s)].unit == lastUnit) {
            last = s;
            break;
        }
    const Group* ga = design.group(V[static_cast<size_t>(first)].unit);
    const Group* gb = design.group(lastUnit);
    r.pathDiversityBetween
        = QStringLiteral("%1 - %2").arg(ga ? ga->name : design.node(V[static_cast<size_t>(first)].node)->name,
            gb ? gb->name : design.node(V[static_cast<size_t>(last)].node)->name);
    bfs(first);
    r.pathDiversityShortestPaths = paths[static_cast<size_t>(last)];
}

// The search for the worst balanced cut (the bisection bandwidth is the worst over all balanced
// splits, NP-hard in general): exact max-flow on structural splits, random splits and local
// improvement of the worst found, every split tried once (a split and its mirror are one cut).
class BisectionSearch {
public:
    struct Tried {
        std::vector<signed char> side; // per server: 0, 1, or -1 (left out)
        long long flow;
        double ratio;
        QString label;
    };

    BisectionSearch(
        const Design& design, const FabricGraph& g, MaxFlowNetwork& net, const AnalysisOptions& opt, int totalGpus)
        : mDesign(design), mGraph(g), mNet(net), mTotalGpus(totalGpus), mRng(opt.seed)
    {
        const bool large = net.arcCount() > opt.largeGraphArcs;
        mSmall = net.arcCount() < 100000;
        mRandomSplits = mSmall ? std::max(opt.randomSplits, 8)
            : large            ? std::max(1, opt.randomSplits / 2)
                               : opt.randomSplits;
        mImprovements = mSmall ? std::max(opt.improvementSteps, 16)
            : large            ? std::max(1, opt.improvementSteps / 2)
                               : opt.improvementSteps;
        const auto& servers = g.servers();
        mInjection.resize(servers.size());
        for (size_t i = 0; i < servers.size(); ++i)
            mInjection[i] = g.vertices()[static_cast<size_t>(servers[i])].injectionGbps;
        mIndex.resize(servers.size());
        for (size_t i = 0; i < mIndex.size(); ++i)
            mIndex[i] = static_cast<int>(i);
    }

    // Halves and alternation along pods, scalable units and racks.
    void tryStructuralSplits();
    void tryRandomSplits();
    // Swaps a block (scalable unit, else rack, else server) of one side of the worst split for an
    // equal-GPU block of the other, keeping the swap when the cut gets worse.
    void improveWorst();

    [[nodiscard]] const Tried& worst() const { return mTried[worstIndex()]; }
    [[nodiscard]] const std::vector<Tried>& tried() const { return mTried; }
    [[nodiscard]] bool smallFabric() const { return mSmall; }
    [[nodiscard]] QString method() const
    {
        return QStringLiteral(
            "exact max-flow (Dinic's algorithm; servers contracted into terminal arcs) on %1 balanced "
            "splits of the GPU servers: "
            "structural (pod, scalable-unit and rack halves and alternations), %2 random, "
            "local improvement of the worst (%3 of %4 swaps lowered it); worst found reported")
            .arg(mTried.size())
            .arg(mRandomSplits)
            .arg(mImproved)
            .arg(mImprovements);
    }
    // The cut's bandwidth over the smaller side's injection bandwidth.
    [[nodiscard]] double ratioOf(const std::vector<signed char>& side, long long flow) const
    {
        double a = 0;
        double b = 0;
        for (size_t i = 0; i < side.size(); ++i)
            (side[i] == 0 ? a : side[i] == 1 ? b : a) += side[i] < 0 ? 0 : mInjection[i];
        const double denom = std::min(a, b);
        return denom > 0 ? static_cast<double>(flow) / denom : 0.0;
    }
    [[nodiscard]] const FabricGraph::Vertex& vertexOf(int i) const
    {
        return mGraph.vertices()[static_cast<size_t>(mGraph.servers()[static_cast<size_t>(i)])];
    }

private:
    void evaluate(std::vector<signed char> side, const QString& label)
    {
        const size_t h = hashSide(side);
        if (!mSeen.insert(h).second)
            return;
        // The mirror split is the same cut.
        std::vector<signed char> mirror = side;
        for (auto& c : mirror)
            c = c < 0 ? c : static_cast<signed char>(1 - c);
        mSeen.insert(hashSide(mirror));
        const long long flow = mNet.maxFlow(side);
        mTried.push_back({std::move(side), flow, 0, label});
        mTried.back().ratio = ratioOf(mTried.back().side, flow);
    }
    [[nodiscard]] size_t worstIndex() const
    {
        size_t w = 0;
        for (size_t i = 1; i < mTried.size(); ++i)
            if (mTried[i].ratio < mTried[w].ratio)
                w = i;
        return w;
    }

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
};

void BisectionSearch::tryStructuralSplits()
{
    using Key = std::function<std::tuple<quint32, quint32, quint32, quint32>(int)>;
    std::vector<quint32> podRank(mDesign.groups().slotCount() + 2, 0);
    std::vector<quint32> unitRank(mDesign.groups().slotCount() + 2, 0);
    std::vector<quint32> rackRank(mDesign.groups().slotCount() + 2, 0);
    {
        quint32 np = 0, nu = 0, nr = 0;
        std::vector<bool> sp(podRank.size()), su(unitRank.size()), sr(rackRank.size());
        for (int i : mIndex) {
            const auto& v = vertexOf(i);
            if (!sp[v.pod.value()]) {
                sp[v.pod.value()] = true;
                podRank[v.pod.value()] = np++;
            }
            if (!su[v.unit.value()]) {
                su[v.unit.value()] = true;
                unitRank[v.unit.value()] = nu++;
            }
            if (!sr[v.rack.value()]) {
                sr[v.rack.value()] = true;
                rackRank[v.rack.value()] = nr++;
            }
        }
    }
    const std::vector<std::pair<QString, Key>> structural{
        {QStringLiteral("pod halves"),
            [&](int i) {
                const auto& v = vertexOf(i);
                return std::tuple<quint32, quint32, quint32, quint32>(
                    0, podRank[v.pod.value()], unitRank[v.unit.value()], static_cast<quint32>(i));
            }},
        {QStringLiteral("alternating pods"),
            [&](int i) {
                const auto& v = vertexOf(i);
                return std::tuple<quint32, quint32, quint32, quint32>(podRank[v.pod.value()] % 2,
                    podRank[v.pod.value()], unitRank[v.unit.value()], static_cast<quint32>(i));
            }},
        {QStringLiteral("scalable-unit halves"),
            [&](int i) {
                const auto& v = vertexOf(i);
                return std::tuple<quint32, quint32, quint32, quint32>(
                    0, unitRank[v.unit.value()], 0, static_cast<quint32>(i));
            }},
        {QStringLiteral("alternating scalable units"),
            [&](int i) {
                const auto& v = vertexOf(i);
                return std::tuple<quint32, quint32, quint32, quint32>(
                    unitRank[v.unit.value()] % 2, unitRank[v.unit.value()], 0, static_cast<quint32>(i));
            }},
        {QStringLiteral("rack halves"),
            [&](int i) {
                const auto& v = vertexOf(i);
                return std::tuple<quint32, quint32, quint32, quint32>(
                    0, rackRank[v.rack.value()], 0, static_cast<quint32>(i));
            }},
        {QStringLiteral("alternating racks"),
            [&](int i) {
                const auto& v = vertexOf(i);
                return std::tuple<quint32, quint32, quint32, quint32>(
                    rackRank[v.rack.value()] % 2, rackRank[v.rack.value()], 0, static_cast<quint32>(i));
            }},
    };
    for (const auto& split : structural) {
        // Named members, not a structured binding: clang 14 (the fuzz build) cannot capture those.
        const QString& label = split.first;
        const Key& key = split.second;
        std::vector<int> order = mIndex;
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return key(a) < key(b); });
        evaluate(splitInOrder(mGraph, order, mTotalGpus), label);
    }
}

void BisectionSearch::tryRandomSplits()
{
    for (int k = 0; k < mRandomSplits; ++k) {
        std::vector<int> order = mIndex;
        std::shuffle(order.begin(), order.end(), mRng);
        evaluate(splitInOrder(mGraph, order, mTotalGpus), QStringLiteral("random"));
    }
}

void BisectionSearch::improveWorst()
{
    const size_t serverCount = mGraph.servers().size();
    for (int step = 0; step < mImprovements; ++step) {
        const Tried& best = mTried[worstIndex()];
        std::vector<signed char> side = best.side;
        std::uniform_int_distribution<size_t> pickServer(0, serverCount - 1);
        const size_t i0 = pickServer(mRng);
        size_t j0 = pickServer(mRng);
        for (int t = 0; t < 64 && side[j0] == side[i0]; ++t)
            j0 = pickServer(mRng);
        if (side[j0] == side[i0])
            break;
        const bool byUnit = step % 2 == 0;
        auto blockOf = [&](size_t i) {
            return byUnit ? vertexOf(static_cast<int>(i)).unit : vertexOf(static_cast<int>(i)).rack;
        };
        const GroupId bi = blockOf(i0);
        const GroupId bj = blockOf(j0);
        std::vector<size_t> mi, mj;
        int gi = 0, gj = 0;
        for (size_t i = 0; i < side.size(); ++i) {
            if (side[i] == side[i0] && blockOf(i) == bi) {
                mi.push_back(i);
                gi += vertexOf(static_cast<int>(i)).gpus;
            }
            if (side[i] == side[j0] && blockOf(i) == bj) {
                mj.push_back(i);
                gj += vertexOf(static_cast<int>(i)).gpus;
            }
        }
        if (gi != gj || !bi.isValid() || !bj.isValid()) {
            mi = {i0};
            mj = {j0};
            if (vertexOf(static_cast<int>(i0)).gpus != vertexOf(static_cast<int>(j0)).gpus)
                continue;
        }
        const signed char si = side[i0];
        for (size_t i : mi)
            side[i] = static_cast<signed char>(1 - si);
        for (size_t j : mj)
            side[j] = si;
        const size_t before = mTried.size();
        const double worstBefore = best.ratio;
        evaluate(std::move(side), QStringLiteral("local improvement"));
        if (mTried.size() > before && mTried.back().ratio < worstBefore - 1e-12)
            ++mImproved;
    }
}

// The bandwidth between the first and the last scalable unit.
void measurePairBandwidth(const FabricGraph& g, MaxFlowNetwork& net, const BisectionSearch& search, FabricReport& r)
{
    const size_t servers = g.servers().size();
    std::vector<signed char> side(servers, -1);
    const GroupId fu = search.vertexOf(0).unit;
    const GroupId lu = search.vertexOf(static_cast<int>(servers) - 1).unit;
    if (fu == lu)
        return;
    for (size_t i = 0; i < servers; ++i)
        side[i] = search.vertexOf(static_cast<int>(i)).unit == fu ? 0
            : search.vertexOf(static_cast<int>(i)).unit == lu     ? 1
                                                                  : -1;
    r.pathDiversityGbps = static_cast<double>(net.maxFlow(side));
}

// The bisection with one spine, one leaf or one plane (rail) lost.
void measureDegradedCases(const FabricGraph& g, MaxFlowNetwork& net, const BisectionSearch& search, FabricReport& r)
{
    const auto& V = g.vertices();
    int spine = -1;
    int leaf = -1;
    for (size_t v = 0; v < V.size(); ++v) {
        if (spine < 0 && !V[v].server && V[v].tier == FabricTier::Spine)
            spine = static_cast<int>(v);
        if (leaf < 0 && !V[v].server && V[v].tier == FabricTier::Leaf)
            leaf = static_cast<int>(v);
    }
    // The worst intact split, and for small fabrics every split tried: the lowest ratio wins.
    const auto& tried = search.tried();
    const BisectionSearch::Tried& worst = search.worst();
    auto degradedRatio = [&](const std::vector<int>& lost) {
        double worstRatio = 1e9;
        for (size_t i = 0; i < tried.size(); ++i) {
            if (!search.smallFabric() && &tried[i] != &worst)
                continue;
            worstRatio = std::min(worstRatio, search.ratioOf(tried[i].side, net.maxFlow(tried[i].side, lost)));
        }
        return worstRatio;
    };
    if (spine >= 0)
        r.oneSpineLostRatio = degradedRatio({spine});
    if (leaf >= 0)
        r.oneLeafLostRatio = degradedRatio({leaf});
    // One plane lost: a rail is a plane when no leaf carries two rails (rails join only at the
    // spine or above). The plane is the rail's leaves, plus any switch above that reaches the
    // tiers below only through them. The first rail is lost.
    const FabricGraph::Planes planes = g.planes();
    r.planes = planes.count;
    if (planes.count >= 2 && planes.separate) {
        // Each plane alone: every other plane's switches lost, across the worst split.
        r.separatePlanes = true;
        const std::vector<signed char>& side = worst.side;
        for (int p = 0; p < planes.count; ++p) {
            std::vector<int> others;
            for (int q = 0; q < planes.count; ++q)
                if (q != p)
                    others.insert(others.end(), planes.switchesOf(q).begin(), planes.switchesOf(q).end());
            r.planeBisectionGbps.push_back(static_cast<double>(net.maxFlow(side, others)));
            r.planeSwitches.push_back(static_cast<int>(planes.switchesOf(p).size()));
        }
        r.onePlaneLostRatio = degradedRatio(planes.switchesOf(0));
        r.onePlaneLostNote = QStringLiteral("plane 1 of %1 lost (%2 switches): every server still connected "
                                            "through the other plane(s)")
                                 .arg(planes.count)
                                 .arg(planes.switchesOf(0).size());
    } else if (planes.count >= 2) {
        int lost = 0;
        while (lost + 1 < planes.count && planes.switchesOf(lost).empty())
            ++lost;
        r.onePlaneLostRatio = degradedRatio(planes.switchesOf(lost));
        r.onePlaneLostNote = QStringLiteral("rail %1 of %2 lost (%3 switches)")
                                 .arg(lost + 1)
                                 .arg(planes.count)
                                 .arg(planes.switchesOf(lost).size());
    } else {
        r.onePlaneLostNote = planes.reason;
    }
}

} // namespace

FabricReport analyzeFabric(const Design& design, const AnalysisOptions& opt)
{
    QElapsedTimer timer;
    timer.start();
    FabricReport r;
    countInventory(design, r);
    const FabricGraph g(design);
    countFabric(g, r);
    computeTierOversubscription(g, r);
    measureDiameterAndPathDiversity(design, g, opt, r);

    if (!opt.bisection || g.servers().size() < 2) {
        r.onePlaneLostNote = QStringLiteral("bisection not computed");
        r.bisectionMethod
            = g.servers().size() < 2 ? QStringLiteral("fewer than two GPU servers") : QStringLiteral("not computed");
        r.analysisSeconds = timer.elapsed() / 1000.0;
        return r;
    }

    MaxFlowNetwork net(g);
    BisectionSearch search(design, g, net, opt, r.gpus);
    search.tryStructuralSplits();
    search.tryRandomSplits();
    search.improveWorst();
    const BisectionSearch::Tried& worst = search.worst();
    r.bisectionComputed = true;
    r.bisectionGbps = static_cast<double>(worst.flow);
    r.bisectionRatio = worst.ratio;
    r.worstSplit = worst.label;
    r.cutsExamined = static_cast<int>(search.tried().size());
    r.bisectionMethod = search.method();

    measurePairBandwidth(g, net, search, r);
    if (opt.degraded)
        measureDegradedCases(g, net, search, r);
    else
        r.onePlaneLostNote = QStringLiteral("degraded cases not computed");
    r.analysisSeconds = timer.elapsed() / 1000.0;
    return r;
}

} // namespace pw
