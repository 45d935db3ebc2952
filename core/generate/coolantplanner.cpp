#include "generate/coolantplanner.h"

#include "catalog/catalog.h"
#include "catalog/coolantunit.h"
#include "facility/facilityassumptions.h"
#include "facility/powerchain.h"
#include "floor/floorlayout.h"
#include "generate/designbuilder.h"
#include "generate/rackplanner.h"
#include "model/design.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace pw {

const CatalogItem* CoolantPlanner::cduOf(const Catalog& catalog)
{
    const CatalogItem* best = nullptr;
    for (const CatalogItem* item : catalog.items())
        if (isCdu(*item) && (!best || cduCapacityKw(*item) > cduCapacityKw(*best)))
            best = item;
    return best;
}

int CoolantPlanner::slotsFor(int racks, double rackKw, const CatalogItem* cdu, const QJsonObject& designProperties)
{
    if (!cdu || racks <= 0)
        return 0;
    const FacilityAssumptions a = FacilityAssumptions::ofProperties(designProperties);
    const int perLoop = std::max(1, static_cast<int>(a.racksPerLoop.value));
    const int loops = (racks + perLoop - 1) / perLoop;
    return loops
        * (CoolantLoop::cdusFor(std::min(racks, perLoop) * rackKw, cduCapacityKw(*cdu))
            + static_cast<int>(a.cduSpares.value));
}

int CoolantPlanner::place(DesignBuilder& b, RackPlanner& racks, const HallParameters& hall, const Catalog& catalog,
    const QJsonObject& designProperties, QStringList& notes)
{
    Design& design = b.design();
    // The loops of the floor as it stands (the generator stores the final floor plan later).
    QJsonObject props = racks.floorLayout(hall).storedIn(design.properties());
    // The loops are sized as the design will be: its power chain settings and its power mode.
    for (const QLatin1String key : {QLatin1String(FacilityAssumptions::kKey), QLatin1String(PowerFigures::kModeKey)})
        if (designProperties.contains(key))
            props.insert(key, designProperties.value(key));
    design.setProperties(props);
    // The IT power walks every link: computed once, as recording the CDU below adds no node.
    const PowerFigures figures = PowerFigures::of(design, 1.0);
    if (PowerChain::of(design, figures, FacilityAssumptions::of(design)).loops.empty())
        return 0; // no liquid-cooled rack: no CDU
    const CatalogItem* found = cduOf(catalog);
    if (!found) {
        notes << QStringLiteral("liquid-cooled racks and no coolant distribution unit in the catalog (an item with "
                                "cooling_capacity_kw): the coolant loops are planned, no CDU is placed");
        return 0;
    }
    const CatalogItem& cdu = *b.use(found->sku);
    // Now that the design records the CDU, its capacity is the loops' (FacilityAssumptions::of).
    const PowerChain chain = PowerChain::of(design, figures, FacilityAssumptions::of(design));
    std::map<QString, int> perRow;
    int placed = 0;
    for (const CoolantLoop& loop : chain.loops) {
        if (loop.row < 0 || loop.racks.empty())
            continue; // racks off the floor: nowhere to stand a CDU beside them
        const QString& row = chain.rows[static_cast<size_t>(loop.row)].name;
        GroupId after = loop.racks.back();
        for (int k = 0; k < loop.cdus; ++k) {
            const QString name = QStringLiteral("%1-cdu-%2").arg(row).arg(++perRow[row], 2, 10, QLatin1Char('0'));
            const NodeId n = b.addNode(cdu, name, Network::None, FabricTier::None, QPointF());
            after = racks.placeAfter(n, after, name);
            ++placed;
        }
    }
    const FacilityAssumptions& a = chain.assumptions;
    notes << QStringLiteral("%1 coolant distribution units (%2, %3 kW each) for %4 coolant loops: ceil(liquid heat / "
                            "%3 kW) + %5 spare per loop (%6), each standing after its loop's racks in the row")
                 .arg(placed)
                 .arg(cdu.sku)
                 .arg(cduCapacityKw(cdu))
                 .arg(chain.loops.size())
                 .arg(a.cduSpares.value)
                 .arg(a.cduSpares.source);
    return placed;
}

} // namespace pw
