#pragma once

#include <QWidget>

class QDoubleSpinBox;
class QSpinBox;

namespace pw::ui {

class DesignDocument;
class FloorView;

// The hall's figures above the Floor dock's plan: cold and hot aisle widths, the tray's height above
// the racks, the slack at each end of a run, and the length (in rack positions) of the selected
// rack's row. Each finished edit (Enter, or leaving the field) is one EditFloorCommand: undoable,
// rows re-spaced for a new aisle, and every cable's length re-routed on the new hall. Disabled
// while the design has no floor plan.
class HallEditor : public QWidget {
    Q_OBJECT
public:
    HallEditor(DesignDocument* document, FloorView* view, QWidget* parent = nullptr);

private:
    void refresh();
    void applyHall();
    void applyRowLength();

    DesignDocument* mDocument;
    FloorView* mView;
    QDoubleSpinBox* mColdAisle;
    QDoubleSpinBox* mHotAisle;
    QDoubleSpinBox* mTray;
    QDoubleSpinBox* mSlack;
    QSpinBox* mRowLength;
};

} // namespace pw::ui
