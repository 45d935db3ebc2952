#pragma once

#include <QWidget>

class QLabel;

namespace pw::ui {

class DesignAnalysis;

// The permanent part of the status bar: GPUs, servers, switches, power (sum of catalog maximum
// power), capital cost (core's cost model: list/estimate hardware total), and design-rule errors
// and warnings. Reads DesignAnalysis (which recomputes, debounced, after changes); never computes
// anything itself.
class StatusPanel : public QWidget {
    Q_OBJECT
public:
    explicit StatusPanel(DesignAnalysis* analysis, QWidget* parent = nullptr);
    // Recomputes the analysis now (tests; the debounce does it otherwise).
    void recompute();
    [[nodiscard]] int errors() const { return mErrors; }
    [[nodiscard]] QString text() const;
    [[nodiscard]] int gpus() const { return mGpus; }
    [[nodiscard]] double capex() const { return mCapex; }
    [[nodiscard]] double powerKw() const { return mPowerKw; }

Q_SIGNALS:
    void findingsClicked();

private:
    void refresh();

    DesignAnalysis* mAnalysis;
    QLabel* mCounts;
    QLabel* mPower;
    QLabel* mCost;
    QLabel* mFindings;
    int mGpus = 0;
    double mCapex = 0;
    double mPowerKw = 0;
    int mErrors = 0;
};

} // namespace pw::ui
