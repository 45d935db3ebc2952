// The Floor dock (issue 17): the hall's rows and racks, racks moved and rows edited as undoable
// commands, and the moved rack's cables re-routed.
#include "helpers/windowfixture.h"

#include "designdocument.h"
#include "floorview.h"

#include "floor/cablerouting.h"
#include "generate/fabricgenerator.h"

#include <QDockWidget>
#include <QUndoStack>

using namespace pw;
using namespace pw::ui;

class TestFloorView : public QObject {
    Q_OBJECT

    static Design generated()
    {
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-h100");
        o.gpus = 256;
        o.switchSku = QStringLiteral("qm9700");
        GenerateResult r = FabricGenerator::generate(o, testing::testCatalog());
        if (!r.ok())
            qFatal("generate failed: %s", qPrintable(r.error));
        return std::move(*r.design);
    }

    // The lengths of every link with an end in the rack.
    static std::map<quint32, double> lengthsOf(const Design& d, GroupId rack)
    {
        std::map<quint32, double> out;
        d.links().forEach([&](const Link& l) {
            if (d.node(l.a.node)->rack == rack || d.node(l.b.node)->rack == rack)
                out[l.id.value()] = l.lengthM;
        });
        return out;
    }

private Q_SLOTS:
    void movingARackChangesItsCablesAndUndoRestoresThem()
    {
        auto w = testing::makeWindow();
        DesignDocument* doc = w->document();
        doc->reset(generated());
        auto* dock = w->findChild<QDockWidget*>(QStringLiteral("FloorDock"));
        QVERIFY(dock);
        dock->show();
        dock->raise();
        FloorView* view = w->findChild<FloorView*>();
        view->resize(800, 500);
        QVERIFY(view->floor());
        // The last rack of the first server row: lengthen its row by one position (]), then move
        // the rack into it (Right): two undo steps.
        const FloorLayout before = *view->floor();
        int serverRow = -1;
        doc->design().nodes().forEach([&](const Node& n) {
            if (serverRow < 0 && doc->design().itemOf(n.id)->gpuCount() > 0)
                serverRow = before.place(n.rack)->row;
        });
        GroupId rack;
        int lastSlot = -1;
        for (const auto& [id, place] : before.racks)
            if (place.row == serverRow && place.slot > lastSlot) {
                lastSlot = place.slot;
                rack = GroupId(id);
            }
        QVERIFY(rack.isValid());
        const std::map<quint32, double> lengths = lengthsOf(doc->design(), rack);
        QVERIFY(!lengths.empty());
        view->selectRack(rack);
        view->setFocus();
        QTest::keyClick(view, Qt::Key_BracketRight);
        const size_t row = static_cast<size_t>(serverRow);
        QCOMPARE(view->floor()->rows[row].slots, before.rows[row].slots + 1);
        QTest::keyClick(view, Qt::Key_Right);
        QCOMPARE(view->floor()->place(rack)->slot, lastSlot + 1);
        QCOMPARE(doc->undoStack()->count(), 2);
        // Every cable to the rack is re-routed: a cable to another rack grows or shrinks by the
        // rack's width along the row (0.6 m, so by at most a half-metre step either way after rounding).
        const std::map<quint32, double> moved = lengthsOf(doc->design(), rack);
        int changed = 0;
        for (const auto& [id, m] : moved) {
            QCOMPARE(std::optional<double>(m),
                CableRouting::lengthM(*view->floor(), doc->design(), doc->design().link(LinkId(id))->a.node,
                    doc->design().link(LinkId(id))->b.node));
            changed += m != lengths.at(id);
        }
        QVERIFY(changed > 0);
        // A move onto a taken position is refused, and adds no undo step.
        QTest::keyClick(view, Qt::Key_Left);
        QTest::keyClick(view, Qt::Key_Left);
        QCOMPARE(doc->undoStack()->count(), 3); // back to its old place, then refused onto its neighbour
        doc->undoStack()->undo();
        doc->undoStack()->undo();
        QCOMPARE(lengthsOf(doc->design(), rack), lengths);
        doc->undoStack()->undo();
        QCOMPARE(*view->floor(), before);
    }

    void dragDropsARackIntoAFreePosition()
    {
        auto w = testing::makeWindow();
        DesignDocument* doc = w->document();
        doc->reset(generated());
        FloorView* view = w->findChild<FloorView*>();
        view->resize(900, 600);
        view->show();
        const FloorLayout before = *view->floor();
        // A rack and a free position of another row.
        const GroupId rack(before.racks.begin()->first);
        std::optional<RackPlace> free;
        for (int r = 0; r < static_cast<int>(before.rows.size()) && !free; ++r)
            for (int s = 0; s < before.rows[static_cast<size_t>(r)].slots && !free; ++s)
                if (!before.rackAt(r, s).isValid())
                    free = RackPlace{r, s};
        if (!free) {
            view->selectRack(rack);
            QVERIFY(view->resizeSelectedRow(1));
            free = RackPlace{before.place(rack)->row, before.rows[static_cast<size_t>(before.place(rack)->row)].slots};
        }
        const QPointF from = view->rackRect(rack).center();
        const QPointF to = view->positionRect(free->row, free->slot).center();
        QTest::mousePress(view, Qt::LeftButton, {}, from.toPoint());
        QTest::mouseRelease(view, Qt::LeftButton, {}, to.toPoint());
        QCOMPARE(*view->floor()->place(rack), *free);
        doc->undoStack()->undo();
        QCOMPARE(*view->floor()->place(rack), *before.place(rack));
    }
};

QTEST_MAIN(TestFloorView)
#include "tst_floorview.moc"
