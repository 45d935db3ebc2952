// Ethernet bring-up (issue 27): one naming of Ethernet switch ports (the switch's own, swpN and
// swpNsM) in the cabling plan, the P2P list and LLDP; the lldpcli JSON parser; and the comparison
// `verify --lldp` reports.
#include "helpers/dgxonleaf.h"

#include "analysis/fabricverification.h"
#include "export/cablingcsv.h"
#include "export/csv.h"
#include "export/ethernetfabric.h"
#include "export/ethernetports.h"
#include "export/p2pcsv.h"
#include "floor/cableplan.h"
#include "io/lldpneighbors.h"
#include "model/design.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

#include <set>
#include <tuple>

using namespace pw;
using pw::test::dgxOnOneLeaf;
using pw::test::OneLeaf;
using pw::test::shipped;

// On one SN5600 (dgxOnOneLeaf), server s's compute port p lands on the switch's port 8s + p, that
// is cage 4s + p/2 + 1, split p % 2.

namespace {

// What lldpd 1.0.16 prints for `lldpcli -f json show neighbors` (shape copied from a run in
// network namespaces; chassis descriptions and capabilities trimmed): one interface is an object,
// several an array of one-key objects. Each entry: local interface, far system, far port id.
QByteArray neighbours(const std::vector<std::tuple<QString, QString, QString>>& seen)
{
    QJsonArray interfaces;
    for (const auto& [local, system, port] : seen) {
        const QJsonObject chassis{{system,
            QJsonObject{{QStringLiteral("id"),
                QJsonObject{{QStringLiteral("type"), QStringLiteral("mac")},
                    {QStringLiteral("value"), QStringLiteral("42:c8:aa:a7:05:4e")}}}}}};
        const QJsonObject portObject{
            {QStringLiteral("id"),
                QJsonObject{{QStringLiteral("type"), QStringLiteral("ifname")}, {QStringLiteral("value"), port}}},
            {QStringLiteral("descr"), port}, {QStringLiteral("ttl"), QStringLiteral("120")}};
        interfaces.append(QJsonObject{{local,
            QJsonObject{{QStringLiteral("via"), QStringLiteral("LLDP")}, {QStringLiteral("chassis"), chassis},
                {QStringLiteral("port"), portObject}}}});
    }
    const QJsonValue value = interfaces.size() == 1 ? QJsonValue(interfaces.at(0)) : QJsonValue(interfaces);
    return QJsonDocument(QJsonObject{{QStringLiteral("lldp"), QJsonObject{{QStringLiteral("interface"), value}}}})
        .toJson();
}

// The switch's view of a design's cables: its file, named after it.
LldpNeighbors::File switchFile(const EthernetFabric& f, const QString& switchName)
{
    std::vector<std::tuple<QString, QString, QString>> seen;
    for (const auto& l : f.links()) {
        const bool aIsSwitch = f.nodes()[static_cast<size_t>(l.a.node)].name == switchName;
        const auto& local = aIsSwitch ? l.a : l.b;
        const auto& far = aIsSwitch ? l.b : l.a;
        seen.emplace_back(local.port, f.nodes()[static_cast<size_t>(far.node)].name, far.port);
    }
    return {switchName + QStringLiteral(".json"), neighbours(seen)};
}

LldpNeighbors parsed(const std::vector<LldpNeighbors::File>& files)
{
    const LldpNeighborsParse p = LldpNeighbors::parse(files);
    if (!p.neighbors)
        qFatal("not parsed: %s", qPrintable(p.error));
    return *p.neighbors;
}

QString portText(const FabricVerification::Port& p)
{
    return p.text();
}

} // namespace

class TestLldpVerification : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // Cumulus Linux names the SN5600's 64 OSFP cages swp1..swp64 and each cage's two 400 Gb/s
    // ports swpNs0 and swpNs1: port index i is cage i/2 + 1, split i % 2 (index 127: swp64s1).
    // The single-port SN4600C's index 63 is swp64; the SN2201's first uplink (index 48, after
    // 48 access ports) is swp49; every management port is eth0.
    void ethernetSwitchPortsAreTheSwitchsOwnNames()
    {
        fx::Builder b;
        const NodeId sn5600 = b.add(shipped("sn5600"), QStringLiteral("leaf-01"));
        const NodeId sn4600c = b.add(shipped("sn4600c"), QStringLiteral("leaf-02"));
        const NodeId sn2201 = b.add(shipped("sn2201"), QStringLiteral("oob-01"));
        QCOMPARE(EthernetPorts::switchPort(b.d, PortRef{sn5600, 0}), QStringLiteral("swp1s0"));
        QCOMPARE(EthernetPorts::switchPort(b.d, PortRef{sn5600, 1}), QStringLiteral("swp1s1"));
        QCOMPARE(EthernetPorts::switchPort(b.d, PortRef{sn5600, 2}), QStringLiteral("swp2s0"));
        QCOMPARE(EthernetPorts::switchPort(b.d, PortRef{sn5600, 127}), QStringLiteral("swp64s1"));
        QCOMPARE(EthernetPorts::switchPort(b.d, PortRef{sn5600, 128}), QStringLiteral("eth0"));
        QCOMPARE(EthernetPorts::switchPort(b.d, PortRef{sn4600c, 63}), QStringLiteral("swp64"));
        QCOMPARE(EthernetPorts::switchPort(b.d, PortRef{sn2201, 47}), QStringLiteral("swp48"));
        QCOMPARE(EthernetPorts::switchPort(b.d, PortRef{sn2201, 48}), QStringLiteral("swp49"));
        QCOMPARE(EthernetPorts::switchPort(b.d, PortRef{sn2201, 52}), QStringLiteral("eth0"));
        // Not an Ethernet switch: no name.
        const NodeId qm9700 = b.add(shipped("qm9700"), QStringLiteral("ib-01"));
        QCOMPARE(EthernetPorts::switchPort(b.d, PortRef{qm9700, 0}), QString());
    }

    // Two DGX H100 on one SN5600: the cabling plan, the contractor's run-list, the P2P list and
    // what verify expects LLDP to report name every cable's switch port the same (server 2's first
    // port: index 8, swp5s0).
    void cablingPlanP2pAndLldpAgree()
    {
        const OneLeaf f = dgxOnOneLeaf("sn5600", 2);
        using Cable = std::tuple<QString, QString, QString>; // switch, switch port, host
        std::set<Cable> plan;
        const auto rows = csv::parse(QString::fromUtf8(CablingCsv::write(f.b.d)));
        for (qsizetype i = 1; i < rows.size(); ++i)
            plan.insert({rows[i][5], rows[i][6], rows[i][1]}); // z: the switch, a: the server
        std::set<Cable> p2p;
        const auto p2pRows = csv::parse(QString::fromUtf8(P2pCsv::write(f.b.d)));
        for (qsizetype i = 1; i < p2pRows.size(); ++i)
            p2p.insert({p2pRows[i][0], p2pRows[i][2], p2pRows[i][5]});
        std::set<Cable> lldp;
        const EthernetFabric fabric = EthernetFabric::of(f.b.d);
        for (const auto& l : fabric.links())
            lldp.insert({fabric.nodes()[static_cast<size_t>(l.b.node)].name, l.b.port,
                fabric.nodes()[static_cast<size_t>(l.a.node)].name});
        std::set<Cable> runList;
        const CablePlan cablePlan = CablePlan::of(f.b.d);
        for (const CablePlan::Run& r : cablePlan.runs())
            runList.insert({r.z.device, r.z.port, r.a.device});
        QCOMPARE(plan.size(), size_t(16));
        QVERIFY(plan == runList);
        QVERIFY(plan == p2p);
        QVERIFY(plan == lldp);
        QVERIFY(plan.count({QStringLiteral("leaf-01"), QStringLiteral("swp5s0"), QStringLiteral("dgx-002")}));
        // The host end is its RDMA device (DGX H100 User Guide: the second compute port is mlx5_3).
        QCOMPARE(fabric.links().at(1).a.port, QStringLiteral("mlx5_3"));
    }

    // lldpd's own shapes: one interface as an object, a host file named by a `show chassis`
    // document, and a host that advertises a locally assigned port id ("mlx5_3" on ens1f0): the
    // cable it shares with the switch is one cable with the advertised names at both ends.
    void parsesLldpcliJson()
    {
        const QByteArray host = R"({"local-chassis": {"chassis": {"dgx-001": {"id": {"type": "mac", "value": "aa"}}}}}
{
  "lldp": {
    "interface": {
      "ens1f0": {
        "via": "LLDP",
        "chassis": {"leaf-01": {"id": {"type": "mac", "value": "3e:69:25:9f:55:ae"}, "descr": "Cumulus Linux"}},
        "port": {"id": {"type": "ifname", "value": "swp1s1"}, "descr": "to dgx-001", "ttl": "120"}
      }
    }
  }
}
)";
        const QByteArray leaf = R"({"lldp": {"interface": [
 {"swp1s1": {"chassis": {"dgx-001": {"id": {"type": "mac", "value": "aa"}}},
             "port": {"id": {"type": "local", "value": "mlx5_3"}, "descr": "ens1f0"}}},
 {"swp2s0": {"chassis": {"id": {"type": "mac", "value": "bb:bb"}},
             "port": {"id": {"type": "mac", "value": "bb:bb"}, "descr": "eth1"}}}]}})";
        const LldpNeighbors n
            = parsed({{QStringLiteral("/tmp/all.json"), host}, {QStringLiteral("leaf-01.json"), leaf}});
        QCOMPARE(n.links.size(), size_t(2)); // the shared cable once, and the nameless neighbour
        std::set<std::pair<QString, QString>> ends;
        for (const auto& l : n.links)
            for (const auto& e : {l.a, l.b})
                ends.insert({n.nodes[static_cast<size_t>(e.node)], e.port});
        // The nameless chassis is known by its id; a MAC port id gives way to the description.
        const std::set<std::pair<QString, QString>> expected{{QStringLiteral("dgx-001"), QStringLiteral("mlx5_3")},
            {QStringLiteral("leaf-01"), QStringLiteral("swp1s1")},
            {QStringLiteral("leaf-01"), QStringLiteral("swp2s0")}, {QStringLiteral("bb:bb"), QStringLiteral("eth1")}};
        QVERIFY(ends == expected);
    }

    void refusesWhatIsNotLldpcliJson()
    {
        const auto junk = LldpNeighbors::parse({{QStringLiteral("x.json"), "not json"}});
        QVERIFY(!junk.neighbors);
        QVERIFY2(junk.error.contains(QLatin1String("x.json")), qPrintable(junk.error));
        // Two hosts' neighbours concatenated with nothing to name them: refused, not guessed.
        const QByteArray one
            = neighbours({{QStringLiteral("swp1"), QStringLiteral("dgx-001"), QStringLiteral("mlx5_0")}});
        const auto unnamed = LldpNeighbors::parse({{QStringLiteral("all.json"), one + one}});
        QVERIFY(!unnamed.neighbors);
        QVERIFY2(unnamed.error.contains(QLatin1String("show chassis")), qPrintable(unnamed.error));
    }

    // Files cut short anywhere (a copy interrupted) are refused with a reason or read as far as
    // they are whole, never crash: the parser reads what a cluster hands it.
    void cutFilesAreRefusedOrReadWhole()
    {
        const QByteArray whole
            = neighbours({{QStringLiteral("swp1"), QStringLiteral("dgx-001"), QStringLiteral("mlx5_0")},
                {QStringLiteral("swp2"), QStringLiteral("dgx-001"), QStringLiteral("mlx5_3")}});
        QCOMPARE(parsed({{QStringLiteral("leaf-01.json"), whole}}).links.size(), size_t(2));
        const qsizetype object = whole.trimmed().size(); // the document without its closing newline
        for (qsizetype n = 0; n < object; ++n) {
            const LldpNeighborsParse p = LldpNeighbors::parse({{QStringLiteral("leaf-01.json"), whole.left(n)}});
            // A prefix ends inside the one object (or before it): no cable, or a reason.
            QVERIFY2(p.neighbors ? p.neighbors->links.empty() : !p.error.isEmpty(), qPrintable(QString::number(n)));
        }
    }

    // One DGX H100 on an SN5600 (8 cables, swp1s0..swp4s1): as designed, nothing to fix; two
    // swapped cables are two miscabled links with their fixes; a pulled one is one missing link.
    void verifiesLldpAgainstTheDesign()
    {
        const OneLeaf f = dgxOnOneLeaf("sn5600", 1);
        const EthernetFabric fabric = EthernetFabric::of(f.b.d);
        QCOMPARE(fabric.links().size(), size_t(8));
        const LldpNeighbors::File asBuilt = switchFile(fabric, QStringLiteral("leaf-01"));

        const FabricVerification ok = FabricVerification::of(fabric, parsed({asBuilt}));
        QVERIFY2(ok.asDesigned(), qPrintable(ok.text()));
        QCOMPARE(ok.matched().size(), size_t(8));
        QVERIFY2(ok.text().startsWith(QLatin1String("8 of 8 designed links as designed")), qPrintable(ok.text()));

        // swp1s0 and swp1s1 hold mlx5_0 and mlx5_3 by design; swapped, each host port is found on
        // the other's switch port.
        const QByteArray swapped
            = neighbours({{QStringLiteral("swp1s0"), QStringLiteral("dgx-001"), QStringLiteral("mlx5_3")},
                {QStringLiteral("swp1s1"), QStringLiteral("dgx-001"), QStringLiteral("mlx5_0")}});
        const FabricVerification s
            = FabricVerification::of(fabric, parsed({{QStringLiteral("leaf-01.json"), swapped}}));
        QCOMPARE(s.miscabled().size(), size_t(2));
        QCOMPARE(portText(s.miscabled().at(0).at), QStringLiteral("dgx-001 mlx5_0"));
        QCOMPARE(portText(s.miscabled().at(0).found), QStringLiteral("leaf-01 swp1s1"));
        QCOMPARE(portText(s.miscabled().at(0).expected), QStringLiteral("leaf-01 swp1s0"));
        QVERIFY2(s.text().contains(
                     QLatin1String("miscabled: dgx-001 mlx5_0 reaches leaf-01 swp1s1; it should reach leaf-01 swp1s0")),
            qPrintable(s.text()));
        // The six cables nobody saw (only two in this file) are missing.
        QCOMPARE(s.missing().size(), size_t(6));
        QCOMPARE(s.unexpected().size(), size_t(0));
        QCOMPARE(s.differences(), 8);
        QCOMPARE(s.json().value(QLatin1String("miscabled")).toArray().at(0).toObject().value(QLatin1String("found")),
            QJsonValue(QJsonObject{{QStringLiteral("node"), QStringLiteral("leaf-01")},
                {QStringLiteral("port"), QStringLiteral("swp1s1")}}));
    }
};

QTEST_GUILESS_MAIN(TestLldpVerification)
#include "tst_lldpverification.moc"
