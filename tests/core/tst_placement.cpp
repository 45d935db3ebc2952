#include "helpers/testcatalog.h"

#include "commands/editfloorcommand.h"
#include "commands/editnodecommand.h"
#include "failures/failuredomains.h"
#include "failures/placementcheck.h"
#include "floor/floorlayout.h"
#include "generate/fabricgenerator.h"
#include "validate/designrules.h"

#include <QtTest>

#include <map>
#include <set>

using namespace pw;

// Issue 26 section 2: the generator places the compute switches for failure domains. In every
// design with more than one network rack, `failures` (FailureDomains, the one computation) shows:
// no rack lost cuts off a server outside that rack (cut off: no compute link left; degraded: some
// rails lost, not all), every rack lost keeps the compute bisection at half the intact one or more,
// no PDU lost takes a switch down, the spines stand in more than one rack and each scalable unit's
// leaves in two or more. The structural check (PlacementCheck, PLACEMENT-FAILURE-DOMAIN) finds
// nothing on them, and fires, naming the rack, when a spine is moved back in with the others.
class TestPlacement : public QObject {
    Q_OBJECT

private:
    static Design generate(const char* server, int nodes, const char* sw, bool management = false)
    {
        GeneratorOptions o;
        o.serverSku = QLatin1String(server);
        o.nodes = nodes;
        o.switchSku = QLatin1String(sw);
        o.management = management;
        GenerateResult r = FabricGenerator::generate(o, test::shippedCatalog());
        if (!r.ok())
            qFatal("generate failed: %s", qPrintable(r.error));
        for (const QString& n : r.notes)
            if (n.contains(QLatin1String("PLACEMENT-FAILURE-DOMAIN")))
                qWarning("%s", qPrintable(n));
        return std::move(*r.design);
    }
    static QString rackName(const Design& d, GroupId rack)
    {
        const Group* g = d.group(rack);
        return g ? g->name : QString();
    }
    // Racks holding compute switches of `tier`, by unit (invalid unit: the fabric's).
    static std::map<quint32, std::set<quint32>> racksOf(const Design& d, FabricTier tier)
    {
        std::map<quint32, std::set<quint32>> out;
        d.nodes().forEach([&](const Node& n) {
            if (n.network == Network::Compute && n.tier == tier && n.rack.isValid())
                out[n.unit.value()].insert(n.rack.value());
        });
        return out;
    }
    static const FailureScenario* rackScenario(const FailureDomains& f, const QString& rack)
    {
        for (const FailureScenario& s : f.scenarios)
            if (s.kind == FailureKind::Rack && s.entity == rack)
                return &s;
        return nullptr;
    }

    // The five properties of issue 26 section 2 on one generated design.
    static void checkPlacement(const Design& d, const FailureDomains& f)
    {
        QVERIFY(f.intactBisectionRatio > 0);
        int racks = 0;
        for (const FailureScenario& s : f.scenarios) {
            if (s.kind == FailureKind::Rack) {
                ++racks;
                const std::set<GroupId> failed(s.failedRacks.begin(), s.failedRacks.end());
                for (NodeId n : s.cutOffServers)
                    QVERIFY2(failed.count(d.node(n)->rack),
                        qPrintable(QStringLiteral("rack %1 cuts off %2 in rack %3")
                                       .arg(s.entity, d.node(n)->name, rackName(d, d.node(n)->rack))));
                if (s.bisectionRatio)
                    QVERIFY2(*s.bisectionRatio >= 0.5 * f.intactBisectionRatio - 1e-9,
                        qPrintable(QStringLiteral("rack %1 leaves bisection %2 of intact %3")
                                       .arg(s.entity)
                                       .arg(*s.bisectionRatio)
                                       .arg(f.intactBisectionRatio)));
            } else if (s.kind == FailureKind::Pdu) {
                for (NodeId n : s.failedNodes) {
                    const CatalogItem* item = d.item(d.node(n)->sku);
                    QVERIFY2(item->kind != ItemKind::Switch,
                        qPrintable(QStringLiteral("PDU %1 takes %2 down").arg(s.entity, d.node(n)->name)));
                }
            }
        }
        QVERIFY(racks > 0);
        const auto spines = racksOf(d, FabricTier::Spine);
        QVERIFY(!spines.empty());
        for (const auto& [unit, in] : spines)
            QVERIFY2(in.size() > 1, qPrintable(QStringLiteral("spines of group %1 in one rack").arg(unit)));
        for (const auto& [unit, in] : racksOf(d, FabricTier::Leaf))
            QVERIFY2(in.size() >= 2, qPrintable(QStringLiteral("leaves of unit %1 in one rack").arg(unit)));
        // Every link keeps a cable within its medium's reach (the cable planner chose by the longer
        // routes to the neighbour's rack): no LINK-UNCABLED, no PORT-CABLE.
        ValidationOptions vo;
        vo.fabricAnalysis = false;
        vo.tierChecks = false;
        for (const Finding& finding : validate(d, vo))
            QVERIFY2(finding.code != QLatin1String("LINK-UNCABLED") && finding.code != QLatin1String("PORT-CABLE")
                    && finding.code != QLatin1String("PLACEMENT-FAILURE-DOMAIN"),
                qPrintable(finding.message));
        // The structural check agrees: nothing concentrated.
        const auto left = PlacementCheck::of(d);
        QVERIFY2(left.empty(), qPrintable(left.empty() ? QString() : left.front().message()));
    }

private Q_SLOTS:
    // NVIDIA DGX SuperPOD RA for DGX H100 (RA-11333-001) Table 7, 4 SU: 127 DGX H100 (SU 4 gives a
    // slot to the UFM pair: 32 + 32 + 32 + 31), 8 rail leaves per SU, 16 spines, 38 racks, 108 PDUs.
    // Worked by hand (400 Gb/s links, 8 per server: 3,200 Gb/s injection):
    // - spines: 8 stay in S001-01, 8 go to the management rack M-01 (16/2: no rack more than half).
    //   One spine rack lost leaves (16 - 16/2) / 16 = 0.5 of the spine bandwidth: every leaf keeps 16
    //   of its 32 uplinks. The worst intact split is units 1+2 (64 servers, 204,800 Gb/s) | 3+4
    //   (63, 201,600 Gb/s); each side's 16 leaves carry 16 x 16 x 400 = 102,400 across, over the
    //   smaller side's 201,600: 64/126 = 0.508.
    // - leaves: the units pair up (1, 2) and (3, 4) and trade rails 2, 4, 6, 8. U003-01 lost takes
    //   SU 3's rails 1, 3, 5, 7 and SU 4's 2, 4, 6, 8: no server cut off, 32 + 31 = 63 degraded,
    //   63 x 4 x 400 = 100,800 Gb/s lost; side 3+4 keeps 100,800 of its 201,600: 0.5. U001-01: 64
    //   degraded, 102,400 Gb/s lost, 102,400 / 201,600 = 0.508 (the rack stands for U002-01 too).
    // - before (main at f8ebbb7): S001-01 held the 16 spines (its loss: 0), each U00u-01 its unit's
    //   8 leaves (its loss: the unit's 32 servers, 256 GPUs, cut off).
    void dgxH100FourUnits()
    {
        const Design d = generate("dgx-h100", 128, "qm9700", /*management=*/true);
        int racks = 0;
        int pdus = 0;
        d.groups().forEach([&](const Group& g) { racks += g.kind == GroupKind::Rack; });
        d.nodes().forEach([&](const Node& n) { pdus += d.item(n.sku)->kind == ItemKind::Pdu; });
        QCOMPARE(racks, 38); // RA-11333 Table 7: unchanged
        QCOMPARE(pdus, 108);
        const FailureDomains f = FailureDomains::of(d);
        checkPlacement(d, f);
        QCOMPARE(f.intactBisectionRatio, 1.0);
        for (const char* rack : {"S001-01", "M-01"}) {
            const FailureScenario* s = rackScenario(f, QLatin1String(rack));
            QVERIFY2(s, rack);
            QCOMPARE(s->gpusLost, 0);
            QVERIFY(s->degradedServers.empty());
            QCOMPARE(qRound(*s->bisectionRatio * 1000), qRound(64.0 / 126 * 1000));
        }
        int spinesInM = 0;
        d.nodes().forEach([&](const Node& n) {
            spinesInM += n.tier == FabricTier::Spine && n.network == Network::Compute
                && rackName(d, n.rack) == QLatin1String("M-01");
        });
        QCOMPARE(spinesInM, 8);
        const FailureScenario* unit3 = rackScenario(f, QStringLiteral("U003-01"));
        QVERIFY(unit3);
        QCOMPARE(unit3->gpusLost, 0);
        QVERIFY(unit3->cutOffServers.empty());
        QCOMPARE(unit3->degradedServers.size(), size_t(63));
        QCOMPARE(unit3->injectionLostGbps, 100800.0);
        QCOMPARE(*unit3->bisectionRatio, 0.5);
        QVERIFY2(
            unit3->effect.contains(QLatin1String("63 degraded (some rails lost, not all)")), qPrintable(unit3->effect));
        const FailureScenario* unit1 = rackScenario(f, QStringLiteral("U001-01"));
        QVERIFY(unit1);
        QCOMPARE(unit1->equivalent, 2);
        QCOMPARE(unit1->degradedServers.size(), size_t(64));
        QCOMPARE(unit1->injectionLostGbps, 102400.0);
        // Every PDU lost: the rack's other feeds carry it (2 or 3 x 60 kW against at most 41 kW).
        for (const FailureScenario& s : f.scenarios)
            if (s.kind == FailureKind::Pdu)
                QVERIFY(s.failedRacks.empty());
    }

    // The rule on a hand-edited design: one spine moved from M-01 back into S001-01 (as a drag in
    // the rack view or the inspector's rack field does, EditNodesCommand) puts 9 of the 16 spines in
    // one rack. PLACEMENT-FAILURE-DOMAIN names the rack and the blast radius, (16 - 9) / 16 = 44% of
    // the spine tier left; and `failures` agrees: each leaf keeps 14 of 32 uplinks, 16 x 14 x 400 =
    // 89,600 / 201,600 = 0.444, under half.
    void ruleFiresWhenASpineJoinsTheOthers()
    {
        Design d = generate("dgx-h100", 128, "qm9700", /*management=*/true);
        ValidationOptions vo;
        vo.fabricAnalysis = false;
        vo.tierChecks = false;
        auto placementFindings = [&] {
            std::vector<Finding> out;
            for (const Finding& f : validate(d, vo))
                if (f.code == QLatin1String("PLACEMENT-FAILURE-DOMAIN"))
                    out.push_back(f);
            return out;
        };
        QVERIFY(placementFindings().empty());
        GroupId spineRack;
        int top = 0;
        Node moved;
        d.nodes().forEach([&](const Node& n) {
            if (n.tier != FabricTier::Spine || n.network != Network::Compute)
                return;
            if (rackName(d, n.rack) == QLatin1String("S001-01")) {
                spineRack = n.rack;
                top = std::max(top, n.rackUnit);
            } else if (!moved.id.isValid()) {
                moved = n;
            }
        });
        QVERIFY(spineRack.isValid() && moved.id.isValid());
        moved.rack = spineRack;
        moved.rackUnit = top + 1;
        EditNodesCommand cmd(QStringLiteral("Move spine"), {moved});
        QVERIFY(cmd.apply(d).ok);
        const std::vector<Finding> found = placementFindings();
        QCOMPARE(found.size(), size_t(1));
        const Finding& f = found.front();
        QVERIFY(f.severity == Severity::Warning);
        QVERIFY2(f.message.contains(QLatin1String("rack S001-01 holds 9 of the 16 spines")), qPrintable(f.message));
        QVERIFY2(
            f.message.contains(QLatin1String("leaves 44% of a switch tier's uplink bandwidth")), qPrintable(f.message));
        QVERIFY(std::find(f.entities.begin(), f.entities.end(), EntityRef::of(spineRack)) != f.entities.end());
        const FailureDomains domains = FailureDomains::of(d); // the scenario points into it
        const FailureScenario* s = rackScenario(domains, QStringLiteral("S001-01"));
        QVERIFY(s);
        QVERIFY(*s->bisectionRatio < 0.5);
        QCOMPARE(qRound(*s->bisectionRatio * 1000), qRound(89600.0 / 201600 * 1000));
        // Undone, the design is placed again as generated.
        QVERIFY(cmd.undo(d));
        QVERIFY(placementFindings().empty());
    }

    // A unit's leaves all in its network rack, as the RA's elevation has them and main built them:
    // the rule names the rack, the 32 servers (256 GPUs) it cuts off and the unit.
    void ruleNamesTheUnitsRack()
    {
        Design d = generate("dgx-h100", 64, "qm9700");
        GroupId home;
        std::vector<Node> leaves;
        d.nodes().forEach([&](const Node& n) {
            if (n.tier == FabricTier::Leaf && n.network == Network::Compute
                && n.name.startsWith(QLatin1String("leaf-su01")))
                leaves.push_back(n);
        });
        QCOMPARE(leaves.size(), size_t(8));
        home = leaves.front().rack; // rail 1 stays in the unit's own network rack
        // Rails 2, 4, 6, 8 back into it, stacked above what it holds.
        int top = 0;
        d.nodes().forEach([&](const Node& n) {
            if (n.rack == home)
                top = std::max(top, n.rackUnit);
        });
        std::vector<Node> su1;
        for (Node n : leaves)
            if (n.rack != home) {
                n.rack = home;
                n.rackUnit = ++top;
                su1.push_back(n);
            }
        QCOMPARE(su1.size(), size_t(4));
        EditNodesCommand cmd(QStringLiteral("Leaves together"), su1);
        QVERIFY(cmd.apply(d).ok);
        const auto found = PlacementCheck::of(d);
        QCOMPARE(found.size(), size_t(1));
        QCOMPARE(found.front().rackName, QStringLiteral("U001-01"));
        QCOMPARE(found.front().cutOffServers.size(), size_t(32));
        QCOMPARE(found.front().gpusCutOff, 256);
        QVERIFY2(found.front().message().contains(QLatin1String("cuts off 32 servers (256 GPUs) outside it")),
            qPrintable(found.front().message()));
        QVERIFY2(found.front().message().contains(QLatin1String("all 8 leaves")), qPrintable(found.front().message()));
    }

    // What an edit brought in (PlacementCheck::introduced, the studio's warning on a move): only the
    // concentrations the edit made or changed, never one that was there before it. On the 4-SU
    // DGX SuperPOD (16 spines, 8 of them in S001-01):
    // - a spine moved into S001-01: 9 of 16 there, (16 - 9) / 16 = 44% of the spine uplinks left;
    // - SU 1's rails 2, 4, 6, 8 moved back into U001-01 (4 leaves, one edit each): all 8 of its leaves
    //   there, its 32 DGX (8 GPUs each: 256) cut off by that rack; S001-01, unchanged, not named again;
    // - a second spine into S001-01: 10 of 16, (16 - 10) / 16 = 37.5%, shown 38%: S001-01 again (its
    //   blast radius grew), not U001-01.
    void introducedNamesOnlyWhatTheEditBrought()
    {
        Design d = generate("dgx-h100", 128, "qm9700", /*management=*/true);
        const auto clean = PlacementCheck::of(d);
        QVERIFY(clean.empty());
        GroupId spineRack;
        int spineTop = 0;
        std::vector<Node> outside; // spines not in S001-01
        d.nodes().forEach([&](const Node& n) {
            if (n.tier != FabricTier::Spine || n.network != Network::Compute)
                return;
            if (rackName(d, n.rack) == QLatin1String("S001-01")) {
                spineRack = n.rack;
                spineTop = std::max(spineTop, n.rackUnit);
            } else {
                outside.push_back(n);
            }
        });
        QCOMPARE(outside.size(), size_t(8));
        auto intoSpineRack = [&](Node n) {
            n.rack = spineRack;
            n.rackUnit = ++spineTop;
            EditNodesCommand cmd(QStringLiteral("Move spine"), {n});
            QVERIFY(cmd.apply(d).ok);
        };

        intoSpineRack(outside[0]);
        const auto oneSpine = PlacementCheck::of(d);
        const auto first = PlacementCheck::introduced(clean, oneSpine);
        QCOMPARE(first.size(), size_t(1));
        QCOMPARE(first.front().rackName, QStringLiteral("S001-01"));
        QCOMPARE(first.front().tierShareLeft, 7.0 / 16);

        GroupId home;
        int homeTop = 0;
        std::vector<Node> away; // SU 1's leaves outside its own network rack
        d.nodes().forEach([&](const Node& n) {
            if (n.tier == FabricTier::Leaf && n.network == Network::Compute
                && n.name.startsWith(QLatin1String("leaf-su01")) && !home.isValid())
                home = n.rack; // rail 1 stays home
        });
        d.nodes().forEach([&](const Node& n) {
            if (n.rack == home)
                homeTop = std::max(homeTop, n.rackUnit);
            if (n.tier == FabricTier::Leaf && n.network == Network::Compute
                && n.name.startsWith(QLatin1String("leaf-su01")) && n.rack != home)
                away.push_back(n);
        });
        QCOMPARE(away.size(), size_t(4));
        for (Node n : away) {
            n.rack = home;
            n.rackUnit = ++homeTop;
            EditNodesCommand cmd(QStringLiteral("Leaf home"), {n});
            QVERIFY(cmd.apply(d).ok);
        }
        const auto leavesHome = PlacementCheck::of(d);
        QCOMPARE(leavesHome.size(), size_t(2));
        const auto second = PlacementCheck::introduced(oneSpine, leavesHome);
        QCOMPARE(second.size(), size_t(1));
        QCOMPARE(second.front().rackName, QStringLiteral("U001-01"));
        QCOMPARE(second.front().gpusCutOff, 256);
        // By row too: row U001 holds what U001-01 holds and cuts off none (SU 1's servers stand in
        // that row), so it is left as the rack.
        QCOMPARE(PlacementCheck::ofRacksAndRows(d).size(), leavesHome.size());

        intoSpineRack(outside[1]);
        const auto third = PlacementCheck::introduced(leavesHome, PlacementCheck::of(d));
        QCOMPARE(third.size(), size_t(1));
        QCOMPARE(third.front().rackName, QStringLiteral("S001-01"));
        QVERIFY2(third.front().message().contains(QLatin1String("10 of the 16 spines")),
            qPrintable(third.front().message()));
        QVERIFY2(third.front().message().contains(QLatin1String("leaves 38%")), qPrintable(third.front().message()));
        // Nothing is introduced by no edit at all.
        QVERIFY(PlacementCheck::introduced(leavesHome, leavesHome).empty());
    }

    // Rows (PlacementCheck::ofRacksAndRows, the studio's warning on a floor move). The 4-SU SuperPOD
    // stands its spine racks in two rows: S001-01 (8 spines) alone in row S001, M-01 (8 spines) in
    // row M. Nothing concentrated, by rack or by row. M-01 moved on the floor into row S001 (one
    // position added to the row): all 16 spines in one row, (16 - 16) / 16 = 0% of the spine
    // uplinks left when the row goes. No rack changed, so the design rule (of) has nothing to say.
    // A spine moved into S001-01 instead concentrates rack S001-01; row S001 is that rack alone,
    // so it is named once, as the rack.
    void rowsConcentrateWhenARackMovesOnTheFloor()
    {
        Design d = generate("dgx-h100", 128, "qm9700", /*management=*/true);
        QVERIFY(PlacementCheck::ofRacksAndRows(d).empty());
        std::optional<FloorLayout> floor = FloorLayout::of(d);
        QVERIFY(floor);
        GroupId spineRack;
        GroupId mgmtRack;
        d.groups().forEach([&](const Group& g) {
            if (g.name == QLatin1String("S001-01"))
                spineRack = g.id;
            if (g.name == QLatin1String("M-01"))
                mgmtRack = g.id;
        });
        QVERIFY(spineRack.isValid() && mgmtRack.isValid());
        const int row = floor->place(spineRack)->row;
        QCOMPARE(floor->rows[size_t(row)].name, QStringLiteral("S001"));
        QVERIFY(floor->place(mgmtRack)->row != row);

        FloorLayout longer = *floor;
        const int slot = longer.rows[size_t(row)].slots++;
        QString why;
        const std::optional<FloorLayout> moved = EditFloorCommand::withRackMoved(longer, mgmtRack, row, slot, &why);
        QVERIFY2(moved, qPrintable(why));
        EditFloorCommand move(QStringLiteral("Move rack M-01"), *moved, &test::shippedCatalog());
        QVERIFY2(move.apply(d).ok, "the floor move was refused");
        QVERIFY(PlacementCheck::of(d).empty());
        const auto rows = PlacementCheck::ofRacksAndRows(d);
        QCOMPARE(rows.size(), size_t(1));
        QCOMPARE(rows.front().row, row);
        QVERIFY(!rows.front().rack.isValid());
        QCOMPARE(rows.front().tierShareLeft, 0.0);
        QCOMPARE(rows.front().message(),
            QStringLiteral("row S001 holds all 16 spines: losing it leaves 0% of a switch tier's uplink bandwidth"));
        QVERIFY(move.undo(d));
        QVERIFY(PlacementCheck::ofRacksAndRows(d).empty());

        Node spine;
        int top = 0;
        d.nodes().forEach([&](const Node& n) {
            if (n.rack == spineRack)
                top = std::max(top, n.rackUnit);
            if (n.rack == mgmtRack && n.tier == FabricTier::Spine && n.network == Network::Compute)
                spine = n;
        });
        QVERIFY(spine.id.isValid());
        spine.rack = spineRack;
        spine.rackUnit = top + 1;
        EditNodesCommand join(QStringLiteral("Move spine"), {spine});
        QVERIFY(join.apply(d).ok);
        const auto both = PlacementCheck::ofRacksAndRows(d);
        QCOMPARE(both.size(), size_t(1));
        QCOMPARE(both.front().rackName, QStringLiteral("S001-01"));
    }

    // NVIDIA DGX SuperPOD B300 XDR RA (RA-11339), 1 and 2 SU of 72 DGX B300 on Q3400.
    void b300Xdr_data()
    {
        QTest::addColumn<int>("nodes");
        QTest::newRow("1 SU") << 72;
        QTest::newRow("2 SU") << 144;
    }
    void b300Xdr()
    {
        QFETCH(int, nodes);
        const Design d = generate("dgx-b300", nodes, "q3400");
        checkPlacement(d, FailureDomains::of(d));
    }

    // DGX GB200 NVL72 (RA-11338), 1 SU (8 racks) and 2 SU on QM9700: each rack's 4 rails over two
    // network racks (2 each), so a network rack lost degrades NVL72 racks and cuts none off (main:
    // the unit's 32 leaves in one rack, its loss cut off 576 GPUs). The power shelves are the feeds:
    // one lost, the other 7 carry the rack (7 x 33 = 231 kW >= 120 kW).
    void gb200_data()
    {
        QTest::addColumn<int>("racks");
        QTest::newRow("1 SU") << 8;
        QTest::newRow("2 SU") << 16;
    }
    void gb200()
    {
        QFETCH(int, racks);
        const Design d = generate("dgx-gb200-nvl72", racks, "qm9700");
        const FailureDomains f = FailureDomains::of(d);
        checkPlacement(d, f);
        for (const FailureScenario& s : f.scenarios)
            if (s.kind == FailureKind::Rack && s.gpusLost == 0)
                QVERIFY(s.cutOffServers.empty());
    }

    // Leaf-spine (issue 26 section 2, item 2 of the brief): main filled the leaves in order, so a
    // DGX's 8 ports all took one leaf, and `generate --server dgx-b300 --switch qm9700 --nodes 48`
    // printed "rack M-01 holds every compute link of servers in other racks: losing it cuts off 24
    // servers (192 GPUs) outside it". Now the ports are dealt over blocks of leaves:
    // - 48 DGX B300: 48 x 8 + 4 UFM ports = 388 over ceil(388 / 32) = 13 leaves; no full block
    //   of 32 servers stands alone (the 16 left over and the UFM join it), so the 388 are dealt
    //   round-robin: server i on leaves 8i .. 8i + 7 (mod 13), 8 distinct; the busiest leaf takes
    //   ceil(388 / 13) = 30 of 32 downlinks. 13 leaves: 6 + 6 in two racks and the 13th in a third,
    //   so a rack lost leaves 7 of 13 (0.54) of the leaves' uplinks and no server cut off.
    // - 64 DGX H100 on QM9700: 64 x 8 + 4 = 516 ports, ceil(516 / 32) = 17 leaves; servers 1-32
    //   on leaves 1-8 (port p on leaf p, 32 downlinks each), servers 33-64 and the UFM (260 ports)
    //   on the other 9, at most ceil(260 / 9) = 29 each. The rows' groups (8 and 9 leaves) trade 4
    //   for 4, the 9th's surplus goes to a third rack (before: 5 of 9 in one rack, 0.445 left).
    // - 16 DGX H100 on QM9700: 132 ports, 5 leaves (odd: 2 + 2 + 1).
    void leafSpine_data()
    {
        QTest::addColumn<QString>("server");
        QTest::addColumn<int>("nodes");
        QTest::addColumn<QString>("sw");
        QTest::addColumn<int>("leaves");
        QTest::addColumn<int>("busiestLeaf");
        QTest::newRow("48 DGX B300 on QM9700") << "dgx-b300" << 48 << "qm9700" << 13 << 30;
        QTest::newRow("64 DGX H100 on QM9700") << "dgx-h100" << 64 << "qm9700" << 17 << 32;
        // ceil(132 / 5) = 27 of 32.
        QTest::newRow("16 DGX H100 on QM9700") << "dgx-h100" << 16 << "qm9700" << 5 << 27;
    }
    void leafSpine()
    {
        QFETCH(QString, server);
        QFETCH(int, nodes);
        QFETCH(QString, sw);
        QFETCH(int, leaves);
        QFETCH(int, busiestLeaf);
        GeneratorOptions o;
        o.serverSku = server;
        o.nodes = nodes;
        o.switchSku = sw;
        o.topology = TopologyKind::LeafSpine;
        GenerateResult r = FabricGenerator::generate(o, test::shippedCatalog());
        QVERIFY2(r.ok(), qPrintable(r.error));
        const Design& d = *r.design;
        std::map<quint32, int> downlinks; // by leaf
        std::map<quint32, std::set<quint32>> racksOfServer;
        d.links().forEach([&](const Link& l) {
            const Node* a = d.node(l.a.node);
            const Node* b = d.node(l.b.node);
            const Node* leaf = a->tier == FabricTier::Leaf && a->network == Network::Compute ? a
                : b->tier == FabricTier::Leaf && b->network == Network::Compute              ? b
                                                                                             : nullptr;
            const Node* host = leaf == a ? b : a;
            if (!leaf || host->tier != FabricTier::None)
                return;
            ++downlinks[leaf->id.value()];
            if (d.item(host->sku)->gpuCount() > 0)
                racksOfServer[host->id.value()].insert(leaf->rack.value());
        });
        QCOMPARE(static_cast<int>(downlinks.size()), leaves);
        int busiest = 0;
        for (const auto& [leaf, n] : downlinks)
            busiest = std::max(busiest, n);
        QCOMPARE(busiest, busiestLeaf);
        // Every server's leaves stand in two racks or more.
        QCOMPARE(static_cast<int>(racksOfServer.size()), nodes);
        for (const auto& [n, racks] : racksOfServer)
            QVERIFY2(racks.size() >= 2, qPrintable(d.node(NodeId(n))->name));
        checkPlacement(d, FailureDomains::of(d));
    }

    // Fat-tree, k = 16 (8 edges, 8 aggregations per pod, 64 cores): 16 DGX H100 and the UFM pair
    // take 132 host ports, 3 pods of 64. A pod's ports are dealt round-robin over its 8 edges, so a
    // DGX's 8 ports take all 8 (main: one edge each, 8 ports per edge), and the pods trade half
    // their edges: each U00p-01 holds 4 edges of two pods, and its loss degrades, never cuts off.
    void fatTree()
    {
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-h100");
        o.nodes = 16;
        o.switchSku = QStringLiteral("qm9700");
        o.topology = TopologyKind::FatTree;
        o.radix = 16;
        GenerateResult r = FabricGenerator::generate(o, test::shippedCatalog());
        QVERIFY2(r.ok(), qPrintable(r.error));
        const Design& d = *r.design;
        const FailureDomains f = FailureDomains::of(d);
        checkPlacement(d, f);
        const FailureScenario* u1 = rackScenario(f, QStringLiteral("U001-01"));
        QVERIFY(u1);
        QVERIFY(u1->cutOffServers.empty());
        QVERIFY(!u1->degradedServers.empty());
    }

    // Two switches never share a rack when the design has more than one (issue 26 section 1):
    // - 8 DGX H100, --two-switches: two QM9700 of 4 rails each (8 x 4 = 32 host ports), joined by
    //   inter-switch links; main stood both in U001-01, whose loss cut off all 8 DGX (64 GPUs);
    // - 64 L40S on SN5600: an MLAG pair, each server's two ports on the two leaves.
    // Now the second switch stands in another rack: either rack lost leaves each server half its
    // links (4 of 8 rails; 1 of 2 ports) and cuts off none outside it.
    void twoSwitchesInTwoRacks_data()
    {
        QTest::addColumn<QString>("server");
        QTest::addColumn<int>("nodes");
        QTest::addColumn<QString>("sw");
        QTest::addColumn<int>("linksPerServer");
        QTest::addColumn<double>("gbps");
        QTest::newRow("8 DGX H100, two QM9700") << "dgx-h100" << 8 << "qm9700" << 8 << 400.0;
        QTest::newRow("64 L40S, SN5600 MLAG pair") << "smc-421ge-l40s" << 64 << "sn5600" << 2 << 200.0;
    }
    void twoSwitchesInTwoRacks()
    {
        QFETCH(QString, server);
        QFETCH(int, nodes);
        QFETCH(QString, sw);
        QFETCH(int, linksPerServer);
        QFETCH(double, gbps);
        GeneratorOptions o;
        o.serverSku = server;
        o.nodes = nodes;
        o.switchSku = sw;
        o.twoSwitches = true;
        GenerateResult r = FabricGenerator::generate(o, test::shippedCatalog());
        QVERIFY2(r.ok(), qPrintable(r.error));
        const Design& d = *r.design;
        std::set<quint32> leafRacks;
        int leaves = 0;
        d.nodes().forEach([&](const Node& n) {
            if (n.network == Network::Compute && n.tier == FabricTier::Leaf) {
                ++leaves;
                leafRacks.insert(n.rack.value());
            }
        });
        QCOMPARE(leaves, 2);
        QCOMPARE(leafRacks.size(), size_t(2));
        const FailureDomains f = FailureDomains::of(d);
        int rackScenarios = 0;
        for (const FailureScenario& s : f.scenarios) {
            if (s.kind != FailureKind::Rack)
                continue;
            ++rackScenarios;
            const std::set<GroupId> failed(s.failedRacks.begin(), s.failedRacks.end());
            for (NodeId n : s.cutOffServers)
                QVERIFY2(failed.count(d.node(n)->rack),
                    qPrintable(s.entity + QLatin1String(" cuts off ") + d.node(n)->name));
            if (leafRacks.count(s.failedRacks.front().value())) {
                // A leaf's rack lost: every server degraded to half its links, 8 x 4 x 400 =
                // 12,800 Gb/s (DGX) and 64 x 1 x 200 = 12,800 Gb/s (L40S) lost.
                QCOMPARE(static_cast<int>(s.degradedServers.size()), nodes);
                QCOMPARE(s.injectionLostGbps, nodes * (linksPerServer / 2) * gbps);
            }
        }
        QVERIFY(rackScenarios > 1);
        QVERIFY(PlacementCheck::of(d).empty());
    }

    // GB300 NVL72 on SN5600, two planes, 2 SU: 3 spines per pod (spine-leaf group), so two spine
    // racks would leave a pod 1 of its 3 spines (0.375 before the third column got a rack of its
    // own); every rack lost now keeps 0.5 or more.
    void gb300TwoPlanesPodsOfThree()
    {
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-gb300-nvl72");
        o.nodes = 16;
        o.switchSku = QStringLiteral("sn5600");
        o.planes = 2;
        o.management = false;
        GenerateResult r = FabricGenerator::generate(o, test::shippedCatalog());
        QVERIFY2(r.ok(), qPrintable(r.error));
        checkPlacement(*r.design, FailureDomains::of(*r.design));
    }
};

QTEST_GUILESS_MAIN(TestPlacement)
#include "tst_placement.moc"
