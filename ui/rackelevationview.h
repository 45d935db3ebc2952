#pragma once

#include "floor/rackelevationmodel.h"

#include <QFontMetrics>
#include <QScrollArea>

namespace pw::ui {

class DesignAnalysis;
class DesignDocument;

// The Racks dock: the front of every rack side by side, U by U (U1 at the bottom), each placed
// node drawn over its units with its name and model, and the rack's maximum power against its
// budget above it: core's RackElevationModel (the PDF's racks too) built with the analysis's power
// figures, so the load shown is the status bar's and the report's. Rebuilt when the analysis
// updates (so it follows the debounce); only the racks
// in the visible part of the scroll area are painted, so thousands of racks stay cheap.
// Clicking a node emits nodeActivated; dragging it drops it into the rack and U under the cursor
// (one EditNodesCommand, as the inspector's rack field makes: undoable, its cables re-routed).
class RackElevationView : public QScrollArea {
    Q_OBJECT
public:
    static constexpr int kRackWidth = 230;
    static constexpr int kGap = 24;
    static constexpr int kHeader = 44;
    // A slot's text in `width` pixels: name and model, name and SKU, or the name, whichever fits
    // first (core's SlotLabel, as the proposal's elevations); `twoLines`: name over model.
    [[nodiscard]] static QString slotText(
        const RackElevationModel::Slot& s, const QFontMetrics& metrics, int width, bool twoLines);

    RackElevationView(DesignDocument* document, DesignAnalysis* analysis, QWidget* parent = nullptr);

    [[nodiscard]] const RackElevationModel& model() const { return mModel; }
    // Pixels per U at the current size (fits the tallest rack to the height, within limits).
    [[nodiscard]] int unitHeight() const;
    // The rectangle (in the content widget) of a slot, for drawing and hit tests.
    [[nodiscard]] QRect slotRect(int rackIndex, const RackElevationModel::Slot& slot) const;
    [[nodiscard]] QRect rackRect(int rackIndex) const;
    // Racks painted by the last paint (first, count): the visible ones only.
    [[nodiscard]] std::pair<int, int> lastPainted() const { return mLastPainted; }
    [[nodiscard]] QWidget* canvas() const { return widget(); }
    // The font of the slots' and the header's second line at the current unit height.
    [[nodiscard]] QFont slotFont() const;
    // The rack (index in model().racks) whose column holds a canvas point, or -1.
    [[nodiscard]] int rackAt(QPoint point) const;
    // The U of rack `rackIndex` at canvas height y (1 at the bottom; may be outside the rack).
    [[nodiscard]] int unitAt(int rackIndex, int y) const;
    // Moves a node into rack `rackIndex` with its lowest U at firstU (kept inside the rack): the
    // command a drop makes. False when nothing moved (the same place, or the command refused).
    bool moveNode(NodeId node, int rackIndex, int firstU);

Q_SIGNALS:
    void nodeActivated(NodeId node);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    friend class RackCanvas;
    void refresh();
    void updateCanvasSize();

    DesignDocument* mDocument;
    DesignAnalysis* mAnalysis;
    RackElevationModel mModel;
    int mMaxHeightU = 48;
    std::pair<int, int> mLastPainted{0, 0};
};

} // namespace pw::ui
