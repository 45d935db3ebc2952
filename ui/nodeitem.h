#pragma once

#include "catalog/catalogitem.h"
#include "model/node.h"
#include "util/strongid.h"

#include <QGraphicsItem>
#include <QStringList>

namespace pw::ui {

class CanvasScene;

// One node of the design on the canvas. Reads the model when it paints; its position is the
// node's position (box centre) except while a tool drags it. Not movable by Qt: tools move it.
class NodeItem : public QGraphicsItem {
public:
    enum { Type = UserType + 1 };
    NodeItem(CanvasScene* scene, NodeId id);

    [[nodiscard]] NodeId nodeId() const { return mId; }
    [[nodiscard]] int type() const override { return Type; }
    [[nodiscard]] QRectF boundingRect() const override;
    // The box as drawn, without the pen's margin (scene coordinates).
    [[nodiscard]] QRectF sceneBox() const { return mRect.translated(pos()); }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
    // Re-reads size and position from the model.
    void syncFromModel();
    // Caps the box width so dense generated rows do not overlap (0 = the kind's width).
    void setMaxWidth(double width);

private:
    // The name (shortened by rule to fit) and, where a second line fits, the model; device pixels.
    void paintLabel(
        QPainter* painter, const QRectF& screen, const Node& node, const CatalogItem* item, ItemKind kind) const;

    CanvasScene* mCanvas;
    NodeId mId;
    QRectF mRect;
    double mMaxWidth = 0;
    // The label's forms (NodeLabel) for the name and SKU they were made from.
    mutable QString mFormsOf;
    mutable QString mFormsSku;
    mutable QStringList mNameForms;
    mutable QStringList mModelForms;
};

} // namespace pw::ui
