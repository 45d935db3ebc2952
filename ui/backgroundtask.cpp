#include "backgroundtask.h"

#include <QEventLoop>
#include <QProgressDialog>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <exception>
#include <memory>

namespace pw::ui {

namespace {
// A busy dialog for work this short would only flash.
constexpr int kShowBusyAfterMs = 300;
// How often a background task's progress is read: often enough for a progress bar to move.
constexpr int kProgressPollMs = 100;
} // namespace

void runOffGuiThread(QWidget* parent, const QString& label, const std::function<void()>& work)
{
    std::exception_ptr failure;
    std::unique_ptr<QThread> worker(QThread::create([&work, &failure] {
        try {
            work();
        } catch (...) {
            failure = std::current_exception(); // rethrown on the calling thread below
        }
    }));
    QEventLoop loop;
    // Queued: the loop quits from its own thread, even when the work ends before the loop starts.
    QObject::connect(worker.get(), &QThread::finished, &loop, &QEventLoop::quit, Qt::QueuedConnection);

    std::unique_ptr<QProgressDialog> busy;
    QTimer showBusy;
    showBusy.setSingleShot(true);
    if (parent) {
        QObject::connect(&showBusy, &QTimer::timeout, parent, [&busy, parent, label] {
            busy = std::make_unique<QProgressDialog>(label, QString(), 0, 0, parent); // 0..0: busy
            busy->setObjectName(QStringLiteral("busyDialog"));
            busy->setWindowTitle(QObject::tr("Please wait"));
            busy->setWindowModality(Qt::WindowModal);
            busy->setMinimumDuration(0);
            busy->show();
        });
    }
    worker->start();
    showBusy.start(kShowBusyAfterMs);
    loop.exec(QEventLoop::ExcludeUserInputEvents);
    worker->wait();
    showBusy.stop();
    busy.reset();
    if (failure)
        std::rethrow_exception(failure);
}

BackgroundTask::BackgroundTask(QObject* parent) : QObject(parent), mPoll(new QTimer(this))
{
    mPoll->setInterval(kProgressPollMs);
    connect(mPoll, &QTimer::timeout, this, [this] {
        if (mCurrent)
            Q_EMIT progressed(done(), total());
    });
}

BackgroundTask::~BackgroundTask()
{
    for (Run& r : mRuns) {
        r.control->mCanceled.store(true);
        r.thread->wait();
        delete r.thread;
    }
}

void BackgroundTask::start(Work work)
{
    cancel();
    auto control = std::make_shared<Control>();
    auto error = std::make_shared<QString>();
    QThread* thread = QThread::create([work = std::move(work), control, error] {
        try {
            work(*control);
        } catch (const std::exception& e) {
            *error = QString::fromUtf8(e.what());
        } catch (...) {
            *error = tr("unknown error");
        }
    });
    mRuns.push_back({thread, control});
    mCurrent = control;
    // Queued to this object's thread: the run's end is handled where its owner lives.
    connect(thread, &QThread::finished, this, [this, thread, control, error] {
        mRuns.erase(std::remove_if(mRuns.begin(), mRuns.end(), [thread](const Run& r) { return r.thread == thread; }),
            mRuns.end());
        thread->deleteLater();
        if (control != mCurrent || control->canceled())
            return;
        // The last report, so a bar ends full even when the work ended before the first poll.
        Q_EMIT progressed(done(), total());
        mCurrent.reset();
        mPoll->stop();
        Q_EMIT finished(*error);
    });
    thread->start(QThread::LowPriority);
    mPoll->start();
}

BackgroundTask::Outcome BackgroundTask::runModal(QWidget* parent, const QString& label, Work work, bool showNow)
{
    Outcome outcome;
    bool finishedRun = false;
    QEventLoop loop;
    const QMetaObject::Connection onFinished
        = connect(this, &BackgroundTask::finished, &loop, [&outcome, &finishedRun, &loop](const QString& error) {
              outcome.error = error;
              finishedRun = true;
              loop.quit();
          });
    start(std::move(work));

    std::unique_ptr<QProgressDialog> dialog;
    const auto showDialog = [&] {
        if (dialog || finishedRun)
            return;
        dialog = std::make_unique<QProgressDialog>(label, tr("Cancel"), 0, 0, parent); // 0..0: busy
        dialog->setObjectName(QStringLiteral("backgroundProgress"));
        dialog->setWindowTitle(tr("Please wait"));
        dialog->setWindowModality(Qt::WindowModal);
        dialog->setMinimumDuration(0);
        dialog->setAutoReset(false);
        connect(dialog.get(), &QProgressDialog::canceled, &loop, [this, &outcome, &loop] {
            cancel();
            outcome.canceled = true;
            loop.quit();
        });
        connect(this, &BackgroundTask::progressed, dialog.get(), [d = dialog.get()](int done, int total) {
            if (total > 0) {
                d->setMaximum(total);
                d->setValue(done);
            }
        });
        dialog->show();
        Q_EMIT progressShown(dialog.get());
    };
    if (showNow)
        showDialog();
    if (!dialog) {
        // A short run: the window repaints, input waits; the dialog comes only if the run lasts.
        QTimer later;
        later.setSingleShot(true);
        connect(&later, &QTimer::timeout, &loop, &QEventLoop::quit);
        later.start(kShowBusyAfterMs);
        loop.exec(QEventLoop::ExcludeUserInputEvents);
        showDialog();
    }
    if (!finishedRun && !outcome.canceled)
        loop.exec(); // the modal dialog keeps input from the window; its Cancel works
    disconnect(onFinished);
    return outcome;
}

void BackgroundTask::cancel()
{
    if (mCurrent)
        mCurrent->mCanceled.store(true);
    mCurrent.reset();
    mPoll->stop();
}

} // namespace pw::ui
