#pragma once

#include <QGraphicsItem>

namespace pw::ui {

class CanvasScene;

// Draws the titles of the expanded pods, units and racks above the links (one item, like the
// link layer), so that the lines of a dense fabric never run through a title.
class TitleLayerItem : public QGraphicsItem {
public:
    explicit TitleLayerItem(CanvasScene* scene);

    [[nodiscard]] QRectF boundingRect() const override { return mBounds; }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
    // Call when group boxes changed.
    void setBounds(const QRectF& sceneRect);

private:
    CanvasScene* mCanvas;
    QRectF mBounds;
};

} // namespace pw::ui
