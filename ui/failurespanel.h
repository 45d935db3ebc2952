#pragma once

#include "failures/failurescenario.h"
#include "floorview.h"

#include <QPointer>
#include <QWidget>

#include <vector>

class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace pw::ui {

class CanvasScene;
class CanvasView;
class DesignAnalysis;
class DesignDocument;

// The Failure Domains dock: what one switch, plane, power feed, coolant loop, rack or row takes
// down (core's FailureDomains, read from DesignAnalysis so nothing is computed twice), one row per
// scenario with the GPUs lost, servers degraded, scheduler blocks, bisection left and kW left.
// Clicking a row shows its blast radius: the failed devices and the servers cut off or degraded are
// selected on the canvas and centred, and the floor view draws the racks that go down red and the
// racks with servers cut off or degraded orange. Selection and highlight are view state only.
// The analysis computes the failure domains from the first time this panel is shown; a design
// above the live analysis's size gets them from a background job, whose progress and Cancel
// button show here while the window stays usable.
class FailuresPanel : public QWidget {
    Q_OBJECT
public:
    enum Column {
        KindColumn,
        EntityColumn,
        EquivalentColumn,
        GpusLostColumn,
        DegradedColumn,
        BlocksColumn,
        BisectionColumn,
        PowerLeftColumn,
        ColumnCount
    };

    FailuresPanel(DesignDocument* document, DesignAnalysis* analysis, CanvasScene* scene, CanvasView* view,
        FloorView* floor, QWidget* parent = nullptr);

    [[nodiscard]] QTableWidget* table() const { return mTable; }
    [[nodiscard]] int rowCount() const;
    [[nodiscard]] const FailureScenario* scenarioAt(int row) const;
    [[nodiscard]] QString summaryText() const;
    [[nodiscard]] QString explanationText() const;
    [[nodiscard]] QProgressBar* progressBar() const { return mProgress; }
    [[nodiscard]] QPushButton* cancelButton() const { return mCancel; }
    [[nodiscard]] QPushButton* computeButton() const { return mCompute; }
    // Shows the blast radius of the scenario in `row` (what a click does).
    void showRow(int row);

protected:
    void showEvent(QShowEvent* event) override;

private:
    void refresh();

    DesignDocument* mDocument;
    DesignAnalysis* mAnalysis;
    CanvasScene* mScene;
    CanvasView* mView;
    QPointer<FloorView> mFloor; // a dock of its own: may go first when the window closes
    QTableWidget* mTable;
    QLabel* mSummary;
    QLabel* mExplanation;
    QProgressBar* mProgress;
    QPushButton* mCancel;
    QPushButton* mCompute; // after a cancel: start again
    std::vector<FailureScenario> mShown;
    QStringList mNotes;
};

} // namespace pw::ui
