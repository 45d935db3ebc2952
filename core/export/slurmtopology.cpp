#include "export/slurmtopology.h"

#include "export/exportnames.h"
#include "export/hostlist.h"
#include "export/safetext.h"
#include "export/schedulertopology.h"
#include "model/design.h"
#include "model/nvlinkdomains.h"

#include <QDateTime>
#include <QSet>

#include <algorithm>
#include <deque>
#include <map>
#include <numeric>
#include <set>

namespace pw {

namespace {

bool isComputeSwitch(const Design& d, const Node& n)
{
    const CatalogItem* it = d.item(n.sku);
    return it && it->kind == ItemKind::Switch && n.network == Network::Compute;
}

struct UnionFind {
    std::vector<int> p;
    explicit UnionFind(int n) : p(static_cast<size_t>(n)) { std::iota(p.begin(), p.end(), 0); }
    int find(int x)
    {
        return p[static_cast<size_t>(x)] == x ? x : p[static_cast<size_t>(x)] = find(p[static_cast<size_t>(x)]);
    }
    void unite(int a, int b) { p[static_cast<size_t>(find(a))] = find(b); }
};

// A block of leaves is named by what it serves (issue 26 §4): the scalable unit when its servers
// are all of that unit's fabric servers; one rack's name when they all stand in one rack; the
// first and last of their racks when they fill several racks of a unit (an NVL72 unit's leaves
// each take a rail of 3 racks, so one unit has several blocks, none of which is the unit);
// "blockNN" otherwise.
QString blockName(
    const Design& d, const std::set<NodeId>& servers, const std::map<GroupId, int>& fabricServersOfUnit, int blockNo)
{
    GroupId unit = d.node(*servers.begin())->unit;
    std::set<GroupId> racks;
    bool allRacked = true;
    for (NodeId s : servers) {
        const Node* n = d.node(s);
        if (n->unit != unit)
            unit = GroupId();
        allRacked = allRacked && n->rack.isValid() && d.group(n->rack);
        racks.insert(n->rack);
    }
    const auto count = unit.isValid() ? fabricServersOfUnit.find(unit) : fabricServersOfUnit.end();
    if (const Group* g = unit.isValid() ? d.group(unit) : nullptr;
        g && count != fabricServersOfUnit.end() && count->second == static_cast<int>(servers.size()))
        return g->name;
    if (allRacked && racks.size() == 1)
        return d.group(*racks.begin())->name;
    if (allRacked)
        return QStringLiteral("%1-to-%2").arg(d.group(*racks.begin())->name, d.group(*racks.rbegin())->name);
    return QStringLiteral("block%1").arg(blockNo, 2, 10, QLatin1Char('0'));
}

} // namespace

std::vector<SlurmTopology::Entry> SlurmTopology::build(const Design& d, QStringList* warnings)
{
    const ExportNames names(d);
    return build(d, names, warnings);
}

std::vector<SlurmTopology::Entry> SlurmTopology::build(const Design& d, const ExportNames& names, QStringList* warnings)
{
    // Compute switches and their level: the tier the design gives, else the distance from a leaf.
    std::vector<NodeId> switches;
    std::vector<int> swIndex(d.nodes().slotCount() + 1, -1); // by node id: asked for both ends of every link
    d.nodes().forEach([&](const Node& n) {
        if (isComputeSwitch(d, n)) {
            swIndex[n.id.value()] = static_cast<int>(switches.size());
            switches.push_back(n.id);
        }
    });
    const auto switchIndexOf = [&](NodeId n) { return n.value() < swIndex.size() ? swIndex[n.value()] : -1; };
    const int ns = static_cast<int>(switches.size());
    // Neighbours as sorted vectors, not sets: a set node per switch-to-switch link end was most of
    // this function's time at 100,000 GPUs (the order read below is the same ascending one).
    std::vector<std::vector<int>> swNeighbours(static_cast<size_t>(ns));
    std::map<NodeId, std::set<int>> serverLeaves; // server -> leaves
    std::vector<std::vector<NodeId>> leafServers(static_cast<size_t>(ns));
    d.links().forEach([&](const Link& l) {
        const int ia = switchIndexOf(l.a.node);
        const int ib = switchIndexOf(l.b.node);
        if (ia >= 0 && ib >= 0) {
            swNeighbours[static_cast<size_t>(ia)].push_back(ib);
            swNeighbours[static_cast<size_t>(ib)].push_back(ia);
            return;
        }
        if (ia < 0 && ib < 0)
            return; // neither end a compute switch
        const int sw = ia >= 0 ? ia : ib;
        const NodeId host = ia >= 0 ? l.b.node : l.a.node;
        const CatalogItem* it = d.itemOf(host);
        if (!it || it->kind != ItemKind::Server || d.linkNetwork(l) != Network::Compute)
            return;
        if (serverLeaves[host].insert(sw).second)
            leafServers[static_cast<size_t>(sw)].push_back(host);
    });
    for (std::vector<int>& n : swNeighbours) {
        std::sort(n.begin(), n.end());
        n.erase(std::unique(n.begin(), n.end()), n.end());
    }

    std::vector<int> level(static_cast<size_t>(ns), -1);
    std::deque<int> queue;
    for (int i = 0; i < ns; ++i) {
        const FabricTier t = d.node(switches[static_cast<size_t>(i)])->tier;
        if (!leafServers[static_cast<size_t>(i)].empty() || t == FabricTier::Leaf) {
            level[static_cast<size_t>(i)] = 0;
            queue.push_back(i);
        }
    }
    while (!queue.empty()) {
        const int s = queue.front();
        queue.pop_front();
        for (int o : swNeighbours[static_cast<size_t>(s)])
            if (level[static_cast<size_t>(o)] < 0) {
                level[static_cast<size_t>(o)] = level[static_cast<size_t>(s)] + 1;
                queue.push_back(o);
            }
    }
    for (int i = 0; i < ns; ++i) {
        const FabricTier t = d.node(switches[static_cast<size_t>(i)])->tier;
        if (t == FabricTier::Spine && level[static_cast<size_t>(i)] != 0)
            level[static_cast<size_t>(i)] = 1;
        else if (t == FabricTier::Core && level[static_cast<size_t>(i)] != 0)
            level[static_cast<size_t>(i)] = std::max(2, level[static_cast<size_t>(i)]);
        else if (level[static_cast<size_t>(i)] < 0)
            level[static_cast<size_t>(i)] = 1; // unreachable from any leaf: a top switch of its own
    }

    // Leaves that share servers form one block (rail-optimized scalable units).
    UnionFind uf(ns);
    for (const auto& [server, leaves] : serverLeaves)
        for (int l : leaves)
            uf.unite(*leaves.begin(), l);

    std::vector<Entry> out;
    std::vector<QString> slurmName(static_cast<size_t>(ns)); // switch -> the Slurm switch it belongs to
    // Physical names first (the switches' host names: Slurm-safe and unique over the design), so
    // block names never take a real switch's name.
    std::vector<QString> physical(static_cast<size_t>(ns));
    UniqueNames namer(NameRule::slurm());
    for (int i = 0; i < ns; ++i) {
        physical[static_cast<size_t>(i)] = names.hosts(switches[static_cast<size_t>(i)]).value(0);
        namer.reserve({physical[static_cast<size_t>(i)]});
    }

    std::map<int, std::vector<int>> blocks; // root -> leaves
    for (int i = 0; i < ns; ++i)
        if (level[static_cast<size_t>(i)] == 0)
            blocks[uf.find(i)].push_back(i);
    std::map<GroupId, int> fabricServersOfUnit;
    for (const auto& [server, leaves] : serverLeaves)
        ++fabricServersOfUnit[d.node(server)->unit];
    int blockNo = 0;
    for (auto& [root, leaves] : blocks) {
        Entry e;
        QStringList nodes;
        std::set<NodeId> seen;
        for (int l : leaves)
            for (NodeId s : leafServers[static_cast<size_t>(l)])
                if (seen.insert(s).second)
                    nodes << SchedulerTopology::hostsOf(d, names, s);
        e.nodes = nodes;
        if (leaves.size() == 1) {
            e.name = physical[static_cast<size_t>(leaves.front())];
        } else {
            ++blockNo;
            e.name = namer.take(blockName(d, seen, fabricServersOfUnit, blockNo));
            for (int l : leaves)
                e.members << physical[static_cast<size_t>(l)];
        }
        for (int l : leaves)
            slurmName[static_cast<size_t>(l)] = e.name;
        out.push_back(std::move(e));
    }
    const int maxLevel = ns == 0 ? 0 : *std::max_element(level.begin(), level.end());
    for (int lv = 1; lv <= maxLevel; ++lv) {
        for (int i = 0; i < ns; ++i) {
            if (level[static_cast<size_t>(i)] != lv)
                continue;
            Entry e;
            e.name = physical[static_cast<size_t>(i)];
            slurmName[static_cast<size_t>(i)] = e.name;
            QStringList children;
            QSet<QString> named; // children, for the test (a core switch has hundreds of spines)
            for (int o : swNeighbours[static_cast<size_t>(i)])
                if (level[static_cast<size_t>(o)] == lv - 1 && !named.contains(slurmName[static_cast<size_t>(o)])) {
                    named.insert(slurmName[static_cast<size_t>(o)]);
                    children << slurmName[static_cast<size_t>(o)];
                }
            e.switches = children;
            out.push_back(std::move(e));
        }
    }
    if (warnings)
        *warnings << names.hostWarnings() << namer.warnings();
    return out;
}

QByteArray SlurmTopology::write(const std::vector<Entry>& entries, const QString& designName)
{
    QString s;
    s += QStringLiteral("# topology.conf for %1, written by Podwright %2\n")
             .arg(safetext::stripControls(designName), QStringLiteral(PW_VERSION));
    s += QStringLiteral("# slurm.conf: TopologyPlugin=topology/tree. Node names are the design's node names.\n");
    if (entries.empty())
        s += QStringLiteral("# The design has no compute-fabric switch: nothing to describe.\n");
    int width = 0;
    for (const Entry& e : entries)
        width = std::max(width, static_cast<int>(e.name.size()));
    for (const Entry& e : entries) {
        if (!e.members.isEmpty())
            s += QStringLiteral("# %1 stands for the rail leaves %2 (each server reaches every rail)\n")
                     .arg(e.name, Hostlist::compress(e.members));
        s += QStringLiteral("SwitchName=%1").arg(e.name, -width);
        if (!e.nodes.isEmpty())
            s += QStringLiteral(" Nodes=%1").arg(Hostlist::compress(e.nodes));
        else if (!e.switches.isEmpty())
            s += QStringLiteral(" Switches=%1").arg(Hostlist::compress(e.switches));
        s += QLatin1Char('\n');
    }
    return s.toUtf8();
}

QByteArray SlurmTopology::write(const Design& design)
{
    return exportOf(design).bytes;
}

ExportResult SlurmTopology::exportOf(const Design& design)
{
    ExportResult r;
    r.bytes = write(build(design, &r.warnings), design.name());
    return r;
}

} // namespace pw
