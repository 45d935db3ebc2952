#pragma once

#include "analysis/verificationreport.h"

#include <QGraphicsItem>
#include <QPen>

#include <optional>

namespace pw::ui {

class CanvasScene;

// The last verification's differences drawn over the canvas (issue 27): each missing, miscabled,
// unexpected and degraded cable as a thick line between the devices it joins (or the collapsed
// group that shows them), in its kind's colour and dash pattern over a white halo, so it reads on
// any link colour and without colour. Miscabled: the designed link, solid-dashed, and a thin line
// to where its far end is now. One item for all of them (like LinkLayerItem); a view of the report,
// never of the document.
class VerificationOverlayItem : public QGraphicsItem {
public:
    explicit VerificationOverlayItem(CanvasScene* scene);

    // Okabe and Ito's colour-blind-safe colours, each kind with its own dash pattern as well:
    // missing vermillion dashes, miscabled reddish purple dash-dots, unexpected blue dots,
    // degraded orange dash-dot-dots. The legend and the list panel use the same.
    [[nodiscard]] static QColor color(DifferenceKind kind);
    [[nodiscard]] static Qt::PenStyle dash(DifferenceKind kind);
    [[nodiscard]] static QString legendText(DifferenceKind kind); // "missing cable"

    void setReport(std::optional<VerificationReport> report);
    [[nodiscard]] const std::optional<VerificationReport>& report() const { return mReport; }
    // The difference drawn emphasised (the list's current row), -1 for none.
    void setHighlighted(int index);
    [[nodiscard]] int highlighted() const { return mHighlighted; }
    // The differences drawn as a line (both ends on the canvas), for tests and the legend.
    [[nodiscard]] int drawnLines() const;
    // Recomputes the bounds after the canvas moved, opened or closed something.
    void refresh();

    [[nodiscard]] QRectF boundingRect() const override { return mBounds; }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    // Where a difference's end is drawn (its device's box, or the collapsed group's that holds
    // it), when its device is on the canvas.
    [[nodiscard]] std::optional<QRectF> rectOf(const VerificationEnd& end) const;
    [[nodiscard]] std::optional<QPointF> pointOf(const VerificationEnd& end) const;
    // The two ends of the line a difference draws (the designed link for a miscabled one).
    [[nodiscard]] std::optional<std::pair<QPointF, QPointF>> lineOf(const VerificationDifference& d) const;

    CanvasScene* mCanvas;
    std::optional<VerificationReport> mReport;
    QRectF mBounds;
    int mHighlighted = -1;
};

} // namespace pw::ui
