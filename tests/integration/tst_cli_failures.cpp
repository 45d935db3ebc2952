#include "helpers/clirunner.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>

using namespace pw;
using pw::test::runCli;

// `podwright-cli failures`: what one failure takes down, as text and JSON, end to end.
class TestCliFailures : public QObject {
    Q_OBJECT

private:
    QTemporaryDir mDir;
    QString mDesign;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(mDir.isValid());
        mDesign = mDir.filePath(QStringLiteral("ft4.podwright"));
        const auto r = runCli({QStringLiteral("generate"), QStringLiteral("--topology"), QStringLiteral("fat-tree"),
            QStringLiteral("--switch"), QStringLiteral("qm9700"), QStringLiteral("--radix"), QStringLiteral("4"),
            QStringLiteral("--no-management"), QStringLiteral("-o"), mDesign});
        QVERIFY2(r.exitCode == 0, r.err.constData());
    }

    // k = 4 fat tree (tst_failuredomains works the figures by hand): one edge switch cuts off its
    // 2 one-GPU hosts and leaves 53.6 - 1.72 = 51.88 kW; a cores' rack leaves half the bisection.
    void jsonListsTheScenarios()
    {
        const auto r = runCli({QStringLiteral("failures"), mDesign, QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject j = r.json();
        QCOMPARE(j[QStringLiteral("gpus")].toInt(), 16);
        QJsonObject edge;
        QJsonObject coreRack;
        for (const QJsonValue& v : j[QStringLiteral("scenarios")].toArray()) {
            const QJsonObject s = v.toObject();
            if (s[QStringLiteral("entity")] == QStringLiteral("edge-p01-1"))
                edge = s;
            if (s[QStringLiteral("entity")] == QStringLiteral("C-01"))
                coreRack = s;
        }
        QCOMPARE(edge[QStringLiteral("kind")].toString(), QStringLiteral("switch"));
        QCOMPARE(edge[QStringLiteral("gpus_lost")].toInt(), 2);
        QCOMPARE(edge[QStringLiteral("equivalent")].toInt(), 8);
        QCOMPARE(edge[QStringLiteral("bisection_ratio")].toDouble(), 1.0);
        QCOMPARE(edge[QStringLiteral("power_left_kw")].toDouble(), 51.88);
        QCOMPARE(coreRack[QStringLiteral("kind")].toString(), QStringLiteral("rack"));
        // Since issue 26 the 4 cores stand 2 + 2 in C-01 and C-02: each pod keeps 2 of its 4 core
        // uplinks, 0.5 (all 4 in C-01 left none: 0); 53.6 - 2 x 1.72 = 50.16 kW left.
        QCOMPARE(coreRack[QStringLiteral("bisection_ratio")].toDouble(), 0.5);
        QCOMPARE(coreRack[QStringLiteral("power_left_kw")].toDouble(), 50.16);
    }

    // 8 DGX H100 with a DDN and the management networks: each service network would fit one
    // switch, so it is a pair joined by a peer link with every host on both (ServiceNetworks).
    // Storage: 8 servers x 2 + the DDN's 8 = 24 ports at 400 Gb/s = 9,600 Gb/s (the QM9700s run the
    // storage fabric's subnet manager themselves below one SU: no UFM pair, issue 26), 12 on each
    // switch: one lost leaves 9,600 - 12 x 400 = 4,800 and cuts nobody off (before: one switch,
    // whose loss took every server's storage). In-band: 8 x 2 + 2 head
    // nodes x 2 = 20 ports at 100 Gb/s = 2,000, 10 a switch: one lost leaves 1,000, nobody cut off.
    void oneServiceSwitchOfAPairCutsNothingOff()
    {
        const QString design = mDir.filePath(QStringLiteral("dgx8.podwright"));
        const auto g = runCli({QStringLiteral("generate"), QStringLiteral("--server"), QStringLiteral("dgx-h100"),
            QStringLiteral("--nodes"), QStringLiteral("8"), QStringLiteral("--switch"), QStringLiteral("qm9700"),
            QStringLiteral("--storage"), QStringLiteral("ddn-ai400x2"), QStringLiteral("-o"), design});
        QVERIFY2(g.exitCode == 0, g.err.constData());
        const auto r = runCli({QStringLiteral("failures"), design, QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QJsonObject storage;
        QJsonObject inBand;
        for (const QJsonValue& v : r.json()[QStringLiteral("scenarios")].toArray()) {
            const QJsonObject s = v.toObject();
            if (s[QStringLiteral("entity")] == QStringLiteral("stor-leaf-001"))
                storage = s;
            if (s[QStringLiteral("entity")] == QStringLiteral("inb-leaf-001"))
                inBand = s;
        }
        QCOMPARE(storage[QStringLiteral("kind")].toString(), QStringLiteral("switch"));
        QCOMPARE(storage[QStringLiteral("network")].toString(), QStringLiteral("storage"));
        QCOMPARE(storage[QStringLiteral("equivalent")].toInt(), 2);
        QCOMPARE(storage[QStringLiteral("hosts_cut_off")].toInt(), 0);
        QCOMPARE(storage[QStringLiteral("gpus_lost")].toInt(), 0);
        QCOMPARE(storage[QStringLiteral("network_gbps_left")].toDouble(), 4800.0);
        QVERIFY(storage[QStringLiteral("effect")].toString().contains(QStringLiteral("8 servers keep it")));
        QCOMPARE(inBand[QStringLiteral("equivalent")].toInt(), 2);
        QCOMPARE(inBand[QStringLiteral("hosts_cut_off")].toInt(), 0);
        QCOMPARE(inBand[QStringLiteral("gpus_lost")].toInt(), 0);
        QCOMPARE(inBand[QStringLiteral("network_gbps_left")].toDouble(), 1000.0);
    }

    void textIsATable()
    {
        const auto r = runCli({QStringLiteral("failures"), mDesign});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QString out = QString::fromUtf8(r.out);
        QVERIFY2(out.contains(QStringLiteral("16 GPUs, 53.6 kW IT")), r.out.constData());
        QVERIFY(out.contains(QStringLiteral("edge-p01-1")));
        QVERIFY(out.contains(QStringLiteral("note: plane:")));
    }

    void badInputGivesAClearErrorAndExitTwo_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("missing file") << QStringList{QStringLiteral("failures"),
            QStringLiteral("/nonexistent/x.podwright")}
                                      << QStringLiteral("does not exist");
        QTest::newRow("unknown option") << QStringList{QStringLiteral("failures"), QStringLiteral("--frob"),
            QStringLiteral("x")} << QStringLiteral("frob");
        QTest::newRow("no design") << QStringList{QStringLiteral("failures")} << QStringLiteral("design");
    }
    void badInputGivesAClearErrorAndExitTwo()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const auto r = runCli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
        QVERIFY(!r.err.contains("internal error"));
    }
};

QTEST_GUILESS_MAIN(TestCliFailures)
#include "tst_cli_failures.moc"
