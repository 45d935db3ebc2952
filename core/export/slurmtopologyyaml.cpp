#include "export/slurmtopologyyaml.h"

#include "export/hostlist.h"
#include "export/safetext.h"
#include "export/schedulertopology.h"
#include "model/design.h"

#include <QHash>

#include <map>

namespace pw {

namespace {

// Every name is double-quoted: a name such as "true" or "001" stays a string for any YAML reader.
QString quoted(const QString& s)
{
    return QLatin1Char('"') + s + QLatin1Char('"');
}

} // namespace

QByteArray SlurmTopologyYaml::write(const SchedulerTopology& topo, const QString& designName)
{
    QString s;
    s += QStringLiteral("# topology.yaml for %1, written by Podwright %2\n")
             .arg(safetext::stripControls(designName), QStringLiteral(PW_VERSION));
    s += QStringLiteral(
        "# Slurm 25.05 and later read this file instead of topology.conf (topology.yaml(5)); partitions\n"
        "# choose a topology with Topology=<name>. Host names are the design's node names; a rack-scale\n"
        "# system's compute trays are <node>-t01, <node>-t02, ...\n");

    // The fabric tree, the cluster default.
    s += QStringLiteral("- topology: \"fabric\"\n  cluster_default: true\n");
    if (topo.tree().empty()) {
        s += QStringLiteral("  # The design has no compute-fabric switch: a flat topology.\n  flat: true\n");
    } else {
        s += QStringLiteral("  tree:\n    switches:\n");
        for (const SlurmTopology::Entry& e : topo.tree()) {
            if (!e.members.isEmpty())
                s += QStringLiteral("      # %1 stands for the rail leaves %2 (each server reaches every rail)\n")
                         .arg(e.name, Hostlist::compress(e.members));
            s += QStringLiteral("      - switch: %1\n").arg(quoted(e.name));
            if (!e.nodes.isEmpty())
                s += QStringLiteral("        nodes: %1\n").arg(quoted(Hostlist::compress(e.nodes)));
            else if (!e.switches.isEmpty())
                s += QStringLiteral("        children: %1\n").arg(quoted(Hostlist::compress(e.switches)));
        }
    }

    // The NVLink domains as blocks, one block topology per size of domain that spans several hosts.
    std::map<int, std::vector<const SchedulerTopology::Domain*>> bySize;
    int singleHost = 0;
    for (const SchedulerTopology::Domain& d : topo.domains()) {
        if (d.fullHosts > 1)
            bySize[d.fullHosts].push_back(&d);
        else
            ++singleHost;
    }
    if (singleHost > 0 && bySize.empty())
        s += QStringLiteral("# Each of the %1 NVLink domains is one host: no block topology is needed, the tree places "
                            "jobs.\n")
                 .arg(singleHost);
    for (const auto& [base, domains] : bySize) {
        // Higher block levels: double while that many domains share one leaf (contiguous blocks
        // there join over the same switches). Successive sizes are powers of two of the base.
        QHash<QString, int> perLeaf;
        for (const SchedulerTopology::Domain* d : domains)
            ++perLeaf[d->leaf];
        int fewest = static_cast<int>(domains.size());
        for (int n : perLeaf)
            fewest = std::min(fewest, n);
        QList<int> sizes{base};
        for (int k = 2; k <= fewest; k *= 2)
            sizes << base * k;

        const QString name = bySize.size() == 1 ? QStringLiteral("nvlink") : QStringLiteral("nvlink%1").arg(base);
        QStringList padding;
        QString blocks;
        for (const SchedulerTopology::Domain* d : domains) {
            QStringList hosts = d->hosts;
            const int missing = base - static_cast<int>(hosts.size());
            for (int i = 1; i <= missing; ++i) {
                const QString pad = QStringLiteral("%1-pad%2").arg(d->name).arg(i, 2, 10, QLatin1Char('0'));
                hosts << pad;
                padding << pad;
            }
            if (missing > 0)
                blocks += QStringLiteral("      # %1 is a partial NVLink domain: %2 of %3 hosts, padded to the base "
                                         "block size\n")
                              .arg(d->name)
                              .arg(d->hosts.size())
                              .arg(base);
            blocks += QStringLiteral("      - block: %1\n        nodes: %2\n")
                          .arg(quoted(d->name), quoted(Hostlist::compress(hosts)));
        }
        s += QStringLiteral("- topology: %1\n  cluster_default: false\n").arg(quoted(name));
        s += QStringLiteral("  # One block per NVLink domain of %1 hosts (slurm.conf or the partition: Topology=%2).\n")
                 .arg(base)
                 .arg(name);
        if (!padding.isEmpty())
            s += QStringLiteral("  # Declare the padding hosts in slurm.conf so that they are never scheduled, e.g.\n"
                                "  # NodeName=%1 State=FUTURE\n")
                     .arg(Hostlist::compress(padding));
        s += QStringLiteral("  block:\n    block_sizes:\n");
        for (int size : sizes)
            s += QStringLiteral("      - %1\n").arg(size);
        s += QStringLiteral("    blocks:\n") + blocks;
    }
    return s.toUtf8();
}

QByteArray SlurmTopologyYaml::write(const Design& design)
{
    return exportOf(design).bytes;
}

ExportResult SlurmTopologyYaml::exportOf(const Design& design)
{
    const SchedulerTopology topology = SchedulerTopology::of(design);
    return {write(topology, design.name()), topology.warnings()};
}

} // namespace pw
