#pragma once

#include "export/exportnames.h"

#include <QByteArray>

namespace pw {

class Design;
class SchedulerTopology;

// Slurm's topology.yaml (Slurm 25.05 and later; topology.yaml(5)), which replaces topology.conf
// when present and may hold several topologies that partitions choose by name:
// - "fabric" (cluster_default): topology/tree, the compute fabric's switches and their hosts, as
//   the topology.conf export writes them;
// - "nvlink" (or "nvlink<size>" when domains of several sizes exist): topology/block, one block per
//   NVLink domain that spans several hosts (an NVL72 rack's 18 compute trays). block_sizes starts
//   with the hosts of a full domain (the planning base block: every block must have at least that
//   many nodes) and doubles while that many domains share one fabric leaf. A partial domain is
//   padded with placeholder hosts "<block>-pad01" ..., as NVIDIA's topograph pads blocks from its
//   fake-node pool; they must be declared in slurm.conf (listed in a comment).
// Domains of one host (an 8-GPU DGX) need no block topology; a comment says so.
class SlurmTopologyYaml {
public:
    [[nodiscard]] static QByteArray write(const Design& design);
    // The file and the names made unique on the way (UniqueNames).
    [[nodiscard]] static ExportResult exportOf(const Design& design);
    [[nodiscard]] static QByteArray write(const SchedulerTopology& topology, const QString& designName);
};

} // namespace pw
