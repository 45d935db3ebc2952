#pragma once

#include "catalog/catalogitem.h"
#include "generate/generatoroptions.h"
#include "model/designintent.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace pw {

class Design;

// What to size: a model, a task, and the GPU to size it on.
struct SizingRequest {
    double parameters = 0; // e.g. 70e9
    WorkloadTask task = WorkloadTask::Train;
    FineTuneMethod fineTuneMethod = FineTuneMethod::Lora; // fine-tuning only
    std::optional<double> tokens; // training tokens; default kTokensPerParameter x parameters
    std::optional<double> targetDays; // wall-clock target; default kDefaultTargetDays
    GpuSpec gpu; // memory, dense TFLOPS and NVLink bandwidth of one GPU
    QString serverSku; // the server the GPU comes in, for the generator seed
    int gpusPerServer = 0; // the server's GPU count, from the catalog (forServer)
    double mfu = 0.40; // model-FLOPs utilization
    int sequenceLength = 4096;
    // From a design, for the all-reduce estimate: network bandwidth per GPU and the fabric's
    // bisection ratio (1 = full). Without them the all-reduce time is not computed.
    std::optional<double> perGpuNetworkGBps;
    std::optional<double> bisectionRatio;
    QString bisectionSource;
    // The GPUs a design has: training time and the all-reduce are then also given on those GPUs.
    std::optional<int> designGpus;

    // Compute-optimal training uses about 20 tokens per parameter (Hoffmann et al. 2022, "Training
    // Compute-Optimal Large Language Models" (Chinchilla): a 70B model on 1.4T tokens).
    static constexpr double kTokensPerParameter = 20;
    static constexpr double kDefaultTargetDays = 30;
    static constexpr double kUsableMemoryShare = 0.95;

    // The training tokens sized for: the stated count, else kTokensPerParameter x parameters.
    [[nodiscard]] double effectiveTokens() const { return tokens.value_or(kTokensPerParameter * parameters); }
    // The GPU, server sku and GPUs per server of a catalog server (the H100 fallback without one).
    // The one place the sizing learns a server's GPU count: CLI, workload dialog and rules use it.
    [[nodiscard]] static SizingRequest forServer(const CatalogItem* server);
    // A design's main GPU server (forServer), its GPU count and compute bandwidth per GPU, and the
    // workload its intent states (parameters stay 0 when it states none).
    [[nodiscard]] static SizingRequest forDesign(const Design& design);
};

// The sizing of one workload, every term with the formula that produced it.
struct SizingResult {
    double weightsGb = 0;
    double gradientsGb = 0;
    double optimizerGb = 0;
    double activationsGb = 0;
    double kvCacheGb = 0;
    double memoryNeededGb = 0;
    QString memoryFormula;
    int gpusForMemory = 0;
    int gpusForTime = 0;
    int gpusRecommended = 0;
    std::optional<double> tokens;
    std::optional<double> trainingFlops;
    std::optional<double> trainingDays; // at gpusRecommended
    std::optional<double> trainingDaysOnDesign; // at SizingRequest::designGpus
    QString timeFormula;
    std::optional<double> allReduceSeconds; // one data-parallel gradient all-reduce (on the design's GPUs if given)
    QString allReduceFormula;
    QStringList assumptions;
    // The source document's rule of thumb for this task and model size, when it gives one
    // (gpu-clusters-source.txt, "Rules of thumb": "Training a 70B model from scratch: 64-256 GPUs
    // (weeks)"), and one sentence on why the computed figure differs from it (or that it agrees).
    QString ruleOfThumb;
    int ruleOfThumbLow = 0;
    int ruleOfThumbHigh = 0;
    QString ruleOfThumbWhy;
    QString gpuModel;
    QString serverSku;
    int gpusPerServer = 0;

    [[nodiscard]] QJsonObject toJson() const;
    // Dials for the generator: server model and node count (ceil(GPUs / GPUs per server)).
    [[nodiscard]] QJsonObject generatorSeed() const;
    // The same as generator options: the server and GPU count set, every other dial at its default.
    [[nodiscard]] GeneratorOptions generatorOptions() const;
};

// Sizes training, fine-tuning and inference with the usual arithmetic: 16 bytes per parameter for
// mixed-precision Adam training and full fine-tuning (ZeRO, Rajbhandari et al. 2020), frozen BF16
// (LoRA) or 4-bit (QLoRA) weights plus adapters for parameter-efficient fine-tuning, activations of
// 34·s·h bytes per layer per sequence with selective recomputation (Korthikanti et al. 2022),
// 6·N·D FLOPs for training and full fine-tuning (Kaplan et al. 2020) and 4·N·D for LoRA/QLoRA (no
// weight gradients for the frozen weights) at a stated model-FLOPs utilization, and ring
// all-reduce 2(n-1)/n·S/B (NCCL), with B the NVLink bandwidth inside one server and the network's
// beyond it. Defaults reproduce the source document's rules of thumb (fine-tune 7B on 1-2 H100,
// fine-tune 70B on 4-8, one H100 per 70B FP8 inference instance).
class WorkloadSizer {
public:
    [[nodiscard]] static SizingResult size(const SizingRequest& request);
    // H100 SXM5 figures, for when no catalog is at hand.
    [[nodiscard]] static GpuSpec fallbackGpu();
    // Compute-network bandwidth per GPU in the design: the connected compute ports of its GPU
    // servers, in GB/s, divided by its GPUs; nothing when it has no GPUs.
    [[nodiscard]] static std::optional<double> perGpuNetworkGBps(const Design& design);
    // The most common GPU server in the design (for sizing on its GPU), or nullptr.
    [[nodiscard]] static const CatalogItem* mainGpuServer(const Design& design);
    // A duration in the unit that shows it: "2.29 ms", "450 us", "1.25 s", "3.2 min" (an all-reduce
    // of a few milliseconds printed in seconds to two places reads "0.00 s").
    [[nodiscard]] static QString durationText(double seconds);
};

} // namespace pw
