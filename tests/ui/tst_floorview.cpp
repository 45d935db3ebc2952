// The Floor dock (issue 17): the hall's rows and racks, racks moved and rows edited as undoable
// commands, and the moved rack's cables re-routed.
#include "helpers/windowfixture.h"

#include "designanalysis.h"
#include "designdocument.h"
#include "floorview.h"
#include "mainwindow.h"

#include "facility/powerchain.h"

#include "floor/cablerouting.h"
#include "generate/fabricgenerator.h"

#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QJsonObject>
#include <QSpinBox>
#include <QUndoStack>

#include <set>

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

    // The hall's figures are edited in the dock, one undo step each, and every cable between racks
    // is re-routed on them. Hand-worked: a run between racks is rise + tray run + drop + 2 x slack,
    // rounded up to the half metre, so 0.5 m more slack per end makes each exactly 1.0 m longer
    // (its rounding unchanged); a cable inside one rack has no slack and keeps its length.
    void hallFiguresAreEditedInTheDockAndUndone()
    {
        auto w = testing::makeWindow();
        DesignDocument* doc = w->document();
        doc->reset(generated());
        auto* dock = w->findChild<QDockWidget*>(QStringLiteral("FloorDock"));
        dock->show();
        FloorView* view = w->findChild<FloorView*>();
        auto* slack = w->findChild<QDoubleSpinBox*>(QStringLiteral("slackPerEnd"));
        auto* cold = w->findChild<QDoubleSpinBox*>(QStringLiteral("coldAisle"));
        auto* rowLength = w->findChild<QSpinBox*>(QStringLiteral("rowLength"));
        QVERIFY(slack && cold && rowLength);
        QVERIFY(slack->isEnabled());
        const FloorLayout before = *view->floor();
        QCOMPARE(slack->value(), before.hall.slackPerEndM);
        std::map<quint32, double> lengths;
        std::map<quint32, bool> betweenRacks;
        doc->design().links().forEach([&](const Link& l) {
            lengths[l.id.value()] = l.lengthM;
            const GroupId a = doc->design().node(l.a.node)->rack;
            const GroupId b = doc->design().node(l.b.node)->rack;
            betweenRacks[l.id.value()] = a.isValid() && b.isValid() && a != b;
        });

        slack->setFocus();
        slack->selectAll();
        QTest::keyClicks(slack, QString::number(before.hall.slackPerEndM + 0.5, 'f', 2));
        QTest::keyClick(slack, Qt::Key_Return);
        QCOMPARE(doc->undoStack()->count(), 1);
        QCOMPARE(view->floor()->hall.slackPerEndM, before.hall.slackPerEndM + 0.5);
        int longer = 0;
        doc->design().links().forEach([&](const Link& l) {
            const double expected = lengths[l.id.value()] + (betweenRacks[l.id.value()] ? 1.0 : 0.0);
            QCOMPARE(l.lengthM, expected);
            longer += betweenRacks[l.id.value()];
        });
        QVERIFY(longer > 0);

        // A wider cold aisle moves the rows behind it: 0.6 m more between the first two lines of rows.
        cold->setFocus();
        cold->selectAll();
        QTest::keyClicks(cold, QString::number(before.hall.coldAisleM + 0.6, 'f', 2));
        QTest::keyClick(cold, Qt::Key_Return);
        QCOMPARE(doc->undoStack()->count(), 2);
        std::set<double> ys;
        for (const FloorRow& r : before.rows)
            ys.insert(r.yM);
        if (ys.size() > 1) {
            const double second = *std::next(ys.begin());
            std::set<double> after;
            for (const FloorRow& r : view->floor()->rows)
                after.insert(r.yM);
            QVERIFY(qAbs(*std::next(after.begin()) - (second + 0.6)) < 1e-9);
        }

        // The selected rack's row: one position longer, then undone with the rest.
        const GroupId rack(before.racks.begin()->first);
        view->selectRack(rack);
        QVERIFY(rowLength->isEnabled());
        const int row = before.place(rack)->row;
        QCOMPARE(rowLength->value(), before.rows[static_cast<size_t>(row)].slots);
        rowLength->setFocus();
        rowLength->selectAll();
        QTest::keyClicks(rowLength, QString::number(before.rows[static_cast<size_t>(row)].slots + 1));
        QTest::keyClick(rowLength, Qt::Key_Return);
        QCOMPARE(doc->undoStack()->count(), 3);
        QCOMPARE(view->floor()->rows[static_cast<size_t>(row)].slots, before.rows[static_cast<size_t>(row)].slots + 1);

        doc->undoStack()->undo();
        doc->undoStack()->undo();
        doc->undoStack()->undo();
        QCOMPARE(*view->floor(), before);
        QCOMPARE(slack->value(), before.hall.slackPerEndM);
        doc->design().links().forEach([&](const Link& l) { QCOMPARE(l.lengthM, lengths[l.id.value()]); });
    }
    // Issue 17: the rows of a generated NVL72 design labelled, and each coolant loop drawn as one
    // band around its racks and the CDUs that feed it, as the power chain assigns them (2 SUs: two
    // rows, two loops of 8 racks and 2 CDUs, see tst_cduplacement). Set PW_FLOOR_SHOT to a folder
    // to keep the picture; PW_FLOOR_SHOT_GPUS draws a design of that many GPUs as well.
    void coolantLoopsAndRowLabelsAreDrawn()
    {
        auto w = testing::makeWindow();
        DesignDocument* doc = w->document();
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-gb200-nvl72");
        o.nodes = 16;
        o.switchSku = QStringLiteral("qm9700");
        GenerateResult r = FabricGenerator::generate(o, testing::testCatalog());
        QVERIFY2(r.ok(), qPrintable(r.error));
        doc->reset(std::move(*r.design));
        w->analysis()->recompute();
        auto* dock = w->findChild<QDockWidget*>(QStringLiteral("FloorDock"));
        dock->show();
        FloorView* view = w->findChild<FloorView*>();
        view->resize(900, 520);
        QVERIFY(w->analysis()->figures().power);
        const PowerChain& chain = *w->analysis()->figures().power;
        QCOMPARE(chain.loops.size(), size_t(2));
        QCOMPARE(view->loops().size(), chain.loops.size());
        for (size_t i = 0; i < chain.loops.size(); ++i) {
            const FloorLoop& drawn = view->loops()[i];
            QCOMPARE(drawn.racks, chain.loops[i].racks);
            QCOMPARE(drawn.cduRacks.size(), size_t(2));
            for (size_t k = 0; k < drawn.cduRacks.size(); ++k)
                QCOMPARE(drawn.cduRacks[k], doc->design().node(chain.loops[i].cduNodes[k])->rack);
            // The band covers every rack of the loop and its CDUs.
            for (GroupId rack : drawn.racks)
                QVERIFY(view->loopRect(drawn).contains(view->rackRect(rack)));
            for (GroupId rack : drawn.cduRacks)
                QVERIFY(view->loopRect(drawn).contains(view->rackRect(rack)));
        }
        const QImage shot = view->grab().toImage();
        QCOMPARE(view->lastPaintedLoops(), 2);
        QVERIFY(view->lastPaintedRowLabels() >= 2); // at least the two server rows
        // A CDU is filled in its loop's colour (a blue or violet, never the GPU racks' green).
        const QColor cdu = shot.pixelColor(view->rackRect(view->loops()[0].cduRacks[0]).center().toPoint());
        QVERIFY2(cdu.blue() > cdu.green() && cdu.blue() > 120, qPrintable(cdu.name()));
        const QString folder = qEnvironmentVariable("PW_FLOOR_SHOT");
        if (!folder.isEmpty()) {
            QVERIFY(shot.save(folder + QStringLiteral("/floor-nvl72-2su.png")));
            const int gpus = qEnvironmentVariableIntValue("PW_FLOOR_SHOT_GPUS");
            if (gpus > 0) {
                o.nodes = 0;
                o.gpus = gpus;
                GenerateResult big = FabricGenerator::generate(o, testing::testCatalog());
                QVERIFY2(big.ok(), qPrintable(big.error));
                doc->reset(std::move(*big.design));
                w->analysis()->recompute();
                view->resize(1400, 900);
                QVERIFY(view->grab().toImage().save(folder + QStringLiteral("/floor-nvl72-%1.png").arg(gpus)));
                qInfo("%d loops drawn, %d row labels", view->lastPaintedLoops(), view->lastPaintedRowLabels());
            }
        }
    }

    // Neighbouring coolant loops never share a colour: with one rack per loop (racks_per_loop 1),
    // four NVL72 rows of 8 racks (two rows on each side of the central aisle) stand 32 loops side
    // by side and row behind row, more than the palette's colours, so a colour by loop index alone
    // (index mod palette) gives touching loops the same one. Neighbours are worked out here from the floor plan itself: loops
    // in one row whose positions touch, or loops in rows one row pitch apart whose spans overlap or
    // touch along the row.
    void neighbouringLoopsNeverShareAColour()
    {
        auto w = testing::makeWindow();
        DesignDocument* doc = w->document();
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-gb200-nvl72");
        o.nodes = 32;
        o.switchSku = QStringLiteral("qm9700");
        o.properties.insert(QStringLiteral("power_chain"), QJsonObject{{QStringLiteral("racks_per_loop"), 1}});
        GenerateResult r = FabricGenerator::generate(o, testing::testCatalog());
        QVERIFY2(r.ok(), qPrintable(r.error));
        doc->reset(std::move(*r.design));
        w->analysis()->recompute();
        w->findChild<QDockWidget*>(QStringLiteral("FloorDock"))->show();
        FloorView* view = w->findChild<FloorView*>();
        view->resize(900, 520);
        const std::vector<FloorLoop>& loops = view->loops();
        QCOMPARE(loops.size(), size_t(32)); // 32 racks, one loop each
        const FloorLayout& floor = *view->floor();
        struct Span {
            int row = -1;
            int first = 1 << 30;
            int last = -1;
        };
        std::vector<Span> spans;
        for (const FloorLoop& l : loops) {
            Span s;
            s.row = l.row;
            std::vector<GroupId> all = l.racks;
            all.insert(all.end(), l.cduRacks.begin(), l.cduRacks.end());
            for (GroupId rack : all) {
                const RackPlace* p = floor.place(rack);
                QVERIFY(p && p->row == l.row);
                s.first = std::min(s.first, p->slot);
                s.last = std::max(s.last, p->slot);
            }
            spans.push_back(s);
        }
        const double pitch = floor.hall.rowPitchM();
        const double width = floor.hall.rackWidthM;
        int neighbours = 0;
        for (size_t i = 0; i < loops.size(); ++i)
            for (size_t j = i + 1; j < loops.size(); ++j) {
                const FloorRow& a = floor.rows[static_cast<size_t>(spans[i].row)];
                const FloorRow& b = floor.rows[static_cast<size_t>(spans[j].row)];
                const double aFrom = a.xM + spans[i].first * width;
                const double aTo = a.xM + (spans[i].last + 1) * width;
                const double bFrom = b.xM + spans[j].first * width;
                const double bTo = b.xM + (spans[j].last + 1) * width;
                const bool touchAlong = aFrom <= bTo + 1e-6 && bFrom <= aTo + 1e-6;
                const bool sameRow = spans[i].row == spans[j].row;
                const bool nextRow = !sameRow && std::abs(a.yM - b.yM) <= pitch + 1e-6;
                if (!touchAlong || (!sameRow && !nextRow))
                    continue;
                ++neighbours;
                QVERIFY2(loops[i].colour != loops[j].colour,
                    qPrintable(QStringLiteral("%1 and %2 are neighbours in %3")
                                   .arg(loops[i].name, loops[j].name, loops[i].colour.name())));
            }
        // Each row: 8 loops in a line (7 touching pairs); rows 1 and 2, and rows 3 and 4, stand one
        // pitch apart, each loop meeting the other row's loop in front of it and those beside that.
        QVERIFY2(neighbours >= 4 * 7 + 2 * 8, qPrintable(QString::number(neighbours)));
        // What is drawn is that colour: the first CDU of each loop filled in its loop's colour.
        const QImage shot = view->grab().toImage();
        for (const FloorLoop& l : loops)
            QCOMPARE(shot.pixelColor(view->rackRect(l.cduRacks.front()).center().toPoint()).rgb(),
                l.colour.darker(115).rgb());
    }
};

QTEST_MAIN(TestFloorView)
#include "tst_floorview.moc"
