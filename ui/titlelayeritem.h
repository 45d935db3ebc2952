#pragma once

#include <QGraphicsItem>

namespace pw::ui {

class CanvasScene;

// Draws the titles of the expanded pods, units and racks above the links (one item, like the
// link layer), so that the lines of a dense fabric never run through a title; and the links' count
// labels, which nodes would otherwise cover.
class TitleLayerItem : public QGraphicsItem {
public:
    explicit TitleLayerItem(CanvasScene* scene);

    [[nodiscard]] QRectF boundingRect() const override { return mBounds; }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
    // Call when group boxes changed.
    void setBounds(const QRectF& sceneRect);
    // Call when the links changed: their count labels are drawn here too, above the nodes.
    void linksChanged();

private:
    CanvasScene* mCanvas;
    QRectF mTitled; // the titled groups
    QRectF mBounds;
};

} // namespace pw::ui
