// The command line edits a design as the studio does: `connect` is Connect Selection (Ctrl+K,
// BulkConnect) and `regenerate` is Change Design Dials (Regenerate), each through the core
// command the studio pushes on its undo stack.
#include "helpers/clirunner.h"

#include "io/designfile.h"
#include "model/design.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace pw;
using pw::test::runCli;

class TestCliEdit : public QObject {
    Q_OBJECT

    QTemporaryDir mDir;

    QString path(const QString& name) const { return mDir.filePath(name); }

    // Two DGX H100, a compute leaf and an out-of-band switch, placed by hand and not yet cabled.
    QString handDesign()
    {
        const QString file = path(QStringLiteral("hand.json"));
        auto node = [](int id, const char* sku, const char* name, int x, const char* network) {
            QJsonObject n{{QStringLiteral("id"), id}, {QStringLiteral("sku"), QLatin1String(sku)},
                {QStringLiteral("name"), QLatin1String(name)}, {QStringLiteral("x"), x}, {QStringLiteral("y"), 0}};
            if (network)
                n.insert(QStringLiteral("network"), QLatin1String(network));
            return n;
        };
        const QJsonObject doc{{QStringLiteral("format"), QStringLiteral("podwright-design")},
            {QStringLiteral("version"), 1}, {QStringLiteral("name"), QStringLiteral("Two DGX by hand")},
            {QStringLiteral("nodes"),
                QJsonArray{node(1, "dgx-h100", "dgx-01", 0, nullptr), node(2, "dgx-h100", "dgx-02", 300, nullptr),
                    node(3, "qm9700", "ib-leaf-01", 150, "compute"), node(4, "sn2201", "oob-01", 450, "oob")}},
            {QStringLiteral("links"), QJsonArray{}}};
        QFile f(file);
        if (!f.open(QIODevice::WriteOnly) || f.write(QJsonDocument(doc).toJson()) < 0)
            qFatal("cannot write %s", qPrintable(file));
        return file;
    }

    static int linksOfNetwork(const Design& d, Network network)
    {
        int n = 0;
        d.links().forEach([&](const Link& l) { n += d.linkNetwork(l) == network ? 1 : 0; });
        return n;
    }

    static int spines(const QString& file)
    {
        const auto r = runCli({QStringLiteral("analyze"), file, QStringLiteral("--json")});
        if (r.exitCode != 0)
            qFatal("analyze failed: %s", r.err.constData());
        return r.json()[QStringLiteral("compute_fabric")][QStringLiteral("switches")][QStringLiteral("spine")].toInt();
    }

private Q_SLOTS:
    void connectAllCablesEveryRailAndBmc()
    {
        const QString in = handDesign();
        const QString out = path(QStringLiteral("connected.podwright"));
        const auto r = runCli({QStringLiteral("connect"), in, QStringLiteral("--all"), QStringLiteral("-o"), out,
            QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const Design d = DesignFile::load(out);
        // Eight GPU rails per DGX to the leaf; the BMCs (and the leaf's management port) to out-of-band.
        QCOMPARE(linksOfNetwork(d, Network::Compute), 16);
        QVERIFY(linksOfNetwork(d, Network::OutOfBand) >= 2);
        const QJsonObject j = r.json();
        QCOMPARE(j[QStringLiteral("links")].toInt(), int(d.links().size()));
        QCOMPARE(j[QStringLiteral("by_network")][QStringLiteral("compute")].toInt(), 16);
        // No storage or in-band switch was there: the CLI says which ports it left and why.
        QVERIFY(!j[QStringLiteral("not_connected")].toArray().isEmpty());
        QVERIFY2(r.err.contains("not connected") && r.err.contains("storage"), r.err.constData());
        QCOMPARE(d.checkInvariants(), std::nullopt);

        // Connecting again finds every port taken: refused with the reason, exit 1, file untouched.
        const auto again = runCli({QStringLiteral("connect"), out, QStringLiteral("--all")});
        QCOMPARE(again.exitCode, 1);
        QVERIFY(!again.err.isEmpty());
        QVERIFY(DesignFile::load(out) == d);
    }

    void connectChosenNodesAndBadChoices()
    {
        const QString in = handDesign();
        const QString out = path(QStringLiteral("one.podwright"));
        const auto one = runCli({QStringLiteral("connect"), in, QStringLiteral("--node"), QStringLiteral("dgx-01"),
            QStringLiteral("--node"), QStringLiteral("ib-leaf-01"), QStringLiteral("-o"), out});
        QVERIFY2(one.exitCode == 0, one.err.constData());
        const Design d = DesignFile::load(out);
        QCOMPARE(linksOfNetwork(d, Network::Compute), 8); // dgx-02 was not chosen
        QVERIFY2(one.err.contains("connected 8 links"), one.err.constData());

        // Servers without a switch: nothing to connect, exit 1 and the reason.
        const auto none = runCli({QStringLiteral("connect"), in, QStringLiteral("--node"), QStringLiteral("dgx-01"),
            QStringLiteral("--node"), QStringLiteral("dgx-02"), QStringLiteral("-o"),
            path(QStringLiteral("x.podwright"))});
        QCOMPARE(none.exitCode, 1);
        QVERIFY(!QFile::exists(path(QStringLiteral("x.podwright"))));
        // A name that is not there, or no choice at all: usage errors (exit 2) that say what is wrong.
        const auto unknown = runCli({QStringLiteral("connect"), in, QStringLiteral("--node"), QStringLiteral("nope")});
        QCOMPARE(unknown.exitCode, 2);
        QVERIFY(unknown.err.contains("no node named 'nope'"));
        const auto nothing = runCli({QStringLiteral("connect"), in});
        QCOMPARE(nothing.exitCode, 2);
        QVERIFY(nothing.err.contains("--all"));
    }

    void regenerateChangesOversubscription()
    {
        const QString oneToOne = path(QStringLiteral("pod-1to1.podwright"));
        const QStringList dials{QStringLiteral("--server"), QStringLiteral("dgx-h100"), QStringLiteral("--nodes"),
            QStringLiteral("64"), QStringLiteral("--switch"), QStringLiteral("qm9700")};
        const auto g
            = runCli(QStringList{QStringLiteral("generate")} + dials + QStringList{QStringLiteral("-o"), oneToOne});
        QVERIFY2(g.exitCode == 0, g.err.constData());
        const QString twoToOne = path(QStringLiteral("pod-2to1.podwright"));
        const auto r = runCli({QStringLiteral("regenerate"), oneToOne, QStringLiteral("--oversubscription"),
            QStringLiteral("2:1"), QStringLiteral("-o"), twoToOne, QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.json()[QStringLiteral("change")].toString(), QStringLiteral("Change oversubscription 1:1 → 2:1"));
        // The same fabric as generating 2:1 from the start, with fewer spines than 1:1.
        const QString fresh = path(QStringLiteral("pod-fresh.podwright"));
        const auto f = runCli(QStringList{QStringLiteral("generate")} + dials
            + QStringList{QStringLiteral("--oversubscription"), QStringLiteral("2:1"), QStringLiteral("-o"), fresh});
        QVERIFY2(f.exitCode == 0, f.err.constData());
        QCOMPARE(spines(twoToOne), spines(fresh));
        QVERIFY(spines(twoToOne) < spines(oneToOne));
        QVERIFY(DesignFile::load(twoToOne).links().size() == DesignFile::load(fresh).links().size());

        // Nothing to change, or a design the generator did not make: usage errors with the reason.
        const auto same = runCli(
            {QStringLiteral("regenerate"), twoToOne, QStringLiteral("--oversubscription"), QStringLiteral("2:1")});
        QCOMPARE(same.exitCode, 2);
        QVERIFY(same.err.contains("no dial changes"));
        const auto hand
            = runCli({QStringLiteral("regenerate"), handDesign(), QStringLiteral("--nodes"), QStringLiteral("4")});
        QCOMPARE(hand.exitCode, 2);
        QVERIFY(hand.err.contains("not made by the reference-design generator"));
        const auto bad = runCli(
            {QStringLiteral("regenerate"), twoToOne, QStringLiteral("--oversubscription"), QStringLiteral("two")});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.err.contains("D:U"));
    }
};

QTEST_GUILESS_MAIN(TestCliEdit)
#include "tst_cli_edit.moc"
