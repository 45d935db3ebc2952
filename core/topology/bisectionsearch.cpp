#include "topology/bisectionsearch.h"

#include "model/design.h"
#include "topology/maxflownetwork.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <tuple>

namespace pw {

namespace {

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

} // namespace

BisectionSearch::BisectionSearch(
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

QString BisectionSearch::method() const
{
    return QStringLiteral("exact max-flow (Dinic's algorithm; servers contracted into terminal arcs) on %1 balanced "
                          "splits of the GPU servers: "
                          "structural (pod, scalable-unit and rack halves and alternations), %2 random, "
                          "local improvement of the worst (%3 of %4 swaps lowered it); worst found reported")
        .arg(mTried.size())
        .arg(mRandomSplits)
        .arg(mImproved)
        .arg(mImprovements);
}

double BisectionSearch::ratioOf(const std::vector<signed char>& side, long long flow) const
{
    double a = 0;
    double b = 0;
    for (size_t i = 0; i < side.size(); ++i)
        (side[i] == 0 ? a : side[i] == 1 ? b : a) += side[i] < 0 ? 0 : mInjection[i];
    const double denom = std::min(a, b);
    return denom > 0 ? static_cast<double>(flow) / denom : 0.0;
}

void BisectionSearch::evaluate(std::vector<signed char> side, const QString& label)
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

size_t BisectionSearch::worstIndex() const
{
    size_t w = 0;
    for (size_t i = 1; i < mTried.size(); ++i)
        if (mTried[i].ratio < mTried[w].ratio)
            w = i;
    return w;
}

std::optional<double> BisectionSearch::degradedRatio(
    const std::vector<int>& failedSwitches, const std::vector<int>& goneServers) const
{
    std::vector<size_t> gone;
    if (!goneServers.empty()) {
        std::vector<int> serverIndex(mGraph.vertices().size(), -1);
        for (size_t i = 0; i < mGraph.servers().size(); ++i)
            serverIndex[static_cast<size_t>(mGraph.servers()[i])] = static_cast<int>(i);
        for (int v : goneServers)
            if (serverIndex[static_cast<size_t>(v)] >= 0)
                gone.push_back(static_cast<size_t>(serverIndex[static_cast<size_t>(v)]));
    }
    const size_t intactWorst = worstIndex();
    std::optional<double> worstRatio;
    for (size_t i = 0; i < mTried.size(); ++i) {
        if (!mSmall && i != intactWorst)
            continue;
        std::vector<signed char> side = mTried[i].side;
        if (!gone.empty() && !rebalanceWithout(side, gone))
            continue;
        auto intact = mIntactFlow.find(i);
        if (intact == mIntactFlow.end()) {
            intact = mIntactFlow.emplace(i, MaxFlowNetwork::Flow()).first;
            (void)mNet.maxFlow(mTried[i].side, {}, &intact->second);
        }
        const double ratio = ratioOf(side, mNet.maxFlowFrom(intact->second, side, failedSwitches));
        worstRatio = std::min(worstRatio.value_or(ratio), ratio);
    }
    return worstRatio;
}

bool BisectionSearch::rebalanceWithout(std::vector<signed char>& side, const std::vector<size_t>& gone) const
{
    for (size_t s : gone)
        side[s] = -1;
    long long gpus[2] = {0, 0};
    for (size_t i = 0; i < side.size(); ++i)
        if (side[i] >= 0)
            gpus[side[i]] += vertexOf(static_cast<int>(i)).gpus;
    // Move servers from the larger side to the smaller, in server order (the order the structural
    // splits follow), while a move brings the two sides closer.
    const int big = gpus[0] >= gpus[1] ? 0 : 1;
    for (size_t i = 0; i < side.size(); ++i) {
        const long long g = vertexOf(static_cast<int>(i)).gpus;
        if (side[i] != big || gpus[big] - gpus[1 - big] < 2 * g || g == 0)
            continue;
        side[i] = static_cast<signed char>(1 - big);
        gpus[big] -= g;
        gpus[1 - big] += g;
    }
    return gpus[0] > 0 && gpus[1] > 0;
}

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

} // namespace pw
