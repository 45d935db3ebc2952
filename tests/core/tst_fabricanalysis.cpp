#include "catalog/catalog.h"
#include "generate/fabricgenerator.h"
#include "topology/fabricanalyzer.h"
#include "topology/fabricgraph.h"
#include "topology/maxflownetwork.h"

#include <QtTest>

#include <random>

using namespace pw;

// Bisection, oversubscription, degraded cases and diameter against hand computation.
class TestFabricAnalysis : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<Catalog> mCatalog;

    Design make(GeneratorOptions o)
    {
        o.management = false;
        GenerateResult r = FabricGenerator::generate(o, *mCatalog);
        if (!r.ok())
            qFatal("generate failed: %s", qPrintable(r.error));
        return std::move(*r.design);
    }
    static GeneratorOptions fatTree(int k)
    {
        GeneratorOptions o;
        o.topology = TopologyKind::FatTree;
        o.switchSku = QStringLiteral("qm9700");
        o.radix = k;
        return o;
    }

private Q_SLOTS:
    void initTestCase()
    {
        mCatalog = std::make_unique<Catalog>();
        mCatalog->loadDirectory(qEnvironmentVariable("PODWRIGHT_CATALOG_DIR"));
    }

    // k = 4: 16 hosts at 400 Gb/s, 8 per half: 3,200 Gb/s across; 20 switches; 5 switch hops;
    // losing an aggregation switch halves one pod's uplinks: (1600 + 800) / 3200 = 0.75.
    void fatTreeK4ByHand()
    {
        const FabricReport r = analyzeFabric(make(fatTree(4)));
        QCOMPARE(r.servers, 16);
        QCOMPARE(r.leafSwitches, 8);
        QCOMPARE(r.spineSwitches, 8);
        QCOMPARE(r.coreSwitches, 4);
        QCOMPARE(r.bisectionGbps, 3200.0);
        QCOMPARE(r.bisectionRatio, 1.0);
        QCOMPARE(r.diameterHops, 5);
        QVERIFY(r.oneSpineLostRatio);
        QCOMPARE(*r.oneSpineLostRatio, 0.75);
        QVERIFY(r.cutsExamined >= 6);
        // (k/2)^2 = 4 shortest paths between hosts in different pods.
        QCOMPARE(r.pathDiversityShortestPaths, 4.0);
    }

    // k = 8: 128 hosts, 80 switches, 64 x 400 Gb/s across, 16 core paths between pods.
    void fatTreeK8ByHand()
    {
        const FabricReport r = analyzeFabric(make(fatTree(8)));
        QCOMPARE(r.servers, 128);
        QCOMPARE(r.leafSwitches + r.spineSwitches + r.coreSwitches, 80);
        QCOMPARE(r.bisectionGbps, 64 * 400.0);
        QCOMPARE(r.bisectionRatio, 1.0);
        QCOMPARE(r.pathDiversityShortestPaths, 16.0);
        QCOMPARE(r.oversubscription.at(QStringLiteral("leaf")).worst, 1.0);
        QCOMPARE(r.oversubscription.at(QStringLiteral("spine")).worst, 1.0);
    }

    void fullRailOptimizedIsFull_data()
    {
        QTest::addColumn<int>("nodes");
        QTest::newRow("1 SU") << 31;
        QTest::newRow("4 SU") << 127;
        QTest::newRow("16 SU, three tiers") << 511;
    }
    void fullRailOptimizedIsFull()
    {
        QFETCH(int, nodes);
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-h100");
        o.nodes = nodes;
        o.switchSku = QStringLiteral("qm9700");
        const FabricReport r = analyzeFabric(make(o));
        QCOMPARE(r.bisectionRatio, 1.0);
        // One SU: every server reaches every other on its rail leaf, one switch hop.
        QCOMPARE(r.diameterHops, r.tiers == 3 ? 5 : nodes < 32 ? 1 : 3);
        // Inside one SU the rail leaves carry everything, so a spine loss only shows across SUs.
        if (nodes < 32)
            QCOMPARE(*r.oneSpineLostRatio, 1.0);
        else
            QVERIFY(*r.oneSpineLostRatio < 1.0 && *r.oneSpineLostRatio > 0.7);
    }

    // A 2:1 leaf halves the bisection; random splits alone would hide it (fabric-rules.md).
    void oversubscribedLeafGivesHalf()
    {
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-h100");
        o.nodes = 128;
        o.switchSku = QStringLiteral("qm9700");
        o.oversubscription = Oversubscription{2, 1};
        const FabricReport r = analyzeFabric(make(o));
        QCOMPARE(r.bisectionRatio, 0.5);
        QCOMPARE(r.oversubscription.at(QStringLiteral("leaf")).worst, 2.0);
        QVERIFY(r.worstSplit != QLatin1String("random"));
    }

    // Wiring mistake the analytic check cannot see: two halves on disjoint spines. Every leaf is
    // 1:1, yet nothing crosses between the halves.
    void disjointHalvesHaveZeroBisection()
    {
        Design d;
        for (const char* sku : {"generic-host", "qm9700"})
            d.recordItem(*mCatalog->item(QString::fromLatin1(sku)));
        auto add = [&](const char* sku, FabricTier tier) {
            Node n;
            n.id = d.allocateNodeId();
            n.sku = QString::fromLatin1(sku);
            n.name = QStringLiteral("n%1").arg(n.id.value());
            n.network = tier == FabricTier::None ? Network::None : Network::Compute;
            n.tier = tier;
            d.insertNode(n);
            return n.id;
        };
        auto link = [&](NodeId a, int pa, NodeId b, int pb) {
            Link l;
            l.id = d.allocateLinkId();
            l.a = PortRef{a, pa};
            l.b = PortRef{b, pb};
            d.insertLink(l);
        };
        NodeId leaves[2] = {add("qm9700", FabricTier::Leaf), add("qm9700", FabricTier::Leaf)};
        NodeId spines[2] = {add("qm9700", FabricTier::Spine), add("qm9700", FabricTier::Spine)};
        for (int half = 0; half < 2; ++half) {
            for (int h = 0; h < 2; ++h)
                link(add("generic-host", FabricTier::None), 0, leaves[half], h);
            link(leaves[half], 2, spines[half], 0);
            link(leaves[half], 3, spines[half], 1);
        }
        QCOMPARE(d.checkInvariants(), std::nullopt);
        const FabricReport r = analyzeFabric(d);
        QCOMPARE(r.oversubscription.at(QStringLiteral("leaf")).worst, 1.0);
        QCOMPARE(r.bisectionGbps, 0.0);
        QCOMPARE(r.bisectionRatio, 0.0);
    }

    // One plane lost (issue 3): in a rail-optimized fabric whose leaves each carry one rail, a rail
    // is a plane; losing rail 1's leaves takes one of the eight links of every server: 7/8.
    void onePlaneLost_data()
    {
        QTest::addColumn<int>("nodes");
        QTest::newRow("2 SU, two tiers") << 64;
        QTest::newRow("16 SU, three tiers") << 512;
    }
    void onePlaneLost()
    {
        QFETCH(int, nodes);
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-h100");
        o.nodes = nodes;
        o.switchSku = QStringLiteral("qm9700");
        const FabricReport r = analyzeFabric(make(o));
        QCOMPARE(r.planes, 8);
        QVERIFY(r.onePlaneLostRatio);
        QCOMPARE(*r.onePlaneLostRatio, 0.875);
        QVERIFY2(r.onePlaneLostNote.contains(QStringLiteral("rail 1 of 8")), qPrintable(r.onePlaneLostNote));
        // The plane is the rail's leaves: 2 (or 16) of them, the spines join every rail.
        QVERIFY2(r.onePlaneLostNote.contains(QStringLiteral("(%1 switches)").arg(nodes / 32)),
            qPrintable(r.onePlaneLostNote));
        const QJsonObject j = r.toJson();
        QCOMPARE(j[QStringLiteral("degraded")][QStringLiteral("one_plane_lost_ratio")].toDouble(), 0.875);
    }
    // Fabrics without planes report null and why.
    void noPlanesIsNullWithAReason()
    {
        const FabricReport ft = analyzeFabric(make(fatTree(4)));
        QVERIFY(!ft.onePlaneLostRatio);
        QVERIFY2(ft.onePlaneLostNote.contains(QStringLiteral("one rail")), qPrintable(ft.onePlaneLostNote));
        QVERIFY(ft.toJson()[QStringLiteral("degraded")][QStringLiteral("one_plane_lost_ratio")].isNull());
        GeneratorOptions ls;
        ls.topology = TopologyKind::LeafSpine;
        ls.serverSku = QStringLiteral("dgx-h100");
        ls.nodes = 16;
        ls.switchSku = QStringLiteral("qm9700");
        const FabricReport r = analyzeFabric(make(ls));
        QVERIFY(!r.onePlaneLostRatio);
        QVERIFY2(r.onePlaneLostNote.contains(QStringLiteral("more than one rail")), qPrintable(r.onePlaneLostNote));
    }

    // The fast max-flow (servers contracted into terminal arcs, Dinic on compressed rows) against
    // Boost push-relabel on the whole graph: equal on random splits, partial splits and failures.
    // The warm start (maxFlowFrom, what the failure domains use) too: from the solved flow of the
    // half split and from that of the previous run, each far from the next run's split, so the
    // cancelling of flow over lowered terminals and through failed switches is exercised hard.
    void maxFlowAgreesWithBoostPushRelabel_data()
    {
        QTest::addColumn<int>("which");
        QTest::newRow("fat-tree k=4") << 0;
        QTest::newRow("fat-tree k=8") << 1;
        QTest::newRow("rail 2 SU, 2:1 leaves") << 2;
        QTest::newRow("rail 16 SU, three tiers") << 3;
        QTest::newRow("leaf-spine 3:1") << 4;
    }
    void maxFlowAgreesWithBoostPushRelabel()
    {
        QFETCH(int, which);
        GeneratorOptions o;
        o.switchSku = QStringLiteral("qm9700");
        switch (which) {
        case 0:
            o = fatTree(4);
            break;
        case 1:
            o = fatTree(8);
            break;
        case 2:
            o.serverSku = QStringLiteral("dgx-h100");
            o.nodes = 60;
            o.oversubscription = Oversubscription{2, 1};
            break;
        case 3:
            o.serverSku = QStringLiteral("dgx-h100");
            o.nodes = 500;
            break;
        default:
            o.topology = TopologyKind::LeafSpine;
            o.serverSku = QStringLiteral("dell-xe9680");
            o.nodes = 40;
            o.oversubscription = Oversubscription{3, 1};
        }
        const Design d = make(o);
        const FabricGraph g(d);
        MaxFlowNetwork net(g);
        std::mt19937 rng(7);
        const size_t n = g.servers().size();
        std::vector<int> switches;
        for (size_t v = 0; v < g.vertices().size(); ++v)
            if (!g.vertices()[v].server)
                switches.push_back(static_cast<int>(v));
        const int runs = which == 3 ? 6 : 24;
        std::vector<signed char> firstHalf(n);
        for (size_t i = 0; i < n; ++i)
            firstHalf[i] = i < n / 2 ? 0 : 1;
        MaxFlowNetwork::Flow halves;
        MaxFlowNetwork::Flow previous;
        const long long intact = net.maxFlow(firstHalf, {}, &halves);
        QVERIFY(intact > 0);
        for (int run = 0; run < runs; ++run) {
            std::vector<signed char> side(n);
            for (size_t i = 0; i < n; ++i)
                side[i] = static_cast<signed char>(
                    run % 3 == 2 ? static_cast<int>(rng() % 3) - 1 : static_cast<int>(rng() % 2));
            if (run % 4 == 0) // a structural split: first half against the rest
                for (size_t i = 0; i < n; ++i)
                    side[i] = i < n / 2 ? 0 : 1;
            std::vector<int> lost;
            if (run % 2 == 1)
                for (int k = 0; k < 1 + run % 3; ++k)
                    lost.push_back(switches[rng() % switches.size()]);
            const long long fromHalves = net.maxFlowFrom(halves, side, lost);
            const long long fromPrevious = run == 0 ? fromHalves : net.maxFlowFrom(previous, side, lost);
            const long long fast = net.maxFlow(side, lost, &previous);
            const long long reference = MaxFlowNetwork::referenceMaxFlow(g, side, lost);
            QVERIFY2(fast == reference,
                qPrintable(QStringLiteral("run %1: %2 against %3").arg(run).arg(fast).arg(reference)));
            QVERIFY2(fromHalves == reference && fromPrevious == reference,
                qPrintable(QStringLiteral("run %1: warm %2 and %3 against %4")
                               .arg(run)
                               .arg(fromHalves)
                               .arg(fromPrevious)
                               .arg(reference)));
        }
        // Reuse leaves no trace: the same cut again gives the same answer.
        std::vector<signed char> half(n);
        for (size_t i = 0; i < n; ++i)
            half[i] = i < n / 2 ? 0 : 1;
        QCOMPARE(net.maxFlow(half), MaxFlowNetwork::referenceMaxFlow(g, half));
    }

    void reportJsonHasTheContractKeys()
    {
        const QJsonObject j = analyzeFabric(make(fatTree(4))).toJson();
        for (const char* key : {"gpus", "servers", "compute_fabric", "switches_by_model", "cables", "transceivers",
                 "racks", "power_kw", "bisection", "oversubscription", "degraded", "diameter_hops"})
            QVERIFY2(j.contains(QLatin1String(key)), key);
        QCOMPARE(j[QStringLiteral("compute_fabric")][QStringLiteral("switches")][QStringLiteral("spine")].toInt(), 8);
        QCOMPARE(j[QStringLiteral("bisection")][QStringLiteral("ratio")].toDouble(), 1.0);
        QVERIFY(j[QStringLiteral("degraded")].toObject().contains(QStringLiteral("one_leaf_lost_ratio")));
        QVERIFY(j[QStringLiteral("degraded")].toObject().contains(QStringLiteral("one_plane_lost_ratio")));
    }
};

QTEST_GUILESS_MAIN(TestFabricAnalysis)
#include "tst_fabricanalysis.moc"
