#pragma once

#include "linkbundle.h"

#include <QGraphicsItem>

#include <vector>

namespace pw::ui {

class CanvasScene;

// Draws every link bundle of the scene in one item, so thousands of long lines never enter the
// scene index (see canvas-notes.md). Clips to the exposed rectangle before drawing (the raster
// engine's fast path), draws count labels only when zoomed in, and antialiases only small designs.
class LinkLayerItem : public QGraphicsItem {
public:
    explicit LinkLayerItem(CanvasScene* scene);

    [[nodiscard]] QRectF boundingRect() const override { return mBounds; }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    void setBundles(std::vector<LinkBundle> bundles);
    [[nodiscard]] const std::vector<LinkBundle>& bundles() const { return mBundles; }
    // Call when endpoints moved (a drag): recomputes the bounds and repaints.
    void geometryChanged();
    // Index of the bundle whose line passes within `tolerance` of the point, or -1.
    [[nodiscard]] int bundleAt(QPointF scenePos, double tolerance) const;
    void setSelectedBundle(int index);
    [[nodiscard]] int selectedBundle() const { return mSelected; }

private:
    void paintBundles(QPainter* painter, const QStyleOptionGraphicsItem* option);

    CanvasScene* mCanvas;
    std::vector<LinkBundle> mBundles;
    QRectF mBounds;
    int mSelected = -1;
};

} // namespace pw::ui
