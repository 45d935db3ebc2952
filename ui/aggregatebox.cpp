#include "aggregatebox.h"

#include "itemstyle.h"
#include "screentext.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>

namespace pw::ui {

void AggregateBox::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, const QRectF& rect,
    const QColor& edge, const QString& title, const QStringList& details, bool selected,
    std::vector<QRectF>* titlesDrawn)
{
    // A plain fill of the exposed part and a cosmetic outline: a box that covers the screen costs
    // no more than a small one. The fill is the edge's tint at 34/255 over the canvas's near-white,
    // mixed here: one opaque fill, not a fill and a translucent one over it (a fitted 100,000-GPU
    // view is covered by pods).
    const auto mix = [](int over, int under) { return (over * 34 + under * (255 - 34)) / 255; };
    const QColor fill(mix(edge.red(), 0xfa), mix(edge.green(), 0xfa), mix(edge.blue(), 0xfa));
    const QRectF seen = rect.intersected(option->exposedRect.adjusted(-2, -2, 2, 2));
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, false);
    painter->fillRect(seen, fill);
    QPen pen(selected ? ItemStyle::selectionColor() : edge, selected ? 3 : 2);
    pen.setCosmetic(true);
    painter->setPen(pen);
    painter->setBrush(Qt::NoBrush);
    painter->drawRect(rect);
    painter->restore();

    // A band thinner on screen than two lines: one line, title and counts.
    const double h = rect.height();
    const double lod = std::sqrt(std::abs(painter->worldTransform().determinant()));
    const auto pixels = [lod](double designPixels) { return std::max(ScreenText::kMinPixels, designPixels * lod); };
    if (painter->worldTransform().mapRect(rect).height() < 2.2 * ScreenText::kMinPixels) {
        ScreenText::Style line;
        line.bold = true;
        line.backdrop = true;
        const QStringList forms = oneLineForms(title, details);
        const double px = pixels(std::clamp(h / 2, 13.0, 160.0));
        // Two strips thinner than a line lie closer than a line apart (the in-band and out-of-band
        // switches at 100,000 GPUs): the second title goes a line above its strip, or below it.
        const double lineInScene = (px + 6) / lod;
        for (double dy : {0.0, -lineInScene, lineInScene}) {
            const QRectF area = rect.translated(0, dy);
            const QRectF at = ScreenText::fit(painter, area, forms, px, line).onScreen;
            if (at.isEmpty())
                return;
            if (titlesDrawn && std::any_of(titlesDrawn->begin(), titlesDrawn->end(), [&](const QRectF& r) {
                    return r.intersects(at);
                }))
                continue;
            ScreenText::drawFitting(painter, area, forms, px, line);
            if (titlesDrawn)
                titlesDrawn->push_back(at);
            return;
        }
        return;
    }
    // Title over the upper half, counts under it, both scaled with the box up to a cap.
    ScreenText::Style big;
    big.bold = true;
    big.backdrop = true;
    ScreenText::Style small = big;
    small.bold = false;
    small.color = QColor(0x33, 0x33, 0x33);
    const double bigDesign = std::clamp(h / 5, 13.0, 160.0);
    const QRectF upper(rect.left(), rect.top(), rect.width(), h / 2);
    const QRectF lower(rect.left(), rect.center().y(), rect.width(), h / 2);
    big.align = Qt::AlignHCenter | Qt::AlignBottom;
    small.align = Qt::AlignHCenter | Qt::AlignTop;
    if (!ScreenText::drawFitting(painter, upper, {title}, pixels(bigDesign), big).isEmpty())
        ScreenText::drawFitting(painter, lower.adjusted(0, 3, 0, 0), details, pixels(bigDesign * 0.7), small);
}

QStringList AggregateBox::oneLineForms(const QString& title, const QStringList& details)
{
    QStringList forms;
    for (const QString& detail : details)
        forms << QStringLiteral("%1 — %2").arg(title, detail);
    forms << title;
    return forms;
}

} // namespace pw::ui
