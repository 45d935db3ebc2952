#include "cost/tiertable.h"

#include "model/design.h"

#include <cassert>
#include <limits>

namespace pw {

const std::vector<Tier>& TierTable::rows()
{
    return CatalogTables::shipped().tiers;
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
    // Every other design: the first training row (the table's order) whose upper bound holds its GPUs.
    for (const Tier& t : rows())
        if (t.id != QLatin1String("inference") && (!t.maxGpus || gpus <= *t.maxGpus))
            return t;
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
