#include "export/schedulertopology.h"

#include "export/exportnames.h"
#include "export/hostlist.h"
#include "model/design.h"
#include "model/nvlinkdomains.h"

#include <QHash>
#include <QSet>

namespace pw {

QStringList SchedulerTopology::hostsOf(const Design& design, const ExportNames& names, NodeId node)
{
    const CatalogItem* item = design.itemOf(node);
    QStringList out;
    for (const QString& h : NvlinkDomains::hostNames(names.name(node), item ? NvlinkDomains::hostsPerNode(*item) : 1))
        out << Hostlist::sanitize(h);
    return out;
}

SchedulerTopology SchedulerTopology::of(const Design& design)
{
    SchedulerTopology t;
    t.mTree = SlurmTopology::build(design);
    // The first parent of each switch: hosts of one Clos fabric then share one spine value.
    QHash<QString, QString> parent;
    QHash<QString, QString> leafOfHost;
    QSet<QString> used;
    for (const SlurmTopology::Entry& e : t.mTree) {
        used.insert(e.name);
        for (const QString& child : e.switches)
            if (!parent.contains(child))
                parent.insert(child, e.name);
        for (const QString& host : e.nodes)
            leafOfHost.insert(host, e.name);
    }

    const NvlinkDomains nvlink = NvlinkDomains::of(design);
    const ExportNames names(design);
    QHash<QString, QString> domainOfHost;
    for (const NvlinkDomain& d : nvlink.domains()) {
        Domain out;
        const CatalogItem* item = design.itemOf(d.nodes.front());
        const int hostsPerNode = NvlinkDomains::hostsPerNode(*item);
        out.fullHosts = d.sizeGpus / item->gpuCount() * hostsPerNode;
        QString name = Hostlist::sanitize(d.name);
        for (int i = 2; used.contains(name); ++i)
            name = Hostlist::sanitize(d.name) + QStringLiteral("-%1").arg(i);
        used.insert(name);
        out.name = name;
        for (NodeId n : d.nodes)
            out.hosts << hostsOf(design, names, n);
        for (const QString& h : out.hosts)
            domainOfHost.insert(h, out.name);
        out.leaf = leafOfHost.value(out.hosts.value(0));
        t.mDomains.push_back(std::move(out));
    }

    // Hosts: every server of the fabric tree, then every server in a domain and not on the fabric.
    QSet<QString> seen;
    auto addHost = [&](const QString& name) {
        if (seen.contains(name))
            return;
        seen.insert(name);
        Host h;
        h.name = name;
        h.leaf = leafOfHost.value(name);
        h.spine = parent.value(h.leaf);
        h.core = parent.value(h.spine);
        h.domain = domainOfHost.value(name);
        t.mHosts.push_back(std::move(h));
    };
    for (const SlurmTopology::Entry& e : t.mTree)
        for (const QString& host : e.nodes)
            addHost(host);
    for (const Domain& d : t.mDomains)
        for (const QString& host : d.hosts)
            addHost(host);
    return t;
}

} // namespace pw
