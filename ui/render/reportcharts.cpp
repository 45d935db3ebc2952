#include "reportcharts.h"

#include "presentation/reportdata.h"
#include "reportstyle.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace pw {

using namespace reportstyle;

void ReportCharts::title(QPainter& p, const QRectF& area, const QString& text)
{
    p.setFont(font(9, true));
    p.setPen(kInk);
    p.drawText(QRectF(area.left(), area.top(), area.width(), 14), Qt::AlignLeft | Qt::AlignVCenter, text);
}

double ReportCharts::tiersHeight(const ReportData& d)
{
    return 30 + 22.0 * d.tiers.size() + 24;
}

void ReportCharts::bars(QPainter& p, const QRectF& area, const std::vector<std::pair<QString, double>>& values,
    const QString& heading, const std::function<QString(double)>& format)
{
    title(p, area, heading);
    if (values.empty())
        return;
    double maxV = 0;
    for (const auto& [k, v] : values)
        maxV = std::max(maxV, v);
    const double labelW = area.width() * 0.28;
    const double valueW = area.width() * 0.2;
    const double barH = 10;
    double yy = area.top() + 20;
    for (const auto& [k, v] : values) {
        p.setFont(font(7.5));
        p.setPen(kInk);
        p.drawText(QRectF(area.left(), yy, labelW - 6, barH + 4), Qt::AlignRight | Qt::AlignVCenter, k);
        const double bw = maxV > 0 ? (area.width() - labelW - valueW) * v / maxV : 0;
        p.setPen(Qt::NoPen);
        p.setBrush(kAccent);
        p.drawRect(QRectF(area.left() + labelW, yy + 2, std::max(0.5, bw), barH));
        p.setPen(kInk);
        p.drawText(
            QRectF(area.left() + labelW + bw + 4, yy, valueW, barH + 4), Qt::AlignLeft | Qt::AlignVCenter, format(v));
        yy += 16;
    }
}

void ReportCharts::tiers(QPainter& p, QPaintDevice* device, const QRectF& area, const ReportData& d)
{
    title(p, area,
        QStringLiteral("All-in cost (capital cost and support bought with it) against the tier table (log scale)"));
    // Tier names right-aligned left of the plot, as wide as the widest needs (at most a third).
    double nameW = 0;
    for (const Tier& t : d.tiers)
        nameW = std::max(nameW, QFontMetricsF(font(7.5, true), device).horizontalAdvance(t.name));
    nameW = std::min(nameW + 2, area.width() / 3);
    const QRectF plot(area.left() + nameW + 8, area.top() + 22, area.width() - nameW - 28, area.height() - 46);
    double lo = 1e5;
    double hi = 1e9;
    for (const Tier& t : d.tiers) {
        lo = std::min(lo, t.typicalCostMin);
        hi = std::max(hi, t.typicalCostMax.value_or(t.typicalCostMin * 3));
    }
    lo = std::min(lo, std::max(1.0, d.cost.allInBand.low) / 2);
    hi = std::max(hi, d.cost.allInBand.high * 2);
    const double llo = std::floor(std::log10(std::max(1.0, lo)));
    const double lhi = std::ceil(std::log10(hi));
    auto xOf
        = [&](double v) { return plot.left() + plot.width() * (std::log10(std::max(1.0, v)) - llo) / (lhi - llo); };
    p.setFont(font(6.5));
    for (double e = llo; e <= lhi; e += 1) {
        const double x = xOf(std::pow(10, e));
        p.setPen(QPen(kRule, 0.4, Qt::DashLine));
        p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        p.setPen(kMuted);
        p.drawText(QRectF(x - 30, plot.bottom() + 2, 60, 10), Qt::AlignCenter, d.roundedMoney(std::pow(10, e)));
    }
    const double rowH = plot.height() / std::max<size_t>(1, d.tiers.size());
    for (size_t i = 0; i < d.tiers.size(); ++i) {
        const Tier& t = d.tiers[i];
        const double yy = plot.top() + i * rowH;
        const bool mine = d.cost.tier && d.cost.tier->id == t.id;
        p.setFont(font(7.5, mine));
        p.setPen(kInk);
        p.drawText(QRectF(area.left(), yy, nameW, rowH), Qt::AlignRight | Qt::AlignVCenter,
            QFontMetricsF(font(7.5, mine), device).elidedText(t.name, Qt::ElideRight, nameW));
        const double x0 = xOf(t.typicalCostMin);
        const double x1 = t.typicalCostMax ? xOf(*t.typicalCostMax) : plot.right();
        p.setPen(Qt::NoPen);
        p.setBrush(mine ? kAccent : QColor(0xb8, 0xc7, 0xdb));
        p.drawRoundedRect(QRectF(x0, yy + rowH * 0.25, std::max(1.0, x1 - x0), rowH * 0.5), 2, 2);
    }
    // The design by its band (hardware-specs.md section 10): a shaded range from the low to the high
    // capital cost, the mid as a line.
    const double cx = xOf(d.cost.allInBand.mid);
    const double bx0 = xOf(d.cost.allInBand.low);
    const double bx1 = xOf(d.cost.allInBand.high);
    QColor bandFill = kError;
    bandFill.setAlpha(50);
    p.setPen(Qt::NoPen);
    p.setBrush(bandFill);
    p.drawRect(QRectF(bx0, plot.top() - 4, std::max(1.0, bx1 - bx0), plot.height() + 4));
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(kError, 1.4));
    p.drawLine(QPointF(cx, plot.top() - 4), QPointF(cx, plot.bottom()));
    p.setFont(font(7.5, true));
    p.setPen(kError);
    const QString label = QStringLiteral("this design, all-in: %1 (%2 to %3)")
                              .arg(d.roundedMoney(d.cost.allInBand.mid), d.roundedMoney(d.cost.allInBand.low),
                                  d.roundedMoney(d.cost.allInBand.high));
    // Right of the line when it fits, else left of it, and never past the chart's edges.
    const double lw = QFontMetricsF(font(7.5, true), device).horizontalAdvance(label) + 2;
    double lx = cx + 4 + lw <= area.right() ? cx + 4 : cx - 4 - lw;
    lx = std::clamp(lx, area.left(), std::max(area.left(), area.right() - lw));
    p.drawText(QRectF(lx, area.bottom() - 12, lw, 12), Qt::AlignLeft | Qt::AlignVCenter, label);
}

void ReportCharts::ownVersusCloud(QPainter& p, QPaintDevice* device, const QRectF& area, const ReportData& d)
{
    title(p, area, QStringLiteral("Cumulative cost: owning against renting the same GPU-hours"));
    const QRectF plot(area.left() + 60, area.top() + 22, area.width() - 80, area.height() - 50);
    const auto& own = d.ownCumulative;
    const auto& cloud = d.cloudCumulative;
    if (own.size() < 2)
        return;
    double maxV = 1;
    for (double v : own)
        maxV = std::max(maxV, v);
    for (double v : cloud)
        maxV = std::max(maxV, v);
    const double step = std::pow(10, std::floor(std::log10(maxV)));
    double top = std::ceil(maxV / step) * step;
    const int n = static_cast<int>(own.size()) - 1;
    auto pt = [&](int i, double v) {
        return QPointF(plot.left() + plot.width() * i / n, plot.bottom() - plot.height() * v / top);
    };
    p.setFont(font(6.5));
    const int ticks = 5;
    for (int k = 0; k <= ticks; ++k) {
        const double v = top * k / ticks;
        const double yy = plot.bottom() - plot.height() * k / ticks;
        p.setPen(QPen(kRule, 0.4, k == 0 ? Qt::SolidLine : Qt::DashLine));
        p.drawLine(QPointF(plot.left(), yy), QPointF(plot.right(), yy));
        p.setPen(kMuted);
        p.drawText(QRectF(area.left(), yy - 6, 56, 12), Qt::AlignRight | Qt::AlignVCenter, d.roundedMoney(v));
    }
    for (int i = 0; i <= n; ++i) {
        p.setPen(kMuted);
        p.drawText(
            QRectF(pt(i, 0).x() - 20, plot.bottom() + 2, 40, 10), Qt::AlignCenter, QStringLiteral("year %1").arg(i));
    }
    auto line = [&](const std::vector<double>& vs, const QColor& c) {
        QPainterPath path;
        path.moveTo(pt(0, vs[0]));
        for (int i = 1; i <= n; ++i)
            path.lineTo(pt(i, vs[static_cast<size_t>(i)]));
        p.setPen(QPen(c, 1.8));
        p.setBrush(Qt::NoBrush);
        p.drawPath(path);
        p.setBrush(c);
        for (int i = 0; i <= n; ++i)
            p.drawEllipse(pt(i, vs[static_cast<size_t>(i)]), 1.8, 1.8);
    };
    line(own, kAccent);
    line(cloud, kWarning);
    // Legend under the plot.
    const double ly = area.bottom() - 10;
    p.setFont(font(7.5));
    p.setPen(QPen(kAccent, 2));
    p.drawLine(QPointF(plot.left(), ly), QPointF(plot.left() + 16, ly));
    p.setPen(kInk);
    const QString ownText
        = QStringLiteral("own: capital cost + operating cost x years (TCO %1)").arg(d.roundedMoney(d.cost.tco));
    p.drawText(QPointF(plot.left() + 20, ly + 3), ownText);
    // The second entry after the first, never over it.
    const double x2 = std::max(plot.left() + plot.width() * 0.55,
        plot.left() + 20 + QFontMetricsF(font(7.5), device).horizontalAdvance(ownText) + 24);
    p.setPen(QPen(kWarning, 2));
    p.drawLine(QPointF(x2, ly), QPointF(x2 + 16, ly));
    p.setPen(kInk);
    p.drawText(QPointF(x2 + 20, ly + 3),
        QStringLiteral("cloud at %1 per GPU-hour").arg(d.money(d.cost.assumptions.cloudPricePerGpuHour.value, 2)));
}

} // namespace pw
