#include "catalog/catalog.h"
#include "cost/billofmaterials.h"
#include "cost/powerfigures.h"
#include "facility/powerchain.h"
#include "failures/failuredomains.h"
#include "failures/servicereach.h"
#include "floor/floorlayout.h"
#include "generate/fabricgenerator.h"
#include "model/opticsrules.h"
#include "sizing/workloadsizer.h"
#include "topology/fabricanalyzer.h"
#include "validate/designrules.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

using namespace pw;

// Issue 15, section 2: DGX GB200 and GB300 NVL72 SuperPODs, generated from the catalog entries
// alone (8 racks per SU, 18 trays of 4 NICs each). The published design is NVIDIA's DGX SuperPOD
// GB200 RA (RA-11338, 2025-06-16, Network Fabrics, "Compute Fabric"; reference-architectures-2025.md
// section 3): "Each compute rack is rail-aligned"; beyond one SU, "Each SU contains 4 SLGs to match
// with the number of IB rails (which equals the number of GPUs per compute tray). There are 8 leaf
// switches (one for each compute rack) and 6 spine switches in each SLG", spine j of every SLG in
// core group j (6 core groups), up to 16 SU = 128 racks = 9,216 GPUs. The RA's Table 3 (switch
// counts per SU count) was not found in public text: the core counts and the one-SU spine count
// below are derived (core group j takes spine j's 24 uplinks from every SLG; one SU: 32 leaves x 18
// uplinks over the fewest spines that divide 18 and fit 64 ports = 9) and the tool says so.
class TestNvl72SuperPod : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<Catalog> mCatalog;

    GenerateResult generate(
        const QString& sku, int racks, const QString& sw, bool management = false, const QString& storage = {})
    {
        GeneratorOptions o;
        o.serverSku = sku;
        o.nodes = racks;
        o.switchSku = sw;
        o.management = management;
        o.storageSku = storage;
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
        QVERIFY(issues.empty());
    }

    // RA-11338 row by row, QM9700 NDR (GB200): per SU 4 SLGs x 8 leaves = 32 leaves, 576 node-leaf
    // and 576 leaf-spine cables; beyond one SU 4 x 6 = 24 spines per SU and 6 core groups.
    void gb200SuperPodRows_data()
    {
        QTest::addColumn<int>("racks");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<int>("leaves");
        QTest::addColumn<int>("spines");
        QTest::addColumn<int>("cores");
        QTest::addColumn<int>("tiers");
        QTest::newRow("1 SU (derived spines)") << 8 << 576 << 32 << 9 << 0 << 2;
        QTest::newRow("2 SU") << 16 << 1152 << 64 << 48 << 18 << 3;
        QTest::newRow("4 SU") << 32 << 2304 << 128 << 96 << 36 << 3;
        QTest::newRow("16 SU: 128 racks, 9,216 GPUs") << 128 << 9216 << 512 << 384 << 144 << 3;
    }
    void gb200SuperPodRows()
    {
        QFETCH(int, racks);
        QFETCH(int, gpus);
        QFETCH(int, leaves);
        QFETCH(int, spines);
        QFETCH(int, cores);
        QFETCH(int, tiers);
        const GenerateResult r = generate(QStringLiteral("dgx-gb200-nvl72"), racks, QStringLiteral("qm9700"));
        QVERIFY2(r.ok(), qPrintable(r.error));
        const FabricReport f = analyzeFabric(*r.design, countsOnly());
        QCOMPARE(f.servers, racks);
        QCOMPARE(f.gpus, gpus);
        QCOMPARE(f.leafSwitches, leaves);
        QCOMPARE(f.spineSwitches, spines);
        QCOMPARE(f.coreSwitches, cores);
        QCOMPARE(f.tiers, tiers);
        QCOMPARE(f.nodeLeafLinks, gpus); // one NIC per GPU, 72 per rack
        QCOMPARE(f.leafSpineLinks, gpus); // 1:1: 18 trays down, 18 up per leaf
        if (cores > 0)
            QCOMPARE(f.spineCoreLinks, gpus);
        QCOMPARE(f.oversubscription.at(QStringLiteral("leaf")).text(), QStringLiteral("1:1"));
        const QJsonObject gen = r.design->properties().value(QLatin1String("generator")).toObject();
        QCOMPARE(gen.value(QLatin1String("su_size")).toInt(), 8); // from the catalog, no dial
        QCOMPARE(gen.value(QLatin1String("leaf_ratio_built")).toString(), QStringLiteral("1:1"));
    }

    // RA-11338, DGX SuperPOD Architecture: "Each SU requires a Thermal Design Power (TDP) of 1.2
    // Megawatts (MW)". The rack's draw is its catalog power_modes max_p, 139 kW (derived from that
    // figure: 1,200 kW less 86.9 kW of the SU's network racks and CDUs as generated before placement
    // for failure domains, over 8 racks), not the ~120 kW press figure with which the SU drew
    // 1,076 kW. Placement (issue 26) now stands half the leaves and some spines outside the SU's row,
    // so the SU is counted by its parts wherever they stand, and its row stays under the default
    // 1,200 kW row limit (one row).
    void gb200SuDrawsTheRasTwelveHundredKilowatts()
    {
        const GenerateResult r = generate(QStringLiteral("dgx-gb200-nvl72"), 8, QStringLiteral("qm9700"), true);
        QVERIFY2(r.ok(), qPrintable(r.error));
        const PowerChain chain = PowerChain::of(*r.design, 1.56);
        const RowChain* su = nullptr;
        for (const RowChain& row : chain.rows)
            if (row.gpus == 576)
                su = &row;
        QVERIFY(su);
        double nvl72Kw = 0;
        r.design->nodes().forEach([&](const Node& n) {
            if (n.sku == QLatin1String("dgx-gb200-nvl72"))
                nvl72Kw += PowerFigures::maxKwOf(*r.design->item(n.sku), PowerMode::MaxP);
        });
        QCOMPARE(nvl72Kw, 8 * 139.0);
        // The SU wherever placement stands its parts: its NVL72 racks, its compute and in-band
        // switches and its CDUs (storage, out-of-band and management equipment are not the SU's).
        double suKw = 0;
        r.design->nodes().forEach([&](const Node& n) {
            const CatalogItem& item = *r.design->item(n.sku);
            const bool suSwitch = n.network == Network::Compute || n.network == Network::InBand;
            const bool cdu = item.kind == ItemKind::Appliance && item.sku.startsWith(QLatin1String("cdu"));
            if (n.sku == QLatin1String("dgx-gb200-nvl72") || suSwitch || cdu)
                suKw += PowerFigures::maxKwOf(item, PowerMode::MaxP);
        });
        // "1.2 MW" is given to two figures: 1,150 to 1,250 kW. The SU comes to 1,222.2 kW with
        // placement's extra service switches; at the ~120 kW press figure it was 1,076 kW, outside.
        QVERIFY2(std::abs(suKw - 1200.0) < 50.0, qPrintable(QString::number(suKw, 'f', 1)));
        QVERIFY(su->maxKw <= 1200.0);
    }

    // The RA's rail rule, checked on the links: NIC r of every tray of a rack lands on that rack's
    // rail-r leaf (18 ports, one per tray), so each leaf carries one rail of one rack; an SLG's 8
    // leaves each send 3 links to each of its 6 spines.
    void eachTraysNicsAreRails()
    {
        const GenerateResult r = generate(QStringLiteral("dgx-gb200-nvl72"), 16, QStringLiteral("qm9700"));
        QVERIFY2(r.ok(), qPrintable(r.error));
        const Design& d = *r.design;
        std::map<quint32, std::set<int>> railsOfLeaf;
        std::map<quint32, std::set<quint32>> racksOfLeaf;
        std::map<std::pair<quint32, quint32>, int> leafSpineLinks;
        d.links().forEach([&](const Link& l) {
            const Node* a = d.node(l.a.node);
            const Node* b = d.node(l.b.node);
            const bool aIsRack = a->sku == QLatin1String("dgx-gb200-nvl72");
            const bool bIsRack = b->sku == QLatin1String("dgx-gb200-nvl72");
            if (aIsRack || bIsRack) {
                const PortRef rackPort = aIsRack ? l.a : l.b;
                const Node* leaf = aIsRack ? b : a;
                if (leaf->network != Network::Compute)
                    return;
                railsOfLeaf[leaf->id.value()].insert(rackPort.index % 4);
                racksOfLeaf[leaf->id.value()].insert((aIsRack ? a : b)->id.value());
            } else if (a->tier == FabricTier::Leaf && b->tier == FabricTier::Spine) {
                ++leafSpineLinks[{a->id.value(), b->id.value()}];
            } else if (b->tier == FabricTier::Leaf && a->tier == FabricTier::Spine) {
                ++leafSpineLinks[{b->id.value(), a->id.value()}];
            }
        });
        QCOMPARE(railsOfLeaf.size(), size_t(64));
        for (const auto& [leaf, rails] : railsOfLeaf) {
            QCOMPARE(rails.size(), size_t(1));
            QCOMPARE(racksOfLeaf[leaf].size(), size_t(1));
        }
        QCOMPARE(leafSpineLinks.size(), size_t(64 * 6));
        for (const auto& [pair, count] : leafSpineLinks)
            QCOMPARE(count, 3);
    }

    // `--nodes` counts racks and `--gpus` works as everywhere: 1,000 GPUs are 14 racks; the SU
    // they start is partial and its leaves and leaf-spine cables are built in full (RA-11338:
    // "design the full SU and leave the unused portion of the fabric in place").
    void partialSuIsBuiltWhole()
    {
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-gb200-nvl72");
        o.gpus = 1000;
        o.switchSku = QStringLiteral("qm9700");
        o.management = false;
        const GenerateResult r = FabricGenerator::generate(o, *mCatalog);
        QVERIFY2(r.ok(), qPrintable(r.error));
        const FabricReport f = analyzeFabric(*r.design, countsOnly());
        QCOMPARE(f.servers, 14);
        QCOMPARE(f.gpus, 1008);
        QCOMPARE(f.leafSwitches, 64);
        QCOMPARE(f.leafSpineLinks, 1152);
        QCOMPARE(f.nodeLeafLinks, 1008);
        bool said = false;
        for (const QString& n : r.notes)
            said = said || n.startsWith(QLatin1String("SU 2 is partial (6 of 8 racks)"));
        QVERIFY2(said, qPrintable(r.notes.join(QLatin1Char('\n'))));
    }

    // `size` and the workload dialog seed the same dials: a sizing on the GB200 NVL72 asks for whole
    // racks' worth of GPUs, and its generator options build that many racks (rounded up) on the
    // rack-scale rails.
    void sizingSeedsTheSameDials()
    {
        SizingRequest rq = SizingRequest::forServer(mCatalog->item(QStringLiteral("dgx-gb200-nvl72")));
        QCOMPARE(rq.gpusPerServer, 72);
        rq.parameters = 400e9;
        rq.task = WorkloadTask::Train;
        const SizingResult sized = WorkloadSizer::size(rq);
        QVERIFY(sized.gpusRecommended > 72);
        GeneratorOptions o = sized.generatorOptions();
        QCOMPARE(o.serverSku, QStringLiteral("dgx-gb200-nvl72"));
        o.switchSku = QStringLiteral("qm9700");
        o.management = false;
        const GenerateResult r = FabricGenerator::generate(o, *mCatalog);
        QVERIFY2(r.ok(), qPrintable(r.error));
        const FabricReport f = analyzeFabric(*r.design, countsOnly());
        QCOMPARE(f.servers, (sized.gpusRecommended + 71) / 72);
        QCOMPARE(f.nodeLeafLinks, f.gpus);
    }

    // Issue 26, section 1: GB300 NVL72 on Quantum-X800 Q3400 (XDR, 144 ports of 800G), management
    // off as in the published tables. One SU of 8 racks has 8 x 18 trays x 4 ConnectX-8 = 576
    // compute ports, exactly the 576 of one SU of 72 DGX B300, so the leaves follow the port
    // arithmetic of RA-11339 Table 3 (B300 XDR): a leaf holds 72 down and 72 up at 1:1, that is
    // the rail of 72 / 18 = 4 racks, so 4 rails x 8 / 4 = 8 leaves per SU, two tiers while one spine
    // takes every leaf (8 x SU <= 144: up to 18 SU), spines by the divisibility rule:
    //   2 SU:  16 leaves x 72 uplinks = 1,152 = 8 spines x 144 (72 / 8 = 9 links each): 16 + 8;
    //          before: a leaf took the rail of 3 racks (54 + 54 + 1 kept, 35 ports idle), 12
    //          leaves per SU and RA-11338's spine-leaf groups beyond one SU: 24 + 24 + 9 cores = 57.
    //   16 SU: 128 leaves x 72 = 9,216 ports; 9,216 / 144 = 64 spines would do by ports, but 72 / 64
    //          is not whole, so the next divisor of 72: 72 spines (128 links each): 128 + 72 = 200;
    //          before: 192 + 192 + 72 cores = 456.
    // Capital cost, measured on main before the change (podwright-cli cost, management off):
    // US$87,999,700 at 2 SU and US$703,992,600 at 16 SU. The drop is at least the switches saved
    // (33 and 256 Q3400 at the catalog's US$240,000 mid: US$7.92M and US$61.44M) and comes to more
    // with the switch-to-switch optics and cables that go with them (2 SU: 1,296 + 1,296 links
    // before, 1,152 after).
    void gb300OnQ3400IsSizedAsB300Xdr_data()
    {
        QTest::addColumn<int>("racks");
        QTest::addColumn<int>("leaves");
        QTest::addColumn<int>("spines");
        QTest::addColumn<int>("switchesBefore");
        QTest::addColumn<double>("capexBefore");
        QTest::newRow("2 SU, 16 racks") << 16 << 16 << 8 << 57 << 87999700.0;
        QTest::newRow("16 SU, 128 racks") << 128 << 128 << 72 << 456 << 703992600.0;
    }
    void gb300OnQ3400IsSizedAsB300Xdr()
    {
        QFETCH(int, racks);
        QFETCH(int, leaves);
        QFETCH(int, spines);
        QFETCH(int, switchesBefore);
        QFETCH(double, capexBefore);
        const GenerateResult r = generate(QStringLiteral("dgx-gb300-nvl72"), racks, QStringLiteral("q3400"));
        QVERIFY2(r.ok(), qPrintable(r.error));
        const FabricReport f = analyzeFabric(*r.design, countsOnly());
        QCOMPARE(f.servers, racks);
        QCOMPARE(f.gpus, 72 * racks);
        QCOMPARE(f.leafSwitches, leaves);
        QCOMPARE(f.spineSwitches, spines);
        QCOMPARE(f.coreSwitches, 0);
        QCOMPARE(f.tiers, 2);
        QCOMPARE(f.nodeLeafLinks, 72 * racks);
        QCOMPARE(f.leafSpineLinks, 72 * racks); // 1:1: 72 down, 72 up per leaf
        QCOMPARE(f.oversubscription.at(QStringLiteral("leaf")).text(), QStringLiteral("1:1"));
        const QJsonObject gen = r.design->properties().value(QLatin1String("generator")).toObject();
        QCOMPARE(gen.value(QLatin1String("leaf_ratio_built")).toString(), QStringLiteral("1:1"));
        const double q3400 = mCatalog->item(QStringLiteral("q3400"))->price.value;
        const double capex = BillOfMaterials::of(*r.design).total();
        const int saved = switchesBefore - leaves - spines;
        QVERIFY2(capexBefore - capex >= saved * q3400,
            qPrintable(QStringLiteral("capex %1, before %2, %3 switches saved at %4")
                           .arg(capex, 0, 'f', 0)
                           .arg(capexBefore, 0, 'f', 0)
                           .arg(saved)
                           .arg(q3400)));
        const QString notes = r.notes.join(QLatin1Char('\n'));
        QVERIFY2(
            notes.contains(QLatin1String("each leaf takes one rail of 4 racks (72 down, 72 up)")), qPrintable(notes));
        QVERIFY2(notes.contains(QLatin1String("B300 XDR RA (RA-11339) Table 3")), qPrintable(notes));
    }

    // GB300 NVL72 on Quantum-X800 Q3400 (XDR) with management: the leaves are full (4 racks' rail,
    // 72 down and 72 up of 144), so the UFM pair (2 appliances x 2 XDR ports) takes a port each
    // spine keeps free: one SU's 8 leaves x 72 uplinks over spines of 143 usable ports need the
    // fewest s dividing 72 with 576 / s <= 143: s = 4 gives 144 (too many), s = 6 gives 96, so 6
    // spines, 4 of them with a UFM port; no rack gives up its place. GB200 on QM9700: the leaf
    // takes one rack's rail (18 down, 18 up of 64) and keeps a port for the UFM pair.
    // Both: every compute link at the switch's speed, no error finding.
    void managedDesignsValidate_data()
    {
        QTest::addColumn<QString>("sku");
        QTest::addColumn<QString>("sw");
        QTest::addColumn<int>("speed");
        QTest::addColumn<int>("leaves");
        QTest::addColumn<int>("spines");
        QTest::addColumn<int>("ufmOnLeaves"); // 1: on the leaves' spare ports, 0: on the spines
        QTest::newRow("gb200 qm9700") << QStringLiteral("dgx-gb200-nvl72") << QStringLiteral("qm9700") << 400 << 32 << 9
                                      << 1;
        QTest::newRow("gb300 q3400") << QStringLiteral("dgx-gb300-nvl72") << QStringLiteral("q3400") << 800 << 8 << 6
                                     << 0;
    }
    void managedDesignsValidate()
    {
        QFETCH(QString, sku);
        QFETCH(QString, sw);
        QFETCH(int, speed);
        QFETCH(int, leaves);
        QFETCH(int, spines);
        QFETCH(int, ufmOnLeaves);
        const GenerateResult r = generate(sku, 8, sw, true);
        QVERIFY2(r.ok(), qPrintable(r.error));
        const Design& d = *r.design;
        const FabricReport f = analyzeFabric(d, countsOnly());
        QCOMPARE(f.servers, 8);
        QCOMPARE(f.gpus, 576);
        QCOMPARE(f.leafSwitches, leaves);
        QCOMPARE(f.spineSwitches, spines);
        QCOMPARE(f.nodeLeafLinks, 576);
        QCOMPARE(f.otherLeafLinks, 4); // the UFM pair's 2 x 2 ports (host links to the fabric, leaf or spine)
        int ufmLinks = 0;
        int computeLinks = 0;
        d.links().forEach([&](const Link& l) {
            const Node* a = d.node(l.a.node);
            const Node* b = d.node(l.b.node);
            if (a->network == Network::Compute && b->network == Network::Compute) {
                ++computeLinks;
                QCOMPARE(d.linkSpeedGbps(l), speed);
            }
            for (const auto& [ufm, other] : {std::pair{a, b}, std::pair{b, a}})
                if (ufm->name.startsWith(QLatin1String("ufm")) && other->network == Network::Compute) {
                    ++ufmLinks;
                    QVERIFY(other->tier == (ufmOnLeaves > 0 ? FabricTier::Leaf : FabricTier::Spine));
                }
        });
        QVERIFY(computeLinks > 0);
        QCOMPARE(ufmLinks, 4);
        ValidationOptions vo;
        vo.fabricAnalysis = false;
        for (const Finding& finding : validate(d, vo))
            QVERIFY2(
                finding.severity != Severity::Error, qPrintable(finding.code + QStringLiteral(": ") + finding.message));
    }

    // GB300 NVL72 multi-plane (NVIDIA NVL72 AI Factory enterprise RA, reference-architectures-2025.md
    // section 4: Spectrum-X compute fabric, rail-optimized and multi-plane; the Kubernetes launch
    // kit runs GB300 on 2 planes): each ConnectX-8 cage runs as 2 x 400GbE, one port per plane,
    // so the dgx-gb300-nvl72 entry builds its multi-plane form (144 logical 400G ports per rack)
    // as two separate rail-optimized fabrics. No public table gives switch counts for it: the
    // counts below are DERIVED by the rail rule (an SN5600 leaf, 128 x 400G, takes the rail of as
    // many racks as fit at 1:1: 3 x 18 = 54 down and 54 up, 4 x 18 = 72 + 72 would not; 8 racks
    // need 3 leaves per rail, 12 per plane per SU) and the Clos rule of every rail-optimized
    // fabric (issue 26: as the B300 XDR RA, two tiers while one spine takes every leaf, 12 x SU
    // <= 128), the spines by the divisibility rule, per plane:
    //   1 SU: 12 leaves x 54 = 648 ports; the fewest s dividing 54 with 648 / s <= 128: 6 (108);
    //   2 SU: 24 x 54 = 1,296: 9 gives 144 (too many), 18 gives 72: 18 spines, no core
    //         (before, RA-11338's spine-leaf groups beyond one SU: 24 spines and 12 cores);
    //   4 SU: 48 x 54 = 2,592: 18 gives 144, 27 gives 96: 27 spines, no core (before: 48 and 21).
    void gb300MultiPlaneRows_data()
    {
        QTest::addColumn<int>("racks");
        QTest::addColumn<int>("leavesPerPlane");
        QTest::addColumn<int>("spinesPerPlane");
        QTest::addColumn<int>("coresPerPlane");
        QTest::newRow("1 SU, 8 racks") << 8 << 12 << 6 << 0;
        QTest::newRow("2 SU, 16 racks") << 16 << 24 << 18 << 0;
        QTest::newRow("4 SU, 32 racks") << 32 << 48 << 27 << 0;
    }
    void gb300MultiPlaneRows()
    {
        QFETCH(int, racks);
        QFETCH(int, leavesPerPlane);
        QFETCH(int, spinesPerPlane);
        QFETCH(int, coresPerPlane);
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-gb300-nvl72");
        o.nodes = racks;
        o.switchSku = QStringLiteral("sn5600");
        o.planes = 2;
        const GenerateResult r = FabricGenerator::generate(o, *mCatalog);
        QVERIFY2(r.ok(), qPrintable(r.error));
        const Design& d = *r.design;
        const FabricReport f = analyzeFabric(d);
        QCOMPARE(f.servers, racks);
        QCOMPARE(f.gpus, 72 * racks);
        QCOMPARE(f.planes, 2);
        QVERIFY(f.separatePlanes);
        QCOMPARE(f.leafSwitches, 2 * leavesPerPlane);
        QCOMPARE(f.spineSwitches, 2 * spinesPerPlane);
        QCOMPARE(f.coreSwitches, 2 * coresPerPlane);
        QCOMPARE(f.nodeLeafLinks, 2 * 72 * racks); // one 400G link per ConnectX-8 per plane
        QCOMPARE(f.oversubscription.at(QStringLiteral("leaf")).text(), QStringLiteral("1:1"));
        // Per plane and in total: each plane carries half the bisection; one plane lost halves it.
        QCOMPARE(int(f.planeBisectionGbps.size()), 2);
        QCOMPARE(f.planeBisectionGbps[0], f.bisectionGbps / 2);
        QCOMPARE(f.planeBisectionGbps[1], f.bisectionGbps / 2);
        QCOMPARE(f.bisectionRatio, 1.0);
        QCOMPARE(*f.onePlaneLostRatio, 0.5);
        // Each rack's two ports of every ConnectX-8 reach the same rail in two planes, at 400G,
        // and every link has a real cable (and optics where it is fibre).
        int uncabled = 0;
        std::map<quint32, std::set<QString>> planesOfRack;
        d.links().forEach([&](const Link& l) {
            uncabled += l.cableSku.isEmpty() ? 1 : 0;
            const Node* a = d.node(l.a.node);
            const Node* b = d.node(l.b.node);
            const Node* rack = d.item(a->sku)->gpuCount() > 0 ? a : d.item(b->sku)->gpuCount() > 0 ? b : nullptr;
            const Node* leaf = rack == a ? b : a;
            if (!rack || leaf->network != Network::Compute)
                return;
            QCOMPARE(rack->sku, QStringLiteral("dgx-gb300-nvl72-multiplane"));
            QCOMPARE(d.linkSpeedGbps(l), 400);
            planesOfRack[rack->id.value()].insert(leaf->name.left(3));
        });
        QCOMPARE(uncabled, 0);
        QCOMPARE(int(planesOfRack.size()), racks);
        for (const auto& [rack, planes] : planesOfRack)
            QCOMPARE(planes, (std::set<QString>{QStringLiteral("p1-"), QStringLiteral("p2-")}));
        ValidationOptions vo;
        vo.fabricAnalysis = false;
        for (const Finding& finding : validate(d, vo))
            QVERIFY2(
                finding.severity != Severity::Error, qPrintable(finding.code + QStringLiteral(": ") + finding.message));
        const QJsonObject gen = d.properties().value(QLatin1String("generator")).toObject();
        QCOMPARE(gen.value(QLatin1String("planes")).toInt(), 2);
        const QString notes = r.notes.join(QLatin1Char('\n'));
        QVERIFY2(
            notes.contains(QLatin1String("2 compute planes: built as dgx-gb300-nvl72-multiplane")), qPrintable(notes));
        QVERIFY2(notes.contains(QLatin1String("losing one plane leaves 1/2 of the bandwidth")), qPrintable(notes));
        // The counts are derived, and the design says so citing the RA it follows (DESIGN-REFERENCE).
        QVERIFY2(
            notes.contains(QLatin1String("differs from NVIDIA NVL72 AI Factory enterprise RA")), qPrintable(notes));
        QVERIFY2(notes.contains(QLatin1String("switch counts derived by the rail and divisibility rules")),
            qPrintable(notes));
    }

    // The planes default is the catalog's: GB300 NVL72 on Spectrum-X runs two planes (launch kit),
    // on Quantum-X800 InfiniBand its ConnectX-8 runs one 800G port (one plane); GB200 stays one plane
    // everywhere. Planes that a NIC cannot give are refused with the reason.
    void planeDefaultsFromTheCatalog()
    {
        auto planesOf = [&](const QString& sku, const QString& sw, int planes = 0) {
            GeneratorOptions o;
            o.serverSku = sku;
            o.nodes = 8;
            o.switchSku = sw;
            o.management = false;
            o.planes = planes;
            const GenerateResult r = FabricGenerator::generate(o, *mCatalog);
            if (!r.ok())
                return -1;
            return r.design->properties()
                .value(QLatin1String("generator"))
                .toObject()
                .value(QLatin1String("planes"))
                .toInt();
        };
        QCOMPARE(planesOf(QStringLiteral("dgx-gb300-nvl72"), QStringLiteral("sn5600")), 2);
        QCOMPARE(planesOf(QStringLiteral("dgx-gb300-nvl72"), QStringLiteral("q3400")), 1);
        QCOMPARE(planesOf(QStringLiteral("dgx-gb200-nvl72"), QStringLiteral("qm9700")), 1);
        QCOMPARE(planesOf(QStringLiteral("dgx-gb300-nvl72"), QStringLiteral("sn5600"), 1), 1);
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-gb200-nvl72");
        o.nodes = 8;
        o.switchSku = QStringLiteral("qm9700");
        o.planes = 2;
        const GenerateResult refused = FabricGenerator::generate(o, *mCatalog);
        QVERIFY(!refused.ok());
        QVERIFY(!refused.design);
        QVERIFY2(refused.error.contains(QLatin1String("do not split evenly over 2 planes")), qPrintable(refused.error));
    }

    // The multi-plane form on InfiniBand (QM9700 NDR, 400G): each plane is a subnet of its own, so
    // each gets its own UFM pair on the ports its leaves keep; a QM9700 leaf takes one rack's rail
    // (18 down, 18 up, 1 kept), so an SU has 32 leaves per plane, 64 in all, more than one
    // network rack holds: the floor plan stands them side by side, the servers after them.
    void infinibandPlanesEachHaveSubnetManagers()
    {
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-gb300-nvl72-multiplane");
        o.nodes = 8;
        o.switchSku = QStringLiteral("qm9700");
        const GenerateResult r = FabricGenerator::generate(o, *mCatalog);
        QVERIFY2(r.ok(), qPrintable(r.error));
        const Design& d = *r.design;
        const FabricReport f = analyzeFabric(d, countsOnly());
        QCOMPARE(f.leafSwitches, 64);
        QCOMPARE(f.otherLeafLinks, 8); // two UFM pairs of 2 x 2 ports
        std::set<QString> planesOfUfm;
        d.links().forEach([&](const Link& l) {
            const Node* a = d.node(l.a.node);
            const Node* b = d.node(l.b.node);
            for (const auto& [ufm, leaf] : {std::pair{a, b}, std::pair{b, a}})
                if (ufm->name.startsWith(QLatin1String("ufm-p")) && leaf->network == Network::Compute)
                    planesOfUfm.insert(ufm->name.left(6) + QLatin1Char('/') + leaf->name.left(3));
        });
        QCOMPARE(planesOfUfm, (std::set<QString>{QStringLiteral("ufm-p1/p1-"), QStringLiteral("ufm-p2/p2-")}));
        const auto floor = FloorLayout::of(d);
        QVERIFY(floor);
        const auto invalid = floor->whyInvalid(d);
        QVERIFY2(!invalid, qPrintable(invalid.value_or(QString())));
        ValidationOptions vo;
        vo.fabricAnalysis = false;
        for (const Finding& finding : validate(d, vo))
            QVERIFY2(
                finding.severity != Severity::Error, qPrintable(finding.code + QStringLiteral(": ") + finding.message));
    }

    // The twin-cage rule on a GENERATED design (OPTICS-TWIN-FIBER; LinkX: both fibres of a twin-port
    // module the same type, reference-architectures-2025.md section 5): the two 400G ports of a
    // ConnectX-8 cage go to leaves of two planes at different distances, and the generator keeps
    // both on one medium (the cable planner's twin-cage pass), so no cage mixes copper and fibre.
    void generatedTwinCagesRunOneMedia()
    {
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-gb300-nvl72");
        o.nodes = 16;
        o.switchSku = QStringLiteral("sn5600");
        o.planes = 2;
        const GenerateResult r = FabricGenerator::generate(o, *mCatalog);
        QVERIFY2(r.ok(), qPrintable(r.error));
        const Design& d = *r.design;
        auto medium = [&](const Link& l) {
            const CatalogItem* c = d.item(l.cableSku);
            return c && c->cable ? c->cable->medium + c->cable->fiber : QString();
        };
        int cages = 0;
        int fibreCages = 0;
        d.nodes().forEach([&](const Node& n) {
            if (n.sku != QLatin1String("dgx-gb300-nvl72-multiplane"))
                return;
            for (int i = 0; i < 144; i += 2) {
                const LinkId a = d.linkAt(PortRef{n.id, i});
                const LinkId b = d.linkAt(PortRef{n.id, i + 1});
                QVERIFY(a.isValid() && b.isValid());
                QCOMPARE(medium(*d.link(a)), medium(*d.link(b)));
                ++cages;
                fibreCages += d.link(a)->transceiverSku.isEmpty() ? 0 : 1;
            }
        });
        QCOMPARE(cages, 16 * 72);
        QVERIFY(fibreCages > 0);
        ValidationOptions vo;
        vo.fabricAnalysis = false;
        vo.tierChecks = false;
        for (const Finding& f : validate(d, vo))
            QVERIFY2(f.code != QLatin1String("OPTICS-TWIN-FIBER"), qPrintable(f.message));
        bool pulled = false;
        for (const QString& n : r.notes)
            pulled = pulled || n.contains(QLatin1String("share an 800G twin-port cage with a longer run"));
        QVERIFY2(pulled, qPrintable(r.notes.join(QLatin1Char('\n'))));
    }

    // Issue 26 §1: RA-11338 carries the GB200 SuperPOD's storage on its "Storage and In-band
    // Ethernet Fabric" (Spectrum-4 SN5600), beside the compute InfiniBand fabric, and the catalog
    // entry says so (storage_fabric). The RA publishes no switch count for that fabric (not found
    // in its Network Fabrics page), so the counts are Podwright's storage rule, worked by hand for
    // one SU (8 racks) with storage (ddn-ai400x2) on QM9700:
    //  - 8 racks x 18 trays x 2 BlueField-3 (one storage port each) = 288 tray links;
    //  - storage tier good: max(15 GB/s per SU, 40 GB/s for one node) = 40 GB/s read, 7 GB/s write:
    //    1 ddn-ai400x2 (90 GB/s read, 65 write), its 8 ports at 1:1 on a leaf pair of their own
    //    (4 down, 4 up each);
    //  - SN5600 leaf (128 x 400G) for servers at about 4:3: 128 x 4 / 7 = 73 down, 73 x 3 / 4 = 54
    //    up; 288 / 73 = 3.9, so 4 leaves in 2 pairs, the first pair full (73 + 73), the second the
    //    rest (71 + 71); uplinks in proportion, rounded up: 54 x 71 / 73 = 52.5 -> 53, so
    //    54 + 54 + 53 + 53 = 214;
    //  - 214 + 8 = 222 leaf-spine links over 128-port spines: 2 spines;
    //  - 6 + 2 = 8 SN5600 on the storage network, none InfiniBand, and no storage subnet manager:
    //    the design's 2 UFM appliances are the compute fabric's pair.
    void gb200StorageOnConvergedEthernet()
    {
        const GenerateResult r = generate(
            QStringLiteral("dgx-gb200-nvl72"), 8, QStringLiteral("qm9700"), true, QStringLiteral("ddn-ai400x2"));
        QVERIFY2(r.ok(), qPrintable(r.error));
        const Design& d = *r.design;

        std::map<QString, int> storageSwitches; // tier -> count, all SN5600
        std::set<quint32> storageIds;
        int ufms = 0;
        d.nodes().forEach([&](const Node& n) {
            const CatalogItem* item = d.item(n.sku);
            if (item->kind == ItemKind::Switch && n.network == Network::Storage) {
                QCOMPARE(n.sku, QStringLiteral("sn5600"));
                QCOMPARE(item->switchSpec->technology, QStringLiteral("ethernet"));
                ++storageSwitches[n.tier == FabricTier::Leaf ? QStringLiteral("leaf") : QStringLiteral("spine")];
                storageIds.insert(n.id.value());
            }
            ufms += n.name.startsWith(QLatin1String("ufm")) ? 1 : 0;
        });
        QCOMPARE(storageSwitches[QStringLiteral("leaf")], 6);
        QCOMPARE(storageSwitches[QStringLiteral("spine")], 2);
        QCOMPARE(ufms, 2);

        int trayLinks = 0;
        int arrayLinks = 0;
        int leafSpine = 0;
        d.links().forEach([&](const Link& l) {
            QVERIFY2(!l.cableSku.isEmpty(), "every link is cabled");
            const Node* a = d.node(l.a.node);
            const Node* b = d.node(l.b.node);
            const bool aStorage = storageIds.contains(a->id.value());
            const bool bStorage = storageIds.contains(b->id.value());
            if (aStorage && bStorage && a->tier != b->tier)
                ++leafSpine;
            for (const auto& [host, sw] : {std::pair{a, bStorage}, std::pair{b, aStorage}}) {
                if (!sw)
                    continue;
                trayLinks += host->sku == QLatin1String("dgx-gb200-nvl72") ? 1 : 0;
                arrayLinks += host->sku == QLatin1String("ddn-ai400x2") ? 1 : 0;
            }
        });
        QCOMPARE(trayLinks, 288);
        QCOMPARE(arrayLinks, 8);
        QCOMPARE(leafSpine, 222);

        // Every compute tray reaches the storage systems over two leaves: storage port p of a rack
        // is BlueField-3 p, on tray p / 2, and a tray's two ports land on the two leaves of a pair,
        // which reach the storage systems' leaves through the spines.
        d.nodes().forEach([&](const Node& n) {
            if (n.sku != QLatin1String("dgx-gb200-nvl72"))
                return;
            const CatalogItem* rack = d.item(n.sku);
            int first = 0;
            for (const PortGroup& g : rack->portGroups) {
                if (g.role == PortRole::Storage)
                    break;
                first += g.count;
            }
            for (int tray = 0; tray < 18; ++tray) {
                std::set<quint32> leaves;
                for (int k = 0; k < 2; ++k) {
                    const Link* l = d.link(d.linkAt(PortRef{n.id, first + 2 * tray + k}));
                    QVERIFY2(l, qPrintable(QStringLiteral("%1 tray %2 has no storage link").arg(n.name).arg(tray)));
                    const NodeId far = l->a.node == n.id ? l->b.node : l->a.node;
                    QVERIFY(storageIds.contains(far.value()));
                    leaves.insert(far.value());
                }
                QCOMPARE(leaves.size(), size_t(2));
            }
        });

        // The BlueField-3 and storage-system cages are QSFP112: each takes the catalog's 400G
        // QSFP112 module (NVIDIA MMA1Z00-NS400), and the bill of materials buys one per cage:
        // 288 storage + 288 in-band tray ports + 8 ddn-ai400x2 ports = 584.
        int qsfp112Modules = 0;
        const BillOfMaterials bom = BillOfMaterials::of(d);
        for (const BomLine& line : bom.lines())
            qsfp112Modules += line.sku == QLatin1String("mma1z00-ns400") ? line.quantity : 0;
        QCOMPARE(qsfp112Modules, 584);

        // As `failures` sees it: every host link of the storage network belongs to a host that
        // reaches the storage systems, (288 + 8) x 400 Gb/s = 118,400 Gb/s, and no single storage
        // switch lost cuts a rack or the storage system off.
        const ServiceReach reach(d, Network::Storage);
        QCOMPARE(reach.switches().size(), size_t(8));
        QCOMPARE(reach.hostGbps(), 118400.0);
        for (NodeId sw : reach.switches())
            QVERIFY2(reach.without(sw).cutOff.empty(), qPrintable(d.node(sw)->name));

        ValidationOptions vo;
        vo.fabricAnalysis = false;
        bool named = false;
        for (const Finding& f : validate(d, vo)) {
            QVERIFY2(f.severity != Severity::Error, qPrintable(f.code + QStringLiteral(": ") + f.message));
            QVERIFY2(f.code != QLatin1String("LINK-UNCABLED"), qPrintable(f.message));
            named = named
                || (f.code == QLatin1String("DESIGN-REFERENCE")
                    && f.message.contains(QLatin1String("Storage and In-band Ethernet Fabric")));
        }
        QVERIFY2(named, "the derived storage fabric is a DESIGN-REFERENCE finding");
    }

    // The GB300 NVL72 takes its SU from RA-11338 and its converged fabric from the NVL72 AI Factory
    // RA (storage_fabric): storage on SN5600, no InfiniBand storage fabric. One SU on Q3400, by
    // hand: 8 racks x 18 BlueField-3 storage ports = 144, one leaf pair at 72 down, 54 up each; the
    // ddn-ai400x2's 8 ports on a pair of their own, 4 up each; 108 + 8 = 116 uplinks fit one
    // 128-port spine, but that spine would carry every rack's storage, so there are 2 (no single
    // storage switch lost cuts a rack off). The 2 UFM appliances are the compute fabric's (XDR).
    void gb300StorageHasNoSingleSpine()
    {
        const GenerateResult r = generate(
            QStringLiteral("dgx-gb300-nvl72"), 8, QStringLiteral("q3400"), true, QStringLiteral("ddn-ai400x2"));
        QVERIFY2(r.ok(), qPrintable(r.error));
        const Design& d = *r.design;
        int leaves = 0;
        int spines = 0;
        int ufms = 0;
        d.nodes().forEach([&](const Node& n) {
            if (n.network == Network::Storage && d.item(n.sku)->kind == ItemKind::Switch) {
                QCOMPARE(n.sku, QStringLiteral("sn5600"));
                (n.tier == FabricTier::Leaf ? leaves : spines) += 1;
            }
            ufms += n.name.startsWith(QLatin1String("ufm")) ? 1 : 0;
        });
        QCOMPARE(leaves, 4);
        QCOMPARE(spines, 2);
        QCOMPARE(ufms, 2);
        const ServiceReach reach(d, Network::Storage);
        QCOMPARE(reach.hostGbps(), (144 + 8) * 400.0);
        for (NodeId sw : reach.switches())
            QVERIFY2(reach.without(sw).cutOff.empty(), qPrintable(d.node(sw)->name));
    }

    // OPTICS-TWIN-FIBER on 800G Ethernet cages (NVIDIA's twin-port module specifications: both
    // fibers of a twin-port module the same type; reference-architectures-2025.md section 5): a
    // GB300 SuperPOD with storage and management generates with one media per SN5600 cage, and a
    // cage mixed by hand (copper beside a fibre) is a finding.
    void ethernetTwinCagesRunOneMedia()
    {
        const GenerateResult r = generate(
            QStringLiteral("dgx-gb300-nvl72"), 8, QStringLiteral("q3400"), true, QStringLiteral("ddn-ai400x2"));
        QVERIFY2(r.ok(), qPrintable(r.error));
        ValidationOptions vo;
        vo.fabricAnalysis = false;
        vo.tierChecks = false;
        auto twinFindings = [&](const Design& d) {
            int n = 0;
            for (const Finding& f : validate(d, vo))
                n += f.code == QLatin1String("OPTICS-TWIN-FIBER");
            return n;
        };
        Design d = *r.design;
        QCOMPARE(twinFindings(d), 0);
        // Put a copper cable on one link of an SN5600 cage whose two links run fibre.
        const CatalogItem* dac = mCatalog->item(QStringLiteral("dac-800g-osfp"));
        QVERIFY(dac);
        d.recordItem(*dac);
        bool mixed = false;
        d.nodes().forEach([&](const Node& n) {
            const CatalogItem* item = d.item(n.sku);
            if (mixed || !item || !item->switchSpec || item->switchSpec->technology != QLatin1String("ethernet")
                || item->portGroups.front().portsPerCage != 2)
                return;
            const LinkId a = d.linkAt(PortRef{n.id, 0});
            const LinkId b = d.linkAt(PortRef{n.id, 1});
            if (!a.isValid() || !b.isValid() || d.link(b)->transceiverSku.isEmpty())
                return;
            Link l = *d.link(a);
            l.cableSku = dac->sku;
            l.transceiverSku.clear();
            d.replaceLink(l);
            mixed = true;
        });
        QVERIFY(mixed);
        QCOMPARE(twinFindings(d), 1);
    }

    // Issue 26: every in-band uplink of a 16-SU design has a cable. The BlueField-3 in-band ports
    // (QSFP112, 400/200G) share no speed with the SN4600C in-band spines (100G), so they land on
    // SN5600 access leaves of 96 down and 32 up (a quarter of 128 ports) uplinked at 100 GbE.
    //   GB300: 128 racks x 18 trays = 2,304 ports / 96 = 24 leaves; 24 x 32 = 768 uplinks.
    //   GB200: 128 racks x 36 BlueField-3 = 4,608 ports / 96 = 48 leaves; 48 x 32 = 1,536 uplinks.
    // Within the 2 m of the MCP7Y60 splitter DAC an uplink is copper; beyond it (675 and 1,465 of
    // them were left uncabled), the SN5600 cage takes the twin-port 2x DR4 module in 100G breakout
    // and the SN4600C cage a 100GBASE-DR QSFP28, over duplex LC single-mode fibre (500 m).
    void inBandUplinksAreCabledAtSixteenSu_data()
    {
        QTest::addColumn<QString>("server");
        QTest::addColumn<QString>("switchSku");
        QTest::addColumn<int>("leaves");
        QTest::addColumn<int>("uplinks");
        QTest::newRow("gb300 q3400") << QStringLiteral("dgx-gb300-nvl72") << QStringLiteral("q3400") << 24 << 768;
        QTest::newRow("gb200 qm9700") << QStringLiteral("dgx-gb200-nvl72") << QStringLiteral("qm9700") << 48 << 1536;
    }
    void inBandUplinksAreCabledAtSixteenSu()
    {
        QFETCH(QString, server);
        QFETCH(QString, switchSku);
        QFETCH(int, leaves);
        QFETCH(int, uplinks);
        const GenerateResult r = generate(server, 128, switchSku, true); // with management networks
        QVERIFY2(r.ok(), qPrintable(r.error));
        const Design& d = *r.design;
        auto inBand = [&](NodeId id, const char* sku) {
            const Node* n = d.node(id);
            return n->network == Network::InBand && n->sku == QLatin1String(sku);
        };
        int sn5600Leaves = 0;
        d.nodes().forEach([&](const Node& n) { sn5600Leaves += inBand(n.id, "sn5600") && n.tier == FabricTier::Leaf; });
        QCOMPARE(sn5600Leaves, leaves);
        const OpticsRules::Items parts = OpticsRules::partsOf(d);
        int uncabled = 0;
        int copper = 0;
        int optical = 0;
        d.links().forEach([&](const Link& l) {
            uncabled += l.cableSku.isEmpty();
            const bool up = (inBand(l.a.node, "sn5600") && inBand(l.b.node, "sn4600c"))
                || (inBand(l.a.node, "sn4600c") && inBand(l.b.node, "sn5600"));
            if (!up)
                return;
            QCOMPARE(d.linkSpeedGbps(l), 100);
            if (l.cableSku == QLatin1String("dac-2x200g-qsfp56-splitter")) {
                QVERIFY(l.lengthM <= 2.0);
                ++copper;
                return;
            }
            QCOMPARE(l.cableSku, QStringLiteral("fiber-lc-sm-400g"));
            QVERIFY(l.lengthM <= 500.0);
            const OpticsRules::Ends ends = OpticsRules::endModules(d, parts, l);
            QVERIFY(ends.a && ends.b);
            const bool sn5600AtA = inBand(l.a.node, "sn5600");
            QCOMPARE((sn5600AtA ? ends.a : ends.b)->sku, QStringLiteral("osfp-2xdr4-100g-breakout"));
            QCOMPARE((sn5600AtA ? ends.b : ends.a)->sku, QStringLiteral("qsfp28-100g-dr"));
            ++optical;
        });
        QCOMPARE(copper + optical, uplinks);
        QVERIFY(optical > 0);
        QCOMPARE(uncabled, 0);
    }

    // Issue 26: one in-band switch lost cuts no rack off management. GB300 on Q3400, the in-band
    // tray ports on SN5600 leaves of 96 down:
    //   2 SU: 16 racks x 18 = 288 ports / 96 = 3 leaves, an odd count, so the three stand together
    //   and each rack's 18 ports alternate over them: 6 on each. Packed in order, racks 1-5 (90
    //   ports) sat wholly on the first leaf, whose loss cut 5 x 72 = 360 GPUs off in-band
    //   management, and `options` named it the worst single failure.
    //   1 SU: 8 x 18 = 144 ports / 96 = 2 leaves, a pair: 9 ports of each rack on each. Their 2 x 48
    //   uplinks fit one SN4600C spine, whose loss cut all 8 racks (576 GPUs) off the head nodes,
    //   which sit on SN4600C leaves of their own: the in-band network now has two spines at least.
    // No in-band switch loses a GPU, and the worst single switch or rack loss is one NVL72 rack
    // itself: 72 GPUs.
    void inBandLeafLossCutsNoRackOff_data()
    {
        QTest::addColumn<int>("racks");
        QTest::addColumn<int>("leaves");
        QTest::addColumn<int>("portsPerLeaf");
        QTest::newRow("1 SU") << 8 << 2 << 9;
        QTest::newRow("2 SU") << 16 << 3 << 6;
    }
    void inBandLeafLossCutsNoRackOff()
    {
        QFETCH(int, racks);
        QFETCH(int, leaves);
        QFETCH(int, portsPerLeaf);
        const GenerateResult r = generate(QStringLiteral("dgx-gb300-nvl72"), racks, QStringLiteral("q3400"), true);
        QVERIFY2(r.ok(), qPrintable(r.error));
        const Design& d = *r.design;
        std::map<quint32, std::map<quint32, int>> leavesOfRack; // rack -> in-band SN5600 leaf -> ports
        d.links().forEach([&](const Link& l) {
            const Node* a = d.node(l.a.node);
            const Node* b = d.node(l.b.node);
            const Node* rack = d.item(a->sku)->gpuCount() > 0 ? a : d.item(b->sku)->gpuCount() > 0 ? b : nullptr;
            const Node* leaf = rack == a ? b : a;
            if (rack && leaf->network == Network::InBand && leaf->sku == QLatin1String("sn5600"))
                ++leavesOfRack[rack->id.value()][leaf->id.value()];
        });
        QCOMPARE(int(leavesOfRack.size()), racks);
        for (const auto& [rack, reached] : leavesOfRack) {
            QCOMPARE(int(reached.size()), leaves);
            for (const auto& [leaf, ports] : reached)
                QCOMPARE(ports, portsPerLeaf);
        }
        const FailureDomains f = FailureDomains::of(d);
        int worst = 0;
        for (const FailureScenario& s : f.scenarios) {
            if (s.kind == FailureKind::Switch && s.network == Network::InBand)
                QVERIFY2(s.gpusLost == 0, qPrintable(s.entity + QStringLiteral(": ") + s.effect));
            if (s.kind == FailureKind::Switch || s.kind == FailureKind::Rack)
                worst = std::max(worst, s.gpusLost);
        }
        QCOMPARE(worst, 72);
    }
};

QTEST_GUILESS_MAIN(TestNvl72SuperPod)
#include "tst_nvl72superpod.moc"
