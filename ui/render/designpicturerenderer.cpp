#include "designpicturerenderer.h"

#include "drawingpalette.h"
#include "export/safetext.h"
#include "io/atomicfile.h"
#include "util/errors.h"

#include <QBuffer>
#include <QFont>
#include <QFontMetricsF>
#include <QImage>
#include <QPainter>
#include <QSvgGenerator>

#include <algorithm>
#include <cmath>

namespace pw {

namespace {

QFont font(double pt, bool bold = false)
{
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setPointSizeF(pt);
    f.setBold(bold);
    return f;
}

void paintHeader(QPainter& p, const QString& title, double width)
{
    p.setFont(font(16, true));
    p.setPen(Qt::black);
    const QFontMetricsF fm(p.font(), p.device());
    p.drawText(QRectF(0, 4, width, 26), Qt::AlignLeft | Qt::AlignVCenter, fm.elidedText(title, Qt::ElideRight, width));
    p.setFont(font(10));
    double x = 0;
    const double y = 46;
    for (Network n : {Network::Compute, Network::Storage, Network::InBand, Network::OutOfBand}) {
        const QString name = networkLegendName(n);
        p.setPen(QPen(networkColor(n), 2.5));
        p.drawLine(QPointF(x, y), QPointF(x + 22, y));
        p.setPen(Qt::black);
        p.drawText(QPointF(x + 28, y + 4), name);
        x += 28 + QFontMetricsF(p.font(), p.device()).horizontalAdvance(name) + 24;
    }
}

} // namespace

QSizeF DesignPictureRenderer::size(const DesignPicture& picture)
{
    const QRectF b = picture.bounds.isNull() ? QRectF(0, 0, 400, 200) : picture.bounds;
    return QSizeF(std::max(b.width(), 640.0), b.height() + kHeader);
}

QPointF DesignPictureRenderer::origin(const DesignPicture& picture)
{
    const QRectF b = picture.bounds.isNull() ? QRectF(0, 0, 400, 200) : picture.bounds;
    return QPointF(-b.left(), kHeader - b.top());
}

void DesignPictureRenderer::paint(QPainter& p, const DesignPicture& picture, const QString& title)
{
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setRenderHint(QPainter::TextAntialiasing, true);
    p.fillRect(QRectF(QPointF(0, 0), size(picture)), Qt::white);
    p.translate(8, 0);
    paintHeader(p, safetext::stripControls(title), size(picture).width() - 16);
    p.translate(-8, 0);
    p.translate(origin(picture));

    // Outer groups first, so inner ones and their titles stay visible.
    for (const DesignPicture::Outline& o : picture.outlines) {
        const QColor c = groupEdge(o.kind);
        QColor fill = c;
        fill.setAlpha(o.kind == GroupKind::Rack ? 10 : 16);
        p.setPen(QPen(c, o.kind == GroupKind::Pod ? 2 : 1.2, o.kind == GroupKind::Rack ? Qt::DashLine : Qt::SolidLine));
        p.setBrush(fill);
        p.drawRoundedRect(o.rect, 8, 8);
        p.setFont(font(9, true));
        p.setPen(c.darker(120));
        const QRectF strip(o.rect.left() + 8, o.rect.top() + 2, o.rect.width() - 16, DesignPicture::kGroupTitle - 4);
        p.drawText(strip, Qt::AlignLeft | Qt::AlignVCenter,
            QFontMetricsF(p.font(), p.device()).elidedText(o.title, Qt::ElideRight, strip.width()));
    }

    // Links under the boxes: a line per node pair and network, wider for parallel links.
    p.setBrush(Qt::NoBrush);
    for (const DesignPicture::Line& l : picture.lines) {
        QColor c = networkColor(l.network);
        c.setAlphaF(0.55);
        p.setPen(QPen(c, 1.0 + std::min(3.0, std::log2(static_cast<double>(l.links))), Qt::SolidLine, Qt::RoundCap));
        p.drawLine(l.a, l.b);
    }

    const QFont nameFont = font(10, true);
    const QFont detailFont = font(8);
    const QFontMetricsF nameMetrics(nameFont, p.device());
    const QFontMetricsF detailMetrics(detailFont, p.device());
    for (const DesignPicture::Box& b : picture.boxes) {
        p.setPen(QPen(kindBorder(b.kind), 1.5));
        p.setBrush(kindFill(b.kind));
        p.drawRect(b.rect);
        const QRectF text = b.rect.adjusted(8, 4, -8, -4);
        p.setFont(nameFont);
        p.setPen(QColor(0x1a, 0x1a, 0x1a));
        p.drawText(QRectF(text.left(), text.top(), text.width(), text.height() / 2), Qt::AlignLeft | Qt::AlignBottom,
            nameMetrics.elidedText(safetext::stripControls(b.name), Qt::ElideMiddle, text.width()));
        p.setFont(detailFont);
        p.setPen(QColor(0x55, 0x55, 0x55));
        p.drawText(QRectF(text.left(), text.center().y() + 1, text.width(), text.height() / 2),
            Qt::AlignLeft | Qt::AlignTop, detailMetrics.elidedText(b.detail, Qt::ElideRight, text.width()));
    }
    p.restore();
}

QByteArray DesignPictureRenderer::svg(const DesignPicture& picture, const QString& title)
{
    const QSizeF s = size(picture);
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator gen;
    gen.setOutputDevice(&buffer);
    gen.setSize(s.toSize());
    gen.setViewBox(QRectF(QPointF(0, 0), s));
    gen.setResolution(72); // one design unit is one SVG unit, point sizes are units
    // QSvgGenerator writes the title as given, inside <title>: a design name with markup would
    // become live SVG. Painted text is escaped by the paint engine, but control characters pass.
    gen.setTitle(safetext::xmlText(title));
    gen.setDescription(QStringLiteral("Design canvas written by Podwright"));
    QPainter p;
    if (!p.begin(&gen))
        return {};
    paint(p, picture, title);
    p.end();
    QByteArray bytes = buffer.data();
    // XML forbids control characters; in UTF-8 these bytes never occur inside a multi-byte character.
    bytes.removeIf([](char c) {
        const auto u = static_cast<unsigned char>(c);
        return u < 0x20 && u != '\t' && u != '\n' && u != '\r';
    });
    return bytes;
}

QByteArray DesignPictureRenderer::png(const DesignPicture& picture, const QString& title, int maxPixels)
{
    const QSizeF s = size(picture);
    const double scale = std::min(2.0, maxPixels / std::max(s.width(), s.height()));
    QImage img(QSize(static_cast<int>(std::ceil(s.width() * scale)), static_cast<int>(std::ceil(s.height() * scale))),
        QImage::Format_ARGB32_Premultiplied);
    if (img.isNull())
        return {};
    img.setDotsPerMeterX(2835); // 72 dpi, so point sizes are design units before scaling
    img.setDotsPerMeterY(2835);
    img.fill(Qt::white);
    QPainter p(&img);
    p.scale(scale, scale);
    paint(p, picture, title);
    p.end();
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    if (!img.save(&buffer, "PNG"))
        return {};
    return buffer.data();
}

namespace {

QString writeBytes(const QByteArray& bytes, const QString& path)
{
    if (bytes.isEmpty())
        return QStringLiteral("cannot write %1: the picture could not be drawn").arg(path);
    try {
        AtomicFile::writeBytes(path, bytes);
    } catch (const Error& e) {
        return e.message();
    }
    return {};
}

} // namespace

QString DesignPictureRenderer::writeSvg(const DesignPicture& picture, const QString& title, const QString& path)
{
    return writeBytes(svg(picture, title), path);
}

QString DesignPictureRenderer::writePng(const DesignPicture& picture, const QString& title, const QString& path)
{
    return writeBytes(png(picture, title), path);
}

} // namespace pw
