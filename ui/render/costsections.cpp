#include "reportsections.h"

#include "pdfpageflow.h"
#include "pdftable.h"
#include "reportcharts.h"
#include "reportstyle.h"

#include "util/plural.h"

#include <QFontMetricsF>

#include <algorithm>

namespace pw::sections {

using namespace reportstyle;
using Cell = PdfTable::Cell;
using Column = PdfTable::Column;

void bom(PdfPageFlow& page, const ReportData& d)
{
    page.section(ReportSection::Bom);
    const BillOfMaterials& b = d.cost.bom;
    page.paragraph(
        QStringLiteral(
            "Derived from the design: every node by catalog item, racks, cables by length class and transceivers. "
            "Each price names its kind (list, estimate, price book, override); the sources section gives where each "
            "came from."),
        8.5, kMuted);
    std::vector<std::vector<Cell>> rows;
    std::vector<int> bold;
    QString category;
    double subtotal = 0;
    auto closeCategory = [&] {
        if (category.isEmpty())
            return;
        bold.push_back(static_cast<int>(rows.size()));
        rows.push_back({Cell{QStringLiteral("Subtotal %1").arg(category)}, Cell{}, Cell{}, Cell{}, Cell{},
            Cell{d.money(subtotal)}, Cell{}});
    };
    for (const BomLine& l : b.lines()) {
        if (l.category != category) {
            closeCategory();
            category = l.category;
            subtotal = 0;
        }
        subtotal += l.extendedPrice();
        rows.push_back({Cell{l.category}, Cell{l.sku, l.description}, Cell{l.lengthClass},
            Cell{ReportData::number(l.quantity)}, Cell{d.money(l.unitPrice)}, Cell{d.money(l.extendedPrice())},
            Cell{l.priceKind, QString(), false, l.priceKind == QLatin1String("estimate") ? kWarning : kInk}});
    }
    closeCategory();
    bold.push_back(static_cast<int>(rows.size()));
    rows.push_back({Cell{QStringLiteral("Total capital cost")}, Cell{}, Cell{}, Cell{}, Cell{},
        Cell{d.money(d.cost.capex)}, Cell{}});
    PdfTable::draw(page,
        {{QStringLiteral("Category"), 0.12}, {QStringLiteral("Item"), 0.33}, {QStringLiteral("Length"), 0.08},
            {QStringLiteral("Qty"), 0.08, Qt::AlignRight}, {QStringLiteral("Unit price"), 0.13, Qt::AlignRight},
            {QStringLiteral("Extended"), 0.16, Qt::AlignRight}, {QStringLiteral("Price"), 0.10}},
        rows, 7.8, bold);
    if (b.uncabledLinks() > 0)
        page.paragraph(QStringLiteral("%1 %2 no cable chosen and %3 not priced: the total is a lower bound.")
                           .arg(counted(b.uncabledLinks(), "link", "links"), plural(b.uncabledLinks(), "has", "have"),
                               plural(b.uncabledLinks(), "is", "are")),
            8.5, kWarning);
}

void cost(PdfPageFlow& page, const ReportData& d)
{
    QPainter& p = page.painter();
    const QRectF& body = page.body();
    page.section(ReportSection::Cost);
    const CostReport& c = d.cost;
    std::vector<std::vector<Cell>> rows;
    std::vector<std::pair<QString, double>> bars;
    for (const CapexShare& cat : c.capexByCategory)
        rows.push_back({Cell{QStringLiteral("Capital: %1").arg(cat.name)}, Cell{d.money(cat.usd)},
            Cell{c.capex > 0 ? ReportData::number(100 * cat.share, 1) + QLatin1Char('%') : QString()}});
    for (const CapexShare& area : c.capexByArea)
        bars.emplace_back(area.name, area.usd);
    std::vector<int> bold{static_cast<int>(rows.size())};
    rows.push_back({Cell{QStringLiteral("Capital cost")}, Cell{d.money(c.capex)}, Cell{QStringLiteral("100%")}});
    rows.push_back({Cell{QStringLiteral("Capital cost band"),
                        QStringLiteral("every estimated price at the low or high end of its band")},
        Cell{QStringLiteral("%1 to %2").arg(d.money(c.capexBand.low, 0), d.money(c.capexBand.high, 0))}, Cell{}});
    rows.push_back(
        {Cell{QStringLiteral("Energy per year"), QStringLiteral("%1 kWh").arg(ReportData::number(c.energyKwhPerYear))},
            Cell{d.money(c.energyCostPerYear)}, Cell{}});
    rows.push_back({Cell{QStringLiteral("Support per year")}, Cell{d.money(c.supportPerYear)}, Cell{}});
    rows.push_back(
        {Cell{QStringLiteral("Facility (colocation) per year"),
             QStringLiteral("%1 kW IT maximum x %2 per kW-month x 12")
                 .arg(ReportData::number(c.itPowerKw, 1), d.money(c.assumptions.facilityUsdPerKwMonth.value, 0))},
            Cell{d.money(c.facilityPerYear)}, Cell{}});
    rows.push_back({Cell{QStringLiteral("Staff per year"), c.assumptions.staffFormula(c.gpus)},
        Cell{d.money(c.staffPerYear)}, Cell{}});
    bold.push_back(static_cast<int>(rows.size()));
    rows.push_back({Cell{QStringLiteral("Operating cost per year")}, Cell{d.money(c.opexPerYear)}, Cell{}});
    bold.push_back(static_cast<int>(rows.size()));
    rows.push_back(
        {Cell{QStringLiteral("Total cost of ownership, %1 years").arg(ReportData::number(c.assumptions.years.value))},
            Cell{d.money(c.tco)}, Cell{}});
    rows.push_back({Cell{QStringLiteral("Total cost of ownership band")},
        Cell{QStringLiteral("%1 to %2").arg(d.money(c.tcoBand.low, 0), d.money(c.tcoBand.high, 0))}, Cell{}});
    rows.push_back(
        {Cell{QStringLiteral("Cost per GPU-hour"),
             QStringLiteral("at %1% utilization").arg(ReportData::number(c.assumptions.utilization.value * 100, 0))},
            Cell{d.money(c.costPerGpuHour, 2)}, Cell{}});
    rows.push_back({Cell{QStringLiteral("Cloud, same GPU-hours per year")}, Cell{d.money(c.cloudCostPerYear)}, Cell{}});
    rows.push_back({Cell{QStringLiteral("Break-even utilization against the cloud")},
        Cell{c.breakEvenUtilization ? ReportData::number(*c.breakEvenUtilization * 100, 1) + QLatin1Char('%')
                                    : QStringLiteral("never")},
        Cell{}});
    PdfTable::draw(page,
        {{QStringLiteral("Item"), 0.55}, {QStringLiteral("Amount"), 0.3, Qt::AlignRight},
            {QStringLiteral("Share"), 0.15, Qt::AlignRight}},
        rows, 8.5, bold);

    const double barsH = ReportCharts::barsHeight(bars.size());
    page.ensure(barsH);
    ReportCharts::bars(p, QRectF(body.left(), page.y, body.width(), barsH), bars,
        QStringLiteral("Capital cost by area"), [&d](double usd) { return d.roundedMoney(usd); });
    page.y += barsH + 6;
    const double tierH = ReportCharts::tiersHeight(d);
    page.ensure(tierH);
    ReportCharts::tiers(p, page.device(), QRectF(body.left(), page.y, body.width(), tierH), d);
    page.y += tierH + 12;
    const double tcoH = ReportCharts::ownVersusCloudHeight();
    page.ensure(tcoH);
    ReportCharts::ownVersusCloud(p, page.device(), QRectF(body.left(), page.y, body.width(), tcoH), d);
    page.y += tcoH + 8;
    if (c.tier)
        page.paragraph(QStringLiteral("Tier: %1 (%2 to %3 GPUs); the design's all-in cost band (capital cost and the "
                                      "support bought with it, %5 to %6) is %4 the tier's typical range.")
                           .arg(c.tier->name, ReportData::number(c.tier->minGpus),
                               c.tier->maxGpus ? ReportData::number(*c.tier->maxGpus) : QStringLiteral("any number of"),
                               c.withinTypicalCost ? QStringLiteral("within") : QStringLiteral("outside"),
                               d.roundedMoney(c.allInBand.low), d.roundedMoney(c.allInBand.high)),
            8.5, kMuted);
}

void sources(PdfPageFlow& page, const ReportData& d)
{
    page.section(ReportSection::Sources);
    page.paragraph(
        QStringLiteral("This proposal is a budgetary estimate for planning, not a quotation. Items without a published "
                       "price are priced from public price ranges and marked as estimates; every cost range in this "
                       "proposal puts each estimated price at the low or the high end of its range. Vendors' "
                       "quotations replace the estimates before purchase. Prices are in US dollars%1.")
            .arg(d.options.currency == QLatin1String("USD")
                    ? QString()
                    : QStringLiteral("; amounts are converted at %1 %2 per USD")
                          .arg(ReportData::number(d.options.exchangeRate, 4), d.options.currency)),
        9);

    page.subheading(QStringLiteral("How each item is priced"));
    // Two items to a row: the list stays short. An estimate shows its range, in the estimate colour.
    std::vector<PdfTable::Row> rows;
    for (size_t i = 0; i < d.prices.size(); i += 2) {
        PdfTable::Row row;
        for (size_t k = i; k < std::min(i + 2, d.prices.size()); ++k) {
            const PriceBasis& pb = d.prices[k];
            row.push_back(Cell{pb.item});
            row.push_back(Cell{pb.estimate && !pb.range.isEmpty() ? pb.range : pb.basis, QString(), false,
                pb.estimate ? kWarning : kInk});
        }
        rows.push_back(std::move(row));
    }
    PdfTable::draw(page,
        {{QStringLiteral("Item"), 0.31}, {QStringLiteral("Price basis"), 0.19}, {QStringLiteral("Item"), 0.31},
            {QStringLiteral("Price basis"), 0.19}},
        rows, 7.5);
    page.paragraph(QStringLiteral("Ranges are estimates (low to high end); list prices are the vendors' published "
                                  "prices."),
        7.5, kMuted);

    rows.clear();
    for (const SourceLine& s : d.sources)
        if (s.subject == QLatin1String("Cost assumption"))
            rows.push_back({Cell{s.figure}, Cell{s.value},
                Cell{s.estimate ? QStringLiteral("estimate") : QStringLiteral("published"), QString(), false,
                    s.estimate ? kWarning : kInk}});
    // The assumptions and the source list end the proposal together when they fit a page: the last
    // few rows alone with the source paragraph would leave the last page nearly empty (about 12 pt
    // per table line at 7.5 pt, two subheadings and about 90 pt of source text).
    page.ensure(std::min(page.body().height() * 0.9, 150 + 12 * (static_cast<double>(rows.size()) + 1)));
    page.subheading(QStringLiteral("Operating cost assumptions"));
    PdfTable::draw(page,
        {{QStringLiteral("Assumption"), 0.55}, {QStringLiteral("Value"), 0.2, Qt::AlignRight},
            {QStringLiteral("Basis"), 0.25}},
        rows, 7.5);

    page.subheading(QStringLiteral("Sources"));
    // One paragraph, not a line per document: the list stays compact.
    page.paragraph(
        QStringLiteral("%1 of the %2 figures this proposal relies on come from published documents; %3 are "
                       "estimates. Specifications: %4. Cluster scale tiers and their typical cost: a "
                       "public guide to GPU cluster design. Price ranges: public analyst estimates and "
                       "vendors' published prices.")
            .arg(ReportData::number(d.publishedFigures), ReportData::number(d.publishedFigures + d.estimatedFigures),
                ReportData::number(d.estimatedFigures),
                d.publishedSources.isEmpty() ? QStringLiteral("the vendors' published documents")
                                             : d.publishedSources.join(QStringLiteral("; "))),
        8.5);
}

void appendix(PdfPageFlow& page, const ReportData& d)
{
    page.section(ReportSection::Appendix);
    page.paragraph(QStringLiteral("Internal: every price and specification figure the report uses, with the catalog's "
                                  "own note on its source. Figures marked estimate are our own; prices are in USD as "
                                  "the catalog gives them."),
        8.5, kMuted);
    std::vector<PdfTable::Row> rows;
    for (const SourceLine& s : d.sources)
        rows.push_back({Cell{s.subject}, Cell{s.figure}, Cell{s.value},
            Cell{s.source, QString(), false, s.estimate ? kWarning : kInk},
            Cell{s.estimate ? QStringLiteral("estimate") : QString(), QString(), false, kWarning}});
    PdfTable::draw(page,
        {{QStringLiteral("Item"), 0.17}, {QStringLiteral("Figure"), 0.17}, {QStringLiteral("Value"), 0.16},
            {QStringLiteral("Source"), 0.40}, {QString(), 0.10}},
        rows, 7.2);
}

} // namespace pw::sections
