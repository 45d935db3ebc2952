#include "export/slurmnodes.h"

#include "export/hostlist.h"
#include "export/safetext.h"
#include "export/schedulertopology.h"
#include "export/slurmtopology.h"
#include "model/design.h"

#include <QSet>

#include <map>

namespace pw {

namespace {

// One NodeName line: the hosts of one server model, and that model's GPUs per host.
struct NodeLine {
    QString model;
    QString gpuSource;
    int gpusPerHost = 0;
    QStringList hosts;
};

} // namespace

ExportResult SlurmNodes::exportOf(const Design& d)
{
    ExportResult r;
    const ExportNames names(d);
    const std::vector<SlurmTopology::Entry> tree = SlurmTopology::build(d, names, &r.warnings);
    QStringList inTree; // the hosts topology.conf puts under a leaf, in its order, each once
    QSet<QString> seen;
    for (const SlurmTopology::Entry& e : tree)
        for (const QString& host : e.nodes)
            if (!seen.contains(host)) {
                seen.insert(host);
                inTree << host;
            }

    // Each host's server model and GPUs, through the one definition of host names (hostsOf): a
    // rack-scale system's GPUs are shared by its compute trays, each a host of its own.
    std::map<QString, std::pair<const CatalogItem*, int>> itemOfHost;
    d.nodes().forEach([&](const Node& n) {
        const CatalogItem* it = d.item(n.sku);
        if (!it || it->kind != ItemKind::Server)
            return;
        const QStringList hosts = SchedulerTopology::hostsOf(d, names, n.id);
        for (const QString& h : hosts)
            itemOfHost[h] = {it, it->gpuCount() / static_cast<int>(hosts.size())};
    });

    std::vector<NodeLine> lines;
    std::map<QString, size_t> lineOfSku;
    for (const QString& host : inTree) {
        const auto found = itemOfHost.find(host);
        if (found == itemOfHost.end())
            continue;
        const auto [it, gpus] = found->second;
        const auto [slot, added] = lineOfSku.try_emplace(it->sku, lines.size());
        if (added)
            lines.push_back(
                {it->vendor + QLatin1Char(' ') + it->model, it->gpu ? it->gpu->source : QString(), gpus, {}});
        lines[slot->second].hosts << host;
    }

    QString s;
    s += QStringLiteral("# slurm.conf node list for %1, written by Podwright %2\n")
             .arg(safetext::stripControls(d.name()), QStringLiteral(PW_VERSION));
    s += QStringLiteral(
        "# The hosts of the exported topology.conf. slurm.conf: GresTypes=gpu, then\n"
        "# NodeName=DEFAULT State=... and `Include` this file. CPUs and memory: slurmd reports them.\n");
    for (const NodeLine& l : lines) {
        s += QStringLiteral("# %1 host(s) of %2").arg(l.hosts.size()).arg(safetext::stripControls(l.model));
        if (l.gpusPerHost > 0)
            s += QStringLiteral(", %1 GPU(s) each (%2)").arg(l.gpusPerHost).arg(safetext::stripControls(l.gpuSource));
        s += QStringLiteral("\nNodeName=%1").arg(Hostlist::compress(l.hosts));
        if (l.gpusPerHost > 0)
            s += QStringLiteral(" Gres=gpu:%1").arg(l.gpusPerHost);
        s += QLatin1Char('\n');
    }
    r.bytes = s.toUtf8();
    return r;
}

} // namespace pw
