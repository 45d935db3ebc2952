#include "titlelayeritem.h"

#include "canvasscene.h"
#include "groupitem.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace pw::ui {

TitleLayerItem::TitleLayerItem(CanvasScene* scene) : mCanvas(scene)
{
    setZValue(20);
    setFlag(ItemUsesExtendedStyleOption); // exposedRect
}

void TitleLayerItem::setBounds(const QRectF& sceneRect)
{
    // Titles may overhang their box upwards by a line of screen text.
    const QRectF r = sceneRect.adjusted(0, -400, 0, 0);
    if (r != mBounds) {
        prepareGeometryChange();
        mBounds = r;
    }
    update();
}

void TitleLayerItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const QRectF exposed = option->exposedRect;
    for (const GroupItem* g : mCanvas->groupItems()) {
        if (!g->isVisible() || g->isCollapsed())
            continue;
        const QRectF box = g->sceneBoundingRect();
        if (!box.adjusted(0, -400, 0, 0).intersects(exposed))
            continue;
        painter->save();
        painter->translate(g->pos());
        g->paintTitle(painter);
        painter->restore();
    }
}

} // namespace pw::ui
