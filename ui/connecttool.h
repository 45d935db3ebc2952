#pragma once

#include "canvastool.h"
#include "util/strongid.h"

class QGraphicsLineItem;

namespace pw::ui {

// Drag from one node to another to join them with a link (ConnectCommand picks the fastest free
// compatible pair of ports). A refusal's reason goes to the status bar and nothing is pushed.
class ConnectTool : public CanvasTool {
public:
    using CanvasTool::CanvasTool;
    ~ConnectTool() override;
    void press(QPointF scenePos, Qt::KeyboardModifiers modifiers) override;
    void move(QPointF scenePos) override;
    void release(QPointF scenePos) override;
    bool key(QKeyEvent* event) override;
    void cancel() override;
    [[nodiscard]] QString hint() const override;

private:
    NodeId mFrom;
    QGraphicsLineItem* mLine = nullptr;
};

} // namespace pw::ui
