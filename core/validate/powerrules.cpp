#include "validate/rulehelpers.h"

#include "catalog/coolantunit.h"
#include "catalog/rackscale.h"
#include "cost/powerfigures.h"
#include "floor/rackelevationmodel.h"
#include "model/designintent.h"

#include <map>
#include <optional>

namespace pw::rules {

namespace {

// RACK-BUSBAR-PDU: a busbar-fed rack-scale system draws from its own power shelves (NVL72 AI Factory
// enterprise RA: the trays have no PSU of their own), so rack PDUs beside it are bought for nothing.
// POWER-RACK-GENERATION: a rack of servers whose catalog entry gives the rack budget of its
// generation's reference architecture (rack_power: DGX B300, 4 per rack at about 56 kW) draws more
// than that budget, whatever budget the rack itself was given.
void busbarAndGenerationRules(const Design& d, const PowerFigures& power,
    const std::map<std::uint32_t, std::vector<NodeId>>& rackMembers, std::vector<Finding>& out)
{
    std::map<std::uint32_t, double> maxKw;
    for (const RackPower& r : power.racks)
        maxKw[r.id.value()] = r.maxKw;
    for (const auto& [rackId, nodes] : rackMembers) {
        const Group* rack = d.group(GroupId(rackId));
        if (!rack)
            continue;
        std::vector<NodeId> busbar;
        std::vector<NodeId> pdus;
        const CatalogItem* generation = nullptr;
        for (NodeId id : nodes) {
            const CatalogItem* item = d.itemOf(id);
            if (isBusbarRack(*item))
                busbar.push_back(id);
            if (item->kind == ItemKind::Pdu)
                pdus.push_back(id);
            if (item->rackPowerKw && (!generation || item->rackPowerKw->value < generation->rackPowerKw->value))
                generation = item;
        }
        if (!busbar.empty() && !pdus.empty()) {
            std::vector<EntityRef> ents{EntityRef::of(GroupId(rackId))};
            for (NodeId id : pdus)
                ents.push_back(EntityRef::of(id));
            out.push_back(make("RACK-BUSBAR-PDU",
                QStringLiteral("rack %1 holds busbar-fed %2 and %3 rack PDU%4")
                    .arg(rack->name, nameList(d, busbar))
                    .arg(pdus.size())
                    .arg(pdus.size() == 1 ? QString() : QStringLiteral("s")),
                ents,
                QStringLiteral("%1 is fed from its own power shelves over a DC busbar (catalog: busbar_rack, %2); "
                               "the rack PDUs %3 feed nothing. Remove them.")
                    .arg(d.itemOf(busbar.front())->sku, d.itemOf(busbar.front())->busbarRack->source,
                        nameList(d, pdus))));
        }
        const double draw = maxKw[rackId];
        if (generation && draw > generation->rackPowerKw->value + 1e-9) {
            std::vector<EntityRef> ents{EntityRef::of(GroupId(rackId))};
            for (NodeId id : nodes)
                ents.push_back(EntityRef::of(id));
            out.push_back(make("POWER-RACK-GENERATION",
                QStringLiteral("rack %1 draws up to %2 kW, above the %3 kW a rack of %4 is planned for")
                    .arg(rack->name, fmt(draw), fmt(generation->rackPowerKw->value), generation->model),
                ents,
                QStringLiteral("Rack maximum %1 kW > %2 kW, the rack budget of the %3 generation (%4 per rack; "
                               "source: %5). Put fewer servers in the rack or plan the rack for more power.")
                    .arg(fmt(draw, 2), fmt(generation->rackPowerKw->value), generation->model)
                    .arg(generation->serversPerRack)
                    .arg(generation->rackPowerKw->source)));
        }
    }
}

} // namespace

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
    // POWER-RACK-AIR: a liquid-cooled rack's budget is for liquid-cooled load; the air-cooled
    // equipment in it (switches, say) is cooled by the room and is judged against the rack's air
    // budget (catalog rack budget_air_kw), whatever liquid budget the rack has.
    for (const auto& [rackId, nodes] : rackMembers) {
        const Group* rack = d.group(GroupId(rackId));
        const CatalogItem* rackItem = rack && rack->liquidCooled ? d.item(rack->sku) : nullptr;
        if (!rackItem || !rackItem->rackBudgetAirKw || rackItem->rackBudgetAirKw->value <= 0)
            continue;
        double airKw = 0;
        std::vector<NodeId> air;
        QStringList terms;
        for (NodeId id : nodes) {
            const CatalogItem* item = d.itemOf(id);
            if (item->cooling != Cooling::Air || item->powerMaxW.value <= 0)
                continue;
            air.push_back(id);
            airKw += PowerFigures::maxKwOf(*item, power.mode);
            terms << QStringLiteral("%1 %2 kW").arg(d.node(id)->name, fmt(PowerFigures::maxKwOf(*item, power.mode), 2));
        }
        const double budget = rackItem->rackBudgetAirKw->value;
        if (airKw <= budget + 1e-9)
            continue;
        std::vector<EntityRef> ents{EntityRef::of(GroupId(rackId))};
        for (NodeId id : air)
            ents.push_back(EntityRef::of(id));
        out.push_back(make("POWER-RACK-AIR",
            QStringLiteral("rack %1 holds %2 kW of air-cooled equipment; its air budget is %3 kW")
                .arg(rack->name, fmt(airKw), fmt(budget)),
            ents,
            QStringLiteral("Air-cooled load in the liquid-cooled rack = %1 = %2 kW > air budget %3 kW (%4; source: "
                           "%5). The rack's %6 kW liquid budget does not cool it: spread the air-cooled equipment "
                           "over more racks.")
                .arg(terms.join(QStringLiteral(" + ")), fmt(airKw, 2), fmt(budget), rackItem->sku,
                    rackItem->rackBudgetAirKw->source, fmt(rack->powerBudgetKw))));
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
            // A busbar-fed rack-scale system draws from its own power shelves, not from rack PDUs; a
            // floor-standing CDU from the facility's mechanical power.
            powered = powered
                || (item->kind != ItemKind::Pdu && item->powerMaxW.value > 0 && !isBusbarRack(*item) && !isCdu(*item));
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

    busbarAndGenerationRules(d, power, rackMembers, out);
    powerChainRules(d, power, out);

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
