#pragma once

#include <QPixmap>
#include <QRectF>
#include <QWidget>

namespace pw::ui {

class CanvasView;

// The overview map in the canvas's bottom-right corner: the whole design in miniature (pods,
// units, tiers and the nodes outside them) with the part the view shows outlined. A click or a
// drag centres the view there. Redraws its picture only when the design changes; the outline
// follows every scroll and zoom. It shows only while part of the design is out of view (after Fit
// All it would be one tinted box over the design's corner), and only if the user wants it.

class OverviewMap : public QWidget {
    Q_OBJECT
public:
    explicit OverviewMap(CanvasView* view);

    // The View menu's choice; the map then shows whenever the view leaves part of the design out.
    void setWanted(bool wanted);
    [[nodiscard]] bool isWanted() const { return mWanted; }

    // The scene rectangle the map shows (the design with a margin) and where the view's outline is
    // drawn, in widget coordinates: what tests and the click handler share.
    [[nodiscard]] QRectF sceneArea() const { return mArea; }
    [[nodiscard]] QPointF toScene(QPointF widgetPos) const;
    [[nodiscard]] QRectF viewportOutline() const;

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;

private:
    void updateArea();
    void redrawPicture();
    void updateShown();
    [[nodiscard]] QRectF mapped(const QRectF& sceneRect) const;

    CanvasView* mView;
    QPixmap mPicture;
    QRectF mArea;
    bool mStale = true;
    bool mWanted = true;
};

} // namespace pw::ui
