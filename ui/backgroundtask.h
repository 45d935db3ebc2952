#pragma once

#include <QObject>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <vector>

class QProgressDialog;
class QThread;
class QTimer;
class QWidget;

namespace pw::ui {

// Runs slow work that needs no widget (a repository's push, pull, list) on a worker thread, so that
// the window keeps painting while it runs, and shows a busy dialog over `parent` (none when null)
// once the work has taken longer than a moment. Returns when the work is done; whatever `work`
// throws is rethrown here, on the calling thread, so callers keep their usual error handling.
//
// While it waits, the calling thread runs a local event loop that leaves user input queued until
// the work is done: the window repaints, timers fire, and no click or key reaches the document
// halfway through. `work` must not touch widgets or objects of the calling thread. A QSqlDatabase
// connection it needs is made inside `work` (a connection belongs to the thread that made it).
void runOffGuiThread(QWidget* parent, const QString& label, const std::function<void()>& work);

// Slow work that needs no widget, run on a worker thread while the window stays fully usable: no
// modal dialog, no input held back (unlike runOffGuiThread). The owner shows progress() where it
// fits and may cancel(); the work polls Control::canceled() and reports its steps. finished() comes
// on the owner's thread for the latest start() only, never for a run that was canceled or replaced;
// whatever the work throws arrives there as text. The destructor cancels and waits for every run.
class BackgroundTask : public QObject {
    Q_OBJECT
public:
    // What the work sees (thread-safe).
    class Control {
    public:
        [[nodiscard]] bool canceled() const { return mCanceled.load(); }
        void setProgress(int done, int total)
        {
            mTotal.store(total);
            mDone.store(done);
        }

    private:
        friend class BackgroundTask;
        std::atomic<bool> mCanceled{false};
        std::atomic<int> mDone{0};
        std::atomic<int> mTotal{0};
    };
    using Work = std::function<void(Control&)>;

    explicit BackgroundTask(QObject* parent = nullptr);
    ~BackgroundTask() override;

    // Starts `work` on a thread of its own; a run still going is canceled first (without waiting).
    void start(Work work);

    // What runModal() ended with: done (error empty, or what the work threw), or canceled.
    struct Outcome {
        bool canceled = false;
        QString error;
    };
    // Starts `work` and waits for it in a local event loop with a window-modal progress dialog over
    // `parent` (object name "backgroundProgress": `label`, the work's steps when it reports them,
    // a busy bar when not, and Cancel). The dialog shows at once when `showNow`, else once the work
    // has taken longer than a moment; until it shows, user input stays queued, so no click reaches
    // the window halfway through. The window keeps painting throughout. Cancel returns at once:
    // the work is asked to stop and whatever it still produces is dropped unseen, so the caller
    // must keep its result in memory the work owns (a shared_ptr it captured).
    Outcome runModal(QWidget* parent, const QString& label, Work work, bool showNow);
    // Asks the running work to stop; no finished() follows.
    void cancel();
    [[nodiscard]] bool isRunning() const { return static_cast<bool>(mCurrent); }
    // The running work's last report: steps done and in all (0 of 0 before its first).
    [[nodiscard]] int done() const { return mCurrent ? mCurrent->mDone.load() : 0; }
    [[nodiscard]] int total() const { return mCurrent ? mCurrent->mTotal.load() : 0; }

Q_SIGNALS:
    // runModal's progress dialog is up (tests drive its Cancel from here).
    void progressShown(QProgressDialog* dialog);
    void progressed(int done, int total);
    // The work is done: `error` is empty, or what it threw.
    void finished(const QString& error);

private:
    struct Run {
        QThread* thread;
        std::shared_ptr<Control> control;
    };
    std::vector<Run> mRuns; // every thread still running, the canceled ones included
    std::shared_ptr<Control> mCurrent;
    QTimer* mPoll;
};

} // namespace pw::ui
