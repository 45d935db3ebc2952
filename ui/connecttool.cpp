#include "connecttool.h"

#include "canvasscene.h"
#include "canvasview.h"
#include "designdocument.h"
#include "nodeitem.h"

#include "commands/connectcommand.h"

#include <QGraphicsLineItem>
#include <QKeyEvent>
#include <QPen>

namespace pw::ui {

ConnectTool::~ConnectTool()
{
    delete mLine;
}

QString ConnectTool::hint() const
{
    return QStringLiteral("Connect: drag from one node to another to add a link (Esc or S to return to Select)");
}

void ConnectTool::press(QPointF p, Qt::KeyboardModifiers)
{
    cancel();
    CanvasScene* scene = mView->canvasScene();
    NodeItem* from = scene->nodeAt(p);
    if (!from)
        return;
    mFrom = from->nodeId();
    mLine = new QGraphicsLineItem(QLineF(from->pos(), p));
    QPen pen(QColor(0xd9, 0x34, 0x2b), 2, Qt::DashLine);
    pen.setCosmetic(true);
    mLine->setPen(pen);
    mLine->setZValue(1000);
    scene->addItem(mLine);
}

void ConnectTool::move(QPointF p)
{
    if (mLine)
        mLine->setLine(QLineF(mLine->line().p1(), p));
}

void ConnectTool::release(QPointF p)
{
    if (!mFrom.isValid())
        return;
    CanvasScene* scene = mView->canvasScene();
    const NodeId from = mFrom;
    cancel();
    NodeItem* to = scene->nodeAt(p);
    if (!to || to->nodeId() == from)
        return;
    (void)scene->document()->execute(std::make_unique<ConnectCommand>(from, to->nodeId()));
}

bool ConnectTool::key(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Escape && mFrom.isValid()) {
        cancel();
        return true;
    }
    return false;
}

void ConnectTool::cancel()
{
    delete mLine;
    mLine = nullptr;
    mFrom = {};
}

} // namespace pw::ui
