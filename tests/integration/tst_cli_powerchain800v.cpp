// `generate --power-chain 800vdc` end to end (issue 28): one Vera Rubin NVL72 SU (576 GPUs = 8 racks
// in one row) in Max-Q, 190 kW a rack. The sidecar power rack feeds at most 4 racks and 800 kW
// (catalog estimates): 4 x 190 = 760 kW fits, so 8 / 4 = 2 sidecars, U001-pwr-01 and U001-pwr-02,
// each feeding 4 racks of 72 GPUs = 288 GPUs. NVIDIA's claimed 5% gain makes the facility
// IT x PUE x 0.95. Refusals: an unknown chain, and a system that does not take 800 VDC (GB300).
#include "helpers/clirunner.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>

using pw::test::runCli;

class TestCliPowerChain800V : public QObject {
    Q_OBJECT

    QTemporaryDir mDir;
    QString mFile;

private Q_SLOTS:
    void initTestCase()
    {
        mFile = mDir.filePath(QStringLiteral("vr800.podwright"));
        const auto g
            = runCli({QStringLiteral("generate"), QStringLiteral("--server"), QStringLiteral("vera-rubin-nvl72"),
                QStringLiteral("--gpus"), QStringLiteral("576"), QStringLiteral("--switch"), QStringLiteral("sn5610"),
                QStringLiteral("--power-mode"), QStringLiteral("max-q"), QStringLiteral("--power-chain"),
                QStringLiteral("800vdc"), QStringLiteral("-o"), mFile});
        QVERIFY2(g.exitCode == 0, g.err.constData());
        QVERIFY2(g.err.contains("800 VDC power chain: 2 sidecar power racks"), g.err.constData());
    }

    void powerListsTheSidecarsAndTheFactor()
    {
        const auto r = runCli({QStringLiteral("power"), mFile, QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject o = r.json();
        QCOMPARE(o.value(QLatin1String("power_chain")).toString(), QStringLiteral("800vdc"));
        const QJsonArray sidecars = o.value(QLatin1String("sidecars")).toArray();
        QCOMPARE(sidecars.size(), 2);
        for (const QJsonValue& v : sidecars) {
            QCOMPARE(v.toObject().value(QLatin1String("gpus")).toInt(), 288);
            QCOMPARE(v.toObject().value(QLatin1String("load_kw")).toDouble(), 760.0);
        }
        const double it = o.value(QLatin1String("it_max_kw")).toDouble();
        const double pue = o.value(QLatin1String("pue")).toDouble();
        QVERIFY(qFuzzyCompare(o.value(QLatin1String("facility_max_kw")).toDouble(), it * pue * 0.95));
        // `cost` shows the same facility figure and takes its energy from the same factor:
        // energy = facility typical x 8,760 h.
        const auto cost = runCli({QStringLiteral("cost"), mFile, QStringLiteral("--json")});
        QVERIFY2(cost.exitCode == 0, cost.err.constData());
        const QJsonObject c = cost.json();
        QVERIFY(qFuzzyCompare(c.value(QLatin1String("power_kw")).toObject().value(QLatin1String("facility")).toDouble(),
            o.value(QLatin1String("facility_max_kw")).toDouble()));
        QVERIFY(qFuzzyCompare(
            c.value(QLatin1String("opex")).toObject().value(QLatin1String("energy_kwh_per_year")).toDouble(),
            o.value(QLatin1String("facility_typical_kw")).toDouble() * 8760));
        const auto text = runCli({QStringLiteral("power"), mFile});
        QVERIFY(text.out.contains("power chain: 800vdc"));
        QVERIFY2(text.out.contains("sidecar U001-pwr-01  800 kW, feeds U001-"), text.out.constData());
        QVERIFY(text.out.contains("NVIDIA's claim of up to 5% better end-to-end efficiency"));
    }

    void failuresNameEachSidecar()
    {
        const auto r = runCli({QStringLiteral("failures"), mFile, QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QStringList named;
        for (const QJsonValue& v : r.json().value(QLatin1String("scenarios")).toArray()) {
            const QJsonObject s = v.toObject();
            if (s.value(QLatin1String("kind")).toString() != QLatin1String("sidecar"))
                continue;
            named << s.value(QLatin1String("entity")).toString();
            QCOMPARE(s.value(QLatin1String("gpus_lost")).toInt(), 288);
            QCOMPARE(s.value(QLatin1String("racks_lost")).toInt(), 4);
        }
        named.sort();
        QCOMPARE(named, QStringList({QStringLiteral("U001-pwr-01"), QStringLiteral("U001-pwr-02")}));
    }

    void refusals()
    {
        const QString out = mDir.filePath(QStringLiteral("refused.podwright"));
        const auto unknown
            = runCli({QStringLiteral("generate"), QStringLiteral("--server"), QStringLiteral("vera-rubin-nvl72"),
                QStringLiteral("--gpus"), QStringLiteral("576"), QStringLiteral("--switch"), QStringLiteral("sn5610"),
                QStringLiteral("--power-chain"), QStringLiteral("800v"), QStringLiteral("-o"), out});
        QCOMPARE(unknown.exitCode, 2);
        QVERIFY2(unknown.err.contains("unknown --power-chain '800v' (54v-shelves, 800vdc)"), unknown.err.constData());
        const auto gb300
            = runCli({QStringLiteral("generate"), QStringLiteral("--server"), QStringLiteral("dgx-gb300-nvl72"),
                QStringLiteral("--nodes"), QStringLiteral("8"), QStringLiteral("--switch"), QStringLiteral("q3400"),
                QStringLiteral("--power-chain"), QStringLiteral("800vdc"), QStringLiteral("-o"), out});
        QCOMPARE(gb300.exitCode, 2);
        QVERIFY2(gb300.err.contains("does not take an 800 VDC power chain"), gb300.err.constData());
        QVERIFY(!QFile::exists(out));
    }
};

QTEST_GUILESS_MAIN(TestCliPowerChain800V)
#include "tst_cli_powerchain800v.moc"
