#pragma once

#include "presentation/reportdata.h"

#include <QDialog>

#include <functional>
#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QMenu;
class QPushButton;
class QSpinBox;

namespace pw {

class Design;

// File > Export report: the proposal's title (the design's readable name by default), who it is
// for and by whom, a logo, the currency (amounts are computed in USD and converted at the rate
// given), the page size, which sections, whether the internal sourcing appendix is added (off by
// default: the proposal goes to a customer), and where to write the PDF. For a design that came
// from the team repository (offerChangesSince), also the "Changes since revision N" appendix, as
// `podwright-cli report --changes-since NAME@N`. Self-contained: reads nothing but the title; the
// caller renders.
class ExportReportDialog : public QDialog {
    Q_OBJECT
public:
    explicit ExportReportDialog(const QString& title, const QString& suggestedPath, QWidget* parent = nullptr);

    [[nodiscard]] ReportOptions options() const;
    [[nodiscard]] QString outputPath() const;
    void setOptions(const ReportOptions& options);
    void setOutputPath(const QString& path);
    // Offers "Changes since revision N" (N from 1 to `revision`, the revision the design is based
    // on; hidden until called). Off by default; the revision proposed is the one before.
    void offerChangesSince(int revision);
    // The revision the appendix compares with, when asked for.
    [[nodiscard]] std::optional<int> changesSinceRevision() const;

private:
    void updateState();

    QLineEdit* mTitle;
    QLineEdit* mCustomer;
    QLineEdit* mPreparedBy;
    QLineEdit* mLogo;
    QComboBox* mCurrency;
    QDoubleSpinBox* mRate;
    QComboBox* mPageSize;
    std::vector<std::pair<ReportSection, QCheckBox*>> mSections;
    QCheckBox* mAppendix;
    QCheckBox* mChanges;
    QSpinBox* mChangesRevision;
    bool mChangesOffered = false;
    QLineEdit* mOutput;
    QPushButton* mOk = nullptr;
};

// Shows the dialog for `design`, then builds the report data and writes the PDF (with a wait
// cursor). Returns the written path, or an empty string when cancelled or failed (failures are
// shown in a message box). Remembers the last customer, author, logo and folder in QSettings.
// Where the design came from in the team repository: the revision it is based on and how to read an
// earlier revision of it (throws pw::Error; may wait on the server).
struct ReportRevisionSource {
    int revision = 0;
    std::function<Design(int revision)> pull;
};
QString runExportReportDialog(QWidget* parent, const Design& design, const QString& designFilePath = {},
    const ReportRevisionSource* repository = nullptr);

// Adds File > Export with one entry per format of core's registry (export/exportformats.h), the
// same list as `podwright-cli export --format`; each action carries its format id and file-dialog
// filter as the properties "exportFormat" and "exportFilter". `design` returns the current design.
// The SVG/PNG draw the design's DesignPicture with the same renderer as `podwright-cli export`.
QMenu* addExportMenu(QMenu* file, QWidget* parent, std::function<const Design*()> design);

} // namespace pw
