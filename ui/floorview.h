#pragma once

#include "floor/floorlayout.h"

#include <QColor>
#include <QStringList>
#include <QTransform>
#include <QWidget>

#include <optional>
#include <unordered_set>
#include <vector>

class QPainter;

namespace pw::ui {

class DesignAnalysis;
class DesignDocument;

// One coolant loop as the floor draws it: the racks it cools and the enclosures of the CDUs that
// feed it (PowerChain's loop assignment, read from the design's analysis).
struct FloorLoop {
    QString name;
    int row = -1; // floor row
    std::vector<GroupId> racks;
    std::vector<GroupId> cduRacks; // the enclosures the CDUs stand in
    QStringList cduNames;
    // Its band's colour: never that of a loop beside it in its row or in the rows in front and
    // behind (a greedy colouring over the loops' neighbours), so two loops never read as one.
    QColor colour;
};

// The Floor dock: the data hall from above, every row of rack positions (labelled with its name when
// the row is tall enough to read) and the racks standing in them, cold aisles (fronts) shaded blue
// and hot aisles (backs) red. Each coolant loop is a coloured band around its racks and the CDUs
// that feed it, the CDUs filled in the loop's colour. A click selects a rack; a drag
// drops it into another free position; the arrow keys move it along its row (Left, Right) or to
// the neighbouring row (Up, Down); ] and [ lengthen or shorten its row by one position. Every move
// and row edit is one EditFloorCommand (undoable; cable lengths follow). The floor plan is read
// from the design at each change; only racks inside the exposed area are painted.
class FloorView : public QWidget {
    Q_OBJECT
public:
    // `analysis` (may be null) gives the coolant loops; without it none are drawn.
    explicit FloorView(DesignDocument* document, DesignAnalysis* analysis = nullptr, QWidget* parent = nullptr);

    [[nodiscard]] const std::optional<FloorLayout>& floor() const { return mFloor; }
    [[nodiscard]] GroupId selectedRack() const { return mSelected; }
    void selectRack(GroupId rack);
    // Moves the selected rack by whole rows and positions (the arrow keys); false when refused.
    bool nudgeSelected(int rows, int slots);
    // Adds (or with a negative count removes) positions at the end of the selected rack's row.
    bool resizeSelectedRow(int positions);
    // Where a rack's footprint is drawn, in widget pixels.
    [[nodiscard]] QRectF rackRect(GroupId rack) const;
    [[nodiscard]] QRectF positionRect(int row, int slot) const;
    // The row and position under a widget point, if any.
    [[nodiscard]] std::optional<RackPlace> placeAt(QPointF point) const;
    [[nodiscard]] int lastPaintedRacks() const { return mLastPainted; }
    // The coolant loops on the floor, and how many were drawn (and row labels) at the last paint.
    [[nodiscard]] const std::vector<FloorLoop>& loops() const { return mLoops; }
    [[nodiscard]] int lastPaintedLoops() const { return mLastPaintedLoops; }
    [[nodiscard]] int lastPaintedRowLabels() const { return mLastPaintedLabels; }
    // The span a loop's band covers (its racks and CDUs, a margin around), in widget pixels.
    [[nodiscard]] QRectF loopRect(const FloorLoop& loop) const;
    // A failure's blast radius (the Failures dock sets it): racks that go down drawn red, racks
    // with servers cut off or degraded drawn orange. View state, never undoable; empty sets clear it.
    void setBlastRadius(std::unordered_set<quint32> downRacks, std::unordered_set<quint32> affectedRacks);
    [[nodiscard]] bool isDown(GroupId rack) const { return mDownRacks.contains(rack.value()); }
    [[nodiscard]] bool isAffected(GroupId rack) const { return mAffectedRacks.contains(rack.value()); }

Q_SIGNALS:
    void selectedRackChanged();

protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    void refresh();
    void refreshLoops();
    void colourLoops();
    void paintRowLabels(QPainter& p, const QTransform& t, const QRectF& exposed);
    [[nodiscard]] std::optional<QRectF> loopSpan(const FloorLoop& loop) const; // in metres
    bool apply(const QString& text, const std::optional<FloorLayout>& after, const QString& why);
    [[nodiscard]] QTransform toWidget() const; // hall metres to widget pixels
    [[nodiscard]] QRectF slotRect(const FloorRow& row, int slot) const; // in metres

    DesignDocument* mDocument;
    DesignAnalysis* mAnalysis;
    std::vector<FloorLoop> mLoops;
    std::unordered_set<quint32> mCduRacks; // enclosures of CDUs, drawn in their loop's colour
    std::optional<FloorLayout> mFloor;
    GroupId mSelected;
    GroupId mDragged;
    std::unordered_set<quint32> mGpuRacks; // racks holding GPU servers, drawn in their own colour
    std::unordered_set<quint32> mDownRacks;
    std::unordered_set<quint32> mAffectedRacks;
    int mLastPainted = 0;
    int mLastPaintedLoops = 0;
    int mLastPaintedLabels = 0;
};

} // namespace pw::ui
