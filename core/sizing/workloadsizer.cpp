#include "sizing/workloadsizer.h"

#include "model/design.h"

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

} // namespace

GpuSpec WorkloadSizer::fallbackGpu()
{
    GpuSpec g;
    g.model = QStringLiteral("H100 SXM5");
    g.count = 8;
    g.memoryGb = 80;
    g.bf16Tflops = 989;
    g.fp8Tflops = 1979;
    g.tdpW = 700;
    g.source = QStringLiteral("[S10] dense BF16/FP8 TFLOPS; [S12a] 80 GB");
    return g;
}

SizingResult WorkloadSizer::size(const SizingRequest& rq)
{
    SizingResult r;
    r.gpuModel = rq.gpu.model;
    r.serverSku = rq.serverSku;
    r.gpusPerServer = std::max(1, rq.gpusPerServer);
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
        r.weightsGb = 2 * n / kGB;
        r.gradientsGb = 2 * kAdapterShare * n / kGB;
        r.optimizerGb = 12 * kAdapterShare * n / kGB;
        r.activationsGb = activations / kGB;
        r.memoryFormula
            = QStringLiteral("frozen weights 2·N = %1 GB (BF16) + adapter gradients and optimizer 14·(%2·N) = %3 GB "
                             "(LoRA-style, %2 of parameters trained) + %4")
                  .arg(num(r.weightsGb))
                  .arg(kAdapterShare)
                  .arg(num(r.gradientsGb + r.optimizerGb))
                  .arg(actFormula);
        r.assumptions << QStringLiteral(
            "fine-tuning is parameter-efficient (LoRA-style adapters on %1 of the parameters); "
            "full fine-tuning needs the training figure")
                             .arg(kAdapterShare);
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
    if (timed && perGpuFlops > 0) {
        const double tokens = rq.tokens.value_or(SizingRequest::kDefaultTokens);
        const double days = rq.targetDays.value_or(SizingRequest::kDefaultTargetDays);
        if (!rq.tokens)
            r.assumptions << QStringLiteral("tokens: %1 (default, the GPT-3 budget; pass --tokens)").arg(sci(tokens));
        if (!rq.targetDays)
            r.assumptions << QStringLiteral("target: %1 days (default; pass --days)").arg(days);
        r.tokens = tokens;
        r.trainingFlops = 6.0 * n * tokens;
        r.gpusForTime = static_cast<int>(std::ceil(*r.trainingFlops / (perGpuFlops * days * 86400.0)));
        r.gpusRecommended = roundGpus(std::max(r.gpusForMemory, r.gpusForTime), r.gpusPerServer);
        r.trainingDays = *r.trainingFlops / (perGpuFlops * r.gpusRecommended * 86400.0);
        r.timeFormula = QStringLiteral("FLOPs = 6·N·D = 6 × %1 × %2 = %3; per GPU %4 TFLOPS × MFU %5 = %6 FLOP/s; "
                                       "GPUs for %7 days = ceil(%3 / (%6 × %7 × 86400)) = %8; on %9 GPUs: %10 days")
                            .arg(sci(n), sci(tokens), sci(*r.trainingFlops))
                            .arg(rq.gpu.bf16Tflops)
                            .arg(rq.mfu)
                            .arg(sci(perGpuFlops))
                            .arg(days)
                            .arg(r.gpusForTime)
                            .arg(r.gpusRecommended)
                            .arg(num(*r.trainingDays));
        r.assumptions << QStringLiteral("model-FLOPs utilization %1 (estimate; PaLM reported 46%)").arg(rq.mfu);
        if (rq.designGpus && *rq.designGpus > 0)
            r.trainingDaysOnDesign = *r.trainingFlops / (perGpuFlops * *rq.designGpus * 86400.0);
    } else {
        r.gpusRecommended = roundGpus(r.gpusForMemory, r.gpusPerServer);
    }

    const int ranksForAllReduce = rq.designGpus.value_or(r.gpusRecommended);
    if (rq.perGpuNetworkGBps && *rq.perGpuNetworkGBps > 0 && rq.task != WorkloadTask::Inference
        && ranksForAllReduce > 1) {
        const double ranks = ranksForAllReduce;
        const double bytes = 2.0 * n; // BF16 gradients
        const double ratio = std::clamp(rq.bisectionRatio.value_or(1.0), 0.0, 1.0);
        const double bw = *rq.perGpuNetworkGBps * (ratio > 0 ? ratio : 1.0);
        r.allReduceSeconds = 2.0 * (ranks - 1) / ranks * bytes / (bw * kGB);
        r.allReduceFormula
            = QStringLiteral("ring all-reduce 2(n-1)/n·S/B with n = %1 GPUs, S = 2·N = %2 GB of BF16 gradients, "
                             "B = %3 GB/s per GPU × bisection %4 (%5) = %6 GB/s: %7 s per step (an upper bound: "
                             "with tensor or pipeline parallelism each rank reduces only its shard)")
                  .arg(ranksForAllReduce)
                  .arg(num(bytes / kGB))
                  .arg(num(*rq.perGpuNetworkGBps))
                  .arg(ratio)
                  .arg(rq.bisectionSource.isEmpty() ? QStringLiteral("assumed full") : rq.bisectionSource)
                  .arg(num(bw))
                  .arg(num(*r.allReduceSeconds, 2));
    }
    return r;
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
    if (allReduceSeconds) {
        o.insert(QStringLiteral("allreduce_seconds"), *allReduceSeconds);
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
