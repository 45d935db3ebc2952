#include "helpers/testcatalog.h"

#include "catalog/coolantunit.h"
#include "cost/billofmaterials.h"
#include "facility/powerchain.h"
#include "failures/failuredomains.h"
#include "floor/floorlayout.h"
#include "generate/fabricgenerator.h"
#include "validate/designrules.h"

#include <QtTest>

#include <algorithm>

using namespace pw;

// The generator's coolant distribution units (issue 17, sections 1 and 3): liquid-cooled racks get
// the CDUs their coolant loops need, standing after each loop's racks in its row, priced in the bill
// of materials; the power chain's loop assignment, COOLING-CDU-CAPACITY and the cdu-loop failures
// read them. Figures worked by hand, each with its source:
// - DGX GB200 NVL72 rack: 139 kW maximum (catalogs/servers.json dgx-gb200-nvl72 power_modes max_p,
//   derived from RA-11338's 1.2 MW per SU row, [S6]; it was the ~120 kW press figure [S9]), no
//   liquid_heat_share of its own, so the default 85% (estimate, FacilityAssumptions::defaults):
//   118.15 kW of liquid heat per rack.
// - One scalable unit = 8 racks in one row (servers.json rack_row, [S6] RA-11338 Figure 7); 8
//   liquid-cooled racks per coolant loop (FacilityAssumptions racks_per_loop, estimate): one loop
//   per row, 8 x 118.15 = 945.2 kW.
// - CDU cdu-inrow-1350kw: 1,350 kW (catalogs/facility.json cooling_capacity_kw, estimate), USD
//   250,000 (its price, estimate, band 200,000-312,500); N+1 (cdu_spares 1, estimate):
//   ceil(945.2 / 1350) + 1 = 2 CDUs per loop.
class TestCduPlacement : public QObject {
    Q_OBJECT

    static Design generate(const char* server, int nodes, bool management = true)
    {
        GeneratorOptions o;
        o.serverSku = QLatin1String(server);
        o.nodes = nodes;
        o.switchSku = QStringLiteral("qm9700");
        o.management = management;
        GenerateResult r = FabricGenerator::generate(o, test::shippedCatalog());
        if (!r.ok())
            qFatal("generate failed: %s", qPrintable(r.error));
        return std::move(*r.design);
    }
    static std::vector<const Node*> cdus(const Design& d)
    {
        std::vector<const Node*> out;
        d.nodes().forEach([&](const Node& n) {
            if (const CatalogItem* item = d.item(n.sku); item && isCdu(*item))
                out.push_back(&n);
        });
        return out;
    }
    static std::vector<Finding> findings(const Design& d, const char* code = nullptr)
    {
        ValidationOptions o;
        o.tierChecks = false;
        o.fabricAnalysis = false;
        std::vector<Finding> all = validate(d, o);
        std::vector<Finding> some;
        std::copy_if(all.begin(), all.end(), std::back_inserter(some),
            [&](const Finding& f) { return !code || f.code == QLatin1String(code); });
        return some;
    }

private Q_SLOTS:
    // Two scalable units (16 NVL72 racks, 1,152 GPUs): two rows, two loops of 945.2 kW, 2 CDUs each.
    void generatedNvl72PlacesTwoCdusPerLoop()
    {
        const Design d = generate("dgx-gb200-nvl72", 16);
        const PowerChain chain = PowerChain::of(d, 1.3);
        QCOMPARE(chain.loops.size(), size_t(2));
        QCOMPARE(chain.cdusPlaced, 4);
        QVERIFY(chain.cdusOnFloor);
        QVERIFY(chain.cdusUnassigned.empty());
        const std::optional<FloorLayout> floor = FloorLayout::of(d);
        QVERIFY(floor);
        for (const CoolantLoop& l : chain.loops) {
            QCOMPARE(l.racks.size(), size_t(8));
            QCOMPARE(qRound(l.liquidKw * 10), 9452); // 8 x 139 x 0.85
            QCOMPARE(l.cduCapacityKw, 1350.0); // the catalog CDU's, now that the design records it
            QCOMPARE(l.cdusNeeded, 1);
            QCOMPARE(l.cdus, 2);
            QCOMPARE(l.cdusInService, 2);
            QCOMPARE(l.cduNodes.size(), size_t(2));
            // The loop's CDUs stand in its row right after its last rack, in enclosures of their own.
            const RackPlace* last = floor->place(l.racks.back());
            for (size_t k = 0; k < l.cduNodes.size(); ++k) {
                const Node* n = d.node(l.cduNodes[k]);
                const RackPlace* at = floor->place(n->rack);
                QVERIFY(at);
                QCOMPARE(at->row, last->row);
                QCOMPARE(at->slot, last->slot + 1 + static_cast<int>(k));
                QVERIFY(d.group(n->rack)->sku.isEmpty()); // floor-standing: no rack item
                QCOMPARE(l.cduNames[static_cast<int>(k)], n->name);
            }
        }
        QCOMPARE(chain.cdusPlanned(), 4);
        // Priced in the bill of materials at the catalog's estimate: 4 x 250,000.
        const BillOfMaterials bom = BillOfMaterials::of(d);
        const auto line = std::find_if(bom.lines().begin(), bom.lines().end(),
            [](const BomLine& l) { return l.sku == QLatin1String("cdu-inrow-1350kw"); });
        QVERIFY(line != bom.lines().end());
        QCOMPARE(line->quantity, 4);
        QCOMPARE(line->extendedPrice(), 1'000'000.0);
        // The generated design validates without errors, and the CDUs satisfy the loop rule.
        for (const Finding& f : findings(d))
            QVERIFY2(f.severity != Severity::Error, qPrintable(f.code + QLatin1String(": ") + f.message));
        QVERIFY(findings(d, "COOLING-CDU-CAPACITY").empty());
        QVERIFY(findings(d, "RACK-PDU").empty()); // a CDU draws from the facility, not rack PDUs
        // Each CDU's management port is on the out-of-band network (BMS/Redfish).
        for (const Node* n : cdus(d))
            QCOMPARE(d.linksOf(n->id).size(), size_t(1));
    }

    // Removing a CDU by hand leaves its loop 1 of the 2 CDUs N+1 asks for: the rule names the loop,
    // the CDU left and where to put the missing one.
    void removingACduTripsTheRule()
    {
        Design d = generate("dgx-gb200-nvl72", 8, false);
        PowerChain chain = PowerChain::of(d, 1.3);
        QCOMPARE(chain.loops.size(), size_t(1));
        const CoolantLoop loop = chain.loops.front();
        QCOMPARE(loop.cduNodes.size(), size_t(2));
        for (LinkId l : d.linksOf(loop.cduNodes.back()))
            (void)d.takeLink(l);
        (void)d.takeNode(loop.cduNodes.back());
        chain = PowerChain::of(d, 1.3);
        QCOMPARE(chain.loops.front().cdusInService, 1);
        // one CDU left: 1 x 1350 >= 945.2 kW, so losing it sheds all 8 racks (576 GPUs)
        QCOMPARE(chain.withoutOneCdu(0).gpusLost, 576);
        const std::vector<Finding> f = findings(d, "COOLING-CDU-CAPACITY");
        QCOMPARE(f.size(), size_t(1));
        QCOMPARE(f.front().message,
            QStringLiteral("coolant %1 has 1 of the 2 CDUs its 945.2 kW of liquid heat needs").arg(loop.name));
        QVERIFY(f.front().explanation.contains(
            QStringLiteral("ceil(945.2 / 1350) + 1 = 2 CDUs, 1 placed (%1)").arg(loop.cduNames.front())));
        QVERIFY(f.front().explanation.contains(QStringLiteral("Place the missing CDUs in the row: 1 after rack %1")
                                                   .arg(d.group(loop.racks.back())->name)));
        QVERIFY(f.front().severity == Severity::Warning);
    }

    // Air-cooled racks get no CDU: nothing a practitioner would not buy.
    void airCooledDesignsGetNoCdu()
    {
        const Design d = generate("dgx-h100", 32);
        QVERIFY(cdus(d).empty());
        QVERIFY(!d.item(QStringLiteral("cdu-inrow-1350kw")));
        QVERIFY(PowerChain::of(d, 1.3).loops.empty());
    }

    // The design's own settings size the CDUs: no spare (N) and 4 racks per loop give the 8 racks
    // of one SU two loops of 4 x 118.15 = 472.6 kW, ceil(472.6 / 1350) + 0 = 1 CDU each.
    void designSettingsSizeTheCdus()
    {
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-gb200-nvl72");
        o.nodes = 8;
        o.switchSku = QStringLiteral("qm9700");
        o.management = false;
        o.properties.insert(QLatin1String(FacilityAssumptions::kKey),
            QJsonObject{{QStringLiteral("cdu_spares"), 0}, {QStringLiteral("racks_per_loop"), 4}});
        GenerateResult r = FabricGenerator::generate(o, test::shippedCatalog());
        QVERIFY2(r.ok(), qPrintable(r.error));
        const PowerChain chain = PowerChain::of(*r.design, 1.3);
        QCOMPARE(chain.loops.size(), size_t(2));
        QCOMPARE(chain.cdusPlaced, 2);
        for (const CoolantLoop& l : chain.loops) {
            QCOMPARE(l.racks.size(), size_t(4));
            QCOMPARE(l.cduNodes.size(), size_t(1));
        }
        QVERIFY(findings(*r.design, "COOLING-CDU-CAPACITY").empty());
    }

    // The cdu-loop failure of a generated NVL72 design names the placed CDUs and what it takes
    // down: a loop's 8 racks of 72 GPUs = 576 GPUs; both loops alike (one scenario standing for 2).
    // Power left: the design's maximum less 8 x 139 = 1,112 kW; CDU capacity left: the other loop's
    // 2 x 1350 = 2700 kW.
    void cduLoopFailureNamesThePlacedCdus()
    {
        const Design d = generate("dgx-gb200-nvl72", 16, false);
        const FailureDomains f = FailureDomains::of(d);
        const auto it = std::find_if(f.scenarios.begin(), f.scenarios.end(),
            [](const FailureScenario& s) { return s.kind == FailureKind::CduLoop; });
        QVERIFY(it != f.scenarios.end());
        QCOMPARE(it->equivalent, 2);
        QCOMPARE(it->gpusLost, 576);
        QCOMPARE(it->failedRacks.size(), size_t(8));
        QCOMPARE(qRound(it->powerLeftKw), qRound(f.itMaxKw - 1112));
        QCOMPARE(it->liquidCapacityLeftKw, 2700.0);
        const PowerChain chain = PowerChain::of(d, 1.0);
        const CoolantLoop* loop = nullptr;
        for (const CoolantLoop& l : chain.loops)
            loop = l.name == it->entity ? &l : loop;
        QVERIFY(loop);
        QCOMPARE(it->detail,
            QStringLiteral("8 racks fed by %1 (1350 kW each)").arg(loop->cduNames.join(QStringLiteral(", "))));
        QVERIFY(it->detail.contains(QLatin1String("-cdu-01, ")));
    }

    // By hand on the power chain: a CDU at the head of a row feeds the row's first loop, one after
    // a loop's racks feeds that loop, and one off the floor feeds none (then the plan stands).
    void loopAssignmentFollowsTheFloor()
    {
        Design d = generate("dgx-gb200-nvl72", 8, false);
        std::optional<FloorLayout> floor = FloorLayout::of(d);
        const PowerChain before = PowerChain::of(d, 1.0);
        const NodeId moved = before.loops.front().cduNodes.front();
        const GroupId enclosure = d.node(moved)->rack;
        // Move the CDU's enclosure to a new position at the head of the row: still the only loop's.
        FloorLayout edited = *floor;
        const int row = edited.racks.at(enclosure.value()).row;
        for (auto& [id, place] : edited.racks)
            if (place.row == row)
                ++place.slot;
        edited.rows[static_cast<size_t>(row)].slots += 1;
        edited.racks[enclosure.value()] = RackPlace{row, 0};
        d.setProperties(edited.storedIn(d.properties()));
        const PowerChain after = PowerChain::of(d, 1.0);
        QCOMPARE(after.loops.front().cduNodes.size(), size_t(2));
        QCOMPARE(after.loops.front().cduNodes.front(), moved); // slot order: it stands first now
        // Off the floor: unassigned, and the loop has one CDU in service.
        Node n = *d.node(moved);
        n.rack = GroupId();
        d.replaceNode(n);
        const PowerChain off = PowerChain::of(d, 1.0);
        QCOMPARE(off.cdusUnassigned.size(), size_t(1));
        QCOMPARE(off.loops.front().cdusInService, 1);
    }
};

QTEST_GUILESS_MAIN(TestCduPlacement)
#include "tst_cduplacement.moc"
