#pragma once

#include "export/exportnames.h"

#include <QByteArray>
#include <QString>

namespace pw {

class Design;
class SchedulerTopology;

// Kubernetes node labels for the same levels as the Slurm topology, as one multi-document YAML
// file: a Kueue Topology (kueue.x-k8s.io/v1beta2) that orders the levels for topology-aware
// scheduling, then one Node per host carrying only its labels, for
// `kubectl apply --server-side --field-manager=podwright -f FILE`.
// The keys are those NVIDIA's topograph writes (docs/reference/node-labels.md of NVIDIA/topograph):
// network.topology.nvidia.com/accelerator (the NVLink domain), .../leaf, .../spine and .../core
// (the fabric tree). nvidia.com/gpu.clique, which the GPU Operator sets on multi-node NVLink
// systems once Fabric Manager has formed the domain, is left to the operator.
// Levels appear in the Topology only when every labelled host carries them, as Kueue requires.
class K8sTopologyLabels {
public:
    static constexpr const char* kAccelerator = "network.topology.nvidia.com/accelerator";
    static constexpr const char* kLeaf = "network.topology.nvidia.com/leaf";
    static constexpr const char* kSpine = "network.topology.nvidia.com/spine";
    static constexpr const char* kCore = "network.topology.nvidia.com/core";
    static constexpr const char* kHostname = "kubernetes.io/hostname";

    [[nodiscard]] static QByteArray write(const Design& design);
    [[nodiscard]] static QByteArray write(const SchedulerTopology& topology, const QString& designName);
    // The file and the names made unique on the way (ExportNames.h: UniqueNames).
    [[nodiscard]] static ExportResult exportOf(const Design& design);
    [[nodiscard]] static ExportResult exportOf(const SchedulerTopology& topology, const QString& designName);
    // A valid label value (NameRule::k8sLabelValue): at most 63 characters of [A-Za-z0-9._-],
    // starting and ending with a letter or digit; longer values are cut at 63. Not unique by itself:
    // the export makes the values of one file unique.
    [[nodiscard]] static QString labelValue(const QString& text);
    // A valid node name (NameRule::k8sNodeName, a DNS-1123 subdomain): the host name in lower case,
    // at most 253 of [a-z0-9.-], each dot-separated part starting and ending with a letter or digit.
    [[nodiscard]] static QString nodeName(const QString& host);
};

} // namespace pw
