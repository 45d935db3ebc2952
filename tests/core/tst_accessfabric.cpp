#include "helpers/testcatalog.h"

#include "generate/fabricgenerator.h"

#include <QtTest>

#include <map>
#include <set>

using namespace pw;

// The access networks at the size where two tiers stop working (ServiceNetworks::buildInBand,
// AccessFabric). A 64-port in-band spine layer reached by leaves of 16 uplinks: once more than 16
// spines are needed, a leaf cannot reach every spine, and the round-robin two-tier build left
// groups of leaves that shared no spine (a partitioned in-band network at 100,000 GPUs). Above that
// size the network is three tiers; the counts are worked by hand in the comments.
class TestAccessFabric : public QObject {
    Q_OBJECT

private:
    struct InBand {
        std::map<FabricTier, std::vector<NodeId>> byTier;
        std::map<quint32, std::multiset<quint32>> neighbours; // in-band switch -> in-band switches
        int oobUplinks = 0; // out-of-band switch uplinks on an in-band spine (not the spines' management ports)
        int oobSwitches = 0;
    };
    static InBand inBandOf(const Design& d)
    {
        InBand r;
        d.nodes().forEach([&](const Node& n) {
            if (n.network == Network::InBand && d.itemOf(n.id)->kind == ItemKind::Switch)
                r.byTier[n.tier].push_back(n.id);
            if (n.network == Network::OutOfBand && d.itemOf(n.id)->kind == ItemKind::Switch)
                ++r.oobSwitches;
        });
        d.links().forEach([&](const Link& l) {
            const Node* a = d.node(l.a.node);
            const Node* b = d.node(l.b.node);
            const bool aIn = a->network == Network::InBand && d.itemOf(a->id)->kind == ItemKind::Switch;
            const bool bIn = b->network == Network::InBand && d.itemOf(b->id)->kind == ItemKind::Switch;
            if (aIn && bIn) {
                r.neighbours[a->id.value()].insert(b->id.value());
                r.neighbours[b->id.value()].insert(a->id.value());
            }
            for (const auto& [x, y] : {std::pair{a, b}, std::pair{b, a}})
                if (x->network == Network::OutOfBand && y->network == Network::InBand && y->tier == FabricTier::Spine
                    && d.portGroup(l.a)->role == PortRole::Fabric && d.portGroup(l.b)->role == PortRole::Fabric)
                    ++r.oobUplinks;
        });
        return r;
    }
    static Design generate(int gpus)
    {
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-h100");
        o.gpus = gpus;
        o.switchSku = QStringLiteral("qm9700");
        GenerateResult g = FabricGenerator::generate(o, test::shippedCatalog());
        if (!g.ok())
            qFatal("generate failed: %s", qPrintable(g.error));
        return std::move(*g.design);
    }

private Q_SLOTS:
    // 100,000 GPUs: 12,500 DGX H100 x 2 in-band ports + 5 management servers x 2 = 25,010 ports,
    // 48 a leaf: 522 leaves of 16 uplinks (SN4600C, 64 ports). Two tiers would need
    // (522 x 16 + the OOB reserve) / 64 = 160 spines, far more than a leaf's 16 uplinks reach.
    // Three tiers: pods of P leaves and 16 spines, each spine P down, P up and its share of the
    // 1,856 reserved OOB uplink ports: P = 32 gives 17 pods, 272 spines, 7 reserved a spine:
    // 32 + 32 + 7 = 71 > 64; P = 28 gives 19 pods, 304 spines, ceil(1856 / 304) = 7: 63 <= 64.
    // Cores: spine j of the 19 pods sends 28 uplinks each to core group j: ceil(19 x 28 / 64) = 9
    // cores a group, 16 groups: 144 cores. 522 + 304 + 144 = 970 in-band switches.
    void threeTiersAt100kGpus()
    {
        const Design d = generate(100000);
        const InBand n = inBandOf(d);
        QCOMPARE(n.byTier.at(FabricTier::Leaf).size(), size_t(522));
        QCOMPARE(n.byTier.at(FabricTier::Spine).size(), size_t(304));
        QCOMPARE(n.byTier.at(FabricTier::Core).size(), size_t(144));
        // Every leaf reaches 16 distinct spines (its pod's), once each; but the last pair: the hosts'
        // ports alternate over pairs of leaves (dual-homing), so the last pair holds 25,010 - 520 x 48
        // = 50 ports, 25 each, and keeps the leaves' 48:16 over them: ceil(25 x 16 / 48) = 9 uplinks.
        const std::vector<NodeId>& leafList = n.byTier.at(FabricTier::Leaf);
        for (size_t i = 0; i < leafList.size(); ++i) {
            const std::multiset<quint32>& up = n.neighbours.at(leafList[i].value());
            const size_t expected = i + 2 < leafList.size() ? 16 : 9;
            QCOMPARE(up.size(), expected);
            QCOMPARE(std::set<quint32>(up.begin(), up.end()).size(), expected);
        }
        // Every spine: at most 28 leaves, 28 core links over the 9 cores of its group; within 64 ports.
        for (NodeId spine : n.byTier.at(FabricTier::Spine)) {
            int leaves = 0;
            std::set<quint32> cores;
            int coreLinks = 0;
            for (quint32 w : n.neighbours.at(spine.value())) {
                if (d.node(NodeId(w))->tier == FabricTier::Leaf)
                    ++leaves;
                else {
                    ++coreLinks;
                    cores.insert(w);
                }
            }
            QVERIFY(leaves >= 1 && leaves <= 28);
            QCOMPARE(coreLinks, 28);
            QCOMPARE(cores.size(), size_t(9));
            QVERIFY(d.linksOf(spine).size() <= size_t(65)); // 64 data ports and the management port
        }
        for (NodeId core : n.byTier.at(FabricTier::Core))
            QVERIFY(n.neighbours.at(core.value()).size() <= size_t(64));
        // One network: every in-band switch reaches every other.
        std::set<quint32> seen{n.byTier.at(FabricTier::Leaf).front().value()};
        std::vector<quint32> queue(seen.begin(), seen.end());
        for (size_t i = 0; i < queue.size(); ++i)
            for (quint32 w : n.neighbours.at(queue[i]))
                if (seen.insert(w).second)
                    queue.push_back(w);
        QCOMPARE(seen.size(), size_t(970));
        // The reserve holds: every out-of-band switch has its 2 uplinks on in-band spines.
        QCOMPARE(n.oobUplinks, 2 * n.oobSwitches);
    }

    // Below the limit nothing changes: 4,096 GPUs, 512 DGX H100: 1,034 ports, 22 leaves, 352 uplinks
    // plus the OOB reserve on ceil((352 + reserve) / 64) <= 16 spines: two tiers, every leaf on every spine.
    void twoTiersWhileLeavesReachEverySpine()
    {
        const Design d = generate(4096);
        const InBand n = inBandOf(d);
        QCOMPARE(n.byTier.count(FabricTier::Core), size_t(0));
        QCOMPARE(n.byTier.at(FabricTier::Leaf).size(), size_t(22));
        const size_t spines = n.byTier.at(FabricTier::Spine).size();
        QVERIFY(spines <= 16);
        for (NodeId leaf : n.byTier.at(FabricTier::Leaf)) {
            const std::multiset<quint32>& up = n.neighbours.at(leaf.value());
            QCOMPARE(std::set<quint32>(up.begin(), up.end()).size(), spines);
        }
        QCOMPARE(n.oobUplinks, 2 * n.oobSwitches);
    }
};

QTEST_GUILESS_MAIN(TestAccessFabric)
#include "tst_accessfabric.moc"
