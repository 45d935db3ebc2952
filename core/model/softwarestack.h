#pragma once

#include "model/designintent.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace pw {

class Design;

// The management layer's software, as the source document's "GPU Cluster Software Stack" names it.
enum class Scheduler { None, Slurm, PbsPro };
enum class Orchestration { None, Kubernetes };

[[nodiscard]] QString toString(Scheduler scheduler);
[[nodiscard]] std::optional<Scheduler> schedulerFromString(const QString& text);
[[nodiscard]] QString toString(Orchestration orchestration);
[[nodiscard]] std::optional<Orchestration> orchestrationFromString(const QString& text);

// The software stack a design is meant to run: job scheduler, container orchestration, cluster
// manager, training frameworks, monitoring and development tools. Stored as JSON in
// design.properties()["stack"] (docs/file-format.md); unknown keys are kept. When a design stores
// no stack, ofProperties() gives the default of the intent's cluster type, which satisfies the
// STACK-* and MGMT-DCGM rules.
struct SoftwareStack {
    Scheduler scheduler = Scheduler::None;
    bool priorityQueues = false; // scheduler: priority queues (and preemption)
    bool reservations = false; // scheduler: partitions / resource reservations
    Orchestration orchestration = Orchestration::None;
    bool gpuOperator = false; // Kubernetes: NVIDIA GPU Operator
    bool autoscaling = false; // Kubernetes: autoscaling of serving deployments
    bool baseCommandManager = false; // NVIDIA Base Command / Base Command Manager
    QStringList frameworks; // pytorch-nccl, deepspeed, megatron-lm, jax
    QStringList monitoring; // dcgm, prometheus, grafana
    QStringList devTools; // jupyter, mlflow
    QJsonObject extra; // keys this version does not know

    [[nodiscard]] static const QStringList& knownFrameworks();
    [[nodiscard]] static const QStringList& knownMonitoring();
    [[nodiscard]] static const QStringList& knownDevTools();

    // Defaults per cluster type (source document): training: Slurm with priority queues, PyTorch
    // Distributed (NCCL), DCGM + Prometheus + Grafana; inference: Kubernetes + GPU Operator +
    // autoscaling; mixed: Slurm with priority queues and a reservation for the inference share, plus
    // Kubernetes for serving; development: Slurm + Jupyter + MLflow. Unspecified: as training.
    [[nodiscard]] static SoftwareStack defaultFor(ClusterType type);
    [[nodiscard]] static SoftwareStack fromJson(const QJsonObject& json);
    [[nodiscard]] QJsonObject toJson() const;
    // The stored stack, or the default of the stored intent's cluster type.
    [[nodiscard]] static SoftwareStack ofProperties(const QJsonObject& properties);
    [[nodiscard]] static bool isStored(const QJsonObject& properties);

    [[nodiscard]] bool hasMonitoring(const QString& tool) const
    {
        return monitoring.contains(tool, Qt::CaseInsensitive);
    }
    // Readable components, e.g. "Slurm (priority queues, reservations)", for messages and the report.
    [[nodiscard]] QStringList components() const;

    bool operator==(const SoftwareStack&) const = default;
};

// Management servers a stack needs. All counts are estimates (common HA practice, not from the
// source document): scheduler controller 2 (active/standby), Kubernetes control plane 3 (etcd
// quorum), Base Command Manager 2 (HA head pair), monitoring 1, plus 1 above 64 GPU servers.
// UFM is not listed: the generator places it with each InfiniBand fabric.
struct ManagementRole {
    QString id; // scheduler, kubernetes-control-plane, cluster-manager, monitoring
    QString prefix; // node name prefix: slurm-head, pbs-head, k8s-cp, bcm-head, monitor
    int count = 0;
    QString reason;
};
[[nodiscard]] std::vector<ManagementRole> managementRoles(const SoftwareStack& stack, int gpuServers);
inline constexpr int kMonitoringScaleOutServers = 64;

// The "cluster type and software stack" block for the report and `intent --json`: type, users,
// inference share, the stack (JSON and readable list), the management roles the stack needs, and
// the management nodes present in the design (generated head / control-plane / monitoring servers
// and UFM appliances) with their maximum power (W) and price (USD), and totals.
[[nodiscard]] QJsonObject describeClusterTypeAndStack(const Design& design);
// The display name of a stack component id ("pytorch-nccl" -> "PyTorch Distributed (NCCL)"), shared
// by the report, the CLI and the design properties dialog.
[[nodiscard]] QString softwareComponentName(const QString& id);

} // namespace pw
