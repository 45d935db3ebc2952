#include "catalog/catalog.h"
#include "generate/fabricgenerator.h"
#include "sizing/workloadsizer.h"
#include "topology/fabricanalyzer.h"
#include "validate/designrules.h"

#include <QtTest>

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

    GenerateResult generate(const QString& sku, int racks, const QString& sw, bool management = false)
    {
        GeneratorOptions o;
        o.serverSku = sku;
        o.nodes = racks;
        o.switchSku = sw;
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

    // GB300 NVL72 on Quantum-X800 Q3400 (XDR), chosen by the switch dial: 4 ConnectX-8 per tray at
    // 800G; a Q3400 leaf takes the rail of 3 racks (54 down, 54 up, one port kept for the subnet
    // manager; derived by the same rule, no published GB300 InfiniBand table). GB200 on QM9700 and
    // GB300 on Q3400, with management: every compute link at the switch's speed, the UFM pair on
    // the ports the leaves keep, both on the fabric, no rack given up, no error finding.
    void managedDesignsValidate_data()
    {
        QTest::addColumn<QString>("sku");
        QTest::addColumn<QString>("sw");
        QTest::addColumn<int>("speed");
        QTest::addColumn<int>("leaves");
        QTest::newRow("gb200 qm9700") << QStringLiteral("dgx-gb200-nvl72") << QStringLiteral("qm9700") << 400 << 32;
        QTest::newRow("gb300 q3400") << QStringLiteral("dgx-gb300-nvl72") << QStringLiteral("q3400") << 800 << 12;
    }
    void managedDesignsValidate()
    {
        QFETCH(QString, sku);
        QFETCH(QString, sw);
        QFETCH(int, speed);
        QFETCH(int, leaves);
        const GenerateResult r = generate(sku, 8, sw, true);
        QVERIFY2(r.ok(), qPrintable(r.error));
        const Design& d = *r.design;
        const FabricReport f = analyzeFabric(d, countsOnly());
        QCOMPARE(f.servers, 8);
        QCOMPARE(f.gpus, 576);
        QCOMPARE(f.leafSwitches, leaves);
        QCOMPARE(f.nodeLeafLinks, 576);
        QCOMPARE(f.otherLeafLinks, 4); // the UFM pair's 2 x 2 ports
        int computeLinks = 0;
        d.links().forEach([&](const Link& l) {
            if (d.node(l.a.node)->network == Network::Compute && d.node(l.b.node)->network == Network::Compute) {
                ++computeLinks;
                QCOMPARE(d.linkSpeedGbps(l), speed);
            }
        });
        QVERIFY(computeLinks > 0);
        ValidationOptions vo;
        vo.fabricAnalysis = false;
        for (const Finding& finding : validate(d, vo))
            QVERIFY2(
                finding.severity != Severity::Error, qPrintable(finding.code + QStringLiteral(": ") + finding.message));
    }

    // Planes on an NVL72: refused with the reason (each tray NIC is one port and one rail of the
    // RA-11338 fabric; the NVL72 enterprise RA's multi-plane GB300 splits each ConnectX-8 into
    // 2 x 400G, which the model does not), never a half-built fabric; one plane generates.
    void planesRefusedWithReason()
    {
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-gb300-nvl72");
        o.nodes = 8;
        o.switchSku = QStringLiteral("q3400");
        o.management = false;
        o.planes = 2;
        const GenerateResult refused = FabricGenerator::generate(o, *mCatalog);
        QVERIFY(!refused.ok());
        QVERIFY(!refused.design);
        for (const char* part : {"2 compute planes for dgx-gb300-nvl72", "not modelled for rack-scale systems",
                 "18 compute trays 4 NICs of one port each", "2 x 400G", "Generate with one plane"})
            QVERIFY2(refused.error.contains(QLatin1String(part)), qPrintable(refused.error));
        o.planes = 1;
        QVERIFY(FabricGenerator::generate(o, *mCatalog).ok());
    }

    // OPTICS-TWIN-FIBER on 800G Ethernet cages (NVIDIA's twin-port module specifications: both
    // fibers of a twin-port module the same type; reference-architectures-2025.md section 5): a
    // GB300 SuperPOD with storage and management generates with one media per SN5600 cage, and a
    // cage mixed by hand (copper beside a fibre) is a finding.
    void ethernetTwinCagesRunOneMedia()
    {
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-gb300-nvl72");
        o.nodes = 8;
        o.switchSku = QStringLiteral("q3400");
        o.storageSku = QStringLiteral("ddn-ai400x2");
        o.management = true;
        const GenerateResult r = FabricGenerator::generate(o, *mCatalog);
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
};

QTEST_GUILESS_MAIN(TestNvl72SuperPod)
#include "tst_nvl72superpod.moc"
