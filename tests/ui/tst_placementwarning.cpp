// Issue 26 section 2: the studio warns the moment a move concentrates a failure domain. A switch
// dragged in the Racks dock (or moved by its command) into the rack that holds the others: the
// dock and the status bar name the rack and the blast radius at once, the Findings panel has the
// PLACEMENT-FAILURE-DOMAIN finding with the same message, and Ctrl+Z takes the warning away. A
// rack dragged on the floor into the row of the other spines: the Floor dock names the row.
#include "helpers/waituntil.h"
#include "helpers/windowfixture.h"

#include "designanalysis.h"
#include "designdocument.h"
#include "findingspanel.h"
#include "floorview.h"
#include "mainwindow.h"
#include "placementwarning.h"
#include "rackelevationview.h"

#include "generate/fabricgenerator.h"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QStatusBar>

using namespace pw;
using namespace pw::ui;

class TestPlacementWarning : public QObject {
    Q_OBJECT

    // NVIDIA's DGX SuperPOD H100 at 4 SU (RA-11333 Table 7), placed for failure domains by the
    // generator: 8 of the 16 spines in S001-01 and 8 in M-01, each unit's leaves half in its own
    // network rack and half in its neighbour's. Nothing concentrated.
    static Design superPod()
    {
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-h100");
        o.nodes = 128;
        o.switchSku = QStringLiteral("qm9700");
        o.management = true;
        GenerateResult r = FabricGenerator::generate(o, testing::testCatalog());
        if (!r.ok())
            qFatal("generate failed: %s", qPrintable(r.error));
        return std::move(*r.design);
    }

    static int rackIndex(const RackElevationView* view, const QString& name)
    {
        const auto& racks = view->model().racks;
        for (size_t i = 0; i < racks.size(); ++i)
            if (racks[i].name == name)
                return int(i);
        return -1;
    }

    static int topU(const RackElevationModel::Rack& rack)
    {
        int top = 0;
        for (const auto& s : rack.slots)
            top = std::max(top, s.lastU());
        return top;
    }

    static std::vector<Finding> placementFindings(const MainWindow& w)
    {
        std::vector<Finding> out;
        for (const Finding& f : w.analysis()->findings())
            if (f.code == QLatin1String("PLACEMENT-FAILURE-DOMAIN"))
                out.push_back(f);
        return out;
    }

    static QLabel* dockWarning(const MainWindow& w)
    {
        return w.racksDock()->findChild<QLabel*>(QStringLiteral("placementWarning"));
    }

    static void undo(MainWindow& w)
    {
        w.view()->setFocus();
        QTest::keyClick(w.view(), Qt::Key_Z, Qt::ControlModifier);
    }

private Q_SLOTS:
    // Worked by hand: S001-01 holds 8 of the 16 spines; one dragged in from M-01 makes 9, so losing
    // the rack leaves each leaf (16 - 9) / 16 = 7/16 = 44% of its spine uplinks (FailureDomains:
    // 16 x 14 x 400 = 89,600 of 201,600 Gb/s, bisection 0.44, under half).
    void spineDraggedIntoTheSpineRackWarnsAndUndoClears()
    {
        auto w = testing::makeWindow();
        DesignDocument* doc = w->document();
        doc->reset(superPod());
        w->analysis()->recompute();
        w->action(QStringLiteral("actionShowRacks"))->trigger();
        RackElevationView* view = w->rackView();
        QVERIFY2(
            testing::waitUntil([&] { return !view->model().racks.empty(); }, w->analysis(), &DesignAnalysis::updated),
            "the racks of the analysis");
        QVERIFY(w->placementWarning()->text().isEmpty());
        QVERIFY(dockWarning(*w) && dockWarning(*w)->isHidden());
        QVERIFY(placementFindings(*w).empty());

        const int from = rackIndex(view, QStringLiteral("M-01"));
        const int to = rackIndex(view, QStringLiteral("S001-01"));
        QVERIFY(from >= 0 && to >= 0);
        const RackElevationModel::Slot* spine = nullptr;
        for (const auto& s : view->model().racks[size_t(from)].slots) {
            const Node* n = doc->design().node(s.node);
            if (!spine && n->tier == FabricTier::Spine && n->network == Network::Compute)
                spine = &s;
        }
        QVERIFY(spine);
        const NodeId moved = spine->node;
        const int firstU = topU(view->model().racks[size_t(to)]) + 1; // the first free U above the spines
        QVERIFY(firstU + spine->heightU - 1 <= view->model().racks[size_t(to)].heightU);
        RackElevationModel::Slot landing = *spine;
        landing.firstU = firstU;

        // The drag: taken by its middle, dropped with its middle over the free units.
        const QPoint source = view->slotRect(from, *spine).center();
        const QPoint target = view->slotRect(to, landing).center();
        view->ensureVisible(source.x(), source.y());
        QTest::mousePress(view->canvas(), Qt::LeftButton, {}, source);
        view->ensureVisible(target.x(), target.y());
        QTest::mouseRelease(view->canvas(), Qt::LeftButton, {}, target);
        QCOMPARE(doc->design().node(moved)->rack, view->model().racks[size_t(to)].id);
        QCOMPARE(doc->design().node(moved)->rackUnit, firstU);

        // At once, before the analysis has run again: the dock and the status bar.
        const QString text = w->placementWarning()->text();
        QVERIFY2(text.contains(QLatin1String("rack S001-01 holds 9 of the 16 spines")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("leaves 44% of a switch tier's uplink bandwidth")), qPrintable(text));
        QVERIFY(!dockWarning(*w)->isHidden());
        QVERIFY2(dockWarning(*w)->text().contains(QLatin1String("S001-01")), qPrintable(dockWarning(*w)->text()));
        QVERIFY2(w->statusBar()->currentMessage().contains(QLatin1String("rack S001-01 holds 9 of the 16 spines")),
            qPrintable(w->statusBar()->currentMessage()));
        // The finding is the same rule's: one message.
        w->analysis()->recompute();
        const std::vector<Finding> found = placementFindings(*w);
        QCOMPARE(found.size(), size_t(1));
        QCOMPARE(found.front().message, text);
        bool listed = false;
        for (int row = 0; row < w->findingsPanel()->rowCount(); ++row)
            listed = listed || w->findingsPanel()->findingAt(row)->message == text;
        QVERIFY(listed);
        if (qEnvironmentVariableIsSet("PW_SCREENSHOT_DIR")) // for a reviewer's eye; never compared
            w->racksDock()->grab().save(
                QDir(qEnvironmentVariable("PW_SCREENSHOT_DIR")).filePath(QStringLiteral("placementwarning.png")));

        // Ctrl+Z: the spine is back in M-01 and the warning is gone everywhere.
        undo(*w);
        QCOMPARE(doc->design().node(moved)->rack, view->model().racks[size_t(from)].id);
        QVERIFY(w->placementWarning()->text().isEmpty());
        QVERIFY(dockWarning(*w)->isHidden());
        QVERIFY(!w->statusBar()->currentMessage().contains(QLatin1String("Placement warning")));
        w->analysis()->recompute();
        QVERIFY(placementFindings(*w).empty());
    }

    // SU 1's rails 2, 4, 6, 8 stand in U002-01 (traded with SU 2). Moved back into U001-01 one by
    // one: after three, each DGX of SU 1 still has a rail in U002-01, so nothing is concentrated;
    // the fourth puts all 8 of its leaves in U001-01, whose loss then cuts off the unit's 32 DGX
    // (32 x 8 = 256 GPUs) standing in other racks. One Ctrl+Z and the warning is gone. A design
    // opened that way has the finding, not the warning: nothing was moved.
    void leavesMovedTogetherNameTheGpusCutOff()
    {
        auto w = testing::makeWindow();
        DesignDocument* doc = w->document();
        doc->reset(superPod());
        w->analysis()->recompute();
        RackElevationView* view = w->rackView();
        QVERIFY2(
            testing::waitUntil([&] { return !view->model().racks.empty(); }, w->analysis(), &DesignAnalysis::updated),
            "the racks of the analysis");
        const int home = rackIndex(view, QStringLiteral("U001-01"));
        QVERIFY(home >= 0);
        std::vector<NodeId> away;
        doc->design().nodes().forEach([&](const Node& n) {
            if (n.tier == FabricTier::Leaf && n.network == Network::Compute
                && n.name.startsWith(QLatin1String("leaf-su01")) && n.rack != view->model().racks[size_t(home)].id)
                away.push_back(n.id);
        });
        QCOMPARE(away.size(), size_t(4));
        int firstU = topU(view->model().racks[size_t(home)]);
        for (size_t i = 0; i < away.size(); ++i) {
            QVERIFY(w->placementWarning()->text().isEmpty());
            firstU += 1;
            QVERIFY(view->moveNode(away[i], home, firstU)); // the dock's drop
        }
        const QString text = w->placementWarning()->text();
        QVERIFY2(text.startsWith(QLatin1String("rack U001-01 holds all 8 leaves")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("cuts off 32 servers (256 GPUs) outside it")), qPrintable(text));
        QCOMPARE(w->placementWarning()->concentrations().size(), size_t(1));

        undo(*w);
        QVERIFY(w->placementWarning()->text().isEmpty());
        QVERIFY(dockWarning(*w)->isHidden());

        w->action(QStringLiteral("actionRedo"))->trigger();
        QVERIFY(!w->placementWarning()->text().isEmpty());
        const Design concentrated = doc->design();
        doc->reset(concentrated);
        QVERIFY(w->placementWarning()->text().isEmpty());
        w->analysis()->recompute();
        QCOMPARE(placementFindings(*w).size(), size_t(1));
    }

    // The floor editor: M-01 (8 of the 16 spines, in row M) dragged into row S001 beside S001-01
    // (the other 8), once the row has a position more (]): that row's loss would take all 16
    // spines, (16 - 16) / 16 = 0% of their uplinks left. The Floor dock says so at once; no rack's
    // contents changed, so it is a warning and not a finding. Ctrl+Z puts M-01 back and clears it.
    void rackDraggedOnTheFloorWarnsOfItsRow()
    {
        auto w = testing::makeWindow();
        DesignDocument* doc = w->document();
        doc->reset(superPod());
        auto* dock = w->findChild<QDockWidget*>(QStringLiteral("FloorDock"));
        QVERIFY(dock);
        dock->show();
        dock->raise();
        FloorView* view = w->findChild<FloorView*>();
        view->resize(900, 600);
        QVERIFY(view->floor());
        GroupId spineRack;
        GroupId mgmtRack;
        doc->design().groups().forEach([&](const Group& g) {
            if (g.name == QLatin1String("S001-01"))
                spineRack = g.id;
            if (g.name == QLatin1String("M-01"))
                mgmtRack = g.id;
        });
        QVERIFY(spineRack.isValid() && mgmtRack.isValid());
        const RackPlace home = *view->floor()->place(mgmtRack);
        view->selectRack(spineRack);
        QVERIFY(view->resizeSelectedRow(1));
        QVERIFY(w->placementWarning()->text().isEmpty());
        const int row = view->floor()->place(spineRack)->row;
        const int slot = view->floor()->rows[size_t(row)].slots - 1;
        QVERIFY(!view->floor()->rackAt(row, slot).isValid());

        const QPoint source = view->rackRect(mgmtRack).center().toPoint();
        const QPoint target = view->positionRect(row, slot).center().toPoint();
        QTest::mousePress(view, Qt::LeftButton, {}, source);
        QTest::mouseRelease(view, Qt::LeftButton, {}, target);
        QCOMPARE(view->floor()->place(mgmtRack)->row, row);
        QCOMPARE(w->placementWarning()->text(),
            QStringLiteral("row S001 holds all 16 spines: losing it leaves 0% of a switch tier's uplink bandwidth"));
        auto* label = dock->findChild<QLabel*>(QStringLiteral("placementWarning"));
        QVERIFY(label && label->isVisible());
        QVERIFY2(label->text().contains(QLatin1String("row S001")), qPrintable(label->text()));
        if (qEnvironmentVariableIsSet("PW_SCREENSHOT_DIR"))
            dock->grab().save(
                QDir(qEnvironmentVariable("PW_SCREENSHOT_DIR")).filePath(QStringLiteral("floorwarning.png")));
        w->analysis()->recompute();
        QVERIFY(placementFindings(*w).empty());

        undo(*w);
        QVERIFY(*view->floor()->place(mgmtRack) == home);
        QVERIFY(w->placementWarning()->text().isEmpty());
        QVERIFY(label->isHidden());
    }
};

QTEST_MAIN(TestPlacementWarning)
#include "tst_placementwarning.moc"
