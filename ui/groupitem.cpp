#include "groupitem.h"

#include "aggregatebox.h"
#include "canvasscene.h"
#include "drawingpalette.h"
#include "itemstyle.h"
#include "screentext.h"

#include "model/design.h"
#include "presentation/designpicture.h"
#include "util/plural.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <cmath>

namespace pw::ui {

namespace {
constexpr double kTitle = 22.0;
}

GroupItem::GroupItem(CanvasScene* scene, GroupId id) : mCanvas(scene), mId(id)
{
    setZValue(-10);
    setFlag(ItemUsesExtendedStyleOption); // exposedRect
}

void GroupItem::setBox(const QRectF& sceneRect, bool collapsed, int memberCount, int gpuCount, int switchCount)
{
    const QRectF local(-sceneRect.width() / 2, -sceneRect.height() / 2, sceneRect.width(), sceneRect.height());
    if (local != mRect || collapsed != mCollapsed) {
        prepareGeometryChange();
        mRect = local;
    }
    mCollapsed = collapsed;
    mMembers = memberCount;
    mGpus = gpuCount;
    mSwitches = switchCount;
    const Group* g = mCanvas->design().group(mId);
    mSummary = summaryForms(g ? g->kind : GroupKind::ScalableUnit); // once, not every frame
    setZValue(collapsed ? 9 : -10 - (mCanvas->design().group(mId) ? int(mCanvas->design().group(mId)->kind) : 0));
    setPos(sceneRect.center());
    update();
}

QRectF GroupItem::boundingRect() const
{
    return mRect.adjusted(-2, -2, 2, 2);
}

bool GroupItem::hitsHandle(QPointF scenePos) const
{
    const QPointF p = mapFromScene(scenePos);
    if (mCollapsed)
        return mRect.contains(p);
    return QRectF(mRect.left(), mRect.top(), mRect.width(), kTitle).contains(p);
}

QRectF GroupItem::paintTitle(QPainter* painter) const
{
    const Group* g = mCanvas->design().group(mId);
    if (!g || mCollapsed)
        return {};
    const QColor edge = groupEdge(g->kind);
    const double lod = std::sqrt(std::abs(painter->worldTransform().determinant()));
    const QString title = DesignPicture::groupTitle(*g);
    // The title in the strip above the members, at a size the eye can read, or not at all.
    ScreenText::Style style;
    style.bold = true;
    style.pixelSize = 13;
    style.color = edge.darker(130);
    // On the strip's bottom line: when zoomed out the text grows up into the gap above the box,
    // never down under the members (which are drawn over it).
    style.align = Qt::AlignLeft | Qt::AlignBottom;
    style.backdrop = lod < 1;
    // A rack's name without "Rack" when even that is too long ("U001-01" in a narrow column).
    QStringList forms = AggregateBox::oneLineForms(title, mSummary);
    if (g->kind == GroupKind::Rack && g->name != title)
        forms << g->name;
    QRectF drawn;
    ScreenText::drawFitting(painter, QRectF(mRect.left() + 8, mRect.top() + 2, mRect.width() - 16, kTitle), forms,
        std::max(ScreenText::kMinPixels, style.pixelSize * lod), style, &drawn);
    return drawn;
}

void GroupItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const Group* g = mCanvas->design().group(mId);
    if (!g)
        return;
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const QColor edge = groupEdge(g->kind);
    const bool selected = mCanvas->selectedGroup() == mId;
    const QString title = DesignPicture::groupTitle(*g);
    if (mCollapsed) {
        AggregateBox::paint(painter, option, mRect, edge, title, mSummary, selected, &mCanvas->titlesThisFrame());
        return;
    }
    // Solid: a dashed outline of a pod-sized box is stroked dash by dash, even off screen.
    QPen pen(selected ? ItemStyle::selectionColor() : edge, selected ? 2.5 : 1.2);
    pen.setCosmetic(true);
    painter->setPen(pen);
    QColor fill = edge;
    fill.setAlpha(12);
    if (std::max(mRect.width(), mRect.height()) * lod > 1500) {
        // Huge on screen (a pod at 1:1): a rounded, antialiased outline is rasterized over its
        // whole extent. Fill only the exposed part and draw the outline as plain lines.
        painter->setRenderHint(QPainter::Antialiasing, false);
        painter->fillRect(mRect.intersected(option->exposedRect), fill);
        painter->setBrush(Qt::NoBrush);
        QPen thin = painter->pen();
        thin.setWidth(selected ? 2 : 1); // integer cosmetic width: the fast line path
        painter->setPen(thin);
        const QRectF e = option->exposedRect.adjusted(-4, -4, 4, 4);
        const QLineF edges[4] = {{mRect.topLeft(), mRect.topRight()}, {mRect.topRight(), mRect.bottomRight()},
            {mRect.bottomRight(), mRect.bottomLeft()}, {mRect.bottomLeft(), mRect.topLeft()}};
        for (const QLineF& side : edges) {
            // Only the part of each edge that is on screen.
            const QRectF box = QRectF(side.p1(), side.p2()).normalized();
            const QRectF seen = box.adjusted(-1, -1, 1, 1).intersected(e);
            if (seen.isEmpty())
                continue;
            painter->drawLine(side.dx() == 0 ? QLineF(side.x1(), seen.top(), side.x1(), seen.bottom())
                                             : QLineF(seen.left(), side.y1(), seen.right(), side.y1()));
        }
        painter->setRenderHint(QPainter::Antialiasing, true);
    } else {
        painter->setBrush(fill);
        painter->drawRoundedRect(mRect, 10, 10);
    }
}

QStringList GroupItem::summaryForms(GroupKind kind) const
{
    // GPUs first: the figure an architect looks for.
    QStringList figures;
    if (mGpus > 0)
        figures << counted(mGpus, "GPU", "GPUs");
    figures << counted(mMembers, "node", "nodes");
    if (kind != GroupKind::Rack && mSwitches > 0)
        figures << counted(mSwitches, "switch", "switches");
    QStringList forms;
    for (qsizetype n = figures.size(); n > 0; --n)
        forms << figures.mid(0, n).join(QStringLiteral(" · "));
    return forms;
}

} // namespace pw::ui
