#pragma once

#include "sizing/workloadsizer.h"

#include <QDialog>

#include <optional>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QTextBrowser;

namespace pw {

class Catalog;

namespace ui {

// File > New from workload: sizes a model (parameters, task, tokens, target days) on a GPU server
// with WorkloadSizer and shows the result with its formulas, live. "Generate design…" closes the
// dialog with GenerateRequested; generatorOptions() then seeds the reference-design dialog.
class WorkloadDialog : public QDialog {
    Q_OBJECT
public:
    enum Result { GenerateRequested = QDialog::Accepted + 1 };

    explicit WorkloadDialog(const Catalog& catalog, QWidget* parent = nullptr);

    [[nodiscard]] SizingRequest request() const;
    [[nodiscard]] const SizingResult& result() const { return mResult; }
    [[nodiscard]] GeneratorOptions generatorOptions() const { return mResult.generatorOptions(); }
    [[nodiscard]] QString resultText() const;
    void recompute();
    // The last settings a user generated from (QSettings "wizards/workload"): remembered when
    // "Generate design" is pressed, restored by the window when it opens the dialog.
    void restoreRemembered();
    void remember() const;

private:
    const Catalog& mCatalog;
    QDoubleSpinBox* mParameters;
    QComboBox* mTask;
    QComboBox* mMethod;
    QDoubleSpinBox* mTokens;
    QDoubleSpinBox* mDays;
    QComboBox* mServer;
    QTextBrowser* mOutput;
    QPushButton* mGenerate;
    SizingResult mResult;
};

} // namespace ui
} // namespace pw
