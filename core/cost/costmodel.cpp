#include "cost/costmodel.h"

#include "cost/opticsplan.h"
#include "cost/pricebook.h"
#include "model/design.h"
#include "model/designintent.h"
#include "util/money.h"

#include <QJsonArray>

#include <algorithm>
#include <map>
#include <tuple>

namespace pw {

namespace {

std::optional<double> breakEven(double ownershipPerYear, double cloudPrice, double gpuHoursAtFull)
{
    if (cloudPrice <= 0 || gpuHoursAtFull <= 0)
        return std::nullopt;
    const double ratio = ownershipPerYear / (cloudPrice * gpuHoursAtFull);
    return ratio <= 1.0 ? std::optional<double>(ratio) : std::nullopt;
}

QJsonValue optionalValue(const std::optional<double>& v)
{
    return v ? QJsonValue(*v) : QJsonValue();
}

} // namespace

std::pair<Assumption, Band> CostModel::cloudPriceOf(const Design& design, const CostAssumptions& a)
{
    const Band given = Band::point(a.cloudPricePerGpuHour.value);
    if (a.cloudPriceGiven)
        return {a.cloudPricePerGpuHour, given};
    // GPUs per (generation's band, source); GPUs without a catalog band at the assumption.
    std::map<QString, std::pair<int, const GpuSpec*>> byModel;
    int gpus = 0;
    int withoutBand = 0;
    design.nodes().forEach([&](const Node& n) {
        const CatalogItem* item = design.item(n.sku);
        if (!item || item->gpuCount() <= 0)
            return;
        gpus += item->gpuCount();
        if (!item->gpu->cloudPricePerHour) {
            withoutBand += item->gpuCount();
            return;
        }
        auto& [count, spec] = byModel[item->gpu->model];
        count += item->gpuCount();
        spec = &*item->gpu;
    });
    if (gpus == 0 || byModel.empty())
        return {a.cloudPricePerGpuHour, given};
    Band band = given * (static_cast<double>(withoutBand) / gpus);
    QStringList parts;
    for (const auto& [model, entry] : byModel) {
        const auto& [count, spec] = entry;
        band += *spec->cloudPricePerHour * (static_cast<double>(count) / gpus);
        const Band& b = *spec->cloudPricePerHour;
        parts << QStringLiteral("%1 GPUs of %2 at the catalog's %3-%4 (mid %5) USD per GPU-hour (%6)")
                     .arg(count)
                     .arg(model)
                     .arg(b.low, 0, 'f', 2)
                     .arg(b.high, 0, 'f', 2)
                     .arg(b.mid, 0, 'f', 2)
                     .arg(spec->cloudPriceSource);
    }
    if (withoutBand > 0)
        parts << QStringLiteral("%1 GPUs with no catalog cloud price at the default %2 USD (%3)")
                     .arg(withoutBand)
                     .arg(a.cloudPricePerGpuHour.value, 0, 'f', 2)
                     .arg(a.cloudPricePerGpuHour.source);
    const QString source = parts.size() == 1
        ? QStringLiteral("the design's GPU generation: ") + parts.front()
        : QStringLiteral("GPU-weighted over the design's GPUs: ") + parts.join(QStringLiteral("; "));
    return {Assumption{band.mid, source}, band};
}

Band CostModel::allInBand(const Band& capex, const CostAssumptions& a)
{
    return capex * (1 + a.supportShare.value * std::min(a.supportPrepaidYears.value, a.years.value));
}

CostReport CostModel::compute(const Design& design, const CostAssumptions& a)
{
    return compute(design, a, OpticsPlan::of(design));
}

CostReport CostModel::compute(const Design& design, const CostAssumptions& a, const OpticsPlan& optics)
{
    CostReport r;
    r.assumptions = a;
    std::tie(r.assumptions.cloudPricePerGpuHour, r.cloudPriceBand) = cloudPriceOf(design, a);
    const double cloudPrice = r.assumptions.cloudPricePerGpuHour.value;
    r.bom = BillOfMaterials::of(design, optics, a.priceBook.get());
    r.capexBand = r.bom.totalBand();
    r.capex = r.capexBand.mid;
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
    r.energyKwhPerYear = r.power.facilityKw(r.itTypicalPowerKw) * kHoursPerYear;
    r.energyCostPerYear = r.energyKwhPerYear * a.powerPriceUsdPerKwh.value;
    r.facilityPerYear = r.itPowerKw * a.facilityUsdPerKwMonth.value * 12;
    r.staffPerYear = a.staffCostPerYear(r.gpus);
    // Support scales with the capital cost, so opex and everything after it is a band too.
    const double fixedPerYear = r.energyCostPerYear + r.facilityPerYear + r.staffPerYear;
    r.opexBand = r.capexBand * a.supportShare.value + fixedPerYear;
    r.ownershipBand = r.capexBand / a.years.value + r.opexBand;
    r.tcoBand = r.capexBand + r.opexBand * a.years.value;
    r.supportPerYear = a.supportShare.value * r.capex;
    r.opexPerYear = r.opexBand.mid;
    r.ownershipPerYear = r.ownershipBand.mid;
    r.tco = r.tcoBand.mid;
    if (r.gpus > 0) {
        r.costPerGpu = r.capex / r.gpus;
        const double gpuHoursAtFull = r.gpus * kHoursPerYear;
        if (a.utilization.value > 0) {
            r.costPerGpuHourBand = r.ownershipBand / (gpuHoursAtFull * a.utilization.value);
            r.costPerGpuHour = r.costPerGpuHourBand.mid;
        }
        r.cloudCostPerYear = cloudPrice * gpuHoursAtFull * a.utilization.value;
        r.breakEvenUtilization = breakEven(r.ownershipBand.mid, cloudPrice, gpuHoursAtFull);
        r.breakEvenLow = breakEven(r.ownershipBand.low, cloudPrice, gpuHoursAtFull);
        r.breakEvenHigh = breakEven(r.ownershipBand.high, cloudPrice, gpuHoursAtFull);
    }
    r.tier = &TierTable::classify(r.gpus, DesignIntent::ofProperties(design.properties()).clusterType);
    r.allInBand = allInBand(r.capexBand, a);
    r.withinTypicalCost = TierTable::withinTypicalCost(*r.tier, r.allInBand);
    return r;
}

QString CostReport::bandText(const Band& b, const std::function<QString(double)>& money)
{
    if (b.isPoint())
        return money(b.mid);
    return QStringLiteral("%1-%2 (mid %3)").arg(money(b.low), money(b.high), money(b.mid));
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
    sources.insert(QStringLiteral("capex_band"),
        QStringLiteral("every line at the low and high end of its price band (hardware-specs.md section 10; "
                       "each line's band_source); list, price-book and override prices are points"));
    sources.insert(QStringLiteral("power"), power.methodText());
    sources.insert(QStringLiteral("not_counted"), CostAssumptions::omissions());
    sources.insert(QStringLiteral("tier"), QStringLiteral("gpu-clusters-source.txt, GPU Cluster Scale Tiers table"));

    const QJsonObject formulas{
        {QStringLiteral("facility_power"),
            QStringLiteral("IT power x PUE x power chain factor = %1 kW x %2 x %3 = %4 kW")
                .arg(itPowerKw)
                .arg(assumptions.pue.value)
                .arg(1.0 - power.distributionGain)
                .arg(facilityPowerKw)},
        {QStringLiteral("energy_per_year"),
            QStringLiteral("typical IT power x PUE x power chain factor x 8760 h x price = %1 kW x %2 x %3 x 8760 x "
                           "%4 = %5 USD")
                .arg(itTypicalPowerKw)
                .arg(assumptions.pue.value)
                .arg(1.0 - power.distributionGain)
                .arg(assumptions.powerPriceUsdPerKwh.value)
                .arg(energyCostPerYear, 0, 'f', 2)},
        {QStringLiteral("facility_per_year"),
            QStringLiteral("IT maximum x colocation price x 12 = %1 kW x %2 USD/kW-month x 12 = %3 USD")
                .arg(itPowerKw)
                .arg(assumptions.facilityUsdPerKwMonth.value)
                .arg(facilityPerYear, 0, 'f', 2)},
        {QStringLiteral("staff_per_year"), assumptions.staffFormula(gpus)},
        {QStringLiteral("opex_per_year"),
            QStringLiteral("energy + support share x capex + facility + staff = %1 + %2 x %3 + %4 + %5 = %6 USD")
                .arg(energyCostPerYear, 0, 'f', 2)
                .arg(assumptions.supportShare.value)
                .arg(capex, 0, 'f', 2)
                .arg(facilityPerYear, 0, 'f', 2)
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
    if (tier)
        tierJson.insert(QStringLiteral("placed_by"),
            QStringLiteral("all-in band %1 (capital cost with %2 years of support at %3 of capex a year) against "
                           "the tier's typical cost")
                .arg(bandText(allInBand, [](double v) { return Money::usd().exact(v); }))
                .arg(std::min(assumptions.supportPrepaidYears.value, assumptions.years.value))
                .arg(assumptions.supportShare.value));
    const QJsonObject breakEvenBand{{QStringLiteral("low"), optionalValue(breakEvenLow)},
        {QStringLiteral("mid"), optionalValue(breakEvenUtilization)},
        {QStringLiteral("high"), optionalValue(breakEvenHigh)}};
    return QJsonObject{
        {QStringLiteral("currency"), QStringLiteral("USD")},
        {QStringLiteral("capex"), capex},
        {QStringLiteral("capex_by_area"), pw::toJson(capexByArea)},
        {QStringLiteral("capex_by_category"), pw::toJson(capexByCategory)},
        {QStringLiteral("capex_band"), capexBand.toJson()},
        {QStringLiteral("all_in_band"), allInBand.toJson()},
        {QStringLiteral("opex_per_year"), opexPerYear},
        {QStringLiteral("opex_per_year_band"), opexBand.toJson()},
        {QStringLiteral("opex"),
            QJsonObject{{QStringLiteral("energy_per_year"), energyCostPerYear},
                {QStringLiteral("energy_kwh_per_year"), energyKwhPerYear},
                {QStringLiteral("support_per_year"), supportPerYear},
                {QStringLiteral("facility_per_year"), facilityPerYear},
                {QStringLiteral("staff_per_year"), staffPerYear}}},
        {QStringLiteral("ownership_per_year"), ownershipPerYear},
        {QStringLiteral("ownership_per_year_band"), ownershipBand.toJson()},
        {QStringLiteral("tco"),
            QJsonObject{{QStringLiteral("years"), assumptions.years.value}, {QStringLiteral("total"), tco}}},
        {QStringLiteral("tco_band"), tcoBand.toJson()},
        {QStringLiteral("gpus"), gpus},
        {QStringLiteral("cost_per_gpu"), costPerGpu},
        {QStringLiteral("cost_per_gpu_hour"), costPerGpuHour},
        {QStringLiteral("cost_per_gpu_hour_band"), costPerGpuHourBand.toJson()},
        {QStringLiteral("not_counted"), CostAssumptions::omissions()},
        {QStringLiteral("utilization"), assumptions.utilization.value},
        {QStringLiteral("power_kw"), power.toJson()},
        {QStringLiteral("tier"), tierJson},
        {QStringLiteral("cloud"),
            QJsonObject{{QStringLiteral("price_per_gpu_hour"), assumptions.cloudPricePerGpuHour.value},
                {QStringLiteral("price_per_gpu_hour_band"), cloudPriceBand.toJson()},
                {QStringLiteral("price_source"), assumptions.cloudPricePerGpuHour.source},
                {QStringLiteral("cost_per_year_at_utilization"), cloudCostPerYear},
                {QStringLiteral("break_even_utilization"),
                    breakEvenUtilization ? QJsonValue(*breakEvenUtilization) : QJsonValue()},
                {QStringLiteral("break_even_utilization_band"), breakEvenBand},
                {QStringLiteral("break_even"), breakEvenText()}}},
        {QStringLiteral("assumptions"), assumptions.toJson()},
        {QStringLiteral("price_book"),
            assumptions.priceBook ? QJsonObject{{QStringLiteral("origin"), assumptions.priceBook->origin()},
                {QStringLiteral("items"), assumptions.priceBook->size()},
                {QStringLiteral("bom_lines_priced"), priceBookLines()}, {QStringLiteral("lines"), priceBookLinesJson()}}
                                  : QJsonValue()},
        {QStringLiteral("formulas"), formulas},
        {QStringLiteral("sources"), sources},
    };
}

int CostReport::priceBookLines() const
{
    int n = 0;
    for (const BomLine& l : bom.lines())
        n += l.priceKind == toString(PriceKind::PriceBook) ? 1 : 0;
    return n;
}

QJsonArray CostReport::priceBookLinesJson() const
{
    QJsonArray lines;
    for (const BomLine& l : bom.lines())
        if (l.priceKind == toString(PriceKind::PriceBook))
            lines.append(QJsonObject{{QStringLiteral("sku"), l.sku}, {QStringLiteral("quantity"), l.quantity},
                {QStringLiteral("unit_price"), l.unitPrice}, {QStringLiteral("source"), l.priceSource}});
    return lines;
}

QString CostReport::priceBookText() const
{
    if (!assumptions.priceBook || assumptions.priceBook->isEmpty())
        return {};
    return QStringLiteral("%1 of %2 bill-of-materials lines priced from the team price book of %3 (%4 prices)")
        .arg(priceBookLines())
        .arg(bom.lines().size())
        .arg(assumptions.priceBook->origin())
        .arg(assumptions.priceBook->size());
}

QString CostReport::breakEvenText() const
{
    if (breakEvenUtilization) {
        QString t = QStringLiteral("at %1% utilization").arg(*breakEvenUtilization * 100, 0, 'f', 1);
        if (breakEvenLow && breakEvenLow != breakEvenUtilization)
            t += QStringLiteral(" (%1-%2 across the price band)")
                     .arg(QStringLiteral("%1%").arg(*breakEvenLow * 100, 0, 'f', 1),
                         breakEvenHigh ? QStringLiteral("%1%").arg(*breakEvenHigh * 100, 0, 'f', 1)
                                       : QStringLiteral("never"));
        return t;
    }
    if (assumptions.cloudPricePerGpuHour.value <= 0)
        return QStringLiteral("(no cloud price given)");
    return QStringLiteral("never, at any utilization");
}

QString CostReport::toText() const
{
    auto usd = [](double v) { return Money::usd().exact(v); };
    QString s;
    s += QStringLiteral("GPUs                 %1\n").arg(gpus);
    s += QStringLiteral("Capital cost         %1 (%2 per GPU)\n").arg(usd(capex), usd(costPerGpu));
    s += QStringLiteral("  band               %1\n").arg(bandText(capexBand, usd));
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
    if (!power.typicalFromMax.isEmpty())
        s += QStringLiteral("  typical power      %1\n").arg(power.typicalNote());
    if (power.coPackagedPorts > 0)
        s += QStringLiteral("  optics             %1\n").arg(power.coPackagedNote());
    if (!power.distributionNote().isEmpty())
        s += QStringLiteral("  power chain        %1\n").arg(power.distributionNote());
    s += QStringLiteral("Opex per year        %1 (energy %2, support %3, facility %4, staff %5)\n")
             .arg(usd(opexPerYear), usd(energyCostPerYear), usd(supportPerYear), usd(facilityPerYear),
                 usd(staffPerYear));
    s += QStringLiteral("TCO over %1 years     %2\n").arg(assumptions.years.value).arg(usd(tco));
    s += QStringLiteral("  band               %1\n").arg(bandText(tcoBand, usd));
    auto perHour = [](double v) { return Money::usd().exact(v, 2); };
    s += QStringLiteral("Cost per GPU-hour    %1 at %2% utilization\n")
             .arg(bandText(costPerGpuHourBand, perHour))
             .arg(assumptions.utilization.value * 100);
    s += QStringLiteral("Cloud                %1 per GPU-hour; owning breaks even %2\n")
             .arg(perHour(assumptions.cloudPricePerGpuHour.value))
             .arg(breakEvenText());
    if (tier)
        s += QStringLiteral("Tier                 %1 (all-in %2, with %3 years of support: %4 the typical cost)\n")
                 .arg(tier->name, bandText(allInBand, usd))
                 .arg(std::min(assumptions.supportPrepaidYears.value, assumptions.years.value))
                 .arg(withinTypicalCost ? QStringLiteral("within") : QStringLiteral("outside"));
    if (const QString book = priceBookText(); !book.isEmpty())
        s += QStringLiteral("Prices               %1\n").arg(book);
    s += QStringLiteral("Not counted          %1\n").arg(CostAssumptions::omissions());
    return s;
}

} // namespace pw
