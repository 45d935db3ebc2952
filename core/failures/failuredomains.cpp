#include "failures/failuredomains.h"

#include "failures/servicereach.h"

#include "export/exportnames.h"
#include "export/schedulertopology.h"
#include "facility/powerchain.h"
#include "floor/floorlayout.h"
#include "model/design.h"
#include "topology/bisectionsearch.h"
#include "topology/fabricgraph.h"
#include "topology/maxflownetwork.h"
#include "util/plural.h"

#include <QElapsedTimer>
#include <QHash>
#include <QJsonArray>

#include <algorithm>
#include <array>
#include <functional>
#include <map>
#include <memory>
#include <unordered_map>

namespace pw {

namespace {

// A candidate failure before it is evaluated: what goes down.
struct Candidate {
    FailureKind kind;
    QString entity;
    QString detail;
    std::vector<NodeId> nodes;
    std::vector<GroupId> racks;
    std::vector<GroupId> degradedRacks = {}; // running without their redundancy (a feed or CDU lost)
    std::optional<double> liquidCapacityLeftKw = {}; // when the failure takes cooling capacity
    QString classKey = {}; // what else two failures of this kind must share to be equivalent
    Network network = Network::None; // of a failed switch or plane
};

// Everything the scenarios share, built once per design.
class FailureEvaluator {
public:
    FailureEvaluator(const Design& design, const AnalysisOptions& opt, FailureDomains& out)
        : mDesign(design), mGraph(design), mNames(design), mChain(PowerChain::of(design, 1.0))
    {
        const auto& V = mGraph.vertices();
        quint32 maxNode = 0;
        design.nodes().forEach([&](const Node& n) { maxNode = std::max(maxNode, n.id.value()); });
        mVertexOfNode.assign(maxNode + 1, -1);
        for (size_t v = 0; v < V.size(); ++v)
            mVertexOfNode[V[v].node.value()] = static_cast<int>(v);
        for (int s : mGraph.servers())
            out.gpus += V[static_cast<size_t>(s)].gpus;

        // Incident edges of each vertex, and each switch's link profile for the signatures.
        mIncident.resize(V.size());
        for (size_t e = 0; e < mGraph.edges().size(); ++e) {
            mIncident[static_cast<size_t>(mGraph.edges()[e].a)].push_back(static_cast<int>(e));
            mIncident[static_cast<size_t>(mGraph.edges()[e].b)].push_back(static_cast<int>(e));
        }
        mProfile.resize(V.size());
        for (size_t v = 0; v < V.size(); ++v) {
            if (V[v].server)
                continue;
            std::map<QString, std::pair<int, long long>> byNeighbour;
            for (int e : mIncident[v]) {
                const auto& edge = mGraph.edges()[static_cast<size_t>(e)];
                const auto& w = V[static_cast<size_t>(edge.a == static_cast<int>(v) ? edge.b : edge.a)];
                auto& [links, gbps] = byNeighbour[w.server ? QStringLiteral("server") : toString(w.tier)];
                ++links;
                gbps += edge.gbps;
            }
            const Node* n = design.node(V[v].node);
            QString p = toString(V[v].tier) + QLatin1Char('/') + (n ? n->sku : QString());
            for (const auto& [tier, figures] : byNeighbour)
                p += QStringLiteral("/%1:%2x%3").arg(tier).arg(figures.first).arg(figures.second);
            mProfile[v] = p;
        }

        // Power and heat per node: the catalog maximum, as PowerFigures counts it, split into liquid
        // and air heat as the power chain splits its rack's (PowerChain, the one definition).
        std::unordered_map<quint32, double> liquidShareOfRack;
        double rackedLiquidKw = 0;
        for (const RackChain& r : mChain.racks) {
            liquidShareOfRack[r.id.value()] = r.maxKw > 0 ? r.liquidKw / r.maxKw : 0.0;
            rackedLiquidKw += r.liquidKw;
        }
        const double unrackedShare = mChain.figures.unrackedMaxKw > 0
            ? (mChain.liquidKw - rackedLiquidKw) / mChain.figures.unrackedMaxKw
            : 0.0;
        design.nodes().forEach([&](const Node& n) {
            const CatalogItem* item = design.item(n.sku);
            const double kw = item ? PowerFigures::maxKwOf(*item, mChain.figures.mode) : 0.0;
            const auto share = n.rack.isValid() ? liquidShareOfRack.find(n.rack.value()) : liquidShareOfRack.end();
            mKw[n.id.value()] = {kw, kw * (share != liquidShareOfRack.end() ? share->second : unrackedShare)};
            if (n.rack.isValid())
                mNodesOfRack[n.rack.value()].push_back(n.id);
        });
        mTotalKw = mChain.figures.itMaxKw;
        mTotalLiquidKw = mChain.liquidKw;
        mTotalAirKw = mChain.airKw;
        for (const CoolantLoop& l : mChain.loops)
            mLiquidCapacityKw += l.cdusInService * l.cduCapacityKw;
        out.itMaxKw = mTotalKw;

        buildBlocks(out);

        if (opt.bisection && mGraph.servers().size() >= 2 && !mGraph.edges().empty()) {
            mNet = std::make_unique<MaxFlowNetwork>(mGraph);
            mSearch = std::make_unique<BisectionSearch>(design, mGraph, *mNet, opt, out.gpus);
            mSearch->tryStructuralSplits();
            mSearch->tryRandomSplits();
            mSearch->improveWorst();
            out.intactBisectionRatio = mSearch->worst().ratio;
        }
    }

    [[nodiscard]] const FabricGraph& graph() const { return mGraph; }
    // The reach of a service network (storage, in-band, out-of-band), built the first time it is asked.
    [[nodiscard]] const ServiceReach& reach(Network network)
    {
        std::unique_ptr<ServiceReach>& r = mReach[static_cast<size_t>(network)];
        if (!r)
            r = std::make_unique<ServiceReach>(mDesign, network);
        return *r;
    }
    [[nodiscard]] const PowerChain& chain() const { return mChain; }
    [[nodiscard]] const Design& design() const { return mDesign; }
    [[nodiscard]] const std::vector<NodeId>& nodesOfRack(GroupId rack) const
    {
        static const std::vector<NodeId> none;
        const auto it = mNodesOfRack.find(rack.value());
        return it == mNodesOfRack.end() ? none : it->second;
    }

    // Candidates with one signature are evaluated once; the scenario stands for all of them.
    struct Class {
        Candidate representative;
        int equivalent = 1;
    };
    [[nodiscard]] std::vector<Class> classify(std::vector<Candidate> candidates) const
    {
        std::vector<Class> classes;
        QHash<QString, size_t> bySignature;
        for (Candidate& c : candidates) {
            const QString sig = signature(c);
            const auto it = bySignature.constFind(sig);
            if (it != bySignature.constEnd()) {
                ++classes[*it].equivalent;
                continue;
            }
            bySignature.insert(sig, classes.size());
            classes.push_back({std::move(c), 1});
        }
        return classes;
    }

    // Evaluates one kind's classes, worst first, into `out`; `step` after each (false: stop).
    bool addAll(const std::vector<Class>& classes, std::vector<FailureScenario>& out, const std::function<bool()>& step)
    {
        std::vector<FailureScenario> scenarios;
        for (const Class& c : classes) {
            scenarios.push_back(evaluate(c.representative));
            scenarios.back().equivalent = c.equivalent;
            if (!step())
                return false;
        }
        std::stable_sort(scenarios.begin(), scenarios.end(), [](const FailureScenario& a, const FailureScenario& b) {
            if (a.gpusLost != b.gpusLost)
                return a.gpusLost > b.gpusLost;
            return a.bisectionRatio.value_or(1e9) < b.bisectionRatio.value_or(1e9);
        });
        out.insert(out.end(), scenarios.begin(), scenarios.end());
        return true;
    }

private:
    struct NodeKw {
        double kw = 0;
        double liquidKw = 0;
    };

    [[nodiscard]] int vertexOf(NodeId n) const
    {
        return n.value() < mVertexOfNode.size() ? mVertexOfNode[n.value()] : -1;
    }

    // The kind, the failed switches' profiles, the failed servers' GPUs and the kW.
    [[nodiscard]] QString signature(const Candidate& c) const
    {
        QStringList switches;
        int servers = 0;
        int gpus = 0;
        double kw = 0;
        for (NodeId n : c.nodes) {
            const int v = vertexOf(n);
            if (v >= 0 && mGraph.vertices()[static_cast<size_t>(v)].server) {
                ++servers;
                gpus += mGraph.vertices()[static_cast<size_t>(v)].gpus;
            } else if (v >= 0) {
                switches << mProfile[static_cast<size_t>(v)];
            }
            const auto it = mKw.find(n.value());
            if (it != mKw.end())
                kw += it->second.kw;
        }
        switches.sort();
        return QStringLiteral("%1|%2|%3|%4|%5|%6|%7|%8")
            .arg(toString(c.kind))
            .arg(servers)
            .arg(gpus)
            .arg(qRound64(kw * 10))
            .arg(c.nodes.size())
            .arg(switches.join(QLatin1Char(',')))
            .arg(c.degradedRacks.size())
            .arg(c.classKey);
    }

    [[nodiscard]] FailureScenario evaluate(const Candidate& c) const
    {
        if (c.network != Network::None && c.network != Network::Compute)
            return evaluateService(c);
        const auto& V = mGraph.vertices();
        FailureScenario s;
        s.kind = c.kind;
        s.entity = c.entity;
        s.detail = c.detail;
        s.failedNodes = c.nodes;
        s.network = c.network;
        s.failedRacks = c.racks;
        s.degradedRacks = c.degradedRacks;
        s.liquidCapacityLeftKw = c.liquidCapacityLeftKw.value_or(mLiquidCapacityKw);

        std::vector<char> failed(V.size(), 0);
        std::vector<int> lostVertices;
        std::vector<int> failedSwitches;
        std::vector<int> goneServers; // failed or cut off: out of the bisection of what is left
        for (NodeId n : c.nodes) {
            const int v = vertexOf(n);
            if (v >= 0) {
                failed[static_cast<size_t>(v)] = 1;
                lostVertices.push_back(v);
                (V[static_cast<size_t>(v)].server ? goneServers : failedSwitches).push_back(v);
                if (V[static_cast<size_t>(v)].server) {
                    ++s.serversLost;
                    s.gpusLost += V[static_cast<size_t>(v)].gpus;
                }
            }
        }
        setPowerLeft(s, c.nodes);

        // Servers still up next to a failed switch: cut off when no link is left, else degraded.
        std::vector<char> seen(V.size(), 0);
        std::vector<NodeId> touched;
        for (int v : lostVertices) {
            if (V[static_cast<size_t>(v)].server)
                continue;
            for (int e : mIncident[static_cast<size_t>(v)]) {
                const auto& edge = mGraph.edges()[static_cast<size_t>(e)];
                const int w = edge.a == v ? edge.b : edge.a;
                if (!V[static_cast<size_t>(w)].server || failed[static_cast<size_t>(w)] || seen[static_cast<size_t>(w)])
                    continue;
                seen[static_cast<size_t>(w)] = 1;
                bool anyLeft = false;
                double lostGbps = 0;
                for (int f : mIncident[static_cast<size_t>(w)]) {
                    const auto& link = mGraph.edges()[static_cast<size_t>(f)];
                    const int other = link.a == w ? link.b : link.a;
                    if (failed[static_cast<size_t>(other)])
                        lostGbps += static_cast<double>(link.gbps);
                    else
                        anyLeft = true;
                }
                s.injectionLostGbps += lostGbps;
                if (anyLeft) {
                    s.degradedServers.push_back(V[static_cast<size_t>(w)].node);
                } else {
                    s.cutOffServers.push_back(V[static_cast<size_t>(w)].node);
                    goneServers.push_back(w);
                    ++s.serversLost;
                    s.gpusLost += V[static_cast<size_t>(w)].gpus;
                }
            }
        }

        QStringList blocks;
        for (NodeId n : c.nodes)
            addBlocksOf(n, blocks);
        for (NodeId n : s.cutOffServers)
            addBlocksOf(n, blocks);
        for (NodeId n : s.degradedServers)
            addBlocksOf(n, blocks);
        s.blocksAffected = blocks;

        if (mSearch)
            s.bisectionRatio = bisectionAfter(failedSwitches, goneServers);
        s.effect = effectOf(s, c);
        return s;
    }

    // The power, liquid and air heat left with `nodes` down (their catalog draw off the totals).
    void setPowerLeft(FailureScenario& s, const std::vector<NodeId>& nodes) const
    {
        double kwDown = 0;
        double liquidDown = 0;
        for (NodeId n : nodes)
            if (const auto it = mKw.find(n.value()); it != mKw.end()) {
                kwDown += it->second.kw;
                liquidDown += it->second.liquidKw;
            }
        s.powerLeftKw = mTotalKw - kwDown;
        s.liquidLeftKw = mTotalLiquidKw - liquidDown;
        s.airLeftKw = mTotalAirKw - (kwDown - liquidDown);
    }

    // Adds the scheduler blocks `n` belongs to, each once.
    void addBlocksOf(NodeId n, QStringList& blocks) const
    {
        const auto it = mBlocksOfNode.find(n.value());
        if (it != mBlocksOfNode.end())
            for (const QString& b : it->second)
                if (!blocks.contains(b))
                    blocks << b;
    }

    [[nodiscard]] std::optional<double> bisectionAfter(
        const std::vector<int>& failedSwitches, const std::vector<int>& goneServers) const
    {
        // Nothing of the compute fabric gone: the intact figure, without another max-flow.
        if (failedSwitches.empty() && goneServers.empty())
            return mSearch->worst().ratio;
        return mSearch->degradedRatio(failedSwitches, goneServers);
    }

    // One switch of a service network: the hosts it cuts off from storage or management. Servers
    // cut off from storage or in-band are unusable (no data, no checkpoints; the scheduler cannot
    // reach them) and count as lost; out-of-band serves the BMCs only, so its servers run on.
    [[nodiscard]] FailureScenario evaluateService(const Candidate& c) const
    {
        const ServiceReach& reach = *mReach[static_cast<size_t>(c.network)];
        const ServiceReach::Loss loss = reach.without(c.nodes.front());
        const bool unusable = c.network != Network::OutOfBand;
        FailureScenario s;
        s.kind = c.kind;
        s.network = c.network;
        s.entity = c.entity;
        s.detail = c.detail;
        s.failedNodes = c.nodes;
        s.liquidCapacityLeftKw = mLiquidCapacityKw;
        setPowerLeft(s, c.nodes);
        s.hostsCutOff = static_cast<int>(loss.cutOff.size());
        s.injectionLostGbps = loss.gbpsLost;
        s.networkGbps = reach.hostGbps();
        s.networkGbpsLeft = reach.hostGbps() - loss.gbpsLost;

        std::vector<int> goneServers;
        QStringList blocks;
        for (const auto& [from, to] :
            {std::pair{&loss.cutOff, &s.cutOffServers}, std::pair{&loss.degraded, &s.degradedServers}})
            for (NodeId n : *from) {
                const int v = vertexOf(n);
                const CatalogItem* item = mDesign.itemOf(n);
                if (!item || item->gpuCount() <= 0)
                    continue;
                to->push_back(n);
                if (unusable)
                    addBlocksOf(n, blocks);
                if (unusable && from == &loss.cutOff) {
                    ++s.serversLost;
                    s.gpusLost += item->gpuCount();
                    if (v >= 0)
                        goneServers.push_back(v);
                }
            }
        s.blocksAffected = blocks;
        if (mSearch)
            s.bisectionRatio = bisectionAfter({}, goneServers);
        s.effect = effectOf(s, c);
        return s;
    }

    // The scenario's meaning in one sentence, for the CLI, the panel and the report.
    [[nodiscard]] static QString effectOf(const FailureScenario& s, const Candidate& c)
    {
        const int gpus = s.gpusLost;
        switch (c.network) {
        case Network::Storage:
            return QStringLiteral(
                "%1 GPU servers (%2 GPUs) lose storage access, %3 devices in all; %4 servers keep it on their other "
                "links; %5 of %6 Gb/s of storage links left")
                .arg(s.cutOffServers.size())
                .arg(gpus)
                .arg(s.hostsCutOff)
                .arg(s.degradedServers.size())
                .arg(s.networkGbpsLeft, 0, 'f', 0)
                .arg(s.networkGbps, 0, 'f', 0);
        case Network::InBand:
            return QStringLiteral(
                "%1 GPU servers (%2 GPUs) lose in-band management: the scheduler cannot reach them; %3 devices in "
                "all; %4 servers keep it on their other links")
                .arg(s.cutOffServers.size())
                .arg(gpus)
                .arg(s.hostsCutOff)
                .arg(s.degradedServers.size());
        case Network::OutOfBand:
            return QStringLiteral(
                "%1 devices lose out-of-band management (BMC, console, PDU and switch management), %2 of them GPU "
                "servers; they keep running")
                .arg(s.hostsCutOff)
                .arg(s.cutOffServers.size());
        case Network::Compute:
            return QStringLiteral("%1 GPU servers (%2 GPUs) cut off from the compute fabric (no compute link left); "
                                  "%3 degraded (some rails lost, not all: %4 Gb/s lost)")
                .arg(s.cutOffServers.size())
                .arg(gpus)
                .arg(s.degradedServers.size())
                .arg(s.injectionLostGbps, 0, 'f', 0);
        case Network::None:
            break;
        }
        // Servers outside the failed racks: cut off (no compute link left) or degraded (some rails
        // lost, not all), as for a switch.
        const auto n = [](size_t count) { return static_cast<long long>(count); };
        return QStringLiteral("%1 down, %2 GPUs lost; %3 outside them cut off from the compute fabric (no compute "
                              "link left), %4 degraded (some rails lost, not all); %5 on without their redundancy")
            .arg(counted(n(s.failedRacks.size()), "rack", "racks"))
            .arg(gpus)
            .arg(counted(n(s.cutOffServers.size()), "GPU server", "GPU servers"))
            .arg(s.degradedServers.size())
            .arg(counted(n(s.degradedRacks.size()), "rack runs", "racks run"));
    }

    // The blocks a scheduler packs jobs into, as the Slurm topology export writes them.
    void buildBlocks(FailureDomains& out)
    {
        const SchedulerTopology topology = SchedulerTopology::of(mDesign, mNames);
        QHash<QString, QStringList> blocksOfHost;
        for (const SchedulerTopology::Domain& d : topology.domains()) {
            if (d.fullHosts < 2)
                continue;
            ++out.blocks;
            for (const QString& h : d.hosts)
                blocksOfHost[h] << d.name;
        }
        out.blockKind = QStringLiteral("NVLink domain");
        if (out.blocks == 0) {
            out.blockKind = QStringLiteral("leaf");
            for (const SlurmTopology::Entry& e : topology.tree()) {
                if (e.nodes.isEmpty())
                    continue;
                ++out.blocks;
                for (const QString& h : e.nodes)
                    blocksOfHost[h] << e.name;
            }
        }
        for (int v : mGraph.servers()) {
            const NodeId n = mGraph.vertices()[static_cast<size_t>(v)].node;
            QStringList blocks;
            for (const QString& h : SchedulerTopology::hostsOf(mDesign, mNames, n))
                for (const QString& b : blocksOfHost.value(h))
                    if (!blocks.contains(b))
                        blocks << b;
            if (!blocks.isEmpty())
                mBlocksOfNode[n.value()] = blocks;
        }
    }

    const Design& mDesign;
    FabricGraph mGraph;
    ExportNames mNames;
    std::unique_ptr<MaxFlowNetwork> mNet;
    std::unique_ptr<BisectionSearch> mSearch;
    std::vector<int> mVertexOfNode;
    std::vector<std::vector<int>> mIncident;
    std::vector<QString> mProfile;
    std::unordered_map<quint32, NodeKw> mKw;
    std::unordered_map<quint32, std::vector<NodeId>> mNodesOfRack;
    std::unordered_map<quint32, QStringList> mBlocksOfNode;
    PowerChain mChain;
    std::array<std::unique_ptr<ServiceReach>, 5> mReach; // by Network
    double mLiquidCapacityKw = 0; // CDU capacity of every loop
    double mTotalKw = 0;
    double mTotalLiquidKw = 0;
    double mTotalAirKw = 0;
};

std::vector<Candidate> switchCandidates(const Design& design, const FabricGraph& g)
{
    std::vector<Candidate> out;
    for (const auto& v : g.vertices()) {
        if (v.server)
            continue;
        const Node* n = design.node(v.node);
        Candidate c{FailureKind::Switch, n ? n->name : QString(),
            QStringLiteral("%1, %2").arg(toString(v.tier), n ? n->sku : QString()), {v.node}, {}};
        c.network = Network::Compute;
        out.push_back(std::move(c));
    }
    return out;
}

// The switches of the storage fabric and of the in-band and out-of-band management networks.
std::vector<Candidate> serviceSwitchCandidates(FailureEvaluator& eval, Network network, QStringList& notes)
{
    const ServiceReach& reach = eval.reach(network);
    std::vector<Candidate> out;
    if (!reach.switches().empty())
        notes << QStringLiteral("%1 switches: a device is cut off when no path is left to the %2%3")
                     .arg(displayName(network), reach.anchorText(),
                         network == Network::OutOfBand ? QStringLiteral("; its servers keep running, so no GPU is lost")
                                                       : QStringLiteral("; its GPU servers count as lost"));
    for (NodeId id : reach.switches()) {
        const Node* n = eval.design().node(id);
        Candidate c{FailureKind::Switch, n->name,
            QStringLiteral("%1 %2, %3").arg(displayName(network), toString(n->tier), n->sku), {id}, {}};
        c.network = network;
        c.classKey = reach.profileOf(id);
        out.push_back(std::move(c));
    }
    return out;
}

std::vector<Candidate> planeCandidates(const FabricGraph& g, QStringList& notes)
{
    std::vector<Candidate> out;
    const FabricGraph::Planes planes = g.planes();
    if (planes.count < 2) {
        // The reason already begins "no planes: ..."; said once, without nested brackets.
        notes << (planes.reason.startsWith(QLatin1String("no planes"))
                ? QStringLiteral("plane: the compute fabric has %1").arg(planes.reason)
                : QStringLiteral("plane: the compute fabric has no planes (%1)").arg(planes.reason));
        return out;
    }
    for (int p = 0; p < planes.count; ++p) {
        if (planes.switchesOf(p).empty())
            continue;
        Candidate c{FailureKind::Plane,
            (planes.separate ? QStringLiteral("plane %1") : QStringLiteral("rail %1")).arg(p + 1),
            QStringLiteral("%1 switches").arg(planes.switchesOf(p).size()), {}, {}};
        c.network = Network::Compute;
        for (int v : planes.switchesOf(p))
            c.nodes.push_back(g.vertices()[static_cast<size_t>(v)].node);
        out.push_back(std::move(c));
    }
    return out;
}

std::vector<Candidate> rackCandidates(const Design& design, const FailureEvaluator& eval)
{
    // A rack that holds a sidecar power rack takes down the racks that sidecar feeds as well.
    const PowerChain& chain = eval.chain();
    std::unordered_map<quint32, int> sidecarOfNode;
    for (size_t i = 0; i < chain.sidecars.size(); ++i)
        sidecarOfNode[chain.sidecars[i].node.value()] = static_cast<int>(i);
    std::vector<Candidate> out;
    design.groups().forEach([&](const Group& g) {
        if (g.kind != GroupKind::Rack || eval.nodesOfRack(g.id).empty())
            return;
        Candidate c{FailureKind::Rack, g.name,
            counted(static_cast<long long>(eval.nodesOfRack(g.id).size()), "device", "devices"), eval.nodesOfRack(g.id),
            {g.id}};
        for (NodeId n : eval.nodesOfRack(g.id)) {
            const auto sidecar = sidecarOfNode.find(n.value());
            if (sidecar == sidecarOfNode.end())
                continue;
            const FailureImpact impact = chain.withoutSidecar(sidecar->second);
            c.detail += QStringLiteral(", with the %1 its sidecar power rack feeds")
                            .arg(counted(static_cast<int>(impact.racksLost.size()), "rack", "racks"));
            for (GroupId r : impact.racksLost) {
                c.racks.push_back(r);
                c.nodes.insert(c.nodes.end(), eval.nodesOfRack(r).begin(), eval.nodesOfRack(r).end());
            }
        }
        out.push_back(std::move(c));
    });
    return out;
}

std::vector<Candidate> rowCandidates(const Design& design, const FailureEvaluator& eval, QStringList& notes)
{
    std::vector<Candidate> out;
    const std::optional<FloorLayout> floor = FloorLayout::of(design);
    if (!floor) {
        notes << QStringLiteral("row: the design has no floor plan (generate one, or place racks in the floor view)");
        return out;
    }
    std::vector<std::vector<GroupId>> racksOfRow(floor->rows.size());
    design.groups().forEach([&](const Group& g) {
        const RackPlace* place = g.kind == GroupKind::Rack ? floor->place(g.id) : nullptr;
        if (place && place->row >= 0 && static_cast<size_t>(place->row) < racksOfRow.size())
            racksOfRow[static_cast<size_t>(place->row)].push_back(g.id);
    });
    for (size_t r = 0; r < racksOfRow.size(); ++r) {
        if (racksOfRow[r].empty())
            continue;
        Candidate c{FailureKind::Row, floor->rows[r].name,
            counted(static_cast<long long>(racksOfRow[r].size()), "rack", "racks"), {}, racksOfRow[r]};
        for (GroupId rack : racksOfRow[r])
            c.nodes.insert(c.nodes.end(), eval.nodesOfRack(rack).begin(), eval.nodesOfRack(rack).end());
        out.push_back(std::move(c));
    }
    return out;
}

// One rack feed (a PDU or a busbar rack's power shelf) lost: the racks its loss takes down, by the
// power chain's rule (a rack runs on while its other feeds carry its maximum).
std::vector<Candidate> feedCandidates(const FailureEvaluator& eval, QStringList& notes)
{
    const PowerChain& chain = eval.chain();
    std::vector<Candidate> out;
    if (chain.feeds.empty())
        notes << QStringLiteral("pdu: the design has no rack feeds (no PDUs and no busbar power shelves)");
    for (size_t i = 0; i < chain.feeds.size(); ++i) {
        const PowerFeed& f = chain.feeds[i];
        const FailureImpact impact = chain.withoutFeed(static_cast<int>(i));
        const RackChain* rack = chain.rack(f.rack);
        Candidate c{FailureKind::Pdu, f.name,
            QStringLiteral("%1 of %2, %3 kW rating: %4")
                .arg(f.kind == FeedKind::Pdu ? QStringLiteral("PDU") : QStringLiteral("power shelf"),
                    rack ? rack->name : QString())
                .arg(f.ratingKw, 0, 'f', 1)
                .arg(impact.racksLost.empty() ? QStringLiteral("the other feeds carry the rack")
                                              : QStringLiteral("the rack goes down")),
            {}, impact.racksLost, impact.racksDegraded, impact.liquidCapacityLeftKw};
        c.classKey = QStringLiteral("%1/%2").arg(toString(f.kind)).arg(f.ratingKw);
        if (f.node.isValid())
            c.nodes.push_back(f.node);
        for (GroupId r : impact.racksLost)
            for (NodeId n : eval.nodesOfRack(r))
                if (n != f.node)
                    c.nodes.push_back(n);
        out.push_back(std::move(c));
    }
    return out;
}

// One coolant loop lost (its piping or all its CDUs): its racks lose their liquid cooling and stop.
std::vector<Candidate> loopCandidates(const FailureEvaluator& eval, QStringList& notes)
{
    const PowerChain& chain = eval.chain();
    std::vector<Candidate> out;
    if (chain.loops.empty())
        notes << QStringLiteral("cdu-loop: the design has no liquid-cooled racks, so no coolant loops");
    for (size_t i = 0; i < chain.loops.size(); ++i) {
        const CoolantLoop& l = chain.loops[i];
        const FailureImpact impact = chain.withoutLoop(static_cast<int>(i));
        // The placed CDUs by name (the design's), else the plan's count.
        Candidate c{FailureKind::CduLoop, l.name,
            l.cduNames.isEmpty() ? QStringLiteral("%1, %2 of %3 kW")
                                       .arg(counted(static_cast<long long>(l.racks.size()), "rack", "racks"),
                                           counted(l.cdusInService, "CDU", "CDUs"))
                                       .arg(l.cduCapacityKw, 0, 'f', 0)
                                 : QStringLiteral("%1 fed by %2 (%3 kW each)")
                                       .arg(counted(static_cast<long long>(l.racks.size()), "rack", "racks"),
                                           l.cduNames.join(QStringLiteral(", ")))
                                       .arg(l.cduCapacityKw, 0, 'f', 0),
            {}, impact.racksLost, impact.racksDegraded, impact.liquidCapacityLeftKw};
        c.classKey = QStringLiteral("%1/%2/%3").arg(l.cdusInService).arg(l.cduCapacityKw).arg(l.liquidKw);
        for (GroupId r : impact.racksLost)
            c.nodes.insert(c.nodes.end(), eval.nodesOfRack(r).begin(), eval.nodesOfRack(r).end());
        out.push_back(std::move(c));
    }
    return out;
}

// One sidecar power rack lost (800 VDC power chain): every rack it feeds goes down (PowerChain's
// SidecarChain). Designs on 54 V shelves have none and say nothing.
std::vector<Candidate> sidecarCandidates(const FailureEvaluator& eval)
{
    const PowerChain& chain = eval.chain();
    std::vector<Candidate> out;
    for (size_t i = 0; i < chain.sidecars.size(); ++i) {
        const SidecarChain& s = chain.sidecars[i];
        const FailureImpact impact = chain.withoutSidecar(static_cast<int>(i));
        Candidate c{FailureKind::Sidecar, s.name,
            QStringLiteral("800 VDC sidecar power rack, %1: every rack it feeds goes down").arg(chain.sidecarText(s)),
            {}, impact.racksLost, impact.racksDegraded, impact.liquidCapacityLeftKw};
        // Each sidecar is its own scenario, named (never folded into an equivalent one): a design has
        // one per three or four compute racks, and the user asks which racks each one takes down.
        c.classKey = QStringLiteral("sidecar/%1").arg(s.name);
        c.nodes.push_back(s.node);
        for (GroupId r : impact.racksLost)
            c.nodes.insert(c.nodes.end(), eval.nodesOfRack(r).begin(), eval.nodesOfRack(r).end());
        out.push_back(std::move(c));
    }
    return out;
}

} // namespace

FailureDomains FailureDomains::of(const Design& design, const AnalysisOptions& options)
{
    return *of(design, options, Progress());
}

std::optional<FailureDomains> FailureDomains::of(
    const Design& design, const AnalysisOptions& options, const Progress& progress)
{
    QElapsedTimer timer;
    timer.start();
    FailureDomains d;
    FailureEvaluator eval(design, options, d); // the intact fabric's bisection: the first step
    std::vector<std::vector<FailureEvaluator::Class>> kinds;
    kinds.push_back(eval.classify(switchCandidates(design, eval.graph())));
    for (Network n : {Network::Storage, Network::InBand, Network::OutOfBand})
        kinds.push_back(eval.classify(serviceSwitchCandidates(eval, n, d.notes)));
    kinds.push_back(eval.classify(planeCandidates(eval.graph(), d.notes)));
    kinds.push_back(eval.classify(feedCandidates(eval, d.notes)));
    kinds.push_back(eval.classify(loopCandidates(eval, d.notes)));
    kinds.push_back(eval.classify(sidecarCandidates(eval)));
    kinds.push_back(eval.classify(rackCandidates(design, eval)));
    kinds.push_back(eval.classify(rowCandidates(design, eval, d.notes)));
    int total = 1;
    for (const auto& k : kinds)
        total += static_cast<int>(k.size());
    int done = 1;
    if (progress && !progress(done, total))
        return std::nullopt;
    const std::function<bool()> step = [&] { return !progress || progress(++done, total); };
    for (const auto& k : kinds)
        if (!eval.addAll(k, d.scenarios, step))
            return std::nullopt;
    if (d.intactBisectionRatio <= 0)
        d.notes << QStringLiteral("bisection: not computed (no compute fabric with two or more GPU servers)");
    d.notes << QStringLiteral(
        "equivalent failures (same kind, same failed switches by tier, model and links, same GPUs and kW) are "
        "computed once: a scenario that stands for several says so");
    d.seconds = timer.elapsed() / 1000.0;
    return d;
}

const FailureScenario* FailureDomains::worst() const
{
    const FailureScenario* w = nullptr;
    for (const FailureScenario& s : scenarios)
        if (!w || s.gpusLost > w->gpusLost
            || (s.gpusLost == w->gpusLost && s.bisectionRatio.value_or(1e9) < w->bisectionRatio.value_or(1e9)))
            w = &s;
    return w;
}

QJsonObject FailureDomains::toJson() const
{
    QJsonArray list;
    for (const FailureScenario& s : scenarios)
        list.append(s.toJson());
    return QJsonObject{{QStringLiteral("gpus"), gpus}, {QStringLiteral("it_max_kw"), itMaxKw},
        {QStringLiteral("bisection_ratio"), intactBisectionRatio}, {QStringLiteral("block_kind"), blockKind},
        {QStringLiteral("blocks"), blocks}, {QStringLiteral("scenarios"), list},
        {QStringLiteral("notes"), QJsonArray::fromStringList(notes)}, {QStringLiteral("seconds"), seconds}};
}

} // namespace pw
