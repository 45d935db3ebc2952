#include "validate/rulehelpers.h"

#include "model/designintent.h"
#include "sizing/workloadsizer.h"

namespace pw::rules {

void workloadRules(const Design& d, std::vector<Finding>& out)
{
    // The one sizing computation: the design's stated workload on its own GPU server (the catalog's
    // GPU count per server), as `size --design` and the workload dialog size it.
    if (!DesignIntent::ofProperties(d.properties()).workload)
        return;
    const SizingRequest rq = SizingRequest::forDesign(d);
    double memoryGb = 0;
    d.nodes().forEach([&](const Node& n) {
        if (const CatalogItem* item = d.item(n.sku); item && item->gpu)
            memoryGb += item->gpu->count * item->gpu->memoryGb;
    });
    const int gpus = rq.designGpus.value_or(0);
    const SizingResult r = WorkloadSizer::size(rq);
    const QString what = QStringLiteral("%1 of a %2B-parameter model").arg(toString(rq.task)).arg(rq.parameters / 1e9);
    if (memoryGb < r.memoryNeededGb) {
        out.push_back(make("WORKLOAD-GPU-MEMORY",
            QStringLiteral("%1 GB of GPU memory; %2 needs about %3 GB")
                .arg(fmt(memoryGb, 0), what, fmt(r.memoryNeededGb, 0)),
            {},
            QStringLiteral("Design GPU memory = %1 GPUs x %2 GB = %3 GB. Needed: %4.")
                .arg(gpus)
                .arg(rq.gpu.memoryGb)
                .arg(fmt(memoryGb, 0), r.memoryFormula)));
    } else if (gpus < r.gpusRecommended) {
        out.push_back(make("WORKLOAD-GPU-COUNT",
            QStringLiteral("%1 GPUs; %2 calls for %3").arg(gpus).arg(what).arg(r.gpusRecommended), {},
            QStringLiteral("%1%2").arg(r.timeFormula.isEmpty() ? r.memoryFormula : r.timeFormula,
                r.trainingDaysOnDesign
                    ? QStringLiteral(". On this design's %1 GPUs: %2 days.").arg(gpus).arg(fmt(*r.trainingDaysOnDesign))
                    : QString())));
    }
}

} // namespace pw::rules
