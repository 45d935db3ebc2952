#include "validate/rulehelpers.h"

#include "catalog/itemrole.h"
#include "catalog/rackscale.h"
#include "model/designintent.h"
#include "model/useroption.h"
#include "topology/fabricanalyzer.h"
#include "util/money.h"
#include "util/plural.h"

#include <QLocale>

#include <algorithm>
#include <map>
#include <numeric>
#include <optional>
#include <set>
#include <tuple>

namespace pw::rules {

namespace {

struct Edge {
    std::uint32_t to; // node slot (id value)
    LinkId link;
};

// The compute network as adjacency by node id value. Servers are vertices too: NCCL moves
// cross-rail traffic over NVLink inside a server (PXN), so a server can join two rails.
struct ComputeGraph {
    std::vector<std::vector<Edge>> adj; // index = node id value
    std::vector<char> gpuServer;
    std::vector<char> isSwitch;
    std::vector<char> present;
    std::vector<NodeId> gpuServers; // with at least one compute link
};

ComputeGraph computeGraph(const Design& d)
{
    ComputeGraph g;
    const size_t n = d.nodes().slotCount() + 1;
    g.adj.resize(n);
    g.gpuServer.assign(n, 0);
    g.isSwitch.assign(n, 0);
    g.present.assign(n, 0);
    d.nodes().forEach([&](const Node& node) {
        const CatalogItem* item = d.item(node.sku);
        g.present[node.id.value()] = 1;
        g.gpuServer[node.id.value()] = item && item->gpuCount() > 0;
        g.isSwitch[node.id.value()] = item && item->kind == ItemKind::Switch;
    });
    d.links().forEach([&](const Link& l) {
        if (d.linkNetwork(l) != Network::Compute)
            return;
        g.adj[l.a.node.value()].push_back({l.b.node.value(), l.id});
        g.adj[l.b.node.value()].push_back({l.a.node.value(), l.id});
    });
    for (std::uint32_t v = 1; v < n; ++v)
        if (g.gpuServer[v] && !g.adj[v].empty())
            g.gpuServers.push_back(NodeId(v));
    return g;
}

void partitionRule(const Design& d, const ComputeGraph& g, std::vector<Finding>& out)
{
    if (g.gpuServers.size() < 2)
        return;
    std::vector<int> comp(g.adj.size(), -1);
    int count = 0;
    std::vector<std::vector<NodeId>> members;
    for (NodeId s : g.gpuServers) {
        if (comp[s.value()] >= 0)
            continue;
        members.emplace_back();
        std::vector<std::uint32_t> stack{s.value()};
        comp[s.value()] = count;
        while (!stack.empty()) {
            const std::uint32_t v = stack.back();
            stack.pop_back();
            if (g.gpuServer[v])
                members.back().push_back(NodeId(v));
            for (const Edge& e : g.adj[v])
                if (comp[e.to] < 0) {
                    comp[e.to] = count;
                    stack.push_back(e.to);
                }
        }
        ++count;
    }
    if (count < 2)
        return;
    std::sort(members.begin(), members.end(), [](const auto& a, const auto& b) { return a.size() > b.size(); });
    std::vector<EntityRef> ents;
    std::vector<NodeId> cut;
    for (size_t i = 1; i < members.size(); ++i)
        for (NodeId n : members[i]) {
            ents.push_back(EntityRef::of(n));
            cut.push_back(n);
        }
    QStringList sizes;
    for (const auto& m : members)
        sizes << QString::number(m.size());
    out.push_back(make("FABRIC-PARTITION",
        QStringLiteral("the compute fabric falls into %1 parts; %2 GPU servers cannot reach the largest")
            .arg(count)
            .arg(cut.size()),
        ents,
        QStringLiteral("Connected parts of the compute network (GPU servers per part): %1. Servers outside the largest "
                       "part: %2. GPUs in different parts cannot all-reduce over the fabric.")
            .arg(sizes.join(QStringLiteral(", ")), nameList(d, cut))));
}

// Articulation switches whose loss separates GPU servers from each other (Tarjan, iterative).
void spofRule(const Design& d, const ComputeGraph& g, std::vector<Finding>& out)
{
    if (g.gpuServers.size() < 2)
        return;
    const size_t n = g.adj.size();
    std::vector<int> disc(n, -1), low(n, 0), gpuBelow(n, 0);
    std::vector<std::uint32_t> parent(n, 0);
    int timer = 0;
    std::map<std::uint32_t, int> cutOff; // switch -> GPU servers its loss separates from the rest
    for (NodeId root : g.gpuServers) {
        if (disc[root.value()] >= 0)
            continue;
        // candidates found during the DFS of this component: (vertex, GPU servers in the cut-off subtree)
        std::vector<std::pair<std::uint32_t, int>> candidates;
        struct Frame {
            std::uint32_t v;
            size_t next;
        };
        std::vector<Frame> stack{{root.value(), 0}};
        disc[root.value()] = low[root.value()] = timer++;
        gpuBelow[root.value()] = g.gpuServer[root.value()];
        while (!stack.empty()) {
            Frame& f = stack.back();
            if (f.next < g.adj[f.v].size()) {
                const std::uint32_t w = g.adj[f.v][f.next++].to;
                if (disc[w] < 0) {
                    parent[w] = f.v;
                    disc[w] = low[w] = timer++;
                    gpuBelow[w] = g.gpuServer[w];
                    stack.push_back({w, 0});
                } else if (w != parent[f.v]) {
                    low[f.v] = std::min(low[f.v], disc[w]);
                }
                continue;
            }
            const std::uint32_t v = f.v;
            stack.pop_back();
            if (!stack.empty()) {
                const std::uint32_t p = stack.back().v;
                low[p] = std::min(low[p], low[v]);
                gpuBelow[p] += gpuBelow[v];
                if (low[v] >= disc[p] && gpuBelow[v] > 0)
                    candidates.emplace_back(p, gpuBelow[v]);
            }
        }
        // Roots are GPU servers, never switches, so every candidate has a parent side holding the root.
        const int total = gpuBelow[root.value()];
        // Removing v splits its component into each separated child subtree plus the parent side;
        // the servers outside the largest of those parts are the ones cut off.
        std::map<std::uint32_t, std::pair<int, int>> parts; // v -> (sum of separated, largest separated)
        for (const auto& [v, below] : candidates)
            if (g.isSwitch[v]) {
                parts[v].first += below;
                parts[v].second = std::max(parts[v].second, below);
            }
        for (const auto& [v, p] : parts) {
            const int others = total - g.gpuServer[v];
            const int parentSide = others - p.first;
            const int cut = others - std::max(parentSide, p.second);
            if (cut > 0)
                cutOff[v] = cut;
        }
    }
    if (cutOff.empty())
        return;
    std::vector<NodeId> switches;
    std::vector<EntityRef> ents;
    std::uint32_t worst = cutOff.begin()->first;
    for (const auto& [v, cut] : cutOff) {
        switches.push_back(NodeId(v));
        ents.push_back(EntityRef::of(NodeId(v)));
        if (cut > cutOff[worst])
            worst = v;
    }
    const Node* w = d.node(NodeId(worst));
    // The generator built one switch because the whole cluster fits it (NVIDIA DGX BasePOD
    // practice): say so, with the two-switch alternative and what it adds.
    QString alternative;
    const QJsonObject single
        = d.properties().value(QLatin1String("generator")).toObject().value(QLatin1String("single_switch")).toObject();
    if (!single.isEmpty() && switches.size() == 1 && single.contains(QLatin1String("extra_cost_usd")))
        alternative = QStringLiteral(
            " The whole cluster fits this one switch, which the generator chose (NVIDIA DGX BasePOD practice: one "
            "switch where it fits). The two-switch alternative, %1 more %2 with half of every server's rails on "
            "each and inter-switch links between them, loses half the bandwidth and no server to one switch, for "
            "%3 more capital cost (generate with %4).")
                          .arg(single.value(QLatin1String("extra_switches")).toInt())
                          .arg(single.value(QLatin1String("switch")).toString(),
                              Money::usd().exact(single.value(QLatin1String("extra_cost_usd")).toDouble()),
                              UserOptions::mention(UserOption::TwoSwitches));
    out.push_back(make("FABRIC-SPOF",
        QStringLiteral("%1 %2 a single point of failure; losing %3 cuts %4 GPU %5 off")
            .arg(switches.size())
            .arg(switches.size() == 1 ? QStringLiteral("switch is") : QStringLiteral("switches are each"))
            .arg(w->name)
            .arg(cutOff[worst])
            .arg(plural(cutOff[worst], "server", "servers")),
        ents,
        QStringLiteral("Each of these switches is an articulation point of the compute network (servers count as "
                       "transit, as NCCL's PXN routes over NVLink): removing one leaves GPU servers with no path to "
                       "the others; the worst, %1, cuts off %2. Spread each server's NICs over two or more "
                       "switches, or give the fabric a second path. Switches: %3.%4")
            .arg(w->name)
            .arg(counted(cutOff[worst], "server", "servers"))
            .arg(nameList(d, switches), alternative)));
}

void railRule(const Design& d, std::vector<Finding>& out)
{
    bool railOptimized = false;
    d.nodes().forEach([&](const Node& n) {
        if (n.network == Network::Compute && n.rail >= 0)
            railOptimized = true;
    });
    if (!railOptimized)
        return;
    std::vector<EntityRef> ents;
    QStringList problems;
    // (scope, rail) -> leaves. The scope is the scalable unit, or for a rack-scale system (DGX
    // GB200 RA: NIC r of each compute tray is rail r, one leaf per rail of each rack) the rack.
    std::map<std::tuple<bool, std::uint32_t, int>, std::set<std::uint32_t>> leavesOfRail;
    d.nodes().forEach([&](const Node& n) {
        const CatalogItem* item = d.item(n.sku);
        if (!item || item->gpuCount() == 0)
            return;
        const int nicsPerTray = computeTrays(*item).nicsPerTray;
        const bool trays = computeTrays(*item).trays > 0 && nicsPerTray > 0;
        // A split NIC (GB300 NVL72 multi-plane: a ConnectX-8 as 2 x 400GbE) has a port per plane,
        // each on its own rail-r leaf: the ports of one NIC share its rail, each port its leaf.
        const int portsPerNic = trays
            ? std::max(1, item->portCountWithRole(PortRole::Compute) / (computeTrays(*item).trays * nicsPerTray))
            : 1;
        int first = 0;
        int ordinal = 0;
        for (const PortGroup& pg : item->portGroups) {
            for (int i = 0; i < pg.count; ++i) {
                if (pg.role != PortRole::Compute)
                    continue;
                const int port = ordinal++;
                const int rail = trays ? (port / portsPerNic) % nicsPerTray : port;
                const int railPort = rail * portsPerNic + port % portsPerNic;
                const LinkId lid = d.linkAt(PortRef{n.id, first + i});
                if (!lid.isValid())
                    continue;
                const Link* l = d.link(lid);
                const Node* leaf = d.node(otherEnd(*l, n.id).node);
                if (!leaf || leaf->rail < 0)
                    continue;
                leavesOfRail[{trays, trays ? n.id.value() : n.unit.value(), railPort}].insert(leaf->id.value());
                if (leaf->rail != rail) {
                    ents.push_back(EntityRef::of(lid));
                    ents.push_back(EntityRef::of(n.id));
                    if (problems.size() < 5)
                        problems << QStringLiteral("%1 %2 (rail %3) goes to %4 (rail %5)")
                                        .arg(n.name, d.portName(PortRef{n.id, first + i}))
                                        .arg(rail)
                                        .arg(leaf->name)
                                        .arg(leaf->rail);
                }
            }
            first += pg.count;
        }
    });
    for (const auto& [key, leaves] : leavesOfRail) {
        if (leaves.size() < 2)
            continue;
        for (std::uint32_t leaf : leaves)
            ents.push_back(EntityRef::of(NodeId(leaf)));
        if (problems.size() < 5)
            problems << QStringLiteral("rail %1 of one %2 spreads over %3 leaves")
                            .arg(std::get<2>(key))
                            .arg(std::get<0>(key) ? QStringLiteral("rack") : QStringLiteral("scalable unit"))
                            .arg(leaves.size());
    }
    if (ents.empty())
        return;
    out.push_back(make("FABRIC-RAIL", QStringLiteral("rail wiring is not symmetric (%1)").arg(problems.first()), ents,
        QStringLiteral("Rail-optimized fabrics connect compute NIC r of every server in a scalable unit to leaf r of "
                       "that unit (fabric-rules.md, DGX SuperPOD RA). Found: %1.")
            .arg(problems.join(QStringLiteral("; ")))));
}

int tierRank(const Design& d, NodeId id)
{
    const Node* n = d.node(id);
    const CatalogItem* item = n ? d.item(n->sku) : nullptr;
    if (!item || item->kind != ItemKind::Switch)
        return 0;
    switch (n->tier) {
    case FabricTier::Leaf:
        return 1;
    case FabricTier::Spine:
        return 2;
    case FabricTier::Core:
        return 3;
    case FabricTier::None:
        return 1;
    }
    return 1;
}

void oversubscriptionRule(const Design& d, std::vector<Finding>& out)
{
    const DesignIntent intent = DesignIntent::ofProperties(d.properties());
    const double target = intent.effectiveBisectionTarget();
    // tier rank -> (switches below target, worst up/down)
    std::map<int, std::pair<std::vector<NodeId>, std::pair<double, std::pair<double, double>>>> byTier;
    // Whether a model is a subnet manager, read from its catalog roles once per model, not once
    // per link (a million-GPU fabric has millions of links and a few dozen models).
    std::map<const CatalogItem*, bool> subnetManagers;
    auto isSubnetManager = [&](const CatalogItem* item) {
        if (!item)
            return false;
        auto known = subnetManagers.find(item);
        if (known == subnetManagers.end())
            known = subnetManagers.emplace(item, hasRole(*item, ItemRole::SubnetManager)).first;
        return known->second;
    };
    d.nodes().forEach([&](const Node& n) {
        const CatalogItem* item = d.item(n.sku);
        if (!item || item->kind != ItemKind::Switch || n.network != Network::Compute)
            return;
        const int mine = tierRank(d, n.id);
        double down = 0;
        double up = 0;
        for (LinkId id : d.linksOf(n.id)) {
            const Link* l = d.link(id);
            // Management ports (to the out-of-band switch) carry no fabric traffic, nor does a
            // subnet manager's port (management datagrams): an NVL72 leaf keeps a free port for it.
            if (d.linkNetwork(*l) != Network::Compute)
                continue;
            if (isSubnetManager(d.itemOf(otherEnd(*l, n.id).node)))
                continue;
            const int other = tierRank(d, otherEnd(*l, n.id).node);
            if (other > mine)
                up += d.linkSpeedGbps(*l);
            else if (other < mine)
                down += d.linkSpeedGbps(*l);
        }
        if (down <= 0 || up <= 0 || up / down >= target - 1e-9)
            return;
        auto& entry = byTier[mine];
        if (entry.first.empty() || up / down < entry.second.first)
            entry.second = {up / down, {down, up}};
        entry.first.push_back(n.id);
    });
    for (const auto& [rank, entry] : byTier) {
        const auto& [switches, worst] = entry;
        const double ratio = worst.first;
        const QString tierName = rank == 1 ? QStringLiteral("leaf")
            : rank == 2                    ? QStringLiteral("spine")
                                           : QStringLiteral("core");
        std::vector<EntityRef> ents;
        for (NodeId s : switches)
            ents.push_back(EntityRef::of(s));
        const bool needsFull = intent.clusterType == ClusterType::Training || intent.clusterType == ClusterType::Mixed;
        out.push_back(makeRaised("FABRIC-OVERSUB", needsFull ? Severity::Error : Severity::Warning,
            QStringLiteral("%1 %2 switches are oversubscribed %3:1; the target is %4 of full bisection")
                .arg(switches.size())
                .arg(tierName)
                .arg(fmt(1.0 / ratio, 2))
                .arg(target),
            ents,
            QStringLiteral(
                "Per switch, uplink / downlink capacity: worst %1 Gb/s / %2 Gb/s = %3, below the target %4 "
                "(%5). Switches: %6. A training cluster needs full bisection (1:1 fat-tree, DGX SuperPOD RA).")
                .arg(fmt(worst.second.second, 0), fmt(worst.second.first, 0), fmt(ratio, 3))
                .arg(target)
                .arg(intent.bisectionTarget
                        ? QStringLiteral("set in the design's intent")
                        : QStringLiteral("default for cluster type %1").arg(toString(intent.clusterType)))
                .arg(nameList(d, switches))));
    }
}

void subnetManagerRule(const Design& d, std::vector<Finding>& out)
{
    // Each InfiniBand fabric (subnet) is a set of IB switches joined by switch-to-switch links. A
    // host does not join two fabrics: a DGX with HCAs on the compute and the storage fabric sits
    // in two subnets, each needing its own subnet manager (DGX SuperPOD RA: a UFM pair per fabric).
    const size_t n = d.nodes().slotCount() + 1;
    std::vector<std::uint32_t> parent(n);
    std::iota(parent.begin(), parent.end(), 0u);
    auto find = [&](std::uint32_t x) {
        while (parent[x] != x)
            x = parent[x] = parent[parent[x]];
        return x;
    };
    auto isIb = [&](NodeId id) {
        const CatalogItem* item = d.itemOf(id);
        return item && isInfiniBandSwitch(*item);
    };
    // Management-port links join every switch to the OOB network; they are not part of a fabric.
    d.links().forEach([&](const Link& l) {
        if (d.linkNetwork(l) != Network::OutOfBand && isIb(l.a.node) && isIb(l.b.node))
            parent[find(l.a.node.value())] = find(l.b.node.value());
    });
    std::set<std::uint32_t> managed;
    // Switches that run their fabric's subnet manager themselves (the generator's record: an
    // internally managed switch below one scalable unit, MLNX-OS embedded SM).
    for (const QJsonValue& v : d.properties()
                                   .value(QLatin1String("generator"))
                                   .toObject()
                                   .value(QLatin1String("embedded_subnet_managers"))
                                   .toArray()) {
        const NodeId id(static_cast<std::uint32_t>(v.toInteger()));
        const Node* sw = d.node(id);
        const CatalogItem* item = sw ? d.item(sw->sku) : nullptr;
        if (item && item->switchSpec && item->switchSpec->embeddedSmMaxNodes > 0 && id.value() < n)
            managed.insert(find(id.value()));
    }
    d.links().forEach([&](const Link& l) {
        if (d.linkNetwork(l) == Network::OutOfBand)
            return;
        for (const auto& [sm, sw] : {std::pair{l.a.node, l.b.node}, std::pair{l.b.node, l.a.node}}) {
            const CatalogItem* item = d.itemOf(sm);
            if (item && isSubnetManager(*item) && isIb(sw))
                managed.insert(find(sw.value()));
        }
    });
    std::map<std::uint32_t, std::vector<NodeId>> switchesOf;
    d.nodes().forEach([&](const Node& node) {
        const CatalogItem* item = d.item(node.sku);
        if (item && isInfiniBandSwitch(*item))
            switchesOf[find(node.id.value())].push_back(node.id);
    });
    for (const auto& [root, switches] : switchesOf) {
        if (managed.count(root))
            continue;
        std::vector<EntityRef> ents;
        for (NodeId s : switches)
            ents.push_back(EntityRef::of(s));
        const Node* first = d.node(switches.front());
        out.push_back(make("FABRIC-SM",
            QStringLiteral("the InfiniBand fabric of %1 (%2 switches) has no subnet manager")
                .arg(first->name)
                .arg(switches.size()),
            ents,
            QStringLiteral("An InfiniBand fabric comes up only when a subnet manager assigns addresses and routes. "
                           "No UFM or other subnet-manager appliance is linked to a switch of this fabric, and no "
                           "switch of it is recorded as running its embedded subnet manager (switches: %1); hosts "
                           "on two fabrics do not join them. The DGX SuperPOD RA gives each InfiniBand fabric, "
                           "compute and storage, its own high-availability UFM pair.")
                .arg(nameList(d, switches))));
    }
}

// The generator gave one server's slot to the subnet managers (every leaf port was taken): say
// so, with what keeping every server would cost. Silent once the design no longer has that count.
void ufmSlotRule(const Design& d, std::vector<Finding>& out)
{
    const QJsonObject slot
        = d.properties().value(QLatin1String("generator")).toObject().value(QLatin1String("ufm_slot")).toObject();
    if (slot.isEmpty())
        return;
    const int requested = slot.value(QLatin1String("requested_nodes")).toInt();
    const int built = slot.value(QLatin1String("built_nodes")).toInt();
    int servers = 0;
    std::vector<EntityRef> ents;
    d.nodes().forEach([&](const Node& n) {
        const CatalogItem* item = d.item(n.sku);
        if (!item)
            return;
        servers += item->gpuCount() > 0;
        if (isSubnetManager(*item) && n.unit.isValid())
            ents.push_back(EntityRef::of(n.id));
    });
    if (servers != built || requested <= built)
        return;
    const QJsonObject keep = slot.value(QLatin1String("keep_all_nodes")).toObject();
    const QString alternative = keep.isEmpty()
        ? QStringLiteral("Keeping every server needs one more scalable unit (generate with %1).")
              .arg(UserOptions::mention(UserOption::KeepEveryServer))
        : QStringLiteral("The alternative keeps all %1 servers with one more scalable unit (%2 SU): %3 more "
                         "compute-fabric switches and %4 more capital cost (generate with %5).")
              .arg(requested)
              .arg(keep.value(QLatin1String("scalable_units")).toInt())
              .arg(keep.value(QLatin1String("extra_switches")).toInt())
              .arg(Money::usd().exact(keep.value(QLatin1String("extra_cost_usd")).toDouble()),
                  UserOptions::mention(UserOption::KeepEveryServer));
    out.push_back(make("FABRIC-UFM-SLOT",
        QStringLiteral("%1 of the %2 servers requested: the UFM pair took one server's slot").arg(built).arg(requested),
        ents,
        QStringLiteral("Every leaf port of the last scalable unit was taken (%1 servers = %2 whole SUs), so, as in the "
                       "NVIDIA DGX SuperPOD RA (\"a DGX system must be removed to accommodate for UFM connectivity\"; "
                       "4 SU = 127 DGX), one server gave up its slot to the subnet managers. %3")
            .arg(requested)
            .arg(slot.value(QLatin1String("scalable_units")).toInt())
            .arg(alternative)));
}

// The worst balanced cut found by the topology engine (exact max-flow) against the intent's target.
// Unlike the per-switch check it sees wiring mistakes, e.g. halves that reach disjoint spines.
// It reads the analysis of record (default options, as `analyze` and the studio run it).
void bisectionRule(const Design& d, const FabricReport* known, std::vector<Finding>& out)
{
    const DesignIntent intent = DesignIntent::ofProperties(d.properties());
    const double target = intent.effectiveBisectionTarget();
    std::optional<FabricReport> computed;
    if (!known)
        computed = analyzeFabric(d, AnalysisOptions());
    const FabricReport& report = known ? *known : *computed;
    if (!report.bisectionComputed || report.bisectionRatio >= target - 1e-6)
        return;
    const bool needsFull = intent.clusterType == ClusterType::Training || intent.clusterType == ClusterType::Mixed;
    std::vector<EntityRef> ents;
    d.nodes().forEach([&](const Node& n) {
        const CatalogItem* item = d.item(n.sku);
        if (item && item->kind == ItemKind::Switch && n.network == Network::Compute && n.tier != FabricTier::Leaf
            && n.tier != FabricTier::None)
            ents.push_back(EntityRef::of(n.id));
    });
    out.push_back(makeRaised("FABRIC-BISECTION", needsFull ? Severity::Error : Severity::Warning,
        QStringLiteral("bisection is %1 of full; the target is %2").arg(fmt(report.bisectionRatio, 3)).arg(target),
        ents,
        QStringLiteral("Bisection = max-flow across the worst balanced split of the GPU servers = %1 Gb/s; ratio = "
                       "that / injection bandwidth of the smaller side = %2 (worst split: %3; %4 cuts examined; %5). "
                       "Target %6 (%7). A training cluster needs full bisection for all-reduce at line rate.")
            .arg(fmt(report.bisectionGbps, 0), fmt(report.bisectionRatio, 3), report.worstSplit)
            .arg(report.cutsExamined)
            .arg(report.bisectionMethod)
            .arg(target)
            .arg(intent.bisectionTarget
                    ? QStringLiteral("set in the design's intent")
                    : QStringLiteral("default for cluster type %1").arg(toString(intent.clusterType)))));
}

} // namespace

void fabricRules(const Design& d, const ValidationOptions& o, std::vector<Finding>& out)
{
    const ComputeGraph g = computeGraph(d);
    partitionRule(d, g, out);
    railRule(d, out);
    oversubscriptionRule(d, out);
    if (o.fabricAnalysis)
        bisectionRule(d, o.fabric, out);
    spofRule(d, g, out);
    subnetManagerRule(d, out);
    ufmSlotRule(d, out);
}

} // namespace pw::rules
