#pragma once

#include <QWidget>

class QDoubleSpinBox;
class QLabel;
class QSpinBox;
class QTableWidget;

namespace pw::ui {

class DesignAnalysis;
class DesignDocument;

// The Power and cooling dock (issue 17): the power chain of the analysis of record
// (DesignFigures::power, the figures `podwright-cli power` prints and the report shows): IT and
// facility kW with PUE, liquid and air heat, the rows against their limit and the coolant loops
// with their CDUs. The limits (row, hall) and loop settings are edited here; each edit is one
// undoable SetDesignPropertiesCommand on the design's "power_chain" properties.
class PowerPanel : public QWidget {
    Q_OBJECT
public:
    PowerPanel(DesignDocument* document, DesignAnalysis* analysis, QWidget* parent = nullptr);

    [[nodiscard]] QString summaryText() const;
    [[nodiscard]] QTableWidget* rowsTable() const { return mRows; }
    [[nodiscard]] QTableWidget* loopsTable() const { return mLoops; }
    [[nodiscard]] QDoubleSpinBox* rowLimit() const { return mRowLimit; }
    [[nodiscard]] QDoubleSpinBox* hallLimit() const { return mHallLimit; }
    [[nodiscard]] QSpinBox* racksPerLoop() const { return mRacksPerLoop; }
    [[nodiscard]] QSpinBox* cduSpares() const { return mCduSpares; }

    // Stores `value` for the power chain setting `key` (FacilityAssumptions keys) as one undo step;
    // false when it is refused or changes nothing.
    bool setValue(const QString& key, double value);

private:
    void refresh();

    DesignDocument* mDocument;
    DesignAnalysis* mAnalysis;
    QLabel* mSummary;
    QDoubleSpinBox* mRowLimit;
    QDoubleSpinBox* mHallLimit;
    QSpinBox* mRacksPerLoop;
    QSpinBox* mCduSpares;
    QTableWidget* mRows;
    QTableWidget* mLoops;
};

} // namespace pw::ui
