// Nothing lost: every way a design enters the window asks before it drops unsaved work, a
// generated design is unsaved until saved (so Quit, Open and another wizard run ask, and autosave
// covers it), the design's name is edited as one undo step and shown in the title, Save As has its
// shortcut, and counts read "1 switch", not "1 switches".
#include "helpers/combopick.h"
#include "helpers/modal.h"
#include "helpers/waituntil.h"
#include "helpers/windowfixture.h"

#include "designanalysis.h"
#include "designdocument.h"
#include "dialogs/designpropertiesdialog.h"
#include "dialogs/referencedesigndialog.h"
#include "dialogs/workloaddialog.h"
#include "statuspanel.h"

#include "commands/renamedesigncommand.h"
#include "io/designfile.h"
#include "model/designsummary.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QLineEdit>
#include <QMenu>
#include <QMimeData>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTimer>
#include <QUndoStack>
#include <QUrl>

using namespace pw;
using namespace pw::ui;
using pw::testing::pick;

class TestNothingLost : public QObject {
    Q_OBJECT

    static void setDials(ReferenceDesignDialog& dlg, int gpus)
    {
        pick(dlg.findChild<QComboBox*>(QStringLiteral("serverSku")), QStringLiteral("dgx-h100"));
        pick(dlg.findChild<QComboBox*>(QStringLiteral("sizeKind")), QStringLiteral("gpus"));
        dlg.findChild<QSpinBox*>(QStringLiteral("count"))->setValue(gpus);
        pick(dlg.findChild<QComboBox*>(QStringLiteral("switchSku")), QStringLiteral("qm9700"));
        pick(dlg.findChild<QComboBox*>(QStringLiteral("topology")), int(TopologyKind::RailOptimized));
        dlg.findChild<QComboBox*>(QStringLiteral("oversubscription"))->setCurrentText(QStringLiteral("1:1"));
    }

    // File > New from Reference Design, driven as a user would: set the dials, press Build.
    void generate(MainWindow* w, int gpus, bool* shown = nullptr)
    {
        testing::whenModal<ReferenceDesignDialog>(this, [gpus, shown](ReferenceDesignDialog* dlg) {
            setDials(*dlg, gpus);
            if (shown)
                *shown = true;
            testing::okButton(dlg)->click();
        });
        w->action(QStringLiteral("actionNewReference"))->trigger();
    }

    // A file dragged in and let go of over `target`; the drop goes where the drag was accepted.
    static void dropFile(QWidget* target, const QString& path)
    {
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(path)});
        const QPoint at(target->width() / 2, target->height() / 2);
        QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, {});
        QCoreApplication::sendEvent(target, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(at), Qt::CopyAction, &mime, Qt::LeftButton, {});
        QCoreApplication::sendEvent(target, &drop);
    }

    static void modify(MainWindow* w, const QString& name)
    {
        QVERIFY(w->document()->execute(std::make_unique<RenameDesignCommand>(name)).ok);
        QVERIFY(w->document()->isModified());
    }

private Q_SLOTS:
    void init() { QFile::remove(MainWindow::untitledAutosavePath()); }

    void aGeneratedDesignIsUnsavedUntilSaved()
    {
        auto w = testing::makeWindow();
        w->start();
        QVERIFY(!w->document()->isModified());
        generate(w.get(), 256);
        // 32 DGX asked for; one gives its slot to the UFM pair as in NVIDIA's RA (FABRIC-UFM-SLOT).
        QCOMPARE(DesignSummary::of(w->document()->design()).gpus, 248);
        QVERIFY(w->document()->filePath().isEmpty());
        QVERIFY(w->document()->isModified());
        QVERIFY(w->isWindowModified());
        const Design generated = w->document()->design();

        // Autosave covers it.
        QCOMPARE(w->autosaveNow(), MainWindow::untitledAutosavePath());
        QVERIFY(DesignFile::load(MainWindow::untitledAutosavePath()) == generated);

        // Quit, Open, New and another wizard run ask first; Cancel keeps it.
        QStringList asked;
        w->setUnsavedPrompt([&](const QString& name) {
            asked << name;
            return QMessageBox::Cancel;
        });
        QVERIFY(!w->close());
        QVERIFY(w->isVisible());
        QVERIFY(!w->openFile(testing::samplePath()));
        w->action(QStringLiteral("actionNew"))->trigger();
        bool wizardShown = false;
        generate(w.get(), 64, &wizardShown);
        QCOMPARE(asked.size(), 4);
        QCOMPARE(asked.front(), QStringLiteral("The untitled design"));
        QVERIFY(!wizardShown); // asked before the wizard, and Cancel stops there
        QVERIFY(w->document()->design() == generated);
        QVERIFY(QFileInfo::exists(MainWindow::untitledAutosavePath()));

        // Saved, it is clean; its untitled autosave is gone.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("generated.podwright"));
        QVERIFY(w->saveAs(path));
        QVERIFY(!w->document()->isModified());
        QVERIFY(!QFileInfo::exists(MainWindow::untitledAutosavePath()));
        QVERIFY(DesignFile::load(path) == generated);
        // Now a new wizard run needs no question.
        generate(w.get(), 64, &wizardShown);
        QVERIFY(wizardShown);
        QCOMPARE(asked.size(), 4);
        QCOMPARE(DesignSummary::of(w->document()->design()).gpus, 64);
    }

    void everyWayInAsksBeforeDroppingUnsavedWork()
    {
        QTemporaryDir dir;
        const QString recent = dir.filePath(QStringLiteral("recent.podwright"));
        auto w = testing::makeWindow();
        QVERIFY(w->openFile(testing::samplePath()));
        QVERIFY(w->saveAs(recent)); // now in the recent files
        modify(w.get(), QStringLiteral("Edited, not saved"));
        const Design edited = w->document()->design();

        int asked = 0;
        w->setUnsavedPrompt([&](const QString&) {
            ++asked;
            return QMessageBox::Cancel;
        });
        auto unchanged = [&](const char* way, int questions) {
            QVERIFY2(asked == questions, way);
            QVERIFY2(w->document()->design() == edited, way);
            QVERIFY2(w->document()->isModified(), way);
        };

        w->action(QStringLiteral("actionNew"))->trigger();
        unchanged("New", 1);
        QVERIFY(!w->openFile(testing::samplePath()));
        unchanged("Open", 2);

        // Open Recent.
        QMenu* recentMenu = nullptr;
        for (QMenu* m : w->findChildren<QMenu*>())
            if (m->title() == QStringLiteral("Open &Recent"))
                recentMenu = m;
        QVERIFY(recentMenu);
        Q_EMIT recentMenu->aboutToShow();
        QAction* first = recentMenu->actions().value(0);
        QVERIFY(first && first->toolTip() == QFileInfo(recent).absoluteFilePath());
        first->trigger();
        unchanged("Open Recent", 3);

        // A file dropped on the canvas, and on the window's frame.
        dropFile(w->view()->viewport(), testing::samplePath());
        unchanged("drop on the canvas", 4);
        dropFile(w.get(), testing::samplePath());
        unchanged("drop on the window", 5);

        // The reference-design wizard asks before it opens.
        bool wizardShown = false;
        generate(w.get(), 64, &wizardShown);
        unchanged("New from Reference Design", 6);
        QVERIFY(!wizardShown);

        // The workload wizard asks when it hands over to the generator.
        bool sized = false;
        testing::whenModal<WorkloadDialog>(this, [&](WorkloadDialog* dlg) {
            sized = true;
            dlg->findChild<QPushButton*>(QStringLiteral("generateDesign"))->click();
        });
        w->action(QStringLiteral("actionNewWorkload"))->trigger();
        QVERIFY(sized);
        unchanged("New from Workload", 7);

        // Quit.
        QVERIFY(!w->close());
        unchanged("Quit", 8);

        // Discard lets each go ahead: the dropped file replaces the work.
        w->setUnsavedPrompt([&](const QString&) {
            ++asked;
            return QMessageBox::Discard;
        });
        dropFile(w->view()->viewport(), testing::samplePath());
        QCOMPARE(asked, 9);
        QVERIFY(!w->document()->isModified());
        QCOMPARE(w->document()->filePath(), QFileInfo(testing::samplePath()).absoluteFilePath());
    }

    void theDesignNameIsEditedAsOneUndoStepAndTitlesTheWindow()
    {
        auto w = testing::makeWindow();
        QVERIFY(w->openFile(testing::samplePath()));
        const QString before = w->document()->design().name();
        QVERIFY(!before.isEmpty());
        QVERIFY(w->windowTitle().contains(before));

        // Edit > Design Properties: a new name, OK.
        bool seen = false;
        testing::whenModal<DesignPropertiesDialog>(this, [&](DesignPropertiesDialog* dlg) {
            seen = true;
            auto* name = dlg->findChild<QLineEdit*>(QStringLiteral("designName"));
            QVERIFY(name);
            QCOMPARE(name->text(), before);
            // A blank name cannot be accepted.
            name->setText(QStringLiteral("   "));
            QVERIFY(!testing::okButton(dlg)->isEnabled());
            name->setText(QStringLiteral("Acme inference pod"));
            QVERIFY(testing::okButton(dlg)->isEnabled());
            testing::okButton(dlg)->click();
        });
        w->action(QStringLiteral("actionDesignProperties"))->trigger();
        QVERIFY(seen);
        QCOMPARE(w->document()->design().name(), QStringLiteral("Acme inference pod"));
        QCOMPARE(w->document()->undoStack()->count(), 1);
        QVERIFY(w->document()->undoStack()->undoText().contains(QStringLiteral("Acme inference pod")));
        QVERIFY(w->windowTitle().contains(QStringLiteral("Acme inference pod")));
        QVERIFY(w->isWindowModified());

        w->action(QStringLiteral("actionUndo"))->trigger();
        QCOMPARE(w->document()->design().name(), before);
        QVERIFY(w->windowTitle().contains(before));
        QVERIFY(!w->windowTitle().contains(QStringLiteral("Acme inference pod")));
        w->action(QStringLiteral("actionRedo"))->trigger();
        QVERIFY(w->windowTitle().contains(QStringLiteral("Acme inference pod")));

        // A name and a property changed together: still one step.
        testing::whenModal<DesignPropertiesDialog>(this, [&](DesignPropertiesDialog* dlg) {
            dlg->findChild<QLineEdit*>(QStringLiteral("designName"))->setText(QStringLiteral("Acme mixed pod"));
            QComboBox* type = dlg->findChildren<QComboBox*>().first();
            type->setCurrentIndex((type->currentIndex() + 1) % type->count());
            testing::okButton(dlg)->click();
        });
        const QJsonObject properties = w->document()->design().properties();
        w->action(QStringLiteral("actionDesignProperties"))->trigger();
        QCOMPARE(w->document()->undoStack()->count(), 2);
        QCOMPARE(w->document()->design().name(), QStringLiteral("Acme mixed pod"));
        QVERIFY(w->document()->design().properties() != properties);
        w->action(QStringLiteral("actionUndo"))->trigger();
        QCOMPARE(w->document()->design().name(), QStringLiteral("Acme inference pod"));
        QVERIFY(w->document()->design().properties() == properties);

        // The name is what is saved.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("named.podwright"));
        QVERIFY(w->saveAs(path));
        QCOMPARE(DesignFile::load(path).name(), QStringLiteral("Acme inference pod"));
    }

    void ctrlShiftSIsSaveAs()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("shortcut.podwright"));
        auto w = testing::makeWindow();
        QVERIFY(w->openFile(testing::samplePath()));
        QCOMPARE(w->action(QStringLiteral("actionSaveAs"))->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+S")));
        QStringList chosen;
        testing::whenModal<QFileDialog>(this, [&](QFileDialog* dlg) {
            chosen = testing::chooseFile(dlg, path);
            static_cast<QDialog*>(dlg)->accept(); // QFileDialog::accept, as the Save button does
        });
        w->activateWindow();
        w->view()->setFocus();
        // The shortcut runs Save As to its end (a modal dialog, then a synchronous save) before
        // keyClick returns: checked at once, not polled.
        QTest::keyClick(w->view(), Qt::Key_S, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(chosen, QStringList{path});
        QCOMPARE(w->document()->filePath(), QFileInfo(path).absoluteFilePath());
        QVERIFY(QFileInfo::exists(path));
        QVERIFY(DesignFile::load(path) == w->document()->design());
    }

    void countsAgreeWithTheirNouns()
    {
        auto w = testing::makeWindow();
        w->start();
        const QPointF centre = w->view()->mapToScene(w->view()->viewport()->rect().center());
        QVERIFY(w->scene()->placeItem(QStringLiteral("dgx-h100"), centre).ok);
        QVERIFY(w->scene()->placeItem(QStringLiteral("qm9700"), centre + QPointF(300, 0)).ok);
        const DesignSummary s = DesignSummary::of(w->document()->design());
        QCOMPARE(s.servers, 1);
        QCOMPARE(s.switches, 1);
        QVERIFY2(testing::waitUntil([&] { return w->statusPanel()->text().contains(QStringLiteral("1 switch ·")); },
                     w->analysis(), &DesignAnalysis::updated),
            "the status bar after the analysis update");
        const QString text = w->statusPanel()->text();
        QVERIFY2(text.contains(QStringLiteral("1 server ·")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("%1 GPUs").arg(s.gpus)), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("0 links")), qPrintable(text));
        // No count of one with a plural noun anywhere in the status bar.
        static const QRegularExpression onePlural(QStringLiteral("(^|[^0-9,.])1 (\\w+s)\\b"));
        const auto m = onePlural.match(text);
        QVERIFY2(!m.hasMatch(), qPrintable(text));
    }
};

QTEST_MAIN(TestNothingLost)
#include "tst_nothinglost.moc"
