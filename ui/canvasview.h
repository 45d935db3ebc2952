#pragma once

#include "canvasclipboard.h"

#include <QGraphicsView>

#include <memory>

class QMimeData;

namespace pw::ui {

class CanvasScene;
class CanvasTool;
class LegendWidget;

// The canvas widget: forwards mouse and keys to the active tool, pans (middle drag, or Space held
// with a left drag), zooms (wheel about the cursor), accepts palette drops and design-file drops,
// and offers the edit operations the menus call (delete, copy, paste, duplicate, select all, fit).
class CanvasView : public QGraphicsView {
    Q_OBJECT
public:
    enum class ToolKind { Select, Connect };

    explicit CanvasView(CanvasScene* scene, QWidget* parent = nullptr);
    ~CanvasView() override;

    [[nodiscard]] CanvasScene* canvasScene() const { return mScene; }
    void setTool(ToolKind kind);
    [[nodiscard]] ToolKind toolKind() const { return mToolKind; }

    void fitAll();
    void fitSelection();
    void zoomBy(double factor);

    void deleteSelection();
    void copySelection();
    void paste();
    void duplicateSelection();
    void selectAll();
    [[nodiscard]] const CanvasClipboard& clipboard() const { return mClipboard; }

    // Palette drop without a drag (tests and keyboard placement): a point in viewport coordinates.
    bool dropMimeAt(const QMimeData* mime, QPoint viewportPos);

Q_SIGNALS:
    void toolChanged(ToolKind kind);
    void hint(const QString& text);
    void fileDropped(const QString& path);

protected:
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void keyReleaseEvent(QKeyEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dragMoveEvent(QDragMoveEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void pasteAt(QPointF offset);
    void updateSceneRect();

    CanvasScene* mScene;
    std::unique_ptr<CanvasTool> mTool;
    ToolKind mToolKind = ToolKind::Select;
    LegendWidget* mLegend;
    CanvasClipboard mClipboard;
    bool mSpaceHeld = false;
    bool mPanning = false;
    QPoint mPanLast;
};

} // namespace pw::ui
