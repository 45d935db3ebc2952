#pragma once

#include "analysis/designfigures.h"
#include "cost/costmodel.h"
#include "model/designsummary.h"
#include "util/strongid.h"
#include "validate/finding.h"

#include <QObject>
#include <QString>
#include <QThreadPool>

#include <memory>
#include <optional>
#include <vector>

class QTimer;

namespace pw::ui {

class BackgroundTask;
class DesignDocument;

// One rack's load against its budget (0: none set), copied from the cost report's PowerFigures.
struct RackLoad {
    GroupId id;
    QString name;
    double powerKw = 0;
    double budgetKw = 0;
    int nodes = 0;
};

// The latest figures of the open design (core's DesignFigures: summary, cost report, one fabric
// analysis, findings). After each change they are recomputed on a worker thread, once the edits
// pause, from a copy of the design, so a large design never blocks the window; a result that
// arrives for a revision that has since changed is dropped. Every panel (status bar, findings,
// bill of materials, charts, racks) reads them here, so nothing validates or costs twice. An engine
// failure is kept as text, never thrown into the event loop.
class DesignAnalysis : public QObject {
    Q_OBJECT
public:
    // Above this many nodes the fabric analysis (max-flow) is left to an explicit validation run,
    // and the status bar shows no ratio. 5,000 nodes is about 16,000 GPUs: ~0.1 s of analysis.
    static constexpr int kFabricAnalysisMaxNodes = 5000;

    explicit DesignAnalysis(DesignDocument* document, QObject* parent = nullptr);
    ~DesignAnalysis() override;

    // Recomputes now, on this thread, and emits updated() (tests, and "refresh now" actions).
    void recompute();
    // Costs every design of this window with the team's price book (null: the design's own prices)
    // and recomputes: the figures are CostModel's with the book's prices (CostAssumptions::priceBook).
    void setPriceBook(std::shared_ptr<const PriceBook> book);
    [[nodiscard]] const std::shared_ptr<const PriceBook>& priceBook() const { return mPriceBook; }
    // True while a change waits for the pause or for the worker's result.
    [[nodiscard]] bool isPending() const;

    [[nodiscard]] const DesignFigures& figures() const { return mFigures; }
    [[nodiscard]] const DesignSummary& summary() const { return mFigures.summary; }
    [[nodiscard]] double maxPowerKw() const { return mFigures.cost ? mFigures.cost->power.itMaxKw : 0.0; }
    // Every rack group in id order, with its load.
    [[nodiscard]] const std::vector<RackLoad>& racks() const { return mRacks; }
    [[nodiscard]] const std::optional<CostReport>& cost() const { return mFigures.cost; }
    [[nodiscard]] const std::vector<Finding>& findings() const { return mFigures.findings; }
    // The compute fabric's bisection ratio from max-flow (worst split found), when the design has
    // GPU servers on a compute fabric.
    [[nodiscard]] std::optional<double> bisectionRatio() const { return mFigures.bisectionRatio(); }
    [[nodiscard]] std::optional<DesignFigures::Planes> planes() const { return mFigures.planes(); }
    // True when the design was too big for the max-flow checks in the live run.
    [[nodiscard]] bool fabricAnalysisSkipped() const { return mFigures.fabricSkipped; }
    [[nodiscard]] bool rulesAvailable() const { return mFigures.rulesError.isEmpty(); }
    [[nodiscard]] const QString& rulesError() const { return mFigures.rulesError; }
    [[nodiscard]] const QString& costError() const { return mFigures.costError; }
    // The failure domains are computed only while a view wants them (the Failures dock, when shown):
    // they cost about as much again as the fabric analysis. Turning them on recomputes.
    void setFailureDomainsWanted(bool wanted);
    [[nodiscard]] bool failureDomainsWanted() const { return mFailuresWanted; }
    [[nodiscard]] const std::optional<FailureDomains>& failures() const { return mFigures.failures; }
    [[nodiscard]] const QString& failuresError() const { return mFigures.failuresError; }
    // Above kFabricAnalysisMaxNodes the failure domains are not part of the live run: while wanted
    // they run as a job of their own in the background (any size, the window stays usable), with
    // progress and a cancel; failuresUpdated() when they arrive. A canceled job starts again on
    // the next change, or on computeFailureDomains().
    [[nodiscard]] bool failureDomainsRunning() const;
    [[nodiscard]] bool failureDomainsCanceled() const { return mFailuresCanceled; }
    [[nodiscard]] int failureDomainsDone() const;
    [[nodiscard]] int failureDomainsTotal() const;
    void computeFailureDomains();
    void cancelFailureDomains();

Q_SIGNALS:
    void updated();
    void failuresProgress(int done, int total);
    void failuresUpdated();

private:
    [[nodiscard]] FiguresRequest request() const;
    void startWorker();
    void apply(DesignFigures figures);
    // Starts the background failure-domain job when it is wanted and the live run skipped it.
    void startFailuresJobIfNeeded();

    DesignDocument* mDocument;
    QTimer* mDebounce;
    QThreadPool mWorker; // one thread: results arrive in order
    quint64 mRevision = 0; // bumped by every change: results for an older revision are dropped
    bool mWorkerBusy = false;
    bool mRunAgain = false; // a change arrived while the worker was busy
    DesignFigures mFigures;
    std::vector<RackLoad> mRacks;
    std::shared_ptr<const PriceBook> mPriceBook;
    bool mFailuresWanted = false;
    BackgroundTask* mFailuresJob;
    bool mFailuresCanceled = false;
};

} // namespace pw::ui
