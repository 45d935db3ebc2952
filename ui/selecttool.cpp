#include "selecttool.h"

#include "canvasscene.h"
#include "canvasview.h"
#include "designdocument.h"
#include "groupitem.h"
#include "itemstyle.h"
#include "linklayeritem.h"
#include "nodeitem.h"

#include "commands/editnodecommand.h"
#include "model/design.h"

#include <QCoreApplication>
#include <QGraphicsRectItem>
#include <QKeyEvent>

namespace pw::ui {

SelectTool::~SelectTool()
{
    delete mRubber;
}

QString SelectTool::hint() const
{
    return QStringLiteral(
        "Select: click or drag a box to select, drag to move, double-click a group title to collapse it");
}

void SelectTool::press(QPointF p, Qt::KeyboardModifiers modifiers)
{
    if (mMode != Mode::Idle)
        cancel(); // a press whose release we never saw
    CanvasScene* scene = mView->canvasScene();
    mPressPos = p;
    const bool toggle = modifiers & (Qt::ControlModifier | Qt::ShiftModifier);
    if (NodeItem* node = scene->nodeAt(p)) {
        if (toggle) {
            node->setSelected(!node->isSelected());
            return;
        }
        if (!node->isSelected())
            scene->selectNodes({node->nodeId()});
        mStart.clear();
        for (NodeId id : scene->selectedNodeIds())
            if (NodeItem* item = scene->nodeItem(id))
                mStart.insert(id, item->pos());
        mMode = Mode::Dragging;
        return;
    }
    if (GroupItem* group = scene->groupHandleAt(p)) {
        scene->selectGroup(group->groupId());
        return;
    }
    const double tolerance = 6.0 / std::max(0.01, mView->transform().m11());
    if (int bundle = scene->linkLayer()->bundleAt(p, tolerance); bundle >= 0) {
        scene->selectBundle(bundle);
        return;
    }
    if (!toggle)
        scene->clearAllSelection();
    mRubberAdds = toggle;
    mRubber = new QGraphicsRectItem(QRectF(p, p));
    QPen pen(QColor(0x1f, 0x6f, 0xc5), 1, Qt::DashLine);
    pen.setCosmetic(true);
    mRubber->setPen(pen);
    mRubber->setBrush(QColor(0x1f, 0x6f, 0xc5, 30));
    mRubber->setZValue(1000);
    scene->addItem(mRubber);
    mMode = Mode::Rubber;
}

void SelectTool::move(QPointF p)
{
    CanvasScene* scene = mView->canvasScene();
    if (mMode == Mode::Dragging) {
        const QPointF delta = ItemStyle::snap(p - mPressPos);
        for (auto it = mStart.cbegin(); it != mStart.cend(); ++it)
            if (NodeItem* item = scene->nodeItem(it.key()))
                item->setPos(it.value() + delta);
        scene->itemsMoved();
    } else if (mMode == Mode::Rubber && mRubber) {
        mRubber->setRect(QRectF(mPressPos, p).normalized());
    }
}

void SelectTool::release(QPointF p)
{
    CanvasScene* scene = mView->canvasScene();
    if (mMode == Mode::Dragging) {
        move(p);
        mMode = Mode::Idle;
        const Design& d = scene->design();
        std::vector<Node> states;
        for (auto it = mStart.cbegin(); it != mStart.cend(); ++it) {
            const Node* n = d.node(it.key());
            NodeItem* item = scene->nodeItem(it.key());
            if (n && item && item->pos() != n->position) {
                Node moved = *n;
                moved.position = item->pos();
                states.push_back(moved);
            }
        }
        mStart.clear();
        if (!states.empty()) {
            const QString text = states.size() == 1
                ? QCoreApplication::translate("SelectTool", "Move %1").arg(states.front().name)
                : QCoreApplication::translate("SelectTool", "Move %n nodes", nullptr, int(states.size()));
            if (!scene->document()->execute(std::make_unique<EditNodesCommand>(text, std::move(states))).ok)
                scene->rebuild();
        }
    } else if (mMode == Mode::Rubber) {
        if (mRubber)
            mRubber->setRect(QRectF(mPressPos, p).normalized());
        finishRubberBand();
    }
}

void SelectTool::finishRubberBand()
{
    CanvasScene* scene = mView->canvasScene();
    mMode = Mode::Idle;
    if (!mRubber)
        return;
    const QRectF r = mRubber->rect();
    delete mRubber;
    mRubber = nullptr;
    std::vector<NodeId> ids = mRubberAdds ? scene->selectedNodeIds() : std::vector<NodeId>{};
    for (QGraphicsItem* item : scene->items(r, Qt::IntersectsItemShape))
        if (item->type() == NodeItem::Type && item->isVisible())
            ids.push_back(static_cast<NodeItem*>(item)->nodeId());
    scene->selectNodes(ids);
}

void SelectTool::doubleClick(QPointF p)
{
    CanvasScene* scene = mView->canvasScene();
    if (GroupItem* group = scene->groupHandleAt(p))
        scene->toggleCollapsed(group->groupId());
}

bool SelectTool::key(QKeyEvent* event)
{
    CanvasScene* scene = mView->canvasScene();
    QPointF step;
    const double d = (event->modifiers() & Qt::ShiftModifier) ? ItemStyle::kGrid * 5 : ItemStyle::kGrid;
    switch (event->key()) {
    case Qt::Key_Left:
        step = {-d, 0};
        break;
    case Qt::Key_Right:
        step = {d, 0};
        break;
    case Qt::Key_Up:
        step = {0, -d};
        break;
    case Qt::Key_Down:
        step = {0, d};
        break;
    case Qt::Key_Escape:
        if (mMode != Mode::Idle)
            cancel();
        else
            scene->clearAllSelection();
        return true;
    default:
        return false;
    }
    if (mMode != Mode::Idle)
        return true;
    const std::vector<NodeId> ids = scene->selectedNodeIds();
    if (ids.empty())
        return false;
    std::vector<Node> states;
    for (NodeId id : ids) {
        Node n = *scene->design().node(id);
        n.position += step;
        states.push_back(n);
    }
    (void)scene->document()->execute(std::make_unique<EditNodesCommand>(
        QCoreApplication::translate("SelectTool", "Nudge"), std::move(states), true));
    return true;
}

void SelectTool::cancel()
{
    CanvasScene* scene = mView->canvasScene();
    if (mMode == Mode::Dragging) {
        for (auto it = mStart.cbegin(); it != mStart.cend(); ++it)
            if (NodeItem* item = scene->nodeItem(it.key()))
                item->setPos(it.value());
        scene->itemsMoved();
    }
    mStart.clear();
    delete mRubber;
    mRubber = nullptr;
    mMode = Mode::Idle;
}

} // namespace pw::ui
