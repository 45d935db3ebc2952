#include "reportsections.h"

#include "pdfpageflow.h"
#include "pdftable.h"
#include "reportcharts.h"
#include "reportstyle.h"

#include "presentation/slotlabel.h"
#include "util/plural.h"

#include "diagramrenderer.h"
#include "drawingpalette.h"

#include <QFontMetricsF>

#include <map>

namespace pw::sections {

using namespace reportstyle;
using Cell = PdfTable::Cell;
using Column = PdfTable::Column;

void topology(PdfPageFlow& page, const ReportData& d)
{
    QPainter& p = page.painter();
    const QRectF& body = page.body();
    page.section(ReportSection::Topology, true); // the diagram takes the whole page
    const DiagramModel& m = d.diagram;
    page.paragraph(m.aggregated
            ? QStringLiteral("%1 and %2, aggregated: servers and leaves by scalable unit (or rack), other "
                             "switches by network and tier. "
                             "Each line is a bundle of links; its label gives the number of links.")
                  .arg(counted(m.nodes, "node", "nodes"), counted(m.links, "link", "links"))
            : QStringLiteral("%1 and %2, one box per node. Lines with a number are bundles of that many links.")
                  .arg(counted(m.nodes, "node", "nodes"), counted(m.links, "link", "links")),
        8.5, kMuted);
    // Legend.
    double x = body.left();
    p.setFont(font(7.5));
    for (Network n : {Network::Compute, Network::Storage, Network::InBand, Network::OutOfBand}) {
        const QString name = networkLegendName(n);
        p.setPen(QPen(networkColor(n), 2));
        p.drawLine(QPointF(x, page.y + 5), QPointF(x + 14, page.y + 5));
        p.setPen(kInk);
        p.drawText(QPointF(x + 18, page.y + 8), name);
        x += 30 + QFontMetricsF(font(7.5), page.device()).horizontalAdvance(name);
    }
    page.y += 22;
    const QRectF area(body.left(), page.y, body.width(), page.room());
    // The diagram fills the rest of the page whatever it draws: pass 1 has nothing to learn from
    // painting it (at 100,000 GPUs its bundles and their compression were a tenth of `report`).
    if (!page.countingPages())
        DiagramRenderer::paint(p, m, area, 7.0);
    page.y = body.bottom();
}

namespace {

// The power and cooling chain (facility/powerchain.h): the figures `podwright-cli power` prints.
void powerAndCooling(PdfPageFlow& page, const ReportData& d)
{
    const PowerChain& c = d.power;
    const FacilityAssumptions& a = c.assumptions;
    // The block stays together when it fits a page: a few lines of it alone on the section's last
    // page would leave that page nearly empty (about 16 pt per table line, 130 pt of text).
    const double rowsShown
        = static_cast<double>(std::min<size_t>(c.rows.size(), 40) + std::min<size_t>(c.loops.size(), 40));
    page.ensure(std::min(page.body().height() * 0.9, 130 + 16 * (rowsShown + 2)));
    page.subheading(QStringLiteral("Power and cooling"));
    // Liquid and rack-scale sentences only where the design has them: an air-cooled L40S design read
    // "0.0 kW of heat goes to liquid" and "facility defaults of GB200 NVL72".
    const QString heat = c.liquidKw > 0
        ? QStringLiteral(" At maximum load %1 kW of heat goes to liquid (cold plates) and %2 kW to the room's air.")
              .arg(ReportData::number(c.liquidKw, 1), ReportData::number(c.airKw, 1))
        : QStringLiteral(" Every item is air-cooled: all of the heat goes to the room's air.");
    const QString rackScale = a.systemSku.isEmpty()
        ? QString()
        : QStringLiteral(" Power mode %1: rack-scale systems at their %1 draw, fed for their power shelves; "
                         "facility defaults of %2.")
              .arg(toString(c.figures.mode), a.generation);
    page.paragraph(QStringLiteral("IT load %1 kW maximum, %2 kW typical; at PUE %3 the facility draws %4 kW maximum, "
                                  "%5 kW typical.%6%7")
                       .arg(ReportData::number(c.figures.itMaxKw, 1), ReportData::number(c.figures.itTypicalKw, 1),
                           ReportData::number(c.figures.pue, 2), ReportData::number(c.figures.facilityMaxKw, 1),
                           ReportData::number(c.facilityTypicalKw, 1), heat, rackScale),
        9);
    if (!c.figures.distributionNote().isEmpty()) // with its source: NVIDIA's claim
        page.paragraph(
            QStringLiteral("Power chain: %1. %2.")
                .arg(counted(static_cast<long long>(c.sidecars.size()), "sidecar power rack", "sidecar power racks"),
                    c.figures.distributionNote()),
            9);
    int survive = 0;
    int fed = 0;
    for (const RackChain& r : c.racks) {
        fed += !r.feeds.empty();
        survive += r.survivesOneFeedLost(c.feeds);
    }
    const auto racks = static_cast<long long>(c.racks.size());
    page.paragraph(QStringLiteral("Rack feeds: %1 of %2 %3 fed (%4 rack PDUs or power shelves); %5 %6 their "
                                  "maximum with one feed lost.")
                       .arg(fed)
                       .arg(counted(racks, "rack", "racks"), plural(fed, "is", "are"))
                       .arg(c.feeds.size())
                       .arg(survive)
                       .arg(plural(survive, "carries", "carry")),
        9);
    if (!c.rows.empty()) {
        std::vector<PdfTable::Row> rows;
        const size_t shownRows = std::min<size_t>(c.rows.size(), 40);
        for (size_t i = 0; i < shownRows; ++i) {
            const RowChain& r = c.rows[i];
            const bool over = a.rowOverLimit(r.maxKw);
            rows.push_back({{r.name}, {ReportData::number(static_cast<double>(r.racks.size()))},
                {ReportData::number(r.gpus)}, {ReportData::number(r.maxKw, 1), {}, over, over ? kError : kInk},
                {ReportData::number(r.typicalKw, 1)}, {ReportData::number(r.liquidKw, 1)},
                {ReportData::number(r.airKw, 1)}});
        }
        PdfTable::draw(page,
            {{QStringLiteral("Row"), 0.22}, {QStringLiteral("Racks"), 0.1, Qt::AlignRight},
                {QStringLiteral("GPUs"), 0.12, Qt::AlignRight}, {QStringLiteral("Max kW"), 0.14, Qt::AlignRight},
                {QStringLiteral("Typical kW"), 0.14, Qt::AlignRight},
                {QStringLiteral("Liquid kW"), 0.14, Qt::AlignRight}, {QStringLiteral("Air kW"), 0.14, Qt::AlignRight}},
            rows);
        if (c.rows.size() > shownRows)
            page.paragraph(
                QStringLiteral("%1 further rows; podwright-cli power lists them all.").arg(c.rows.size() - shownRows),
                8.5, kMuted);
    }
    if (!c.loops.empty()) {
        std::vector<PdfTable::Row> rows;
        const size_t shownLoops = std::min<size_t>(c.loops.size(), 40);
        for (size_t i = 0; i < shownLoops; ++i) {
            const CoolantLoop& l = c.loops[i];
            // The loop assignment is the power chain's: the CDUs placed on the floor that feed it.
            rows.push_back({{l.name}, {ReportData::number(static_cast<double>(l.racks.size()))},
                {ReportData::number(l.liquidKw, 1)},
                {QStringLiteral("%1 + %2").arg(l.cdusNeeded).arg(l.cdus - l.cdusNeeded)},
                {c.cdusOnFloor ? (l.cduNames.isEmpty() ? QStringLiteral("none") : l.cduNames.join(QStringLiteral(", ")))
                               : ReportData::number(l.cdus)}});
        }
        PdfTable::draw(page,
            {{QStringLiteral("Coolant loop"), 0.22}, {QStringLiteral("Racks"), 0.08, Qt::AlignRight},
                {QStringLiteral("Liquid kW"), 0.13, Qt::AlignRight},
                {QStringLiteral("CDUs needed + spare"), 0.2, Qt::AlignRight},
                {c.cdusOnFloor ? QStringLiteral("CDUs feeding it") : QStringLiteral("CDUs"), 0.37,
                    c.cdusOnFloor ? Qt::AlignLeft : Qt::AlignRight}},
            rows);
        if (c.loops.size() > shownLoops)
            page.paragraph(QStringLiteral("%1 further coolant loops; podwright-cli power lists them all.")
                               .arg(c.loops.size() - shownLoops),
                8.5, kMuted);
        if (c.cdusOnFloor)
            page.paragraph(
                QStringLiteral("%1 coolant distribution units (%2 kW each) stand on the floor for %3 "
                               "coolant loops (%4 planned); each feeds the loop of the liquid-cooled "
                               "racks just before it in its row%5.")
                    .arg(c.cdusPlaced)
                    .arg(ReportData::number(a.cduCapacityKw.value))
                    .arg(c.loops.size())
                    .arg(c.cdusPlanned())
                    .arg(c.cdusUnassigned.empty() ? QString()
                                                  : QStringLiteral("; %1 feed no loop").arg(c.cdusUnassigned.size())),
                9);
        else
            page.paragraph(
                QStringLiteral("%1 coolant distribution units planned (%2 kW each); %3 placed in the design.")
                    .arg(c.cdusPlanned())
                    .arg(ReportData::number(a.cduCapacityKw.value))
                    .arg(c.cdusPlaced),
                9);
    }
    page.paragraph(ReportData::customerText(
                       QStringLiteral("Assumptions: %1.").arg(c.assumptionLines().mid(1).join(QStringLiteral("; ")))),
        7.5, kMuted);
}

} // namespace

void racks(PdfPageFlow& page, const ReportData& d)
{
    QPainter& p = page.painter();
    const QRectF& body = page.body();
    page.section(ReportSection::Racks);
    if (d.racks.empty()) {
        page.paragraph(QStringLiteral("The design places no node in a rack."));
        return;
    }
    page.paragraph(
        QStringLiteral("%1 in %2. Racks with identical contents share one drawing; the names under each drawing "
                       "list them.")
            .arg(counted(d.rackCount, "rack", "racks"),
                counted(static_cast<long long>(d.racks.size()), "layout", "layouts")),
        8.5, kMuted);
    const int perRow = 4;
    const double gap = 14;
    const double colW = (body.width() - gap * (perRow - 1)) / perRow;
    const size_t maxLayouts = 48;
    const size_t shown = std::min(maxLayouts, d.racks.size());
    for (size_t i = 0; i < shown; i += perRow) {
        int maxU = 0;
        bool misplaced = false;
        for (size_t k = i; k < std::min(shown, i + perRow); ++k) {
            maxU = std::max(maxU, d.racks[k].heightU);
            misplaced = misplaced || !d.racks[k].misplaced.isEmpty();
        }
        // One row of racks takes a page's height at most; fit two rows of short racks.
        const double extra = misplaced ? 46 : 0; // four lines listing the nodes not drawn
        double uH = std::min(12.0, (body.height() - 138 - extra) / std::max(1, maxU));
        // A row a little taller than the room left (under the section's heading) shrinks to fit
        // rather than start a page of its own and leave this one nearly empty.
        if (const double fitted = (page.room() - 82 - extra) / std::max(1, maxU); fitted < uH && fitted >= 0.9 * uH)
            uH = fitted;
        const double rowH = maxU * uH + 82 + extra;
        page.ensure(rowH);
        for (size_t k = i; k < std::min(shown, i + perRow); ++k) {
            const RackElevation& r = d.racks[k];
            const double x = body.left() + (k - i) * (colW + gap);
            QStringList names = r.rackNames;
            const QString title = names.size() > 1 ? QStringLiteral("%1 (x %2)").arg(r.name).arg(names.size()) : r.name;
            p.setFont(font(8.5, true));
            p.setPen(kInk);
            p.drawText(QRectF(x, page.y, colW, 12), Qt::AlignLeft | Qt::AlignVCenter,
                QFontMetricsF(font(8.5, true), page.device()).elidedText(title, Qt::ElideRight, colW));
            p.setFont(font(6.5));
            p.setPen(kMuted);
            // Height and cooling on one line, the model on the next, each within the column: on one
            // line "48U liquid-cooled, 48U EIA-31…" lost the model to the ellipsis.
            p.drawText(QRectF(x, page.y + 12, colW, 9), Qt::AlignLeft | Qt::AlignVCenter,
                QStringLiteral("%1U%2").arg(r.heightU).arg(
                    r.liquidCooled ? QStringLiteral(", liquid-cooled") : QString()));
            const QString height = QStringLiteral("%1U ").arg(r.heightU); // said on the line above
            p.drawText(QRectF(x, page.y + 21, colW, 9), Qt::AlignLeft | Qt::AlignVCenter,
                page.elided(r.model.startsWith(height) ? r.model.mid(height.size()) : r.model, font(6.5), colW - 2));
            const double top = page.y + 34;
            const double railW = 12;
            const QRectF frame(x + railW, top, colW - railW, r.heightU * uH);
            p.setPen(QPen(QColor(0x44, 0x44, 0x44), 0.8));
            p.setBrush(QColor(0xfa, 0xfa, 0xfa));
            p.drawRect(frame);
            p.setFont(font(std::min(5.5, uH * 0.55)));
            p.setPen(QColor(0x99, 0x99, 0x99));
            for (int u = 1; u <= r.heightU; ++u) {
                const double uy = frame.bottom() - u * uH;
                if (u % 2 == 1 || uH >= 9)
                    p.drawText(QRectF(x, uy, railW - 2, uH), Qt::AlignRight | Qt::AlignVCenter, QString::number(u));
            }
            for (const RackElevation::Slot& s : r.slots) {
                const QRectF sr(frame.left() + 1, frame.bottom() - (s.u - 1 + s.heightU) * uH + 0.5, frame.width() - 2,
                    s.heightU * uH - 1);
                QColor fill(0xe3, 0xee, 0xfb);
                if (s.kind == DiagramModel::Kind::Switch)
                    fill = QColor(0xd5, 0xe8, 0xd4);
                else if (s.kind == DiagramModel::Kind::Storage)
                    fill = QColor(0xfd, 0xed, 0xd3);
                else if (s.kind == DiagramModel::Kind::Appliance || s.kind == DiagramModel::Kind::Other)
                    fill = QColor(0xee, 0xe6, 0xf7);
                p.setPen(QPen(QColor(0x70, 0x80, 0x90), 0.5));
                p.setBrush(fill);
                p.drawRect(sr);
                const QFont sf = font(std::min(6.5, std::max(4.0, uH * 0.55)));
                p.setFont(sf);
                p.setPen(kInk);
                const QFontMetricsF fm(sf, page.device());
                const double room = sr.width() - 4;
                const auto fits = [&](const QString& t) { return fm.horizontalAdvance(t) <= room; };
                // Two lines (name over model) where the slot is tall enough, else one label that fits.
                QStringList lines = s.heightU >= 2 && uH * s.heightU >= 16
                    ? QStringList{s.name, SlotLabel::choose({s.model, s.sku}, fits)}
                    : QStringList{SlotLabel::choose(SlotLabel::candidates(s.name, s.model, s.sku), fits)};
                for (QString& l : lines)
                    l = fm.elidedText(l, Qt::ElideRight, room);
                p.drawText(sr.adjusted(2, 0, -2, 0), Qt::AlignCenter, lines.join(QLatin1Char('\n')));
            }
            double ty = frame.bottom() + 4;
            p.setFont(font(6.5));
            p.setPen(r.powerBudgetKw > 0 && r.powerKw > r.powerBudgetKw ? kError : kMuted);
            p.drawText(QRectF(x, ty, colW, 10), Qt::AlignLeft | Qt::AlignVCenter,
                r.powerBudgetKw > 0 ? QStringLiteral("%1 kW of %2 kW budget")
                                          .arg(ReportData::number(r.powerKw, 1), ReportData::number(r.powerBudgetKw, 1))
                                    : QStringLiteral("%1 kW maximum").arg(ReportData::number(r.powerKw, 1)));
            if (names.size() > 1) {
                ty += 10;
                p.setPen(kMuted);
                QString list = names.mid(0, 12).join(QStringLiteral(", "))
                    + (names.size() > 12 ? QStringLiteral(", ...") : QString());
                p.drawText(QRectF(x, ty, colW, 24), Qt::AlignLeft | Qt::TextWordWrap, list);
                ty += 14;
            }
            if (!r.misplaced.isEmpty()) {
                // Left out of the drawing, never drawn over the rack's top or another node.
                ty += 10;
                p.setPen(kError);
                const QFontMetricsF fm(font(6.5), page.device());
                p.drawText(QRectF(x, ty, colW, 36), Qt::AlignLeft | Qt::TextWordWrap,
                    fm.elidedText(QStringLiteral("Not drawn (RACK-HEIGHT, RACK-OVERLAP): %1")
                                      .arg(r.misplaced.join(QStringLiteral(", "))),
                        Qt::ElideRight, colW * 3.5));
            }
        }
        page.y += rowH;
    }
    if (d.racks.size() > shown)
        page.paragraph(
            QStringLiteral("%1 further rack layouts are not drawn; the cabling plan export lists every rack and U.")
                .arg(d.racks.size() - shown),
            8.5, kMuted);
    powerAndCooling(page, d);
}

void cabling(PdfPageFlow& page, const ReportData& d)
{
    QPainter& p = page.painter();
    const QRectF& body = page.body();
    page.section(ReportSection::Cabling);
    std::map<QString, int> byType;
    std::map<QString, int> byNetwork;
    for (const CablingLine& l : d.cabling) {
        byType[l.type] += l.count;
        byNetwork[l.network] += l.count;
    }
    QStringList types;
    for (const auto& [t, n] : byType)
        types << QStringLiteral("%1 %2").arg(ReportData::number(n), t);
    page.paragraph(QStringLiteral("%1 in all: %2. They take %3 as bought (a twin-port cable carries two links, a "
                                  "splitter several; the bill of materials' count). The cabling plan (a spreadsheet "
                                  "with one row per link: both ends' device, port, rack and U, and the label of its "
                                  "cable) and a point-to-point list for cable-validation tools are available with "
                                  "this design.")
                       .arg(counted(d.linkCount, "link", "links"), types.join(QStringLiteral(", ")),
                           counted(d.cablesBought, "cable", "cables")),
        9);
    std::vector<std::pair<QString, double>> bars;
    for (const auto& [t, n] : byType)
        bars.emplace_back(t, n);
    const double chartH = ReportCharts::barsHeight(bars.size());
    page.ensure(chartH + 10);
    ReportCharts::bars(p, QRectF(body.left(), page.y, body.width(), chartH), bars,
        QStringLiteral("Links by cable or optic type"), [](double n) { return ReportData::number(n); });
    page.y += chartH + 10;
    page.subheading(QStringLiteral("By network, type and length class"));
    std::vector<std::vector<Cell>> rows;
    for (const CablingLine& l : d.cabling)
        rows.push_back({Cell{l.network}, Cell{l.type}, Cell{l.lengthClass}, Cell{ReportData::number(l.count)}});
    std::vector<int> bold{static_cast<int>(rows.size())};
    rows.push_back({Cell{QStringLiteral("Total")}, Cell{}, Cell{}, Cell{ReportData::number(d.linkCount)}});
    PdfTable::draw(page,
        {{QStringLiteral("Network"), 0.25}, {QStringLiteral("Cable or optic type"), 0.35},
            {QStringLiteral("Length class"), 0.2}, {QStringLiteral("Links"), 0.2, Qt::AlignRight}},
        rows, 8.5, bold);
}

void validation(PdfPageFlow& page, const ReportData& d)
{
    page.section(ReportSection::Validation);
    const FindingCounts& c = d.findingCounts;
    page.tiles({{QStringLiteral("Errors"), QString::number(c.errors)},
                   {QStringLiteral("Warnings"), QString::number(c.warnings)},
                   {QStringLiteral("Information"), QString::number(c.infos)},
                   {QStringLiteral("Waived"), QString::number(c.waived)}},
        4);
    if (d.findings.empty()) {
        page.paragraph(QStringLiteral("No design rule reports anything: every check passed."), 9.5, kOk);
        return;
    }
    page.paragraph(
        QStringLiteral("Every finding of the design rules, with its severity. A waived finding stays listed with "
                       "the written reason for accepting it."),
        8.5, kMuted);
    std::vector<std::vector<Cell>> rows;
    for (const Finding& f : d.findings) {
        const QColor color = f.waived()       ? kMuted
            : f.severity == Severity::Error   ? kError
            : f.severity == Severity::Warning ? kWarning
                                              : kInfo;
        QString note = ReportData::customerText(f.explanation);
        if (f.waived())
            note = QStringLiteral("Waived%1: %2")
                       .arg(f.waiver->author.isEmpty() ? QString() : QStringLiteral(" by %1").arg(f.waiver->author),
                           f.waiver->reason)
                + (note.isEmpty() ? QString() : QStringLiteral("\n") + note);
        rows.push_back({Cell{toString(f.severity) + (f.waived() ? QStringLiteral("\n(waived)") : QString()), QString(),
                            true, color},
            Cell{f.code}, Cell{ReportData::customerText(f.message), note}});
    }
    PdfTable::draw(page,
        {{QStringLiteral("Severity"), 0.11}, {QStringLiteral("Rule"), 0.25, Qt::AlignLeft, 6.8},
            {QStringLiteral("Finding"), 0.64}},
        rows, 7.8);
}

} // namespace pw::sections
