// Untitled work survives a crash: the autosave an untitled design leaves behind is offered at the
// next start, through the real start-up order (the podwright executable, and MainWindow::start in
// process), and only dropped once the user declines it.
#include "helpers/waituntil.h"
#include "helpers/windowfixture.h"

#include "designdocument.h"

#include "commands/renamedesigncommand.h"
#include "io/designfile.h"
#include "model/design.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <memory>

using namespace pw;
using namespace pw::ui;

namespace {

// The real studio under a fresh home: its own settings, data and runtime folders.
class Studio {
public:
    Studio()
    {
        const QString home = mHome.path();
        mEnv = QProcessEnvironment::systemEnvironment();
        mEnv.insert(QStringLiteral("HOME"), home);
        mEnv.insert(QStringLiteral("XDG_CONFIG_HOME"), home + QStringLiteral("/config"));
        mEnv.insert(QStringLiteral("XDG_DATA_HOME"), home + QStringLiteral("/data"));
        mEnv.insert(QStringLiteral("XDG_CACHE_HOME"), home + QStringLiteral("/cache"));
        const QString runtime = home + QStringLiteral("/runtime");
        QDir().mkpath(runtime);
        QFile::setPermissions(runtime, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        mEnv.insert(QStringLiteral("XDG_RUNTIME_DIR"), runtime);
        mEnv.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        mEnv.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("pw.ui.files.info=true"));
    }
    ~Studio() { stop(); }

    // Where the studio (organisation and application "Podwright") keeps the untitled autosave.
    [[nodiscard]] QString untitledAutosave() const
    {
        return mHome.path() + QStringLiteral("/data/Podwright/Podwright/untitled.podwright.autosave");
    }

    void start(const QStringList& args)
    {
        mProcess.setProcessEnvironment(mEnv);
        mProcess.setProcessChannelMode(QProcess::SeparateChannels);
        mProcess.start(qEnvironmentVariable("PODWRIGHT_GUI"), args);
        QVERIFY2(mProcess.waitForStarted(10000), qPrintable(mProcess.errorString()));
    }

    // Waits until the studio has written `text` to stderr (or exited, or a minute passed).
    bool waitForLog(const QString& text)
    {
        QElapsedTimer timer;
        timer.start();
        while (!mErr.contains(text.toUtf8()) && timer.elapsed() < 60000) {
            if (mProcess.state() == QProcess::NotRunning)
                break;
            mProcess.waitForReadyRead(200);
            mErr += mProcess.readAllStandardError();
        }
        mErr += mProcess.readAllStandardError();
        return mErr.contains(text.toUtf8());
    }

    [[nodiscard]] const QByteArray& err() const { return mErr; }
    [[nodiscard]] QProcess& process() { return mProcess; }

    void stop()
    {
        if (mProcess.state() != QProcess::NotRunning) {
            mProcess.kill();
            mProcess.waitForFinished(10000);
        }
    }

private:
    QTemporaryDir mHome;
    QProcessEnvironment mEnv;
    QProcess mProcess;
    QByteArray mErr;
};

Design leftBehind(const QString& name)
{
    Design d = DesignDocument::loadFile(testing::samplePath(), &testing::testCatalog());
    d.setName(name);
    return d;
}

} // namespace

class TestStartup : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init() { QFile::remove(MainWindow::untitledAutosavePath()); }

    void theStudioOffersTheUntitledAutosave()
    {
        QVERIFY2(QFileInfo(qEnvironmentVariable("PODWRIGHT_GUI")).isExecutable(), "PODWRIGHT_GUI is not set");
        const Design crashed = leftBehind(QStringLiteral("Crash survivor"));

        // Accepted: the work comes back, and its autosave stays until it is saved.
        {
            Studio studio;
            QDir().mkpath(QFileInfo(studio.untitledAutosave()).absolutePath());
            DesignFile::save(crashed, studio.untitledAutosave());
            studio.start({QStringLiteral("--recover"), QStringLiteral("yes")});
            QVERIFY2(studio.waitForLog(
                         QStringLiteral("recovered \"Crash survivor\" (%1 nodes)").arg(crashed.nodes().size())),
                studio.err().constData());
            QVERIFY(studio.err().contains("offering to recover the untitled autosave"));
            QCOMPARE(studio.process().state(), QProcess::Running);
            QVERIFY(QFileInfo::exists(studio.untitledAutosave()));
            QVERIFY(DesignFile::load(studio.untitledAutosave()) == crashed);
            QVERIFY2(!studio.err().contains("QStandardPaths"), studio.err().constData());
        }
        // Declined: offered, then dropped, and the studio starts on a new design.
        {
            Studio studio;
            QDir().mkpath(QFileInfo(studio.untitledAutosave()).absolutePath());
            DesignFile::save(crashed, studio.untitledAutosave());
            studio.start({QStringLiteral("--recover"), QStringLiteral("no")});
            QVERIFY2(studio.waitForLog(QStringLiteral("recovery declined")), studio.err().constData());
            // The studio drops the file just after its log line; the file system signals it.
            const QFileSystemWatcher folder({QFileInfo(studio.untitledAutosave()).absolutePath()});
            QVERIFY2(testing::waitUntil([&] { return !QFileInfo::exists(studio.untitledAutosave()); }, &folder,
                         &QFileSystemWatcher::directoryChanged),
                "the declined autosave to go");
            QVERIFY(!studio.err().contains("recovered \""));
        }
        // A bad answer is a clear message and exit 2.
        {
            Studio studio;
            studio.start({QStringLiteral("--recover"), QStringLiteral("maybe")});
            QVERIFY(studio.process().waitForFinished(30000));
            QCOMPARE(studio.process().exitCode(), 2);
            QVERIFY(studio.process().readAllStandardError().contains("--recover takes yes or no"));
        }
    }

    void startOffersTheUntitledAutosaveInProcess()
    {
        // A session edits an untitled design, the timer autosaves it, and the studio dies.
        Design edited;
        {
            auto w = testing::makeWindow();
            w->start();
            QVERIFY(!w->document()->isModified());
            QVERIFY(w->document()->execute(std::make_unique<RenameDesignCommand>(QStringLiteral("Night shift"))).ok);
            QCOMPARE(w->autosaveNow(), MainWindow::untitledAutosavePath());
            edited = w->document()->design();
            w->setUnsavedPrompt([](const QString&) { return QMessageBox::Cancel; });
        }
        QVERIFY(QFileInfo::exists(MainWindow::untitledAutosavePath()));

        // The next start offers it before anything replaces it; accepted, it is unsaved work.
        {
            auto w = testing::makeWindow();
            int offered = 0;
            w->setRecoveryPrompt([&](const QString& file, const QString& sidecar) {
                ++offered;
                [&] {
                    QVERIFY(file.isEmpty());
                    QCOMPARE(sidecar, MainWindow::untitledAutosavePath());
                }();
                return true;
            });
            w->start();
            QCOMPARE(offered, 1);
            QVERIFY(w->document()->design() == edited);
            QVERIFY(w->document()->isModified());
            QVERIFY(w->windowTitle().contains(QStringLiteral("Night shift")));
            QVERIFY(QFileInfo::exists(MainWindow::untitledAutosavePath()));
            w->setUnsavedPrompt([](const QString&) { return QMessageBox::Cancel; });
        }

        // Declined, it is dropped and the studio starts on a new, clean design.
        {
            auto w = testing::makeWindow();
            int offered = 0;
            w->setRecoveryPrompt([&](const QString&, const QString&) {
                ++offered;
                return false;
            });
            w->start();
            QCOMPARE(offered, 1);
            QVERIFY(!w->document()->isModified());
            QVERIFY(w->document()->design().nodes().size() == 0);
            QVERIFY(!QFileInfo::exists(MainWindow::untitledAutosavePath()));
        }

        // Nothing left behind: nothing is offered.
        {
            auto w = testing::makeWindow();
            int offered = 0;
            w->setRecoveryPrompt([&](const QString&, const QString&) {
                ++offered;
                return true;
            });
            w->start();
            QCOMPARE(offered, 0);
        }
    }
};

QTEST_MAIN(TestStartup)
#include "tst_startup.moc"
