#include "helpers/clirunner.h"

#include <QJsonArray>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace pw;
using pw::test::runCli;

// `podwright-cli options` end to end (issue 26 section 3), `generate` without --topology building
// the option it marks, and the proposal's "Options considered" page. Figures are the core's
// (tst_designoptions checks them against generate + cost + analyze + failures); here the CLI must
// print them, agree with itself and refuse bad arguments.
class TestCliOptions : public QObject {
    Q_OBJECT

private:
    QTemporaryDir mDir;
    QJsonObject mOptions; // options --server dgx-h100 --nodes 8 --switch qm9700 --json

    static QStringList dgx8()
    {
        return {QStringLiteral("--server"), QStringLiteral("dgx-h100"), QStringLiteral("--nodes"), QStringLiteral("8"),
            QStringLiteral("--switch"), QStringLiteral("qm9700")};
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(mDir.isValid());
        const auto r = runCli(QStringList{QStringLiteral("options")} + dgx8() + QStringList{QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        mOptions = r.json();
    }

    // Each option carries its name, its generate arguments, capex with band, bisection, worst single
    // failure, IT kW, racks and switches; at least three are shown.
    void jsonFields()
    {
        const QJsonArray options = mOptions[QStringLiteral("options")].toArray();
        QVERIFY(options.size() >= 3);
        for (const QJsonValue& v : options) {
            const QJsonObject o = v.toObject();
            QVERIFY(!o[QStringLiteral("name")].toString().isEmpty());
            const QJsonObject args = o[QStringLiteral("arguments")].toObject();
            QCOMPARE(args[QStringLiteral("server")].toString(), QStringLiteral("dgx-h100"));
            QCOMPARE(args[QStringLiteral("nodes")].toInt(), 8);
            QCOMPARE(args[QStringLiteral("switch")].toString(), QStringLiteral("qm9700"));
            const QJsonObject capex = o[QStringLiteral("capex")].toObject();
            QVERIFY(capex[QStringLiteral("low")].toDouble() <= capex[QStringLiteral("mid")].toDouble());
            QVERIFY(capex[QStringLiteral("mid")].toDouble() <= capex[QStringLiteral("high")].toDouble());
            QVERIFY(capex[QStringLiteral("mid")].toDouble() > 1e6); // 8 DGX H100 alone are millions
            QVERIFY(o[QStringLiteral("bisection_ratio")].isDouble());
            const QJsonObject worst = o[QStringLiteral("worst_single_failure")].toObject();
            QVERIFY(worst[QStringLiteral("gpus_cut_off")].isDouble());
            QVERIFY(worst.contains(QStringLiteral("bisection_left")));
            QVERIFY(o[QStringLiteral("it_kw")].toDouble() > 8 * 10.2 - 0.01); // 8 DGX H100 at 10.2 kW each
            QVERIFY(o[QStringLiteral("racks")].toInt() >= 1);
            QVERIFY(o[QStringLiteral("switches")].toInt() >= 1);
            QVERIFY(o[QStringLiteral("generate")].toArray().contains(QStringLiteral("--topology")));
        }
    }

    // generate without --topology builds the option `options` marks as the cheapest meeting 1:1,
    // records what it weighed, and the report prints the "Options considered" page.
    void generateBuildsTheCheapestAndTheReportSaysWhy()
    {
        const QString cheapest = mOptions[QStringLiteral("cheapest_meeting")].toString();
        QVERIFY(!cheapest.isEmpty());
        const QString design = mDir.filePath(QStringLiteral("dgx8.podwright"));
        auto r = runCli(QStringList{QStringLiteral("generate")} + dgx8() + QStringList{QStringLiteral("-o"), design});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.contains(("topology: " + cheapest).toUtf8()), r.err.constData());
        const QString json = mDir.filePath(QStringLiteral("dgx8.json"));
        r = runCli({QStringLiteral("export"), design, QStringLiteral("--format"), QStringLiteral("json"),
            QStringLiteral("-o"), json});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QFile f(json);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject record = QJsonDocument::fromJson(f.readAll())
                                       .object()[QStringLiteral("properties")]
                                       .toObject()[QStringLiteral("options_considered")]
                                       .toObject();
        QCOMPARE(record[QStringLiteral("chosen")].toString(), cheapest);
        // The same figures as `options` printed for it.
        QJsonObject fromOptions;
        for (const QJsonValue& v : mOptions[QStringLiteral("options")].toArray())
            if (v.toObject()[QStringLiteral("name")].toString() == cheapest)
                fromOptions = v.toObject();
        for (const QJsonValue& v : record[QStringLiteral("options")].toArray())
            if (v.toObject()[QStringLiteral("name")].toString() == cheapest && !fromOptions.isEmpty())
                QCOMPARE(
                    v.toObject()[QStringLiteral("capex")].toObject(), fromOptions[QStringLiteral("capex")].toObject());

        const QString pdf = mDir.filePath(QStringLiteral("dgx8.pdf"));
        r = runCli({QStringLiteral("report"), design, QStringLiteral("-o"), pdf});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QProcess p;
        p.start(QStringLiteral("pdftotext"), {QStringLiteral("-layout"), pdf, QStringLiteral("-")});
        QVERIFY(p.waitForFinished(60000));
        const QString text = QString::fromUtf8(p.readAllStandardOutput()).simplified();
        QVERIFY(text.contains(QStringLiteral("Options considered")));
        QVERIFY(text.contains(QStringLiteral("What was weighed")));
        QVERIFY(text.contains(QStringLiteral("Why this design")));
        // The chosen row is named and marked (pdftotext may wrap the mark onto the cell's next line).
        QVERIFY2(text.contains(cheapest), qPrintable(cheapest));
        QVERIFY(text.contains(QStringLiteral("(this design)")));
        QVERIFY(text.contains(QStringLiteral("cheapest of the")));

        // With --topology the architect chose: no record, no page.
        const QString fixed = mDir.filePath(QStringLiteral("fixed.podwright"));
        r = runCli(QStringList{QStringLiteral("generate")} + dgx8()
            + QStringList{QStringLiteral("--topology"), QStringLiteral("rail-optimized"), QStringLiteral("-o"), fixed});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QString fixedPdf = mDir.filePath(QStringLiteral("fixed.pdf"));
        r = runCli({QStringLiteral("report"), fixed, QStringLiteral("-o"), fixedPdf, QStringLiteral("--sections"),
            QStringLiteral("summary,options,cost")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QProcess q;
        q.start(QStringLiteral("pdftotext"), {fixedPdf, QStringLiteral("-")});
        QVERIFY(q.waitForFinished(60000));
        QVERIFY(!QString::fromUtf8(q.readAllStandardOutput()).contains(QStringLiteral("Options considered")));
    }

    void textTable()
    {
        const auto r = runCli(QStringList{QStringLiteral("options")} + dgx8());
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QString out = QString::fromUtf8(r.out);
        QVERIFY(out.contains(QStringLiteral("capex")));
        QVERIFY(out.contains(mOptions[QStringLiteral("cheapest_meeting")].toString() + QLatin1Char('*')));
        QVERIFY(out.contains(QStringLiteral("podwright-cli generate --server dgx-h100")));
    }

    // GB300 NVL72 on Q3400 at 16 SU, asked in GPUs: 9,216 / 72 = 128 racks. The CLI prints the
    // options of tst_designoptions::gb300OnQ3400HandCounts, counted there by hand: leaf-spine 2:1
    // with 97 leaves + 48 spines (each rack's ports spread over the leaves: full bisection, the
    // front), and rail-optimized 2:1 with 128 + 45 and, at SU 4, 128 + 36; the cheapest meeting 1:1
    // is leaf-spine 1:1; every option's generate arguments name its topology and the GPUs asked.
    void gb300SixteenUnits()
    {
        const auto r = runCli({QStringLiteral("options"), QStringLiteral("--server"), QStringLiteral("dgx-gb300-nvl72"),
            QStringLiteral("--gpus"), QStringLiteral("9216"), QStringLiteral("--switch"), QStringLiteral("q3400"),
            QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject json = r.json();
        QCOMPARE(json[QStringLiteral("cheapest_meeting")].toString(), QStringLiteral("leaf-spine 1:1 · q3400"));
        QMap<QString, QPair<int, int>> tiers;
        for (const QJsonValue& v : json[QStringLiteral("options")].toArray()) {
            const QJsonObject o = v.toObject();
            const QString name = o[QStringLiteral("name")].toString();
            tiers.insert(name, {o[QStringLiteral("leaves")].toInt(), o[QStringLiteral("spines")].toInt()});
            QCOMPARE(o[QStringLiteral("arguments")].toObject()[QStringLiteral("gpus")].toInt(), 9216);
            QCOMPARE(o[QStringLiteral("cores")].toInt(), 0);
            const QJsonArray generate = o[QStringLiteral("generate")].toArray();
            QVERIFY(generate.contains(name.section(QLatin1Char(' '), 0, 0)));
            QVERIFY(generate.contains(QStringLiteral("9216")));
        }
        QCOMPARE(tiers.size(), 3);
        QCOMPARE(tiers.value(QStringLiteral("leaf-spine 2:1 · q3400")), qMakePair(97, 48));
        QCOMPARE(tiers.value(QStringLiteral("rail-optimized 2:1 · q3400")), qMakePair(128, 45));
        QCOMPARE(tiers.value(QStringLiteral("rail-optimized 2:1 · q3400 · SU 4")), qMakePair(128, 36));
    }

    void badArguments_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("no server") << QStringList{QStringLiteral("--nodes"), QStringLiteral("8")}
                                   << QStringLiteral("--server");
        QTest::newRow("no size") << QStringList{QStringLiteral("--server"), QStringLiteral("dgx-h100")}
                                 << QStringLiteral("--nodes N or --gpus N");
        QTest::newRow("both sizes") << QStringList{QStringLiteral("--server"), QStringLiteral("dgx-h100"),
            QStringLiteral("--nodes"), QStringLiteral("8"), QStringLiteral("--gpus"), QStringLiteral("64")}
                                    << QStringLiteral("--nodes N or --gpus N");
        QTest::newRow("zero nodes") << QStringList{QStringLiteral("--server"), QStringLiteral("dgx-h100"),
            QStringLiteral("--nodes"), QStringLiteral("0")}
                                    << QStringLiteral("at least 1");
        QTest::newRow("unknown server") << QStringList{QStringLiteral("--server"), QStringLiteral("dgx-h999"),
            QStringLiteral("--nodes"), QStringLiteral("8")}
                                        << QStringLiteral("dgx-h999");
        QTest::newRow("unknown switch") << QStringList{QStringLiteral("--server"), QStringLiteral("dgx-h100"),
            QStringLiteral("--nodes"), QStringLiteral("8"), QStringLiteral("--switch"), QStringLiteral("qm0000")}
                                        << QStringLiteral("qm0000");
        QTest::newRow("bad ratio") << QStringList{QStringLiteral("--server"), QStringLiteral("dgx-h100"),
            QStringLiteral("--nodes"), QStringLiteral("8"), QStringLiteral("--oversubscription"), QStringLiteral("2-1")}
                                   << QStringLiteral("D:U");
        QTest::newRow("bad topology") << QStringList{QStringLiteral("--server"), QStringLiteral("dgx-h100"),
            QStringLiteral("--nodes"), QStringLiteral("8"), QStringLiteral("--topology"), QStringLiteral("ring")}
                                      << QStringLiteral("ring");
    }
    void badArguments()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const auto r = runCli(QStringList{QStringLiteral("options")} + args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliOptions)
#include "tst_cli_options.moc"
