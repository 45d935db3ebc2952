#include "helpers/testcatalog.h"

#include "commands/editfloorcommand.h"
#include "commands/editnodecommand.h"
#include "cost/billofmaterials.h"
#include "floor/cablechoice.h"
#include "floor/cableplan.h"
#include "floor/cablerouting.h"
#include "floor/floorlayout.h"
#include "generate/fabricgenerator.h"
#include "io/designfile.h"
#include "io/designjson.h"
#include "model/opticsrules.h"
#include "presentation/floorsummary.h"
#include "util/errors.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>

using namespace pw;

// The floor plan (issue 17, sections 1 and 2): racks in rows of a data hall, cable lengths routed
// from their positions, media by reach, the run-list, and the floor in the design file.
class TestFloorPlan : public QObject {
    Q_OBJECT

private:
    // Two racks: a DGX H100 at U1 of rack A (row R1, position 1) and a QM9700 at U40 of rack B
    // (row R2, position 4), one compute link between them.
    struct TwoRacks {
        Design design;
        FloorLayout floor;
        GroupId rackA, rackB, unit;
        NodeId dgx, leaf;
        LinkId link;
    };
    static TwoRacks twoRacks()
    {
        TwoRacks t;
        Design& d = t.design;
        const Catalog& cat = test::shippedCatalog();
        for (const char* sku : {"dgx-h100", "qm9700", "rack-48u"})
            d.recordItem(*cat.item(QLatin1String(sku)));
        for (GroupId* id : {&t.rackA, &t.rackB}) {
            Group g;
            g.id = d.allocateGroupId();
            g.kind = GroupKind::Rack;
            g.name = id == &t.rackA ? QStringLiteral("A") : QStringLiteral("B");
            g.sku = QStringLiteral("rack-48u");
            *id = g.id;
            d.insertGroup(g);
        }
        Group su;
        su.id = d.allocateGroupId();
        su.kind = GroupKind::ScalableUnit;
        su.name = QStringLiteral("SU");
        t.unit = su.id;
        d.insertGroup(su);
        auto node = [&](const char* sku, const char* name, GroupId rack, int u, Network net) {
            Node n;
            n.id = d.allocateNodeId();
            n.sku = QLatin1String(sku);
            n.name = QLatin1String(name);
            n.network = net;
            n.tier = net == Network::Compute ? FabricTier::Leaf : FabricTier::None;
            n.rack = rack;
            n.rackUnit = u;
            d.insertNode(n);
            return n.id;
        };
        t.dgx = node("dgx-h100", "dgx", t.rackA, 1, Network::None);
        t.leaf = node("qm9700", "leaf", t.rackB, 40, Network::Compute);
        Link l;
        l.id = d.allocateLinkId();
        l.a = PortRef{t.dgx, 0};
        l.b = d.findFreeCompatiblePort(t.leaf, l.a);
        l.lengthM = 1;
        t.link = l.id;
        d.insertLink(l);
        t.floor.rows
            = {FloorRow{QStringLiteral("R1"), 0, 0, 8, false}, FloorRow{QStringLiteral("R2"), 0, 2.4, 8, true}};
        t.floor.racks = {{t.rackA.value(), RackPlace{0, 0}}, {t.rackB.value(), RackPlace{1, 3}}};
        return t;
    }

    static GenerateResult generated(int gpus)
    {
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-h100");
        o.gpus = gpus;
        o.switchSku = QStringLiteral("qm9700");
        return FabricGenerator::generate(o, test::shippedCatalog());
    }

private Q_SLOTS:
    void lengthBetweenTwoRacksIsWorkedByHand()
    {
        const TwoRacks t = twoRacks();
        QVERIFY(t.design.link(t.link)->b.isValid());
        // Hall defaults: racks 0.6 m wide, 48U; tray 0.3 m above the racks; 0.5 m slack per end.
        // Rack A centre: (0 + 0.5 x 0.6, 0) = (0.3, 0); rack B centre: (0 + 3.5 x 0.6, 2.4) = (2.1, 2.4).
        // Tray run: |0.3 - 2.1| + |0 - 2.4| = 1.8 + 2.4 = 4.2 m.
        // Rise at A (U1): (48 - 0) x 0.04445 + 0.3 = 2.1336 + 0.3 = 2.4336 m.
        // Drop at B (U40): (48 - 39) x 0.04445 + 0.3 = 0.40005 + 0.3 = 0.70005 m.
        // Slack: 2 x 0.5 = 1.0 m. Total 2.4336 + 4.2 + 0.70005 + 1.0 = 8.33365 m, ordered as 8.5 m.
        const auto r = CableRouting::route(t.floor, t.design, t.dgx, t.leaf);
        QVERIFY(r && !r->sameRack);
        QCOMPARE(r->run, 4.2);
        QVERIFY(qAbs(r->riseA - 2.4336) < 1e-9);
        QVERIFY(qAbs(r->riseB - 0.70005) < 1e-9);
        QVERIFY(qAbs(r->exactM() - 8.33365) < 1e-9);
        QCOMPARE(r->lengthM(), 8.5);
        // In one rack: 1.0 m dressing + |1 - 40| x 0.04445 = 1.0 + 1.73355 = 2.73355, ordered as 3.0 m.
        TwoRacks same = twoRacks();
        Node leaf = *same.design.node(same.leaf);
        leaf.rack = same.rackA;
        same.design.replaceNode(leaf);
        QCOMPARE(CableRouting::lengthM(same.floor, same.design, same.dgx, same.leaf), std::optional<double>(3.0));
    }

    void movingARackReroutesItsCablesAndUndoRestoresThem()
    {
        TwoRacks t = twoRacks();
        t.design.setProperties(t.floor.storedIn({}));
        // Rack B from position 4 to position 8 of R2: the run grows by 4 x 0.6 = 2.4 m, to 10.73365 m -> 11 m.
        QString why;
        const auto moved = EditFloorCommand::withRackMoved(t.floor, t.rackB, 1, 7, &why);
        QVERIFY2(moved, qPrintable(why));
        EditFloorCommand move(QStringLiteral("Move rack"), *moved);
        const CommandResult done = move.apply(t.design);
        QVERIFY2(done.ok, qPrintable(done.reason));
        QCOMPARE(t.design.link(t.link)->lengthM, 11.0);
        QCOMPARE(FloorLayout::of(t.design)->place(t.rackB)->slot, 7);
        QVERIFY(move.undo(t.design));
        QCOMPARE(t.design.link(t.link)->lengthM, 1.0); // as it was before the command
        QCOMPARE(FloorLayout::of(t.design)->place(t.rackB)->slot, 3);
        QVERIFY(move.redo(t.design));
        QCOMPARE(t.design.link(t.link)->lengthM, 11.0);
        // A taken or missing position is refused with a reason, before anything changes.
        QVERIFY(!EditFloorCommand::withRackMoved(*moved, t.rackB, 0, 0, &why));
        QVERIFY2(why.contains(QLatin1String("taken")), qPrintable(why));
        QVERIFY(!EditFloorCommand::withRackMoved(*moved, t.rackB, 1, 8, &why));
        QVERIFY2(why.contains(QLatin1String("8 positions")), qPrintable(why));
    }

    void mediaSwitchAtTheCatalogReaches()
    {
        const Catalog& cat = test::shippedCatalog();
        const OpticsRules::Items parts = OpticsRules::partsOf(cat);
        const PortGroup& sw = cat.item(QStringLiteral("qm9700"))->portGroups.front();
        auto maxLength = [&](const char* sku) { return cat.item(QLatin1String(sku))->cable->maxLengthM; };
        auto reach = [&](const char* sku) { return cat.item(QLatin1String(sku))->transceiver->maxReachM; };
        // Copper (same rack): passive to the DAC's length (3 m), active to the ACC's (5 m), none beyond.
        QCOMPARE(OpticsRules::copperFor(parts, sw, sw, 400, maxLength("dac-800g-osfp"))->cable->medium,
            QStringLiteral("dac"));
        QCOMPARE(OpticsRules::copperFor(parts, sw, sw, 400, maxLength("dac-800g-osfp") + 0.5)->cable->medium,
            QStringLiteral("acc"));
        QCOMPARE(OpticsRules::copperFor(parts, sw, sw, 400, maxLength("acc-800g-osfp") + 0.5), nullptr);
        // Optics: multimode to the multimode fibre's and modules' 50 m, single-mode DR to 100 m, then 2 km FR.
        const double mm = std::min(maxLength("fiber-mpo-mm"), reach("mma4z00-ns"));
        auto optical = [&](double m) { return OpticsRules::opticalFor(parts, sw, sw, 400, m); };
        QCOMPARE(optical(mm).fiber->cable->fiber, QStringLiteral("multimode"));
        QCOMPARE(optical(mm + 0.5).fiber->cable->fiber, QStringLiteral("singlemode"));
        QCOMPARE(optical(mm + 0.5).moduleA->transceiver->maxReachM, reach("mms4x00-ns"));
        QCOMPARE(optical(reach("mms4x00-ns") + 0.5).moduleA->transceiver->maxReachM, 2000.0);
        // The 2 km module takes duplex LC fibre, the DR module MPO: the fibre matches the module.
        QCOMPARE(optical(reach("mms4x00-ns") + 0.5).fiber->cable->connector, QStringLiteral("LC"));
        QCOMPARE(optical(reach("mms4x00-ns")).fiber->cable->connector, QStringLiteral("MPO"));
        QVERIFY(!optical(2000.5).ok());
        // 100G Ethernet: SR4 over multimode, then 500 m DR, then 2 km FR.
        const PortGroup& eth = cat.item(QStringLiteral("sn4600c"))->portGroups.front();
        QCOMPARE(
            OpticsRules::opticalFor(parts, eth, eth, 100, 40).moduleA->transceiver->fiber, QStringLiteral("multimode"));
        QCOMPARE(OpticsRules::opticalFor(parts, eth, eth, 100, 300).moduleA->transceiver->maxReachM, 500.0);
        QCOMPARE(OpticsRules::opticalFor(parts, eth, eth, 100, 501).moduleA->transceiver->maxReachM, 2000.0);
    }

    void generatedDesignIsCabledOnItsFloor()
    {
        const GenerateResult g = generated(1024);
        QVERIFY2(g.ok(), qPrintable(g.error));
        const Design& d = *g.design;
        const std::optional<FloorLayout> floor = FloorLayout::of(d);
        QVERIFY(floor);
        int racks = 0;
        d.groups().forEach([&](const Group& grp) {
            if (grp.kind == GroupKind::Rack) {
                ++racks;
                QVERIFY2(floor->place(grp.id), qPrintable(grp.name));
            }
        });
        QCOMPARE(static_cast<int>(floor->racks.size()), racks);
        QCOMPARE(floor->whyInvalid(d), std::nullopt);
        // Every link cabled with a catalog part, at the length routed on the floor.
        QCOMPARE(BillOfMaterials::of(d).uncabledLinks(), 0);
        QVERIFY(CableRouting::relengthed(d, *floor).empty());
        const CablePlan plan = CablePlan::of(d);
        QCOMPARE(plan.uncabled(), 0);
        QCOMPARE(plan.overBudget(), 0);
        QCOMPARE(plan.runs().size(), d.links().size());
        // An optical run states its loss: metres x dB/km + 2 pairs x 0.5 dB, against its modules' budget.
        bool sawOptical = false;
        for (const CablePlan::Run& r : plan.runs())
            if (r.lossDb && r.budgetDb) {
                sawOptical = true;
                QVERIFY(*r.marginDb() > 0);
                QVERIFY(!r.a.row.isEmpty() && r.a.slot > 0 && !r.z.row.isEmpty());
                break;
            }
        QVERIFY(sawOptical);
        QVERIFY(qAbs(CablePlan::opticalLossDb(50, 3.0) - (0.05 * 3.0 + 1.0)) < 1e-12);
    }

    // Issue 29: the report's floor summary reads the plan's runs as they are made (not kept), and
    // the optics rules ask for end modules once per kind of link. Both must say what the full
    // computation says: the summary prints the run-list's label of the run with the least margin.
    void summaryAndRulesAgreeWithTheFullPlan()
    {
        const GenerateResult g = generated(256);
        QVERIFY2(g.ok(), qPrintable(g.error));
        const Design& d = *g.design;
        const CablePlan plan = CablePlan::of(d);
        size_t seen = 0;
        const CablePlan visited = CablePlan::of(d, CablePlan::Detail::Figures, [&](const CablePlan::Run& r) {
            QVERIFY(seen < plan.runs().size());
            const CablePlan::Run& kept = plan.runs()[seen++];
            QCOMPARE(r.link, kept.link);
            QCOMPARE(r.lengthM, kept.lengthM);
            QCOMPARE(r.marginDb(), kept.marginDb());
        });
        QCOMPARE(seen, plan.runs().size());
        QVERIFY(visited.runs().empty());
        QCOMPARE(visited.overBudget(), plan.overBudget());
        QCOMPARE(visited.uncabled(), plan.uncabled());

        const CablePlan::Run* smallest = nullptr;
        int optical = 0;
        for (const CablePlan::Run& r : plan.runs())
            if (r.marginDb()) {
                ++optical;
                if (!smallest || *r.marginDb() < *smallest->marginDb())
                    smallest = &r;
            }
        QVERIFY(smallest);
        const std::optional<FloorSummary> summary = FloorSummary::of(d);
        QVERIFY(summary);
        QCOMPARE(summary->opticalRuns, optical);
        QVERIFY(smallest->label.startsWith(QLatin1String("C-")));
        QCOMPARE(summary->smallestMarginRun, smallest->label);

        const OpticsRules::Items parts = OpticsRules::partsOf(d);
        OpticsRules::EndsByKind byKind(d, parts);
        int opticalLinks = 0;
        d.links().forEach([&](const Link& l) {
            if (l.transceiverSku.isEmpty())
                return;
            ++opticalLinks;
            const OpticsRules::Ends once = byKind.of(l);
            const OpticsRules::Ends each = OpticsRules::endModules(d, parts, l);
            QVERIFY(once.a == each.a && once.b == each.b);
            QVERIFY(once.builtInA == each.builtInA && once.builtInB == each.builtInB);
        });
        QVERIFY(opticalLinks > 0);
    }

    void floorPlanSurvivesTheFile()
    {
        const GenerateResult g = generated(256);
        QVERIFY2(g.ok(), qPrintable(g.error));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("floor.podwright"));
        DesignFile::save(*g.design, path);
        const Design back = DesignFile::load(path);
        QVERIFY(FloorLayout::of(back));
        QCOMPARE(*FloorLayout::of(back), *FloorLayout::of(*g.design));
        QCOMPARE(DesignJson::fromBytes(DesignJson::toBytes(back)).properties(), back.properties());
    }

    // Issue 17: moving a rack re-derives its links' lengths and media (the re-route), in one undo
    // step; parts the design did not use yet join its snapshot and leave it on undo.
    // Hand-worked (hall defaults, see lengthBetweenTwoRacksIsWorkedByHand): DGX at U1 of rack A
    // (R1, position 1), leaf at U40 of rack B.
    // - B at R2 position 8: run |0.3 - 4.5| + 2.4 = 6.6 m; 2.4336 + 6.6 + 0.70005 + 1.0 = 10.73365 -> 11 m:
    //   beyond copper, multimode optics reach (50 m): fiber-mpo-mm with twin-port SR modules.
    // - B at R1 position 2, next to A: run 0.6 m; 2.4336 + 0.6 + 0.70005 + 1.0 = 4.73365 -> 5 m: the
    //   neighbouring rack within ACC reach (5 m; the 3 m DAC does not reach): acc-800g-osfp, no module.
    void movingARackRederivesItsLinksMedia()
    {
        TwoRacks t = twoRacks();
        t.design.setProperties(t.floor.storedIn({}));
        const Catalog& catalog = test::shippedCatalog();
        QVERIFY(!t.design.item(QStringLiteral("fiber-mpo-mm")));

        QString why;
        const auto far = EditFloorCommand::withRackMoved(t.floor, t.rackB, 1, 7, &why);
        QVERIFY2(far, qPrintable(why));
        EditFloorCommand apart(QStringLiteral("Move rack B"), *far, &catalog);
        QVERIFY(apart.apply(t.design).ok);
        const Link optical = *t.design.link(t.link);
        QCOMPARE(optical.lengthM, 11.0);
        QCOMPARE(optical.cableSku, QStringLiteral("fiber-mpo-mm"));
        // Optics by cage (issue 26): the DGX end's flat-top MMA4Z00-NS-FLT is the link's module, the
        // leaf's finned MMA4Z00-NS joins the snapshot for the switch end.
        QCOMPARE(optical.transceiverSku, QStringLiteral("mma4z00-ns-flt"));
        QVERIFY(t.design.item(QStringLiteral("fiber-mpo-mm")) && t.design.item(QStringLiteral("mma4z00-ns"))
            && t.design.item(QStringLiteral("mma4z00-ns-flt")));

        const auto near = EditFloorCommand::withRackMoved(*FloorLayout::of(t.design), t.rackB, 0, 1, &why);
        QVERIFY2(near, qPrintable(why));
        EditFloorCommand beside(QStringLiteral("Move rack B"), *near, &catalog);
        QVERIFY(beside.apply(t.design).ok);
        const Link copper = *t.design.link(t.link);
        QCOMPARE(copper.lengthM, 5.0);
        QCOMPARE(copper.cableSku, QStringLiteral("acc-800g-osfp"));
        QVERIFY(copper.transceiverSku.isEmpty());

        QVERIFY(beside.undo(t.design));
        QVERIFY(*t.design.link(t.link) == optical);
        QVERIFY(apart.undo(t.design));
        QCOMPARE(t.design.link(t.link)->lengthM, 1.0);
        QVERIFY(t.design.link(t.link)->cableSku.isEmpty());
        QVERIFY(!t.design.item(QStringLiteral("fiber-mpo-mm")) && !t.design.item(QStringLiteral("acc-800g-osfp")));
        QVERIFY(apart.redo(t.design));
        QVERIFY(*t.design.link(t.link) == optical);
    }

    // A node moved into another rack has its links re-routed in the same step (EditNodesCommand),
    // from the design's snapshot: the leaf into rack A, at U40 below the DGX's cable run:
    // 1.0 m dressing + |1 - 40| x 0.04445 = 2.73355 -> 3 m, the 3 m DAC reaches.
    void movingANodeToAnotherRackReroutesItsLinks()
    {
        TwoRacks t = twoRacks();
        t.design.setProperties(t.floor.storedIn({}));
        const Catalog& catalog = test::shippedCatalog();
        for (const char* sku : {"dac-800g-osfp", "acc-800g-osfp", "fiber-mpo-mm", "mma4z00-ns"})
            t.design.recordItem(*catalog.item(QLatin1String(sku)));
        Node leaf = *t.design.node(t.leaf);
        leaf.rack = t.rackA;
        EditNodesCommand move(QStringLiteral("Move leaf"), {leaf});
        QVERIFY(move.apply(t.design).ok);
        QCOMPARE(t.design.link(t.link)->lengthM, 3.0);
        QCOMPARE(t.design.link(t.link)->cableSku, QStringLiteral("dac-800g-osfp"));
        QVERIFY(move.undo(t.design));
        QCOMPARE(t.design.link(t.link)->lengthM, 1.0);
        QVERIFY(t.design.link(t.link)->cableSku.isEmpty());
        QCOMPARE(t.design.node(t.leaf)->rack, t.rackB);
    }

    // Issue 17: copper to the neighbouring rack, by the generation's rules. Two switches at U45 of
    // racks in one row: rise (48 - 44) x 0.04445 + 0.3 = 0.4778 m at each end, slack 1.0 m.
    // - next to each other: 0.4778 x 2 + 0.6 + 1.0 = 2.5556 -> 3.0 m. NDR (QM9700, 400G): the 3 m
    //   passive DAC reaches. XDR (Q3400, 800G): optics, since a twin-port XDR cage takes one medium
    //   for both its ports and the link's cage-mate may leave on fibre (OPTICS-TWIN-FIBER).
    // - two positions apart: 0.9556 + 1.2 + 1.0 = 3.1556 -> 3.5 m, not neighbours: optics, though
    //   the 5 m ACC would reach.
    // - in one rack, U1 and U45: 1.0 m dressing + 44 x 0.04445 = 2.9558 -> 3.0 m. NDR: the DAC; XDR:
    //   no DAC at XDR, the 1.6T LACC (5 m), the one copper the LinkX list allows.
    void neighbouringRacksGetCopperByTheGenerationsRules_data()
    {
        QTest::addColumn<QString>("sw");
        QTest::addColumn<int>("apart"); // positions between the racks; 0: one rack
        QTest::addColumn<double>("metres");
        QTest::addColumn<QString>("cable");
        QTest::newRow("NDR neighbours: DAC") << "qm9700" << 1 << 3.0 << "dac-800g-osfp";
        QTest::newRow("XDR neighbours: single-mode optics") << "q3400" << 1 << 3.0 << "fiber-mpo-sm-800g";
        QTest::newRow("NDR two apart: optics") << "qm9700" << 2 << 3.5 << "fiber-mpo-mm";
        QTest::newRow("XDR two apart: single-mode optics") << "q3400" << 2 << 3.5 << "fiber-mpo-sm-800g";
        QTest::newRow("NDR in one rack: DAC") << "qm9700" << 0 << 3.0 << "dac-800g-osfp";
        QTest::newRow("XDR in one rack: LACC, no DAC") << "q3400" << 0 << 3.0 << "lacc-1600g-osfp";
    }
    void neighbouringRacksGetCopperByTheGenerationsRules()
    {
        QFETCH(QString, sw);
        QFETCH(int, apart);
        QFETCH(double, metres);
        QFETCH(QString, cable);
        const Catalog& catalog = test::shippedCatalog();
        Design d;
        d.recordItem(*catalog.item(sw));
        std::vector<NodeId> nodes;
        std::vector<GroupId> racks;
        for (int i = 0; i < 2; ++i) {
            Group g;
            g.id = d.allocateGroupId();
            g.kind = GroupKind::Rack;
            g.name = QStringLiteral("R%1").arg(i + 1);
            d.insertGroup(g);
            racks.push_back(g.id);
            Node n;
            n.id = d.allocateNodeId();
            n.sku = sw;
            n.name = QStringLiteral("sw%1").arg(i + 1);
            n.network = Network::Compute;
            n.tier = i == 0 ? FabricTier::Leaf : FabricTier::Spine;
            n.rack = apart == 0 ? racks.front() : g.id;
            n.rackUnit = apart == 0 && i == 0 ? 1 : 45;
            d.insertNode(n);
            nodes.push_back(n.id);
        }
        Link l;
        l.id = d.allocateLinkId();
        l.a = PortRef{nodes[0], 0};
        l.b = PortRef{nodes[1], 0};
        d.insertLink(l);
        FloorLayout floor;
        floor.rows = {FloorRow{QStringLiteral("A"), 0, 0, 4, false}};
        floor.racks = {{racks[0].value(), RackPlace{0, 0}}, {racks[1].value(), RackPlace{0, std::max(1, apart)}}};
        const auto route = CableRouting::route(floor, d, nodes[0], nodes[1]);
        QVERIFY(route);
        QCOMPARE(route->neighbours, apart == 1);
        QCOMPARE(route->sameRack, apart == 0);
        QCOMPARE(route->lengthM(), metres);
        const auto rerouted = CableChoice::rerouted(d, floor, OpticsRules::partsOf(catalog), l);
        QVERIFY(rerouted);
        QCOMPARE(rerouted->lengthM, metres);
        QCOMPARE(rerouted->cableSku, cable);
        QCOMPARE(rerouted->transceiverSku.isEmpty(), !cable.startsWith(QLatin1String("fiber")));
        QCOMPARE(CableChoice::isXdr(d.linkSpeedGbps(l), d.itemOf(nodes[0]), d.itemOf(nodes[1])), sw == "q3400");
    }

    void aRemovedRacksPlaceIsDropped()
    {
        TwoRacks t = twoRacks();
        FloorLayout floor = t.floor;
        floor.racks.emplace(4000, RackPlace{0, 5}); // a rack ungrouped since the floor was made
        QString why;
        const auto back = FloorLayout::fromJson(floor.toJson(), t.design, &why);
        QVERIFY2(back, qPrintable(why));
        QCOMPARE(*back, t.floor);
    }

    void hostileFloorIsRefusedWithAMessage_data()
    {
        QTest::addColumn<QString>("what");
        QTest::addColumn<QString>("message");
        QTest::newRow("not an object") << "string"
                                       << "not an object";
        QTest::newRow("rack twice") << "twice"
                                    << "placed twice";
        QTest::newRow("not a rack") << "node"
                                    << "not a rack";
        QTest::newRow("slot outside its row") << "slot"
                                              << "which has";
        QTest::newRow("two racks in one place") << "same"
                                                << "same place";
        QTest::newRow("aisle of a kilometre") << "aisle"
                                              << "aisle";
        QTest::newRow("row far away") << "far"
                                      << "outside the hall";
        QTest::newRow("huge row") << "huge"
                                  << "rack positions";
    }
    void hostileFloorIsRefusedWithAMessage()
    {
        QFETCH(QString, what);
        QFETCH(QString, message);
        TwoRacks t = twoRacks();
        t.design.setProperties(t.floor.storedIn({}));
        QJsonObject root = DesignJson::toJson(t.design);
        QJsonObject floor = root.value(QLatin1String("floor")).toObject();
        QJsonArray racks = floor.value(QLatin1String("racks")).toArray();
        QJsonArray rows = floor.value(QLatin1String("rows")).toArray();
        QJsonObject row0 = rows.at(0).toObject();
        if (what == QLatin1String("string"))
            root.insert(QStringLiteral("floor"), QStringLiteral("x"));
        if (what == QLatin1String("twice"))
            racks.append(racks.at(0));
        if (what == QLatin1String("node"))
            racks.append(QJsonArray{static_cast<double>(t.unit.value()), 0, 5});
        if (what == QLatin1String("slot"))
            racks.replace(0, QJsonArray{static_cast<double>(t.rackA.value()), 0, 8});
        if (what == QLatin1String("same"))
            racks.replace(1, QJsonArray{static_cast<double>(t.rackB.value()), 0, 0});
        if (what == QLatin1String("aisle"))
            floor.insert(QStringLiteral("hall"), QJsonObject{{QStringLiteral("cold_aisle_m"), 1000}});
        if (what == QLatin1String("far"))
            row0.insert(QStringLiteral("x_m"), 1e300);
        if (what == QLatin1String("huge"))
            row0.insert(QStringLiteral("slots"), 1e9);
        rows.replace(0, row0);
        floor.insert(QStringLiteral("racks"), racks);
        floor.insert(QStringLiteral("rows"), rows);
        if (what != QLatin1String("string"))
            root.insert(QStringLiteral("floor"), floor);
        try {
            (void)DesignJson::fromJson(root);
            QFAIL("a damaged floor plan was accepted");
        } catch (const FormatError& e) {
            QVERIFY2(e.message().contains(QLatin1String("floor plan")), qPrintable(e.message()));
            QVERIFY2(e.message().contains(message), qPrintable(e.message()));
        }
    }
};

QTEST_GUILESS_MAIN(TestFloorPlan)
#include "tst_floorplan.moc"
