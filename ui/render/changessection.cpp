#include "reportsections.h"

#include "pdfpageflow.h"
#include "pdftable.h"
#include "reportstyle.h"

#include "util/plural.h"

#include <cmath>

namespace pw::sections {

using namespace reportstyle;
using Cell = PdfTable::Cell;
using Column = PdfTable::Column;

namespace {

// "+$201.6K", "−$3.2K", "no change": a change in the report's currency, rounded like its amounts.
QString signedRounded(const ReportData& d, double usd)
{
    if (std::abs(usd) < 0.5)
        return QStringLiteral("no change");
    return (usd > 0 ? QStringLiteral("+") : QStringLiteral("−")) + d.roundedMoney(std::abs(usd));
}

QString signedExact(const ReportData& d, double usd)
{
    if (std::abs(usd) < 0.005)
        return QStringLiteral("no change");
    return (usd > 0 ? QStringLiteral("+") : QStringLiteral("−")) + d.money(std::abs(usd));
}

QString bandText(const ReportData& d, const std::optional<Band>& b)
{
    if (!b)
        return QStringLiteral("not available");
    if (b->isPoint())
        return d.roundedMoney(b->mid);
    return QStringLiteral("%1 (%2 to %3)").arg(d.roundedMoney(b->mid), d.roundedMoney(b->low), d.roundedMoney(b->high));
}

// "srv3, srv4 and 10 more".
QString names(const std::vector<NodeDifference>& nodes, size_t shown = 12)
{
    QStringList out;
    for (size_t i = 0; i < nodes.size() && i < shown; ++i)
        out << nodes[i].name;
    QString t = out.join(QStringLiteral(", "));
    if (nodes.size() > shown)
        t += QStringLiteral(" and %1 more").arg(nodes.size() - shown);
    return t;
}

} // namespace

void changes(PdfPageFlow& page, const ReportData& d)
{
    page.section(ReportSection::Changes);
    if (!d.changes) {
        page.paragraph(QStringLiteral("No earlier design was given to compare with."), 9.5, kMuted);
        return;
    }
    const DesignComparison& c = *d.changes;
    if (c.isEmpty()) {
        page.paragraph(QStringLiteral("This proposal describes the same cluster as %1: no equipment, cabling, cost or "
                                      "figure has changed.")
                           .arg(d.options.changesSince));
        return;
    }
    page.paragraph(QStringLiteral("What differs in this proposal from %1. Figures on both sides are computed the "
                                  "same way as in the rest of this document; amounts are estimates with a range "
                                  "where no list price exists.")
                       .arg(d.options.changesSince),
        9.5);

    const BandDifference* capex = c.band(QStringLiteral("capex_usd"));
    const FigureDifference* gpus = c.figure(QStringLiteral("gpus"));
    const FigureDifference* power = c.figure(QStringLiteral("it_power_max_kw"));
    page.tiles(
        {{QStringLiteral("GPUs"), QStringLiteral("%1 → %2").arg(gpus->text(gpus->before), gpus->text(gpus->after))},
            {QStringLiteral("IT power (maximum)"), power->changed() ? power->deltaText() : QStringLiteral("no change")},
            {QStringLiteral("Capital cost"),
                capex->delta() ? signedRounded(d, capex->delta()->mid) : QStringLiteral("not available")}});

    page.subheading(QStringLiteral("Equipment and cabling"));
    QStringList lines;
    if (!c.nodesAdded.empty())
        lines << QStringLiteral("Added: %1 %2 (%3).")
                     .arg(c.nodesAdded.size())
                     .arg(plural(qsizetype(c.nodesAdded.size()), "item", "items"), names(c.nodesAdded));
    if (!c.nodesRemoved.empty())
        lines << QStringLiteral("Removed: %1 %2 (%3).")
                     .arg(c.nodesRemoved.size())
                     .arg(plural(qsizetype(c.nodesRemoved.size()), "item", "items"), names(c.nodesRemoved));
    if (!c.linksAdded.empty() || !c.linksRemoved.empty() || !c.linksChanged.empty())
        lines << QStringLiteral("Connections: %1 added, %2 removed%3.")
                     .arg(c.linksAdded.size())
                     .arg(c.linksRemoved.size())
                     .arg(c.linksChanged.empty() ? QString()
                                                 : QStringLiteral(", %1 recabled (another cable, optics or length)")
                                                       .arg(c.linksChanged.size()));
    if (lines.isEmpty())
        lines << QStringLiteral("No equipment was added or removed.");
    page.paragraph(lines.join(QLatin1Char(' ')));

    std::vector<PdfTable::Row> rows;
    for (const FigureDifference& f : c.figures)
        if (f.changed())
            rows.push_back({Cell{f.label}, Cell{f.text(f.before)}, Cell{f.text(f.after)}, Cell{f.deltaText()}});
    if (c.tierBefore != c.tierAfter)
        rows.push_back({Cell{QStringLiteral("Cluster scale tier")}, Cell{c.tierBefore}, Cell{c.tierAfter},
            Cell{QStringLiteral("changed")}});
    if (!rows.empty()) {
        page.subheading(QStringLiteral("Key figures"));
        PdfTable::draw(page,
            {{QStringLiteral("Figure"), 0.40}, {QStringLiteral("Before"), 0.20, Qt::AlignRight},
                {QStringLiteral("Now"), 0.20, Qt::AlignRight}, {QStringLiteral("Change"), 0.20, Qt::AlignRight}},
            rows, 8);
    }

    page.subheading(QStringLiteral("Cost"));
    rows.clear();
    for (const BandDifference& b : c.bands)
        rows.push_back({Cell{b.label}, Cell{bandText(d, b.before)}, Cell{bandText(d, b.after)},
            Cell{b.delta() ? signedRounded(d, b.delta()->mid) : QString()}});
    PdfTable::draw(page,
        {{QStringLiteral("Figure"), 0.28}, {QStringLiteral("Before"), 0.26, Qt::AlignRight},
            {QStringLiteral("Now"), 0.26, Qt::AlignRight}, {QStringLiteral("Change"), 0.20, Qt::AlignRight}},
        rows, 8);

    if (!c.bomLines.empty()) {
        page.subheading(QStringLiteral("Bill of materials lines that changed"));
        rows.clear();
        for (const BomLineDifference& l : c.bomLines)
            rows.push_back({Cell{l.description.isEmpty() ? l.sku : l.description, l.lengthClass},
                Cell{ReportData::number(l.quantityBefore)}, Cell{ReportData::number(l.quantityAfter)},
                Cell{d.money(l.extendedBefore.mid)}, Cell{d.money(l.extendedAfter.mid)},
                Cell{signedExact(d, l.extendedDelta().mid)}});
        PdfTable::draw(page,
            {{QStringLiteral("Item"), 0.34}, {QStringLiteral("Qty before"), 0.10, Qt::AlignRight},
                {QStringLiteral("Qty now"), 0.10, Qt::AlignRight}, {QStringLiteral("Before"), 0.15, Qt::AlignRight},
                {QStringLiteral("Now"), 0.15, Qt::AlignRight}, {QStringLiteral("Change"), 0.16, Qt::AlignRight}},
            rows, 7.8);
    }

    if (!c.findingsAdded.empty() || !c.findingsRemoved.empty() || !c.findingsWaived.empty()
        || !c.findingsUnwaived.empty()) {
        page.subheading(QStringLiteral("Design checks"));
        rows.clear();
        for (const Finding& f : c.findingsAdded)
            rows.push_back(
                {Cell{QStringLiteral("new"), QString(), false, f.severity == Severity::Error ? kError : kWarning},
                    Cell{ReportData::customerText(f.message)}});
        for (const Finding& f : c.findingsRemoved)
            rows.push_back(
                {Cell{QStringLiteral("resolved"), QString(), false, kOk}, Cell{ReportData::customerText(f.message)}});
        PdfTable::draw(page, {{QStringLiteral(""), 0.12}, {QStringLiteral("Point"), 0.88}}, rows, 8);
    }
}

} // namespace pw::sections
