#include "nodeitem.h"

#include "canvasscene.h"
#include "itemstyle.h"
#include "screentext.h"

#include "model/design.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace pw::ui {

namespace {
// From this scale on the 10 pt name is at least ScreenText::kMinPixels high: icon, name and model.
constexpr double kFullDetail = 0.85;
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

void NodeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const Design& d = mCanvas->design();
    const Node* n = d.node(mId);
    if (!n)
        return;
    const CatalogItem* item = d.item(n->sku);
    const ItemKind kind = item ? item->kind : ItemKind::Appliance;
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const bool selected = isSelected();

    QPen border(selected ? ItemStyle::selectionColor() : ItemStyle::nodeBorder(kind), selected ? 3 : 1.5);
    if (lod < 0.25) {
        // Far out: a plain block is all the eye can use.
        painter->setPen(Qt::NoPen);
        painter->setBrush(selected ? ItemStyle::selectionColor() : ItemStyle::nodeBorder(kind));
        painter->drawRect(mRect);
        return;
    }
    painter->setPen(border);
    painter->setBrush(ItemStyle::nodeFill(kind));
    painter->drawRoundedRect(mRect, 6, 6);
    if (lod < kFullDetail) {
        // The design-size name would be too small to read: the name alone, at a screen size.
        ScreenText::Style style;
        style.elide = Qt::ElideMiddle;
        ScreenText::draw(painter, mRect, n->name, style);
        return;
    }

    // Narrow boxes (dense generated rows) give the icon's room to the name.
    const bool withIcon = mRect.width() >= 130;
    const double iconSize = withIcon ? mRect.height() - 16 : 0;
    const QRectF iconRect(mRect.left() + (withIcon ? 8 : 0), mRect.center().y() - iconSize / 2, iconSize, iconSize);
    if (withIcon)
        ItemStyle::icon(kind).paint(painter, iconRect.toAlignedRect());

    const QRectF text(iconRect.right() + 8, mRect.top() + 4, mRect.right() - iconRect.right() - 12, mRect.height() - 8);
    QFont f = painter->font();
    f.setPointSizeF(10);
    f.setBold(true);
    painter->setFont(f);
    painter->setPen(QColor(0x1a, 0x1a, 0x1a));
    const QFontMetricsF fm(f);
    painter->drawText(QRectF(text.left(), text.top(), text.width(), text.height() / 2), Qt::AlignLeft | Qt::AlignBottom,
        fm.elidedText(n->name, Qt::ElideMiddle, text.width()));
    f.setBold(false);
    f.setPointSizeF(8);
    painter->setFont(f);
    painter->setPen(QColor(0x55, 0x55, 0x55));
    QString sub = item ? item->model : n->sku;
    if (item && item->gpuCount() > 0)
        sub = QStringLiteral("%1 · %2 GPU").arg(sub).arg(item->gpuCount());
    if (lod >= 1.0) // 8 pt reads from 1:1 on
        painter->drawText(QRectF(text.left(), text.center().y() + 1, text.width(), text.height() / 2),
            Qt::AlignLeft | Qt::AlignTop, QFontMetricsF(f).elidedText(sub, Qt::ElideRight, text.width()));
}

} // namespace pw::ui
