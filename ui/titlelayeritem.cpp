#include "titlelayeritem.h"

#include "canvasscene.h"
#include "groupitem.h"
#include "linklayeritem.h"

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
    mTitled = sceneRect;
    linksChanged();
}

void TitleLayerItem::linksChanged()
{
    // Titles may overhang their box upwards by a line of screen text.
    const QRectF r = mTitled.adjusted(0, -400, 0, 0).united(mCanvas->linkLayer()->boundingRect());
    if (r != mBounds) {
        prepareGeometryChange();
        mBounds = r;
    }
    update();
}

void TitleLayerItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const QRectF exposed = option->exposedRect;
    std::vector<QRectF> titles; // on screen: the bands' labels keep off them
    for (const GroupItem* g : mCanvas->groupItems()) {
        if (!g->isVisible() || g->isCollapsed())
            continue;
        const QRectF box = g->sceneBoundingRect();
        if (!box.adjusted(0, -400, 0, 0).intersects(exposed))
            continue;
        painter->save();
        painter->translate(g->pos());
        if (const QRectF title = g->paintTitle(painter); !title.isEmpty())
            titles.push_back(title);
        painter->restore();
    }
    mCanvas->linkLayer()->paintLabels(painter, exposed, true, titles);
}

} // namespace pw::ui
