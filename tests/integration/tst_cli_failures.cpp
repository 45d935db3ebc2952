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
    // 2 one-GPU hosts and leaves 53.6 - 1.72 = 51.88 kW; the 4 cores' rack leaves no bisection.
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
        QCOMPARE(coreRack[QStringLiteral("bisection_ratio")].toDouble(), 0.0);
        QCOMPARE(coreRack[QStringLiteral("power_left_kw")].toDouble(), 46.72);
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
