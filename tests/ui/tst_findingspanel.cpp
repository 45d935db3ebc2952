// The Findings dock and Edit > Design properties: a design with an error opens, the findings table
// lists it, a click selects and shows its entities, waiving (with a reason) is one undo step that
// the table and the status bar reflect, and the properties dialog's result is one undo step.
#include "helpers/waituntil.h"
#include "helpers/windowfixture.h"

#include "designanalysis.h"
#include "designdocument.h"
#include "dialogs/designpropertiesdialog.h"
#include "findingspanel.h"
#include "nodeitem.h"
#include "statuspanel.h"

#include "commands/addnodecommand.h"
#include "io/designjson.h"
#include "model/designintent.h"
#include "validate/designrules.h"
#include "validate/waiver.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QPushButton>
#include <QStatusBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QUndoStack>

using namespace pw;
using namespace pw::ui;

class TestFindingsPanel : public QObject {
    Q_OBJECT

    // How the status bar states an error count: "1 error", "2 errors".
    static QString errorCount(int n)
    {
        return QStringLiteral("%1 %2").arg(n).arg(QLatin1String(n == 1 ? "error" : "errors"));
    }

    QTemporaryDir mDir;

    // The sample with a DGX B200 more in its 40 kW rack: a POWER-RACK error naming the rack's nodes.
    QString designWithError()
    {
        Design d = DesignJson::readFile(testing::samplePath(), &testing::testCatalog());
        Node n;
        n.name = QStringLiteral("dgx-b200-01");
        n.position = QPointF(1400, 200);
        AddNodeCommand add(*testing::testCatalog().item(QStringLiteral("dgx-b200")), n);
        if (!add.apply(d).ok)
            qFatal("cannot add a node to the sample");
        d.nodes().forEach([&](const Node& added) {
            if (added.name == n.name)
                n = added;
        });
        n.rack = d.node(NodeId(1))->rack;
        d.replaceNode(n);
        const QString path = mDir.filePath(QStringLiteral("stray.json"));
        DesignJson::writeFile(d, path);
        return path;
    }

    static int rowOf(FindingsPanel* panel, const QString& code)
    {
        for (int r = 0; r < panel->rowCount(); ++r)
            if (panel->findingAt(r)->code == code)
                return r;
        return -1;
    }

private Q_SLOTS:
    void findingsListedClickSelectsWaiveAndUndo()
    {
        auto w = testing::makeWindow();
        QVERIFY(w->openFile(designWithError()));
        w->analysis()->recompute();
        FindingsPanel* panel = w->findingsPanel();
        QVERIFY(w->findingsDock()->isVisible());

        // The table shows exactly the rules' findings (one computation shared with the status bar).
        const std::vector<Finding> expected = validate(w->document()->design());
        QCOMPARE(panel->rowCount(), int(expected.size()));
        const int row = rowOf(panel, QStringLiteral("POWER-RACK"));
        QVERIFY(row >= 0);
        const Finding finding = *panel->findingAt(row);
        QVERIFY(finding.severity == Severity::Error);
        QCOMPARE(panel->table()->item(row, FindingsPanel::SeverityColumn)->text(), toString(Severity::Error));
        QCOMPARE(panel->table()->item(row, FindingsPanel::MessageColumn)->text(), finding.message);
        const int errorsBefore = w->statusPanel()->errors();
        QVERIFY(errorsBefore >= 1);
        QVERIFY(w->statusPanel()->text().contains(errorCount(errorsBefore)));

        // Click the row: the finding's nodes are selected and inside the viewport.
        std::vector<NodeId> nodes;
        for (const EntityRef& e : finding.entities)
            if (e.kind == EntityRef::Kind::Node)
                nodes.push_back(NodeId(e.id));
        QVERIFY(!nodes.empty());
        panel->table()->scrollToItem(panel->table()->item(row, 0));
        const QRect cell = panel->table()->visualItemRect(panel->table()->item(row, FindingsPanel::MessageColumn));
        QTest::mouseClick(panel->table()->viewport(), Qt::LeftButton, {}, cell.center());
        QCOMPARE(panel->currentRow(), row);
        const std::vector<NodeId> selected = w->scene()->selectedNodeIds();
        for (NodeId id : nodes)
            QVERIFY(std::find(selected.begin(), selected.end(), id) != selected.end());
        const QRect viewport = w->view()->viewport()->rect();
        for (NodeId id : nodes) {
            NodeItem* item = w->scene()->nodeItem(id);
            QVERIFY(item && item->isVisible());
            QVERIFY(viewport.contains(w->view()->mapFromScene(item->sceneBoundingRect().center())));
        }
        // At a readable zoom: names and models in full, not blown up (issue 14: "zooms very far in").
        QVERIFY2(w->view()->transform().m11() <= CanvasView::kReadableZoom + 1e-9,
            qPrintable(QString::number(w->view()->transform().m11())));

        // Waive through the button, answering the prompt: one undo step, the row shows waived
        // with its reason, the error count drops.
        QString askedFor;
        panel->setWaivePrompt([&](const Finding& f) {
            askedFor = f.code;
            return std::optional<FindingsPanel::WaiveAnswer>(
                {QStringLiteral("PDU upgrade to 60 kW ordered"), QStringLiteral("tester")});
        });
        QVERIFY(panel->findChild<QPushButton*>(QStringLiteral("waiveButton"))->isEnabled());
        QTest::mouseClick(panel->findChild<QPushButton*>(QStringLiteral("waiveButton")), Qt::LeftButton);
        QCOMPARE(askedFor, QStringLiteral("POWER-RACK"));
        QCOMPARE(w->document()->undoStack()->count(), 1);
        const std::vector<Waiver> waivers = Waiver::listFromProperties(w->document()->design().properties());
        QCOMPARE(waivers.size(), size_t(1));
        QCOMPARE(waivers[0].author, QStringLiteral("tester"));
        const int waivedRow = rowOf(panel, QStringLiteral("POWER-RACK"));
        QVERIFY(panel->findingAt(waivedRow)->waived());
        QVERIFY(panel->table()
                    ->item(waivedRow, FindingsPanel::StatusColumn)
                    ->text()
                    .contains(QStringLiteral("PDU upgrade to 60 kW ordered")));
        QCOMPARE(w->statusPanel()->errors(), errorsBefore - 1);
        QVERIFY(w->statusPanel()->text().contains(errorCount(errorsBefore - 1)));
        QVERIFY(!panel->findChild<QPushButton*>(QStringLiteral("waiveButton"))->isEnabled());
        QVERIFY(panel->findChild<QPushButton*>(QStringLiteral("unwaiveButton"))->isEnabled());

        // Undo restores the unwaived finding and the count (through the debounce, as a user sees it).
        w->action(QStringLiteral("actionUndo"))->trigger();
        QVERIFY2(testing::waitUntil([&] { return w->statusPanel()->errors() == errorsBefore; }, w->analysis(),
                     &DesignAnalysis::updated),
            "the error count after the analysis update");
        QVERIFY(!panel->findingAt(rowOf(panel, QStringLiteral("POWER-RACK")))->waived());
        QVERIFY(Waiver::listFromProperties(w->document()->design().properties()).empty());

        // Redo, then Unwaive from the Edit menu's action: another undo step.
        w->action(QStringLiteral("actionRedo"))->trigger();
        QVERIFY2(testing::waitUntil([&] { return w->statusPanel()->errors() == errorsBefore - 1; }, w->analysis(),
                     &DesignAnalysis::updated),
            "the error count after the analysis update");
        panel->table()->setCurrentCell(rowOf(panel, QStringLiteral("POWER-RACK")), 0);
        w->action(QStringLiteral("actionUnwaiveFinding"))->trigger();
        QCOMPARE(w->document()->undoStack()->count(), 2);
        QCOMPARE(w->statusPanel()->errors(), errorsBefore);
    }

    void cancelledWaiveChangesNothing()
    {
        auto w = testing::makeWindow();
        QVERIFY(w->openFile(designWithError()));
        w->analysis()->recompute();
        FindingsPanel* panel = w->findingsPanel();
        panel->table()->setCurrentCell(0, 0);
        panel->setWaivePrompt([](const Finding&) { return std::optional<FindingsPanel::WaiveAnswer>(); });
        QVERIFY(!panel->waiveCurrent());
        QCOMPARE(w->document()->undoStack()->count(), 0);
    }

    void findingsShortcutsAreInTheMenus()
    {
        auto w = testing::makeWindow();
        QCOMPARE(
            w->action(QStringLiteral("actionShowFindings"))->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+F")));
        QCOMPARE(w->action(QStringLiteral("actionDesignProperties"))->shortcut(),
            QKeySequence(QStringLiteral("Ctrl+Shift+P")));
        QCOMPARE(
            w->action(QStringLiteral("actionWaiveFinding"))->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+W")));
        w->findingsDock()->close();
        w->action(QStringLiteral("actionShowFindings"))->trigger();
        QVERIFY(w->findingsDock()->isVisible());
    }

    void designPropertiesDialogIsOneUndoStep()
    {
        auto w = testing::makeWindow();
        QVERIFY(w->openFile(testing::samplePath()));
        const DesignIntent before = DesignIntent::ofProperties(w->document()->design().properties());
        QVERIFY(before.clusterType != ClusterType::Inference);

        // Drive the modal dialog as a user would: pick Inference, press OK.
        bool seen = false;
        QTimer::singleShot(0, this, [&] {
            auto* dlg = qobject_cast<DesignPropertiesDialog*>(QApplication::activeModalWidget());
            QVERIFY(dlg);
            seen = true;
            QComboBox* type = dlg->findChildren<QComboBox*>().first();
            type->setCurrentIndex(type->findData(int(ClusterType::Inference)));
            dlg->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->click();
        });
        w->action(QStringLiteral("actionDesignProperties"))->trigger();
        QVERIFY(seen);
        QCOMPARE(w->document()->undoStack()->count(), 1);
        QCOMPARE(w->document()->undoStack()->undoText(), QStringLiteral("Change design properties"));
        QVERIFY(DesignIntent::ofProperties(w->document()->design().properties()).clusterType == ClusterType::Inference);
        w->action(QStringLiteral("actionUndo"))->trigger();
        QVERIFY(DesignIntent::ofProperties(w->document()->design().properties()).clusterType == before.clusterType);

        // OK with nothing changed: refused, no empty step, said in the status bar.
        QTimer::singleShot(0, this, [&] {
            auto* dlg = qobject_cast<DesignPropertiesDialog*>(QApplication::activeModalWidget());
            QVERIFY(dlg);
            dlg->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->click();
        });
        w->action(QStringLiteral("actionDesignProperties"))->trigger();
        QCOMPARE(w->document()->undoStack()->index(), 0);
        QVERIFY(w->statusBar()->currentMessage().startsWith(QStringLiteral("Refused:")));
    }
};

QTEST_MAIN(TestFindingsPanel)
#include "tst_findingspanel.moc"
