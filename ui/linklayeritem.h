#pragma once

#include "linkbundle.h"

#include <QGraphicsItem>
#include <QString>

#include <vector>

namespace pw::ui {

class CanvasScene;

// Draws every link bundle of the scene in one item, so thousands of long lines never enter the
// scene index (see canvas-notes.md). Clips to the exposed rectangle before drawing (the raster
// engine's fast path), draws count labels only when zoomed in, and antialiases only while few
// lines are in view.
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
    // A band: a bundle with a group or a row of switches at one end (links drawn as one).
    [[nodiscard]] static bool isBand(const LinkBundle& bundle);
    // "32× 400G": how many links a bundle stands for and their speed ("16× 100G · 8× 1G" when
    // they differ).
    [[nodiscard]] static QString label(const LinkBundle& bundle);
    // Draws the count labels of the bands or of the other bundles; `exposed` in scene units,
    // `titles` the screen rectangles of the group titles drawn (labels keep off them). The title
    // layer draws the bands' above the nodes.
    void paintLabels(QPainter* painter, const QRectF& exposed, bool bands, const std::vector<QRectF>& titles = {});
    // The count labels of the last paint, by bundle index (what a reader sees).
    struct DrawnLabel {
        int bundle = -1;
        QString text;
        QRectF onScreen;
    };
    [[nodiscard]] const std::vector<DrawnLabel>& drawnLabels() const { return mDrawnLabels; }

private:
    void paintBundles(QPainter* painter, const QStyleOptionGraphicsItem* option);

    CanvasScene* mCanvas;
    std::vector<LinkBundle> mBundles;
    QRectF mBounds;
    int mSelected = -1;
    std::vector<DrawnLabel> mDrawnLabels;
    std::vector<double> mLabelWidths; // by bundle, on screen; -1 until first drawn
};

} // namespace pw::ui
