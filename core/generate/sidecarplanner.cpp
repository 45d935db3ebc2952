#include "generate/sidecarplanner.h"

#include "catalog/catalog.h"
#include "catalog/sidecarpowerrack.h"
#include "cost/powerfigures.h"
#include "facility/powerchain.h"
#include "floor/floorlayout.h"
#include "generate/designbuilder.h"
#include "generate/rackplanner.h"
#include "model/design.h"
#include "model/racknaming.h"
#include "util/plural.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace pw {

namespace {

constexpr double kEps = 1e-9;

} // namespace

const CatalogItem* SidecarPlanner::sidecarOf(const Catalog& catalog)
{
    const CatalogItem* best = nullptr;
    for (const CatalogItem* item : catalog.items())
        if (isSidecarPowerRack(*item) && (!best || sidecarCapacityKw(*item) > sidecarCapacityKw(*best)))
            best = item;
    return best;
}

int SidecarPlanner::racksPerSidecar(const SidecarPower& sidecar, double rackKw)
{
    const int byCapacity
        = rackKw > 0 ? static_cast<int>(std::floor(sidecar.capacityKw / rackKw + kEps)) : sidecar.racksFed;
    return std::clamp(byCapacity, 1, std::max(1, sidecar.racksFed));
}

int SidecarPlanner::slotsFor(int racks, double rackKw, const CatalogItem* sidecar, const QJsonObject& designProperties)
{
    if (!sidecar || racks <= 0 || PowerFigures::distributionOf(designProperties) != PowerDistribution::Dc800V)
        return 0;
    const int per = racksPerSidecar(*sidecar->sidecarPower, rackKw);
    return (racks + per - 1) / per;
}

int SidecarPlanner::place(DesignBuilder& b, RackPlanner& racks, const HallParameters& hall, const Catalog& catalog,
    const QJsonObject& designProperties, QStringList& notes)
{
    if (PowerFigures::distributionOf(designProperties) != PowerDistribution::Dc800V)
        return 0;
    const CatalogItem* found = sidecarOf(catalog);
    if (!found) {
        notes << QStringLiteral("800 VDC power chain and no sidecar power rack in the catalog (an item with "
                                "sidecar_power): no sidecar is placed");
        return 0;
    }
    Design& design = b.design();
    // The rows of the floor as it stands, in the design's power mode and power chain.
    QJsonObject props = racks.floorLayout(hall).storedIn(design.properties());
    for (const QLatin1String key : {QLatin1String(PowerFigures::kChainKey), QLatin1String(PowerFigures::kModeKey)})
        if (designProperties.contains(key))
            props.insert(key, designProperties.value(key));
    design.setProperties(props);
    const PowerChain chain = PowerChain::of(design, 1.0);
    // With no sidecar placed yet, every 800 VDC rack is one without.
    std::set<quint32> waiting;
    for (GroupId id : chain.racksWithoutSidecar)
        waiting.insert(id.value());
    if (waiting.empty())
        return 0;
    const CatalogItem& sidecar = *b.use(found->sku);
    const SidecarPower& spec = *sidecar.sidecarPower;
    int placed = 0;
    int fed = 0;
    std::map<QString, int> perRow; // numbered per row name: two floor rows may share one
    for (const RowChain& row : chain.rows) {
        std::vector<GroupId> run; // the racks the next sidecar feeds, in slot order
        double runKw = 0;
        auto standSidecar = [&] {
            const QString name = rackName(row.name + QStringLiteral("-pwr"), ++perRow[row.name]);
            const NodeId n = b.addNode(sidecar, name, Network::None, FabricTier::None, QPointF());
            racks.placeAfter(n, run.back(), name);
            fed += static_cast<int>(run.size());
            ++placed;
            run.clear();
            runKw = 0;
        };
        for (GroupId id : row.racks) {
            if (!waiting.count(id.value()))
                continue;
            const double kw = chain.rack(id)->maxKw;
            if (!run.empty() && (static_cast<int>(run.size()) >= spec.racksFed || runKw + kw > spec.capacityKw + kEps))
                standSidecar();
            run.push_back(id);
            runKw += kw;
        }
        if (!run.empty())
            standSidecar();
    }
    notes << QStringLiteral("800 VDC power chain: %1 (%2, %3 kW, at most %4 racks each) feed %5, each standing after "
                            "the racks it feeds in their row (%6)")
                 .arg(counted(placed, "sidecar power rack", "sidecar power racks"), sidecar.sku)
                 .arg(spec.capacityKw)
                 .arg(spec.racksFed)
                 .arg(counted(fed, "compute rack", "compute racks"), spec.capacitySource);
    return placed;
}

} // namespace pw
