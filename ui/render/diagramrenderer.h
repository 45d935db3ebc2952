#pragma once

#include "presentation/diagrammodel.h"

#include <QRectF>
#include <QString>

#include <vector>

class QPainter;

namespace pw {

// Draws a DiagramModel: rows top to bottom (core, spine, leaf, servers, service switches, storage),
// boxes wrapped onto several lines when a row is wide, bundles as lines whose width grows with the
// link count and whose label gives it. Text is laid out at its final size (never scaled down to
// fit), so the diagram stays readable on a page. Used by the PDF report's topology section.
class DiagramRenderer {
public:
    struct Layout {
        std::vector<QRectF> boxes; // by box index, in the target's coordinates
        std::vector<std::pair<double, QString>> rowTitles; // y, title
        // Rows that wrap onto several lines stagger alternate lines by half a box, so a bundle can
        // drop straight through the gaps of the lines above its box (approach) or below it (depart).
        std::vector<double> approach;
        std::vector<double> depart;
        double height = 0; // total height used
    };

    [[nodiscard]] static Layout layout(const DiagramModel& model, double width, double boxFont = 7.0);
    // Paints into `target`; shrinks uniformly when the layout is taller than the target.
    static void paint(QPainter& painter, const DiagramModel& model, const QRectF& target, double boxFont = 7.0);
};

} // namespace pw
