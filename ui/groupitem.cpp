#include "groupitem.h"

#include "canvasscene.h"

#include "model/design.h"
#include "util/plural.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace pw::ui {

namespace {
constexpr double kTitle = 22.0;
}

GroupItem::GroupItem(CanvasScene* scene, GroupId id) : mCanvas(scene), mId(id)
{
    setZValue(-10);
    setFlag(ItemUsesExtendedStyleOption); // exposedRect
}

void GroupItem::setBox(const QRectF& sceneRect, bool collapsed, int memberCount, int gpuCount)
{
    const QRectF local(-sceneRect.width() / 2, -sceneRect.height() / 2, sceneRect.width(), sceneRect.height());
    if (local != mRect || collapsed != mCollapsed) {
        prepareGeometryChange();
        mRect = local;
    }
    mCollapsed = collapsed;
    mMembers = memberCount;
    mGpus = gpuCount;
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

void GroupItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const Group* g = mCanvas->design().group(mId);
    if (!g)
        return;
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    QColor edge;
    QString kind;
    switch (g->kind) {
    case GroupKind::Rack:
        edge = QColor(0x60, 0x60, 0x60);
        kind = QStringLiteral("Rack");
        break;
    case GroupKind::ScalableUnit:
        edge = QColor(0x1f, 0x6f, 0xc5);
        kind = QStringLiteral("SU");
        break;
    case GroupKind::Pod:
        edge = QColor(0x7a, 0x3f, 0xa8);
        kind = QStringLiteral("Pod");
        break;
    }
    const bool selected = mCanvas->selectedGroup() == mId;
    // "Rack A1" needs no "Rack" in front.
    const QString title
        = g->name.startsWith(kind, Qt::CaseInsensitive) ? g->name : QStringLiteral("%1 %2").arg(kind, g->name);
    if (mCollapsed) {
        painter->setPen(QPen(selected ? QColor(0xd9, 0x34, 0x2b) : edge, selected ? 3 : 2));
        QColor fill = edge;
        fill.setAlpha(40);
        painter->setBrush(QColor(0xfa, 0xfa, 0xfa));
        painter->drawRoundedRect(mRect, 8, 8);
        painter->setBrush(fill);
        painter->drawRoundedRect(mRect, 8, 8);
        if (lod < 0.2) {
            // Too small for the box's own text: a screen-size label, so a zoomed-out fabric still
            // says which unit is which.
            const QRectF onScreen = painter->worldTransform().mapRect(mRect);
            if (onScreen.width() < 24)
                return;
            painter->save();
            painter->resetTransform();
            QFont f = painter->font();
            f.setPointSizeF(8);
            f.setBold(true);
            painter->setFont(f);
            painter->setPen(QColor(0x1a, 0x1a, 0x1a));
            const double w = QFontMetricsF(f).horizontalAdvance(title) + 8;
            const QRectF label(onScreen.center().x() - w / 2, onScreen.center().y() - 8, w, 16);
            painter->setBrush(QColor(255, 255, 255, 220));
            painter->setPen(Qt::NoPen);
            painter->drawRoundedRect(label, 4, 4);
            painter->setPen(QColor(0x1a, 0x1a, 0x1a));
            painter->drawText(label, Qt::AlignCenter, title);
            painter->restore();
            return;
        }
        QFont f = painter->font();
        f.setPointSizeF(10);
        f.setBold(true);
        painter->setFont(f);
        painter->setPen(QColor(0x1a, 0x1a, 0x1a));
        const QRectF top(mRect.left() + 6, mRect.top() + 6, mRect.width() - 12, mRect.height() / 2 - 6);
        painter->drawText(top, Qt::AlignHCenter | Qt::AlignBottom, title);
        f.setBold(false);
        f.setPointSizeF(8);
        painter->setFont(f);
        painter->setPen(QColor(0x44, 0x44, 0x44));
        QString sub = QStringLiteral("%1 %2").arg(mMembers).arg(plural(mMembers, "node", "nodes"));
        if (mGpus > 0)
            sub += QStringLiteral(" · %1 %2").arg(mGpus).arg(plural(mGpus, "GPU", "GPUs"));
        sub += QStringLiteral("  (collapsed)");
        painter->drawText(QRectF(mRect.left() + 6, mRect.center().y() + 2, mRect.width() - 12, mRect.height() / 2 - 8),
            Qt::AlignHCenter | Qt::AlignTop, sub);
        return;
    }
    // Solid: a dashed outline of a pod-sized box is stroked dash by dash, even off screen.
    QPen pen(selected ? QColor(0xd9, 0x34, 0x2b) : edge, selected ? 2.5 : 1.2);
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
    if (lod < 0.15)
        return;
    QFont f = painter->font();
    f.setPointSizeF(9);
    f.setBold(true);
    painter->setFont(f);
    painter->setPen(edge.darker(130));
    painter->drawText(QRectF(mRect.left() + 10, mRect.top() + 2, mRect.width() - 20, kTitle),
        Qt::AlignLeft | Qt::AlignVCenter,
        QStringLiteral("%1 — %2 %3").arg(title).arg(mMembers).arg(plural(mMembers, "node", "nodes")));
}

} // namespace pw::ui
