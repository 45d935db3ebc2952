#pragma once

#include "util/strongid.h"

#include <QJsonObject>
#include <QPointF>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace pw {

class Design;
class DesignBuilder;

// The management layer's servers (source document: "Cluster management software (Slurm,
// Kubernetes, NVIDIA Base Command) ... Monitoring stack (Prometheus, Grafana, NVIDIA DCGM)"): one
// mgmt-server-1u per scheduler head, Kubernetes control-plane, Base Command Manager and
// monitoring node that the design's software stack needs (managementRoles(), counts are
// estimates). ServiceNetworks::buildInBand already places two head nodes; the plane takes those
// as its first two servers (renaming them) and places only the rest, so nothing is placed twice.
// Its servers join the in-band network through ServiceNetworks::buildInBand (which adds in-band
// switch capacity as needed) and the out-of-band network through buildOutOfBand, and go into the
// management rack row with the other service nodes. UFM appliances stay with the compute fabric.
// Without a cluster type or stored stack in the properties the plane is empty (two generic heads),
// except in a DGX SuperPOD (five servers, RA Table 7).
class ManagementPlane {
public:
    // superPod: a DGX SuperPOD without a stated purpose gets the RA's five management servers.
    ManagementPlane(const QJsonObject& properties, int gpuServers, bool superPod = false);

    // Server names in placement order, e.g. slurm-head-1, slurm-head-2, k8s-cp-1, ..., monitor-1.
    [[nodiscard]] const QStringList& names() const { return mNames; }

    // Before ServiceNetworks::buildInBand: places the servers beyond the two head nodes it adds,
    // appending them to `placed` (management rack) and `inBandHosts` (hosts given to buildInBand).
    [[nodiscard]] std::optional<QString> placeBeforeInBand(
        DesignBuilder& b, QPointF origin, std::vector<NodeId>& placed, std::vector<NodeId>& inBandHosts) const;
    // After buildInBand: renames its head-1 and head-2 to the plane's first two names, and notes
    // what the plane holds.
    void adoptHeadNodes(Design& design, const std::vector<NodeId>& placed, QStringList& notes) const;

    static constexpr int kInBandHeadNodes = 2; // what ServiceNetworks::buildInBand places

private:
    QStringList mNames;
    QStringList mSummary;
};

} // namespace pw
