#include "helpers/poweredracks.h"
#include "helpers/testcatalog.h"

#include "failures/failuredomains.h"
#include "floor/floorlayout.h"
#include "generate/fabricgenerator.h"
#include "topology/fabricanalyzer.h"

#include <QtTest>

using namespace pw;

// The failure domains (issue 17, section 4): for one switch, plane, PDU or power shelf, CDU loop,
// rack and row, the GPUs lost, the scheduler blocks affected, the bisection left and the power and
// cooling left. Every expected figure is worked by hand in the comment beside it.
class TestFailureDomains : public QObject {
    Q_OBJECT

private:
    static Design generate(GeneratorOptions o, bool management = false)
    {
        o.management = management;
        GenerateResult r = FabricGenerator::generate(o, test::shippedCatalog());
        if (!r.ok())
            qFatal("generate failed: %s", qPrintable(r.error));
        return std::move(*r.design);
    }
    static Design fatTreeK4()
    {
        GeneratorOptions o;
        o.topology = TopologyKind::FatTree;
        o.switchSku = QStringLiteral("qm9700");
        o.radix = 4;
        return generate(o);
    }
    static Design railOptimized(const char* server, int nodes)
    {
        GeneratorOptions o;
        o.serverSku = QLatin1String(server);
        o.nodes = nodes;
        o.switchSku = QStringLiteral("qm9700");
        return generate(o);
    }
    // `racks` racks of `perRack` DGX H100 and `pdus` pdu-3ph-60kw, no fabric, one row.
    static Design poweredRacks(int racks, int perRack, int pdus)
    {
        return test::poweredRacks("dgx-h100", racks, perRack, pdus, 16);
    }
    static const FailureScenario* find(const FailureDomains& f, FailureKind kind, const QString& entity)
    {
        for (const FailureScenario& s : f.scenarios)
            if (s.kind == kind && s.entity == entity)
                return &s;
        return nullptr;
    }
    static int count(const FailureDomains& f, FailureKind kind)
    {
        int n = 0;
        for (const FailureScenario& s : f.scenarios)
            if (s.kind == kind)
                n += s.equivalent;
        return n;
    }

private Q_SLOTS:
    // k = 4 fat tree: 16 one-GPU hosts (1.2 kW) at 400 Gb/s, 4 pods of 2 edge + 2 aggregation
    // switches, 4 cores, 20 QM9700 (1.72 kW): 16 x 1.2 + 20 x 1.72 = 53.6 kW. Racks: per pod one of its
    // 2 edges (U00p-01), one of its 4 hosts (U00p-02), one of its 2 aggregations (S00p-01), each
    // pod's second edge and aggregation traded with its neighbour pod's (FailureDomainPlacement);
    // the 4 cores split 2 + 2 over C-01 and C-02 (issue 26: no rack holds more than half a tier):
    // 4 x 3 + 2 = 14 racks. Slurm blocks: the 8 edges (leaves), 2 hosts each.
    void fatTreeK4ByHand()
    {
        const FailureDomains f = FailureDomains::of(fatTreeK4());
        QCOMPARE(f.gpus, 16);
        QCOMPARE(f.blockKind, QStringLiteral("leaf"));
        QCOMPARE(f.blocks, 8);
        QCOMPARE(f.intactBisectionRatio, 1.0);
        QCOMPARE(count(f, FailureKind::Switch), 20);
        QCOMPARE(count(f, FailureKind::Rack), 14);

        // One edge: its 2 hosts are cut off (2 GPUs, their leaf block); the other 14 hosts keep a
        // full fat tree: 1.0. Power left 53.6 - 1.72 = 51.88.
        const FailureScenario* edge = find(f, FailureKind::Switch, QStringLiteral("edge-p01-1"));
        QVERIFY(edge);
        QCOMPARE(edge->equivalent, 8);
        QCOMPARE(edge->gpusLost, 2);
        QCOMPARE(edge->cutOffServers.size(), size_t(2));
        QCOMPARE(edge->blocksAffected, QStringList{QStringLiteral("edge-p01-1")});
        QCOMPARE(*edge->bisectionRatio, 1.0);
        QCOMPARE(edge->powerLeftKw, 51.88);
        // One aggregation: pod 1's uplinks drop from 4 x 400 to 2 x 400 + (its edges' other
        // aggregation) -- across pods 1+2 | 3+4: (800 + 1600) / 3200 = 0.75; no host is touched.
        const FailureScenario* agg = find(f, FailureKind::Switch, QStringLiteral("agg-p01-1"));
        QVERIFY(agg);
        QCOMPARE(agg->equivalent, 8);
        QCOMPARE(agg->gpusLost, 0);
        QVERIFY(agg->blocksAffected.isEmpty());
        QCOMPARE(*agg->bisectionRatio, 0.75);
        // One core: every pod keeps 3 of its 4 core uplinks: 2 pods x 1200 / 3200 = 0.75.
        const FailureScenario* core = find(f, FailureKind::Switch, QStringLiteral("core-0001"));
        QVERIFY(core);
        QCOMPARE(core->equivalent, 4);
        QCOMPARE(*core->bisectionRatio, 0.75);
        // A core rack: 2 of the 4 cores (all 4 in C-01 before issue 26 took the bisection to 0):
        // every pod keeps 2 of its 4 core uplinks, across pods 1+2 | 3+4: 2 x 800 / 3200 = 0.5;
        // 53.6 - 2 x 1.72 = 50.16 kW left.
        const FailureScenario* coreRack = find(f, FailureKind::Rack, QStringLiteral("C-01"));
        QVERIFY(coreRack);
        QCOMPARE(coreRack->equivalent, 2);
        QCOMPARE(*coreRack->bisectionRatio, 0.5);
        QCOMPARE(coreRack->powerLeftKw, 50.16);
        // Pod 1's edge rack: edge 1 of pod 1 and edge 2 of pod 2, 2 one-link hosts each cut off
        // (4 GPUs, 2 leaf blocks; a host with one link depends on its edge wherever it stands); the
        // 12 hosts left keep full bisection. Pod 1's aggregation rack: aggregation 1 of pod 1 and 2
        // of pod 2: pods 1 and 2 keep 2 of their 4 uplinks each: across pods 1+2 | 3+4, 1600 of 3200
        // crosses: 0.5.
        const FailureScenario* edgeRack = find(f, FailureKind::Rack, QStringLiteral("U001-01"));
        QVERIFY(edgeRack);
        QCOMPARE(edgeRack->gpusLost, 4);
        QCOMPARE(edgeRack->blocksAffected.size(), 2);
        QCOMPARE(*edgeRack->bisectionRatio, 1.0);
        const FailureScenario* aggRack = find(f, FailureKind::Rack, QStringLiteral("S001-01"));
        QVERIFY(aggRack);
        QCOMPARE(aggRack->gpusLost, 0);
        QCOMPARE(*aggRack->bisectionRatio, 0.5);
        // Pod 1's host rack: 4 hosts down, 4 x 1.2 kW: 48.8 kW left, all of it air.
        const FailureScenario* hostRack = find(f, FailureKind::Rack, QStringLiteral("U001-02"));
        QVERIFY(hostRack);
        QCOMPARE(hostRack->gpusLost, 4);
        QCOMPARE(hostRack->serversLost, 4);
        QCOMPARE(hostRack->powerLeftKw, 48.8);
        QCOMPARE(hostRack->airLeftKw, 48.8);
        QCOMPARE(hostRack->liquidLeftKw, 0.0);
        // No planes: one rail.
        QCOMPARE(count(f, FailureKind::Plane), 0);
        QVERIFY(f.notes.join(QLatin1Char('\n')).contains(QStringLiteral("plane: the compute fabric has no planes")));
    }

    // 64 DGX H100 (8 GPUs, 8 x 400 Gb/s rails) in 2 scalable units: 16 rail leaves, 8 spines.
    // One leaf takes one rail of its SU's 32 servers: no GPU lost, 32 servers degraded, 32 x 400 =
    // 12,800 Gb/s, the SU's Slurm block; 7 of 8 rails left: 0.875, as `analyze` says.
    void railOptimizedByHand()
    {
        const Design d = railOptimized("dgx-h100", 64);
        const FailureDomains f = FailureDomains::of(d);
        const FabricReport fabric = analyzeFabric(d);
        QCOMPARE(f.gpus, 512);
        QCOMPARE(count(f, FailureKind::Switch), fabric.leafSwitches + fabric.spineSwitches);
        const FailureScenario* leaf = find(f, FailureKind::Switch, QStringLiteral("leaf-su01-r1"));
        QVERIFY(leaf);
        QCOMPARE(leaf->equivalent, 16);
        QCOMPARE(leaf->gpusLost, 0);
        QCOMPARE(leaf->degradedServers.size(), size_t(32));
        QCOMPARE(leaf->injectionLostGbps, 12800.0);
        QCOMPARE(leaf->blocksAffected.size(), 1);
        QCOMPARE(*leaf->bisectionRatio, 0.875);
        QCOMPARE(*leaf->bisectionRatio, *fabric.oneLeafLostRatio);
        // One spine: the same figure as the fabric analysis's degraded case (one definition).
        const FailureScenario* spine = find(f, FailureKind::Switch, QStringLiteral("spine-001"));
        QVERIFY(spine);
        QCOMPARE(spine->equivalent, 8);
        QCOMPARE(*spine->bisectionRatio, *fabric.oneSpineLostRatio);
        // One plane (rail 1: its 2 leaves): every server loses one of 8 links: 64 degraded, 0.875.
        const FailureScenario* plane = find(f, FailureKind::Plane, QStringLiteral("rail 1"));
        QVERIFY(plane);
        QCOMPARE(plane->equivalent, 8);
        QCOMPARE(plane->degradedServers.size(), size_t(64));
        QCOMPARE(plane->blocksAffected.size(), 2);
        QCOMPARE(*plane->bisectionRatio, *fabric.onePlaneLostRatio);
        // SU 1's network rack holds its rails 1, 3, 5, 7 and SU 2's rails 2, 4, 6, 8 (issue 26: the
        // units' even leaves traded places; before, it held SU 1's 8 leaves and cut its 32 servers
        // off, 256 GPUs). Now no server is cut off, all 64 keep 4 of 8 rails (degraded, 64 x 4 x 400
        // = 102,400 Gb/s lost), and across SU 1 | SU 2 each side keeps half its injection: 0.5.
        const FailureScenario* leafRack = find(f, FailureKind::Rack, QStringLiteral("U001-01"));
        QVERIFY(leafRack);
        QCOMPARE(leafRack->gpusLost, 0);
        QVERIFY(leafRack->cutOffServers.empty());
        QCOMPARE(leafRack->degradedServers.size(), size_t(64));
        QCOMPARE(leafRack->injectionLostGbps, 102400.0);
        QCOMPARE(*leafRack->bisectionRatio, 0.5);
        // A spine rack: 4 of the 8 spines (S001-01 and S001-02; before, all 8 in S001-01 made the
        // two SUs islands: 0): every leaf keeps 16 of its 32 uplinks: (8 - 4) / 8 = 0.5.
        const FailureScenario* spineRack = find(f, FailureKind::Rack, QStringLiteral("S001-01"));
        QVERIFY(spineRack);
        QCOMPARE(*spineRack->bisectionRatio, 0.5);
        // Every rack of the design is a scenario, or counted in one.
        QCOMPARE(count(f, FailureKind::Rack), fabric.racks);
        QVERIFY(count(f, FailureKind::Row) >= 2);
    }

    // Two racks of 4 DGX H100 (10.2 kW: 40.8 kW a rack) and pdu-3ph-60kw (20 W each).
    // One PDU a rack: a PDU lost takes its rack: 32 GPUs, 81.64 - 40.82 = 40.82 kW left.
    // Three PDUs a rack: 180 - 60 = 120 kW >= 40.8 kW: nothing lost, the rack runs without redundancy.
    void pduByHand()
    {
        const FailureDomains one = FailureDomains::of(poweredRacks(2, 4, 1));
        QCOMPARE(count(one, FailureKind::Pdu), 2);
        const FailureScenario* pdu = find(one, FailureKind::Pdu, QStringLiteral("R1-pdu1"));
        QVERIFY(pdu);
        QCOMPARE(pdu->equivalent, 2);
        QCOMPARE(pdu->gpusLost, 32);
        QCOMPARE(pdu->failedRacks.size(), size_t(1));
        QCOMPARE(pdu->powerLeftKw, 40.82);
        QVERIFY(!pdu->bisectionRatio); // no compute fabric

        const FailureDomains three = FailureDomains::of(poweredRacks(2, 4, 3));
        QCOMPARE(count(three, FailureKind::Pdu), 6);
        const FailureScenario* redundant = find(three, FailureKind::Pdu, QStringLiteral("R1-pdu1"));
        QVERIFY(redundant);
        QCOMPARE(redundant->equivalent, 6);
        QCOMPARE(redundant->gpusLost, 0);
        QCOMPARE(redundant->degradedRacks.size(), size_t(1));
        QVERIFY(redundant->failedRacks.empty());
        // The PDU itself (20 W) is the only load that goes: 2 x (40.8 + 0.06) - 0.02 = 81.7.
        QCOMPARE(redundant->powerLeftKw, 81.7);
        // Rack and row as well: a rack takes its 32 GPUs, the row both racks' 64.
        QCOMPARE(find(three, FailureKind::Rack, QStringLiteral("R1"))->gpusLost, 32);
        QCOMPARE(find(three, FailureKind::Row, QStringLiteral("row1"))->gpusLost, 64);
        QCOMPARE(find(three, FailureKind::Row, QStringLiteral("row1"))->powerLeftKw, 0.0);
    }

    // Two DGX GB200 NVL72 racks (139 kW each, catalog power_modes max_p from RA-11338's 1.2 MW per SU;
    // liquid share 0.85, an estimate) on one coolant loop of 2 CDUs (1 needed for 236.3 kW of liquid
    // heat + 1 spare). The loop lost stops both racks: 144 GPUs; the switches' air-cooled load is
    // left (the design's total minus 2 x 139 = 278 kW), no liquid heat and no
    // CDU capacity. The NVLink domains are the scheduler's blocks: 2, both affected.
    void cduLoopAndNvlinkBlocksByHand()
    {
        const Design d = railOptimized("dgx-gb200-nvl72", 2);
        const FailureDomains f = FailureDomains::of(d);
        QCOMPARE(f.gpus, 144);
        QCOMPARE(f.blockKind, QStringLiteral("NVLink domain"));
        QCOMPARE(f.blocks, 2);
        QCOMPARE(count(f, FailureKind::CduLoop), 1);
        const FailureScenario& loop = *std::find_if(f.scenarios.begin(), f.scenarios.end(),
            [](const FailureScenario& s) { return s.kind == FailureKind::CduLoop; });
        QCOMPARE(loop.gpusLost, 144);
        QCOMPARE(loop.failedRacks.size(), size_t(2));
        QCOMPARE(loop.blocksAffected.size(), 2);
        QVERIFY(!loop.bisectionRatio); // no servers left to split
        QCOMPARE(qRound(loop.powerLeftKw * 100), qRound((f.itMaxKw - 278) * 100));
        QCOMPARE(qRound(loop.liquidLeftKw * 100), 0);
        QCOMPARE(qRound(loop.airLeftKw * 100), qRound((f.itMaxKw - 278) * 100));
        QCOMPARE(loop.liquidCapacityLeftKw, 0.0);
        // One NVL72 rack: its 72 GPUs, its one NVLink block; 2 of the 8 power shelves (33 kW) of a
        // rack: 7 x 33 = 231 kW >= 139 kW carries it.
        int rackScenarios = 0;
        for (const FailureScenario& s : f.scenarios)
            if (s.kind == FailureKind::Rack && s.gpusLost == 72) {
                ++rackScenarios;
                QCOMPARE(s.blocksAffected.size(), 1);
                QCOMPARE(s.equivalent, 2);
            }
        QCOMPARE(rackScenarios, 1);
        QCOMPARE(count(f, FailureKind::Pdu), 16);
        for (const FailureScenario& s : f.scenarios)
            if (s.kind == FailureKind::Pdu)
                QCOMPARE(s.gpusLost, 0);
    }

    // 64 DGX H100 asked, 63 built (the UFM pair takes one slot), with a DDN storage fabric and the
    // management networks, every host dual-homed (ServiceNetworks: its ports alternate over a pair
    // of leaves). Storage (QM9700, radix 64): server leaves take 64 x 4 / 7 = 36 ports, 27 up;
    // 126 server ports: leaves 1-2 take 72 (36 each, every one of 36 servers on both), leaves 3-4
    // the other 54 (27 each, 27 servers on both). Leaves 5-6 hold the storage system (8 ports) and
    // the storage UFM pair (4): 6 ports each, at 1:1 6 uplinks each. Uplinks 2 x 27 + 2 x
    // ceil(27 x 27 / 36) = 21 + 2 x 6 = 108: 2 spines; 6 + 2 = 8 switches. Storage links at 400
    // Gb/s: (126 + 8 + 4) x 400 = 55,200. In-band (SN4600C, 48 down): 2 x 63 server ports and 2 x 5
    // management servers' at 100 Gb/s = 13,600; 136 ports need 3 leaves, a group of three taking
    // the ports in turn: 46, 45, 45, every host on two of them, the management servers' 10 ports
    // over all three; two spines (one would carry the 3 x 16 uplinks, but the in-band network has
    // at least two wherever it has spines, issue 26: under one, hosts on leaves without a head
    // node lost the scheduler with it). Out-of-band (SN2201): servers run on.
    void storageAndManagementSwitchesByHand()
    {
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-h100");
        o.nodes = 64;
        o.switchSku = QStringLiteral("qm9700");
        o.storageSku = QStringLiteral("ddn-ai400x2");
        const FailureDomains f = FailureDomains::of(generate(o, true));
        QCOMPARE(f.gpus, 504);
        auto switchesOf = [&](Network n) {
            int k = 0;
            for (const FailureScenario& s : f.scenarios)
                if (s.kind == FailureKind::Switch && s.network == n)
                    k += s.equivalent;
            return k;
        };
        QCOMPARE(switchesOf(Network::Storage), 8);
        QCOMPARE(switchesOf(Network::InBand), 5);
        QVERIFY(switchesOf(Network::OutOfBand) >= 1);

        // A server storage leaf: no server loses storage; its 36 servers keep it on their link to
        // leaf 2 at half their storage bandwidth (2 x 400 -> 400 Gb/s); 36 x 400 = 14,400 Gb/s of
        // storage links go: 55,200 - 14,400 = 40,800 left; 1.72 kW less.
        const FailureScenario* leaf = find(f, FailureKind::Switch, QStringLiteral("stor-leaf-001"));
        QVERIFY(leaf);
        QVERIFY(leaf->network == Network::Storage);
        QCOMPARE(leaf->equivalent, 2);
        QCOMPARE(leaf->gpusLost, 0);
        QCOMPARE(leaf->serversLost, 0);
        QCOMPARE(leaf->hostsCutOff, 0);
        QCOMPARE(leaf->cutOffServers.size(), size_t(0));
        QCOMPARE(leaf->degradedServers.size(), size_t(36));
        QCOMPARE(leaf->networkGbps, 55200.0);
        QCOMPARE(leaf->networkGbpsLeft, 40800.0);
        QCOMPARE(*leaf->bisectionRatio, 1.0);
        QCOMPARE(qRound(leaf->powerLeftKw * 100), qRound((f.itMaxKw - 1.72) * 100));
        QVERIFY(leaf->effect.contains(QStringLiteral("36 servers keep it on their other links")));
        // Leaves 3-4: 27 servers each keep storage on the other; 55,200 - 27 x 400 = 44,400 left.
        const FailureScenario* leaf3 = find(f, FailureKind::Switch, QStringLiteral("stor-leaf-003"));
        QVERIFY(leaf3);
        QCOMPARE(leaf3->equivalent, 2);
        QCOMPARE(leaf3->gpusLost, 0);
        QCOMPARE(leaf3->degradedServers.size(), size_t(27));
        QCOMPARE(leaf3->networkGbpsLeft, 44400.0);
        // One of the storage system's two leaves: before dual-homing it cut every server off (504
        // GPUs, 66 devices); now the DDN and the UFM pair keep their other 6 ports: nothing is cut
        // off, 6 x 400 = 2,400 Gb/s go: 52,800 left, the DDN at 4 of its 8 ports.
        const FailureScenario* systems = find(f, FailureKind::Switch, QStringLiteral("stor-leaf-005"));
        QVERIFY(systems);
        QCOMPARE(systems->equivalent, 2);
        QCOMPARE(systems->gpusLost, 0);
        QCOMPARE(systems->hostsCutOff, 0);
        QCOMPARE(systems->networkGbpsLeft, 52800.0);
        QCOMPARE(*systems->bisectionRatio, 1.0);
        // A storage spine: the other carries on; no device cut off, no host link lost.
        const FailureScenario* spine = find(f, FailureKind::Switch, QStringLiteral("stor-spine-01"));
        QVERIFY(spine);
        QCOMPARE(spine->equivalent, 2);
        QCOMPARE(spine->gpusLost, 0);
        QCOMPARE(spine->hostsCutOff, 0);
        QCOMPARE(spine->networkGbpsLeft, 55200.0);

        // In-band leaf 1 (46 ports): before, its 24 servers lost management and leaf 3 (every
        // management server) took all 504 GPUs; now every host keeps its other port: nothing lost,
        // 13,600 - 46 x 100 = 9,000 Gb/s left; leaves 2-3 (45 ports): 9,100. The spine: every leaf
        // holds management servers, so every server still reaches one: nothing cut off.
        const FailureScenario* inb = find(f, FailureKind::Switch, QStringLiteral("inb-leaf-001"));
        QVERIFY(inb);
        QVERIFY(inb->network == Network::InBand);
        QCOMPARE(inb->equivalent, 1);
        QCOMPARE(inb->gpusLost, 0);
        QCOMPARE(inb->hostsCutOff, 0);
        QCOMPARE(inb->networkGbps, 13600.0);
        QCOMPARE(inb->networkGbpsLeft, 9000.0);
        const FailureScenario* inb2 = find(f, FailureKind::Switch, QStringLiteral("inb-leaf-002"));
        QVERIFY(inb2);
        QCOMPARE(inb2->equivalent, 2);
        QCOMPARE(inb2->gpusLost, 0);
        QCOMPARE(inb2->hostsCutOff, 0);
        QCOMPARE(inb2->networkGbpsLeft, 9100.0);
        const FailureScenario* inbSpine = find(f, FailureKind::Switch, QStringLiteral("inb-spine-01"));
        QVERIFY(inbSpine);
        QCOMPARE(inbSpine->gpusLost, 0);
        QCOMPARE(inbSpine->hostsCutOff, 0);
        QCOMPARE(inbSpine->networkGbpsLeft, 13600.0);

        // Out-of-band: devices lose their BMC and management ports, every one keeps running.
        for (const FailureScenario& s : f.scenarios)
            if (s.network == Network::OutOfBand) {
                QCOMPARE(s.gpusLost, 0);
                QVERIFY(s.hostsCutOff > 0);
                QVERIFY(s.blocksAffected.isEmpty());
                QCOMPARE(*s.bisectionRatio, 1.0);
            }

        // The JSON says which network and what it means.
        const QJsonObject j = leaf->toJson();
        QCOMPARE(j[QStringLiteral("network")].toString(), QStringLiteral("storage"));
        QCOMPARE(j[QStringLiteral("hosts_cut_off")].toInt(), 0);
        QCOMPARE(j[QStringLiteral("network_gbps_left")].toDouble(), 40800.0);
        QVERIFY(j[QStringLiteral("effect")].toString().contains(QStringLiteral("0 GPU servers (0 GPUs)")));
    }

    // The CLI's contract: `failures --json` lists `scenarios`, each with these keys.
    void jsonHasTheContractKeys()
    {
        const QJsonObject j = FailureDomains::of(fatTreeK4()).toJson();
        const QJsonArray list = j[QStringLiteral("scenarios")].toArray();
        QVERIFY(!list.isEmpty());
        QSet<QString> kinds;
        for (const QJsonValue& v : list) {
            const QJsonObject s = v.toObject();
            for (const char* key : {"kind", "entity", "effect", "equivalent", "gpus_lost", "blocks_affected",
                     "bisection_ratio", "power_left_kw", "cooling_left_kw"})
                QVERIFY2(s.contains(QLatin1String(key)), key);
            kinds.insert(s[QStringLiteral("kind")].toString());
        }
        QCOMPARE(kinds, (QSet<QString>{QStringLiteral("switch"), QStringLiteral("rack"), QStringLiteral("row")}));
        QCOMPARE(j[QStringLiteral("gpus")].toInt(), 16);
    }
};

QTEST_GUILESS_MAIN(TestFailureDomains)
#include "tst_failuredomains.moc"
