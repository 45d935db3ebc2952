// The generator's CDUs end to end (issue 17, sections 1 and 3): `generate` places them for a DGX
// GB200 NVL72 scalable unit, `power` says which loop each feeds, `failures` names them in the
// cdu-loop scenario, and `validate` finds nothing to say about them (tst_cduplacement removes one and
// trips COOLING-CDU-CAPACITY). Figures by hand (sources in tests/core/tst_cduplacement.cpp): 8 racks x 120
// kW x 0.85 = 816 kW of liquid heat on one loop, ceil(816 / 1350) + 1 = 2 CDUs; the loop lost
// stops 8 racks of 72 GPUs = 576 GPUs.
#include "helpers/clirunner.h"

#include <QJsonArray>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using pw::test::runCli;

class TestCliCdus : public QObject {
    Q_OBJECT

    QTemporaryDir mDir;
    QString mFile;

private Q_SLOTS:
    void initTestCase()
    {
        mFile = mDir.filePath(QStringLiteral("nvl72.podwright"));
        const auto g = runCli({QStringLiteral("generate"), QStringLiteral("--server"),
            QStringLiteral("dgx-gb200-nvl72"), QStringLiteral("--nodes"), QStringLiteral("8"),
            QStringLiteral("--switch"), QStringLiteral("qm9700"), QStringLiteral("-o"), mFile});
        QVERIFY2(g.exitCode == 0, g.err.constData());
    }

    void powerSaysWhichLoopEachCduFeeds()
    {
        const auto r = runCli({QStringLiteral("power"), mFile, QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject o = r.json();
        QCOMPARE(o.value(QLatin1String("cdus_planned")).toInt(), 2);
        QCOMPARE(o.value(QLatin1String("cdus_placed")).toInt(), 2);
        const QJsonArray loops = o.value(QLatin1String("loops")).toArray();
        QCOMPARE(loops.size(), 1);
        const QJsonObject loop = loops.first().toObject();
        // 8 DGX GB200 NVL72 at 139 kW (catalog power_modes max_p, RA-11338's 1.2 MW per SU) x 0.85 liquid.
        QCOMPARE(qRound(loop.value(QLatin1String("liquid_kw")).toDouble() * 10), 9452);
        QCOMPARE(loop.value(QLatin1String("cdus_in_service")).toInt(), 2);
        QCOMPARE(loop.value(QLatin1String("cdu_nodes")).toArray(),
            QJsonArray({QStringLiteral("U001-cdu-01"), QStringLiteral("U001-cdu-02")}));
        const auto text = runCli({QStringLiteral("power"), mFile});
        QVERIFY(text.out.contains("fed by U001-cdu-01, U001-cdu-02"));
    }

    void failuresNameTheCdusOfTheLoop()
    {
        const auto r = runCli({QStringLiteral("failures"), mFile, QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        int loops = 0;
        for (const QJsonValue& v : r.json().value(QLatin1String("scenarios")).toArray()) {
            const QJsonObject s = v.toObject();
            if (s.value(QLatin1String("kind")).toString() != QLatin1String("cdu-loop"))
                continue;
            ++loops;
            QCOMPARE(s.value(QLatin1String("entity")).toString(), QStringLiteral("loop U001-1"));
            QCOMPARE(s.value(QLatin1String("detail")).toString(),
                QStringLiteral("8 racks fed by U001-cdu-01, U001-cdu-02 (1350 kW each)"));
            QCOMPARE(s.value(QLatin1String("gpus_lost")).toInt(), 576);
            QCOMPARE(s.value(QLatin1String("racks_lost")).toInt(), 8);
            QCOMPARE(
                s.value(QLatin1String("cooling_left_kw")).toObject().value(QLatin1String("liquid_capacity")).toDouble(),
                0.0);
        }
        QCOMPARE(loops, 1);
    }

    // The report's power and cooling block: the loop table names each loop's CDUs, and one sentence
    // gives the count (2 CDUs of 1,350 kW for 1 loop, 2 planned).
    void reportListsTheLoopAssignment()
    {
        const QString pdf = mDir.filePath(QStringLiteral("racks.pdf"));
        const auto r = runCli({QStringLiteral("report"), mFile, QStringLiteral("-o"), pdf, QStringLiteral("--sections"),
            QStringLiteral("racks")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QProcess p;
        p.start(QStringLiteral("pdftotext"), {QStringLiteral("-layout"), pdf, QStringLiteral("-")});
        QVERIFY(p.waitForFinished(60000));
        // The PDF's font sets "fi" and "fl" as ligatures; read them as the letters.
        const QString text = QString::fromUtf8(p.readAllStandardOutput())
                                 .replace(QChar(0xFB01), QLatin1String("fi"))
                                 .replace(QChar(0xFB02), QLatin1String("fl"))
                                 .simplified();
        QVERIFY2(text.contains(QLatin1String("CDUs feeding it")), qPrintable(text.left(600)));
        QVERIFY(text.contains(QLatin1String("loop U001-1 8 945.2 1 + 1 U001-cdu-01, U001-cdu-02")));
        QVERIFY(text.contains(QLatin1String("2 coolant distribution units (1,350 kW each) stand on the floor for 1 "
                                            "coolant loops (2 planned)")));
    }

    void validateIsQuietAboutTheCdus()
    {
        const auto r = runCli({QStringLiteral("validate"), mFile, QStringLiteral("--json")});
        const QJsonObject o = r.json();
        QCOMPARE(o.value(QLatin1String("errors")).toInt(), 0);
        QVERIFY(!o.value(QLatin1String("findings")).toArray().isEmpty()); // the report was read
        for (const QJsonValue& v : o.value(QLatin1String("findings")).toArray())
            QVERIFY(v.toObject().value(QLatin1String("code")).toString() != QLatin1String("COOLING-CDU-CAPACITY"));
    }
};

QTEST_GUILESS_MAIN(TestCliCdus)
#include "tst_cli_cdus.moc"
