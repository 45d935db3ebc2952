#include "verificationoverlayitem.h"

#include "canvasscene.h"

#include "model/design.h"

#include <QPainter>

namespace pw::ui {

VerificationOverlayItem::VerificationOverlayItem(CanvasScene* scene) : mCanvas(scene)
{
    setZValue(5); // over the links (0), under the nodes (10): the lines end at the boxes
    setAcceptedMouseButtons(Qt::NoButton);
}

QColor VerificationOverlayItem::color(DifferenceKind kind)
{
    switch (kind) {
    case DifferenceKind::Missing:
        return {0xd5, 0x5e, 0x00}; // vermillion
    case DifferenceKind::Miscabled:
        return {0xcc, 0x79, 0xa7}; // reddish purple
    case DifferenceKind::Unexpected:
        return {0x00, 0x72, 0xb2}; // blue
    case DifferenceKind::Degraded:
        return {0xe6, 0x9f, 0x00}; // orange
    case DifferenceKind::Ambiguous:
        return {0x00, 0x00, 0x00};
    }
    return {};
}

Qt::PenStyle VerificationOverlayItem::dash(DifferenceKind kind)
{
    switch (kind) {
    case DifferenceKind::Missing:
        return Qt::DashLine;
    case DifferenceKind::Miscabled:
        return Qt::DashDotLine;
    case DifferenceKind::Unexpected:
        return Qt::DotLine;
    case DifferenceKind::Degraded:
        return Qt::DashDotDotLine;
    case DifferenceKind::Ambiguous:
        return Qt::SolidLine;
    }
    return Qt::SolidLine;
}

QString VerificationOverlayItem::legendText(DifferenceKind kind)
{
    switch (kind) {
    case DifferenceKind::Missing:
        return QStringLiteral("missing cable");
    case DifferenceKind::Miscabled:
        return QStringLiteral("miscabled cable");
    case DifferenceKind::Unexpected:
        return QStringLiteral("unexpected cable");
    case DifferenceKind::Degraded:
        return QStringLiteral("degraded cable");
    case DifferenceKind::Ambiguous:
        return QStringLiteral("ambiguous name");
    }
    return {};
}

void VerificationOverlayItem::setReport(std::optional<VerificationReport> report)
{
    mReport = std::move(report);
    mHighlighted = -1;
    setVisible(mReport.has_value());
    refresh();
}

void VerificationOverlayItem::setHighlighted(int index)
{
    mHighlighted = index;
    update();
}

std::optional<QRectF> VerificationOverlayItem::rectOf(const VerificationEnd& end) const
{
    if (!end.node.isValid() || !mCanvas->design().node(end.node))
        return std::nullopt;
    const QGraphicsItem* item = mCanvas->shownItem(end.node);
    if (!item)
        return std::nullopt;
    return item->sceneBoundingRect();
}

std::optional<QPointF> VerificationOverlayItem::pointOf(const VerificationEnd& end) const
{
    const auto r = rectOf(end);
    return r ? std::optional<QPointF>(r->center()) : std::nullopt;
}

std::optional<std::pair<QPointF, QPointF>> VerificationOverlayItem::lineOf(const VerificationDifference& d) const
{
    const VerificationEnd& far = d.kind == DifferenceKind::Miscabled && d.expected ? *d.expected : d.b;
    const auto a = pointOf(d.a);
    const auto b = pointOf(far);
    if (!a || !b)
        return std::nullopt;
    return std::pair{*a, *b};
}

int VerificationOverlayItem::drawnLines() const
{
    int n = 0;
    if (mReport)
        for (const VerificationDifference& d : mReport->differences)
            n += lineOf(d) ? 1 : 0;
    return n;
}

void VerificationOverlayItem::refresh()
{
    QRectF r;
    if (mReport)
        for (const VerificationDifference& d : mReport->differences) {
            if (!lineOf(d))
                continue;
            for (const VerificationEnd* e : {&d.a, &d.b, d.expected ? &*d.expected : nullptr})
                if (const auto box = e ? rectOf(*e) : std::nullopt)
                    r = r.united(*box);
        }
    prepareGeometryChange();
    mBounds = r.adjusted(-40, -40, 40, 40);
    update();
}

void VerificationOverlayItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    if (!mReport)
        return;
    painter->setRenderHint(QPainter::Antialiasing);
    const auto& diffs = mReport->differences;
    for (int i = 0; i < static_cast<int>(diffs.size()); ++i) {
        const VerificationDifference& d = diffs[static_cast<size_t>(i)];
        const auto line = lineOf(d);
        if (!line)
            continue;
        const double width = i == mHighlighted ? 6 : 3.5;
        // A white halo under the pattern, so it reads over links of any colour.
        QPen halo(QColor(255, 255, 255, 220), width + 3);
        halo.setCosmetic(true);
        halo.setCapStyle(Qt::RoundCap);
        painter->setPen(halo);
        painter->drawLine(line->first, line->second);
        QPen pen(color(d.kind), width, dash(d.kind));
        pen.setCosmetic(true);
        painter->setPen(pen);
        painter->drawLine(line->first, line->second);
        // The devices outlined too: lines of stacked devices overlap, their outlines do not.
        QPen outline(color(d.kind), width - 1);
        outline.setCosmetic(true);
        painter->setPen(outline);
        painter->setBrush(Qt::NoBrush);
        for (const VerificationEnd* e : {&d.a, d.kind == DifferenceKind::Miscabled && d.expected ? &*d.expected : &d.b})
            if (const auto r = rectOf(*e))
                painter->drawRoundedRect(r->adjusted(-3, -3, 3, 3), 4, 4);
        if (d.kind == DifferenceKind::Miscabled)
            if (const auto now = pointOf(d.b); now && *now != line->second) {
                QPen thin(color(d.kind), 1.5, Qt::DotLine);
                thin.setCosmetic(true);
                painter->setPen(thin);
                painter->drawLine(line->first, *now);
            }
    }
}

} // namespace pw::ui
