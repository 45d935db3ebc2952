#include "helpers/podchecks.h"

#include "analysis/deliberatedifferences.h"
#include "catalog/catalog.h"
#include "cost/billofmaterials.h"
#include "cost/costmodel.h"
#include "cost/powerfigures.h"
#include "facility/powerchain.h"
#include "generate/fabricgenerator.h"
#include "model/design.h"
#include "topology/fabricanalyzer.h"
#include "validate/designrules.h"

#include <QtTest>

#include <set>

using namespace pw;

// Issue 28 section 2: Vera Rubin NVL72 is catalog data. `generate --server vera-rubin-nvl72` on a
// Spectrum-X fabric builds SuperPOD-style scalable units (8 racks, an estimate taken from the GB200
// SuperPOD) of two compute planes: each GPU's ConnectX-9 (1.6 Tb/s) as two 800G ports, one per
// plane, so a rack has 144 compute ports of 800G, 72 per plane, 18 per rail per plane.
//
// The RA's Spectrum-X switch is the Spectrum-6 SN6810 with co-packaged optics (a catalog entry of
// its own); the pluggable Spectrum-X switch with 800G ports is the SN5610 (64 OSFP cages, one
// 800G port each). NVIDIA publishes no switch counts for Rubin, so they are derived by the rail
// rule and, since a leaf holds the rail of one rack, the spine-leaf groups of the GB200 SuperPOD
// (RA-11338) the SU is taken from, per plane:
//   a leaf at 1:1 has 32 ports down and 32 up; one rack's rail is 18 ports, two would be 36 > 32,
//   so a leaf takes the rail of one rack: 4 rails x 8 racks = 32 leaves per plane per SU;
//   1 SU: two tiers, spines by the divisibility rule (the fewest s dividing the 18 uplinks with
//     32 x 18 / s <= 64 ports): s = 9, 576 / 9 = 64 leaf links each;
//   2 SU: a spine-leaf group per rail of each SU (8 leaves, 6 spines: 3 links from each leaf,
//     24 down and 24 up per spine): 8 groups x 6 = 48 spines; core group j takes spine j of every
//     group, 8 x 24 = 192 uplinks over 64-port cores = 3 cores, 6 groups = 18 cores.
// The Vera Rubin POD's 1,152 GPUs are 1,152 / 72 = 16 racks = 2 SU.
class TestVeraRubin : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<Catalog> mCatalog;

    GenerateResult generate(int gpus, bool management)
    {
        GeneratorOptions o;
        o.serverSku = QStringLiteral("vera-rubin-nvl72");
        o.gpus = gpus;
        o.switchSku = QStringLiteral("sn5610");
        o.management = management;
        return FabricGenerator::generate(o, *mCatalog);
    }
    static AnalysisOptions countsOnly()
    {
        AnalysisOptions a;
        a.bisection = false;
        return a;
    }

private Q_SLOTS:
    void initTestCase()
    {
        mCatalog = std::make_unique<Catalog>();
        const auto issues = mCatalog->loadDirectory(qEnvironmentVariable("PODWRIGHT_CATALOG_DIR"));
        for (const CatalogIssue& i : issues)
            qWarning("%s", qPrintable(i.toString()));
        QVERIFY(issues.empty());
    }

    // The entry as the catalog reads it: 72 GPUs in 18 trays of 4, NVLink domain 72, 144 compute
    // ports of 800G (2 per GPU), two planes, power modes ordered with 4 x 110 kW = 440 kW of shelves.
    void entryIsTyped()
    {
        const CatalogItem* vr = mCatalog->item(QStringLiteral("vera-rubin-nvl72"));
        QVERIFY(vr);
        QCOMPARE(vr->gpuCount(), 72);
        QCOMPARE(vr->computeTrays->trays * vr->computeTrays->nicsPerTray, 72);
        QCOMPARE(vr->nvlinkDomainGpus->value, 72);
        QCOMPARE(vr->portCountWithRole(PortRole::Compute), 144);
        QCOMPARE(vr->computePlanes->planes, 2);
        QCOMPARE(vr->powerModes->maxQKw->value, 190.0);
        QCOMPARE(vr->powerModes->maxPKw.value, 227.0);
        QCOMPARE(vr->powerModes->provisionedKw->value, 4 * 110.0);
        QCOMPARE(vr->liquidHeatShare->value, 1.0);
        QVERIFY(vr->price.hasBand());
        QVERIFY(vr->priceBelowGpus().isEmpty());
        const CatalogItem* cx9 = mCatalog->item(QStringLiteral("connectx-9"));
        QVERIFY(cx9);
        QCOMPARE(cx9->portCountWithRole(PortRole::Compute) * 800, 1600); // 1.6 Tb/s as 2 x 800G
    }

    // 1 SU (576 GPUs), 2 SU (the Vera Rubin POD's 1,152 GPUs) on SN5610, per the counts above.
    void scalableUnits_data()
    {
        QTest::addColumn<int>("gpus");
        QTest::addColumn<int>("racks");
        QTest::addColumn<int>("leavesPerPlane");
        QTest::addColumn<int>("spinesPerPlane");
        QTest::addColumn<int>("coresPerPlane");
        QTest::newRow("1 SU, 576 GPUs") << 576 << 8 << 32 << 9 << 0;
        QTest::newRow("2 SU, Vera Rubin POD 1,152 GPUs") << 1152 << 16 << 64 << 48 << 18;
    }
    void scalableUnits()
    {
        QFETCH(int, gpus);
        QFETCH(int, racks);
        QFETCH(int, leavesPerPlane);
        QFETCH(int, spinesPerPlane);
        QFETCH(int, coresPerPlane);
        const GenerateResult r = generate(gpus, false);
        QVERIFY2(r.ok(), qPrintable(r.error));
        const Design& d = *r.design;
        const FabricReport f = analyzeFabric(d, countsOnly());
        QCOMPARE(f.servers, racks);
        QCOMPARE(f.gpus, gpus);
        QCOMPARE(d.properties().value(QLatin1String("generator")).toObject().value(QLatin1String("planes")).toInt(), 2);
        QCOMPARE(f.leafSwitches, 2 * leavesPerPlane);
        QCOMPARE(f.spineSwitches, 2 * spinesPerPlane);
        QCOMPARE(f.coreSwitches, 2 * coresPerPlane);
        QCOMPARE(f.tiers, coresPerPlane > 0 ? 3 : 2);
        QCOMPARE(f.nodeLeafLinks, 144 * racks); // two 800G links per GPU, one per plane
        QCOMPARE(f.leafSpineLinks, 2 * leavesPerPlane * 18); // 1:1 at every leaf
        QCOMPARE(f.spineCoreLinks, coresPerPlane > 0 ? 2 * spinesPerPlane * 24 : 0);
        // Every compute link runs at 800G, each rack reaches both planes, and every link is cabled.
        int uncabled = 0;
        std::map<quint32, std::set<QString>> planesOfRack;
        d.links().forEach([&](const Link& l) {
            uncabled += l.cableSku.isEmpty() ? 1 : 0;
            const Node* a = d.node(l.a.node);
            const Node* b = d.node(l.b.node);
            const Node* rack = a->sku == QLatin1String("vera-rubin-nvl72") ? a
                : b->sku == QLatin1String("vera-rubin-nvl72")              ? b
                                                                           : nullptr;
            const Node* leaf = rack == a ? b : a;
            if (!rack || leaf->network != Network::Compute)
                return;
            QCOMPARE(d.linkSpeedGbps(l), 800);
            planesOfRack[rack->id.value()].insert(leaf->name.left(3));
        });
        QCOMPARE(uncabled, 0);
        QCOMPARE(int(planesOfRack.size()), racks);
        for (const auto& [rack, planes] : planesOfRack)
            QCOMPARE(planes, (std::set<QString>{QStringLiteral("p1-"), QStringLiteral("p2-")}));
    }

    // The Vera Rubin POD (1,152 GPUs, 16 racks, 2,304 compute ports of 800G) on the co-packaged-optics
    // switches, worked by hand:
    //   SN6810 (Spectrum-X Photonics, the RA's Spectrum-X switch; 128 x 800G), two planes: a rack has
    //     18 ports per rail per plane; a 1:1 leaf has 64 down, so it holds the rail of 3 racks (54;
    //     4 would be 72): ceil(8 / 3) = 3 leaves per rail, x 4 rails x 2 SU = 24 leaves per plane;
    //     24 x 54 = 1,296 uplinks over s spines, s dividing 54 with 1,296 / s <= 128: s = 18 per plane.
    //     48 leaves + 36 spines = 84 switches x 16 laser modules = 1,344, spares 5% = 67.2 -> 68.
    //   Q3450 (Quantum-X800 Photonics, 144 x 800G; derived, NVIDIA publishes no InfiniBand RA for
    //     Rubin): 2,304 ports / 72 down per 1:1 leaf = 32 leaves; 32 x 72 = 2,304 uplinks over s
    //     spines, s dividing 72 with 2,304 / s <= 144: s = 18. 50 switches x 18 laser modules = 900,
    //     spares 5% = 45.
    // Both validate with no error, every link cabled with no module at a CPO end, and in Max-Q the
    // racks draw 190 kW (the power mode the design picks) in their 440 kW feeds.
    void podOnCoPackagedOptics_data()
    {
        QTest::addColumn<QString>("sw");
        QTest::addColumn<int>("leaves");
        QTest::addColumn<int>("spines");
        QTest::addColumn<QString>("laser");
        QTest::addColumn<int>("lasers");
        QTest::addColumn<int>("spares");
        QTest::newRow("SN6810 (the RA's Spectrum-X)")
            << "sn6810" << 48 << 36 << "spectrum-x-photonics-laser-source" << 1344 << 68;
        QTest::newRow("Q3450 (derived)") << "q3450" << 32 << 18 << "q3450-laser-source" << 900 << 45;
    }
    void podOnCoPackagedOptics()
    {
        QFETCH(QString, sw);
        QFETCH(int, leaves);
        QFETCH(int, spines);
        QFETCH(QString, laser);
        QFETCH(int, lasers);
        QFETCH(int, spares);
        GeneratorOptions o;
        o.serverSku = QStringLiteral("vera-rubin-nvl72");
        o.gpus = 1152;
        o.switchSku = sw;
        o.management = true;
        o.properties = PowerFigures::withMode(o.properties, PowerMode::MaxQ);
        const GenerateResult r = FabricGenerator::generate(o, *mCatalog);
        QVERIFY2(r.ok(), qPrintable(r.error));
        const Design& d = *r.design;
        const FabricReport f = analyzeFabric(d, countsOnly());
        QCOMPARE(f.gpus, 1152);
        QCOMPARE(f.leafSwitches, leaves);
        QCOMPARE(f.spineSwitches, spines);
        QCOMPARE(f.nodeLeafLinks, 2304);
        const test::Checked c = test::checked(d);
        QVERIFY2(c.errors.isEmpty(), qPrintable(c.errors));
        QVERIFY(!c.codes.contains(QStringLiteral("LINK-UNCABLED")));
        QVERIFY(c.codes.contains(QStringLiteral("DESIGN-REFERENCE")));
        const BillOfMaterials bom = BillOfMaterials::of(d);
        QCOMPARE(bom.uncabledLinks(), 0);
        const BomLine* installed = test::bomLine(bom, laser, false);
        const BomLine* spare = test::bomLine(bom, laser, true);
        QVERIFY(installed && spare);
        QCOMPARE(installed->quantity, lasers);
        QCOMPARE(spare->quantity, spares);
        const PowerChain chain = PowerChain::of(d, 1.0);
        int racks = 0;
        d.nodes().forEach([&](const Node& n) {
            if (n.sku != QLatin1String("vera-rubin-nvl72"))
                return;
            ++racks;
            QCOMPARE(chain.figures.rack(n.rack)->maxKw, 190.0);
            QCOMPARE(chain.figures.rack(n.rack)->budgetKw, 440.0);
        });
        QCOMPARE(racks, 16);
    }

    // The Vera Rubin POD with management, converged storage/in-band and the floor: validates with
    // no error, no link uncabled, priced, its NVL72 racks at 227 kW (Max-P) in 440 kW feeds, in the
    // Rubin facility defaults (one row per SU: 8 x 227 = 1,816 kW under the 3,520 kW Rubin row),
    // and it says where it departs from the RA (DESIGN-REFERENCE).
    void podValidatesCabledAndPriced()
    {
        const GenerateResult r = generate(1152, true);
        QVERIFY2(r.ok(), qPrintable(r.error));
        const Design& d = *r.design;
        const test::Checked c = test::checked(d);
        QVERIFY2(c.errors.isEmpty(), qPrintable(c.errors));
        QVERIFY(!c.codes.contains(QStringLiteral("LINK-UNCABLED")));
        QVERIFY(c.codes.contains(QStringLiteral("DESIGN-REFERENCE")));
        const QString notes = r.notes.join(QLatin1Char('\n'));
        QVERIFY2(notes.contains(QLatin1String("derived by the rail and divisibility rules")), qPrintable(notes));
        QVERIFY2(notes.contains(QLatin1String("SN6810")), qPrintable(notes));

        const PowerChain chain = PowerChain::of(d, 1.0);
        QCOMPARE(chain.assumptions.generation, QStringLiteral("Vera Rubin NVL72"));
        int rubinRacks = 0;
        d.nodes().forEach([&](const Node& n) {
            if (n.sku != QLatin1String("vera-rubin-nvl72"))
                return;
            ++rubinRacks;
            const RackPower* rack = chain.figures.rack(n.rack);
            QVERIFY(rack);
            QCOMPARE(rack->maxKw, 227.0);
            QCOMPARE(rack->budgetKw, 440.0);
        });
        QCOMPARE(rubinRacks, 16);
        for (const RowChain& row : chain.rows)
            QVERIFY2(!chain.assumptions.rowOverLimit(row.maxKw), qPrintable(row.name));

        const CostReport cost = CostModel::compute(d, CostAssumptions::defaults());
        QCOMPARE(cost.gpus, 1152);
        // At least the 16 racks at their US$5.2M estimate.
        QVERIFY(cost.capex > 16 * 5.2e6);
    }
};

QTEST_GUILESS_MAIN(TestVeraRubin)
#include "tst_verarubin.moc"
