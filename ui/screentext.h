#pragma once

#include <QColor>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <vector>

class QPainter;

namespace pw::ui {

// Text on the canvas that is either readable or absent: drawn at its design size while that is
// at least kMinPixels high on screen, at kMinPixels (a screen size) while the area it labels is
// wide enough on screen to hold it, and not at all below that. Nothing is drawn as a smudge.
class ScreenText {
public:
    static constexpr double kMinPixels = 11.0;

    struct Style {
        double pixelSize = 13; // design size, in scene units
        bool bold = false;
        QColor color = QColor(0x1a, 0x1a, 0x1a);
        Qt::Alignment align = Qt::AlignCenter;
        bool backdrop = false; // a translucent white plate behind screen-size text
        Qt::TextElideMode elide = Qt::ElideRight; // ElideMiddle keeps the number of "dgx-h100-00017"
    };

    // Draws `text` in the scene rectangle `area` (elided to its width). Returns whether it drew.
    static bool draw(QPainter* painter, const QRectF& area, const QString& text, const Style& style);
    // Draws the longest of `forms` (longest first, each a whole rendering such as a name and its
    // rule abbreviations) that fits the area's width on screen, at `pixels` device pixels; never
    // elides. Returns the form drawn, or empty when none fits; `drawnOnScreen`, when given, gets
    // the rectangle the text (and its plate) took in device coordinates.
    static QString drawFitting(QPainter* painter, const QRectF& area, const QStringList& forms, double pixels,
        const Style& style, QRectF* drawnOnScreen = nullptr);
    // What drawFitting would draw, without drawing: the form and the rectangle it takes on screen
    // (its plate's where it has one); an empty text when no form fits.
    struct Fit {
        QString text;
        QRectF onScreen;
    };
    [[nodiscard]] static Fit fit(
        const QPainter* painter, const QRectF& area, const QStringList& forms, double pixels, const Style& style);
    // The on-screen width `text` takes at `pixels` device pixels.
    [[nodiscard]] static double widthOf(const QString& text, double pixels, bool bold);

    // What a draw showed, for tests that check what a reader sees (set a recorder to collect).
    struct Drawn {
        QString text; // as shown (elided, or the form that fitted)
        double pixels = 0;
        QRectF onScreen; // device coordinates
        QString full; // what it stands for: the whole text, or the longest form
        QRectF area; // the room it had, device coordinates
        bool bold = false;
    };
    static void setRecorder(std::vector<Drawn>* recorder);

    // The on-screen pixel size `draw` would use, or 0 when it would draw nothing.
    [[nodiscard]] static double pixelsOnScreen(
        double lod, double areaWidthOnScreen, double textWidthAtMin, double designPixelSize);
};

} // namespace pw::ui
