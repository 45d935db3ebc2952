#include "cost/tiertable.h"

#include "model/design.h"

#include <cassert>
#include <limits>

namespace pw {

namespace {

QString usd(double v)
{
    if (v >= 1e6)
        return QStringLiteral("$%1M").arg(QString::number(v / 1e6, 'g', 4));
    if (v >= 1e3)
        return QStringLiteral("$%1K").arg(QString::number(v / 1e3, 'g', 4));
    return QStringLiteral("$%1").arg(v);
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

const std::vector<Tier>& TierTable::rows()
{
    static const std::vector<Tier> kRows{
        {QStringLiteral("development"), QStringLiteral("Development cluster"), 8, 32, 500e3, 3e6,
            QStringLiteral("Experimentation, fine-tuning"), QStringLiteral("100GbE or IB HDR"),
            QStringLiteral("NFS or Lustre"), 100, false, false},
        {QStringLiteral("mid-scale"), QStringLiteral("Mid-scale training cluster"), 64, 256, 5e6, 25e6,
            QStringLiteral("Model training (7B-70B)"), QStringLiteral("IB HDR or NDR"),
            QStringLiteral("Lustre or GPFS"), 200, true, true},
        {QStringLiteral("large-scale"), QStringLiteral("Large-scale training cluster"), 512, 4096, 50e6, 300e6,
            QStringLiteral("Large model training (70B-405B)"), QStringLiteral("IB NDR fat-tree"),
            QStringLiteral("Parallel FS (Lustre/GPFS)"), 400, true, true},
        {QStringLiteral("hyperscale"), QStringLiteral("Hyperscale AI cluster"), 4096, std::nullopt, 500e6, std::nullopt,
            QStringLiteral("Frontier model training"), QStringLiteral("IB NDR/XDR or custom"),
            QStringLiteral("Distributed object + parallel FS"), 400, false, true},
        {QStringLiteral("inference"), QStringLiteral("Inference cluster"), 8, 512, 1e6, 50e6,
            QStringLiteral("Production inference serving"), QStringLiteral("100GbE-400GbE"),
            QStringLiteral("NFS or object storage"), 100, false, false},
    };
    return kRows;
}

const Tier& TierTable::row(const QString& id)
{
    for (const Tier& t : rows())
        if (t.id == id)
            return t;
    assert(false && "unknown tier id");
    return rows().front();
}

const Tier& TierTable::classify(int gpus, ClusterType type)
{
    if (type == ClusterType::Inference)
        return row(QStringLiteral("inference"));
    // A development cluster is compared with the development row at any size: the source document
    // describes it as 8-64 GPUs for experimentation, which no training row fits.
    if (type == ClusterType::Development)
        return row(QStringLiteral("development"));
    if (gpus <= 32)
        return row(QStringLiteral("development"));
    if (gpus <= 256)
        return row(QStringLiteral("mid-scale"));
    if (gpus <= 4096)
        return row(QStringLiteral("large-scale"));
    return row(QStringLiteral("hyperscale"));
}

bool TierTable::withinTypicalCost(const Tier& tier, const Band& capex)
{
    return capex.overlaps(tier.typicalCostMin, tier.typicalCostMax.value_or(std::numeric_limits<double>::max()));
}

TierInputs TierInputs::of(const Design& design, const Band& capex)
{
    TierInputs in;
    in.capex = capex;
    in.clusterType = DesignIntent::ofProperties(design.properties()).clusterType;
    design.nodes().forEach([&](const Node& n) {
        const CatalogItem* item = design.item(n.sku);
        if (!item)
            return;
        in.gpus += item->gpuCount();
        if (item->kind == ItemKind::Switch && n.network == Network::Compute && item->switchSpec
            && item->switchSpec->technology.compare(QLatin1String("infiniband"), Qt::CaseInsensitive) == 0)
            in.infiniBand = true;
        if (item->kind == ItemKind::Storage) {
            in.anyStorage = true;
            if (item->storage && item->storage->protocol == QLatin1String("parallel-fs"))
                in.parallelFs = true;
        }
        if (item->gpuCount() > 0) {
            for (LinkId id : design.linksOf(n.id)) {
                const Link* l = design.link(id);
                const PortGroup* g = design.portGroup(l->a.node == n.id ? l->a : l->b);
                if (g && g->role == PortRole::Compute) {
                    const int speed = design.linkSpeedGbps(*l);
                    in.computeLinkGbps = in.computeLinkGbps == 0 ? speed : std::min(in.computeLinkGbps, speed);
                }
            }
        }
    });
    return in;
}

std::vector<Finding> TierTable::check(const TierInputs& in)
{
    std::vector<Finding> out;
    if (in.gpus == 0)
        return out;
    const Tier& t = classify(in.gpus, in.clusterType);
    const QString placed = in.clusterType == ClusterType::Inference
        ? QStringLiteral("the design's intent is an inference cluster")
        : in.clusterType == ClusterType::Development
        ? QStringLiteral("the design's intent is a development cluster")
        : QStringLiteral(
            "by GPU count (up to 32 development, up to 256 mid-scale, up to 4,096 large-scale, above hyperscale)");
    if (in.gpus < t.minGpus || (t.maxGpus && in.gpus > *t.maxGpus)) {
        out.push_back({QStringLiteral("TIER-GPUS"), Severity::Warning,
            QStringLiteral("%1 GPUs is outside the %2 range of %3 GPUs").arg(in.gpus).arg(t.name, gpuRange(t)), {},
            QStringLiteral("The design is placed in the %1 row (%2). The source document's tier table gives %3 GPUs "
                           "for it; this design has %4.")
                .arg(t.name, placed, gpuRange(t))
                .arg(in.gpus),
            std::nullopt});
    }
    if (in.computeLinkGbps > 0 && (in.computeLinkGbps < t.minLinkGbps || (t.expectsInfiniBand && !in.infiniBand))) {
        out.push_back({QStringLiteral("TIER-INTERCONNECT"), Severity::Warning,
            QStringLiteral("%1 compute fabric at %2 Gb/s is below the %3 tier's %4")
                .arg(in.infiniBand ? QStringLiteral("InfiniBand") : QStringLiteral("Ethernet"))
                .arg(in.computeLinkGbps)
                .arg(t.name, t.interconnect),
            {},
            QStringLiteral("Tier %1 expects %2 (at least %3 Gb/s per link%4). The slowest compute link of a GPU server "
                           "runs at %5 Gb/s, on %6.")
                .arg(t.name, t.interconnect)
                .arg(t.minLinkGbps)
                .arg(t.expectsInfiniBand ? QStringLiteral(", InfiniBand") : QString())
                .arg(in.computeLinkGbps)
                .arg(in.infiniBand ? QStringLiteral("InfiniBand") : QStringLiteral("a non-InfiniBand fabric")),
            std::nullopt});
    }
    if (t.expectsParallelFs && !in.parallelFs) {
        out.push_back({QStringLiteral("TIER-STORAGE"), Severity::Warning,
            QStringLiteral("no parallel file system; the %1 tier expects %2").arg(t.name, t.storage), {},
            QStringLiteral("Tier %1 stores data on %2. This design has %3. The source document: NFS is insufficient "
                           "for high-throughput training I/O.")
                .arg(t.name, t.storage)
                .arg(
                    in.anyStorage ? QStringLiteral("only NFS or object storage") : QStringLiteral("no storage system")),
            std::nullopt});
    }
    if (in.capex.high > 0 && !withinTypicalCost(t, in.capex)) {
        const QString band = in.capex.isPoint() ? usd(in.capex.mid)
                                                : QStringLiteral("%1-%2").arg(usd(in.capex.low), usd(in.capex.high));
        out.push_back({QStringLiteral("TIER-COST"), Severity::Info,
            QStringLiteral("capital cost %1 is outside the %2 typical %3").arg(band, t.name, costRange(t)), {},
            QStringLiteral("All-in cost = %1 (mid %2): the bill of materials with every line at the low and high "
                           "end of its price band, plus the support bought with it (CostModel::allInBand). The tier "
                           "table's typical cost for %3 is %4; the band does not reach it.")
                .arg(band, usd(in.capex.mid), t.name, costRange(t)),
            std::nullopt});
    }
    return out;
}

} // namespace pw
