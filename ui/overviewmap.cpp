#include "overviewmap.h"

#include "canvasscene.h"
#include "canvasview.h"
#include "designdocument.h"
#include "groupitem.h"
#include "itemstyle.h"

#include "model/design.h"

#include <QMouseEvent>
#include <QPainter>

#include <algorithm>

namespace pw::ui {

namespace {
constexpr int kMargin = 6;
}

OverviewMap::OverviewMap(CanvasView* view) : QWidget(view), mView(view)
{
    setObjectName(QStringLiteral("overviewMap"));
    setFixedSize(240, 150);
    setCursor(Qt::PointingHandCursor);
    setToolTip(tr("Overview: click or drag to move the view"));
    connect(view->canvasScene()->document(), &DesignDocument::changed, this, [this] {
        updateArea();
        mStale = true;
        update();
    });
    updateArea();
    connect(view, &CanvasView::viewChanged, this, [this] {
        updateShown();
        update();
    });
}

void OverviewMap::setWanted(bool wanted)
{
    mWanted = wanted;
    updateShown();
}

void OverviewMap::updateShown()
{
    setVisible(mWanted && !mView->showsWholeDesign());
}

QRectF OverviewMap::mapped(const QRectF& r) const
{
    if (mArea.isEmpty())
        return {};
    const QRectF inner = QRectF(rect()).adjusted(kMargin, kMargin, -kMargin, -kMargin);
    const double s = std::min(inner.width() / mArea.width(), inner.height() / mArea.height());
    const QPointF origin
        = inner.center() - QPointF(mArea.width() * s / 2, mArea.height() * s / 2) - mArea.topLeft() * s;
    return QRectF(origin + r.topLeft() * s, r.size() * s);
}

QPointF OverviewMap::toScene(QPointF p) const
{
    const QRectF unit = mapped(QRectF(0, 0, 1, 1));
    if (unit.width() <= 0)
        return {};
    return (p - unit.topLeft()) / unit.width();
}

QRectF OverviewMap::viewportOutline() const
{
    return mapped(mView->visibleSceneRect());
}

void OverviewMap::updateArea()
{
    // Kept current with the design, not at the next paint: a click may come before the map was
    // ever painted (it hides while the whole design is in view).
    QRectF area;
    mView->canvasScene()->design().nodes().forEach([&](const Node& n) {
        const QRectF r(n.position - QPointF(90, 40), QSizeF(180, 80));
        area = area.isNull() ? r : area.united(r);
    });
    mArea = area.adjusted(-100, -100, 100, 100);
}

void OverviewMap::redrawPicture()
{
    mStale = false;
    const Design& d = mView->canvasScene()->design();
    mPicture = QPixmap(size());
    mPicture.fill(Qt::transparent);
    if (d.nodes().size() == 0)
        return;
    QPainter p(&mPicture);
    // Nodes outside pods and units as dots by kind, then the pods and units as tinted blocks.
    std::vector<QPointF> dots[3];
    d.nodes().forEach([&](const Node& n) {
        if (n.unit.isValid())
            return;
        const CatalogItem* item = d.item(n.sku);
        const int k = item && item->kind == ItemKind::Switch ? 0 : item && item->kind == ItemKind::Server ? 1 : 2;
        dots[k].push_back(mapped(QRectF(n.position, QSizeF(0, 0))).topLeft());
    });
    const ItemKind kinds[3] = {ItemKind::Switch, ItemKind::Server, ItemKind::Appliance};
    for (int k = 0; k < 3; ++k) {
        p.setPen(QPen(ItemStyle::nodeBorder(kinds[k]), 1.5));
        p.drawPoints(dots[k].data(), int(dots[k].size()));
    }
    d.groups().forEach([&](const Group& g) {
        if (g.kind == GroupKind::Rack || d.group(g.parent))
            return; // racks are too small here; units inside a pod are drawn by their pod
        const GroupItem* item = mView->canvasScene()->groupItem(g.id);
        if (!item)
            return;
        const QRectF r = mapped(item->sceneBoundingRect());
        const QColor edge = g.kind == GroupKind::Pod ? QColor(0x7a, 0x3f, 0xa8) : QColor(0x1f, 0x6f, 0xc5);
        QColor fill = edge;
        fill.setAlpha(90);
        p.fillRect(r, fill);
        p.setPen(edge);
        p.drawRect(r);
    });
}

void OverviewMap::paintEvent(QPaintEvent*)
{
    if (mStale || mPicture.size() != size())
        redrawPicture();
    QPainter p(this);
    p.setPen(QColor(0xbb, 0xbb, 0xbb));
    p.setBrush(QColor(255, 255, 255, 235));
    p.drawRoundedRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5), 6, 6);
    p.drawPixmap(0, 0, mPicture);
    // The view's outline, kept at least a few pixels large so it can be seen when zoomed in.
    QRectF outline = viewportOutline().intersected(QRectF(rect()));
    if (outline.isEmpty())
        return;
    if (outline.width() < 6)
        outline.adjust(-(6 - outline.width()) / 2, 0, (6 - outline.width()) / 2, 0);
    if (outline.height() < 6)
        outline.adjust(0, -(6 - outline.height()) / 2, 0, (6 - outline.height()) / 2);
    p.setPen(QPen(QColor(0xd9, 0x6a, 0x00), 2));
    p.setBrush(QColor(0xd9, 0x6a, 0x00, 40));
    p.drawRect(outline);
}

void OverviewMap::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton)
        mView->centerOnScene(toScene(event->position()));
    event->accept();
}

void OverviewMap::mouseMoveEvent(QMouseEvent* event)
{
    if (event->buttons() & Qt::LeftButton)
        mView->centerOnScene(toScene(event->position()));
    event->accept();
}

} // namespace pw::ui
