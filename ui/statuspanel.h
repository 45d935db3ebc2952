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
    // Every figure, as the full texts give them (the compact ones shown on a narrow window leave
    // some out).
    [[nodiscard]] QString text() const;
    [[nodiscard]] int gpus() const { return mGpus; }
    [[nodiscard]] double capex() const { return mCapex; }
    [[nodiscard]] double powerKw() const { return mPowerKw; }

    // The compact texts' width: the status bar never squeezes the panel below it, so no figure is
    // clipped ("1,423 link"); at its preferred width (sizeHint) it shows the full texts.
    [[nodiscard]] QSize minimumSizeHint() const override;
    [[nodiscard]] QSize sizeHint() const override;
    [[nodiscard]] bool isCompact() const { return mCompactShown; }

Q_SIGNALS:
    void findingsClicked();

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    // One text per label. The compact set drops the NVLink domains, the cost band and the words
    // around the capital cost, for a window on a 1000 px screen.
    struct Texts {
        QString counts;
        QString power;
        QString cost;
        QString findings;
    };
    void refresh();
    void showFitting();
    void display(const Texts& texts);
    [[nodiscard]] int widthOf(const Texts& texts) const;

    DesignAnalysis* mAnalysis;
    Texts mFull;
    Texts mCompact;
    bool mCompactShown = false;
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
