#pragma once

#include "canvastool.h"
#include "util/strongid.h"

#include <QHash>

class QGraphicsRectItem;

namespace pw::ui {

// Click to select (Ctrl toggles), drag nodes to move them (one undo step at release), drag on
// empty canvas for a rubber band, click a link to select its bundle, double-click a group's title
// (or a collapsed group) to collapse or expand it, arrow keys nudge (merged into one step).
class SelectTool : public CanvasTool {
public:
    using CanvasTool::CanvasTool;
    ~SelectTool() override;
    void press(QPointF scenePos, Qt::KeyboardModifiers modifiers) override;
    void move(QPointF scenePos) override;
    void release(QPointF scenePos) override;
    void doubleClick(QPointF scenePos) override;
    bool key(QKeyEvent* event) override;
    void cancel() override;
    [[nodiscard]] QString hint() const override;

private:
    void finishRubberBand();

    enum class Mode { Idle, Dragging, Rubber };
    Mode mMode = Mode::Idle;
    QPointF mPressPos;
    QHash<NodeId, QPointF> mStart;
    QGraphicsRectItem* mRubber = nullptr;
    bool mRubberAdds = false;
};

} // namespace pw::ui
