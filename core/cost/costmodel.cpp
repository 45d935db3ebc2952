#include "cost/costmodel.h"

#include "cost/opticsplan.h"
#include "model/design.h"
#include "model/designintent.h"

#include <map>

namespace pw {

CostReport CostModel::compute(const Design& design, const CostAssumptions& a)
{
    CostReport r;
    r.assumptions = a;
    const OpticsPlan optics = OpticsPlan::of(design);
    r.bom = BillOfMaterials::of(design, optics);
    r.capex = r.bom.total();
    r.capexByArea = capexByArea(r.bom);
    r.capexByCategory = capexByCategory(r.bom);
    design.nodes().forEach([&](const Node& n) {
        if (const CatalogItem* item = design.item(n.sku))
            r.gpus += item->gpuCount();
    });
    r.power = PowerFigures::of(design, a.pue.value);
    r.itPowerKw = r.power.itMaxKw;
    r.itTypicalPowerKw = r.power.itTypicalKw;
    r.facilityPowerKw = r.power.facilityMaxKw;
    r.energyKwhPerYear = r.itTypicalPowerKw * a.pue.value * kHoursPerYear;
    r.energyCostPerYear = r.energyKwhPerYear * a.powerPriceUsdPerKwh.value;
    r.supportPerYear = a.supportShare.value * r.capex;
    r.staffPerYear = a.staffPerYear.value;
    r.opexPerYear = r.energyCostPerYear + r.supportPerYear + r.staffPerYear;
    r.ownershipPerYear = r.capex / a.years.value + r.opexPerYear;
    r.tco = r.capex + r.opexPerYear * a.years.value;
    if (r.gpus > 0) {
        r.costPerGpu = r.capex / r.gpus;
        const double gpuHoursAtFull = r.gpus * kHoursPerYear;
        r.costPerGpuHour = a.utilization.value > 0 ? r.ownershipPerYear / (gpuHoursAtFull * a.utilization.value) : 0;
        r.cloudCostPerYear = a.cloudPricePerGpuHour.value * gpuHoursAtFull * a.utilization.value;
        if (a.cloudPricePerGpuHour.value > 0) {
            const double ratio = r.ownershipPerYear / (a.cloudPricePerGpuHour.value * gpuHoursAtFull);
            if (ratio <= 1.0)
                r.breakEvenUtilization = ratio;
        }
    }
    r.tier = &TierTable::classify(r.gpus, DesignIntent::ofProperties(design.properties()).clusterType);
    r.withinTypicalCost = TierTable::withinTypicalCost(*r.tier, r.capex);
    return r;
}

QJsonObject CostReport::toJson() const
{
    std::map<QString, int> kinds;
    for (const BomLine& l : bom.lines())
        kinds[l.priceKind] += 1;
    QStringList kindText;
    for (const auto& [k, n] : kinds)
        kindText << QStringLiteral("%1 %2").arg(n).arg(k);
    QJsonObject sources = assumptions.sourcesJson();
    sources.insert(QStringLiteral("capex"),
        QStringLiteral("sum of the bill of materials (%1 lines: %2); each line names its price source")
            .arg(bom.lines().size())
            .arg(kindText.join(QStringLiteral(", "))));
    sources.insert(QStringLiteral("power"), PowerFigures::method());
    sources.insert(QStringLiteral("tier"), QStringLiteral("gpu-clusters-source.txt, GPU Cluster Scale Tiers table"));

    const QJsonObject formulas{
        {QStringLiteral("facility_power"),
            QStringLiteral("IT power x PUE = %1 kW x %2 = %3 kW")
                .arg(itPowerKw)
                .arg(assumptions.pue.value)
                .arg(facilityPowerKw)},
        {QStringLiteral("energy_per_year"),
            QStringLiteral("typical IT power x PUE x 8760 h x price = %1 kW x %2 x 8760 x %3 = %4 USD")
                .arg(itTypicalPowerKw)
                .arg(assumptions.pue.value)
                .arg(assumptions.powerPriceUsdPerKwh.value)
                .arg(energyCostPerYear, 0, 'f', 2)},
        {QStringLiteral("opex_per_year"),
            QStringLiteral("energy + support share x capex + staff = %1 + %2 x %3 + %4 = %5 USD")
                .arg(energyCostPerYear, 0, 'f', 2)
                .arg(assumptions.supportShare.value)
                .arg(capex, 0, 'f', 2)
                .arg(staffPerYear, 0, 'f', 2)
                .arg(opexPerYear, 0, 'f', 2)},
        {QStringLiteral("tco"),
            QStringLiteral("capex + opex x years = %1 + %2 x %3 = %4 USD")
                .arg(capex, 0, 'f', 2)
                .arg(opexPerYear, 0, 'f', 2)
                .arg(assumptions.years.value)
                .arg(tco, 0, 'f', 2)},
        {QStringLiteral("break_even_utilization"),
            QStringLiteral("(capex / years + opex) / (cloud price x GPUs x 8760) = %1 / (%2 x %3 x 8760) = %4")
                .arg(ownershipPerYear, 0, 'f', 2)
                .arg(assumptions.cloudPricePerGpuHour.value)
                .arg(gpus)
                .arg(breakEvenUtilization ? QString::number(*breakEvenUtilization, 'f', 4)
                                          : QStringLiteral("none: above 1, owning never breaks even"))},
    };
    QJsonObject tierJson;
    if (tier) {
        tierJson = QJsonObject{
            {QStringLiteral("id"), tier->id},
            {QStringLiteral("name"), tier->name},
            {QStringLiteral("min_gpus"), tier->minGpus},
            {QStringLiteral("max_gpus"), tier->maxGpus ? QJsonValue(*tier->maxGpus) : QJsonValue()},
            {QStringLiteral("typical_cost_min"), tier->typicalCostMin},
            {QStringLiteral("typical_cost_max"),
                tier->typicalCostMax ? QJsonValue(*tier->typicalCostMax) : QJsonValue()},
            {QStringLiteral("within_typical"), withinTypicalCost},
        };
    }
    return QJsonObject{
        {QStringLiteral("currency"), QStringLiteral("USD")},
        {QStringLiteral("capex"), capex},
        {QStringLiteral("capex_by_area"), pw::toJson(capexByArea)},
        {QStringLiteral("capex_by_category"), pw::toJson(capexByCategory)},
        {QStringLiteral("opex_per_year"), opexPerYear},
        {QStringLiteral("opex"),
            QJsonObject{{QStringLiteral("energy_per_year"), energyCostPerYear},
                {QStringLiteral("energy_kwh_per_year"), energyKwhPerYear},
                {QStringLiteral("support_per_year"), supportPerYear},
                {QStringLiteral("staff_per_year"), staffPerYear}}},
        {QStringLiteral("ownership_per_year"), ownershipPerYear},
        {QStringLiteral("tco"),
            QJsonObject{{QStringLiteral("years"), assumptions.years.value}, {QStringLiteral("total"), tco}}},
        {QStringLiteral("gpus"), gpus},
        {QStringLiteral("cost_per_gpu"), costPerGpu},
        {QStringLiteral("cost_per_gpu_hour"), costPerGpuHour},
        {QStringLiteral("utilization"), assumptions.utilization.value},
        {QStringLiteral("power_kw"), power.toJson()},
        {QStringLiteral("tier"), tierJson},
        {QStringLiteral("cloud"),
            QJsonObject{{QStringLiteral("price_per_gpu_hour"), assumptions.cloudPricePerGpuHour.value},
                {QStringLiteral("cost_per_year_at_utilization"), cloudCostPerYear},
                {QStringLiteral("break_even_utilization"),
                    breakEvenUtilization ? QJsonValue(*breakEvenUtilization) : QJsonValue()},
                {QStringLiteral("break_even"), breakEvenText()}}},
        {QStringLiteral("assumptions"), assumptions.toJson()},
        {QStringLiteral("formulas"), formulas},
        {QStringLiteral("sources"), sources},
    };
}

QString CostReport::breakEvenText() const
{
    if (breakEvenUtilization)
        return QStringLiteral("at %1% utilization").arg(*breakEvenUtilization * 100, 0, 'f', 1);
    if (assumptions.cloudPricePerGpuHour.value <= 0)
        return QStringLiteral("(no cloud price given)");
    return QStringLiteral("never, at any utilization");
}

QString CostReport::toText() const
{
    auto usd = [](double v) { return QStringLiteral("$%L1").arg(v, 0, 'f', 0); };
    QString s;
    s += QStringLiteral("GPUs                 %1\n").arg(gpus);
    s += QStringLiteral("Capital cost         %1 (%2 per GPU)\n").arg(usd(capex), usd(costPerGpu));
    for (const CapexShare& a : capexByArea)
        s += QStringLiteral("  %1%2 (%3%)\n")
                 .arg(a.name + QLatin1Char(' '), -19)
                 .arg(usd(a.usd))
                 .arg(a.share * 100, 0, 'f', 1);
    s += QStringLiteral("IT power             %1 kW max, %2 kW typical; facility %3 kW at PUE %4\n")
             .arg(itPowerKw, 0, 'f', 1)
             .arg(itTypicalPowerKw, 0, 'f', 1)
             .arg(facilityPowerKw, 0, 'f', 1)
             .arg(assumptions.pue.value);
    s += QStringLiteral("Opex per year        %1 (energy %2, support %3, staff %4)\n")
             .arg(usd(opexPerYear), usd(energyCostPerYear), usd(supportPerYear), usd(staffPerYear));
    s += QStringLiteral("TCO over %1 years     %2\n").arg(assumptions.years.value).arg(usd(tco));
    s += QStringLiteral("Cost per GPU-hour    $%1 at %2% utilization\n")
             .arg(costPerGpuHour, 0, 'f', 2)
             .arg(assumptions.utilization.value * 100);
    s += QStringLiteral("Cloud                $%1 per GPU-hour; owning breaks even %2\n")
             .arg(assumptions.cloudPricePerGpuHour.value, 0, 'f', 2)
             .arg(breakEvenText());
    if (tier)
        s += QStringLiteral("Tier                 %1 (%2)\n")
                 .arg(tier->name,
                     withinTypicalCost ? QStringLiteral("within typical cost")
                                       : QStringLiteral("outside typical cost"));
    return s;
}

} // namespace pw
