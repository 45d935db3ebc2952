#pragma once

#include "canvasclipboard.h"

#include "util/strongid.h"

#include <QGraphicsView>

#include <memory>

class QMimeData;

namespace pw::ui {

class CanvasScene;
class CanvasTool;
class FindBar;
class LegendWidget;
class OverviewMap;

// The canvas widget: forwards mouse and keys to the active tool, pans (middle drag, or Space held
// with a left drag), zooms (wheel about the cursor), accepts palette drops and design-file drops,
// and offers the edit operations the menus call (delete, copy, paste, duplicate, select all, fit).
class CanvasView : public QGraphicsView {
    Q_OBJECT
public:
    enum class ToolKind { Select, Connect };
    // The closest zoom Fit Selection (and a click on a finding) goes to: the design's own size, where
    // a node shows its name and model in full. Closer only by the user's wheel.
    static constexpr double kReadableZoom = 1.0;
    // The gap between the viewport's edge and the legend, find bar and overview map, and between
    // them and a fitted design.
    static constexpr int kOverlayMargin = 10;

    explicit CanvasView(CanvasScene* scene, QWidget* parent = nullptr);
    ~CanvasView() override;

    [[nodiscard]] CanvasScene* canvasScene() const { return mScene; }
    void setTool(ToolKind kind);
    [[nodiscard]] ToolKind toolKind() const { return mToolKind; }

    // Fits the whole design in the view, whatever its shape (up to 1.5x for tiny designs).
    void fitAll();
    // Shows the selection, at most at kReadableZoom.
    void fitSelection();
    // Zooms about the viewport centre, or about a viewport point (the wheel: what is under the
    // cursor stays under it).
    void zoomBy(double factor);
    void zoomAt(double factor, QPoint viewportPos);
    [[nodiscard]] double zoom() const { return transform().m11(); }
    // The scene rectangle the viewport shows.
    [[nodiscard]] QRectF visibleSceneRect() const;
    // Whether every item of the design is in view (the overview map then has nothing to add and
    // hides).
    [[nodiscard]] bool showsWholeDesign() const;
    // Centres the node, opening whatever hides it, at a zoom where its name can be read.
    void showNode(NodeId id);
    // Centres the view on a scene point (the overview map's click).
    void centerOnScene(QPointF scenePos);

    [[nodiscard]] FindBar* findBar() const { return mFindBar; }
    [[nodiscard]] LegendWidget* legend() const { return mLegend; }
    [[nodiscard]] OverviewMap* overview() const { return mOverview; }
    void showFind();

    void deleteSelection();
    void copySelection();
    void paste();
    void duplicateSelection();
    void selectAll();
    [[nodiscard]] const CanvasClipboard& clipboard() const { return mClipboard; }

    // Palette drop without a drag (tests and keyboard placement): a point in viewport coordinates.
    bool dropMimeAt(const QMimeData* mime, QPoint viewportPos);

    // The hover text at a viewport point: a node's full name, model and SKU (a narrow box or a
    // far zoom shortens the name it draws), or empty.
    [[nodiscard]] QString toolTipAt(QPoint viewportPos) const;

Q_SIGNALS:
    void toolChanged(ToolKind kind);
    void hint(const QString& text);
    void fileDropped(const QString& path);
    // Zoom, scroll or the design's extent changed (the overview follows).
    void viewChanged();

protected:
    bool viewportEvent(QEvent* event) override;
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
    void scrollContentsBy(int dx, int dy) override;

private:
    void pasteAt(QPointF offset);
    void updateSceneRect();
    // Opens or closes groups for the new zoom and scroll (CanvasScene::updateDetail).
    void refreshDetail();
    void placeOverlays();

    CanvasScene* mScene;
    std::unique_ptr<CanvasTool> mTool;
    ToolKind mToolKind = ToolKind::Select;
    LegendWidget* mLegend;
    FindBar* mFindBar;
    OverviewMap* mOverview;
    QRectF mDesignRect; // the scene's items, as of the last change of the design
    bool mRefreshing = false;
    bool mFitted = false; // showing all since the last Fit All: a resize fits again
    CanvasClipboard mClipboard;
    bool mSpaceHeld = false;
    bool mPanning = false;
    QPoint mPanLast;
};

} // namespace pw::ui
