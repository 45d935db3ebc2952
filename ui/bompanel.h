#pragma once

#include "guarded.h"

#include <QWidget>

class QLabel;
class QSortFilterProxyModel;
class QTableView;

namespace pw::ui {

class BomTableModel;
class DesignAnalysis;

// The Bill of materials dock: the cost model's BOM (from DesignAnalysis, updated live) in a
// sortable table, the total (which is the capital cost), Copy (selected rows as TSV with a header)
// and Export CSV (core's BomCsv, the same file as the CLI and the export menu).
class BomPanel : public QWidget {
    Q_OBJECT
public:
    explicit BomPanel(DesignAnalysis* analysis, QWidget* parent = nullptr);

    [[nodiscard]] QTableView* view() const { return mView; }
    [[nodiscard]] BomTableModel* model() const { return mModel; }
    [[nodiscard]] QSortFilterProxyModel* proxy() const { return mProxy; }
    [[nodiscard]] QString totalText() const;
    void setErrorReporter(ErrorReporter reporter) { mReportError = std::move(reporter); }

    // Selected rows (all rows when none are selected) as tab-separated text, in the shown order.
    [[nodiscard]] QString selectionAsTsv() const;
    void copySelection();
    // Writes the CSV; an empty path asks for one. Returns whether it was written.
    bool exportCsv(const QString& path = {});

private:
    void refresh();

    DesignAnalysis* mAnalysis;
    BomTableModel* mModel;
    QSortFilterProxyModel* mProxy;
    QTableView* mView;
    QLabel* mTotal;
    ErrorReporter mReportError;
};

} // namespace pw::ui
