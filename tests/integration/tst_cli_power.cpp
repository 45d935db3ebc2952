// podwright-cli power (issue 17, section 3): the power and cooling chain of a design, its settings
// stored with --set, and clear errors on bad input.
#include "helpers/clirunner.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using pw::test::runCli;

class TestCliPower : public QObject {
    Q_OBJECT

    QTemporaryDir mDir;
    QString mFile;

private Q_SLOTS:
    void initTestCase()
    {
        // One scalable unit of DGX H100 (31 servers after the UFM's slot) on QM9700.
        mFile = mDir.filePath(QStringLiteral("h100.podwright"));
        const auto g = runCli({QStringLiteral("generate"), QStringLiteral("--server"), QStringLiteral("dgx-h100"),
            QStringLiteral("--nodes"), QStringLiteral("32"), QStringLiteral("--switch"), QStringLiteral("qm9700"),
            QStringLiteral("-o"), mFile});
        QVERIFY2(g.exitCode == 0, g.err.constData());
    }

    void jsonAddsUpAndEveryRackIsFed()
    {
        const auto r = runCli({QStringLiteral("power"), mFile, QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject o = r.json();
        const double it = o.value(QLatin1String("it_max_kw")).toDouble();
        const double pue = o.value(QLatin1String("pue")).toDouble();
        // facility = IT maximum x PUE; air-cooled: all heat to air, no loop, no CDU
        QCOMPARE(o.value(QLatin1String("facility_max_kw")).toDouble(), it * pue);
        QCOMPARE(o.value(QLatin1String("liquid_kw")).toDouble(), 0.0);
        QCOMPARE(o.value(QLatin1String("cdus_planned")).toInt(), 0);
        double rows = 0;
        for (const QJsonValue& v : o.value(QLatin1String("rows")).toArray())
            rows += v.toObject().value(QLatin1String("max_kw")).toDouble();
        QVERIFY(std::abs(rows + o.value(QLatin1String("unracked_kw")).toDouble() - it) < 1e-6);
        const QJsonArray racks = o.value(QLatin1String("racks")).toArray();
        QVERIFY(!racks.isEmpty());
        for (const QJsonValue& v : racks) {
            const QJsonObject rack = v.toObject();
            // The generator puts 3 PDUs of 60 kW in a DGX rack (RA-11333 Table 7) and 2 in the others:
            // a DGX rack of 4 x 10.2 kW keeps 120 kW with one lost.
            QVERIFY(rack.value(QLatin1String("feeds")).toArray().size() >= 2);
            QVERIFY(rack.value(QLatin1String("survives_one_feed_lost")).toBool());
        }
        const auto text = runCli({QStringLiteral("power"), mFile, QStringLiteral("--racks")});
        QCOMPARE(text.exitCode, 0);
        QVERIFY(text.out.contains("3 x pdu 60.0 kW = 180.0 kW (one may fail)"));
    }

    void setStoresALimitThatValidateChecks()
    {
        const QString copy = mDir.filePath(QStringLiteral("limited.podwright"));
        QVERIFY(QFile::copy(mFile, copy));
        const auto set = runCli({QStringLiteral("power"), copy, QStringLiteral("--set"),
            QStringLiteral("row_limit_kw=100"), QStringLiteral("--set"), QStringLiteral("hall_limit_kw=200")});
        QVERIFY2(set.exitCode == 0, set.err.constData());
        QVERIFY(set.out.contains("wrote"));
        QVERIFY(set.out.contains("OVER LIMIT"));
        const auto v = runCli({QStringLiteral("validate"), copy, QStringLiteral("--json")});
        QVERIFY(v.out.contains("POWER-ROW-LIMIT"));
        QVERIFY(v.out.contains("POWER-HALL-LIMIT"));
        QCOMPARE(v.exitCode, 1); // POWER-HALL-LIMIT is an error
        // Back to the defaults: the key leaves the file.
        const auto reset
            = runCli({QStringLiteral("power"), copy, QStringLiteral("--set"), QStringLiteral("row_limit_kw=1200"),
                QStringLiteral("--set"), QStringLiteral("hall_limit_kw=0"), QStringLiteral("--json")});
        QCOMPARE(reset.json().value(QLatin1String("changed")).toBool(), true);
        QVERIFY(!runCli({QStringLiteral("validate"), copy}).out.contains("POWER-ROW-LIMIT"));
    }

    void badInputIsRefusedClearly()
    {
        struct Case {
            QStringList args;
            const char* message;
        };
        const QList<Case> cases{
            {{QStringLiteral("--set"), QStringLiteral("nonsense=1")}, "unknown power chain setting 'nonsense'"},
            {{QStringLiteral("--set"), QStringLiteral("racks_per_loop=0")}, "racks_per_loop must be between 1"},
            {{QStringLiteral("--set"), QStringLiteral("cdu_spares=1.5")}, "cdu_spares must be a whole number"},
            {{QStringLiteral("--set"), QStringLiteral("row_limit_kw")}, "--set needs KEY=VALUE"},
            {{QStringLiteral("--set"), QStringLiteral("row_limit_kw=lots")}, "is not a number"},
            {{QStringLiteral("--pue"), QStringLiteral("0.5")}, "--pue needs a number from 1 to 5"},
        };
        for (const Case& c : cases) {
            const auto r = runCli(QStringList{QStringLiteral("power"), mFile} + c.args);
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains(c.message), r.err.constData());
        }
        const auto missing = runCli({QStringLiteral("power"), mDir.filePath(QStringLiteral("none.podwright"))});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY(missing.err.contains("does not exist"));
    }
};

QTEST_GUILESS_MAIN(TestCliPower)
#include "tst_cli_power.moc"
