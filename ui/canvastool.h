#pragma once

#include <QPointF>
#include <QString>
#include <Qt>

class QKeyEvent;

namespace pw::ui {

class CanvasView;

// A canvas tool: owns the mouse and key handling while active; the view forwards events in scene
// coordinates. Tools change the design only through commands. A press that never sees its
// release (focus lost, tool switched) must leave the tool usable: the view calls cancel().
class CanvasTool {
public:
    explicit CanvasTool(CanvasView* view) : mView(view) {}
    virtual ~CanvasTool() = default;
    virtual void press(QPointF scenePos, Qt::KeyboardModifiers modifiers) = 0;
    virtual void move(QPointF scenePos) = 0;
    virtual void release(QPointF scenePos) = 0;
    virtual void doubleClick(QPointF /*scenePos*/) {}
    virtual bool key(QKeyEvent* /*event*/) { return false; }
    virtual void cancel() = 0;
    [[nodiscard]] virtual QString hint() const = 0;

protected:
    CanvasView* mView;
};

} // namespace pw::ui
