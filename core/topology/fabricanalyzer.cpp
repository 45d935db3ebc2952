#include "topology/fabricanalyzer.h"

#include "cost/billofmaterials.h"
#include "cost/opticsplan.h"
#include "cost/powerfigures.h"
#include "model/design.h"
#include "topology/bisectionsearch.h"
#include "topology/fabricgraph.h"
#include "topology/maxflownetwork.h"

#include <QElapsedTimer>

#include <algorithm>
#include <cmath>
#include <set>

namespace pw {

namespace {

void countInventory(const Design& design, const OpticsPlan& optics, FabricReport& r)
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
    // Cables, optics and power as the bill of materials and the cost count them (one definition
    // each): a twin-port cable joins a cage pair's two links, a splitter `split` links.
    const BillOfMaterials::Cables cables = BillOfMaterials::cablesOf(design);
    for (const auto& [key, count] : cables.bought) {
        r.cablesByType[key.first->sku] += count;
        r.cables += count;
    }
    r.linksWithoutCable = cables.uncabledLinks;
    r.transceiversByModel = optics.modulesBySku();
    r.transceivers = optics.moduleCount();
    const PowerFigures power = PowerFigures::of(design, 1.0);
    r.powerMaxKw = power.itMaxKw;
    r.powerTypicalKw = power.itTypicalKw;
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
    const BisectionSearch::Tried& worst = search.worst();
    auto degradedRatio = [&](const std::vector<int>& lost) { return search.degradedRatio(lost); };
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
    return analyzeFabric(design, opt, OpticsPlan::of(design));
}

FabricReport analyzeFabric(const Design& design, const AnalysisOptions& opt, const OpticsPlan& optics)
{
    QElapsedTimer timer;
    timer.start();
    FabricReport r;
    countInventory(design, optics, r);
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
