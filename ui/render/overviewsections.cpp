#include "reportsections.h"

#include "pdfpageflow.h"
#include "pdftable.h"
#include "reportcharts.h"
#include "reportstyle.h"

#include "util/plural.h"

#include <QFontMetricsF>
#include <QImage>
#include <QImageReader>
#include <QLocale>
#include <QSvgRenderer>

namespace pw::sections {

using namespace reportstyle;
using Cell = PdfTable::Cell;
using Column = PdfTable::Column;

void cover(PdfPageFlow& page, const ReportData& d)
{
    QPainter& p = page.painter();
    const QRectF& body = page.body();
    page.newPage(true);
    page.markSection(ReportSection::Cover);
    double top = body.top();
    const QSizeF logoBox(170, 64);
    QSvgRenderer svg;
    if (d.options.logoPath.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive) && svg.load(d.options.logoPath)
        && svg.isValid()) {
        // SVG logos stay vectors in the PDF.
        const QSizeF s = QSizeF(svg.defaultSize()).scaled(logoBox, Qt::KeepAspectRatio);
        svg.render(&p, QRectF(body.left(), top, s.width(), s.height()));
        top += logoBox.height() + 10;
    } else if (!d.options.logoPath.isEmpty()) {
        QImageReader reader(d.options.logoPath);
        reader.setAutoTransform(true);
        QSize sz = reader.size();
        if (sz.isValid() && (sz.width() > 1200 || sz.height() > 600))
            reader.setScaledSize(sz.scaled(1200, 600, Qt::KeepAspectRatio));
        const QImage logo = reader.read();
        if (!logo.isNull()) {
            const QSizeF s = QSizeF(logo.size()).scaled(logoBox, Qt::KeepAspectRatio);
            p.drawImage(QRectF(body.left(), top, s.width(), s.height()), logo);
            top += logoBox.height() + 10;
        }
    }
    page.y = top + 90;
    p.setPen(QPen(kAccent, 3));
    p.drawLine(QPointF(body.left(), page.y), QPointF(body.left() + 80, page.y));
    page.y += 16;
    p.setFont(font(12, true));
    p.setPen(kAccent);
    p.drawText(QRectF(body.left(), page.y, body.width(), 18), Qt::AlignLeft,
        ReportOptions::sectionTitle(ReportSection::Cover));
    page.y += 26;
    const QFont titleFont = font(25, true);
    const QString designTitle = page.wrapped(d.designName, titleFont, body.width(), 3);
    const double th = page.textHeight(designTitle, titleFont, body.width());
    p.setFont(titleFont);
    p.setPen(kInk);
    p.drawText(QRectF(body.left(), page.y, body.width(), th + 4), Qt::AlignLeft, designTitle);
    page.y += th + 18;
    std::vector<std::pair<QString, QString>> meta;
    if (!d.options.customer.isEmpty())
        meta.emplace_back(QStringLiteral("Prepared for"), d.options.customer);
    if (!d.options.preparedBy.isEmpty())
        meta.emplace_back(QStringLiteral("Prepared by"), d.options.preparedBy);
    meta.emplace_back(QStringLiteral("Date"),
        QLocale(QLocale::English, QLocale::UnitedStates).toString(d.date, QStringLiteral("MMMM d, yyyy")));
    meta.emplace_back(QStringLiteral("Version"), d.documentVersion);
    for (const auto& [k, v] : meta) {
        p.setFont(font(10));
        p.setPen(kMuted);
        p.drawText(QRectF(body.left(), page.y, 100, 16), Qt::AlignLeft | Qt::AlignVCenter, k);
        p.setFont(font(10, true));
        p.setPen(kInk);
        p.drawText(QRectF(body.left() + 100, page.y, body.width() - 100, 16), Qt::AlignLeft | Qt::AlignVCenter,
            QFontMetricsF(font(10, true), page.device()).elidedText(v, Qt::ElideRight, body.width() - 100));
        page.y += 18;
    }
    page.y += 24;
    const CostReport& c = d.cost;
    page.tiles({{QStringLiteral("GPUs"), ReportData::number(d.summary.gpus)},
        {QStringLiteral("Capital cost (estimate)"), d.roundedMoney(c.capex)},
        {QStringLiteral("Bisection bandwidth"),
            d.fabric.bisectionComputed ? ReportData::number(d.fabric.bisectionGbps) + QStringLiteral(" Gb/s")
                                       : QStringLiteral("not computed")}});
    // Contents with page numbers (known from the first pass).
    page.y += 18;
    p.setFont(font(11, true));
    p.setPen(kInk);
    p.drawText(QRectF(body.left(), page.y, body.width(), 16), Qt::AlignLeft, QStringLiteral("Contents"));
    page.y += 22;
    for (ReportSection s : d.options.printedSections()) {
        if (s == ReportSection::Cover)
            continue;
        p.setFont(font(9.5));
        p.setPen(kInk);
        const QString title = d.options.heading(s);
        p.drawText(QRectF(body.left(), page.y, body.width() - 40, 14), Qt::AlignLeft | Qt::AlignVCenter, title);
        const auto it = page.sectionPages().find(s);
        const QString pageNo = it == page.sectionPages().end() ? QString() : QString::number(it->second);
        p.drawText(QRectF(body.right() - 40, page.y, 40, 14), Qt::AlignRight | Qt::AlignVCenter, pageNo);
        p.setPen(QPen(kRule, 0.5, Qt::DotLine));
        const double tw = QFontMetricsF(font(9.5), page.device()).horizontalAdvance(title);
        p.drawLine(QPointF(body.left() + tw + 6, page.y + 10), QPointF(body.right() - 24, page.y + 10));
        page.y += 17;
    }
}

void summary(PdfPageFlow& page, const ReportData& d)
{
    page.section(ReportSection::Summary);
    const CostReport& c = d.cost;
    const FabricReport& f = d.fabric;
    page.tiles({{QStringLiteral("GPUs"), ReportData::number(d.summary.gpus)},
        {QStringLiteral("Tier (cluster type: %1)").arg(d.clusterType), c.tier ? c.tier->name : QStringLiteral("-")},
        {QStringLiteral("Bisection bandwidth"),
            f.bisectionComputed ? QStringLiteral("%1 Gb/s").arg(ReportData::number(f.bisectionGbps))
                                : QStringLiteral("not computed")},
        {QStringLiteral("IT power (maximum)"), QStringLiteral("%1 kW").arg(ReportData::number(c.itPowerKw, 1))},
        {QStringLiteral("Capital cost (estimate)"), d.roundedMoney(c.capex)},
        {QStringLiteral("Total cost of ownership, %1 years").arg(ReportData::number(c.assumptions.years.value)),
            d.roundedMoney(c.tco)}});
    page.y += 4;
    for (const QString& para : d.summaryText)
        page.paragraph(para, 9.5);
    page.subheading(QStringLiteral("Key figures"));
    std::vector<std::vector<Cell>> rows;
    auto row = [&](const QString& k, const QString& v, const QString& how = QString()) {
        rows.push_back({Cell{k}, Cell{v, how}});
    };
    row(QStringLiteral("GPUs / servers"),
        QStringLiteral("%1 in %2")
            .arg(counted(d.summary.gpus, "GPU", "GPUs"), counted(d.summary.servers, "server", "servers")));
    row(QStringLiteral("Cluster type"), d.clusterType, d.clusterTypeAndStack.typeNeeds);
    {
        const ClusterStackBlock& b = d.clusterTypeAndStack;
        if (b.users)
            row(QStringLiteral("Users or teams"), ReportData::number(*b.users));
        if (b.inferenceShare)
            row(QStringLiteral("Reserved for inference"),
                QStringLiteral("%1% of the GPUs (%2 GPUs)")
                    .arg(ReportData::number(*b.inferenceShare * 100, 0),
                        ReportData::number(b.inferenceGpus.value_or(0))));
        if (!b.nodes.empty())
            row(QStringLiteral("Management nodes"),
                QStringLiteral("%1, %2 kW maximum, %3")
                    .arg(counted(static_cast<long long>(b.nodes.size()), "node", "nodes"),
                        ReportData::number(b.powerMaxW / 1000.0, 1), d.roundedMoney(b.priceUsd)),
                QStringLiteral("head, control-plane, monitoring and fabric-manager nodes; counts are estimates"));
    }
    if (c.tier)
        row(QStringLiteral("Tier"), c.tier->name,
            QStringLiteral("all-in %1 to %2 (capital cost and the support bought with it) %3 the tier's typical range")
                .arg(d.roundedMoney(c.allInBand.low), d.roundedMoney(c.allInBand.high),
                    c.withinTypicalCost ? QStringLiteral("within") : QStringLiteral("outside")));
    if (d.verification)
        row(QStringLiteral("Acceptance (cabling verified)"), d.verification->headline(),
            QStringLiteral("the built cluster's discovery (%1, %2) against this design; the acceptance report lists "
                           "every difference")
                .arg(d.verification->source, d.verification->when.toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"))));
    row(QStringLiteral("Switches"),
        QStringLiteral("%1 (compute fabric); %2 in all")
            .arg(ReportData::tierSwitches(f.leafSwitches, f.spineSwitches, f.coreSwitches))
            .arg(d.summary.switches));
    if (f.bisectionComputed)
        row(QStringLiteral("Bisection bandwidth"),
            QStringLiteral("%1 Gb/s (ratio %2 of full)")
                .arg(ReportData::number(f.bisectionGbps), ReportData::number(f.bisectionRatio, 3)),
            QStringLiteral("%1; worst split: %2").arg(f.bisectionMethod, f.worstSplit));
    for (const auto& [tierName, t] : f.oversubscription)
        row(QStringLiteral("Oversubscription (%1)").arg(tierName), t.text());
    if (f.oneSpineLostRatio)
        row(QStringLiteral("One spine lost"),
            QStringLiteral("bisection ratio %1").arg(ReportData::number(*f.oneSpineLostRatio, 3)));
    if (f.oneLeafLostRatio)
        row(QStringLiteral("One leaf lost"),
            QStringLiteral("bisection ratio %1").arg(ReportData::number(*f.oneLeafLostRatio, 3)));
    if (f.separatePlanes) {
        double total = 0;
        for (double g : f.planeBisectionGbps)
            total += g;
        row(QStringLiteral("Compute planes"),
            QStringLiteral("%1 separate fabrics, bisection %2 Gb/s per plane, %3 Gb/s in total")
                .arg(f.planes)
                .arg(ReportData::number(f.planeBisectionGbps.empty() ? 0.0 : f.planeBisectionGbps.front(), 0),
                    ReportData::number(total, 0)));
        if (f.onePlaneLostRatio)
            row(QStringLiteral("One plane lost"),
                QStringLiteral("bisection ratio %1; every server stays connected")
                    .arg(ReportData::number(*f.onePlaneLostRatio, 3)));
    }
    row(QStringLiteral("Power"),
        QStringLiteral("%1 kW IT maximum, %2 kW typical, %3 kW facility (PUE %4)")
            .arg(ReportData::number(c.itPowerKw, 1), ReportData::number(c.itTypicalPowerKw, 1),
                ReportData::number(c.facilityPowerKw, 1), ReportData::number(c.assumptions.pue.value, 2)));
    row(QStringLiteral("Racks, cables, optics"),
        QStringLiteral("%1, %2, %3")
            .arg(counted(d.rackCount, "rack", "racks"), counted(f.cables, "cable", "cables"),
                counted(f.transceivers, "transceiver", "transceivers")));
    row(QStringLiteral("Capital cost"), d.roundedMoney(c.capex),
        QStringLiteral("%1 per GPU; band %2 to %3 (every estimate at the low or high end of its price band)")
            .arg(d.roundedMoney(c.costPerGpu), d.roundedMoney(c.capexBand.low), d.roundedMoney(c.capexBand.high)));
    row(QStringLiteral("Operating cost per year"), d.roundedMoney(c.opexPerYear),
        QStringLiteral("energy %1, support %2, facility %3, staff %4")
            .arg(d.roundedMoney(c.energyCostPerYear), d.roundedMoney(c.supportPerYear),
                d.roundedMoney(c.facilityPerYear), d.roundedMoney(c.staffPerYear)));
    row(QStringLiteral("Total cost of ownership"), d.roundedMoney(c.tco),
        QStringLiteral("over %1 years; band %2 to %3")
            .arg(ReportData::number(c.assumptions.years.value), d.roundedMoney(c.tcoBand.low),
                d.roundedMoney(c.tcoBand.high)));
    row(QStringLiteral("Cost per GPU-hour"), d.roundedMoney(c.costPerGpuHour),
        QStringLiteral("at %1% utilization; band %2 to %3")
            .arg(ReportData::number(c.assumptions.utilization.value * 100, 0), d.roundedMoney(c.costPerGpuHourBand.low),
                d.roundedMoney(c.costPerGpuHourBand.high)));
    row(QStringLiteral("Cloud comparison"),
        QStringLiteral("%1 per GPU-hour; owning breaks even %2")
            .arg(d.roundedMoney(c.assumptions.cloudPricePerGpuHour.value), c.breakEvenText()));
    PdfTable::draw(page, {{QStringLiteral("Figure"), 0.28}, {QStringLiteral("Value"), 0.72}}, rows, 8);
}

void stack(PdfPageFlow& page, const ReportData& d)
{
    page.section(ReportSection::Stack);
    const ClusterStackBlock& b = d.clusterTypeAndStack;
    const bool stated = b.type != ClusterType::Unspecified;
    const QString share = b.inferenceShare
        ? QStringLiteral("%1% (%2 GPUs)")
              .arg(ReportData::number(*b.inferenceShare * 100, 0), ReportData::number(b.inferenceGpus.value_or(0)))
        : QStringLiteral("-");
    page.tiles(
        {{QStringLiteral("Cluster type"), b.typeText},
            {QStringLiteral("Users or teams"), b.users ? ReportData::number(*b.users) : QStringLiteral("not stated")},
            {b.type == ClusterType::Mixed ? QStringLiteral("Reserved for inference") : QStringLiteral("GPUs"),
                b.type == ClusterType::Mixed ? share : ReportData::number(b.gpus)},
            {QStringLiteral("Management nodes"),
                QStringLiteral("%1 (%2 kW)")
                    .arg(ReportData::number(static_cast<double>(b.nodes.size())),
                        ReportData::number(b.powerMaxW / 1000.0, 1))}},
        4);
    if (stated) {
        page.paragraph(QStringLiteral("Cluster type: %1. %2").arg(b.typeText, b.typeNeeds), 9.5);
    } else {
        page.paragraph(QStringLiteral("Cluster type not stated. The design does not say whether it is for training, "
                                      "inference, both (mixed) or development, "
                                      "so the checks that depend on the type are not applied."),
            9.5);
    }
    QStringList who;
    if (b.users)
        who << QStringLiteral("Shared by %1 user%2 or team%2.")
                   .arg(ReportData::number(*b.users), *b.users == 1 ? QString() : QStringLiteral("s"));
    if (b.type == ClusterType::Mixed) {
        if (b.inferenceShare)
            who << QStringLiteral(
                "%1% of the %2 GPUs (%3 GPUs) are reserved for inference serving; the rest run training, "
                "partitioned by priority queues and reservations.")
                       .arg(ReportData::number(*b.inferenceShare * 100, 0), ReportData::number(b.gpus),
                           ReportData::number(b.inferenceGpus.value_or(0)));
        else
            who << QStringLiteral("The share of GPUs reserved for inference is not stated.");
    }
    if (!who.isEmpty())
        page.paragraph(who.join(QLatin1Char(' ')), 9.5);

    page.subheading(QStringLiteral("Software stack"));
    if (b.layers.empty()) {
        page.paragraph(QStringLiteral("The design names no software stack."), 9.5, kMuted);
    } else {
        page.paragraph(b.stackStored ? QStringLiteral("The stack stored with the design.")
                                     : QStringLiteral("The design stores no stack: this is the default for %1.")
                                           .arg(stated ? QStringLiteral("a %1 cluster").arg(b.typeText)
                                                       : QStringLiteral("an unstated cluster type (as training)")),
            8.5, kMuted);
        std::vector<std::vector<Cell>> rows;
        for (const ClusterStackBlock::Layer& l : b.layers) // one row per layer, one line per component
            rows.push_back({Cell{l.name, QString(), true}, Cell{l.components.join(QLatin1Char('\n'))}});
        PdfTable::draw(page, {{QStringLiteral("Layer"), 0.32}, {QStringLiteral("Component"), 0.68}}, rows, 8.5);
    }

    if (!b.neededRoles.empty()) {
        page.subheading(QStringLiteral("Management servers the stack needs"));
        std::vector<std::vector<Cell>> rows;
        for (const ClusterStackBlock::Role& r : b.neededRoles)
            rows.push_back({Cell{r.id}, Cell{ReportData::number(r.count)}, Cell{r.prefix}, Cell{r.reason}});
        PdfTable::draw(page,
            {{QStringLiteral("Role"), 0.25}, {QStringLiteral("Count"), 0.08, Qt::AlignRight},
                {QStringLiteral("Name prefix"), 0.15}, {QStringLiteral("Why"), 0.52}},
            rows, 8);
    }

    page.subheading(QStringLiteral("Management nodes in the design"));
    if (b.nodes.empty()) {
        page.paragraph(
            QStringLiteral(
                "The design places no management node (head, control-plane, monitoring server or UFM appliance)."),
            9.5, kMuted);
    } else {
        std::vector<std::vector<Cell>> rows;
        for (const ClusterStackBlock::ManagementNode& n : b.nodes)
            rows.push_back({Cell{n.name}, Cell{n.role}, Cell{n.sku},
                Cell{ReportData::number(n.powerMaxW) + QStringLiteral(" W")}, Cell{d.money(n.priceUsd)}});
        std::vector<int> bold{static_cast<int>(rows.size())};
        rows.push_back(
            {Cell{QStringLiteral("Total (%1)").arg(counted(static_cast<long long>(b.nodes.size()), "node", "nodes"))},
                Cell{}, Cell{}, Cell{ReportData::number(b.powerMaxW) + QStringLiteral(" W")},
                Cell{d.money(b.priceUsd)}});
        PdfTable::draw(page,
            {{QStringLiteral("Name"), 0.2}, {QStringLiteral("Role"), 0.24}, {QStringLiteral("SKU"), 0.22},
                {QStringLiteral("Max power"), 0.14, Qt::AlignRight}, {QStringLiteral("Price"), 0.2, Qt::AlignRight}},
            rows, 8, bold);
    }
    page.paragraph(
        QStringLiteral("Note: ") + ReportData::customerText(b.footnote) + QLatin1Char('.'), 7.5, kMuted, true);
}

} // namespace pw::sections
