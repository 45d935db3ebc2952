#include "designanalysis.h"

#include "designdocument.h"

#include "model/design.h"

#include <QTimer>

#include <memory>

namespace pw::ui {

DesignAnalysis::DesignAnalysis(DesignDocument* document, QObject* parent)
    : QObject(parent), mDocument(document), mDebounce(new QTimer(this))
{
    mWorker.setMaxThreadCount(1);
    mDebounce->setSingleShot(true);
    mDebounce->setInterval(250);
    connect(mDebounce, &QTimer::timeout, this, &DesignAnalysis::startWorker);
    connect(document, &DesignDocument::changed, this, [this] {
        ++mRevision; // whatever the worker is computing now describes an older design
        mDebounce->start();
    });
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
    mFigures = std::move(figures);
    mRacks.clear();
    if (mFigures.cost)
        for (const RackPower& r : mFigures.cost->power.racks)
            mRacks.push_back({r.id, r.name, r.maxKw, r.budgetKw, r.nodes});
    Q_EMIT updated();
}

} // namespace pw::ui
