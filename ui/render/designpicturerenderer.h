#pragma once

#include "presentation/designpicture.h"

#include <QByteArray>
#include <QString>

class QPainter;

namespace pw {

// Draws a DesignPicture, the canvas as a file: group outlines, link lines coloured by network,
// node boxes with name and model, a title and a legend above. The one renderer behind the studio's
// "Export SVG/PNG" and `podwright-cli export --format svg|png`; needs a QGuiApplication
// (offscreen is enough), never a widget or a scene. Coordinates are the picture's design units,
// shifted by the header so that the SVG's boxes sit at the canvas positions plus `origin()`.
class DesignPictureRenderer {
public:
    static constexpr double kHeader = 64; // title and legend strip above the picture

    static void paint(QPainter& painter, const DesignPicture& picture, const QString& title);
    [[nodiscard]] static QByteArray svg(const DesignPicture& picture, const QString& title);
    // At most `maxPixels` on the longer side (2 pixels per design unit when it fits).
    [[nodiscard]] static QByteArray png(const DesignPicture& picture, const QString& title, int maxPixels = 8000);
    // Written atomically; an error text with the path and the reason, or an empty string.
    [[nodiscard]] static QString writeSvg(const DesignPicture& picture, const QString& title, const QString& path);
    [[nodiscard]] static QString writePng(const DesignPicture& picture, const QString& title, const QString& path);
    // Where design point (0, 0) lands in the file: the picture's top-left corner maps to
    // (0, kHeader).
    [[nodiscard]] static QPointF origin(const DesignPicture& picture);
    [[nodiscard]] static QSizeF size(const DesignPicture& picture);
};

} // namespace pw
