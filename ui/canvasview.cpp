#include "canvasview.h"

#include "canvasscene.h"
#include "connecttool.h"
#include "designdocument.h"
#include "findbar.h"
#include "groupitem.h"
#include "itemstyle.h"
#include "legendwidget.h"
#include "nodeitem.h"
#include "overviewmap.h"
#include "selecttool.h"

#include "commands/addnodecommand.h"
#include "commands/compositecommand.h"
#include "commands/connectcommand.h"
#include "commands/disconnectcommand.h"
#include "commands/recorditemcommand.h"
#include "commands/removenodescommand.h"
#include "model/design.h"

#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QMenu>
#include <QMimeData>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSet>
#include <QToolTip>
#include <QUrl>

#include <algorithm>
#include <cmath>
#include <map>

namespace pw::ui {

CanvasView::CanvasView(CanvasScene* scene, QWidget* parent)
    : QGraphicsView(scene, parent),
      mScene(scene),
      mTool(std::make_unique<SelectTool>(this)),
      mLegend(new LegendWidget(this)),
      mFindBar(new FindBar(this)),
      mOverview(new OverviewMap(this))
{
    setRenderHint(QPainter::Antialiasing, true);
    setRenderHint(QPainter::TextAntialiasing, true);
    setDragMode(NoDrag);
    setTransformationAnchor(NoAnchor); // zoomAt anchors explicitly
    setResizeAnchor(AnchorViewCenter);
    setViewportUpdateMode(MinimalViewportUpdate);
    setOptimizationFlags(DontAdjustForAntialiasing);
    viewport()->setMouseTracking(true);
    setAcceptDrops(true);
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    mFindBar->hide();
    placeOverlays();
    connect(scene->document(), &DesignDocument::changed, this, &CanvasView::updateSceneRect);
    // A design that enters the view is shown whole (the main window fits it after every reset):
    // a resize before that fit fits too, instead of opening every pod in sight at the old zoom
    // only for the fit to close them again (a third of the scene work of opening 100,000 GPUs).
    connect(scene->document(), &DesignDocument::resetDone, this, [this] { mFitted = true; });
    updateSceneRect();
}

CanvasView::~CanvasView() = default;

void CanvasView::setTool(ToolKind kind)
{
    if (kind == mToolKind)
        return;
    mTool->cancel();
    if (kind == ToolKind::Connect)
        mTool = std::make_unique<ConnectTool>(this);
    else
        mTool = std::make_unique<SelectTool>(this);
    mToolKind = kind;
    viewport()->setCursor(kind == ToolKind::Connect ? Qt::CrossCursor : Qt::ArrowCursor);
    Q_EMIT toolChanged(kind);
    Q_EMIT hint(mTool->hint());
}

void CanvasView::updateSceneRect()
{
    const QRectF r = mScene->itemsBoundingRect();
    mDesignRect = r;
    const double m = std::max({r.width(), r.height(), 2000.0});
    setSceneRect(r.adjusted(-m, -m, m, m));
    Q_EMIT viewChanged(); // the design's extent changed: whether it is all in view may have too
}

void CanvasView::fitAll()
{
    updateSceneRect();
    QRectF r = mScene->itemsBoundingRect();
    if (r.isEmpty())
        r = QRectF(-400, -300, 800, 600);
    const QRectF target = r.adjusted(-40, -40, 40, 40);
    // The scale that fits both dimensions; fitInView's own margins and rounding are not needed.
    const QSize vp = viewport()->size();
    // The legend (bottom left) keeps its corner free of nodes: the design fits either above a strip
    // as tall as the legend or beside a column as wide as it, whichever shows it larger. The
    // overview map needs no room: it hides while the whole design is in view.
    const int strip = mLegend->isHidden() ? 0 : mLegend->height() + 2 * kOverlayMargin;
    const int column = mLegend->isHidden() ? 0 : mLegend->width() + 2 * kOverlayMargin;
    const double aboveStrip = std::min(vp.width() / target.width(), (vp.height() - strip) / target.height());
    const double besideColumn = std::min((vp.width() - column) / target.width(), vp.height() / target.height());
    const bool beside = besideColumn > aboveStrip;
    // Very small designs would blow up into giant boxes: stop at a readable 1.5x.
    const double s = std::clamp(std::max(aboveStrip, besideColumn), 1e-4, 1.5);
    const QPointF shift = beside ? QPointF(-column / 2.0 / s, 0) : QPointF(0, strip / 2.0 / s);
    mRefreshing = true; // one level-of-detail pass, at the destination
    setTransform(QTransform::fromScale(s, s));
    centerOn(r.center() + shift); // the design centred in the room the legend leaves
    mRefreshing = false;
    refreshDetail();
    mFitted = true;
}

void CanvasView::fitSelection()
{
    QRectF r;
    for (QGraphicsItem* item : mScene->selectedItems())
        r = r.united(item->sceneBoundingRect());
    if (GroupItem* g = mScene->groupItem(mScene->selectedGroup()))
        r = r.united(g->sceneBoundingRect());
    if (r.isEmpty()) {
        fitAll();
        return;
    }
    mFitted = false;
    mRefreshing = true;
    fitInView(r.adjusted(-80, -80, 80, 80), Qt::KeepAspectRatio);
    if (transform().m11() > kReadableZoom)
        setTransform(QTransform::fromScale(kReadableZoom, kReadableZoom));
    centerOn(r.center());
    mRefreshing = false;
    refreshDetail();
}

void CanvasView::zoomBy(double factor)
{
    zoomAt(factor, viewport()->rect().center());
}

void CanvasView::zoomAt(double factor, QPoint viewportPos)
{
    const double s = transform().m11() * factor;
    if (s < 1e-4 || s > 10)
        return;
    const QPointF anchor = mapToScene(viewportPos);
    // The new scale and the scroll back to the anchor each scroll the view; the level of detail
    // follows once, at the destination (each pass rebuilds group boxes and link bundles).
    mRefreshing = true;
    setTransform(QTransform::fromScale(s, s));
    // Scroll so that the scene point under the anchor is back under it.
    mFitted = false;
    const QPointF off = viewportTransform().map(anchor) - QPointF(viewportPos);
    horizontalScrollBar()->setValue(horizontalScrollBar()->value() + int(std::lround(off.x())));
    verticalScrollBar()->setValue(verticalScrollBar()->value() + int(std::lround(off.y())));
    mRefreshing = false;
    refreshDetail();
}

QRectF CanvasView::visibleSceneRect() const
{
    return mapToScene(viewport()->rect()).boundingRect();
}

bool CanvasView::showsWholeDesign() const
{
    return mDesignRect.isEmpty() || visibleSceneRect().contains(mDesignRect);
}

void CanvasView::refreshDetail()
{
    if (mRefreshing)
        return;
    mRefreshing = true;
    mScene->updateDetail(visibleSceneRect(), transform().m11());
    mRefreshing = false;
    Q_EMIT viewChanged();
}

void CanvasView::showNode(NodeId id)
{
    const Node* n = mScene->design().node(id);
    if (!n)
        return;
    mScene->reveal(id);
    mFitted = false;
    {
        // Close enough to read names, never further out than the user already was; the level
        // of detail follows once, at the destination (on the way it would close the node's pod).
        mRefreshing = true;
        const double s = std::max(transform().m11(), 0.9);
        setTransform(QTransform::fromScale(s, s));
        centerOn(n->position);
        mRefreshing = false;
    }
    refreshDetail();
    mScene->selectNodes({id});
}

void CanvasView::centerOnScene(QPointF scenePos)
{
    mFitted = false;
    centerOn(scenePos);
    refreshDetail();
}

void CanvasView::showFind()
{
    mFindBar->activate();
}

void CanvasView::scrollContentsBy(int dx, int dy)
{
    QGraphicsView::scrollContentsBy(dx, dy);
    refreshDetail();
}

void CanvasView::placeOverlays()
{
    const QRect vp = viewport()->geometry();
    const int m = kOverlayMargin;
    // Bottom left: the top of a fitted design is where rack and unit titles are (issue 14: the
    // legend covered the rack title); the overview map takes the bottom right.
    mLegend->adjustSize();
    mLegend->move(vp.left() + m, vp.bottom() - mLegend->height() - m);
    mLegend->raise();
    mFindBar->adjustSize();
    mFindBar->move(vp.right() - mFindBar->width() - m, vp.top() + m);
    mFindBar->raise();
    mOverview->move(vp.right() - mOverview->width() - m, vp.bottom() - mOverview->height() - m);
    mOverview->raise();
}

void CanvasView::deleteSelection()
{
    const std::vector<NodeId> nodes = mScene->selectedNodeIds();
    if (!nodes.empty()) {
        (void)mScene->document()->execute(std::make_unique<RemoveNodesCommand>(nodes));
        return;
    }
    const std::vector<LinkId> links = mScene->selectedLinks();
    if (!links.empty())
        (void)mScene->document()->execute(std::make_unique<DisconnectCommand>(links));
}

void CanvasView::copySelection()
{
    const std::vector<NodeId> ids = mScene->selectedNodeIds();
    if (ids.empty())
        return;
    const Design& d = mScene->design();
    CanvasClipboard clip;
    std::map<NodeId, size_t> index;
    QSet<QString> skus;
    for (NodeId id : ids) {
        index[id] = clip.nodes.size();
        clip.nodes.push_back(*d.node(id));
        skus.insert(d.node(id)->sku);
    }
    d.links().forEach([&](const Link& l) {
        const auto a = index.find(l.a.node);
        const auto b = index.find(l.b.node);
        if (a == index.end() || b == index.end())
            return;
        clip.links.push_back({a->second, l.a.index, b->second, l.b.index, l.cableSku, l.lengthM});
        if (!l.cableSku.isEmpty())
            skus.insert(l.cableSku);
    });
    for (const QString& sku : skus)
        if (const CatalogItem* item = d.item(sku))
            clip.items.push_back(*item);
    QRectF box;
    for (NodeId id : ids) {
        const CatalogItem* item = d.itemOf(id);
        const QSizeF size = ItemStyle::nodeSize(item ? item->kind : ItemKind::Appliance);
        box = box.united(QRectF(d.node(id)->position - QPointF(size.width(), size.height()) / 2, size));
    }
    clip.width = box.width();
    mClipboard = std::move(clip);
}

void CanvasView::paste()
{
    // Each paste lands one copy's width (and a grid-aligned gap) to the right of the last, so the
    // copies sit beside the originals instead of on top of them.
    ++mClipboard.pasteCount;
    const double step = ItemStyle::snap(QPointF(mClipboard.width + 40, 0)).x();
    pasteAt(QPointF(step, 0) * mClipboard.pasteCount);
}

void CanvasView::duplicateSelection()
{
    copySelection();
    paste();
}

void CanvasView::selectAll()
{
    std::vector<NodeId> ids;
    mScene->design().nodes().forEach([&](const Node& n) { ids.push_back(n.id); });
    mScene->selectNodes(ids);
}

namespace {

// "dgx-07" -> "dgx-08" (keeping the zero padding), else "name-2", skipping names in use.
QString nextFreeName(const QString& name, QSet<QString>& used)
{
    static const QRegularExpression trailing(QStringLiteral("^(.*?)(\\d+)$"));
    const auto m = trailing.match(name);
    QString stem = m.hasMatch() ? m.captured(1) : name + QLatin1Char('-');
    const int width = m.hasMatch() ? int(m.captured(2).size()) : 1;
    int n = m.hasMatch() ? m.captured(2).toInt() : 1;
    QString candidate;
    do {
        ++n;
        candidate = stem + QStringLiteral("%1").arg(n, width, 10, QLatin1Char('0'));
    } while (used.contains(candidate));
    used.insert(candidate);
    return candidate;
}

} // namespace

void CanvasView::pasteAt(QPointF offset)
{
    if (mClipboard.isEmpty())
        return;
    const Design& d = mScene->document()->design();
    QSet<QString> used;
    d.nodes().forEach([&](const Node& n) { used.insert(n.name); });
    auto composite = std::make_unique<CompositeCommand>(mClipboard.nodes.size() == 1
            ? tr("Paste %1").arg(mClipboard.nodes.front().name)
            : tr("Paste %n nodes", nullptr, int(mClipboard.nodes.size())));
    std::map<QString, const CatalogItem*> items;
    for (const CatalogItem& item : mClipboard.items)
        items[item.sku] = &item;
    std::vector<NodeId> newIds;
    for (const Node& original : mClipboard.nodes) {
        Node n = original;
        // Ids are reserved up front so the links can name their ports; ids are never reused.
        n.id = mScene->document()->reserveNodeId();
        n.name = nextFreeName(original.name, used);
        n.position = original.position + offset;
        if (n.rack.isValid() && !d.group(n.rack)) {
            n.rack = {};
            n.rackUnit = -1;
        }
        if (n.unit.isValid() && !d.group(n.unit))
            n.unit = {};
        n.rackUnit = -1; // the copy does not occupy the original's slot
        const CatalogItem* item = d.item(n.sku);
        if (!item)
            item = items[n.sku];
        if (!item)
            continue;
        composite->add(std::make_unique<AddNodeCommand>(*item, n));
        newIds.push_back(n.id);
    }
    if (newIds.size() != mClipboard.nodes.size())
        return;
    QSet<QString> recorded;
    for (const auto& l : mClipboard.links) {
        if (!l.cableSku.isEmpty() && !d.item(l.cableSku) && !recorded.contains(l.cableSku) && items[l.cableSku]) {
            composite->add(std::make_unique<RecordItemCommand>(*items[l.cableSku]));
            recorded.insert(l.cableSku);
        }
        composite->add(std::make_unique<ConnectCommand>(
            PortRef{newIds[l.a], l.portA}, PortRef{newIds[l.b], l.portB}, l.cableSku, l.lengthM));
    }
    if (mScene->document()->execute(std::move(composite)).ok)
        mScene->selectNodes(newIds);
}

bool CanvasView::dropMimeAt(const QMimeData* mime, QPoint viewportPos)
{
    return mScene->dropMime(mime, mapToScene(viewportPos)).ok;
}

void CanvasView::mousePressEvent(QMouseEvent* event)
{
    setFocus(Qt::MouseFocusReason);
    if (event->button() == Qt::MiddleButton || (event->button() == Qt::LeftButton && mSpaceHeld)) {
        mPanning = true;
        mPanLast = event->position().toPoint();
        viewport()->setCursor(Qt::ClosedHandCursor);
        event->accept();
        return;
    }
    if (event->button() == Qt::LeftButton)
        mTool->press(mapToScene(event->position().toPoint()), event->modifiers());
    event->accept();
}

void CanvasView::mouseMoveEvent(QMouseEvent* event)
{
    if (mPanning) {
        const QPoint p = event->position().toPoint();
        const QPoint delta = p - mPanLast;
        mPanLast = p;
        mFitted = false;
        mRefreshing = true; // one level-of-detail pass for the diagonal move, not one per bar
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - delta.x());
        verticalScrollBar()->setValue(verticalScrollBar()->value() - delta.y());
        mRefreshing = false;
        refreshDetail();
        return;
    }
    mTool->move(mapToScene(event->position().toPoint()));
}

void CanvasView::mouseReleaseEvent(QMouseEvent* event)
{
    if (mPanning) {
        mPanning = false;
        viewport()->setCursor(mToolKind == ToolKind::Connect ? Qt::CrossCursor : Qt::ArrowCursor);
        return;
    }
    if (event->button() == Qt::LeftButton)
        mTool->release(mapToScene(event->position().toPoint()));
}

void CanvasView::mouseDoubleClickEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton)
        mTool->doubleClick(mapToScene(event->position().toPoint()));
}

void CanvasView::wheelEvent(QWheelEvent* event)
{
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0)
        return;
    zoomAt(std::pow(1.18, steps), event->position().toPoint());
    event->accept();
}

void CanvasView::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
        mSpaceHeld = true;
        viewport()->setCursor(Qt::OpenHandCursor);
        return;
    }
    if (mTool->key(event))
        return;
    if (event->modifiers() == Qt::NoModifier) {
        switch (event->key()) {
        case Qt::Key_C:
            setTool(ToolKind::Connect);
            return;
        case Qt::Key_S:
        case Qt::Key_V:
            setTool(ToolKind::Select);
            return;
        case Qt::Key_Escape:
            setTool(ToolKind::Select);
            return;
        case Qt::Key_Plus:
        case Qt::Key_Equal:
            zoomBy(1.25);
            return;
        case Qt::Key_Minus:
            zoomBy(0.8);
            return;
        default:
            break;
        }
    }
    QGraphicsView::keyPressEvent(event);
}

void CanvasView::keyReleaseEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
        mSpaceHeld = false;
        viewport()->setCursor(mToolKind == ToolKind::Connect ? Qt::CrossCursor : Qt::ArrowCursor);
        return;
    }
    QGraphicsView::keyReleaseEvent(event);
}

void CanvasView::focusOutEvent(QFocusEvent* event)
{
    mSpaceHeld = false;
    mPanning = false;
    QGraphicsView::focusOutEvent(event);
}

void CanvasView::contextMenuEvent(QContextMenuEvent* event)
{
    const QPointF p = mapToScene(event->pos());
    QMenu menu(this);
    GroupItem* group = mScene->groupHandleAt(p);
    NodeItem* node = mScene->nodeAt(p);
    if (node && !node->isSelected())
        mScene->selectNodes({node->nodeId()});
    if (node) {
        const Node* n = mScene->design().node(node->nodeId());
        menu.addAction(tr("Delete"), this, &CanvasView::deleteSelection);
        menu.addAction(tr("Duplicate"), this, &CanvasView::duplicateSelection);
        for (GroupId g : {n ? n->unit : GroupId{}, n ? n->rack : GroupId{}})
            if (const Group* grp = mScene->design().group(g))
                menu.addAction(tr("Collapse %1").arg(grp->name), this, [this, g] { mScene->setCollapsed(g, true); });
    } else if (group) {
        const GroupId id = group->groupId();
        menu.addAction(
            mScene->isCollapsed(id) ? tr("Expand") : tr("Collapse"), this, [this, id] { mScene->toggleCollapsed(id); });
    } else {
        menu.addAction(tr("Paste"), this, &CanvasView::paste)->setEnabled(!mClipboard.isEmpty());
        menu.addAction(tr("Fit all"), this, &CanvasView::fitAll);
    }
    menu.exec(event->globalPos());
}

void CanvasView::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasFormat(QLatin1String(CanvasScene::kSkuMimeType)) || event->mimeData()->hasUrls())
        event->acceptProposedAction();
    else
        event->ignore();
}

void CanvasView::dragMoveEvent(QDragMoveEvent* event)
{
    event->acceptProposedAction();
}

void CanvasView::dropEvent(QDropEvent* event)
{
    const QMimeData* mime = event->mimeData();
    if (mime->hasFormat(QLatin1String(CanvasScene::kSkuMimeType))) {
        dropMimeAt(mime, event->position().toPoint());
        event->acceptProposedAction();
        return;
    }
    for (const QUrl& url : mime->urls())
        if (url.isLocalFile()) {
            Q_EMIT fileDropped(url.toLocalFile());
            event->acceptProposedAction();
            return;
        }
}

QString CanvasView::toolTipAt(QPoint viewportPos) const
{
    const NodeItem* item = mScene->nodeAt(mapToScene(viewportPos));
    if (!item)
        return {};
    const Design& d = mScene->design();
    const Node* n = d.node(item->nodeId());
    if (!n)
        return {};
    const CatalogItem* catalogItem = d.item(n->sku);
    return QStringLiteral("<b>%1</b><br>%2 (%3)")
        .arg(n->name.toHtmlEscaped(), (catalogItem ? catalogItem->model : n->sku).toHtmlEscaped(),
            n->sku.toHtmlEscaped());
}

bool CanvasView::viewportEvent(QEvent* event)
{
    // Answered here rather than by a tooltip on every item: a 100,000-node design keeps no strings.
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, viewport());
        return true;
    }
    return QGraphicsView::viewportEvent(event);
}

void CanvasView::resizeEvent(QResizeEvent* event)
{
    // Qt scrolls to keep its anchor while resizing; the level of detail follows once, below.
    mRefreshing = true;
    QGraphicsView::resizeEvent(event);
    mRefreshing = false;
    placeOverlays();
    if (mFitted)
        fitAll(); // docks settling or the window resized: the whole design stays in view
    else
        refreshDetail();
}

} // namespace pw::ui
