#include "export/schedulertopology.h"

#include "export/exportnames.h"
#include "model/design.h"
#include "model/nvlinkdomains.h"

#include <QHash>
#include <QSet>

namespace pw {

QStringList SchedulerTopology::hostsOf(const Design&, const ExportNames& names, NodeId node)
{
    return names.hosts(node);
}

SchedulerTopology SchedulerTopology::of(const Design& design)
{
    const ExportNames names(design);
    return of(design, names);
}

SchedulerTopology SchedulerTopology::of(const Design& design, const ExportNames& names)
{
    SchedulerTopology t;
    t.mTree = SlurmTopology::build(design, names, &t.mWarnings);
    // The first parent of each switch: hosts of one Clos fabric then share one spine value.
    QHash<QString, QString> parent;
    QHash<QString, QString> leafOfHost;
    // Block names in topology.yaml share the switches' namespace.
    UniqueNames blockNames(NameRule::slurm());
    for (const SlurmTopology::Entry& e : t.mTree) {
        blockNames.reserve({e.name});
        for (const QString& child : e.switches)
            if (!parent.contains(child))
                parent.insert(child, e.name);
        for (const QString& host : e.nodes)
            leafOfHost.insert(host, e.name);
    }

    const NvlinkDomains nvlink = NvlinkDomains::of(design);
    QHash<QString, QString> domainOfHost;
    for (const NvlinkDomain& d : nvlink.domains()) {
        Domain out;
        const CatalogItem* item = design.itemOf(d.nodes.front());
        const int hostsPerNode = NvlinkDomains::hostsPerNode(*item);
        out.fullHosts = d.sizeGpus / item->gpuCount() * hostsPerNode;
        out.name = blockNames.take(d.name);
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
    t.mWarnings << blockNames.warnings();
    return t;
}

} // namespace pw
