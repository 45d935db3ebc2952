// Names in the scheduler and cabling exports (issue 31 §5, issue 26 §4): two devices whose names
// become one once made valid both appear, under a visible suffix with a warning; Kubernetes names
// and label values are valid; a block of leaves is named by what it serves.
#include "helpers/miniyaml.h"
#include "helpers/rulesfixture.h"

#include "export/cablingcsv.h"
#include "export/csv.h"
#include "export/exportformats.h"
#include "export/exportnames.h"
#include "export/hostlist.h"
#include "export/k8stopologylabels.h"
#include "export/p2pcsv.h"
#include "export/slurmtopology.h"
#include "export/slurmtopologyyaml.h"
#include "model/design.h"

#include <QRegularExpression>
#include <QtTest>

using namespace pw;

namespace {

QVariantList yaml(const QByteArray& bytes)
{
    QString error;
    QVariantList docs = test::MiniYaml::documents(QString::fromUtf8(bytes), &error);
    if (!error.isEmpty())
        qWarning("%s\n%s", qPrintable(error), bytes.constData());
    return docs;
}

QVariant at(const QVariant& v, const QString& path)
{
    QVariant cur = v;
    for (const QString& key : path.split(QLatin1Char('.')))
        cur = cur.toMap().value(key);
    return cur;
}

// One leaf switch and a server per name, each server on the leaf (its first compute port).
fx::Builder serversOnOneLeaf(const QStringList& serverNames, const QString& leafName = QStringLiteral("leaf"))
{
    fx::Builder b;
    const NodeId leaf = b.add(fx::ibSwitch(), leafName, Network::Compute, FabricTier::Leaf);
    for (const QString& name : serverNames)
        b.connect(b.add(fx::gpuServer(), name), leaf);
    return b;
}

// The Nodes of a topology.conf, expanded.
QStringList slurmHosts(const QByteArray& conf)
{
    QStringList hosts;
    for (const QByteArray& line : conf.split('\n')) {
        const qsizetype at = line.indexOf(" Nodes=");
        if (line.startsWith("SwitchName=") && at > 0)
            hosts << Hostlist::expand(QString::fromUtf8(line.mid(at + 7)));
    }
    hosts.sort();
    return hosts;
}

// The Node documents of the Kubernetes labels file: name -> labels.
QMap<QString, QVariantMap> k8sNodes(const QByteArray& bytes)
{
    QMap<QString, QVariantMap> nodes;
    for (const QVariant& doc : yaml(bytes))
        if (at(doc, QStringLiteral("kind")).toString() == QLatin1String("Node"))
            nodes.insert(at(doc, QStringLiteral("metadata.name")).toString(),
                at(doc, QStringLiteral("metadata.labels")).toMap());
    return nodes;
}

GroupId addGroup(fx::Builder& b, GroupKind kind, const QString& name, const std::vector<NodeId>& members)
{
    Group g;
    g.id = b.d.allocateGroupId();
    g.kind = kind;
    g.name = name;
    b.d.insertGroup(g);
    for (NodeId id : members) {
        Node n = *b.d.node(id);
        (kind == GroupKind::Rack ? n.rack : n.unit) = g.id;
        b.d.replaceNode(n);
    }
    return g.id;
}

} // namespace

class TestExportNames : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // Issue 31 §5: "dgx 01" beside "dgx-01" left one of them out of topology.conf, topology.yaml
    // and the Kubernetes labels. Hand-worked: the Slurm rule turns ' ' and '/' into '-', so all
    // three servers want "dgx-01". "dgx-01" needs no change and keeps it although its node comes
    // second; "dgx 01" (first in node order among the changed ones) gets "dgx-01-2", "dgx/01"
    // "dgx-01-3".
    void collidingNamesAllAppearWithASuffix()
    {
        const fx::Builder b
            = serversOnOneLeaf({QStringLiteral("dgx 01"), QStringLiteral("dgx-01"), QStringLiteral("dgx/01")});
        const QStringList expected{QStringLiteral("dgx-01"), QStringLiteral("dgx-01-2"), QStringLiteral("dgx-01-3")};

        QCOMPARE(slurmHosts(SlurmTopology::write(b.d)), expected);

        QStringList yamlHosts;
        for (const QVariant& sw :
            at(yaml(SlurmTopologyYaml::write(b.d)).value(0).toList().value(0), QStringLiteral("tree.switches"))
                .toList())
            yamlHosts << Hostlist::expand(at(sw, QStringLiteral("nodes")).toString());
        yamlHosts.sort();
        QCOMPARE(yamlHosts, expected);

        QCOMPARE(k8sNodes(K8sTopologyLabels::write(b.d)).keys(), expected);
    }

    // The warning names both originals and the suffix, in core (ExportResult) and on every
    // name-writing format of the export table.
    void collisionsAreWarned()
    {
        const fx::Builder b = serversOnOneLeaf({QStringLiteral("dgx 01"), QStringLiteral("dgx-01")});
        const ExportResult conf = SlurmTopology::exportOf(b.d);
        QCOMPARE(conf.warnings.size(), 1);
        const QString w = conf.warnings.front();
        QVERIFY2(w.contains(QLatin1String("\"dgx 01\"")) && w.contains(QLatin1String("\"dgx-01\""))
                && w.contains(QLatin1String("\"dgx-01-2\"")),
            qPrintable(w));
        for (const char* id : {"slurm-topology", "slurm-nodes", "slurm-topology-yaml", "k8s-topology-labels"}) {
            const ExportResult r = exportFormat(QLatin1String(id))->write(b.d);
            QVERIFY2(!r.bytes.isEmpty() && r.warnings.contains(w), id);
        }
        // No collision, no warning.
        const fx::Builder plain = serversOnOneLeaf({QStringLiteral("dgx 01"), QStringLiteral("dgx-02")});
        QVERIFY(SlurmTopology::exportOf(plain.d).warnings.isEmpty());
        QVERIFY(K8sTopologyLabels::exportOf(plain.d).warnings.isEmpty());
    }

    // The CSV files keep any text but drop control characters: "dgx\n01" and "dgx01" would be one
    // device in the cabling plan and the P2P list.
    void csvDeviceNamesStayDistinct()
    {
        const fx::Builder b = serversOnOneLeaf({QStringLiteral("dgx\n01"), QStringLiteral("dgx01")});
        for (const ExportResult& r : {CablingCsv::exportOf(b.d), P2pCsv::exportOf(b.d)}) {
            QSet<QString> cells;
            for (const QStringList& row : csv::parse(QString::fromUtf8(r.bytes)))
                for (const QString& cell : row)
                    cells.insert(cell);
            QVERIFY(cells.contains(QStringLiteral("dgx01")));
            QVERIFY(cells.contains(QStringLiteral("dgx01-2")));
            QCOMPARE(r.warnings.size(), 1);
        }
    }

    // Kubernetes refuses a node name that is not a DNS-1123 subdomain (at most 253 characters,
    // lower-case letters, digits, '-' and '.', each dot-separated part starting and ending with a
    // letter or digit) and a label value over 63 characters or not starting and ending with a
    // letter or digit. Names here start with '-' or '.', mix case, hold '_', or run long.
    void kubernetesNamesAndLabelValuesAreValid()
    {
        const QString longName = QStringLiteral("rack-scale-") + QString(300, QLatin1Char('x'));
        const fx::Builder b = serversOnOneLeaf(
            {QStringLiteral("-dgx-a"), QStringLiteral(".dgx-b"), QStringLiteral("DGX_C."), QStringLiteral("dgx-c"),
                longName, longName + QStringLiteral("y"), QStringLiteral("a..b-.c")},
            QStringLiteral("-leaf_") + QString(80, QLatin1Char('L')));
        const QRegularExpression dnsSubdomain(
            QStringLiteral("^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$"));
        const QRegularExpression labelValue(QStringLiteral("^([A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?)?$"));
        const ExportResult r = K8sTopologyLabels::exportOf(b.d);
        const QMap<QString, QVariantMap> nodes = k8sNodes(r.bytes);
        QCOMPARE(nodes.size(), 7); // every server, none left out
        for (auto it = nodes.begin(); it != nodes.end(); ++it) {
            QVERIFY2(it.key().size() <= 253 && dnsSubdomain.match(it.key()).hasMatch(), qPrintable(it.key()));
            for (const QVariant& v : it.value()) {
                const QString value = v.toString();
                QVERIFY2(value.size() <= 63 && labelValue.match(value).hasMatch(), qPrintable(value));
            }
        }
        // Hand-worked: "-dgx-a" -> "dgx-a"; ".dgx-b" -> "dgx-b"; "DGX_C." -> Slurm "DGX_C." -> "dgx-c" (lower
        // case, '_' replaced, the trailing '.' trimmed), which "dgx-c" (valid as it is) keeps, so
        // "DGX_C." becomes "dgx-c-2"; "a..b-.c" -> parts "a", "b-" -> "b", "c" -> "a.b.c".
        for (const char* name : {"dgx-a", "dgx-b", "dgx-c", "dgx-c-2", "a.b.c"})
            QVERIFY2(nodes.contains(QLatin1String(name)), name);
        // The two long names are cut to Slurm's 64 characters, where they meet: one keeps the cut,
        // the other gets "-2" within the same 64.
        const QString cut = longName.left(64);
        QVERIFY(nodes.contains(cut));
        QVERIFY(nodes.contains(cut.left(62) + QStringLiteral("-2")));
        // The leaf's label: "-leaf_LLL..." without its leading '-', at most 63.
        const QString leaf
            = nodes.value(QStringLiteral("dgx-a")).value(QLatin1String(K8sTopologyLabels::kLeaf)).toString();
        QVERIFY2(leaf.startsWith(QLatin1String("leaf_L")) && leaf.size() == 63, qPrintable(leaf));
    }

    // The one rule takes its limit and alphabet as parameters (issue 27 uses it for InfiniBand node
    // descriptions of 64 bytes): the limit counts UTF-8 bytes and never cuts a character.
    void ruleTakesLimitAndAlphabet()
    {
        NameRule rule;
        rule.what = QStringLiteral("node descriptions");
        rule.maxBytes = 64;
        rule.allowed = [](char16_t u) { return u >= 0x20 && u != 0x7f; };
        UniqueNames names(rule);
        const QString a = QString(70, QLatin1Char('a'));
        const QStringList given = names.take({a, a + QStringLiteral("b"), QString(40, QChar(0xe9))});
        QCOMPARE(given.at(0), QString(64, QLatin1Char('a')));
        QCOMPARE(given.at(1), QString(62, QLatin1Char('a')) + QStringLiteral("-2")); // 64 bytes with its suffix
        QCOMPARE(given.at(2), QString(32, QChar(0xe9))); // 2 bytes each: 32 fit in 64
        QCOMPARE(names.warnings().size(), 1);
        // A reserved name is never given again.
        UniqueNames slurm(NameRule::slurm());
        slurm.reserve({QStringLiteral("spine-001")});
        QCOMPARE(slurm.take(QStringLiteral("spine 001")), QStringLiteral("spine-001-2"));
    }

    // Issue 26 §4: a block of rail leaves was named after the scalable unit its servers share even
    // when it served only some of the unit's racks (the GB300 NVL72 unit's leaves each take a rail
    // of 3 racks, so rack 1-3's leaves were "SU-1" and the next ones "SU-1-2"). Here one unit "SU 1"
    // of 3 racks: leaves L1a/L1b serve racks A and B (4 servers), L2a/L2b rack C (2 servers). Neither
    // block is the unit: the first is "rack-A-to-rack-B" (first and last rack), the second "rack-C".
    // The same names in topology.conf, topology.yaml and the Kubernetes leaf labels.
    void leafBlocksAreNamedByWhatTheyServe()
    {
        fx::Builder b;
        const NodeId l1a = b.add(fx::ibSwitch(), QStringLiteral("L1a"), Network::Compute, FabricTier::Leaf, 0);
        const NodeId l1b = b.add(fx::ibSwitch(), QStringLiteral("L1b"), Network::Compute, FabricTier::Leaf, 1);
        const NodeId l2a = b.add(fx::ibSwitch(), QStringLiteral("L2a"), Network::Compute, FabricTier::Leaf, 0);
        const NodeId l2b = b.add(fx::ibSwitch(), QStringLiteral("L2b"), Network::Compute, FabricTier::Leaf, 1);
        std::vector<NodeId> servers;
        for (int i = 1; i <= 6; ++i) {
            const NodeId s = b.add(fx::gpuServer(), QStringLiteral("s%1").arg(i));
            b.connect(s, i <= 4 ? l1a : l2a);
            b.connect(s, i <= 4 ? l1b : l2b);
            servers.push_back(s);
        }
        addGroup(b, GroupKind::ScalableUnit, QStringLiteral("SU 1"), servers);
        addGroup(b, GroupKind::Rack, QStringLiteral("rack-A"), {servers[0], servers[1]});
        addGroup(b, GroupKind::Rack, QStringLiteral("rack-B"), {servers[2], servers[3]});
        addGroup(b, GroupKind::Rack, QStringLiteral("rack-C"), {servers[4], servers[5]});

        const QString conf = QString::fromUtf8(SlurmTopology::write(b.d));
        QVERIFY2(conf.contains(QLatin1String("SwitchName=rack-A-to-rack-B Nodes=s[1-4]")), qPrintable(conf));
        QVERIFY2(conf.contains(QLatin1String("SwitchName=rack-C           Nodes=s[5-6]")), qPrintable(conf));
        QVERIFY2(!conf.contains(QLatin1String("SU-1")), qPrintable(conf));

        QStringList yamlSwitches;
        for (const QVariant& sw :
            at(yaml(SlurmTopologyYaml::write(b.d)).value(0).toList().value(0), QStringLiteral("tree.switches"))
                .toList())
            yamlSwitches << at(sw, QStringLiteral("switch")).toString();
        QCOMPARE(yamlSwitches, (QStringList{QStringLiteral("rack-A-to-rack-B"), QStringLiteral("rack-C")}));

        const QMap<QString, QVariantMap> nodes = k8sNodes(K8sTopologyLabels::write(b.d));
        QCOMPARE(nodes.value(QStringLiteral("s1")).value(QLatin1String(K8sTopologyLabels::kLeaf)).toString(),
            QStringLiteral("rack-A-to-rack-B"));
        QCOMPARE(nodes.value(QStringLiteral("s6")).value(QLatin1String(K8sTopologyLabels::kLeaf)).toString(),
            QStringLiteral("rack-C"));

        // A block that serves the whole unit keeps the unit's name.
        fx::Builder whole;
        const NodeId a = whole.add(fx::ibSwitch(), QStringLiteral("La"), Network::Compute, FabricTier::Leaf, 0);
        const NodeId c = whole.add(fx::ibSwitch(), QStringLiteral("Lb"), Network::Compute, FabricTier::Leaf, 1);
        std::vector<NodeId> all;
        for (int i = 1; i <= 4; ++i) {
            const NodeId s = whole.add(fx::gpuServer(), QStringLiteral("s%1").arg(i));
            whole.connect(s, a);
            whole.connect(s, c);
            all.push_back(s);
        }
        addGroup(whole, GroupKind::ScalableUnit, QStringLiteral("SU 1"), all);
        addGroup(whole, GroupKind::Rack, QStringLiteral("rack-A"), {all[0], all[1]});
        addGroup(whole, GroupKind::Rack, QStringLiteral("rack-B"), {all[2], all[3]});
        QVERIFY(
            QString::fromUtf8(SlurmTopology::write(whole.d)).contains(QLatin1String("SwitchName=SU-1 Nodes=s[1-4]")));
    }
};

QTEST_GUILESS_MAIN(TestExportNames)
#include "tst_exportnames.moc"
