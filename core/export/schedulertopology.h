#pragma once

#include "export/slurmtopology.h"
#include "util/strongid.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace pw {

class Design;
class ExportNames;

// What a scheduler needs to know about where its hosts sit, computed once for the Slurm
// topology.yaml and the Kubernetes node labels: the fabric tree (SlurmTopology's switches, leaves
// first) and, per host, its leaf, spine and core (the first parent at each level, so hosts of one
// Clos fabric share a spine value) and its NVLink domain (model/nvlinkdomains.h).
// A host is an operating-system instance: a server node, or each compute tray of a rack-scale
// system held as one node.
class SchedulerTopology {
public:
    struct Host {
        QString name; // Slurm-safe
        QString leaf; // the tree's leaf (or block of rail leaves); empty when not on the fabric
        QString spine;
        QString core;
        QString domain; // the NVLink domain's block name; empty without NVLink
    };
    struct Domain {
        QString name; // Slurm-safe, unique among switches and domains
        QStringList hosts;
        int fullHosts = 0; // hosts of a full domain of this model
        QString leaf; // the leaf of its first host
    };

    [[nodiscard]] static SchedulerTopology of(const Design& design);
    // The same with the design's export names built already (they cost a pass over every node).
    [[nodiscard]] static SchedulerTopology of(const Design& design, const ExportNames& names);
    // The scheduler's host names of one node (Slurm-safe, unique): ExportNames::hosts, the one
    // definition every export and the failure domains use.
    [[nodiscard]] static QStringList hostsOf(const Design& design, const ExportNames& names, NodeId node);

    [[nodiscard]] const std::vector<SlurmTopology::Entry>& tree() const { return mTree; }
    [[nodiscard]] const std::vector<Host>& hosts() const { return mHosts; }
    [[nodiscard]] const std::vector<Domain>& domains() const { return mDomains; }
    // Names made unique (UniqueNames): hosts, switches and blocks, one line each.
    [[nodiscard]] const QStringList& warnings() const { return mWarnings; }

private:
    std::vector<SlurmTopology::Entry> mTree;
    std::vector<Host> mHosts;
    std::vector<Domain> mDomains;
    QStringList mWarnings;
};

} // namespace pw
