#include "cost/tiertable.h"

#include "model/design.h"

#include <cassert>
#include <limits>

namespace pw {

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

} // namespace pw
