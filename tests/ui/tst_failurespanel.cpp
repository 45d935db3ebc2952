// The Failure Domains dock (issue 17, section 4): the scenarios are core's FailureDomains (the
// same figures as `podwright-cli failures`), and a click shows the blast radius on the canvas and
// the floor view.
#include "helpers/waituntil.h"
#include "helpers/windowfixture.h"

#include "designanalysis.h"
#include "designdocument.h"
#include "failurespanel.h"
#include "floorview.h"

#include "failures/failuredomains.h"
#include "generate/fabricgenerator.h"
#include "model/design.h"

#include <QAction>
#include <QDockWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>

#include <set>

using namespace pw;
using namespace pw::ui;

class TestFailuresPanel : public QObject {
    Q_OBJECT

    // 64 DGX H100 in 2 scalable units on QM9700 (tst_failuredomains works its figures by hand).
    static Design generated()
    {
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-h100");
        o.nodes = 64;
        o.switchSku = QStringLiteral("qm9700");
        o.management = false;
        GenerateResult r = FabricGenerator::generate(o, testing::testCatalog());
        if (!r.ok())
            qFatal("generate failed: %s", qPrintable(r.error));
        return std::move(*r.design);
    }

    // 32,768 GPUs asked: 4,095 DGX H100 built (the UFM pair takes one slot, 32,760 GPUs) with their
    // management networks, over the live analysis's limit.
    static Design large()
    {
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-h100");
        o.gpus = 32768;
        o.switchSku = QStringLiteral("qm9700");
        GenerateResult r = FabricGenerator::generate(o, testing::testCatalog());
        if (!r.ok())
            qFatal("generate failed: %s", qPrintable(r.error));
        return std::move(*r.design);
    }

    static int rowOf(const FailuresPanel* panel, FailureKind kind, const QString& entity)
    {
        for (int r = 0; r < panel->rowCount(); ++r)
            if (panel->scenarioAt(r)->kind == kind && panel->scenarioAt(r)->entity == entity)
                return r;
        return -1;
    }

    static void click(FailuresPanel* panel, int row)
    {
        QTableWidget* t = panel->table();
        t->scrollToItem(t->item(row, FailuresPanel::EntityColumn));
        QTest::mouseClick(
            t->viewport(), Qt::LeftButton, {}, t->visualItemRect(t->item(row, FailuresPanel::EntityColumn)).center());
    }

    static GroupId rackNamed(const Design& d, const QString& name)
    {
        GroupId id;
        d.groups().forEach([&](const Group& g) {
            if (g.name == name)
                id = g.id;
        });
        return id;
    }

private Q_SLOTS:
    void rowsAreCoresFigures()
    {
        auto w = testing::makeWindow();
        w->document()->reset(generated());
        QVERIFY(w->action(QStringLiteral("actionShowFailures")));
        QCOMPARE(
            w->action(QStringLiteral("actionShowFailures"))->shortcut(), QKeySequence(QStringLiteral("Ctrl+Alt+F")));
        w->action(QStringLiteral("actionShowFailures"))->trigger();
        QVERIFY(w->failuresDock()->isVisible());
        QVERIFY(w->analysis()->failureDomainsWanted());
        w->analysis()->recompute();
        FailuresPanel* panel = w->failuresPanel();
        const FailureDomains core = FailureDomains::of(w->document()->design());
        QCOMPARE(panel->rowCount(), static_cast<int>(core.scenarios.size()));
        for (int r = 0; r < panel->rowCount(); ++r) {
            const FailureScenario& s = core.scenarios[static_cast<size_t>(r)];
            QCOMPARE(panel->table()->item(r, FailuresPanel::EntityColumn)->text(), s.entity);
            QCOMPARE(panel->table()->item(r, FailuresPanel::GpusLostColumn)->text(), QString::number(s.gpusLost));
            QCOMPARE(panel->table()->item(r, FailuresPanel::EquivalentColumn)->text(), QString::number(s.equivalent));
        }
        QVERIFY2(panel->summaryText().contains(QStringLiteral("512 GPUs")), qPrintable(panel->summaryText()));
    }

    // SU 1's network rack: 8 rail leaves, SU 1's rails 1, 3, 5, 7 and SU 2's rails 2, 4, 6, 8 (issue 26
    // placement; before, SU 1's 8 leaves, whose loss cut its 32 servers off). The rack goes down (red
    // on the floor), no server is cut off, all 64 are degraded to 4 of 8 rails (their racks orange),
    // and the canvas selects the 8 leaves and the 64 servers.
    void clickShowsTheBlastRadius()
    {
        auto w = testing::makeWindow();
        w->document()->reset(generated());
        w->action(QStringLiteral("actionShowFailures"))->trigger();
        w->analysis()->recompute();
        FailuresPanel* panel = w->failuresPanel();
        FloorView* floor = w->findChild<FloorView*>();
        QVERIFY(floor);
        const Design& d = w->document()->design();
        const int row = rowOf(panel, FailureKind::Rack, QStringLiteral("U001-01"));
        QVERIFY(row >= 0);
        click(panel, row);
        QCOMPARE(panel->table()->currentRow(), row);
        const FailureScenario* s = panel->scenarioAt(row);
        QCOMPARE(s->gpusLost, 0);
        QCOMPARE(s->degradedServers.size(), size_t(64));
        const std::vector<NodeId> selected = w->scene()->selectedNodeIds();
        QCOMPARE(selected.size(), size_t(72));
        std::set<quint32> serverRacks;
        int servers = 0;
        for (NodeId id : selected)
            if (d.itemOf(id)->gpuCount() > 0) {
                ++servers;
                serverRacks.insert(d.node(id)->rack.value());
            }
        QCOMPARE(servers, 64);
        const GroupId leafRack = rackNamed(d, QStringLiteral("U001-01"));
        QVERIFY(floor->isDown(leafRack));
        for (quint32 r : serverRacks) {
            QVERIFY(floor->isAffected(GroupId(r)));
            QVERIFY(!floor->isDown(GroupId(r)));
        }
        QVERIFY2(
            panel->explanationText().contains(QStringLiteral("GPUs lost: 0")), qPrintable(panel->explanationText()));

        // One leaf: nothing goes down; its rack and its 32 servers' racks are affected.
        const int leafRow = rowOf(panel, FailureKind::Switch, QStringLiteral("leaf-su01-r1"));
        QVERIFY(leafRow >= 0);
        click(panel, leafRow);
        QVERIFY(!floor->isDown(leafRack));
        QVERIFY(floor->isAffected(leafRack));
        QCOMPARE(w->scene()->selectedNodeIds().size(), size_t(33)); // the leaf and its 32 servers

        // An edit makes a new revision: the highlight of the old one goes.
        w->document()->reset(generated());
        w->analysis()->recompute();
        QVERIFY(!floor->isAffected(leafRack));
    }

    // Above the live analysis's size the failure domains run as a background job: the call returns
    // at once with the job running (progress and Cancel shown), the panel fills when it is done
    // with core's figures, and no "too large" message is shown.
    void largeDesignFillsFromTheBackground()
    {
        auto w = testing::makeWindow();
        w->document()->reset(large());
        QVERIFY(w->document()->design().nodes().size() > size_t(DesignAnalysis::kFabricAnalysisMaxNodes));
        QSignalSpy progress(w->analysis(), &DesignAnalysis::failuresProgress);
        w->action(QStringLiteral("actionShowFailures"))->trigger();
        w->analysis()->recompute();
        FailuresPanel* panel = w->failuresPanel();
        QVERIFY(w->analysis()->fabricAnalysisSkipped());
        QVERIFY(w->analysis()->failureDomainsRunning());
        QCOMPARE(panel->rowCount(), 0);
        QVERIFY(!panel->progressBar()->isHidden());
        QVERIFY(!panel->cancelButton()->isHidden());
        QVERIFY(panel->summaryText().contains(QStringLiteral("in the background")));
        QVERIFY2(testing::waitUntil(
                     [&] { return panel->rowCount() > 0; }, w->analysis(), &DesignAnalysis::failuresUpdated, 120000),
            "the failure domains from the background job");
        QVERIFY(!w->analysis()->failureDomainsRunning());
        QVERIFY(panel->progressBar()->isHidden());
        QVERIFY(panel->cancelButton()->isHidden());
        QVERIFY2(panel->summaryText().contains(QStringLiteral("32760 GPUs")), qPrintable(panel->summaryText()));
        QVERIFY(!panel->summaryText().contains(QStringLiteral("too large")));
        QVERIFY(progress.count() >= 1);
        const FailureDomains core = FailureDomains::of(w->document()->design());
        QCOMPARE(panel->rowCount(), static_cast<int>(core.scenarios.size()));
        for (int r = 0; r < panel->rowCount(); ++r)
            QCOMPARE(panel->scenarioAt(r)->gpusLost, core.scenarios[static_cast<size_t>(r)].gpusLost);
        // The storage and management switches are there too, each saying what it means.
        bool inBand = false;
        for (int r = 0; r < panel->rowCount(); ++r)
            inBand = inBand || panel->scenarioAt(r)->network == Network::InBand;
        QVERIFY(inBand);
    }

    // Cancel stops the job (no figures arrive, a button offers to start again); Compute restarts it.
    void cancelAndComputeAgain()
    {
        auto w = testing::makeWindow();
        w->document()->reset(large());
        w->action(QStringLiteral("actionShowFailures"))->trigger();
        w->analysis()->recompute();
        FailuresPanel* panel = w->failuresPanel();
        QVERIFY(w->analysis()->failureDomainsRunning());
        QTest::mouseClick(panel->cancelButton(), Qt::LeftButton);
        QSignalSpy arrived(w->analysis(), &DesignAnalysis::failuresUpdated);
        QVERIFY(!w->analysis()->failureDomainsRunning());
        QVERIFY(w->analysis()->failureDomainsCanceled());
        QVERIFY(!panel->computeButton()->isHidden());
        QVERIFY(panel->summaryText().contains(QStringLiteral("canceled")));
        QCOMPARE(panel->rowCount(), 0);
        QTest::mouseClick(panel->computeButton(), Qt::LeftButton);
        QVERIFY(w->analysis()->failureDomainsRunning());
        QVERIFY2(testing::waitUntil(
                     [&] { return panel->rowCount() > 0; }, w->analysis(), &DesignAnalysis::failuresUpdated, 120000),
            "the failure domains from the restarted job");
        // Since the cancel: the restart (the panel shows its progress) and its figures, nothing from
        // the canceled job.
        QCOMPARE(arrived.count(), 2);
        QVERIFY(panel->computeButton()->isHidden());
    }
};

QTEST_MAIN(TestFailuresPanel)
#include "tst_failurespanel.moc"
