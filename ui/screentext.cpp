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

// The translucent white plate behind screen-size text of `textWidth` x `lineHeight`, placed in
// `box` by `align`; returns where the text goes on it.
QRectF drawBackdrop(QPainter* painter, const QRectF& box, Qt::Alignment align, double textWidth, double lineHeight)
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
    painter->setPen(Qt::NoPen);
    painter->setBrush(QColor(255, 255, 255, 215));
    painter->drawRoundedRect(QRectF(x, y, w, h), 3, 3);
    return QRectF(x + 4, y + 1, w - 8, h - 2);
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

QString ScreenText::drawFitting(QPainter* painter, const QRectF& area, const QStringList& forms, double pixels,
    const Style& style, QRectF* drawnOnScreen)
{
    if (forms.isEmpty())
        return {};
    const QRectF onScreen = painter->worldTransform().mapRect(area);
    QFont f = painter->font();
    f.setBold(style.bold);
    f.setPixelSize(std::max(1, int(pixels)));
    const QString fontKey = f.key();
    const double room = onScreen.width();
    QString shown;
    for (const QString& form : forms)
        if (advance(f, fontKey, form) <= room) {
            shown = form;
            break;
        }
    if (shown.isEmpty())
        return {};
    painter->save();
    painter->resetTransform();
    painter->setFont(f);
    painter->setPen(style.color);
    const QFontMetricsF& fm = metrics(f);
    QRectF box = onScreen;
    if (box.height() < fm.height()) {
        if (style.align & Qt::AlignBottom)
            box.setTop(box.bottom() - fm.height());
        else if (style.align & Qt::AlignVCenter)
            box = QRectF(box.left(), box.center().y() - fm.height() / 2, box.width(), fm.height());
        else
            box.setHeight(fm.height());
    }
    const double textWidth = advance(f, fontKey, shown);
    if (style.backdrop) {
        box = drawBackdrop(painter, box, style.align, textWidth, fm.height());
        painter->setPen(style.color);
    }
    painter->drawText(box, int(style.align) | Qt::TextSingleLine, shown);
    if (drawnOnScreen) {
        // The plate's rectangle, or the text's own where there is none.
        double x = box.left();
        if (!style.backdrop && (style.align & Qt::AlignHCenter))
            x = box.center().x() - textWidth / 2;
        else if (!style.backdrop && (style.align & Qt::AlignRight))
            x = box.right() - textWidth;
        *drawnOnScreen = style.backdrop ? box.adjusted(-4, -1, 4, 1) : QRectF(x, box.top(), textWidth, box.height());
    }
    if (gRecorder)
        gRecorder->push_back({shown, pixels, box, forms.front(), onScreen, style.bold});
    painter->restore();
    return shown;
}

} // namespace pw::ui
