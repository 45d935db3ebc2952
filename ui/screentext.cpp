#include "screentext.h"

#include <QFontMetricsF>
#include <QHash>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace pw::ui {

namespace {
std::vector<ScreenText::Drawn>* gRecorder = nullptr;

// Font metrics by pixel size and weight: building them for every label of a frame showed up in
// the 100,000-GPU fitted frame (a hundred pods, two labels each).
const QFontMetricsF& metrics(const QFont& font)
{
    static QHash<QString, QFontMetricsF> cache;
    const QString key = font.key();
    auto it = cache.constFind(key);
    if (it == cache.constEnd())
        it = cache.insert(key, QFontMetricsF(font));
    return *it;
}

// Widths and elided texts by font and text: a static view draws the same labels every frame, and
// shaping them (three times per label) was a third of the 100,000-GPU fitted frame. Bounded: a
// long session of zooming starts the cache afresh.
QHash<QString, double>& advances()
{
    static QHash<QString, double> cache;
    return cache;
}

QHash<QString, QString>& elisions()
{
    static QHash<QString, QString> cache;
    return cache;
}

constexpr qsizetype kMaxCached = 4096;

double advance(const QFont& font, const QString& fontKey, const QString& text)
{
    QHash<QString, double>& cache = advances();
    const QString key = fontKey + QChar(0x1f) + text;
    if (auto it = cache.constFind(key); it != cache.constEnd())
        return *it;
    if (cache.size() >= kMaxCached)
        cache.clear();
    return *cache.insert(key, metrics(font).horizontalAdvance(text));
}

QString elided(const QFont& font, const QString& fontKey, const QString& text, Qt::TextElideMode mode, double width)
{
    QHash<QString, QString>& cache = elisions();
    const QString key = fontKey + QChar(0x1f) + QString::number(int(mode)) + QChar(0x1f)
        + QString::number(width, 'g', 17) + QChar(0x1f) + text;
    if (auto it = cache.constFind(key); it != cache.constEnd())
        return *it;
    if (cache.size() >= kMaxCached)
        cache.clear();
    return *cache.insert(key, metrics(font).elidedText(text, mode, width));
}

// Where the translucent white plate behind screen-size text of `textWidth` x `lineHeight` goes in
// `box`, placed by `align`.
QRectF plateRect(const QRectF& box, Qt::Alignment align, double textWidth, double lineHeight)
{
    const double w = textWidth + 8;
    const double h = lineHeight + 2;
    double x = box.left();
    if (align & Qt::AlignHCenter)
        x = box.center().x() - w / 2;
    else if (align & Qt::AlignRight)
        x = box.right() - w;
    double y = box.top();
    if (align & Qt::AlignVCenter)
        y = box.center().y() - h / 2;
    else if (align & Qt::AlignBottom)
        y = box.bottom() - h;
    return QRectF(x, y, w, h);
}

// Draws the plate of plateRect; returns where the text goes on it.
QRectF drawBackdrop(QPainter* painter, const QRectF& box, Qt::Alignment align, double textWidth, double lineHeight)
{
    const QRectF plate = plateRect(box, align, textWidth, lineHeight);
    painter->setPen(Qt::NoPen);
    painter->setBrush(QColor(255, 255, 255, 215));
    painter->drawRoundedRect(plate, 3, 3);
    return plate.adjusted(4, 1, -4, -1);
}

// A line of text in a box thinner than the line overhangs it: upwards when it sits on the box's
// bottom line, about its middle when centred, else downwards.
QRectF lineBox(QRectF box, Qt::Alignment align, double lineHeight)
{
    if (box.height() >= lineHeight)
        return box;
    if (align & Qt::AlignBottom)
        box.setTop(box.bottom() - lineHeight);
    else if (align & Qt::AlignVCenter)
        box = QRectF(box.left(), box.center().y() - lineHeight / 2, box.width(), lineHeight);
    else
        box.setHeight(lineHeight);
    return box;
}

QFont fontOf(const QPainter* painter, double pixels, bool bold)
{
    QFont f = painter->font();
    f.setBold(bold);
    f.setPixelSize(std::max(1, int(pixels)));
    return f;
}

} // namespace

void ScreenText::setRecorder(std::vector<Drawn>* recorder)
{
    gRecorder = recorder;
}

double ScreenText::pixelsOnScreen(double lod, double areaWidthOnScreen, double textWidthAtMin, double designPixelSize)
{
    const double scaled = designPixelSize * lod;
    if (scaled >= kMinPixels)
        return scaled;
    // Screen size: only where at least a short word of it fits.
    return areaWidthOnScreen >= std::min(textWidthAtMin, 4 * kMinPixels) ? kMinPixels : 0;
}

bool ScreenText::draw(QPainter* painter, const QRectF& area, const QString& text, const Style& style)
{
    if (text.isEmpty())
        return false;
    const QTransform world = painter->worldTransform();
    const double lod = std::max(1e-9, std::sqrt(std::abs(world.determinant())));
    QFont f = painter->font();
    f.setBold(style.bold);
    f.setPixelSize(int(kMinPixels));
    const double minWidth = advance(f, f.key(), text);
    const QRectF onScreen = world.mapRect(area);
    const double px = pixelsOnScreen(lod, onScreen.width(), minWidth, style.pixelSize);
    if (px <= 0)
        return false;
    painter->save();
    // Draw in device pixels: fonts scaled below a pixel or two render as noise.
    painter->resetTransform();
    f.setPixelSize(std::max(1, int(px)));
    painter->setFont(f);
    const QString fontKey = f.key();
    const QFontMetricsF& fm = metrics(f);
    const QString shown = elided(f, fontKey, text, style.elide, std::max(0.0, onScreen.width() - 4));
    if (shown.size() < std::min<qsizetype>(3, text.size())) {
        painter->restore();
        return false;
    }
    QRectF box = onScreen;
    if (box.height() < fm.height()) {
        // A thin strip: the text overhangs it, upwards when it sits on the strip's bottom line.
        if (style.align & Qt::AlignBottom)
            box.setTop(box.bottom() - fm.height());
        else
            box.setHeight(fm.height());
    }
    if (style.backdrop)
        box = drawBackdrop(painter, box, style.align, advance(f, fontKey, shown), fm.height());
    painter->setPen(style.color);
    painter->drawText(box, int(style.align) | Qt::TextSingleLine, shown);
    if (gRecorder)
        gRecorder->push_back({shown, px, box, text, onScreen, style.bold});
    painter->restore();
    return true;
}

double ScreenText::widthOf(const QString& text, double pixels, bool bold)
{
    QFont f;
    f.setBold(bold);
    f.setPixelSize(std::max(1, int(pixels)));
    return advance(f, f.key(), text);
}

ScreenText::Fit ScreenText::fit(
    const QPainter* painter, const QRectF& area, const QStringList& forms, double pixels, const Style& style)
{
    const QRectF onScreen = painter->worldTransform().mapRect(area);
    const QFont f = fontOf(painter, pixels, style.bold);
    const QString fontKey = f.key();
    for (const QString& form : forms) {
        const double width = advance(f, fontKey, form);
        if (width > onScreen.width())
            continue;
        const double lineHeight = metrics(f).height();
        const QRectF box = lineBox(onScreen, style.align, lineHeight);
        if (style.backdrop)
            return {form, plateRect(box, style.align, width, lineHeight)};
        double x = box.left();
        if (style.align & Qt::AlignHCenter)
            x = box.center().x() - width / 2;
        else if (style.align & Qt::AlignRight)
            x = box.right() - width;
        return {form, QRectF(x, box.top(), width, box.height())};
    }
    return {};
}

QString ScreenText::drawFitting(QPainter* painter, const QRectF& area, const QStringList& forms, double pixels,
    const Style& style, QRectF* drawnOnScreen)
{
    const Fit fitted = fit(painter, area, forms, pixels, style);
    if (fitted.text.isEmpty())
        return {};
    const QRectF onScreen = painter->worldTransform().mapRect(area);
    const QFont f = fontOf(painter, pixels, style.bold);
    const QFontMetricsF& fm = metrics(f);
    painter->save();
    painter->resetTransform();
    painter->setFont(f);
    QRectF box = lineBox(onScreen, style.align, fm.height());
    if (style.backdrop)
        box = drawBackdrop(painter, box, style.align, fitted.onScreen.width() - 8, fm.height());
    painter->setPen(style.color);
    painter->drawText(box, int(style.align) | Qt::TextSingleLine, fitted.text);
    if (drawnOnScreen)
        *drawnOnScreen = fitted.onScreen;
    if (gRecorder)
        gRecorder->push_back({fitted.text, pixels, box, forms.front(), onScreen, style.bold});
    painter->restore();
    return fitted.text;
}

} // namespace pw::ui
