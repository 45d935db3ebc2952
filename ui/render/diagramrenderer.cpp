#include "diagramrenderer.h"

#include "drawingpalette.h"

#include <QFont>
#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <map>

namespace pw {

namespace {

QColor boxFill(const DiagramModel::Box& b)
{
    switch (b.kind) {
    case DiagramModel::Kind::Server:
        return QColor(0xe3, 0xee, 0xfb);
    case DiagramModel::Kind::Switch: {
        // 18 % of the network's colour on white: a tint, never a loud fill.
        const QColor c = networkColor(b.network);
        return QColor(
            255 - (255 - c.red()) * 18 / 100, 255 - (255 - c.green()) * 18 / 100, 255 - (255 - c.blue()) * 18 / 100);
    }
    case DiagramModel::Kind::Storage:
        return QColor(0xfd, 0xed, 0xd3);
    case DiagramModel::Kind::Appliance:
        return QColor(0xee, 0xe6, 0xf7);
    case DiagramModel::Kind::Other:
        break;
    }
    return QColor(0xf0, 0xf0, 0xf0);
}

constexpr double kTitleWidth = 0; // row titles sit above their row

} // namespace

DiagramRenderer::Layout DiagramRenderer::layout(const DiagramModel& model, double width, double boxFont)
{
    Layout out;
    out.boxes.resize(model.boxes.size());
    out.approach.assign(model.boxes.size(), 0.0);
    out.depart.assign(model.boxes.size(), 0.0);
    const double gap = boxFont * 1.6;
    const double boxH = boxFont * 4.6;
    const double minBoxW = boxFont * 11;
    const double maxBoxW = boxFont * 20;
    const double lineGap = boxFont * 1.6;
    const double rowGap = boxFont * 6.5;
    const double usable = width - kTitleWidth;
    std::map<int, std::vector<int>> rows;
    for (size_t i = 0; i < model.boxes.size(); ++i)
        rows[static_cast<int>(model.boxes[i].row)].push_back(static_cast<int>(i));
    double y = 0;
    bool first = true;
    const int leafRow = static_cast<int>(DiagramModel::Row::Leaf);
    const int serverRow = static_cast<int>(DiagramModel::Row::Servers);
    // Aggregated designs: each unit's leaves sit right above its servers, so the bundles between
    // them are short vertical lines instead of a weave across the page.
    const bool band = model.aggregated && rows.count(leafRow) && rows.count(serverRow);
    for (const auto& [row, boxes] : rows) {
        if (band && row == serverRow)
            continue;
        if (!first)
            y += rowGap;
        first = false;
        if (band && row == leafRow) {
            std::vector<std::pair<int, int>> columns; // leaf box, server box
            std::map<int, size_t> byUnit;
            for (int b : rows[leafRow]) {
                const int unit = model.boxes[static_cast<size_t>(b)].unit;
                if (unit != 0)
                    byUnit[unit] = columns.size();
                columns.emplace_back(b, -1);
            }
            for (int b : rows[serverRow]) {
                const int unit = model.boxes[static_cast<size_t>(b)].unit;
                const auto it = unit != 0 ? byUnit.find(unit) : byUnit.end();
                if (it != byUnit.end() && columns[it->second].second < 0)
                    columns[it->second].second = b;
                else
                    columns.emplace_back(-1, b);
            }
            out.rowTitles.emplace_back(y, QStringLiteral("Leaves above the servers of each scalable unit"));
            y += boxFont * 1.8;
            const int perLine = std::max(1, static_cast<int>((usable + gap) / (minBoxW + gap)));
            const int n = static_cast<int>(columns.size());
            const int lines = (n + perLine - 1) / perLine;
            const int inLine = (n + lines - 1) / lines;
            const double stagger = lines > 1 ? 0.5 : 0.0;
            const double boxW = std::min(maxBoxW, (usable + gap) / (inLine + stagger) - gap);
            const double bandGap = boxFont * 3.2;
            const double bandH = 2 * boxH + bandGap + lineGap * 2.5;
            for (int line = 0; line < lines; ++line) {
                const int from = line * inLine;
                const int to = std::min(n, from + inLine);
                const double lineW = (to - from) * (boxW + gap) - gap;
                double x = kTitleWidth + (usable - lineW) / 2 + (line % 2 == 1 ? 0.5 : -0.5) * stagger * (boxW + gap);
                for (int k = from; k < to; ++k) {
                    const auto [leaf, server] = columns[static_cast<size_t>(k)];
                    if (leaf >= 0) {
                        out.boxes[static_cast<size_t>(leaf)] = QRectF(x, y, boxW, boxH);
                        out.approach[static_cast<size_t>(leaf)] = line * bandH;
                    }
                    if (server >= 0) {
                        out.boxes[static_cast<size_t>(server)] = QRectF(x, y + boxH + bandGap, boxW, boxH);
                        out.depart[static_cast<size_t>(server)] = (lines - 1 - line) * bandH;
                    }
                    x += boxW + gap;
                }
                y += 2 * boxH + bandGap + (line + 1 < lines ? lineGap * 2.5 : 0);
            }
            continue;
        }
        out.rowTitles.emplace_back(y, DiagramModel::rowTitle(static_cast<DiagramModel::Row>(row)));
        y += boxFont * 1.8;
        const int perLine = std::max(1, static_cast<int>((usable + gap) / (minBoxW + gap)));
        const int n = static_cast<int>(boxes.size());
        const int lines = (n + perLine - 1) / perLine;
        const int inLine = (n + lines - 1) / lines; // balance lines
        const double stagger = lines > 1 ? 0.5 : 0.0;
        const double boxW = std::min(maxBoxW, (usable + gap) / (inLine + stagger) - gap);
        const double lineH = boxH + lineGap * 2;
        for (int line = 0; line < lines; ++line) {
            const int from = line * inLine;
            const int to = std::min(n, from + inLine);
            const double lineW = (to - from) * (boxW + gap) - gap;
            double x = kTitleWidth + (usable - lineW) / 2 + (line % 2 == 1 ? 0.5 : -0.5) * stagger * (boxW + gap);
            for (int k = from; k < to; ++k) {
                const auto b = static_cast<size_t>(boxes[static_cast<size_t>(k)]);
                out.boxes[b] = QRectF(x, y, boxW, boxH);
                out.approach[b] = line * lineH;
                out.depart[b] = (lines - 1 - line) * lineH;
                x += boxW + gap;
            }
            y += boxH + (line + 1 < lines ? lineGap * 2 : 0);
        }
    }
    out.height = y;
    return out;
}

void DiagramRenderer::paint(QPainter& p, const DiagramModel& model, const QRectF& target, double boxFont)
{
    Layout l = layout(model, target.width(), boxFont);
    p.save();
    p.translate(target.topLeft());
    if (l.height > target.height() && l.height > 0) {
        // Too tall: lay out again wider and shrink uniformly; text stays proportionate.
        const double s = std::max(0.4, target.height() / l.height);
        l = layout(model, target.width() / s, boxFont);
        p.scale(s, s);
    }
    p.setRenderHint(QPainter::Antialiasing, true);

    QFont labelFont(QStringLiteral("DejaVu Sans"));
    labelFont.setPointSizeF(boxFont);
    labelFont.setBold(true);
    QFont detailFont(QStringLiteral("DejaVu Sans"));
    detailFont.setPointSizeF(boxFont * 0.86);
    QFont bundleFont(QStringLiteral("DejaVu Sans"));
    bundleFont.setPointSizeF(boxFont * 0.8);
    QFont titleFont(QStringLiteral("DejaVu Sans"));
    titleFont.setPointSizeF(boxFont * 0.95);
    titleFont.setItalic(true);

    // Row titles first: bundle lines may run over them, their count labels never do.
    p.setFont(titleFont);
    p.setPen(QColor(0x70, 0x70, 0x70));
    const QFontMetricsF ft(titleFont, p.device());
    std::vector<QRectF> titleRects;
    for (const auto& [y, title] : l.rowTitles) {
        p.drawText(QPointF(0, y + boxFont), title);
        // With a margin: a count just past the caption's end would read as part of it.
        titleRects.emplace_back(
            -2, y + boxFont - ft.ascent() - 1, ft.horizontalAdvance(title) + boxFont * 2, ft.height() + 2);
    }
    const QFontMetricsF fb(bundleFont, p.device());
    // The point of `path` (falling monotonically) at height `y`.
    auto pointAtY = [](const QPainterPath& path, double y) {
        double lo = 0;
        double hi = 1;
        for (int k = 0; k < 24; ++k) {
            const double mid = (lo + hi) / 2;
            (path.pointAtPercent(mid).y() < y ? lo : hi) = mid;
        }
        return path.pointAtPercent(lo);
    };

    int maxLinks = 1;
    for (const auto& b : model.bundles)
        maxLinks = std::max(maxLinks, b.links);

    // Bundles under boxes.
    struct Label {
        QPointF at;
        QString text;
        QColor color;
    };
    std::vector<Label> labels;
    for (const auto& b : model.bundles) {
        const QRectF& ra = l.boxes[static_cast<size_t>(b.a)];
        const QRectF& rb = l.boxes[static_cast<size_t>(b.b)];
        const QColor c = networkColor(b.network);
        const double w = 0.4 + 2.2 * std::log1p(b.links) / std::log1p(maxLinks);
        QColor lc = c;
        lc.setAlphaF(b.network == Network::Compute ? 0.75 : 0.45);
        p.setPen(QPen(lc, w, Qt::SolidLine, Qt::RoundCap));
        QPointF pa;
        QPointF pb;
        QPainterPath path;
        if (std::abs(ra.center().y() - rb.center().y()) < 1) {
            // Same line: an arc above the two boxes.
            pa = QPointF(ra.center().x(), ra.top());
            pb = QPointF(rb.center().x(), rb.top());
            path.moveTo(pa);
            path.cubicTo(pa + QPointF(0, -boxFont * 3), pb + QPointF(0, -boxFont * 3), pb);
        } else {
            pa = QPointF(ra.center().x(), ra.bottom());
            pb = QPointF(rb.center().x(), rb.top());
            // Straight down out of a wrapped row and straight into one, through the staggered gaps.
            const double depart = l.depart[static_cast<size_t>(b.a)];
            const double approach = l.approach[static_cast<size_t>(b.b)];
            const QPointF qa = pa + QPointF(0, depart);
            const QPointF qb = pb - QPointF(0, approach);
            path.moveTo(pa);
            if (depart > 0)
                path.lineTo(qa);
            const double dy = std::max(0.0, (qb.y() - qa.y()) * 0.45);
            path.cubicTo(qa + QPointF(0, dy), qb - QPointF(0, dy), qb);
            if (approach > 0)
                path.lineTo(pb);
        }
        p.setBrush(Qt::NoBrush);
        p.drawPath(path);
        // Aggregated: only compute bundles carry a count; management bundles fan out to every unit
        // and their labels would bury the servers.
        if (model.aggregated ? b.network == Network::Compute : b.links > 1) {
            // Just above the lower box, where the line gap leaves room; the path falls monotonically.
            QPointF at = path.pointAtPercent(0.5);
            const bool falls = pb.y() - pa.y() > boxFont * 8;
            if (falls)
                at = pointAtY(path, pb.y() - boxFont * 1.5);
            const QString text = QString::number(b.links);
            const QSizeF chip(fb.horizontalAdvance(text) + boxFont * 0.6, fb.height());
            // Above a row title the label would hide: move it up the line, clear of the title.
            for (const QRectF& t : titleRects) {
                const QRectF r(at.x() - chip.width() / 2, at.y() - chip.height() / 2, chip.width(), chip.height());
                if (falls && r.intersects(t) && t.top() - chip.height() > pa.y())
                    at = pointAtY(path, t.top() - chip.height() / 2 - 1);
            }
            labels.push_back({at, text, c});
        }
    }

    // Boxes.
    for (size_t i = 0; i < model.boxes.size(); ++i) {
        const auto& b = model.boxes[i];
        const QRectF& r = l.boxes[i];
        p.setPen(QPen(b.kind == DiagramModel::Kind::Switch ? networkColor(b.network) : QColor(0x50, 0x60, 0x70), 0.8));
        p.setBrush(boxFill(b));
        p.drawRoundedRect(r, boxFont * 0.5, boxFont * 0.5);
        const QRectF inner = r.adjusted(boxFont * 0.4, boxFont * 0.3, -boxFont * 0.4, -boxFont * 0.3);
        p.setPen(QColor(0x20, 0x20, 0x20));
        p.setFont(labelFont);
        const QFontMetricsF fl(labelFont, p.device());
        QString label = b.label;
        if (model.aggregated && b.count > 1 && b.kind == DiagramModel::Kind::Switch
            && !label.contains(QString::number(b.count)))
            label = QStringLiteral("%1 (%2)").arg(label).arg(b.count);
        p.drawText(QRectF(inner.left(), inner.top(), inner.width(), inner.height() / 2), Qt::AlignCenter,
            fl.elidedText(label, Qt::ElideRight, inner.width()));
        p.setFont(detailFont);
        p.setPen(QColor(0x40, 0x40, 0x40));
        const QFontMetricsF fd(detailFont, p.device());
        QString detail = b.detail;
        if (b.gpus > 0 && model.aggregated)
            detail += QStringLiteral(", %1 GPUs").arg(b.gpus);
        p.drawText(QRectF(inner.left(), inner.center().y(), inner.width(), inner.height() / 2), Qt::AlignCenter,
            fd.elidedText(detail, Qt::ElideRight, inner.width()));
    }

    // Bundle labels last, over everything, on a white chip.
    p.setFont(bundleFont);
    for (const Label& lb : labels) {
        const double w = fb.horizontalAdvance(lb.text) + boxFont * 0.6;
        const double h = fb.height();
        const QRectF chip(lb.at.x() - w / 2, lb.at.y() - h / 2, w, h);
        p.setPen(QPen(lb.color, 0.5));
        p.setBrush(Qt::white);
        p.drawRoundedRect(chip, h / 3, h / 3);
        p.setPen(lb.color.darker(130));
        p.drawText(chip, Qt::AlignCenter, lb.text);
    }
    p.restore();
}

} // namespace pw
