// The Racks dock: each rack's front U by U with its nodes in their units, its power against its
// budget, and only the visible racks painted.
#include "helpers/waituntil.h"
#include "helpers/windowfixture.h"

#include "designanalysis.h"
#include "designdocument.h"
#include "floor/rackelevationmodel.h"
#include "presentation/reportdata.h"
#include "rackelevationview.h"

#include "generate/fabricgenerator.h"
#include "io/designjson.h"

#include <map>

#include <QAction>
#include <QDockWidget>
#include <QScrollBar>
#include <QTemporaryDir>

using namespace pw;
using namespace pw::ui;

class TestRackElevation : public QObject {
    Q_OBJECT

    // The sample's dgx-01 (a DGX H100, 8U) is mounted at U3 of its rack.
    static Design sampleWithDgxAtU3(NodeId* dgx)
    {
        Design d = DesignJson::readFile(testing::samplePath(), &testing::testCatalog());
        d.nodes().forEach([&](const Node& n) {
            if (n.name == QLatin1String("dgx-01"))
                *dgx = n.id;
        });
        if (d.node(*dgx)->rackUnit != 3)
            qFatal("the sample's dgx-01 moved");
        return d;
    }

private Q_SLOTS:
    void nodeOccupiesItsUnits()
    {
        NodeId dgx;
        const Design d = sampleWithDgxAtU3(&dgx);
        QVERIFY(dgx.isValid());
        QCOMPARE(d.itemOf(dgx)->rackUnits.value, 8.0);
        const RackElevationModel m = RackElevationModel::of(d);
        QCOMPARE(m.racks.size(), size_t(1));
        const RackElevationModel::Rack& rack = m.racks.front();
        QCOMPARE(rack.id.value(), d.node(dgx)->rack.value());
        const RackElevationModel::Slot* found = nullptr;
        for (const auto& s : rack.slots)
            if (s.node == dgx)
                found = &s;
        QVERIFY(found);
        const RackElevationModel::Slot& slot = *found;
        QCOMPARE(slot.firstU, 3);
        QCOMPARE(slot.lastU(), 10);
        QCOMPARE(slot.name, QStringLiteral("dgx-01"));
        QVERIFY(rack.slotAt(2) != &slot);
        for (int u = 3; u <= 10; ++u)
            QCOMPARE(rack.slotAt(u), &slot);
        QVERIFY(rack.slotAt(11) != &slot);
        QCOMPARE(rack.heightU, 48);
        // Power: every node in the rack, placed or not, against the budget.
        double kw = 0;
        int members = 0;
        d.nodes().forEach([&](const Node& n) {
            if (n.rack == rack.id) {
                kw += d.item(n.sku)->maxPower().value() / 1000.0;
                ++members;
            }
        });
        QVERIFY(qAbs(rack.powerKw - kw) < 1e-9);
        QCOMPARE(rack.budgetKw, 40.0);
        QCOMPARE(int(rack.slots.size() + rack.unplaced.size()), members);
    }

    void viewDrawsTheSlotOverItsUnits()
    {
        NodeId dgx;
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("u3.json"));
        DesignJson::writeFile(sampleWithDgxAtU3(&dgx), path);
        auto w = testing::makeWindow();
        QVERIFY(w->openFile(path));
        w->action(QStringLiteral("actionShowRacks"))->trigger();
        RackElevationView* view = w->rackView();
        QVERIFY(view->isVisible());
        QVERIFY2(testing::waitUntil(
                     [&] { return view->model().racks.size() == 1; }, w->analysis(), &DesignAnalysis::updated),
            "the racks of the analysis");
        const RackElevationModel::Slot* found = nullptr;
        for (const auto& s : view->model().racks.front().slots)
            if (s.node == dgx)
                found = &s;
        QVERIFY(found);
        const auto& slot = *found;
        const QRect box = view->slotRect(0, slot);
        const QRect frame = view->rackRect(0);
        const int uh = view->unitHeight();
        QCOMPARE(box.height(), 8 * uh);
        QCOMPARE(box.bottom(), frame.bottom() - 2 * uh - 1); // U1 and U2 below it
        // Clicking the drawn node selects it on the canvas.
        view->ensureVisible(box.center().x(), box.center().y());
        QTest::mouseClick(view->canvas(), Qt::LeftButton, {}, box.center());
        const std::vector<NodeId> selected = w->scene()->selectedNodeIds();
        QCOMPARE(selected.size(), size_t(1));
        QCOMPARE(selected.front().value(), dgx.value());
    }

    // Issue 30: a 1U node's label is never cut mid-word ("qm8700-3 · Quantum QM…"): it shows its
    // whole name, and its model or SKU when that fits too, within the slot's width.
    void oneUnitLabelsFitTheirSlot()
    {
        auto w = testing::makeWindow();
        QVERIFY(w->openFile(testing::samplePath()));
        w->action(QStringLiteral("actionShowRacks"))->trigger();
        RackElevationView* view = w->rackView();
        QVERIFY2(testing::waitUntil(
                     [&] { return view->model().racks.size() == 1; }, w->analysis(), &DesignAnalysis::updated),
            "the racks of the analysis");
        const QFontMetrics metrics(view->slotFont());
        int oneU = 0;
        for (const auto& s : view->model().racks.front().slots) {
            const QRect box = view->slotRect(0, s);
            const QString text = RackElevationView::slotText(s, metrics, box.width() - 8, false);
            QVERIFY2(metrics.horizontalAdvance(text) <= box.width() - 8, qPrintable(text));
            QVERIFY2(text.startsWith(s.name), qPrintable(text + QStringLiteral(" for ") + s.name));
            QVERIFY2(!text.contains(QChar(0x2026)), qPrintable(text)); // no ellipsis: the name fits whole
            QVERIFY2(text.size() > s.name.size(), qPrintable(text)); // and says what the part is
            oneU += s.heightU == 1;
        }
        QVERIFY(oneU >= 3); // the sample's switches and PDUs
    }

    // Issue 13: one rack elevation. The studio's Racks dock and the PDF's rack pages read the same
    // builder (core's RackElevationModel) with the same power figures: every rack has the same
    // height, load and budget, and every node the same first U and height in both; the dock draws
    // each node over exactly its units.
    void studioAndReportDrawTheSameRacks_data()
    {
        QTest::addColumn<bool>("generated");
        QTest::newRow("sample") << false;
        QTest::newRow("generated 128 GPUs") << true;
    }
    void studioAndReportDrawTheSameRacks()
    {
        QFETCH(bool, generated);
        Design d;
        if (generated) {
            GeneratorOptions o;
            o.serverSku = QStringLiteral("dgx-h100");
            o.switchSku = QStringLiteral("qm9700");
            o.gpus = 128;
            GenerateResult r = FabricGenerator::generate(o, testing::testCatalog());
            QVERIFY2(r.ok(), qPrintable(r.error));
            d = std::move(*r.design);
        } else {
            d = DesignJson::readFile(testing::samplePath(), &testing::testCatalog());
        }
        auto w = testing::makeWindow();
        w->document()->reset(d);
        w->analysis()->recompute();
        w->action(QStringLiteral("actionShowRacks"))->trigger();
        RackElevationView* view = w->rackView();
        const RackElevationModel& studio = view->model();
        QVERIFY(!studio.racks.empty());

        const ReportData report = ReportData::build(d, CostAssumptions::ofProperties(d.properties()), ReportOptions{});
        QCOMPARE(report.rackCount, int(studio.racks.size()));
        int slotsCompared = 0;
        for (size_t i = 0; i < studio.racks.size(); ++i) {
            const RackElevationModel::Rack& rack = studio.racks[i];
            // The report prints each layout once, under the names of every rack that has it.
            const RackElevation* printed = nullptr;
            for (const RackElevation& e : report.racks)
                if (e.rackNames.contains(rack.name))
                    printed = &e;
            QVERIFY2(printed, qPrintable(rack.name));
            QCOMPARE(printed->heightU, rack.heightU);
            QCOMPARE(printed->powerBudgetKw, rack.budgetKw);
            QCOMPARE(printed->liquidCooled, rack.liquidCooled);
            if (printed->name == rack.name)
                QVERIFY2(qAbs(printed->powerKw - rack.powerKw) < 1e-9, qPrintable(rack.name));
            // Same nodes at the same U with the same height (by model: the report names a layout
            // after its first rack).
            std::multimap<int, std::pair<int, QString>> inStudio;
            std::multimap<int, std::pair<int, QString>> inReport;
            for (const RackElevationModel::Slot& slot : rack.slots)
                inStudio.insert({slot.firstU, {slot.heightU, printed->name == rack.name ? slot.name : slot.model}});
            for (const RackElevation::Slot& slot : printed->slots)
                inReport.insert({slot.u, {slot.heightU, printed->name == rack.name ? slot.name : slot.model}});
            QVERIFY2(inStudio == inReport, qPrintable(rack.name));
            // The dock draws each over its units: U1 at the bottom of the frame.
            const QRect frame = view->rackRect(int(i));
            const int uh = view->unitHeight();
            QCOMPARE(frame.height(), rack.heightU * uh + 1);
            for (const RackElevationModel::Slot& slot : rack.slots) {
                const QRect box = view->slotRect(int(i), slot);
                QCOMPARE(box.height(), slot.heightU * uh);
                QCOMPARE(box.bottom(), frame.bottom() - (slot.firstU - 1) * uh - 1);
                ++slotsCompared;
            }
        }
        QVERIFY(slotsCompared >= 8);
    }

    void largeDesignsPaintOnlyVisibleRacks()
    {
        Design d;
        for (int i = 0; i < 400; ++i) {
            Group g;
            g.id = d.allocateGroupId();
            g.kind = GroupKind::Rack;
            g.name = QStringLiteral("R%1").arg(i + 1);
            g.powerBudgetKw = 40;
            d.insertGroup(g);
        }
        auto w = testing::makeWindow();
        w->document()->reset(std::move(d));
        w->action(QStringLiteral("actionShowRacks"))->trigger();
        RackElevationView* view = w->rackView();
        QVERIFY2(testing::waitUntil(
                     [&] { return view->model().racks.size() == 400; }, w->analysis(), &DesignAnalysis::updated),
            "the racks of the analysis");
        view->canvas()->repaint(view->viewport()->rect().translated(-view->canvas()->pos()));
        QVERIFY(view->lastPainted().second >= 1);
        QVERIFY(view->lastPainted().second < 20);
        view->horizontalScrollBar()->setValue(view->horizontalScrollBar()->maximum());
        view->canvas()->repaint(view->viewport()->rect().translated(-view->canvas()->pos()));
        QCOMPARE(view->lastPainted().first + view->lastPainted().second, 400);
    }
};

QTEST_MAIN(TestRackElevation)
#include "tst_rackelevation.moc"
