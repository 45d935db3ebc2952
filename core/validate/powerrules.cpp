#include "validate/rulehelpers.h"

#include "model/designintent.h"

#include <map>

namespace pw::rules {

void powerRules(const Design& d, const CostAssumptions& a, std::vector<Finding>& out)
{
    std::map<std::uint32_t, double> rackWatts;
    std::map<std::uint32_t, std::vector<NodeId>> rackMembers;
    std::map<std::uint32_t, std::vector<NodeId>> liquidInAirRack;
    double itWatts = 0;
    d.nodes().forEach([&](const Node& n) {
        const CatalogItem* item = d.item(n.sku);
        if (!item)
            return;
        itWatts += item->maxPower().value();
        if (!n.rack.isValid())
            return;
        rackWatts[n.rack.value()] += item->maxPower().value();
        rackMembers[n.rack.value()].push_back(n.id);
        const Group* rack = d.group(n.rack);
        if (rack && !rack->liquidCooled && item->cooling == Cooling::Liquid)
            liquidInAirRack[n.rack.value()].push_back(n.id);
    });
    for (const auto& [rackId, watts] : rackWatts) {
        const Group* rack = d.group(GroupId(rackId));
        if (!rack || rack->powerBudgetKw <= 0 || watts / 1000.0 <= rack->powerBudgetKw + 1e-9)
            continue;
        QStringList terms;
        for (NodeId id : rackMembers[rackId])
            terms
                << QStringLiteral("%1 %2 kW").arg(d.node(id)->name, fmt(d.itemOf(id)->maxPower().value() / 1000.0, 2));
        std::vector<EntityRef> ents{EntityRef::of(GroupId(rackId))};
        for (NodeId id : rackMembers[rackId])
            ents.push_back(EntityRef::of(id));
        out.push_back(make("POWER-RACK", Severity::Error,
            QStringLiteral("rack %1 draws up to %2 kW; its budget is %3 kW")
                .arg(rack->name, fmt(watts / 1000.0), fmt(rack->powerBudgetKw)),
            ents,
            QStringLiteral("Sum of catalog maximum power in the rack = %1 = %2 kW > budget %3 kW.")
                .arg(terms.join(QStringLiteral(" + ")), fmt(watts / 1000.0, 2), fmt(rack->powerBudgetKw))));
    }
    for (const auto& [rackId, nodes] : liquidInAirRack) {
        const Group* rack = d.group(GroupId(rackId));
        std::vector<EntityRef> ents{EntityRef::of(GroupId(rackId))};
        for (NodeId id : nodes)
            ents.push_back(EntityRef::of(id));
        out.push_back(make("COOLING-LIQUID", Severity::Error,
            QStringLiteral("liquid-cooled %1 in air-cooled rack %2").arg(nameList(d, nodes), rack->name), ents,
            QStringLiteral("The catalog gives these items liquid cooling (%1); rack %2 is not in a liquid-cooled row. "
                           "Move them or mark the rack liquid-cooled.")
                .arg(d.itemOf(nodes.front())->coolingSource, rack->name)));
    }
    const DesignIntent intent = DesignIntent::ofProperties(d.properties());
    if (intent.sitePowerBudgetKw) {
        const double facilityKw = itWatts / 1000.0 * a.pue.value;
        if (facilityKw > *intent.sitePowerBudgetKw + 1e-9)
            out.push_back(make("POWER-SITE", Severity::Error,
                QStringLiteral("facility power %1 kW exceeds the site budget of %2 kW")
                    .arg(fmt(facilityKw), fmt(*intent.sitePowerBudgetKw)),
                {},
                QStringLiteral(
                    "Facility power = IT load (sum of maximum power) x PUE = %1 kW x %2 = %3 kW > site budget %4 kW. "
                    "PUE source: %5.")
                    .arg(fmt(itWatts / 1000.0, 2))
                    .arg(a.pue.value)
                    .arg(fmt(facilityKw, 2), fmt(*intent.sitePowerBudgetKw), a.pue.source)));
    }
}

} // namespace pw::rules
