#include "designanalysis.h"

#include "backgroundtask.h"
#include "designdocument.h"

#include "model/design.h"

#include <QTimer>

#include <memory>

namespace pw::ui {

DesignAnalysis::DesignAnalysis(DesignDocument* document, QObject* parent)
    : QObject(parent), mDocument(document), mDebounce(new QTimer(this)), mFailuresJob(new BackgroundTask(this))
{
    mWorker.setMaxThreadCount(1);
    mDebounce->setSingleShot(true);
    mDebounce->setInterval(250);
    connect(mDebounce, &QTimer::timeout, this, &DesignAnalysis::startWorker);
    connect(document, &DesignDocument::changed, this, [this] {
        ++mRevision; // whatever the worker is computing now describes an older design
        mFailuresJob->cancel(); // and so does a failure-domain job: the next figures start another
        mFailuresCanceled = false;
        mDebounce->start();
    });
    connect(mFailuresJob, &BackgroundTask::progressed, this, &DesignAnalysis::failuresProgress);
    recompute();
}

DesignAnalysis::~DesignAnalysis()
{
    // The worker posts its result to this object: let it finish before the object goes (the posted
    // result is then discarded with the object).
    mWorker.waitForDone();
}

bool DesignAnalysis::isPending() const
{
    return mDebounce->isActive() || mWorkerBusy;
}

FiguresRequest DesignAnalysis::request() const
{
    FiguresRequest r = FiguresRequest::forDesign(mDocument->design());
    r.fabricAnalysisMaxNodes = kFabricAnalysisMaxNodes;
    r.assumptions.priceBook = mPriceBook;
    r.failureDomains = mFailuresWanted;
    return r;
}

void DesignAnalysis::setFailureDomainsWanted(bool wanted)
{
    if (wanted == mFailuresWanted)
        return;
    mFailuresWanted = wanted;
    if (wanted && !mFigures.failures && !mFigures.fabricSkipped) {
        ++mRevision; // the figures on their way have no failure domains
        mDebounce->start();
    }
    startFailuresJobIfNeeded();
}

bool DesignAnalysis::failureDomainsRunning() const
{
    return mFailuresJob->isRunning();
}

int DesignAnalysis::failureDomainsDone() const
{
    return mFailuresJob->done();
}

int DesignAnalysis::failureDomainsTotal() const
{
    return mFailuresJob->total();
}

void DesignAnalysis::computeFailureDomains()
{
    mFailuresCanceled = false;
    startFailuresJobIfNeeded();
}

void DesignAnalysis::cancelFailureDomains()
{
    if (!mFailuresJob->isRunning())
        return;
    mFailuresJob->cancel();
    mFailuresCanceled = true;
    Q_EMIT failuresUpdated();
}

void DesignAnalysis::startFailuresJobIfNeeded()
{
    if (!mFailuresWanted || !mFigures.fabricSkipped || mFigures.failures || mFailuresJob->isRunning()
        || mFailuresCanceled || isPending())
        return;
    // The job computes from a copy, so edits go on meanwhile; an edit cancels it (it is stale).
    auto snapshot = std::make_shared<const Design>(mDocument->design());
    auto result = std::make_shared<std::optional<FailureDomains>>();
    const AnalysisOptions options = request().analysis;
    disconnect(mFailuresJob, &BackgroundTask::finished, this, nullptr);
    connect(mFailuresJob, &BackgroundTask::finished, this, [this, result](const QString& error) {
        if (*result)
            mFigures.failures = std::move(**result);
        else
            mFigures.failuresError = error;
        Q_EMIT failuresUpdated();
    });
    mFailuresJob->start([snapshot, result, options](BackgroundTask::Control& control) {
        *result = FailureDomains::of(*snapshot, options, [&control](int done, int total) {
            control.setProgress(done, total);
            return !control.canceled();
        });
    });
    Q_EMIT failuresUpdated();
}

void DesignAnalysis::setPriceBook(std::shared_ptr<const PriceBook> book)
{
    mPriceBook = std::move(book);
    recompute();
}

void DesignAnalysis::recompute()
{
    mDebounce->stop();
    ++mRevision; // a result still on its way is older than this one
    apply(DesignFigures::of(mDocument->design(), request()));
}

void DesignAnalysis::startWorker()
{
    if (mWorkerBusy) {
        mRunAgain = true;
        return;
    }
    mWorkerBusy = true;
    auto snapshot = std::make_shared<const Design>(mDocument->design());
    const FiguresRequest req = request();
    const quint64 revision = mRevision;
    mWorker.start([this, snapshot, req, revision] {
        auto figures = std::make_shared<DesignFigures>(DesignFigures::of(*snapshot, req));
        QMetaObject::invokeMethod(
            this,
            [this, figures, revision] {
                mWorkerBusy = false;
                if (revision == mRevision)
                    apply(std::move(*figures));
                if (mRunAgain) {
                    mRunAgain = false;
                    startWorker();
                }
            },
            Qt::QueuedConnection);
    });
}

void DesignAnalysis::apply(DesignFigures figures)
{
    mFailuresJob->cancel(); // new figures: a job still going computes for older ones
    mFigures = std::move(figures);
    mRacks.clear();
    if (mFigures.cost)
        for (const RackPower& r : mFigures.cost->power.racks)
            mRacks.push_back({r.id, r.name, r.maxKw, r.budgetKw, r.nodes});
    Q_EMIT updated();
    startFailuresJobIfNeeded();
}

} // namespace pw::ui
