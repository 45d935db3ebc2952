#pragma once

#include "model/storagetier.h"

#include <QJsonObject>
#include <QString>

#include <optional>

namespace pw {

// What the cluster is for, as the source document's cluster types name it.
enum class ClusterType { Unspecified, Training, Inference, Mixed, Development };
// A workload task for sizing: full training, fine-tuning, or serving.
enum class WorkloadTask { Train, FineTune, Inference };
// How a model is fine-tuned: every weight (as training), low-rank adapters on frozen BF16 weights
// (LoRA, Hu et al. 2021), or adapters on 4-bit frozen weights (QLoRA, Dettmers et al. 2023).
enum class FineTuneMethod { Full, Lora, Qlora };

[[nodiscard]] QString toString(ClusterType type);
[[nodiscard]] std::optional<ClusterType> clusterTypeFromString(const QString& text);
[[nodiscard]] QString toString(WorkloadTask task);
[[nodiscard]] std::optional<WorkloadTask> workloadTaskFromString(const QString& text);
[[nodiscard]] QString toString(FineTuneMethod method);
[[nodiscard]] std::optional<FineTuneMethod> fineTuneMethodFromString(const QString& text);

// The workload a design is meant to run, as the user states it.
struct StatedWorkload {
    double parameters = 0; // model parameters, e.g. 70e9
    WorkloadTask task = WorkloadTask::Train;
    std::optional<double> tokens; // training tokens
    std::optional<double> targetDays;
    std::optional<FineTuneMethod> fineTuneMethod; // fine-tuning only; unset: LoRA
    bool operator==(const StatedWorkload&) const = default;
};

// Design intent: what the design is for and the targets rules check it against. Stored as JSON in
// design.properties()["intent"]; every field is optional there, and unknown keys are kept so a later
// version's fields survive a round trip through this one. Keys: "cluster_type" (training, inference,
// mixed, development), "bisection_target" (ratio 0..1 of full bisection), "site_power_budget_kw",
// "dataset_tb", "storage_tier" (good, better, best), "workload" {"parameters", "task", "tokens",
// "target_days", "finetune_method" (full, lora, qlora)}, "users" (number of users or teams sharing the cluster, whole number >= 1),
// "inference_share" (mixed clusters: share 0..1 of the GPUs reserved for inference serving).
struct DesignIntent {
    ClusterType clusterType = ClusterType::Unspecified;
    std::optional<double> bisectionTarget;
    std::optional<double> sitePowerBudgetKw;
    std::optional<double> datasetTb;
    std::optional<StorageTier> storageTier;
    std::optional<StatedWorkload> workload;
    std::optional<int> users; // users or teams; unset: not stated
    std::optional<double> inferenceShare; // 0..1, meaningful for mixed clusters only
    QJsonObject extra; // keys this version does not know

    // Full bisection (1.0) for training and mixed clusters, as the SuperPOD RA builds them (1:1
    // fat-tree); inference and development clusters have lower interconnect requirements (source
    // document, cluster types), so 0.5 by default (estimate). An explicit target wins.
    [[nodiscard]] double effectiveBisectionTarget() const;
    // "good" unless set: the SuperPOD RA says good suits NLP, whose datasets fit in local cache.
    [[nodiscard]] StorageTier effectiveStorageTier() const { return storageTier.value_or(StorageTier::Good); }

    [[nodiscard]] static DesignIntent fromJson(const QJsonObject& json);
    [[nodiscard]] QJsonObject toJson() const;
    // The intent stored in a design's properties (an empty intent when none is stored).
    [[nodiscard]] static DesignIntent ofProperties(const QJsonObject& properties);

    bool operator==(const DesignIntent&) const = default;
};

} // namespace pw
