// Issue 14, "edit, don't regenerate": the reference design's dials changed on the current design
// as one undo step, the generator's notes shown in the studio, and the wizards remembering their
// last settings.
#include "helpers/combopick.h"
#include "helpers/modal.h"
#include "helpers/windowfixture.h"

#include "designdocument.h"
#include "dialogs/designdialsdialog.h"
#include "dialogs/referencedesigndialog.h"
#include "dialogs/workloaddialog.h"

#include "generate/regenerate.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QStatusBar>
#include <QTimer>
#include <QUndoStack>

using namespace pw;
using namespace pw::ui;
using pw::testing::pick;

class TestDesignDials : public QObject {
    Q_OBJECT

    // File > New from Reference Design as a user drives it: 512 DGX H100 GPUs on QM9700, 1:1.
    void generate(MainWindow* w)
    {
        testing::whenModal<ReferenceDesignDialog>(this, [](ReferenceDesignDialog* dlg) {
            pick(dlg->findChild<QComboBox*>(QStringLiteral("serverSku")), QStringLiteral("dgx-h100"));
            pick(dlg->findChild<QComboBox*>(QStringLiteral("sizeKind")), QStringLiteral("gpus"));
            dlg->findChild<QSpinBox*>(QStringLiteral("count"))->setValue(512);
            pick(dlg->findChild<QComboBox*>(QStringLiteral("switchSku")), QStringLiteral("qm9700"));
            pick(dlg->findChild<QComboBox*>(QStringLiteral("topology")), int(TopologyKind::RailOptimized));
            dlg->findChild<QComboBox*>(QStringLiteral("oversubscription"))->setCurrentText(QStringLiteral("1:1"));
            testing::okButton(dlg)->click();
        });
        w->action(ActionId::NewReference)->trigger();
    }

    static int spines(const Design& d)
    {
        int n = 0;
        d.nodes().forEach(
            [&](const Node& node) { n += node.network == Network::Compute && node.tier == FabricTier::Spine ? 1 : 0; });
        return n;
    }

private Q_SLOTS:
    void oversubscriptionChangesOnTheCurrentDesignAndUndoes()
    {
        auto w = testing::makeWindow();
        QVERIFY(!w->action(ActionId::ChangeDials)->isEnabled()); // a hand-made design has no dials
        generate(w.get());
        const Design generated = w->document()->design();
        const int spinesAtOneToOne = spines(generated);
        QVERIFY(spinesAtOneToOne > 0);
        QVERIFY(w->action(ActionId::ChangeDials)->isEnabled());
        QCOMPARE(w->document()->undoStack()->count(), 0);

        // Edit > Change Design Dials (Ctrl+Shift+D): 1:1 -> 2:1 on the design in the window.
        QCOMPARE(w->action(ActionId::ChangeDials)->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+D")));
        bool driven = false;
        testing::whenModal<DesignDialsDialog>(this, [&](DesignDialsDialog* dlg) {
            auto* ratio = dlg->findChild<QComboBox*>(QStringLiteral("oversubscription"));
            QCOMPARE(ratio->currentText(), QStringLiteral("1:1"));
            QCOMPARE(dlg->findChild<QSpinBox*>(QStringLiteral("nodes"))->value(), 64);
            ratio->setCurrentText(QStringLiteral("2:1"));
            driven = true;
            testing::okButton(dlg)->click();
        });
        w->action(ActionId::ChangeDials)->trigger();
        QVERIFY(driven);
        const int spinesAtTwoToOne = spines(w->document()->design());
        QVERIFY2(spinesAtTwoToOne < spinesAtOneToOne,
            qPrintable(QStringLiteral("%1 -> %2").arg(spinesAtOneToOne).arg(spinesAtTwoToOne)));
        QCOMPARE(w->document()->undoStack()->count(), 1); // one step
        QCOMPARE(w->document()->undoStack()->undoText(), QStringLiteral("Change oversubscription 1:1 → 2:1"));
        QCOMPARE(w->scene()->nodeItemCount(), int(w->document()->design().nodes().size())); // the canvas follows
        QCOMPARE(Regenerate::dialsOf(w->document()->design())->oversubscription.toString(), QStringLiteral("2:1"));

        w->action(ActionId::Undo)->trigger();
        QCOMPARE(spines(w->document()->design()), spinesAtOneToOne);
        QVERIFY(w->document()->design() == generated);
        QCOMPARE(w->scene()->nodeItemCount(), int(generated.nodes().size()));
        w->action(ActionId::Redo)->trigger();
        QCOMPARE(spines(w->document()->design()), spinesAtTwoToOne);

        // Unchanged dials are refused with the reason, and no step is added.
        QVERIFY(!w->changeDials(*Regenerate::dialsOf(w->document()->design())));
        QVERIFY(w->statusBar()->currentMessage().contains(QStringLiteral("unchanged")));
        QCOMPARE(w->document()->undoStack()->count(), 1);
    }

    void generatorNotesAreShown()
    {
        auto w = testing::makeWindow();
        QCOMPARE(w->notesList()->count(), 0);
        generate(w.get());
        // 512 GPUs: the UFM pair takes one DGX slot, and the generator says so.
        const QStringList notes = Regenerate::notesOf(w->document()->design());
        QVERIFY(!notes.isEmpty());
        QCOMPARE(w->notesList()->count(), notes.size());
        QCOMPARE(w->notesList()->item(0)->text(), notes.front());
        QVERIFY(w->notesDock()->windowTitle().contains(QString::number(notes.size())));
        // Keeping every server changes what the generator says; undo brings the old notes back.
        DesignDials keep = *Regenerate::dialsOf(w->document()->design());
        keep.keepEveryNode = true;
        QVERIFY(w->changeDials(keep));
        QStringList shown;
        for (int i = 0; i < w->notesList()->count(); ++i)
            shown << w->notesList()->item(i)->text();
        QCOMPARE(shown, Regenerate::notesOf(w->document()->design()));
        QVERIFY(shown != notes);
        w->action(ActionId::Undo)->trigger();
        QCOMPARE(w->notesList()->count(), notes.size());
    }

    void wizardsRememberTheirLastSettings()
    {
        auto w = testing::makeWindow();
        generate(w.get());
        // The next run of the wizard starts from the dials of the design just built.
        GeneratorOptions seen;
        testing::whenModal<ReferenceDesignDialog>(this, [&](ReferenceDesignDialog* dlg) {
            seen = dlg->options();
            dlg->reject();
        });
        w->action(ActionId::NewReference)->trigger();
        QCOMPARE(seen.gpus, 512);
        QCOMPARE(seen.serverSku, QStringLiteral("dgx-h100"));
        QCOMPARE(seen.switchSku, QStringLiteral("qm9700"));

        // The workload wizard too: a 13 B fine-tune is what it shows next time.
        testing::whenModal<WorkloadDialog>(this, [&](WorkloadDialog* dlg) {
            dlg->findChild<QDoubleSpinBox*>(QStringLiteral("parameters"))->setValue(13);
            pick(dlg->findChild<QComboBox*>(QStringLiteral("task")), int(WorkloadTask::FineTune));
            testing::whenModal<ReferenceDesignDialog>(this, [](ReferenceDesignDialog* gen) { gen->reject(); });
            dlg->findChild<QPushButton*>(QStringLiteral("generateDesign"))->click();
        });
        w->action(ActionId::NewWorkload)->trigger();
        double parameters = 0;
        int task = -1;
        testing::whenModal<WorkloadDialog>(this, [&](WorkloadDialog* dlg) {
            parameters = dlg->findChild<QDoubleSpinBox*>(QStringLiteral("parameters"))->value();
            task = dlg->findChild<QComboBox*>(QStringLiteral("task"))->currentData().toInt();
            dlg->reject();
        });
        w->action(ActionId::NewWorkload)->trigger();
        QCOMPARE(parameters, 13.0);
        QCOMPARE(task, int(WorkloadTask::FineTune));
    }
};

QTEST_MAIN(TestDesignDials)
#include "tst_designdials.moc"
