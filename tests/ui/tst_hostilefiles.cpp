// The studio meets the hostile corpus (tests/data/hostile): every refused file is reported with its
// path and the studio stays usable; every accepted file opens, shows its nodes and saves. Two pods
// that were each other's parent once hung the studio for good in CanvasScene::updateVisibility.
#include "helpers/windowfixture.h"

#include "designdocument.h"

#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTimer>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <thread>

using namespace pw;
using namespace pw::ui;

namespace {

// Aborts the test with the file's name when the GUI thread does not come back within `seconds`.
class Watchdog {
public:
    Watchdog(const QString& path, int seconds)
        : mThread([this, name = path.toStdString(), seconds] {
              std::unique_lock lock(mMutex);
              if (!mDone.wait_for(lock, std::chrono::seconds(seconds), [this] { return mFinished; })) {
                  std::fprintf(stderr, "FAIL: the studio hung opening %s\n", name.c_str());
                  std::abort();
              }
          })
    {
    }
    ~Watchdog()
    {
        {
            std::lock_guard lock(mMutex);
            mFinished = true;
        }
        mDone.notify_one();
        mThread.join();
    }

private:
    std::mutex mMutex;
    std::condition_variable mDone;
    bool mFinished = false;
    std::thread mThread; // last: starts once the members it uses exist
};

} // namespace

class TestHostileFiles : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void studioOpensTheCorpus_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("expected");
        const QDir dir(QString::fromLocal8Bit(qgetenv("PODWRIGHT_TEST_DATA")) + QStringLiteral("/hostile"));
        const QStringList files
            = dir.entryList({QStringLiteral("*.podwright"), QStringLiteral("*.json")}, QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 40);
        for (const QString& f : files) {
            QFile e(dir.filePath(QFileInfo(f).completeBaseName() + QStringLiteral(".expect")));
            QVERIFY2(e.open(QIODevice::ReadOnly), qPrintable(f));
            QTest::newRow(qPrintable(f)) << dir.filePath(f) << QString::fromUtf8(e.readAll()).trimmed();
        }
    }
    void studioOpensTheCorpus()
    {
        QFETCH(QString, path);
        QFETCH(QString, expected);
        auto w = testing::makeWindow();
        QString reported;
        w->setErrorReporter([&](const QString&, const QString& message) { reported = message; });
        // A hang (the pod cycle spun in CanvasScene::updateVisibility for good) fails this file
        // with its name after 30 s instead of stalling the suite until ctest's timeout.
        const Watchdog watchdog(path, 30);
        QElapsedTimer timer;
        timer.start();
        const bool opened = w->openFile(path);
        // The event loop turns: the scene's deferred work (visibility, level of detail) has run
        // and the studio answers the next event within the deadline (a hang is the watchdog's).
        QEventLoop loop;
        QTimer::singleShot(0, &loop, &QEventLoop::quit);
        loop.exec();
        QVERIFY2(timer.elapsed() < 10000, "the studio stays responsive");
        if (expected != QLatin1String("accepted")) {
            QVERIFY(!opened);
            QVERIFY2(reported.contains(expected) && reported.contains(QFileInfo(path).fileName()),
                qPrintable(reported.left(300)));
            // Still usable: the sample opens in the same window.
            QVERIFY(w->openFile(testing::samplePath()));
            QVERIFY(w->scene()->nodeItemCount() > 0);
            return;
        }
        QVERIFY2(opened, qPrintable(reported));
        QCOMPARE(w->scene()->nodeItemCount(), int(w->document()->design().nodes().size()));
        QTemporaryDir dir;
        QVERIFY2(w->saveAs(dir.filePath(QStringLiteral("saved.podwright"))), qPrintable(reported));
    }
};

QTEST_MAIN(TestHostileFiles)
#include "tst_hostilefiles.moc"
