// Files as a user meets them: save and reopen equal, the unsaved-changes prompt, autosave with a
// recovery offer, recent files, and a design file dropped on the window.
#include "helpers/waituntil.h"
#include "helpers/windowfixture.h"

#include "designdocument.h"

#include "commands/editnodecommand.h"
#include "io/designfile.h"
#include "io/designjson.h"
#include "model/design.h"

#include <QAction>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QMimeData>
#include <QScreen>
#include <QTemporaryDir>
#include <QThread>
#include <QUndoStack>
#include <QUrl>

using namespace pw;
using namespace pw::ui;

class TestFiles : public QObject {
    Q_OBJECT

private:
    static void rename(DesignDocument* doc, NodeId id, const QString& name)
    {
        Node n = *doc->design().node(id);
        n.name = name;
        QVERIFY(doc->execute(std::make_unique<EditNodesCommand>(QStringLiteral("Rename"), std::vector<Node>{n})).ok);
    }

private Q_SLOTS:
    void saveAndReopenEqual()
    {
        QTemporaryDir dir;
        auto w = testing::makeWindow();
        QVERIFY(w->openFile(testing::samplePath()));
        rename(w->document(), NodeId(1), QStringLiteral("renamed-dgx"));
        QVERIFY(w->document()->isModified());
        const QString path = dir.filePath(QStringLiteral("cluster.podwright"));
        QVERIFY(w->saveAs(path));
        QVERIFY(!w->document()->isModified());
        QCOMPARE(w->document()->filePath(), QFileInfo(path).absoluteFilePath());
        QVERIFY(DesignFile::load(path) == w->document()->design());

        auto w2 = testing::makeWindow();
        QVERIFY(w2->openFile(path));
        QVERIFY(w2->document()->design() == w->document()->design());
        QCOMPARE(w2->scene()->nodeItemCount(), 11);
        QCOMPARE(w2->document()->design().node(NodeId(1))->name, QStringLiteral("renamed-dgx"));
        QCOMPARE(w2->recentFiles().value(0), QFileInfo(path).absoluteFilePath());

        // JSON too.
        const QString json = dir.filePath(QStringLiteral("cluster.json"));
        QVERIFY(w2->saveAs(json));
        QVERIFY(DesignJson::readFile(json) == w->document()->design());
    }

    void brokenFileIsReportedNotThrown()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("broken.podwright"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("this is not a design");
        f.close();
        auto w = testing::makeWindow();
        QString reported;
        w->setErrorReporter([&](const QString&, const QString& message) { reported = message; });
        QVERIFY(!w->openFile(path));
        QVERIFY(!reported.isEmpty());
        QVERIFY(!w->saveAs(dir.filePath(QStringLiteral("no/such/folder/x.podwright"))));
    }

    void unsavedChangesPrompt()
    {
        auto w = testing::makeWindow();
        QVERIFY(w->openFile(testing::samplePath()));
        QVERIFY(w->maybeSave()); // clean: no question
        rename(w->document(), NodeId(2), QStringLiteral("x"));
        int asked = 0;
        w->setUnsavedPrompt([&](const QString&) {
            ++asked;
            return QMessageBox::Cancel;
        });
        QVERIFY(!w->maybeSave());
        QVERIFY(!w->close()); // cancel keeps the window open
        QCOMPARE(asked, 2);
        w->setUnsavedPrompt([&](const QString&) {
            ++asked;
            return QMessageBox::Discard;
        });
        QVERIFY(w->maybeSave());
        // Undo back to the saved state: clean again, no question.
        w->action(QStringLiteral("actionUndo"))->trigger();
        QVERIFY(!w->document()->isModified());
        QVERIFY(w->isWindowModified() == false);
    }

    void autosaveAndRecovery()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("work.podwright"));
        Design saved;
        {
            auto w = testing::makeWindow();
            QVERIFY(w->openFile(testing::samplePath()));
            QVERIFY(w->saveAs(path));
            saved = w->document()->design();
            QThread::msleep(1100); // file times have one-second resolution on some file systems
            rename(w->document(), NodeId(3), QStringLiteral("leaf-renamed"));
            const QString sidecar = w->autosaveNow();
            QCOMPARE(sidecar, path + QStringLiteral(".autosave"));
            QVERIFY(QFileInfo::exists(sidecar));
            // The timer writes it too.
            QFile::remove(sidecar);
            const QFileSystemWatcher folder({dir.path()}); // the file system signals the sidecar's arrival
            w->setAutosaveInterval(50);
            QVERIFY2(testing::waitUntil(
                         [&] { return QFileInfo::exists(sidecar); }, &folder, &QFileSystemWatcher::directoryChanged),
                "the timer's autosave");
            // Simulate a crash: the window goes without the unsaved-changes question.
            w->setUnsavedPrompt([](const QString&) { return QMessageBox::Cancel; });
            w->setAutosaveInterval(3600'000);
            w->hide();
        }
        // Declining the offer opens the saved file.
        {
            auto w = testing::makeWindow();
            QString offered;
            w->setRecoveryPrompt([&](const QString& file, const QString&) {
                offered = file;
                return false;
            });
            QVERIFY(w->openFile(path));
            QCOMPARE(offered, path);
            QVERIFY(w->document()->design() == saved);
        }
        // Accepting it (the sidecar was removed by declining, so autosave again).
        {
            auto w = testing::makeWindow();
            QVERIFY(w->openFile(path));
            QThread::msleep(1100);
            rename(w->document(), NodeId(3), QStringLiteral("leaf-renamed"));
            const Design edited = w->document()->design();
            QVERIFY(!w->autosaveNow().isEmpty());
            w->setUnsavedPrompt([](const QString&) { return QMessageBox::Cancel; });
            auto w2 = testing::makeWindow();
            w2->setRecoveryPrompt([](const QString&, const QString&) { return true; });
            QVERIFY(w2->openFile(path));
            QVERIFY(w2->document()->design() == edited);
            QVERIFY(w2->document()->isModified()); // recovered work still needs a save
            QCOMPARE(w2->document()->filePath(), QFileInfo(path).absoluteFilePath());
            QVERIFY(w2->save());
            QVERIFY(!QFileInfo::exists(path + QStringLiteral(".autosave")));
            QVERIFY(DesignFile::load(path) == edited);
        }
    }

    void droppedDesignFileOpens()
    {
        auto w = testing::makeWindow();
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(testing::samplePath())});
        // On the canvas (where a user lets go of it)...
        QDragEnterEvent enter(QPoint(400, 300), Qt::CopyAction, &mime, Qt::LeftButton, {});
        QCoreApplication::sendEvent(w->view()->viewport(), &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(400, 300), Qt::CopyAction, &mime, Qt::LeftButton, {});
        QCoreApplication::sendEvent(w->view()->viewport(), &drop);
        QCOMPARE(w->document()->design().nodes().size(), size_t(11));
        QCOMPARE(w->scene()->nodeItemCount(), 11);
    }

    void windowStateIsKept()
    {
        // A size that fits the screen comes back as it was (the offscreen screen: 800 x 600; 700 x 540
        // with a title bar and borders of 40 + 8 and 8 + 8 pixels is 716 x 588).
        {
            auto w = testing::makeWindow();
            w->resize(700, 540);
            QVERIFY(w->close());
        }
        {
            auto w = std::make_unique<MainWindow>(&testing::testCatalog());
            QCOMPARE(w->size(), QSize(700, 540));
        }
        // One saved on a larger screen comes back within this one (issue 30: the status bar fell off
        // a small screen), frame included.
        {
            auto w = testing::makeWindow();
            w->resize(1234, 876);
            QVERIFY(w->close());
        }
        auto w = std::make_unique<MainWindow>(&testing::testCatalog());
        const QRect screen = w->screen()->availableGeometry();
        QVERIFY2(screen.contains(w->geometry().marginsAdded(QMargins(8, 40, 8, 8))),
            qPrintable(QStringLiteral("%1 x %2 on a %3 x %4 screen")
                           .arg(w->width())
                           .arg(w->height())
                           .arg(screen.width())
                           .arg(screen.height())));
    }
};

QTEST_MAIN(TestFiles)
#include "tst_files.moc"
