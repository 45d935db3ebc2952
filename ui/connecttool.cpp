#include "connecttool.h"

#include "canvasscene.h"
#include "canvasview.h"
#include "designdocument.h"
#include "itemstyle.h"
#include "nodeitem.h"

#include "commands/compositecommand.h"
#include "commands/connectcommand.h"
#include "generate/linkcabling.h"
#include "model/design.h"

#include <QCoreApplication>
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
    return QCoreApplication::translate(
        "ConnectTool", "Connect: drag from one node to another to add a link (Esc or S to return to Select)");
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
    QPen pen(ItemStyle::selectionColor(), 2, Qt::DashLine);
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
    DesignDocument* doc = scene->document();
    const Design& d = doc->design();
    const ConnectCommand::PortPair ports = ConnectCommand::bestPorts(d, from, to->nodeId());
    if (!doc->catalog() || !ports.why.isEmpty()) {
        (void)doc->execute(std::make_unique<ConnectCommand>(from, to->nodeId())); // refuses with the reason
        return;
    }
    // The usual cable for the run between the two nodes, with optics at both ends for a fibre.
    const double length = LinkCabling::estimateLengthM(d, from, to->nodeId());
    const LinkCabling::Pick pick = LinkCabling::choose(d, *doc->catalog(), ports.a, ports.b, length);
    auto composite = std::make_unique<CompositeCommand>(QCoreApplication::translate("ConnectTool", "Connect"));
    for (auto& c : LinkCabling::connectCommands(d, *doc->catalog(), ports.a, ports.b, pick))
        composite->add(std::move(c));
    (void)doc->execute(std::move(composite));
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
