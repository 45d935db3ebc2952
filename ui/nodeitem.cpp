#include "nodeitem.h"

#include "canvasscene.h"
#include "itemstyle.h"
#include "screentext.h"

#include "model/design.h"
#include "presentation/nodelabel.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <cmath>

namespace pw::ui {

namespace {
// A box lower than this on screen cannot hold a line of readable text (ScreenText::kMinPixels and
// a pixel of margin above and below).
constexpr double kLabelHeight = ScreenText::kMinPixels + 4;
} // namespace

NodeItem::NodeItem(CanvasScene* scene, NodeId id) : mCanvas(scene), mId(id)
{
    setFlag(ItemIsSelectable);
    setZValue(10);
    syncFromModel();
}

void NodeItem::syncFromModel()
{
    const Design& d = mCanvas->design();
    const Node* n = d.node(mId);
    if (!n)
        return;
    const CatalogItem* item = d.item(n->sku);
    QSizeF s = ItemStyle::nodeSize(item ? item->kind : ItemKind::Appliance);
    if (mMaxWidth > 0)
        s.setWidth(std::min(s.width(), mMaxWidth));
    const QRectF r(-s.width() / 2, -s.height() / 2, s.width(), s.height());
    if (r != mRect) {
        prepareGeometryChange();
        mRect = r;
    }
    if (pos() != n->position)
        setPos(n->position);
    update();
}

void NodeItem::setMaxWidth(double width)
{
    mMaxWidth = width;
    syncFromModel();
}

QRectF NodeItem::boundingRect() const
{
    return mRect.adjusted(-3, -3, 3, 3);
}

void NodeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    const Design& d = mCanvas->design();
    const Node* n = d.node(mId);
    if (!n)
        return;
    const CatalogItem* item = d.item(n->sku);
    const ItemKind kind = item ? item->kind : ItemKind::Appliance;
    const bool selected = isSelected();
    const QRectF screen = painter->worldTransform().mapRect(mRect);

    if (screen.height() < kLabelHeight) {
        // Too low on screen for a line of text: a plain block is all the eye can use.
        painter->setPen(Qt::NoPen);
        painter->setBrush(selected ? ItemStyle::selectionColor() : ItemStyle::nodeBorder(kind));
        painter->drawRect(mRect);
        return;
    }
    QPen border(selected ? ItemStyle::selectionColor() : ItemStyle::nodeBorder(kind), selected ? 3 : 1.5);
    painter->setPen(border);
    painter->setBrush(ItemStyle::nodeFill(kind));
    painter->drawRoundedRect(mRect, 6, 6);
    paintLabel(painter, screen, *n, item, kind);
}

void NodeItem::paintLabel(
    QPainter* painter, const QRectF& screen, const Node& node, const CatalogItem* item, ItemKind kind) const
{
    // Text in device pixels: the design size (13 px name, 10.5 px model at 1:1) when that is
    // readable, else the smallest readable size; the name shortens by rule to fit, never elided.
    const double scale = std::sqrt(std::abs(painter->worldTransform().determinant()));
    const double namePixels = std::max(ScreenText::kMinPixels, 13 * scale);
    const double modelPixels = std::max(ScreenText::kMinPixels, 10.5 * scale);
    painter->save();
    painter->resetTransform();
    // The forms once per name and SKU: splitting names for every box of every frame showed in
    // zoomed frames of thousands of nodes.
    if (mFormsOf != node.name || mFormsSku != node.sku) {
        mFormsOf = node.name;
        mFormsSku = node.sku;
        mNameForms = NodeLabel::nameForms(node.name, node.sku, item ? item->model : QString());
        mModelForms = NodeLabel::modelForms(item ? item->model : node.sku, item ? item->gpuCount() : 0);
        mModelForms << ItemStyle::kindName(kind);
    }
    const QStringList& names = mNameForms;
    const QStringList& models = mModelForms;
    double left = screen.left() + 2;
    // The kind's glyph where the box has room for it beside the whole name: a PDU, a CDU or an
    // appliance says what it is; a narrow box gives the glyph's room to the name.
    const double side = std::min(screen.height() - 10, 44.0);
    if (screen.height() >= 22
        && ScreenText::widthOf(names.front(), namePixels, namePixels > ScreenText::kMinPixels)
            <= screen.width() - side - 18) {
        const QRectF icon(screen.left() + 6, screen.center().y() - side / 2, side, side);
        ItemStyle::icon(kind).paint(painter, icon.toAlignedRect());
        left = icon.right() + 6;
    }
    const QRectF text(left, screen.top() + 2, screen.right() - 1 - left, screen.height() - 4);
    const bool twoLines = text.height() >= 1.2 * (namePixels + modelPixels);
    ScreenText::Style name;
    name.bold = namePixels > ScreenText::kMinPixels; // at the smallest size a bold name takes a third more room
    name.align = Qt::AlignLeft | (twoLines ? Qt::AlignBottom : Qt::AlignVCenter);
    ScreenText::drawFitting(painter, twoLines ? QRectF(text.left(), text.top(), text.width(), text.height() / 2) : text,
        names, namePixels, name);
    if (twoLines) {
        ScreenText::Style model;
        model.color = QColor(0x55, 0x55, 0x55);
        model.align = Qt::AlignLeft | Qt::AlignTop;
        ScreenText::drawFitting(painter, QRectF(text.left(), text.center().y() + 1, text.width(), text.height() / 2),
            models, modelPixels, model);
    }
    painter->restore();
}

} // namespace pw::ui
