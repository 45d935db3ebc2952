#include "validate/tierrules.h"

#include "util/money.h"
#include "validate/rulehelpers.h"

namespace pw {

namespace {

QString usd(double v)
{
    return Money::usd().rounded(v);
}

QString gpuRange(const Tier& t)
{
    return t.maxGpus ? QStringLiteral("%1-%2").arg(t.minGpus).arg(*t.maxGpus) : QStringLiteral("%1+").arg(t.minGpus);
}

QString costRange(const Tier& t)
{
    return t.typicalCostMax ? QStringLiteral("%1-%2").arg(usd(t.typicalCostMin), usd(*t.typicalCostMax))
                            : QStringLiteral("%1+").arg(usd(t.typicalCostMin));
}

} // namespace

std::vector<Finding> checkTier(const TierInputs& in)
{
    std::vector<Finding> out;
    if (in.gpus == 0)
        return out;
    const Tier& t = TierTable::classify(in.gpus, in.clusterType);
    const QString placed = in.clusterType == ClusterType::Inference
        ? QStringLiteral("the design's intent is an inference cluster")
        : in.clusterType == ClusterType::Development
        ? QStringLiteral("the design's intent is a development cluster")
        : QStringLiteral(
            "by GPU count (up to 32 development, up to 256 mid-scale, up to 4,096 large-scale, above hyperscale)");
    if (in.gpus < t.minGpus || (t.maxGpus && in.gpus > *t.maxGpus)) {
        out.push_back(rules::make("TIER-GPUS",
            QStringLiteral("%1 GPUs is outside the %2 range of %3 GPUs").arg(in.gpus).arg(t.name, gpuRange(t)), {},
            QStringLiteral("The design is placed in the %1 row (%2). The source document's tier table gives %3 GPUs "
                           "for it; this design has %4.")
                .arg(t.name, placed, gpuRange(t))
                .arg(in.gpus)));
    }
    // The source document names the training clusters' interconnect "InfiniBand or RoCEv2" (GPU
    // Cluster Types, Training Cluster): its tier table writes IB generations, but an Ethernet
    // (RoCE, e.g. Spectrum-X) compute fabric at the tier's link speed meets the same need. So the
    // rule judges the link speed; the fabric's technology only names what was found.
    if (in.computeLinkGbps > 0 && in.computeLinkGbps < t.minLinkGbps) {
        const QString fabric = in.infiniBand ? QStringLiteral("InfiniBand") : QStringLiteral("Ethernet (RoCE)");
        out.push_back(rules::make("TIER-INTERCONNECT",
            QStringLiteral("%1 compute fabric at %2 Gb/s is below the %3 tier's %4")
                .arg(fabric)
                .arg(in.computeLinkGbps)
                .arg(t.name, t.interconnect),
            {},
            QStringLiteral("Tier %1 expects %2: at least %3 Gb/s per link%4. The slowest compute link of a GPU server "
                           "runs at %5 Gb/s, on %6.")
                .arg(t.name, t.interconnect)
                .arg(t.minLinkGbps)
                .arg(t.expectsInfiniBand
                        ? QStringLiteral(", on InfiniBand or an RDMA Ethernet fabric (RoCEv2) of the same speed (the "
                                         "source document: training needs \"InfiniBand or RoCEv2\")")
                        : QString())
                .arg(in.computeLinkGbps)
                .arg(in.infiniBand ? QStringLiteral("InfiniBand") : QStringLiteral("an Ethernet fabric"))));
    }
    if (t.expectsParallelFs && !in.parallelFs) {
        out.push_back(rules::make("TIER-STORAGE",
            QStringLiteral("no parallel file system; the %1 tier expects %2").arg(t.name, t.storage), {},
            QStringLiteral("Tier %1 stores data on %2. This design has %3. The source document: NFS is insufficient "
                           "for high-throughput training I/O.")
                .arg(t.name, t.storage)
                .arg(in.anyStorage ? QStringLiteral("only NFS or object storage")
                                   : QStringLiteral("no storage system"))));
    }
    if (in.capex.high > 0 && !TierTable::withinTypicalCost(t, in.capex)) {
        const QString band = in.capex.isPoint() ? usd(in.capex.mid)
                                                : QStringLiteral("%1-%2").arg(usd(in.capex.low), usd(in.capex.high));
        out.push_back(rules::make("TIER-COST",
            QStringLiteral("capital cost %1 is outside the %2 typical %3").arg(band, t.name, costRange(t)), {},
            QStringLiteral("All-in cost = %1 (mid %2): the bill of materials with every line at the low and high "
                           "end of its price band, plus the support bought with it (CostModel::allInBand). The tier "
                           "table's typical cost for %3 is %4; the band does not reach it.")
                .arg(band, usd(in.capex.mid), t.name, costRange(t))));
    }
    return out;
}

} // namespace pw
