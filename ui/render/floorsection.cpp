#include "reportsections.h"

#include "pdfpageflow.h"
#include "pdftable.h"
#include "reportcharts.h"
#include "reportstyle.h"

#include "util/plural.h"

namespace pw::sections {

using namespace reportstyle;
using Cell = PdfTable::Cell;

namespace {

QString metres(double m)
{
    return ReportData::number(m, m < 10 ? 1 : 0) + QStringLiteral(" m");
}

} // namespace

void floor(PdfPageFlow& page, const ReportData& d)
{
    page.section(ReportSection::Floor);
    if (!d.floor) {
        page.paragraph(QStringLiteral("This design has no floor plan (it was drawn by hand); cable lengths are the "
                                      "ones given for each cable."),
            9.5, kMuted);
        return;
    }
    const FloorSummary& f = *d.floor;
    page.paragraph(
        QStringLiteral("%1 stand in %2 on a floor of about %3 by %4, rows alternating front to "
                       "front across %5 cold aisles and back to back across %6 hot aisles. Every cable's "
                       "length is routed from its two racks' positions.")
            .arg(counted(f.racks, "rack", "racks"), counted(static_cast<long long>(f.rows.size()), "row", "rows"),
                metres(f.hallWidthM), metres(f.hallDepthM), metres(f.coldAisleM), metres(f.hotAisleM)),
        9.5);
    page.tiles({{QStringLiteral("Cables with a length"), ReportData::number(f.cables)},
        {QStringLiteral("Median / longest run"), QStringLiteral("%1 / %2").arg(metres(f.medianM), metres(f.longestM))},
        {QStringLiteral("Optical runs over budget"),
            QStringLiteral("%1 of %2").arg(ReportData::number(f.overBudget), ReportData::number(f.opticalRuns))}});

    page.subheading(QStringLiteral("Rows"));
    std::vector<PdfTable::Row> rows;
    constexpr size_t kShownRows = 40; // a large hall: the first rows, the rest counted below
    for (size_t i = 0; i < f.rows.size() && i < kShownRows; ++i) {
        const FloorSummary::Row& r = f.rows[i];
        rows.push_back({Cell{r.name}, Cell{ReportData::number(r.positions)}, Cell{ReportData::number(r.racks)},
            Cell{metres(r.lengthM)}});
    }
    PdfTable::draw(page,
        {{QStringLiteral("Row"), 0.4}, {QStringLiteral("Positions"), 0.2, Qt::AlignRight},
            {QStringLiteral("Racks"), 0.2, Qt::AlignRight}, {QStringLiteral("Length"), 0.2, Qt::AlignRight}},
        rows, 8.5);
    if (f.rows.size() > kShownRows)
        page.paragraph(QStringLiteral("%1 further rows are not listed; the cable plan export names every rack's row "
                                      "and position.")
                           .arg(ReportData::number(double(f.rows.size() - kShownRows))),
            8.5, kMuted);

    page.subheading(QStringLiteral("Cable length distribution"));
    page.paragraph(QStringLiteral("%1 %2 a routed length; the median run is %3, the longest %4. Each is "
                                  "ordered in the shortest length its part is sold in that covers it (bill of "
                                  "materials).")
                       .arg(counted(f.cables, "cable", "cables"), plural(f.cables, "has", "have"), metres(f.medianM),
                           metres(f.longestM)),
        9);
    std::vector<std::pair<QString, double>> bars;
    for (const FloorSummary::LengthBin& b : f.lengths)
        bars.emplace_back(b.label, b.cables);
    const double chartH = ReportCharts::barsHeight(bars.size());
    page.ensure(chartH + 10);
    ReportCharts::bars(page.painter(), QRectF(page.body().left(), page.y, page.body().width(), chartH), bars,
        QStringLiteral("Cables by routed length"), [](double n) { return ReportData::number(n); });
    page.y += chartH + 10;

    page.subheading(QStringLiteral("Optics by part"));
    rows.clear();
    int modules = 0;
    for (const FloorSummary::Optic& o : f.optics) {
        rows.push_back({Cell{o.model.isEmpty() ? o.sku : o.model, o.sku}, Cell{o.fiber},
            Cell{o.reachM > 0 ? metres(o.reachM) : QString()}, Cell{ReportData::number(o.count)}});
        modules += o.count;
    }
    std::vector<int> bold{static_cast<int>(rows.size())};
    rows.push_back({Cell{QStringLiteral("Total")}, Cell{}, Cell{}, Cell{ReportData::number(modules)}});
    PdfTable::draw(page,
        {{QStringLiteral("Optic"), 0.46}, {QStringLiteral("Fibre"), 0.18},
            {QStringLiteral("Reach"), 0.16, Qt::AlignRight}, {QStringLiteral("Count"), 0.2, Qt::AlignRight}},
        rows, 8.5, bold);

    page.subheading(QStringLiteral("Optical budget"));
    if (f.opticalRuns == 0) {
        page.paragraph(QStringLiteral("No fibre run states a loss budget."), 9, kMuted);
    } else {
        page.paragraph(QStringLiteral("%1 fibre runs have a loss budget; %2 exceed it. The smallest margin is %3 dB "
                                      "(run %4). Loss is the fibre's attenuation over the routed length plus the "
                                      "connector pairs, against the smaller of the two modules' power budgets.")
                           .arg(ReportData::number(f.opticalRuns), ReportData::number(f.overBudget),
                               ReportData::number(f.smallestMarginDb.value_or(0), 2), f.smallestMarginRun),
            9);
    }
    for (const QString& a : f.assumptions)
        page.paragraph(ReportData::customerText(a), 8, kMuted);
}

} // namespace pw::sections
