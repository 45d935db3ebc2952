#include "backgroundtask.h"

#include <QEventLoop>
#include <QProgressDialog>
#include <QThread>
#include <QTimer>

#include <exception>
#include <memory>

namespace pw::ui {

namespace {
// A busy dialog for work this short would only flash.
constexpr int kShowBusyAfterMs = 300;
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

} // namespace pw::ui
