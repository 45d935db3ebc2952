#include "helpers/podchecks.h"

#include "catalog/catalog.h"
#include "commands/addnodecommand.h"
#include "cost/billofmaterials.h"
#include "cost/opticsplan.h"
#include "cost/powerfigures.h"
#include "generate/fabricgenerator.h"
#include "model/opticsrules.h"
#include "topology/fabricanalyzer.h"
#include "validate/designrules.h"

#include <QtTest>

using namespace pw;

// Issue 28, section 2: co-packaged-optics (CPO) switches as catalog data. Quantum-X800 Photonics
// Q3450 (rubin-generation-2026.md, "Switches with co-packaged optics"): 144 x 800G ports that take
// single-mode MPO fibre straight in, no pluggable transceiver at the switch end; the host end
// (a GB300 tray's ConnectX-8 OSFP cage) keeps its module; 18 laser-source modules per switch, bought
// with it, and spares beside them.
class TestCpo : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<Catalog> mCatalog;

    const PortGroup& group(const QString& sku, const QString& name) const
    {
        const CatalogItem* item = mCatalog->item(sku);
        Q_ASSERT(item);
        for (const PortGroup& g : item->portGroups)
            if (g.name == name)
                return g;
        Q_ASSERT(false);
        return item->portGroups.front();
    }

private Q_SLOTS:
    void initTestCase()
    {
        mCatalog = std::make_unique<Catalog>();
        const auto issues = mCatalog->loadDirectory(qEnvironmentVariable("PODWRIGHT_CATALOG_DIR"));
        QVERIFY(issues.empty());
    }

    // The blocks are typed members: the port's optics, the laser modules (a part of the catalog)
    // and the four ASICs as internal planes, 4 x 200G = the 800G port.
    void q3450IsTypedCatalogData()
    {
        const CatalogItem* q = mCatalog->item(QStringLiteral("q3450"));
        QVERIFY(q);
        const PortGroup& data = group(QStringLiteral("q3450"), QStringLiteral("data"));
        QCOMPARE(data.count, 144);
        QVERIFY(data.coPackagedOptics);
        QCOMPARE(data.coPackagedOptics->fiber, QStringLiteral("singlemode"));
        QCOMPARE(data.coPackagedOptics->fiberConnector, QStringLiteral("MPO"));
        QVERIFY(!data.coPackagedOptics->savedSource.isEmpty());
        QVERIFY(q->laserSources);
        QCOMPARE(q->laserSources->perSwitch, 18);
        const CatalogItem* laser = mCatalog->item(q->laserSources->sku);
        QVERIFY(laser);
        QVERIFY(laser->kind == ItemKind::Part);
        QVERIFY(laser->price.hasBand());
        QVERIFY(q->internalPlanes);
        QCOMPARE(q->internalPlanes->planes * q->internalPlanes->laneGbps, 800);
        QVERIFY(q->cooling == Cooling::Liquid);
    }

    // At a CPO end no module is chosen: host (ConnectX-8 OSFP) to Q3450 takes the host's 800G DR4
    // module and an MPO single-mode fibre; Q3450 to Q3450 takes the fibre alone; beyond the CPO
    // optics' 500 m reach nothing serves.
    void opticsAtCoPackagedEnds()
    {
        const OpticsRules::Items parts = OpticsRules::partsOf(*mCatalog);
        const PortGroup& host = group(QStringLiteral("dgx-gb300-nvl72"), QStringLiteral("compute"));
        const PortGroup& cpo = group(QStringLiteral("q3450"), QStringLiteral("data"));
        const OpticsRules::Optical toHost = OpticsRules::opticalFor(parts, host, cpo, 800, 30);
        QVERIFY(toHost.ok());
        QVERIFY(toHost.moduleA);
        QCOMPARE(toHost.moduleA->transceiver->side, QStringLiteral("host"));
        QVERIFY(!toHost.moduleB);
        QVERIFY(toHost.builtInB);
        QCOMPARE(toHost.fiber->cable->connector, QStringLiteral("MPO"));
        QCOMPARE(OpticsRules::linkModule(toHost, host, cpo), toHost.moduleA);
        const OpticsRules::Optical between = OpticsRules::opticalFor(parts, cpo, cpo, 800, 60);
        QVERIFY(between.ok());
        QVERIFY(!between.moduleA && !between.moduleB);
        QCOMPARE(between.fiber->cable->fiber, QStringLiteral("singlemode"));
        QVERIFY(!OpticsRules::linkModule(between, cpo, cpo));
        QVERIFY(!OpticsRules::opticalFor(parts, cpo, cpo, 800, 600).ok());
    }

    // GB300 NVL72 on Q3450 as the CLI builds it (management on), sized as on Q3400 (RA-11339
    // Table 3 style: a leaf holds the rail of 4 racks, 72 down and 72 up; 8 leaves per SU of 8
    // racks; two tiers up to 18 SU); every leaf port is taken, so each spine keeps one port for the
    // UFM pair (2 appliances x 2 ports = 4 links): spines s dividing 72 with leaves x 72 / s <= 143.
    //   2 SU (16 racks): 1,152 uplinks; s = 8 gives 144 (too many), s = 9 gives 128: 16 + 9 = 25
    //     switches; lasers 25 x 18 = 450 installed, spares 5% x 450 = 22.5 -> 23;
    //     CPO ports in use 1,152 (leaf down) + 1,152 (leaf up) + 1,152 (spine) + 4 (UFM) = 3,460,
    //     at 12.5 W (a 25 W twin-port module per two ports) = 43,250 W not drawn.
    //   16 SU (128 racks): 9,216 uplinks; s >= 65 dividing 72: 72 spines (128 each): 200 switches;
    //     lasers 3,600, spares 180; CPO ports 3 x 9,216 + 4 = 27,652, 345,650 W.
    // Compute modules: one per host end (9,216 or 1,152 GPUs + the UFM's 4), none at a Q3450 end.
    void gb300OnQ3450_data()
    {
        QTest::addColumn<int>("racks");
        QTest::addColumn<int>("leaves");
        QTest::addColumn<int>("spines");
        QTest::addColumn<int>("lasers");
        QTest::addColumn<int>("spares");
        QTest::addColumn<double>("savedW");
        QTest::newRow("2 SU") << 16 << 16 << 9 << 450 << 23 << 43250.0;
        QTest::newRow("16 SU") << 128 << 128 << 72 << 3600 << 180 << 345650.0;
    }
    void gb300OnQ3450()
    {
        QFETCH(int, racks);
        QFETCH(int, leaves);
        QFETCH(int, spines);
        QFETCH(int, lasers);
        QFETCH(int, spares);
        QFETCH(double, savedW);
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-gb300-nvl72");
        o.nodes = racks;
        o.switchSku = QStringLiteral("q3450");
        const GenerateResult r = FabricGenerator::generate(o, *mCatalog);
        QVERIFY2(r.ok(), qPrintable(r.error));
        const Design& d = *r.design;
        AnalysisOptions counts;
        counts.bisection = false;
        const FabricReport f = analyzeFabric(d, counts);
        const int gpus = 72 * racks;
        QCOMPARE(f.leafSwitches, leaves);
        QCOMPARE(f.spineSwitches, spines);
        QCOMPARE(f.tiers, 2);
        QCOMPARE(f.nodeLeafLinks, gpus);
        QCOMPARE(f.leafSpineLinks, gpus);

        // Cabled to the last link; no transceiver at a Q3450 end.
        int switchToSwitch = 0;
        d.links().forEach([&](const Link& l) {
            QVERIFY(!l.cableSku.isEmpty());
            const bool cpoA = d.portGroup(l.a)->coPackagedOptics.has_value();
            const bool cpoB = d.portGroup(l.b)->coPackagedOptics.has_value();
            if (cpoA && cpoB) {
                ++switchToSwitch;
                QVERIFY(l.transceiverSku.isEmpty());
            }
        });
        QCOMPARE(switchToSwitch, gpus);
        const OpticsPlan optics = OpticsPlan::of(d);
        const OpticsPlan compute
            = OpticsPlan::of(d, [&](const Link& l, PortRef) { return d.linkNetwork(l) == Network::Compute; });
        QCOMPARE(compute.moduleCount(), gpus + 4); // the host ends only: the GPUs' and the UFM pair's 2 x 2

        // No error; the derived design says it departs from the RAs' pluggable Q3400 on purpose.
        const test::Checked c = test::checked(d);
        QVERIFY2(c.errors.isEmpty(), qPrintable(c.errors));
        bool reference = false;
        for (const Finding& finding : c.findings) {
            reference = reference
                || (finding.code == QLatin1String("DESIGN-REFERENCE")
                    && finding.message.contains(QLatin1String("Q3450")));
        }
        QVERIFY(reference);
        const QString notes = r.notes.join(QLatin1Char('\n'));
        QVERIFY2(notes.contains(QLatin1String("q3450: 4 internal planes")), qPrintable(notes));

        // Laser modules in the bill of materials, installed and spares, priced from the catalog.
        const BillOfMaterials bom = BillOfMaterials::of(d, optics);
        const BomLine* installed = test::bomLine(bom, QStringLiteral("q3450-laser-source"), false);
        const BomLine* spare = test::bomLine(bom, QStringLiteral("q3450-laser-source"), true);
        QVERIFY(installed && spare);
        QCOMPARE(installed->quantity, lasers);
        QCOMPARE(spare->quantity, spares);
        QCOMPARE(installed->category, QStringLiteral("parts"));
        QCOMPARE(installed->unitPrice, 2000.0);
        QVERIFY(spare->unitBand.low < spare->unitBand.high);
        QVERIFY(bom.toText().contains(QLatin1String("q3450-laser-source (spares)")));

        // The switch-end optics CPO removes, in the power note.
        const PowerFigures power = PowerFigures::of(d, 1.3);
        QCOMPARE(power.coPackagedPorts, 3 * gpus + 4);
        QCOMPARE(power.coPackagedSavedW, savedW);
        QVERIFY2(power.coPackagedNote().contains(QLocale(QLocale::English).toString(qlonglong(savedW))),
            qPrintable(power.coPackagedNote()));
    }

    // GB300 NVL72 on Spectrum-X Photonics SN6810 (128 x 800G, Ethernet CPO), one plane: the
    // multi-plane form's 2 x 400GbE meets no 400G port, so the ConnectX-8 runs its 800G port.
    // 2 SU (16 racks) by the rail rule: a leaf holds the rail of 3 racks (54 down, 54 up of 128;
    // 4 racks would need 72 + 72), so ceil(8 / 3) = 3 leaves per rail and SU x 4 rails x 2 SU = 24
    // leaves; 24 x 54 = 1,296 uplinks over s spines, s dividing 54 with 1,296 / s <= 128: s >= 11,
    // so 18 (72 links each): 42 switches, 42 x 16 = 672 laser modules, spares 5% x 672 = 33.6 -> 34.
    // No NVIDIA table: the DESIGN-REFERENCE finding names Spectrum-X Photonics, not the Q3450.
    void gb300OnSn6810()
    {
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-gb300-nvl72");
        o.nodes = 16;
        o.switchSku = QStringLiteral("sn6810");
        o.planes = 1;
        const GenerateResult r = FabricGenerator::generate(o, *mCatalog);
        QVERIFY2(r.ok(), qPrintable(r.error));
        const Design& d = *r.design;
        AnalysisOptions counts;
        counts.bisection = false;
        const FabricReport f = analyzeFabric(d, counts);
        QCOMPARE(f.leafSwitches, 24);
        QCOMPARE(f.spineSwitches, 18);
        QCOMPARE(f.nodeLeafLinks, 1152);
        const test::Checked c = test::checked(d);
        QVERIFY2(c.errors.isEmpty(), qPrintable(c.errors));
        int photonics = 0;
        for (const Finding& finding : c.findings) {
            if (finding.code == QLatin1String("DESIGN-REFERENCE")) {
                QVERIFY2(!finding.message.contains(QLatin1String("Q3450")), qPrintable(finding.message));
                photonics += finding.message.contains(QLatin1String("Spectrum-X Photonics")) ? 1 : 0;
            }
        }
        QCOMPARE(photonics, 1);
        const BillOfMaterials bom = BillOfMaterials::of(d);
        const BomLine* installed = test::bomLine(bom, QStringLiteral("spectrum-x-photonics-laser-source"), false);
        const BomLine* spare = test::bomLine(bom, QStringLiteral("spectrum-x-photonics-laser-source"), true);
        QVERIFY(installed && spare);
        QCOMPARE(installed->quantity, 672);
        QCOMPARE(spare->quantity, 34);
        QCOMPARE(bom.uncabledLinks(), 0);
    }

    // OPTICS-MISMATCH knows a CPO end: a link into a Q3450 port on a fibre of another connector
    // (LC) or on copper is flagged; the generated MPO fibre is not.
    void opticsCheckKnowsCoPackagedEnds()
    {
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-gb300-nvl72");
        o.nodes = 8;
        o.switchSku = QStringLiteral("q3450");
        o.management = false; // as the published tables count the compute fabric
        GenerateResult r = FabricGenerator::generate(o, *mCatalog);
        QVERIFY2(r.ok(), qPrintable(r.error));
        Design& d = *r.design;
        ValidationOptions vo;
        vo.fabricAnalysis = false;
        auto cpoFindings = [&] {
            int n = 0;
            for (const Finding& f : validate(d, vo))
                if (f.code == QLatin1String("OPTICS-MISMATCH") && f.message.contains(QLatin1String("co-packaged")))
                    ++n;
            return n;
        };
        QCOMPARE(cpoFindings(), 0);
        std::optional<Link> spineLink;
        d.links().forEach([&](const Link& l) {
            if (!spineLink && d.portGroup(l.a)->coPackagedOptics && d.portGroup(l.b)->coPackagedOptics)
                spineLink = l;
        });
        QVERIFY(spineLink);
        Link wrong = *spineLink;
        d.recordItem(*mCatalog->item(QStringLiteral("fiber-lc-sm-800g")));
        wrong.cableSku = QStringLiteral("fiber-lc-sm-800g");
        d.replaceLink(wrong);
        QCOMPARE(cpoFindings(), 1);
    }

    // A Q3450 placed by hand brings its 18 laser-source modules into the bill of materials, as a
    // generated one does (5% spares of 18 = 0.9 -> 1), and the undo takes them out of the design's
    // catalog snapshot again.
    void handPlacedCpoSwitchBuysItsLasers()
    {
        const CatalogItem* q = mCatalog->item(QStringLiteral("q3450"));
        QVERIFY(q && q->laserSources);
        const CatalogItem* laser = mCatalog->item(q->laserSources->sku);
        QVERIFY(laser);
        Design d;
        Node n;
        n.name = QStringLiteral("q3450-01");
        AddNodeCommand add(*q, n, {*laser});
        QVERIFY(add.apply(d).ok);
        QVERIFY(d.item(laser->sku));
        const BillOfMaterials bom = BillOfMaterials::of(d);
        const BomLine* installed = test::bomLine(bom, laser->sku, false);
        const BomLine* spare = test::bomLine(bom, laser->sku, true);
        QVERIFY(installed && spare);
        QCOMPARE(installed->quantity, 18);
        QCOMPARE(spare->quantity, 1);
        QVERIFY(add.undo(d));
        QVERIFY(!d.item(laser->sku));
        QVERIFY(!d.item(q->sku));
        QVERIFY(add.redo(d));
        QVERIFY(d.item(laser->sku));
    }
};

QTEST_GUILESS_MAIN(TestCpo)
#include "tst_cpo.moc"
