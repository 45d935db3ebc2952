#pragma once

#include "cost/costmodel.h"
#include "model/designsummary.h"
#include "util/strongid.h"
#include "validate/finding.h"

#include <QObject>
#include <QString>

#include <optional>
#include <vector>

class QTimer;

namespace pw::ui {

class DesignDocument;

// One rack's load against its budget (0: none set), copied from the cost report's PowerFigures.
struct RackLoad {
    GroupId id;
    QString name;
    double powerKw = 0;
    double budgetKw = 0;
    int nodes = 0;
};

// The latest results of the pure engine functions for the open design: the summary, the cost
// report and the design-rule findings. One object computes them (debounced after each change) and
// every panel (status bar, findings, bill of materials, charts) reads them here, so nothing
// validates or costs twice. An engine failure is kept as text, never thrown into the event loop.
class DesignAnalysis : public QObject {
    Q_OBJECT
public:
    // Above this many nodes the fabric analysis (max-flow) is left to an explicit validation run,
    // and the status bar shows no ratio. 5,000 nodes is about 16,000 GPUs: ~0.1 s of analysis.
    static constexpr int kFabricAnalysisMaxNodes = 5000;

    explicit DesignAnalysis(DesignDocument* document, QObject* parent = nullptr);

    // Recomputes now and emits updated() (tests; the debounce calls it too).
    void recompute();
    // True while a change is waiting for the debounce.
    [[nodiscard]] bool isPending() const;

    [[nodiscard]] const DesignSummary& summary() const { return mSummary; }
    [[nodiscard]] double maxPowerKw() const { return mMaxPowerKw; }
    // Every rack group in id order, with its load.
    [[nodiscard]] const std::vector<RackLoad>& racks() const { return mRacks; }
    [[nodiscard]] const std::optional<CostReport>& cost() const { return mCost; }
    [[nodiscard]] const std::vector<Finding>& findings() const { return mFindings; }
    // The compute fabric's bisection ratio from max-flow (worst split found), when the design has
    // GPU servers on a compute fabric.
    [[nodiscard]] std::optional<double> bisectionRatio() const { return mBisectionRatio; }
    // True when the design was too big for the max-flow checks in the live run.
    [[nodiscard]] bool fabricAnalysisSkipped() const { return mFabricSkipped; }
    [[nodiscard]] bool rulesAvailable() const { return mRulesError.isEmpty(); }
    [[nodiscard]] const QString& rulesError() const { return mRulesError; }
    [[nodiscard]] const QString& costError() const { return mCostError; }

Q_SIGNALS:
    void updated();

private:
    DesignDocument* mDocument;
    QTimer* mDebounce;
    DesignSummary mSummary;
    double mMaxPowerKw = 0;
    std::vector<RackLoad> mRacks;
    std::optional<CostReport> mCost;
    std::vector<Finding> mFindings;
    std::optional<double> mBisectionRatio;
    bool mFabricSkipped = false;
    QString mCostError;
    QString mRulesError;
};

} // namespace pw::ui
