// The file session without a window (issue 13: MainWindow's file side as a room of its own): open,
// save, save as, the unsaved-changes answer, autosave to a sidecar and recovery from it, recent files.
#include "helpers/uitest.h"

#include "designdocument.h"
#include "filesession.h"

#include "commands/renamedesigncommand.h"
#include "io/designfile.h"

#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <sys/stat.h>

using namespace pw;
using namespace pw::ui;

class TestFileSession : public QObject {
    Q_OBJECT

    QTemporaryDir mDir;

    static void rename(DesignDocument& doc, const QString& name)
    {
        QVERIFY(doc.execute(std::make_unique<RenameDesignCommand>(name)).ok);
    }

private Q_SLOTS:
    void init() { QFile::remove(FileSession::untitledAutosavePath()); }

    void saveAsAsksForAPathAndRemembersTheFile()
    {
        DesignDocument doc(&testing::testCatalog());
        FileSession session(&doc, &testing::testCatalog());
        QVERIFY(session.newDesign());
        rename(doc, QStringLiteral("Alpha"));
        QString suggested;
        const QString target = mDir.filePath(QStringLiteral("alpha.podwright"));
        session.setSavePathPrompt([&](const QString& suggestion) {
            suggested = suggestion;
            return target;
        });
        QStringList messages;
        connect(&session, &FileSession::message, this, [&](const QString& text, int) { messages << text; });
        QVERIFY(session.save()); // untitled: Save is Save As
        QVERIFY(suggested.endsWith(QStringLiteral("Alpha.podwright")));
        QVERIFY(!doc.isModified());
        QCOMPARE(doc.filePath(), QFileInfo(target).absoluteFilePath());
        QCOMPARE(DesignFile::load(target).name(), QStringLiteral("Alpha"));
        QCOMPARE(FileSession::recentFiles().value(0), QFileInfo(target).absoluteFilePath());
        QVERIFY(messages.contains(QStringLiteral("Saved alpha.podwright")));
        // A cancelled dialog saves nothing.
        rename(doc, QStringLiteral("Beta"));
        session.setSavePathPrompt([](const QString&) { return QString(); });
        QVERIFY(!session.saveAs());
        QVERIFY(doc.isModified());
    }

    void unsavedWorkIsKeptUnlessTheUserSaysOtherwise()
    {
        DesignDocument doc(&testing::testCatalog());
        FileSession session(&doc, &testing::testCatalog());
        QVERIFY(session.newDesign());
        rename(doc, QStringLiteral("Work"));
        // Without a prompt the session keeps the work: nothing replaces it.
        QVERIFY(!session.newDesign());
        QCOMPARE(doc.design().name(), QStringLiteral("Work"));
        int asked = 0;
        session.setUnsavedPrompt([&](const QString& name) {
            ++asked;
            return name == QLatin1String("The untitled design") ? QMessageBox::Discard : QMessageBox::Cancel;
        });
        QVERIFY(session.newDesign());
        QCOMPARE(asked, 1);
        QCOMPARE(doc.design().name(), QStringLiteral("Untitled design"));
    }

    void autosaveAndRecovery()
    {
        const QString file = mDir.filePath(QStringLiteral("recover.podwright"));
        {
            DesignDocument doc(&testing::testCatalog());
            FileSession session(&doc, &testing::testCatalog());
            QVERIFY(session.newDesign());
            QVERIFY(session.saveAs(file));
            QVERIFY(session.autosaveNow().isEmpty()); // nothing unsaved, nothing written
            QThread::msleep(1100); // the sidecar must be newer than the file, at file-time resolution
            rename(doc, QStringLiteral("Unsaved edit"));
            QCOMPARE(session.autosaveNow(), file + QStringLiteral(".autosave"));
            QVERIFY(QFileInfo::exists(file + QStringLiteral(".autosave")));
        } // a crash: the session ends with the edit unsaved
        DesignDocument doc(&testing::testCatalog());
        FileSession session(&doc, &testing::testCatalog());
        QString offered;
        session.setRecoveryPrompt([&](const QString&, const QString& sidecar) {
            offered = sidecar;
            return true;
        });
        QVERIFY(session.openFile(file));
        QCOMPARE(offered, file + QStringLiteral(".autosave"));
        QCOMPARE(doc.design().name(), QStringLiteral("Unsaved edit"));
        QVERIFY(doc.isModified()); // recovered work is unsaved work
        QVERIFY(session.save());
        QVERIFY(!QFileInfo::exists(file + QStringLiteral(".autosave"))); // saved: the sidecar goes
        QCOMPARE(DesignFile::load(file).name(), QStringLiteral("Unsaved edit"));
    }

    // Issue 31 §6: the untitled autosave was 0644. Every autosave holds unsaved work that may be
    // confidential: 0600 under a umask of 022, whatever the design file's own mode.
    void autosavesArePrivate()
    {
        const mode_t old = ::umask(022);
        auto modeOf = [](const QString& p) {
            struct stat st {};
            return ::stat(QFile::encodeName(p).constData(), &st) == 0 ? (st.st_mode & 07777) : mode_t(07777);
        };
        DesignDocument doc(&testing::testCatalog());
        FileSession session(&doc, &testing::testCatalog());
        QVERIFY(session.newDesign());
        Design generated;
        generated.setName(QStringLiteral("Private"));
        session.adoptUnsaved(generated);
        QCOMPARE(session.autosaveNow(), FileSession::untitledAutosavePath());
        QCOMPARE(modeOf(FileSession::untitledAutosavePath()), mode_t(0600));

        const QString file = mDir.filePath(QStringLiteral("shared.podwright"));
        QVERIFY(session.saveAs(file));
        QCOMPARE(modeOf(file), mode_t(0644)); // the design file itself follows the umask
        rename(doc, QStringLiteral("Unsaved edit"));
        QCOMPARE(session.autosaveNow(), file + QStringLiteral(".autosave"));
        QCOMPARE(modeOf(file + QStringLiteral(".autosave")), mode_t(0600));
        ::umask(old);
    }

    void aGeneratedDesignIsAdoptedUnsaved()
    {
        DesignDocument doc(&testing::testCatalog());
        FileSession session(&doc, &testing::testCatalog());
        QVERIFY(session.newDesign());
        Design generated;
        generated.setName(QStringLiteral("Generated"));
        session.adoptUnsaved(generated);
        QVERIFY(doc.isModified());
        QVERIFY(doc.filePath().isEmpty());
        QCOMPARE(session.autosaveNow(), FileSession::untitledAutosavePath());
    }
};

QTEST_MAIN(TestFileSession)
#include "tst_filesession.moc"
