#pragma once

#include "report/reportdata.h"

#include <QDialog>

#include <functional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGraphicsScene;
class QLineEdit;
class QMenu;
class QPushButton;

namespace pw {

class Design;

// File > Export report: who the proposal is for and by whom, a logo, the currency (amounts are
// computed in USD and converted at the rate given), the page size, which sections, and where to
// write the PDF. Self-contained: reads nothing but the design's name; the caller renders.
class ExportReportDialog : public QDialog {
    Q_OBJECT
public:
    explicit ExportReportDialog(const QString& designName, const QString& suggestedPath, QWidget* parent = nullptr);

    [[nodiscard]] ReportOptions options() const;
    [[nodiscard]] QString outputPath() const;
    void setOptions(const ReportOptions& options);
    void setOutputPath(const QString& path);

private:
    void updateState();

    QLineEdit* mCustomer;
    QLineEdit* mPreparedBy;
    QLineEdit* mLogo;
    QComboBox* mCurrency;
    QDoubleSpinBox* mRate;
    QComboBox* mPageSize;
    std::vector<std::pair<ReportSection, QCheckBox*>> mSections;
    QLineEdit* mOutput;
    QPushButton* mOk = nullptr;
};

// Shows the dialog for `design`, then builds the report data and writes the PDF (with a wait
// cursor). Returns the written path, or an empty string when cancelled or failed (failures are
// shown in a message box). Remembers the last customer, author, logo and folder in QSettings.
QString runExportReportDialog(QWidget* parent, const Design& design, const QString& designFilePath = {});

// Adds File > Export > JSON, Cabling plan (CSV), Bill of materials (CSV), Point-to-point list
// (CSV), Slurm topology, Canvas as SVG, Canvas as PNG. `design` returns the current design;
// `scene`, when it returns a scene, is what the SVG/PNG show (the canvas as the user sees it),
// otherwise the report's aggregated diagram is drawn.
QMenu* addExportMenu(
    QMenu* file, QWidget* parent, std::function<const Design*()> design, std::function<QGraphicsScene*()> scene = {});

} // namespace pw
