#include "validate/rulehelpers.h"

#include "model/designintent.h"
#include "sizing/workloadsizer.h"

namespace pw::rules {

void workloadRules(const Design& d, std::vector<Finding>& out)
{
    const DesignIntent intent = DesignIntent::ofProperties(d.properties());
    if (!intent.workload)
        return;
    const CatalogItem* server = WorkloadSizer::mainGpuServer(d);
    double memoryGb = 0;
    int gpus = 0;
    d.nodes().forEach([&](const Node& n) {
        if (const CatalogItem* item = d.item(n.sku); item && item->gpu) {
            gpus += item->gpu->count;
            memoryGb += item->gpu->count * item->gpu->memoryGb;
        }
    });
    SizingRequest rq;
    rq.parameters = intent.workload->parameters;
    rq.task = intent.workload->task;
    rq.tokens = intent.workload->tokens;
    rq.targetDays = intent.workload->targetDays;
    rq.gpu = server ? *server->gpu : WorkloadSizer::fallbackGpu();
    rq.gpusPerServer = server ? server->gpu->count : 8;
    const SizingResult r = WorkloadSizer::size(rq);
    const QString what = QStringLiteral("%1 of a %2B-parameter model").arg(toString(rq.task)).arg(rq.parameters / 1e9);
    if (memoryGb < r.memoryNeededGb) {
        out.push_back(make("WORKLOAD-GPU-MEMORY", Severity::Error,
            QStringLiteral("%1 GB of GPU memory; %2 needs about %3 GB")
                .arg(fmt(memoryGb, 0), what, fmt(r.memoryNeededGb, 0)),
            {},
            QStringLiteral("Design GPU memory = %1 GPUs x %2 GB = %3 GB. Needed: %4.")
                .arg(gpus)
                .arg(rq.gpu.memoryGb)
                .arg(fmt(memoryGb, 0), r.memoryFormula)));
    } else if (gpus < r.gpusRecommended) {
        out.push_back(make("WORKLOAD-GPU-COUNT", Severity::Warning,
            QStringLiteral("%1 GPUs; %2 calls for %3").arg(gpus).arg(what).arg(r.gpusRecommended), {},
            QStringLiteral("%1%2").arg(r.timeFormula.isEmpty() ? r.memoryFormula : r.timeFormula,
                r.trainingFlops ? QStringLiteral(". On this design's %1 GPUs: %2 days.")
                                      .arg(gpus)
                                      .arg(fmt(*r.trainingFlops / (rq.gpu.bf16Tflops * 1e12 * rq.mfu * gpus * 86400.0)))
                                : QString())));
    }
}

} // namespace pw::rules
