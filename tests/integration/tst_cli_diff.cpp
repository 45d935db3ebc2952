#include "core/helpers/rulesfixture.h"
#include "helpers/clirunner.h"

#include "io/designfile.h"
#include "io/designjson.h"

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>

using pw::test::CliResult;
using pw::test::runCli;
using namespace pw;

// `podwright-cli diff` end to end: two small designs on disk (the rules fixture's clean cluster and
// the same with two more servers), the text a sales engineer reads, the JSON a script reads, and
// every figure equal to the difference of what `cost --json`, `analyze --json` and `validate --json`
// print for each file.
class TestCliDiff : public QObject {
    Q_OBJECT

private:
    QTemporaryDir mDir;
    QString mBefore;
    QString mAfter;

    static QString text(const QByteArray& b) { return QString::fromUtf8(b); }
    static QJsonObject jsonOf(const QStringList& args)
    {
        const CliResult r = runCli(args);
        if (r.exitCode != 0 && r.exitCode != 1)
            qWarning("%s", r.err.constData());
        return r.json();
    }
    static double path(const QJsonObject& o, const QStringList& keys)
    {
        QJsonValue v = o;
        for (const QString& k : keys)
            v = v.toObject().value(k);
        return v.toDouble();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(mDir.isValid());
        fx::Cluster c;
        mBefore = mDir.filePath(QStringLiteral("proposal-v1.podwright"));
        DesignFile::save(c.b.d, mBefore);
        c.addComputeServers({"srv3", "srv4"});
        mAfter = mDir.filePath(QStringLiteral("proposal-v2.json"));
        DesignJson::writeFile(c.b.d, mAfter);
    }

    void textNamesTheChanges()
    {
        const CliResult r = runCli({QStringLiteral("diff"), mBefore, mAfter});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QString out = text(r.out);
        QVERIFY2(out.contains(QLatin1String("Before: proposal-v1.podwright (clean)")), qPrintable(out));
        QVERIFY2(out.contains(QLatin1String("After:  proposal-v2.json (clean)")), qPrintable(out));
        QVERIFY2(out.contains(QLatin1String("Nodes: 2 added, 0 removed")), qPrintable(out));
        QVERIFY2(out.contains(QLatin1String("  + srv3 (srv)")), qPrintable(out));
        QVERIFY2(out.contains(QLatin1String("Links: 16 added, 0 removed")), qPrintable(out));
        QVERIFY2(out.contains(QLatin1String("+20 kW")), qPrintable(out));
        QVERIFY2(out.contains(QLatin1String("Capital cost: $")), qPrintable(out));
        QVERIFY2(out.contains(QLatin1String("change +$201,600")), qPrintable(out));
        QVERIFY2(out.contains(QLatin1String("servers srv: quantity 2 -> 4 (+2), unit $100,000 -> $100,000")),
            qPrintable(out));
    }

    // A link recabled on the same two ports (another cable and length) is reported as a changed
    // link, in the text and the JSON, besides its two BOM lines.
    void aRecabledLinkIsReportedAsChanged()
    {
        Design d = DesignFile::load(mBefore);
        Link recabled;
        d.links().forEach([&](const Link& l) {
            if (!recabled.id.isValid() && l.cableSku == QLatin1String("dac"))
                recabled = l;
        });
        QVERIFY(recabled.id.isValid());
        recabled.cableSku = QStringLiteral("dac112");
        recabled.lengthM = 3;
        d.replaceLink(recabled);
        const QString file = mDir.filePath(QStringLiteral("recabled.podwright"));
        DesignFile::save(d, file);

        const CliResult r = runCli({QStringLiteral("diff"), mBefore, file});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QString out = text(r.out);
        QVERIFY2(out.contains(QLatin1String("Links: 0 added, 0 removed, 1 changed")), qPrintable(out));
        QVERIFY2(out.contains(QStringLiteral(": cable dac → dac112, 2 m → 3 m")), qPrintable(out));
        const QJsonObject j = jsonOf({QStringLiteral("diff"), mBefore, file, QStringLiteral("--json")});
        const QJsonArray changed = j[QLatin1String("links")][QLatin1String("changed")].toArray();
        QCOMPARE(changed.size(), 1);
        QCOMPARE(changed[0][QLatin1String("after")][QLatin1String("cable")].toString(), QStringLiteral("dac112"));
        QCOMPARE(changed[0][QLatin1String("before")][QLatin1String("length_m")].toDouble(), 2.0);
        QCOMPARE(j[QLatin1String("bom")].toArray().size(), 2);
    }

    // The diff's figures are the difference of the figures each command prints for each file.
    void jsonEqualsTheDifferenceOfCostAnalyzeAndValidate()
    {
        const CliResult r = runCli({QStringLiteral("diff"), mBefore, mAfter, QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject d = r.json();
        const QJsonObject costBefore = jsonOf({QStringLiteral("cost"), mBefore, QStringLiteral("--json")});
        const QJsonObject costAfter = jsonOf({QStringLiteral("cost"), mAfter, QStringLiteral("--json")});
        const QJsonObject fabricBefore = jsonOf({QStringLiteral("analyze"), mBefore, QStringLiteral("--json")});
        const QJsonObject fabricAfter = jsonOf({QStringLiteral("analyze"), mAfter, QStringLiteral("--json")});

        const QJsonObject figures = d.value(QLatin1String("figures")).toObject();
        auto delta = [&](const char* key) {
            return figures.value(QLatin1String(key)).toObject().value(QLatin1String("delta")).toDouble();
        };
        QCOMPARE(delta("it_power_max_kw"), path(costAfter, {"power_kw", "it"}) - path(costBefore, {"power_kw", "it"}));
        QCOMPARE(delta("it_power_max_kw"), 20.0);
        QCOMPARE(delta("facility_power_kw"),
            path(costAfter, {"power_kw", "facility"}) - path(costBefore, {"power_kw", "facility"}));
        QCOMPARE(delta("gpus"), path(fabricAfter, {"gpus"}) - path(fabricBefore, {"gpus"}));
        QCOMPARE(figures.value(QLatin1String("bisection_ratio")).toObject().value(QLatin1String("after")).toDouble(),
            path(fabricAfter, {"bisection", "ratio"}));
        QCOMPARE(figures.value(QLatin1String("bisection_gbps")).toObject().value(QLatin1String("after")).toDouble(),
            path(fabricAfter, {"bisection", "bandwidth_gbps"}));
        const QJsonObject spine = figures.value(QLatin1String("one_spine_lost_ratio")).toObject();
        QCOMPARE(
            spine.value(QLatin1String("before")).toDouble(), path(fabricBefore, {"degraded", "one_spine_lost_ratio"}));

        const QJsonObject capex = d[QLatin1String("cost")][QLatin1String("capex_usd")].toObject();
        for (const char* end : {"low", "mid", "high"}) {
            QCOMPARE(capex[QLatin1String("delta")][QLatin1String(end)].toDouble(),
                path(costAfter, {"capex_band", end}) - path(costBefore, {"capex_band", end}));
            QCOMPARE(
                capex[QLatin1String("after")][QLatin1String(end)].toDouble(), path(costAfter, {"capex_band", end}));
        }
        QCOMPARE(capex[QLatin1String("delta")][QLatin1String("mid")].toDouble(), 201600.0);
        const QJsonObject tco = d[QLatin1String("cost")][QLatin1String("tco_usd")].toObject();
        QCOMPARE(tco[QLatin1String("delta")][QLatin1String("mid")].toDouble(),
            path(costAfter, {"tco_band", "mid"}) - path(costBefore, {"tco_band", "mid"}));

        // Findings: what `validate --json` lists for the second file and not the first.
        const CliResult vb = runCli({QStringLiteral("validate"), mBefore, QStringLiteral("--json")});
        const CliResult va = runCli({QStringLiteral("validate"), mAfter, QStringLiteral("--json")});
        const QJsonArray before = vb.json().value(QLatin1String("findings")).toArray();
        const QJsonArray after = va.json().value(QLatin1String("findings")).toArray();
        const QJsonArray added = d[QLatin1String("findings")][QLatin1String("added")].toArray();
        QVERIFY(!added.isEmpty());
        QCOMPARE(added.size(), after.size() - before.size());
        for (const QJsonValue& f : added) {
            bool listed = false;
            for (const QJsonValue& g : after)
                listed = listed
                    || g.toObject().value(QLatin1String("message")) == f.toObject().value(QLatin1String("message"));
            QVERIFY2(listed, qPrintable(f.toObject().value(QLatin1String("message")).toString()));
        }

        const QJsonArray bom = d.value(QLatin1String("bom")).toArray();
        QCOMPARE(bom.size(), 2);
        QCOMPARE(bom[0][QLatin1String("sku")].toString(), QStringLiteral("srv"));
        QCOMPARE(bom[0][QLatin1String("quantity")][QLatin1String("delta")].toInt(), 2);
        QCOMPARE(d[QLatin1String("nodes")][QLatin1String("added")].toArray().size(), 2);
        QCOMPARE(d[QLatin1String("links")][QLatin1String("added")].toArray().size(), 16);
        QCOMPARE(d[QLatin1String("unchanged")].toBool(), false);
    }

    void aDesignAgainstItselfIsUnchanged()
    {
        const CliResult r = runCli({QStringLiteral("diff"), mBefore, mBefore, QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.json()[QLatin1String("unchanged")].toBool(), true);
    }

    void badInputIsAClearError()
    {
        const CliResult missing
            = runCli({QStringLiteral("diff"), mBefore, mDir.filePath(QStringLiteral("nope.podwright"))});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY2(text(missing.err).contains(QLatin1String("nope.podwright: no such file")), missing.err.constData());
        QVERIFY(missing.out.isEmpty());

        const QString corrupt = mDir.filePath(QStringLiteral("corrupt.podwright"));
        QFile f(corrupt);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("this is not a design");
        f.close();
        const CliResult bad = runCli({QStringLiteral("diff"), corrupt, mAfter});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(text(bad.err).startsWith(QLatin1String("podwright-cli diff: ")), bad.err.constData());
        QVERIFY2(text(bad.err).contains(QLatin1String("corrupt.podwright")), bad.err.constData());

        // A revision with no repository to take it from.
        qunsetenv("PODWRIGHT_REPO");
        const CliResult noRepo = runCli({QStringLiteral("diff"), QStringLiteral("acme@3"), mAfter});
        QCOMPARE(noRepo.exitCode, 2);
        QVERIFY2(text(noRepo.err).contains(QLatin1String("no repository is given")), noRepo.err.constData());

        const CliResult one = runCli({QStringLiteral("diff"), mBefore});
        QCOMPARE(one.exitCode, 2);
        QVERIFY2(text(one.err).contains(QLatin1String("two designs")), one.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliDiff)
#include "tst_cli_diff.moc"
