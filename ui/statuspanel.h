#pragma once

#include <QWidget>

class QLabel;
class QTimer;

namespace pw::ui {

class DesignDocument;

// The permanent part of the status bar: GPUs, servers, switches, power (sum of catalog maximum
// power), capital cost (core's cost model: list/estimate hardware total), and design-rule errors
// and warnings. Recomputed, debounced, after changes.
class StatusPanel : public QWidget {
    Q_OBJECT
public:
    explicit StatusPanel(DesignDocument* document, QWidget* parent = nullptr);
    // Recomputes now (tests; the debounce calls it too).
    void recompute();
    [[nodiscard]] QString text() const;
    [[nodiscard]] int gpus() const { return mGpus; }
    [[nodiscard]] double capex() const { return mCapex; }
    [[nodiscard]] double powerKw() const { return mPowerKw; }

Q_SIGNALS:
    void findingsClicked();

private:
    DesignDocument* mDocument;
    QTimer* mDebounce;
    QLabel* mCounts;
    QLabel* mPower;
    QLabel* mCost;
    QLabel* mFindings;
    int mGpus = 0;
    double mCapex = 0;
    double mPowerKw = 0;
};

} // namespace pw::ui
