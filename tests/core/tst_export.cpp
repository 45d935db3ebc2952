#include "helpers/miniyaml.h"
#include "helpers/rulesfixture.h"
#include "helpers/testcatalog.h"

#include "cost/costmodel.h"
#include "export/bomcsv.h"
#include "export/cablingcsv.h"
#include "export/csv.h"
#include "export/exportnames.h"
#include "export/hostlist.h"
#include "export/k8stopologylabels.h"
#include "export/p2pcsv.h"
#include "export/slurmtopology.h"
#include "export/slurmtopologyyaml.h"
#include "generate/fabricgenerator.h"
#include "io/designfile.h"
#include "io/designjson.h"
#include "model/design.h"
#include "model/nvlinkdomains.h"
#include "presentation/diagrammodel.h"
#include "presentation/reportdata.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QtTest>

#include <map>
#include <set>

using namespace pw;

namespace {

Design sample()
{
    return DesignJson::readFile(QString::fromLocal8Bit(qgetenv("PODWRIGHT_SOURCE_DIR"))
            + QStringLiteral("/resources/samples/minimum-viable-cluster.json"),
        &test::shippedCatalog());
}

Design generated(TopologyKind topology, int gpus, const QString& server, const QString& sw, int radix = 0)
{
    GeneratorOptions o;
    o.serverSku = server;
    o.switchSku = sw;
    o.gpus = gpus;
    o.topology = topology;
    o.radix = radix;
    GenerateResult r = FabricGenerator::generate(o, test::shippedCatalog());
    if (!r.ok())
        qFatal("generator refused: %s", qPrintable(r.error));
    return std::move(*r.design);
}

Design generatedNodes(const QString& server, int nodes, const QString& sw)
{
    GeneratorOptions o;
    o.serverSku = server;
    o.switchSku = sw;
    o.nodes = nodes;
    GenerateResult r = FabricGenerator::generate(o, test::shippedCatalog());
    if (!r.ok())
        qFatal("generator refused: %s", qPrintable(r.error));
    return std::move(*r.design);
}

QVariantList yaml(const QByteArray& bytes, QString* error)
{
    return test::MiniYaml::documents(QString::fromUtf8(bytes), error);
}

QVariant at(const QVariant& v, const QString& path)
{
    QVariant cur = v;
    for (const QString& key : path.split(QLatin1Char('.')))
        cur = cur.toMap().value(key);
    return cur;
}

// The compute-fabric servers' hosts, as the Slurm files name them.
QStringList fabricHosts(const Design& d)
{
    QStringList out;
    d.nodes().forEach([&](const Node& n) {
        const CatalogItem* it = d.item(n.sku);
        if (it->kind != ItemKind::Server)
            return;
        for (LinkId id : d.linksOf(n.id))
            if (d.linkNetwork(*d.link(id)) == Network::Compute) {
                out << NvlinkDomains::hostNames(n.name, NvlinkDomains::hostsPerNode(*it));
                break;
            }
    });
    out.sort();
    return out;
}

// A compute tray of a rack-scale system modelled as its own node: 4 GPUs of a 72-GPU NVLink domain.
CatalogItem nvlTray()
{
    QJsonObject o = fx::base(QStringLiteral("tray"), "server", 6000, 100000, 1);
    o["cooling"] = fx::cooling("liquid");
    o["port_groups"] = QJsonArray{fx::portGroup("compute", 1, {400, 200}, "OSFP", "compute")};
    o["gpu"] = QJsonObject{{"model", "B300"}, {"count", 4}, {"memory_gb", 288}, {"bf16_tflops", 2250},
        {"fp8_tflops", 4500}, {"tdp_w", 1400}, {"nvlink_gbps", 1800}, {"source", "test fixture"}};
    o["nvlink_domain"] = QJsonObject{{"gpus", 72}, {"source", "test fixture: 18 trays of 4 GPUs"}};
    return fx::parse(o);
}

// Money as integer cents, so sums compare exactly.
qint64 cents(const QString& s)
{
    bool ok = false;
    const double v = s.toDouble(&ok);
    return ok ? qRound64(v * 100) : -1;
}

} // namespace

class TestExport : public QObject {
    Q_OBJECT

private:
    std::map<QString, Design> mDesigns;

private Q_SLOTS:
    void initTestCase()
    {
        mDesigns.emplace(QStringLiteral("sample"), sample());
        mDesigns.emplace(QStringLiteral("rail-256"),
            generated(TopologyKind::RailOptimized, 256, QStringLiteral("dgx-h100"), QStringLiteral("qm9700")));
        mDesigns.emplace(
            QStringLiteral("fat-tree-k8"), generated(TopologyKind::FatTree, 0, QString(), QStringLiteral("qm9700"), 8));
        mDesigns.emplace(QStringLiteral("leaf-spine-128"),
            generated(TopologyKind::LeafSpine, 128, QStringLiteral("dgx-h100"), QStringLiteral("qm9700")));
        for (const auto& [name, d] : mDesigns)
            QVERIFY2(d.links().size() > 0, qPrintable(name));
    }

    void designs_data()
    {
        QTest::addColumn<QString>("name");
        for (const auto& [name, d] : mDesigns)
            QTest::newRow(qPrintable(name)) << name;
    }

    void csvQuotingRoundTrips()
    {
        const QStringList fields{QStringLiteral("plain"), QStringLiteral("a,b"), QStringLiteral("say \"hi\""),
            QStringLiteral("two\nlines"), QString()};
        const QString text = csv::record(fields) + csv::record({QStringLiteral("x")});
        QVERIFY(text.contains(QStringLiteral("\"a,b\"")));
        QVERIFY(text.contains(QStringLiteral("\"say \"\"hi\"\"\"")));
        QVERIFY(text.endsWith(QStringLiteral("\r\n")));
        const auto rows = csv::parse(text);
        QCOMPARE(rows.size(), 2);
        // Control characters never reach a CSV: a newline in a value is removed, not quoted.
        QStringList expected = fields;
        expected[3] = QStringLiteral("twolines");
        QCOMPARE(rows.at(0), expected);
    }

    void hostlistCompressesAndExpands()
    {
        QCOMPARE(Hostlist::compress({QStringLiteral("gpu001"), QStringLiteral("gpu002"), QStringLiteral("gpu003"),
                     QStringLiteral("gpu007")}),
            QStringLiteral("gpu[001-003,007]"));
        QCOMPARE(Hostlist::compress({QStringLiteral("leaf1"), QStringLiteral("leaf2"), QStringLiteral("spine"),
                     QStringLiteral("n9"), QStringLiteral("n10")}),
            QStringLiteral("leaf[1-2],spine,n9,n10"));
        QCOMPARE(Hostlist::expand(QStringLiteral("tux[0-3,12],s[08-10],x")),
            (QStringList{QStringLiteral("tux0"), QStringLiteral("tux1"), QStringLiteral("tux2"), QStringLiteral("tux3"),
                QStringLiteral("tux12"), QStringLiteral("s08"), QStringLiteral("s09"), QStringLiteral("s10"),
                QStringLiteral("x")}));
        QCOMPARE(Hostlist::expand(QStringLiteral("r[1-2]b[1-2]")).size(), 4);
        QVERIFY(Hostlist::expand(QStringLiteral("bad[3-1]")).isEmpty());
        QCOMPARE(Hostlist::sanitize(QStringLiteral("SU 1/leaf,a")), QStringLiteral("SU-1-leaf-a"));
        QStringList many;
        for (int i = 1; i <= 300; ++i)
            many << QStringLiteral("dgx-%1").arg(i, 4, 10, QLatin1Char('0'));
        QCOMPARE(Hostlist::expand(Hostlist::compress(many)), many);
    }

    void cablingCsv_data() { designs_data(); }
    void cablingCsv()
    {
        QFETCH(QString, name);
        const Design& d = mDesigns.at(name);
        const auto rows = csv::parse(QString::fromUtf8(CablingCsv::write(d)));
        QCOMPARE(rows.at(0), CablingCsv::header());
        QCOMPARE(rows.size() - 1, static_cast<qsizetype>(d.links().size())); // one row per link
        std::map<QString, QStringList> firstRowOf; // by label
        std::map<QString, int> byType;
        std::set<QString> nodeNames;
        const ExportNames names(d);
        d.nodes().forEach([&](const Node& n) { nodeNames.insert(names.name(n.id)); });
        QCOMPARE(nodeNames.size(), d.nodes().size()); // exported device names are unambiguous
        for (qsizetype i = 1; i < rows.size(); ++i) {
            const QStringList& r = rows.at(i);
            QCOMPARE(r.size(), CablingCsv::header().size());
            // A label names one cable: rows that share it (the two links of a twin-port cable) join
            // the same two devices on the same part.
            const auto [first, fresh] = firstRowOf.emplace(r.at(0), r);
            if (!fresh) {
                QVERIFY2(d.item(r.at(12))->cable->linksPerCable > 1, qPrintable(r.at(0)));
                QCOMPARE(r.at(1), first->second.at(1));
                QCOMPARE(r.at(5), first->second.at(5));
                QCOMPARE(r.at(12), first->second.at(12));
            }
            QVERIFY(nodeNames.count(r.at(1)) && nodeNames.count(r.at(5)));
            QVERIFY(!r.at(2).isEmpty() && !r.at(6).isEmpty());
            QVERIFY(r.at(2) != QLatin1String("?") && r.at(6) != QLatin1String("?"));
            if (!r.at(4).isEmpty())
                QVERIFY(r.at(4).toInt() >= 1);
            QVERIFY(r.at(10).toInt() > 0);
            byType[r.at(12)] += 1;
        }
        // Cables by SKU agree with the topology engine's inventory count.
        int cabled = 0;
        d.links().forEach([&](const Link& l) { cabled += l.cableSku.isEmpty() ? 0 : 1; });
        int inCsv = 0;
        for (const auto& [sku, n] : byType)
            inCsv += sku.isEmpty() ? 0 : n;
        QCOMPARE(inCsv, cabled);
    }

    void bomCsv_data() { designs_data(); }
    void bomCsv()
    {
        QFETCH(QString, name);
        const Design& d = mDesigns.at(name);
        const CostReport cost = CostModel::compute(d, CostAssumptions::ofProperties(d.properties()));
        const auto rows = csv::parse(QString::fromUtf8(BomCsv::write(d)));
        QCOMPARE(rows.at(0), BomCsv::header());
        QCOMPARE(rows.size() - 1, static_cast<qsizetype>(cost.bom.lines().size()));
        qint64 total = 0;
        for (qsizetype i = 1; i < rows.size(); ++i) {
            const QStringList& r = rows.at(i);
            QCOMPARE(r.size(), BomCsv::header().size());
            const int qty = r.at(4).toInt();
            QVERIFY(qty > 0);
            QCOMPARE(cents(r.at(6)), qty * cents(r.at(5)));
            QVERIFY(!r.at(8).isEmpty()); // every price names its source
            total += cents(r.at(6));
        }
        QCOMPARE(total, qRound64(cost.capex * 100)); // to the cent
    }

    void p2pCsv_data() { designs_data(); }
    void p2pCsv()
    {
        QFETCH(QString, name);
        const Design& d = mDesigns.at(name);
        const auto rows = csv::parse(QString::fromUtf8(P2pCsv::write(d)));
        QCOMPARE(rows.at(0), P2pCsv::header());
        QCOMPARE(rows.size() - 1, static_cast<qsizetype>(d.links().size()));
        std::multiset<std::pair<QString, QString>> expected;
        const ExportNames names(d);
        d.links().forEach([&](const Link& l) {
            QString a = names.name(l.a.node);
            QString b = names.name(l.b.node);
            expected.insert(std::minmax(a, b));
        });
        std::multiset<std::pair<QString, QString>> got;
        std::set<std::pair<QString, QString>> ends; // a port carries one cable
        static const QRegularExpression ibPort(QStringLiteral("^(\\d+(/\\d+)?|BMC\\d*|mgmt/\\d+)$"));
        static const QRegularExpression ethPort(QStringLiteral("^(swp\\d+(s\\d+)?|eth0)$"));
        for (qsizetype i = 1; i < rows.size(); ++i) {
            const QStringList& r = rows.at(i);
            QCOMPARE(r.size(), P2pCsv::header().size());
            got.insert(std::minmax(r.at(0), r.at(5)));
            for (int side : {0, 5}) {
                QVERIFY(r.at(side + 1) == QLatin1String("Host") || r.at(side + 1) == QLatin1String("Switch"));
                QVERIFY2(ibPort.match(r.at(side + 2)).hasMatch() || ethPort.match(r.at(side + 2)).hasMatch(),
                    qPrintable(r.at(side + 2)));
                QVERIFY2(ends.insert({r.at(side), r.at(side + 2)}).second,
                    qPrintable(r.at(side) + QLatin1Char(' ') + r.at(side + 2)));
            }
            if (r.at(1) == QLatin1String("Host"))
                QCOMPARE(r.at(6), QStringLiteral("Host")); // switch side comes first
        }
        QVERIFY(got == expected);
    }

    void slurmTopology_data() { designs_data(); }
    void slurmTopology()
    {
        QFETCH(QString, name);
        const Design& d = mDesigns.at(name);
        const QString text = QString::fromUtf8(SlurmTopology::write(d));
        std::map<QString, QStringList> children; // switch -> child switches
        std::map<QString, QStringList> nodes; // switch -> nodes
        std::map<QString, int> nodeSeen;
        std::map<QString, int> physicalSeen;
        static const QRegularExpression member(QStringLiteral("^# (\\S+) stands for the rail leaves (\\S+)"));
        for (const QString& raw : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            if (raw.startsWith(QLatin1Char('#'))) {
                const auto m = member.match(raw);
                if (m.hasMatch())
                    for (const QString& leaf : Hostlist::expand(m.captured(2)))
                        physicalSeen[leaf] += 1;
                continue;
            }
            const QStringList words = raw.simplified().split(QLatin1Char(' '));
            QVERIFY2(words.at(0).startsWith(QLatin1String("SwitchName=")), qPrintable(raw));
            const QString sw = words.at(0).mid(11);
            QVERIFY2(sw.size() <= 64 && !sw.isEmpty(), qPrintable(sw));
            QVERIFY2(!children.count(sw) && !nodes.count(sw), qPrintable(QStringLiteral("duplicate %1").arg(sw)));
            QVERIFY2(
                !(raw.contains(QLatin1String("Nodes=")) && raw.contains(QLatin1String("Switches="))), qPrintable(raw));
            children[sw];
            nodes[sw];
            for (const QString& w : words.mid(1)) {
                const QString key = w.section(QLatin1Char('='), 0, 0);
                const QStringList list = Hostlist::expand(w.section(QLatin1Char('='), 1));
                QVERIFY2(!list.isEmpty(), qPrintable(w));
                if (key == QLatin1String("Nodes")) {
                    nodes[sw] = list;
                    for (const QString& n : list)
                        nodeSeen[n] += 1;
                } else {
                    QCOMPARE(key, QStringLiteral("Switches"));
                    children[sw] = list;
                }
            }
        }
        // Every child switch is defined.
        for (const auto& [sw, kids] : children)
            for (const QString& k : kids)
                QVERIFY2(children.count(k), qPrintable(QStringLiteral("%1 names undefined child %2").arg(sw, k)));
        // Every compute switch once (as a SwitchName or inside a rail block); every compute server once.
        std::set<QString> servers;
        const ExportNames names(d);
        int computeSwitches = 0;
        d.nodes().forEach([&](const Node& n) {
            const CatalogItem* it = d.item(n.sku);
            if (it->kind == ItemKind::Switch && n.network == Network::Compute) {
                ++computeSwitches;
                physicalSeen[names.name(n.id)] += children.count(names.name(n.id)) ? 1 : 0;
            }
        });
        d.links().forEach([&](const Link& l) {
            if (d.linkNetwork(l) != Network::Compute)
                return;
            for (auto [host, other] : {std::pair{l.a.node, l.b.node}, std::pair{l.b.node, l.a.node}})
                if (d.itemOf(host)->kind == ItemKind::Server && d.itemOf(other)->kind == ItemKind::Switch)
                    servers.insert(names.name(host));
        });
        QVERIFY(!servers.empty());
        QCOMPARE(static_cast<int>(physicalSeen.size()), computeSwitches);
        for (const auto& [sw, n] : physicalSeen)
            QVERIFY2(n == 1, qPrintable(QStringLiteral("%1 listed %2 times").arg(sw).arg(n)));
        QCOMPARE(nodeSeen.size(), servers.size());
        for (const auto& [n, count] : nodeSeen) {
            QVERIFY2(count == 1, qPrintable(QStringLiteral("%1 under %2 leaves").arg(n).arg(count)));
            QVERIFY2(servers.count(n), qPrintable(n));
        }
        // A tree: no cycles, and some top switch reaches every node.
        std::function<void(const QString&, std::set<QString>&, std::set<QString>&, int)> reach
            = [&](const QString& sw, std::set<QString>& seen, std::set<QString>& under, int depth) {
                  QVERIFY2(depth < 20, "switch hierarchy too deep or cyclic");
                  if (!seen.insert(sw).second)
                      return;
                  for (const QString& n : nodes[sw])
                      under.insert(n);
                  for (const QString& k : children[sw])
                      reach(k, seen, under, depth + 1);
              };
        bool someRootReachesAll = false;
        for (const auto& [sw, kids] : children) {
            std::set<QString> seen;
            std::set<QString> under;
            reach(sw, seen, under, 0);
            someRootReachesAll = someRootReachesAll || under.size() == servers.size();
        }
        QVERIFY(someRootReachesAll);
    }

    // Issue 15, section 5, on the generated 1-SU DGX B300 XDR design (RA-11339, compute fabric
    // table, 1-SU row: 72 nodes, 8 rail leaves, 4 spines; the UFM pair takes one server's slot, so
    // 71 servers). Hand-checked: the tree is one block switch "SU-1" for the eight rail leaves with
    // the 71 servers, under each of the 4 spines; every DGX is its own 8-GPU NVLink domain, so
    // there is no block topology; the labels put every host under leaf SU-1 and spine spine-001.
    void schedulerExportsOfGeneratedB300()
    {
        const Design d = generatedNodes(QStringLiteral("dgx-b300"), 72, QStringLiteral("q3400"));
        const NvlinkDomains nvlink = NvlinkDomains::of(d);
        QCOMPARE(nvlink.count(), 71);
        QCOMPARE(nvlink.largestSize(), 8);
        QCOMPARE(nvlink.partialCount(), 0);
        const QStringList hosts = fabricHosts(d);
        QCOMPARE(hosts.size(), 71);

        const QByteArray slurm = SlurmTopologyYaml::write(d);
        QString error;
        const QVariantList docs = yaml(slurm, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error + QStringLiteral("\n") + QString::fromUtf8(slurm)));
        QCOMPARE(docs.size(), 1);
        const QVariantList topologies = docs.front().toList();
        QCOMPARE(topologies.size(), 1); // no block topology for one-host domains
        QVERIFY(QString::fromUtf8(slurm).contains(QLatin1String("Each of the 71 NVLink domains is one host")));
        const QVariant fabric = topologies.front();
        QCOMPARE(at(fabric, QStringLiteral("topology")).toString(), QStringLiteral("fabric"));
        QCOMPARE(at(fabric, QStringLiteral("cluster_default")).toString(), QStringLiteral("true"));
        const QVariantList switches = at(fabric, QStringLiteral("tree.switches")).toList();
        QCOMPARE(switches.size(), 5);
        QCOMPARE(at(switches[0], QStringLiteral("switch")).toString(), QStringLiteral("SU-1"));
        QStringList leafHosts = Hostlist::expand(at(switches[0], QStringLiteral("nodes")).toString());
        leafHosts.sort();
        QCOMPARE(leafHosts, hosts);
        QVERIFY(QString::fromUtf8(slurm).contains(QLatin1String("SU-1 stands for the rail leaves leaf-su01-r[1-8]")));
        for (int i = 1; i <= 4; ++i) {
            QCOMPARE(at(switches[i], QStringLiteral("switch")).toString(), QStringLiteral("spine-00%1").arg(i));
            QCOMPARE(at(switches[i], QStringLiteral("children")).toString(), QStringLiteral("SU-1"));
            QVERIFY(!switches[i].toMap().contains(QStringLiteral("nodes")));
        }

        const QByteArray labels = K8sTopologyLabels::write(d);
        const QVariantList k8s = yaml(labels, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(k8s.size(), 1 + 71);
        QCOMPARE(at(k8s[0], QStringLiteral("apiVersion")).toString(), QStringLiteral("kueue.x-k8s.io/v1beta2"));
        QCOMPARE(at(k8s[0], QStringLiteral("kind")).toString(), QStringLiteral("Topology"));
        QStringList levels;
        for (const QVariant& l : at(k8s[0], QStringLiteral("spec.levels")).toList())
            levels << at(l, QStringLiteral("nodeLabel")).toString();
        QCOMPARE(levels,
            (QStringList{K8sTopologyLabels::kSpine, K8sTopologyLabels::kLeaf, K8sTopologyLabels::kAccelerator,
                K8sTopologyLabels::kHostname}));
        QStringList named;
        for (qsizetype i = 1; i < k8s.size(); ++i) {
            QCOMPARE(at(k8s[i], QStringLiteral("kind")).toString(), QStringLiteral("Node"));
            const QString name = at(k8s[i], QStringLiteral("metadata.name")).toString();
            const QVariantMap l = at(k8s[i], QStringLiteral("metadata.labels")).toMap();
            QCOMPARE(l.value(QLatin1String(K8sTopologyLabels::kLeaf)).toString(), QStringLiteral("SU-1"));
            QCOMPARE(l.value(QLatin1String(K8sTopologyLabels::kSpine)).toString(), QStringLiteral("spine-001"));
            QCOMPARE(l.value(QLatin1String(K8sTopologyLabels::kAccelerator)).toString().toLower(), name);
            QVERIFY(!l.contains(QLatin1String(K8sTopologyLabels::kCore)));
            named << name;
        }
        QStringList lower;
        for (const QString& h : hosts)
            lower << h.toLower();
        named.sort();
        QCOMPARE(named, lower);
    }

    // Two generated DGX GB300 NVL72 racks: each rack is one 72-GPU NVLink domain (RA-11338 and the
    // NVL72 AI Factory enterprise RA: one domain per rack, 18 compute trays), so Slurm sees 18 tray
    // hosts per rack and one block per rack; the base block is 18 hosts and both racks share the
    // fabric leaf, so the next level is 36 (block_sizes: successive powers of two of the base).
    void schedulerExportsOfNvl72Racks()
    {
        const Design d = generatedNodes(QStringLiteral("dgx-gb300-nvl72"), 2, QStringLiteral("q3400"));
        const NvlinkDomains nvlink = NvlinkDomains::of(d);
        QCOMPARE(nvlink.count(), 2);
        QCOMPARE(nvlink.largestSize(), 72);
        QCOMPARE(nvlink.toJson().value(QLatin1String("gpus")).toInt(), 144);
        const QStringList hosts = fabricHosts(d);
        QCOMPARE(hosts.size(), 36);

        QString error;
        const QByteArray slurm = SlurmTopologyYaml::write(d);
        const QVariantList topologies = yaml(slurm, &error).value(0).toList();
        QVERIFY2(error.isEmpty(), qPrintable(error + QStringLiteral("\n") + QString::fromUtf8(slurm)));
        QCOMPARE(topologies.size(), 2);
        QStringList treeHosts;
        for (const QVariant& sw : at(topologies[0], QStringLiteral("tree.switches")).toList())
            treeHosts << Hostlist::expand(at(sw, QStringLiteral("nodes")).toString());
        treeHosts.sort();
        QCOMPARE(treeHosts, hosts);
        const QVariant block = topologies[1];
        QCOMPARE(at(block, QStringLiteral("topology")).toString(), QStringLiteral("nvlink"));
        QCOMPARE(at(block, QStringLiteral("cluster_default")).toString(), QStringLiteral("false"));
        QCOMPARE(at(block, QStringLiteral("block.block_sizes")).toList(), (QVariantList{"18", "36"}));
        const QVariantList blocks = at(block, QStringLiteral("block.blocks")).toList();
        QCOMPARE(blocks.size(), 2);
        QStringList blockHosts;
        for (const QVariant& b : blocks) {
            const QStringList members = Hostlist::expand(at(b, QStringLiteral("nodes")).toString());
            QCOMPARE(members.size(), 18);
            const QString rack = at(b, QStringLiteral("block")).toString();
            for (const QString& m : members)
                QVERIFY2(m.startsWith(rack + QStringLiteral("-t")), qPrintable(m));
            blockHosts << members;
        }
        blockHosts.sort();
        QCOMPARE(blockHosts, hosts);

        const QVariantList k8s = yaml(K8sTopologyLabels::write(d), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(k8s.size(), 1 + 36);
        for (qsizetype i = 1; i < k8s.size(); ++i) {
            const QString name = at(k8s[i], QStringLiteral("metadata.name")).toString();
            const QString domain = at(k8s[i], QStringLiteral("metadata.labels"))
                                       .toMap()
                                       .value(QLatin1String(K8sTopologyLabels::kAccelerator))
                                       .toString();
            QVERIFY2(name.startsWith(domain.toLower() + QStringLiteral("-t")), qPrintable(name + " " + domain));
        }
    }

    // A future multi-node domain: compute trays held as nodes of 4 GPUs whose catalog entry gives
    // a 72-GPU domain. 18 trays in rack A make one full domain, 10 in rack B a partial one of 40
    // GPUs; Slurm needs every block to have the base block's 18 nodes, so B is padded with 8
    // placeholder hosts, which the file asks to declare in slurm.conf.
    void multiNodeDomainsBecomePaddedBlocks()
    {
        fx::Builder b;
        const CatalogItem tray = nvlTray();
        const NodeId leaf = b.add(fx::ibSwitch(), QStringLiteral("leaf"), Network::Compute, FabricTier::Leaf);
        std::vector<NodeId> rackA;
        std::vector<NodeId> rackB;
        for (int i = 1; i <= 28; ++i) {
            const NodeId t = b.add(tray, QStringLiteral("tray%1").arg(i, 2, 10, QLatin1Char('0')));
            b.connect(t, leaf);
            (i <= 18 ? rackA : rackB).push_back(t);
        }
        b.rack(QStringLiteral("A"), 0, true, rackA);
        b.rack(QStringLiteral("B"), 0, true, rackB);
        const NvlinkDomains nvlink = NvlinkDomains::of(b.d);
        QCOMPARE(nvlink.count(), 2);
        QCOMPARE(nvlink.domains()[0].name, QStringLiteral("A"));
        QCOMPARE(nvlink.domains()[0].gpus, 72);
        QVERIFY(!nvlink.domains()[0].partial());
        QCOMPARE(nvlink.domains()[1].gpus, 40);
        QVERIFY(nvlink.domains()[1].partial());
        QCOMPARE(nvlink.domainOf(rackB.front())->name, QStringLiteral("B"));
        QCOMPARE(nvlink.toJson(),
            (QJsonObject{
                {"count", 2}, {"size", 72}, {"gpus", 112}, {"partial", 1}, {"by_size", QJsonObject{{"72", 2}}}}));
        QCOMPARE(nvlink.text(), QStringLiteral("2 NVLink domains of 72 GPUs, 1 partial"));

        QString error;
        const QByteArray slurm = SlurmTopologyYaml::write(b.d);
        const QVariantList topologies = yaml(slurm, &error).value(0).toList();
        QVERIFY2(error.isEmpty(), qPrintable(error + QStringLiteral("\n") + QString::fromUtf8(slurm)));
        QCOMPARE(topologies.size(), 2);
        QCOMPARE(at(topologies[1], QStringLiteral("block.block_sizes")).toList(), (QVariantList{"18", "36"}));
        const QVariantList blocks = at(topologies[1], QStringLiteral("block.blocks")).toList();
        QCOMPARE(blocks.size(), 2);
        QCOMPARE(at(blocks[0], QStringLiteral("nodes")).toString(), QStringLiteral("tray[01-18]"));
        QCOMPARE(at(blocks[1], QStringLiteral("block")).toString(), QStringLiteral("B"));
        const QStringList padded = Hostlist::expand(at(blocks[1], QStringLiteral("nodes")).toString());
        QCOMPARE(padded.size(), 18);
        QCOMPARE(padded.mid(0, 10), Hostlist::expand(QStringLiteral("tray[19-28]")));
        QCOMPARE(padded.mid(10), Hostlist::expand(QStringLiteral("B-pad[01-08]")));
        QVERIFY(QString::fromUtf8(slurm).contains(QLatin1String("# NodeName=B-pad[01-08] State=FUTURE")));

        // The catalog refuses a domain that is not a whole number of the server's GPUs.
        QJsonObject bad = tray.snapshotJson();
        bad["nvlink_domain"] = QJsonObject{{"gpus", 70}, {"source", "test"}};
        const auto refused = CatalogItemParser::parse(bad);
        QVERIFY(std::holds_alternative<QString>(refused));
        QVERIFY2(
            std::get<QString>(refused).contains(QLatin1String("whole number")), qPrintable(std::get<QString>(refused)));
    }

    // Label values Kubernetes accepts: at most 63 characters of [A-Za-z0-9._-], alphanumeric ends.
    // A longer value is cut at 63 (export/exportnames.h: one rule for every export; values that
    // then meet get "-2", ... in the file, tst_exportnames), no longer replaced by a hash.
    void labelValuesAreValid()
    {
        QCOMPARE(K8sTopologyLabels::labelValue(QStringLiteral("SU 1/rack#2")), QStringLiteral("SU-1-rack-2"));
        QCOMPARE(K8sTopologyLabels::labelValue(QStringLiteral("-edge-")), QStringLiteral("edge"));
        const QString longName(80, QLatin1Char('a'));
        QCOMPARE(K8sTopologyLabels::labelValue(longName), QString(63, QLatin1Char('a')));
        QCOMPARE(K8sTopologyLabels::labelValue(QString(62, QLatin1Char('a')) + QStringLiteral("-b")),
            QString(62, QLatin1Char('a'))); // cut at 63 ("...a-"), the '-' end trimmed
    }

    void diagramAggregatesLargeDesigns()
    {
        const Design& big = mDesigns.at(QStringLiteral("rail-256"));
        const DiagramModel m = DiagramModel::of(big);
        QVERIFY(m.aggregated);
        int nodes = 0;
        for (const auto& b : m.boxes)
            nodes += b.count;
        QCOMPARE(nodes, static_cast<int>(big.nodes().size()));
        QVERIFY(m.boxes.size() < 40); // readable on one page
        int links = 0;
        for (const auto& b : m.bundles)
            links += b.links;
        QVERIFY(links > 0 && links <= static_cast<int>(big.links().size()));
        const DiagramModel small = DiagramModel::of(mDesigns.at(QStringLiteral("sample")));
        QVERIFY(!small.aggregated);
        QCOMPARE(small.boxes.size(), mDesigns.at(QStringLiteral("sample")).nodes().size());
    }

    void hostileNamesCannotInjectIntoExports()
    {
        // Names that a spreadsheet would run (=, +, -, @, tab), control characters (a newline that
        // would start a Slurm directive, NUL) and markup, in the design, node, rack and item texts.
        QJsonObject json = DesignJson::toJson(DesignFile::load(QString::fromLocal8Bit(qgetenv("PODWRIGHT_TEST_DATA"))
            + QStringLiteral("/hostile/formula-names.podwright")));
        QJsonArray items = json.value(QLatin1String("catalog")).toArray();
        for (qsizetype i = 0; i < items.size(); ++i) {
            QJsonObject item = items.at(i).toObject();
            if (item.value(QLatin1String("sku")).toString() == QLatin1String("sn2201"))
                item.insert(QStringLiteral("vendor"), QStringLiteral("-2+3")); // BOM descriptions start with it
            items[i] = item;
        }
        json.insert(QStringLiteral("catalog"), items);
        const Design d = DesignJson::fromJson(json, nullptr);
        auto isFormula
            = [](const QString& cell) { return !cell.isEmpty() && QStringLiteral("=+-@\t\r").contains(cell.front()); };
        const std::pair<const char*, QByteArray> files[]
            = {{"cabling", CablingCsv::write(d)}, {"p2p", P2pCsv::write(d)}, {"bom", BomCsv::write(d)}};
        for (const auto& [what, bytes] : files) {
            const QString text = QString::fromUtf8(bytes);
            for (QChar c : text)
                QVERIFY2(c.unicode() >= 0x20 || c == QLatin1Char('\r') || c == QLatin1Char('\n'), what);
            const auto rows = csv::parse(text);
            QVERIFY(rows.size() > 1);
            for (const QStringList& row : rows) {
                QCOMPARE(row.size(), rows.front().size()); // no record split by a newline
                for (const QString& cell : row)
                    QVERIFY2(!isFormula(cell), qPrintable(QStringLiteral("%1: %2").arg(QLatin1String(what), cell)));
            }
        }
        const QString cabling = QString::fromUtf8(CablingCsv::write(d));
        QVERIFY(cabling.contains(QStringLiteral("'=HYPERLINK(")));
        QVERIFY(cabling.contains(QStringLiteral("'@SUM(A1)")));
        QVERIFY(QString::fromUtf8(BomCsv::write(d)).contains(QStringLiteral("'-2+3 ")));

        const QString slurm = QString::fromUtf8(SlurmTopology::write(d));
        for (const QString& line : slurm.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            QVERIFY2(
                line.startsWith(QLatin1Char('#')) || line.startsWith(QLatin1String("SwitchName=")), qPrintable(line));
            // The injected text may remain inside a comment or a sanitised name, never as a directive.
            QVERIFY2(!line.startsWith(QLatin1String("SwitchName=evil"))
                    && !line.startsWith(QLatin1String("SwitchName=injected")),
                qPrintable(line));
            for (QChar c : line)
                QVERIFY2(c.unicode() >= 0x20, qPrintable(line));
        }
        // The YAML exports stay well-formed YAML with the same hostile names.
        for (const QByteArray& bytes : {SlurmTopologyYaml::write(d), K8sTopologyLabels::write(d)}) {
            QString error;
            const QVariantList docs = yaml(bytes, &error);
            QVERIFY2(error.isEmpty() && !docs.isEmpty(),
                qPrintable(error + QStringLiteral("\n") + QString::fromUtf8(bytes)));
            for (QChar c : QString::fromUtf8(bytes))
                QVERIFY(c.unicode() >= 0x20 || c == QLatin1Char('\n'));
        }
    }

    void reportDataAgreesWithEngines()
    {
        const Design& d = mDesigns.at(QStringLiteral("rail-256"));
        const CostAssumptions a = CostAssumptions::ofProperties(d.properties());
        ReportOptions o;
        const ReportData r = ReportData::build(d, a, o);
        const CostReport c = CostModel::compute(d, a);
        QCOMPARE(qRound64(r.cost.capex * 100), qRound64(c.capex * 100));
        // 256 GPUs ask for one whole SU: the UFM pair takes one DGX slot (DGX SuperPOD RA), 31 x 8.
        QCOMPARE(r.summary.gpus, 248);
        QCOMPARE(r.fabric.gpus, 248);
        QCOMPARE(r.linkCount, static_cast<int>(d.links().size()));
        int cabling = 0;
        for (const CablingLine& l : r.cabling)
            cabling += l.count;
        QCOMPARE(cabling, r.linkCount);
        // The cables the proposal says are bought are the bill of materials' and the analysis' count.
        QCOMPARE(r.cablesBought, r.fabric.cables);
        int racks = 0;
        for (const RackElevation& e : r.racks)
            racks += static_cast<int>(e.rackNames.size());
        QCOMPARE(racks, r.rackCount);
        QVERIFY(!r.sources.empty());
        for (const SourceLine& s : r.sources)
            QVERIFY2(!s.source.isEmpty(), qPrintable(s.subject + QLatin1Char(' ') + s.figure));
        // Tables print whole dollars (issue 30), cents only where asked (a cost per GPU-hour).
        QCOMPARE(r.money(1234567.891), QStringLiteral("$1,234,568"));
        QCOMPARE(r.money(2.134, 2), QStringLiteral("$2.13"));
        // The summary rounds for reading ("$9.81M"); the exact figure stays in the tables.
        QVERIFY(r.summaryText.join(QLatin1Char(' ')).contains(r.roundedMoney(c.capex)));
        QVERIFY(!r.summaryText.join(QLatin1Char(' ')).contains(r.money(c.capex)));

        QString error;
        QVERIFY(!ReportOptions::parseSections(QStringLiteral("cover,nope"), &error));
        QVERIFY(error.contains(QLatin1String("nope")));
        const auto s = ReportOptions::parseSections(QStringLiteral("cost, cover"));
        QVERIFY(s && s->size() == 2 && s->front() == ReportSection::Cover);
    }

    void summaryGrammarKeepsTheDesignName()
    {
        // The article agrees with the cluster type, and the design's own name is never edited
        // ("Alpha inference" once printed as "Alphan inference").
        Design d = mDesigns.at(QStringLiteral("leaf-spine-128"));
        d.setName(QStringLiteral("Alpha inference"));
        QJsonObject p = d.properties();
        QJsonObject intent = p.value(QLatin1String("intent")).toObject();
        intent.insert(QStringLiteral("cluster_type"), QStringLiteral("inference"));
        p.insert(QStringLiteral("intent"), intent);
        d.setProperties(p);
        const CostAssumptions a = CostAssumptions::ofProperties(d.properties());
        QString first = ReportData::build(d, a, ReportOptions{}).summaryText.value(0);
        QVERIFY2(first.startsWith(QLatin1String("Alpha inference is an inference GPU cluster of ")), qPrintable(first));

        intent.insert(QStringLiteral("cluster_type"), QStringLiteral("training"));
        p.insert(QStringLiteral("intent"), intent);
        d.setProperties(p);
        first = ReportData::build(d, a, ReportOptions{}).summaryText.value(0);
        QVERIFY2(first.startsWith(QLatin1String("Alpha inference is a training GPU cluster of ")), qPrintable(first));
        QVERIFY2(first.contains(QLatin1String(" GPUs in ")) && first.contains(QLatin1String(" servers (")),
            qPrintable(first));
    }
};

QTEST_GUILESS_MAIN(TestExport)
#include "tst_export.moc"
