#include "sizing/workloadsizer.h"

#include "model/design.h"
#include "model/useroption.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <map>

namespace pw {

namespace {

constexpr double kGB = 1e9;
// hidden size = kAspect x layers, as Llama 2 7B (4096 / 32); with N ≈ 12·L·h² this gives L and h from N.
constexpr double kAspect = 128;
// LoRA-style fine-tuning trains about 0.5% of the parameters (estimate for rank-16 adapters on
// attention and MLP projections).
constexpr double kAdapterShare = 0.005;

int nextPowerOfTwo(int n)
{
    int p = 1;
    while (p < n)
        p *= 2;
    return p;
}

// Within one server, tensor-parallel degrees are powers of two; beyond it, whole servers.
int roundGpus(int n, int perServer)
{
    n = std::max(n, 1);
    if (n <= perServer)
        return std::min(nextPowerOfTwo(n), perServer);
    return (n + perServer - 1) / perServer * perServer;
}

QString num(double v, int precision = 1)
{
    return QString::number(v, 'f', precision);
}
QString sci(double v)
{
    return QString::number(v, 'g', 4);
}

// The source document's rules of thumb (gpu-clusters-source.txt, "How many GPUs do I need?": "Rules
// of thumb: Fine-tuning a 7B model: 1-2 GPUs (H100 80GB). Fine-tuning a 70B model: 4-8 GPUs. Training
// a 7B model from scratch: 8-32 GPUs (days to weeks). Training a 70B model from scratch: 64-256 GPUs
// (weeks). Training a 405B model: 512-2,048 GPUs (weeks to months). For inference: 1 GPU per 70B model
// instance (FP8)").
struct Rule {
    WorkloadTask task;
    double parameters;
    int low;
    int high;
    const char* text;
};
constexpr Rule kRules[] = {
    {WorkloadTask::FineTune, 7e9, 1, 2, "fine-tuning a 7B model: 1-2 GPUs (H100 80GB)"},
    {WorkloadTask::FineTune, 70e9, 4, 8, "fine-tuning a 70B model: 4-8 GPUs"},
    {WorkloadTask::Train, 7e9, 8, 32, "training a 7B model from scratch: 8-32 GPUs (days to weeks)"},
    {WorkloadTask::Train, 70e9, 64, 256, "training a 70B model from scratch: 64-256 GPUs (weeks)"},
    {WorkloadTask::Train, 405e9, 512, 2048, "training a 405B model: 512-2,048 GPUs (weeks to months)"},
    {WorkloadTask::Inference, 70e9, 1, 1, "inference: 1 GPU per 70B model instance (FP8)"},
};

// The rule for a model within a factor of 2 of the rule's size (a 65B or 80B model reads the 70B rule).
const Rule* ruleFor(WorkloadTask task, double parameters)
{
    const Rule* best = nullptr;
    double bestDistance = std::log(2.0) + 1e-9;
    for (const Rule& rule : kRules) {
        const double distance = std::abs(std::log(parameters / rule.parameters));
        if (rule.task == task && distance <= bestDistance) {
            best = &rule;
            bestDistance = distance;
        }
    }
    return best;
}

} // namespace

QString WorkloadSizer::durationText(double seconds)
{
    const double s = std::abs(seconds);
    if (s == 0)
        return QStringLiteral("0 s");
    if (s < 1e-3)
        return QStringLiteral("%1 us").arg(QString::number(seconds * 1e6, 'f', s < 1e-5 ? 2 : 1));
    if (s < 1)
        return QStringLiteral("%1 ms").arg(QString::number(seconds * 1e3, 'f', s < 1e-2 ? 2 : 1));
    if (s < 120)
        return QStringLiteral("%1 s").arg(QString::number(seconds, 'f', 2));
    if (s < 7200)
        return QStringLiteral("%1 min").arg(QString::number(seconds / 60, 'f', 1));
    return QStringLiteral("%1 h").arg(QString::number(seconds / 3600, 'f', 1));
}

GpuSpec WorkloadSizer::fallbackGpu()
{
    GpuSpec g;
    g.model = QStringLiteral("H100 SXM5");
    g.count = 8;
    g.memoryGb = 80;
    g.bf16Tflops = 989;
    g.fp8Tflops = 1979;
    g.tdpW = 700;
    g.nvlinkGBps = 900;
    g.source = QStringLiteral("[S10] dense BF16/FP8 TFLOPS; [S12a] 80 GB; [S11] NVLink 4, 900 GB/s per GPU");
    return g;
}

SizingResult WorkloadSizer::size(const SizingRequest& rq)
{
    SizingResult r;
    r.gpuModel = rq.gpu.model;
    r.serverSku = rq.serverSku;
    r.gpusPerServer = std::max(1, rq.gpusPerServer > 0 ? rq.gpusPerServer : rq.gpu.count);
    const double n = rq.parameters;
    const double layers = std::cbrt(n / (12.0 * kAspect * kAspect));
    const double hidden = kAspect * layers;
    const double s = rq.sequenceLength;
    r.assumptions << QStringLiteral("shape: N ≈ 12·L·h² with h = %1·L (as Llama 2 7B) gives L ≈ %2 layers, h ≈ %3")
                         .arg(kAspect)
                         .arg(num(layers))
                         .arg(num(hidden, 0));
    // Korthikanti et al. 2022, selective recomputation: 34·s·b·h bytes per layer, micro-batch b = 1.
    const double activations = 34.0 * s * hidden * layers;
    const QString actFormula = QStringLiteral("activations 34·s·h·L = 34 × %1 × %2 × %3 = %4 GB")
                                   .arg(s)
                                   .arg(num(hidden, 0))
                                   .arg(num(layers))
                                   .arg(num(activations / kGB));

    switch (rq.task) {
    case WorkloadTask::Train:
        r.weightsGb = 2 * n / kGB;
        r.gradientsGb = 2 * n / kGB;
        r.optimizerGb = 12 * n / kGB;
        r.activationsGb = activations / kGB;
        r.memoryFormula = QStringLiteral("weights 2·N = %1 GB (BF16) + gradients 2·N = %2 GB + optimizer 12·N = %3 GB "
                                         "(FP32 master copy and two Adam moments) + %4")
                              .arg(num(r.weightsGb), num(r.gradientsGb), num(r.optimizerGb), actFormula);
        break;
    case WorkloadTask::FineTune:
        if (rq.fineTuneMethod == FineTuneMethod::Full) {
            // Every weight trained: the same 16 bytes per parameter as training.
            r.weightsGb = 2 * n / kGB;
            r.gradientsGb = 2 * n / kGB;
            r.optimizerGb = 12 * n / kGB;
            r.activationsGb = activations / kGB;
            r.memoryFormula
                = QStringLiteral("full fine-tuning: weights 2·N = %1 GB (BF16) + gradients 2·N = %2 GB + optimizer "
                                 "12·N = %3 GB (FP32 master copy and two Adam moments) + %4")
                      .arg(num(r.weightsGb), num(r.gradientsGb), num(r.optimizerGb), actFormula);
            r.assumptions << QStringLiteral("fine-tuning: full (every weight trained, as training)");
        } else {
            // Frozen weights in BF16 (LoRA, Hu et al. 2021) or 4-bit NF4 (QLoRA, Dettmers et al. 2023).
            const bool qlora = rq.fineTuneMethod == FineTuneMethod::Qlora;
            const double bytes = qlora ? 0.5 : 2.0;
            r.weightsGb = bytes * n / kGB;
            r.gradientsGb = 2 * kAdapterShare * n / kGB;
            r.optimizerGb = 12 * kAdapterShare * n / kGB;
            r.activationsGb = activations / kGB;
            r.memoryFormula = QStringLiteral("%1: frozen weights %2·N = %3 GB (%4) + adapter gradients and optimizer "
                                             "14·(%5·N) = %6 GB (%5 of parameters trained) + %7")
                                  .arg(toString(rq.fineTuneMethod))
                                  .arg(bytes)
                                  .arg(num(r.weightsGb))
                                  .arg(qlora ? QStringLiteral("4-bit") : QStringLiteral("BF16"))
                                  .arg(kAdapterShare)
                                  .arg(num(r.gradientsGb + r.optimizerGb))
                                  .arg(actFormula);
            r.assumptions << QStringLiteral("fine-tuning: %1 (adapters on %2 of the parameters; set the %3 to "
                                            "full for every weight)")
                                 .arg(toString(rq.fineTuneMethod))
                                 .arg(kAdapterShare)
                                 .arg(UserOptions::mention(UserOption::FineTuneMethod));
        }
        break;
    case WorkloadTask::Inference: {
        const bool fp8 = rq.gpu.fp8Tflops > 0;
        const double bytes = fp8 ? 1.0 : 2.0;
        r.weightsGb = bytes * n / kGB;
        // Grouped-query attention with 8x fewer KV heads than query heads (as Llama 2/3 70B).
        r.kvCacheGb = 2.0 * layers * (hidden / 8.0) * bytes * s / kGB;
        r.memoryFormula
            = QStringLiteral("weights %1·N = %2 GB (%3) + KV cache 2·L·(h/8)·%1·s = %4 GB for one %5-token sequence")
                  .arg(bytes)
                  .arg(num(r.weightsGb))
                  .arg(fp8 ? QStringLiteral("FP8") : QStringLiteral("BF16, the GPU has no FP8"))
                  .arg(num(r.kvCacheGb, 2))
                  .arg(s);
        r.assumptions << QStringLiteral("one model instance; scale instances horizontally for throughput");
        break;
    }
    }
    r.memoryNeededGb = r.weightsGb + r.gradientsGb + r.optimizerGb + r.activationsGb + r.kvCacheGb;
    const double usable = rq.gpu.memoryGb * SizingRequest::kUsableMemoryShare;
    r.gpusForMemory = usable > 0 ? static_cast<int>(std::ceil(r.memoryNeededGb / usable)) : 0;
    r.memoryFormula += QStringLiteral(" = %1 GB; GPUs for memory = ceil(%1 / (%2 GB × %3 usable)) = %4")
                           .arg(num(r.memoryNeededGb))
                           .arg(rq.gpu.memoryGb)
                           .arg(SizingRequest::kUsableMemoryShare)
                           .arg(r.gpusForMemory);

    const double perGpuFlops = rq.gpu.bf16Tflops * 1e12 * rq.mfu;
    const bool timed = rq.task == WorkloadTask::Train || (rq.task == WorkloadTask::FineTune && rq.tokens);
    // Forward 2·N and backward 4·N FLOPs per token; with frozen weights (LoRA, QLoRA) the backward
    // pass computes only activation gradients (2·N), so 4·N·D.
    const bool frozen = rq.task == WorkloadTask::FineTune && rq.fineTuneMethod != FineTuneMethod::Full;
    const double flopsPerParamToken = frozen ? 4.0 : 6.0;
    if (timed && perGpuFlops > 0) {
        const double tokens = rq.effectiveTokens();
        const double days = rq.targetDays.value_or(SizingRequest::kDefaultTargetDays);
        if (!rq.tokens)
            r.assumptions << QStringLiteral("tokens: %1 = %2 per parameter (default: compute-optimal, Hoffmann et "
                                            "al. 2022, Chinchilla; give the %3)")
                                 .arg(sci(tokens))
                                 .arg(SizingRequest::kTokensPerParameter)
                                 .arg(UserOptions::mention(UserOption::TrainingTokens));
        if (!rq.targetDays)
            r.assumptions << QStringLiteral("target: %1 days (default; give the %2)")
                                 .arg(days)
                                 .arg(UserOptions::mention(UserOption::TrainingDays));
        r.tokens = tokens;
        r.trainingFlops = flopsPerParamToken * n * tokens;
        r.gpusForTime = static_cast<int>(std::ceil(*r.trainingFlops / (perGpuFlops * days * 86400.0)));
        r.gpusRecommended = roundGpus(std::max(r.gpusForMemory, r.gpusForTime), r.gpusPerServer);
        r.trainingDays = *r.trainingFlops / (perGpuFlops * r.gpusRecommended * 86400.0);
        r.timeFormula = QStringLiteral("FLOPs = %11·N·D = %11 × %1 × %2 = %3%12; per GPU %4 TFLOPS × MFU %5 = %6 "
                                       "FLOP/s; GPUs for %7 days = ceil(%3 / (%6 × %7 × 86400)) = %8; on %9 GPUs: "
                                       "%10 days")
                            .arg(sci(n), sci(tokens), sci(*r.trainingFlops))
                            .arg(rq.gpu.bf16Tflops)
                            .arg(rq.mfu)
                            .arg(sci(perGpuFlops))
                            .arg(days)
                            .arg(r.gpusForTime)
                            .arg(r.gpusRecommended)
                            .arg(num(*r.trainingDays))
                            .arg(flopsPerParamToken)
                            .arg(frozen ? QStringLiteral(" (frozen weights: no weight gradients)") : QString());
        r.assumptions << QStringLiteral("model-FLOPs utilization %1 (estimate; PaLM reported 46%)").arg(rq.mfu);
        if (rq.designGpus && *rq.designGpus > 0)
            r.trainingDaysOnDesign = *r.trainingFlops / (perGpuFlops * *rq.designGpus * 86400.0);
    } else {
        r.gpusRecommended = roundGpus(r.gpusForMemory, r.gpusPerServer);
    }

    // Ring all-reduce of the BF16 gradients (of the adapters only, for LoRA/QLoRA). Inside one server
    // the ring runs over NVLink (one direction of the GPU's bidirectional NVLink figure); across
    // servers each GPU's share crosses the network, at most its NVLink rate.
    const int ranksForAllReduce = rq.designGpus.value_or(r.gpusRecommended);
    const double nvlinkGBps = rq.gpu.nvlinkGBps / 2.0;
    const bool inOneServer = ranksForAllReduce <= r.gpusPerServer;
    const bool network = rq.perGpuNetworkGBps && *rq.perGpuNetworkGBps > 0;
    if (rq.task != WorkloadTask::Inference && ranksForAllReduce > 1 && ((inOneServer && nvlinkGBps > 0) || network)) {
        const double ranks = ranksForAllReduce;
        const double bytes = 2.0 * n * (frozen ? kAdapterShare : 1.0);
        QString path;
        double bw = 0;
        if (inOneServer && nvlinkGBps > 0) {
            bw = nvlinkGBps;
            path = QStringLiteral("B = NVLink %1 GB/s per GPU per direction (%2 GB/s bidirectional; all %3 GPUs in one "
                                  "server)")
                       .arg(num(nvlinkGBps))
                       .arg(num(rq.gpu.nvlinkGBps))
                       .arg(ranksForAllReduce);
        } else {
            const double ratio = std::clamp(rq.bisectionRatio.value_or(1.0), 0.0, 1.0);
            bw = *rq.perGpuNetworkGBps * (ratio > 0 ? ratio : 1.0);
            if (nvlinkGBps > 0)
                bw = std::min(bw, nvlinkGBps);
            path = QStringLiteral("B = %1 GB/s per GPU × bisection %2 (%3) = %4 GB/s across servers")
                       .arg(num(*rq.perGpuNetworkGBps))
                       .arg(ratio)
                       .arg(rq.bisectionSource.isEmpty() ? QStringLiteral("assumed full") : rq.bisectionSource)
                       .arg(num(bw));
        }
        r.allReduceSeconds = 2.0 * (ranks - 1) / ranks * bytes / (bw * kGB);
        r.allReduceFormula = QStringLiteral("ring all-reduce 2(n-1)/n·S/B with n = %1 GPUs, S = %2 GB of BF16 "
                                            "gradients, %3: %4 s per step (an upper bound: with tensor or pipeline "
                                            "parallelism each rank reduces only its shard)")
                                 .arg(ranksForAllReduce)
                                 .arg(num(bytes / kGB, frozen ? 2 : 1))
                                 .arg(path)
                                 .arg(WorkloadSizer::durationText(*r.allReduceSeconds));
    }

    // The source document's rule of thumb beside the computed figure, and why they differ.
    if (const Rule* rule = ruleFor(rq.task, n)) {
        r.ruleOfThumb = QString::fromLatin1(rule->text);
        r.ruleOfThumbLow = rule->low;
        r.ruleOfThumbHigh = rule->high;
        const int gpus = r.gpusRecommended;
        if (gpus >= rule->low && gpus <= rule->high) {
            r.ruleOfThumbWhy = gpus == 1
                ? QStringLiteral("The computed 1 GPU lies within the rule of thumb.")
                : QStringLiteral("The computed %1 GPUs lie within the rule of thumb.").arg(gpus);
        } else if (r.trainingFlops && r.gpusForTime >= r.gpusForMemory && perGpuFlops > 0) {
            // The time target sets the count: say how long the same run takes at the rule's end.
            const int at = gpus > rule->high ? rule->high : rule->low;
            const double days = *r.trainingFlops / (perGpuFlops * at * 86400.0);
            r.ruleOfThumbWhy
                = QStringLiteral("The computed %1 GPUs finish %2 tokens in the %3-day target at MFU %4, while on the "
                                 "rule's %5 GPUs the same run takes %6 days: the rule states no token count or "
                                 "deadline, so it implies %7.")
                      .arg(gpus)
                      .arg(sci(rq.effectiveTokens()))
                      .arg(rq.targetDays.value_or(SizingRequest::kDefaultTargetDays))
                      .arg(rq.mfu)
                      .arg(at)
                      .arg(num(days))
                      .arg(gpus > rule->high ? QStringLiteral("fewer tokens or a longer run")
                                             : QStringLiteral("more tokens or a shorter run"));
        } else {
            r.ruleOfThumbWhy
                = QStringLiteral("The computed %1 GPUs are what %2 GB of memory needs on %3 GB GPUs "
                                 "(weights, gradients, optimizer state and activations for a %4-token "
                                 "sequence); the rule of thumb counts %5.")
                      .arg(gpus)
                      .arg(num(r.memoryNeededGb))
                      .arg(rq.gpu.memoryGb)
                      .arg(s)
                      .arg(gpus > rule->high ? QStringLiteral("less memory per GPU than this sizing does")
                                             : QStringLiteral("more memory per GPU than this sizing does"));
        }
    }
    return r;
}

SizingRequest SizingRequest::forServer(const CatalogItem* server)
{
    SizingRequest rq;
    if (server && server->gpu && server->gpu->count > 0) {
        rq.gpu = *server->gpu;
        rq.serverSku = server->sku;
        rq.gpusPerServer = server->gpu->count;
    } else {
        rq.gpu = WorkloadSizer::fallbackGpu();
        rq.gpusPerServer = rq.gpu.count;
    }
    return rq;
}

SizingRequest SizingRequest::forDesign(const Design& design)
{
    SizingRequest rq = forServer(WorkloadSizer::mainGpuServer(design));
    if (const DesignIntent intent = DesignIntent::ofProperties(design.properties()); intent.workload) {
        rq.parameters = intent.workload->parameters;
        rq.task = intent.workload->task;
        rq.fineTuneMethod = intent.workload->fineTuneMethod.value_or(FineTuneMethod::Lora);
        rq.tokens = intent.workload->tokens;
        rq.targetDays = intent.workload->targetDays;
    }
    rq.perGpuNetworkGBps = WorkloadSizer::perGpuNetworkGBps(design);
    int gpus = 0;
    design.nodes().forEach([&](const Node& n) {
        if (const CatalogItem* item = design.item(n.sku))
            gpus += item->gpuCount();
    });
    if (gpus > 0)
        rq.designGpus = gpus;
    return rq;
}

std::optional<double> WorkloadSizer::perGpuNetworkGBps(const Design& design)
{
    double gbps = 0;
    int gpus = 0;
    design.nodes().forEach([&](const Node& node) {
        const CatalogItem* item = design.item(node.sku);
        if (!item || item->gpuCount() == 0)
            return;
        gpus += item->gpuCount();
        for (LinkId id : design.linksOf(node.id)) {
            const Link* l = design.link(id);
            const PortRef mine = l->a.node == node.id ? l->a : l->b;
            const PortGroup* g = design.portGroup(mine);
            if (g && g->role == PortRole::Compute)
                gbps += design.linkSpeedGbps(*l);
        }
    });
    if (gpus == 0)
        return std::nullopt;
    return gbps / 8.0 / gpus;
}

const CatalogItem* WorkloadSizer::mainGpuServer(const Design& design)
{
    std::map<QString, int> count;
    design.nodes().forEach([&](const Node& node) {
        const CatalogItem* item = design.item(node.sku);
        if (item && item->gpuCount() > 0)
            count[node.sku] += item->gpuCount();
    });
    const auto best = std::max_element(
        count.begin(), count.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
    return best == count.end() ? nullptr : design.item(best->first);
}

QJsonObject SizingResult::toJson() const
{
    QJsonObject memory{
        {QStringLiteral("weights_gb"), weightsGb},
        {QStringLiteral("gradients_gb"), gradientsGb},
        {QStringLiteral("optimizer_gb"), optimizerGb},
        {QStringLiteral("activations_gb"), activationsGb},
        {QStringLiteral("kv_cache_gb"), kvCacheGb},
        {QStringLiteral("formula"), memoryFormula},
    };
    QJsonObject o{
        {QStringLiteral("gpu"), gpuModel},
        {QStringLiteral("gpu_memory_needed_gb"), memoryNeededGb},
        {QStringLiteral("memory"), memory},
        {QStringLiteral("gpus_for_memory"), gpusForMemory},
        {QStringLiteral("gpus_recommended"), gpusRecommended},
        {QStringLiteral("assumptions"), QJsonArray::fromStringList(assumptions)},
        {QStringLiteral("generator_seed"), generatorSeed()},
    };
    if (trainingDays) {
        o.insert(QStringLiteral("training_days"), *trainingDays);
        o.insert(QStringLiteral("training_flops"), *trainingFlops);
        o.insert(QStringLiteral("tokens"), *tokens);
        o.insert(QStringLiteral("gpus_for_time"), gpusForTime);
        o.insert(QStringLiteral("time_formula"), timeFormula);
    }
    if (trainingDaysOnDesign)
        o.insert(QStringLiteral("training_days_on_design"), *trainingDaysOnDesign);
    if (!ruleOfThumb.isEmpty())
        o.insert(QStringLiteral("rule_of_thumb"),
            QJsonObject{{QStringLiteral("text"), ruleOfThumb}, {QStringLiteral("gpus_low"), ruleOfThumbLow},
                {QStringLiteral("gpus_high"), ruleOfThumbHigh}, {QStringLiteral("why_different"), ruleOfThumbWhy},
                {QStringLiteral("source"), QStringLiteral("gpu-clusters-source.txt, rules of thumb")}});
    if (allReduceSeconds) {
        o.insert(QStringLiteral("allreduce_seconds"), *allReduceSeconds);
        o.insert(QStringLiteral("allreduce_text"), WorkloadSizer::durationText(*allReduceSeconds));
        o.insert(QStringLiteral("allreduce_formula"), allReduceFormula);
    }
    return o;
}

QJsonObject SizingResult::generatorSeed() const
{
    const int nodes = (gpusRecommended + gpusPerServer - 1) / gpusPerServer;
    QJsonObject o{{QStringLiteral("gpus"), gpusRecommended}, {QStringLiteral("nodes"), nodes}};
    if (!serverSku.isEmpty())
        o.insert(QStringLiteral("server"), serverSku);
    return o;
}

GeneratorOptions SizingResult::generatorOptions() const
{
    GeneratorOptions o;
    o.serverSku = serverSku;
    o.gpus = gpusRecommended;
    return o;
}

} // namespace pw
