#pragma once

#include "export/exportnames.h"

namespace pw {

class Design;

// The design's node list for slurm.conf (slurm.conf(5) NodeName lines), the companion of
// topology.conf: the same hosts as its leaf switches (SlurmTopology::build), one line per server
// model as a compressed hostlist, with Gres=gpu:N from the catalog's GPU count (per compute tray
// for a rack-scale system, whose trays are the hosts). CPUs and RealMemory are not written: the
// catalog has no host CPU or memory figures, and slurmd reports them when the node registers.
// State is left to the site: the file is meant for `Include` after a `NodeName=DEFAULT State=...`.
class SlurmNodes {
public:
    [[nodiscard]] static ExportResult exportOf(const Design& design);
};

} // namespace pw
