#pragma once

#include "export/exportnames.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <vector>

namespace pw {

class Design;

// The compute fabric as a Slurm topology/tree `topology.conf` (interchange-formats.md section 1):
// leaf switches with `Nodes=`, upper switches with `Switches=`, never both on one line, every child
// switch defined, names unique and at most 64 characters, hostlists compressed.
//
// Rail-optimized fabrics connect every server to several leaves (one per rail). Slurm wants each
// node under one leaf, so leaves that share servers are listed as one block switch per scalable
// unit (as NVIDIA's SuperPOD guidance does); a comment names the physical leaves it stands for.
// Servers are the hosts with a compute-fabric link; switches are the compute network's switches.
// A rack-scale system held as one node stands for its compute trays (NvlinkDomains::hostNames:
// "<node>-t01" ...), each an operating-system instance that Slurm schedules.
class SlurmTopology {
public:
    struct Entry {
        QString name; // SwitchName
        QStringList nodes; // leaf: node names (uncompressed)
        QStringList switches; // upper: child switch names
        QStringList members; // block switch: the physical leaves it stands for
    };

    // The switch hierarchy, leaves first. `warnings` receives the names made unique.
    [[nodiscard]] static std::vector<Entry> build(const Design& design, QStringList* warnings = nullptr);
    [[nodiscard]] static std::vector<Entry> build(
        const Design& design, const ExportNames& names, QStringList* warnings = nullptr);
    [[nodiscard]] static QByteArray write(const Design& design);
    [[nodiscard]] static ExportResult exportOf(const Design& design);
    [[nodiscard]] static QByteArray write(const std::vector<Entry>& entries, const QString& designName);
};

} // namespace pw
