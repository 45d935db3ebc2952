// InfiniBand bring-up (issue 27): one port numbering in the cabling plan, the P2P list and the
// ibsim net file; RDMA device names from the catalog; node descriptions within 64 bytes; the
// ibnetdiscover parser and the comparison `verify` reports.
#include "helpers/dgxonleaf.h"

#include "analysis/fabricverification.h"
#include "catalog/catalogitemparser.h"
#include "export/cablingcsv.h"
#include "export/csv.h"
#include "export/ibfabric.h"
#include "export/ibports.h"
#include "export/ibsimnet.h"
#include "export/p2pcsv.h"
#include "io/ibnetdiscovertopology.h"
#include "model/design.h"

#include <QRegularExpression>
#include <QtTest>

#include <set>
#include <tuple>

using namespace pw;
using pw::test::dgxOnOneLeaf;
using pw::test::OneLeaf;
using pw::test::shipped;

// On one QM9700 (dgxOnOneLeaf), server s's compute port p lands on switch port 8s + p + 1 (the
// firmware's numbering).

namespace {

// What ibnetdiscover printed for a leaf and two adapters under ibsim (copied from a run of
// infiniband-diags 44.0 on ibsim 0.10), the leaf's description as a real QM9700 reports it.
const char* kDiscovered = R"(#
# Topology file: generated on Sat Dec  5 03:24:46 2026
#
# Initiated from node 0000000000200000 port 0000000000200000

vendid=0x0
devid=0x0
sysimgguid=0x200000
switchguid=0x200000(200000)
Switch	64 "S-0000000000200000"		# "MF0;leaf-01:MQM9700/U1" enhanced port 0 lid 1 lmc 0
[1]	"H-0000000000100000"[1](100001) 		# "dgx-001 mlx5_3" lid 2 4xNDR
[2]	"H-0000000000100002"[1](100003) 		# "dgx-001 mlx5_0" lid 3 4xHDR

vendid=0x0
devid=0x0
sysimgguid=0x100000
caguid=0x100000
Ca	1 "H-0000000000100000"		# "dgx-001 mlx5_3"
[1](100001) 	"S-0000000000200000"[1]		# lid 2 lmc 0 "MF0;leaf-01:MQM9700/U1" lid 1 4xNDR

vendid=0x0
devid=0x0
sysimgguid=0x100002
caguid=0x100002
Ca	1 "H-0000000000100002"		# "dgx-001 mlx5_0"
[1](100003) 	"S-0000000000200000"[2]		# lid 3 lmc 0 "MF0;leaf-01:MQM9700/U1" lid 1 4xHDR
)";

IbnetdiscoverTopology parsed(const QByteArray& text)
{
    const IbnetdiscoverParse p = IbnetdiscoverTopology::parse(text);
    if (!p.topology)
        qFatal("not parsed: %s", qPrintable(p.error));
    return *p.topology;
}

} // namespace

class TestIbFabric : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // NVIDIA QM97XX user manual, Interfaces: each OSFP cage holds 2 logical InfiniBand ports, so
    // cage c's are 2c-1 and 2c (cage 17: ports 33 and 34); the management port has none.
    void switchPortsAreTheFirmwareNumbers()
    {
        const OneLeaf f = dgxOnOneLeaf("qm9700", 0);
        const Design& d = f.b.d;
        const NodeId leaf = f.leaf;
        QCOMPARE(IbPorts::switchPortCount(shipped("qm9700")), 64);
        for (int cage = 1; cage <= 32; ++cage) {
            QCOMPARE(IbPorts::switchPort(d, PortRef{leaf, 2 * cage - 2}), 2 * cage - 1);
            QCOMPARE(IbPorts::switchPort(d, PortRef{leaf, 2 * cage - 1}), 2 * cage);
        }
        QCOMPARE(IbPorts::switchPort(d, PortRef{leaf, 64}), 0); // mgmt (RJ45)
        QCOMPARE(IbPorts::planPort(d, PortRef{leaf, 32}), QStringLiteral("33"));
    }

    // DGX H100/H200 User Guide: compute ports mlx5_0, 3, 4, 5, 6, 9, 10, 11. The storage and
    // in-band ports the catalog does not name take the free ones, in port order: 1, 2, then 7, 8.
    void dgxH100RdmaDevicesComeFromTheCatalog()
    {
        fx::Builder b;
        const NodeId dgx = b.add(shipped("dgx-h100"), QStringLiteral("dgx-001"));
        QVERIFY(shipped("dgx-h100").rdmaDevices->source.contains(QLatin1String("DGX H100/H200 User Guide")));
        QStringList names;
        QStringList p2p;
        for (int p = 0; p < b.d.portCount(dgx); ++p) {
            names << IbPorts::rdmaDevice(b.d, PortRef{dgx, p});
            p2p << P2pCsv::cvtPort(b.d, PortRef{dgx, p});
        }
        QCOMPARE(names,
            QStringList({"mlx5_0", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_9", "mlx5_10", "mlx5_11", "mlx5_1",
                "mlx5_2", "mlx5_7", "mlx5_8", ""}));
        // CVT's default map reads port n as mlx5_<n-1>.
        QCOMPARE(p2p, QStringList({"1", "4", "5", "6", "7", "10", "11", "12", "2", "3", "8", "9", "BMC"}));
    }

    void catalogRefusesAnRdmaListOfTheWrongLength()
    {
        QJsonObject entry = shipped("dgx-h100").snapshotJson();
        QJsonObject devices = entry.value(QLatin1String("rdma_devices")).toObject();
        devices[QStringLiteral("compute")] = QJsonArray{"mlx5_0", "mlx5_1"};
        entry[QStringLiteral("rdma_devices")] = devices;
        const auto r = CatalogItemParser::parse(entry);
        QVERIFY(std::holds_alternative<QString>(r));
        QVERIFY2(
            std::get<QString>(r).contains(QLatin1String("one name per port (8)")), qPrintable(std::get<QString>(r)));
    }

    // Five DGX H100 fill switch ports 1..40: the cabling plan, the P2P list and the ibsim net
    // file give every cable the same switch port, and P2P and ibsim the same RDMA device.
    void cablingPlanP2pAndIbsimNetAgree()
    {
        const OneLeaf f = dgxOnOneLeaf("qm9700", 5);
        const fx::Builder& b = f.b;
        using Cable = std::tuple<QString, QString, QString>; // switch, switch port, host
        std::set<Cable> cabling;
        const auto plan = csv::parse(QString::fromUtf8(CablingCsv::write(b.d)));
        for (qsizetype i = 1; i < plan.size(); ++i)
            cabling.insert({plan[i][5], plan[i][6], plan[i][1]}); // z: the switch, a: the server
        std::set<Cable> p2p;
        std::set<std::pair<QString, QString>> p2pDevices; // switch port -> host device
        const auto rows = csv::parse(QString::fromUtf8(P2pCsv::write(b.d)));
        for (qsizetype i = 1; i < rows.size(); ++i) {
            p2p.insert({rows[i][0], rows[i][2], rows[i][5]});
            p2pDevices.insert({rows[i][2], QStringLiteral("mlx5_%1").arg(rows[i][7].toInt() - 1)});
        }
        std::set<Cable> net;
        std::set<std::pair<QString, QString>> netDevices;
        static const QRegularExpression portLine(QStringLiteral("^\\[(\\d+)\\] \"(\\S+) (\\S+)\"\\[1\\]$"));
        bool inSwitch = false;
        for (const QString& line : QString::fromUtf8(IbsimNet::exportOf(b.d).bytes).split(QLatin1Char('\n'))) {
            if (line.startsWith(QLatin1String("Switch ")) || line.startsWith(QLatin1String("Hca ")))
                inSwitch = line.startsWith(QLatin1String("Switch 64 \"leaf-01\""));
            const auto m = portLine.match(line);
            if (inSwitch && m.hasMatch()) {
                net.insert({QStringLiteral("leaf-01"), m.captured(1), m.captured(2)});
                netDevices.insert({m.captured(1), m.captured(3)});
            }
        }
        QCOMPARE(cabling.size(), size_t(40));
        QVERIFY(cabling == p2p);
        QVERIFY(cabling == net);
        QVERIFY(p2pDevices == netDevices);
        // Server 5's last compute port (mlx5_11) is on switch port 8 x 4 + 8 = 40, cage 20's second.
        QVERIFY(net.count({QStringLiteral("leaf-01"), QStringLiteral("40"), QStringLiteral("dgx-005")}));
        QVERIFY(netDevices.count({QStringLiteral("40"), QStringLiteral("mlx5_11")}));
    }

    // A node description holds 64 bytes; names that then meet are told apart with a warning.
    void nodeDescriptionsFitAndStayUnique()
    {
        fx::Builder b;
        const NodeId leaf = b.add(shipped("qm9700"), QStringLiteral("leaf \"a\""), Network::Compute);
        // A host name of 64 characters (the most a Linux host name, and a Slurm name, holds).
        const QString longName = QString(64, QLatin1Char('h'));
        const NodeId dgx = b.add(shipped("dgx-h100"), longName);
        b.link(PortRef{dgx, 0}, PortRef{leaf, 0});
        b.link(PortRef{dgx, 1}, PortRef{leaf, 1});
        const IbFabric f = IbFabric::of(b.d, Network::Compute);
        QStringList descriptions;
        for (const IbFabric::Node& n : f.nodes())
            descriptions << n.description;
        descriptions.sort();
        // "hhh...h mlx5_0" and "hhh...h mlx5_3" are 64 + 7 bytes: both cut to the 64 h, so the
        // second becomes 62 h + "-2" (64 bytes), with a warning naming both.
        QCOMPARE(descriptions,
            QStringList({QString(62, QLatin1Char('h')) + QStringLiteral("-2"), longName, QStringLiteral("leaf 'a'")}));
        QVERIFY2(f.warnings().size() == 1, qPrintable(f.warnings().join(QLatin1Char('\n'))));
        QVERIFY(f.warnings().front().contains(QLatin1String("InfiniBand node descriptions")));
    }

    void parsesIbnetdiscoverOutput()
    {
        const IbnetdiscoverTopology t = parsed(kDiscovered);
        QCOMPARE(t.nodes.size(), size_t(3));
        QCOMPARE(t.links.size(), size_t(2)); // each cable printed from both ends, kept once
        QCOMPARE(t.nodes[0].description, QStringLiteral("leaf-01"));
        QCOMPARE(t.nodes[0].rawDescription, QStringLiteral("MF0;leaf-01:MQM9700/U1"));
        QVERIFY(t.nodes[0].isSwitch);
        QCOMPARE(t.links[0].gbps(), 400.0); // 4 lanes x NDR 100 Gb/s
        QCOMPARE(t.links[1].gbps(), 200.0); // 4 x HDR 50
        QVERIFY(!IbnetdiscoverTopology::parse("Switch 64 \"S-1\" # \"a\"\nnot a port line\n").topology);
        QVERIFY(!IbnetdiscoverTopology::parse("").topology);
    }

    // Designed: dgx-001 mlx5_0 on leaf port 1, mlx5_3 on port 2. Discovered: the two swapped,
    // and mlx5_0's link at 4xHDR (200 Gb/s, designed 400): two miscabled links, each with its
    // fix, no missing or unexpected one; the slow link degraded only while speed counts.
    void swappedPairIsTwoMiscabledLinks()
    {
        OneLeaf d = dgxOnOneLeaf("qm9700", 0);
        const NodeId dgx = d.b.add(shipped("dgx-h100"), QStringLiteral("dgx-001"));
        d.b.link(PortRef{dgx, 0}, PortRef{d.leaf, 0});
        d.b.link(PortRef{dgx, 1}, PortRef{d.leaf, 1});
        const IbFabric designed = IbFabric::of(d.b.d, Network::Compute);
        const IbnetdiscoverTopology found = parsed(kDiscovered);
        const FabricVerification v = FabricVerification::of(designed, found, {});
        QCOMPARE(v.matched().size(), size_t(0));
        QCOMPARE(v.missing().size(), size_t(0));
        QCOMPARE(v.unexpected().size(), size_t(0));
        QCOMPARE(v.miscabled().size(), size_t(2));
        const auto& m = v.miscabled().front();
        QCOMPARE(m.at.text(), QStringLiteral("dgx-001 mlx5_0 port 1"));
        QCOMPARE(m.found.text(), QStringLiteral("leaf-01 port 2"));
        QCOMPARE(m.expected.text(), QStringLiteral("leaf-01 port 1"));
        QVERIFY(!v.asDesigned());

        // As designed but at half speed: matched, and degraded unless speeds are ignored.
        OneLeaf straight = dgxOnOneLeaf("qm9700", 0);
        const NodeId dgx2 = straight.b.add(shipped("dgx-h100"), QStringLiteral("dgx-001"));
        straight.b.link(PortRef{dgx2, 1}, PortRef{straight.leaf, 0}); // mlx5_3 on port 1
        straight.b.link(PortRef{dgx2, 0}, PortRef{straight.leaf, 1}); // mlx5_0 on port 2
        const IbFabric asBuilt = IbFabric::of(straight.b.d, Network::Compute);
        const FabricVerification slow = FabricVerification::of(asBuilt, found, {});
        QCOMPARE(slow.matched().size(), size_t(2));
        QCOMPARE(slow.degraded().size(), size_t(1));
        QCOMPARE(slow.degraded().front().found, QStringLiteral("4xHDR"));
        QVERIFY(FabricVerification::of(asBuilt, found, {true}).asDesigned());

        // Two adapters reporting one description (hosts not named yet) cannot be told apart:
        // the report says so, and the fabric is not as designed.
        QByteArray twins = kDiscovered;
        twins.replace("\"dgx-001 mlx5_3\"", "\"dgx-001 mlx5_0\"");
        const FabricVerification same = FabricVerification::of(asBuilt, parsed(twins), {true});
        QCOMPARE(same.ambiguous(), QStringList{QStringLiteral("dgx-001 mlx5_0")});
        QVERIFY(!same.asDesigned());
    }
};

QTEST_GUILESS_MAIN(TestIbFabric)
#include "tst_ibfabric.moc"
