#pragma once

#include "analysis/designcomparison.h"
#include "analysis/designfigures.h"
#include "model/design.h"

#include <QWidget>

#include <memory>
#include <optional>

class QChart;
class QChartView;
class QLabel;
class QTableWidget;
class QTreeWidget;

namespace pw::ui {

class DesignAnalysis;
class DesignDocument;

// The what-if comparison window: the open design side by side with another one (a design file),
// with the same figures `podwright-cli diff` prints (core's DesignComparison): the headline figures
// and cost bands in a table (other | current | change), what was added and removed (nodes, links,
// bill-of-materials lines, findings) in a tree, and both designs overlaid on the tier chart and on
// a capital-cost-by-area bar chart. The current design's figures are the studio's analysis of
// record (DesignAnalysis), so the window follows edits; the other design's are computed once, the
// same way, when it is chosen. Read-only: nothing here changes a design.
class CompareView : public QWidget {
    Q_OBJECT
public:
    CompareView(DesignDocument* document, DesignAnalysis* analysis, QWidget* parent = nullptr);
    ~CompareView() override;

    // Compares the open design with `other`, which the reader knows as `label` (a file name).
    void compareWith(Design other, const QString& label);
    // The comparison shown (other = before, current = after); null before compareWith().
    [[nodiscard]] const DesignComparison* comparison() const { return mComparison ? &*mComparison : nullptr; }

    [[nodiscard]] QTableWidget* figuresTable() const { return mFigures; }
    [[nodiscard]] QTreeWidget* changesTree() const { return mChanges; }
    [[nodiscard]] QChart* tierChart() const;
    [[nodiscard]] QChart* costChart() const;

private:
    void refresh();
    void fillFigures();
    void fillChanges();
    void fillCharts();

    DesignDocument* mDocument;
    DesignAnalysis* mAnalysis;
    std::unique_ptr<Design> mOther;
    std::unique_ptr<DesignFigures> mOtherFigures;
    QString mOtherLabel;
    std::optional<DesignComparison> mComparison;
    QLabel* mHeading;
    QTableWidget* mFigures;
    QTreeWidget* mChanges;
    QChartView* mTierView;
    QChartView* mCostView;
};

} // namespace pw::ui
