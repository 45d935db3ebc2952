#include "validate/rulehelpers.h"

#include "catalog/rackscale.h"
#include "cost/powerfigures.h"
#include "model/designintent.h"
#include "report/rackelevationmodel.h"

#include <map>
#include <optional>

namespace pw::rules {

void powerRules(const Design& d, const CostAssumptions& a, const PowerFigures* known, std::vector<Finding>& out)
{
    std::optional<PowerFigures> computed;
    if (!known)
        computed = PowerFigures::of(d, a.pue.value);
    const PowerFigures& power = known ? *known : *computed;
    std::map<std::uint32_t, std::vector<NodeId>> rackMembers;
    std::map<std::uint32_t, std::vector<NodeId>> liquidInAirRack;
    d.nodes().forEach([&](const Node& n) {
        const CatalogItem* item = d.item(n.sku);
        if (!item || !n.rack.isValid())
            return;
        rackMembers[n.rack.value()].push_back(n.id);
        const Group* rack = d.group(n.rack);
        if (rack && !rack->liquidCooled && item->cooling == Cooling::Liquid)
            liquidInAirRack[n.rack.value()].push_back(n.id);
    });
    for (const RackPower& load : power.racks) {
        const Group* rack = d.group(load.id);
        if (!rack || rack->powerBudgetKw <= 0 || load.maxKw <= rack->powerBudgetKw + 1e-9)
            continue;
        QStringList terms;
        for (NodeId id : rackMembers[load.id.value()])
            terms
                << QStringLiteral("%1 %2 kW").arg(d.node(id)->name, fmt(d.itemOf(id)->maxPower().value() / 1000.0, 2));
        std::vector<EntityRef> ents{EntityRef::of(load.id)};
        for (NodeId id : rackMembers[load.id.value()])
            ents.push_back(EntityRef::of(id));
        out.push_back(make("POWER-RACK",
            QStringLiteral("rack %1 draws up to %2 kW; its budget is %3 kW")
                .arg(rack->name, fmt(load.maxKw), fmt(rack->powerBudgetKw)),
            ents,
            QStringLiteral("Sum of catalog maximum power in the rack = %1 = %2 kW > budget %3 kW.")
                .arg(terms.join(QStringLiteral(" + ")), fmt(load.maxKw, 2), fmt(rack->powerBudgetKw))));
    }
    // Rack positions: the elevation (studio and report) leaves these nodes out of its drawing.
    for (const RackElevationModel::Rack& rack : RackElevationModel::of(d, power).racks)
        for (const RackElevationModel::Slot& s : rack.misplaced) {
            if (const Node* other = d.node(s.overlaps)) {
                out.push_back(make("RACK-OVERLAP",
                    QStringLiteral("%1 at U%2-%3 overlaps %4 in rack %5")
                        .arg(s.name)
                        .arg(s.firstU)
                        .arg(s.lastU())
                        .arg(other->name, rack.name),
                    {EntityRef::of(s.node), EntityRef::of(other->id), EntityRef::of(rack.id)},
                    QStringLiteral("%1 (%2, %3U) takes U%4 to U%5; %6 already takes U%7. Two pieces of equipment "
                                   "cannot share a U: move one of them.")
                        .arg(s.name, s.model)
                        .arg(s.heightU)
                        .arg(s.firstU)
                        .arg(s.lastU())
                        .arg(other->name)
                        .arg(other->rackUnit)));
            } else {
                out.push_back(make("RACK-HEIGHT",
                    QStringLiteral("%1 at U%2-%3 does not fit the %4U rack %5")
                        .arg(s.name)
                        .arg(s.firstU)
                        .arg(s.lastU())
                        .arg(rack.heightU)
                        .arg(rack.name),
                    {EntityRef::of(s.node), EntityRef::of(rack.id)},
                    QStringLiteral("%1 (%2, %3U) placed at U%4 reaches U%5; rack %6 (%7) has %8U. Move it lower "
                                   "or into another rack.")
                        .arg(s.name, s.model)
                        .arg(s.heightU)
                        .arg(s.firstU)
                        .arg(s.lastU())
                        .arg(rack.name, rack.model)
                        .arg(rack.heightU)));
            }
        }
    for (const auto& [rackId, nodes] : liquidInAirRack) {
        const Group* rack = d.group(GroupId(rackId));
        std::vector<EntityRef> ents{EntityRef::of(GroupId(rackId))};
        for (NodeId id : nodes)
            ents.push_back(EntityRef::of(id));
        out.push_back(make("COOLING-LIQUID",
            QStringLiteral("liquid-cooled %1 in air-cooled rack %2").arg(nameList(d, nodes), rack->name), ents,
            QStringLiteral("The catalog gives these items liquid cooling (%1); rack %2 is not in a liquid-cooled row. "
                           "Move them or mark the rack liquid-cooled.")
                .arg(d.itemOf(nodes.front())->coolingSource, rack->name)));
    }
    // RACK-PDU: a rack that holds powered equipment is fed by PDUs placed in it.
    std::vector<GroupId> unfed;
    std::vector<EntityRef> unfedEntities;
    QStringList unfedNames;
    for (const auto& [rackId, nodes] : rackMembers) {
        bool powered = false;
        bool fed = false;
        for (NodeId id : nodes) {
            const CatalogItem* item = d.itemOf(id);
            fed = fed || item->kind == ItemKind::Pdu;
            // A busbar-fed rack-scale system draws from its own power shelves, not from rack PDUs.
            powered = powered || (item->kind != ItemKind::Pdu && item->powerMaxW.value > 0 && !isBusbarRack(*item));
        }
        const Group* rack = d.group(GroupId(rackId));
        if (!powered || fed || !rack)
            continue;
        unfed.push_back(GroupId(rackId));
        unfedEntities.push_back(EntityRef::of(GroupId(rackId)));
        unfedNames << rack->name;
    }
    if (!unfed.empty())
        out.push_back(make("RACK-PDU",
            unfed.size() == 1 ? QStringLiteral("rack %1 holds powered equipment and no PDU").arg(unfedNames.front())
                              : QStringLiteral("%1 racks hold powered equipment and no PDU (%2)")
                                    .arg(unfed.size())
                                    .arg(QStringList(unfedNames.mid(0, 5)).join(QStringLiteral(", "))),
            std::move(unfedEntities),
            QStringLiteral("Every rack with powered equipment needs rack PDUs (the DGX SuperPOD RA puts three in each "
                           "DGX rack, two in each other rack); add PDUs to: %1.")
                .arg(unfedNames.join(QStringLiteral(", ")))));

    const DesignIntent intent = DesignIntent::ofProperties(d.properties());
    if (intent.sitePowerBudgetKw && power.facilityMaxKw > *intent.sitePowerBudgetKw + 1e-9)
        out.push_back(make("POWER-SITE",
            QStringLiteral("facility power %1 kW exceeds the site budget of %2 kW")
                .arg(fmt(power.facilityMaxKw), fmt(*intent.sitePowerBudgetKw)),
            {},
            QStringLiteral("Facility power = IT load x PUE = %1 kW x %2 = %3 kW > site budget %4 kW. IT load: %5. "
                           "PUE source: %6.")
                .arg(fmt(power.itMaxKw, 2))
                .arg(a.pue.value)
                .arg(fmt(power.facilityMaxKw, 2), fmt(*intent.sitePowerBudgetKw), PowerFigures::method(),
                    a.pue.source)));
}

} // namespace pw::rules
