#include "helpers/clirunner.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using pw::test::runCli;

// Issue 15: the NVL72 SuperPOD design points from the real podwright-cli, end to end: generate
// (the dials only: `--nodes` counts racks, `--gpus` works as everywhere), validate without errors,
// cost, and the proposal PDF. Small sizes (one SU) keep the suite fast; the row-by-row counts up to
// 128 racks and 16 SU are in tests/core/tst_nvl72superpod and tst_planes.
class TestCliNvl72 : public QObject {
    Q_OBJECT

private:
    QTemporaryDir mDir;

private Q_SLOTS:
    void designPointEndToEnd_data()
    {
        QTest::addColumn<QStringList>("dials");
        QTest::addColumn<int>("servers");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<int>("leaves");
        QTest::addColumn<QString>("note");
        // RA-11338's SU: `generate --server dgx-gb200-nvl72 --nodes 8 --switch qm9700`.
        QTest::newRow("gb200 qm9700, 8 racks")
            << QStringList{QStringLiteral("--server"), QStringLiteral("dgx-gb200-nvl72"), QStringLiteral("--nodes"),
                   QStringLiteral("8"), QStringLiteral("--switch"), QStringLiteral("qm9700")}
            << 8 << 576 << 32 << QStringLiteral("rack-scale rails (DGX SuperPOD GB200 RA, RA-11338)");
        // GB300 on Quantum-X800 by the switch dial, sized by GPUs: 576 GPUs = 8 racks; a Q3400 leaf
        // takes the rail of 4 racks (72 down, 72 up, the B300 XDR RA's leaf): 4 rails x 2 = 8 leaves.
        QTest::newRow("gb300 q3400, 576 gpus")
            << QStringList{QStringLiteral("--server"), QStringLiteral("dgx-gb300-nvl72"), QStringLiteral("--gpus"),
                   QStringLiteral("576"), QStringLiteral("--switch"), QStringLiteral("q3400"),
                   QStringLiteral("--storage"), QStringLiteral("ddn-ai400x2")}
            << 8 << 576 << 8 << QStringLiteral("rack-scale rails (DGX SuperPOD GB200 RA, RA-11338)");
        // RA-11337's SU: 64 DGX B300 on twin-plane Spectrum-X, the planes from the catalog entry.
        QTest::newRow("b300 ethernet sn5640, 1 SU")
            << QStringList{QStringLiteral("--server"), QStringLiteral("dgx-b300-busbar"), QStringLiteral("--nodes"),
                   QStringLiteral("64"), QStringLiteral("--switch"), QStringLiteral("sn5640")}
            << 64 << 512 << 16 << QStringLiteral("2 compute planes");
    }
    void designPointEndToEnd()
    {
        QFETCH(QStringList, dials);
        QFETCH(int, servers);
        QFETCH(int, gpus);
        QFETCH(int, leaves);
        QFETCH(QString, note);
        const QString tag = QString::fromLatin1(QTest::currentDataTag()).left(5);
        const QString file = mDir.filePath(tag + QStringLiteral(".podwright"));
        const auto g
            = runCli(QStringList{QStringLiteral("generate")} + dials + QStringList{QStringLiteral("-o"), file});
        QVERIFY2(g.exitCode == 0, g.err.constData());
        QVERIFY2(g.err.contains(note.toUtf8()), g.err.constData());

        const auto a = runCli({QStringLiteral("analyze"), file, QStringLiteral("--json")});
        QVERIFY2(a.exitCode == 0, a.err.constData());
        const QJsonObject j = a.json();
        QCOMPARE(j[QStringLiteral("servers")].toInt(), servers);
        QCOMPARE(j[QStringLiteral("gpus")].toInt(), gpus);
        const QJsonObject fabric = j[QStringLiteral("compute_fabric")].toObject();
        QCOMPARE(fabric[QStringLiteral("switches")][QStringLiteral("leaf")].toInt(), leaves);
        QCOMPARE(fabric[QStringLiteral("links")][QStringLiteral("node_leaf")].toInt(),
            gpus * (servers == 64 ? 2 : 1)); // B300 Ethernet: two 400G links per GPU, one per plane
        QCOMPARE(j[QStringLiteral("bisection")][QStringLiteral("ratio")].toDouble(), 1.0);

        const auto v = runCli({QStringLiteral("validate"), file, QStringLiteral("--json")});
        QVERIFY2(v.exitCode == 0, v.out.constData());

        // Every link has its cable, management included: the NVL72 in-band leaves (SN5600) reach
        // the SN4600C spines over NVIDIA MCP7Y60 splitters (twin-port OSFP to 2x QSFP56 at 100GbE),
        // two links per cable.
        const auto bom = runCli({QStringLiteral("bom"), file, QStringLiteral("--json")});
        QVERIFY2(bom.exitCode == 0, bom.err.constData());
        QCOMPARE(bom.json()[QStringLiteral("uncabled_links")].toInt(), 0);
        if (servers == 8 && tag.startsWith(QLatin1String("gb200"))) {
            int splitters = 0;
            for (const QJsonValue& line : bom.json()[QStringLiteral("lines")].toArray())
                if (line[QStringLiteral("sku")].toString() == QLatin1String("dac-2x200g-qsfp56-splitter"))
                    splitters += line[QStringLiteral("quantity")].toInt();
            QCOMPARE(splitters, 48); // 3 in-band leaves x 32 uplinks at 100G, two per cable
        }

        const auto c = runCli({QStringLiteral("cost"), file, QStringLiteral("--json")});
        QVERIFY2(c.exitCode == 0, c.err.constData());
        // At least the GPUs themselves (US$40k and up each, catalog estimates) and their fabric.
        QVERIFY2(c.json()[QStringLiteral("capex")].toDouble() > gpus * 40000.0, c.out.left(400).constData());

        const QString pdf = mDir.filePath(tag + QStringLiteral(".pdf"));
        const auto r = runCli({QStringLiteral("report"), file, QStringLiteral("-o"), pdf});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QFile out(pdf);
        QVERIFY(out.open(QIODevice::ReadOnly));
        QVERIFY(out.read(5) == "%PDF-");
        QVERIFY(out.size() > 20000);
        // The proposal states the planes from the same analysis as `analyze --json`.
        QProcess text;
        text.start(QStringLiteral("pdftotext"), {QStringLiteral("-layout"), pdf, QStringLiteral("-")});
        QVERIFY(text.waitForFinished(60000));
        const QByteArray words = text.readAllStandardOutput().simplified();
        if (servers == 64) {
            QVERIFY2(words.contains("Compute planes 2 separate fabrics"), words.left(3000).constData());
            QVERIFY2(words.contains("One plane lost bisection ratio 0.5"), words.left(3000).constData());
        } else {
            QVERIFY(!words.contains("Compute planes"));
        }
    }

    // `generate --planes 2` and `analyze --json`'s planes: two separate fabrics, the bisection per
    // plane and in total, one plane lost = half the bandwidth; bad plane counts exit 2 with a reason.
    void planesFromTheCli()
    {
        const QString file = mDir.filePath(QStringLiteral("planes.podwright"));
        const auto g = runCli({QStringLiteral("generate"), QStringLiteral("--server"), QStringLiteral("dgx-b200"),
            QStringLiteral("--nodes"), QStringLiteral("64"), QStringLiteral("--switch"), QStringLiteral("qm9700"),
            QStringLiteral("--planes"), QStringLiteral("2"), QStringLiteral("-o"), file});
        QVERIFY2(g.exitCode == 0, g.err.constData());
        QVERIFY2(g.err.contains("2 compute planes"), g.err.constData());
        const auto a = runCli({QStringLiteral("analyze"), file, QStringLiteral("--json")});
        QVERIFY2(a.exitCode == 0, a.err.constData());
        const QJsonObject planes = a.json()[QStringLiteral("planes")].toObject();
        QCOMPARE(planes[QStringLiteral("count")].toInt(), 2);
        QCOMPARE(planes[QStringLiteral("kind")].toString(), QStringLiteral("separate fabrics"));
        const QJsonArray perPlane = planes[QStringLiteral("per_plane")].toArray();
        QCOMPARE(perPlane.size(), 2);
        const double total = planes[QStringLiteral("total_bisection_gbps")].toDouble();
        QVERIFY(total > 0);
        QCOMPARE(perPlane[0].toObject()[QStringLiteral("bisection_gbps")].toDouble(), total / 2);
        QCOMPARE(a.json()[QStringLiteral("bisection")][QStringLiteral("bandwidth_gbps")].toDouble(), total);
        QCOMPARE(planes[QStringLiteral("one_plane_lost_ratio")].toDouble(), 0.5);
        QCOMPARE(runCli({QStringLiteral("validate"), file}).exitCode, 0);

        for (const QString& bad : {QStringLiteral("0"), QStringLiteral("3")}) {
            const auto r = runCli({QStringLiteral("generate"), QStringLiteral("--server"), QStringLiteral("dgx-b200"),
                QStringLiteral("--nodes"), QStringLiteral("64"), QStringLiteral("--switch"), QStringLiteral("qm9700"),
                QStringLiteral("--planes"), bad, QStringLiteral("-o"), mDir.filePath(QStringLiteral("bad.podwright"))});
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains("planes"), r.err.constData());
        }
        // GB200 NVL72's ConnectX-7 has one port per NIC: planes refused with the reason, no file;
        // GB300 NVL72's multi-plane form runs 400GbE, which the Quantum-X800's 800G ports do not.
        const QString nvl = mDir.filePath(QStringLiteral("nvl-planes.podwright"));
        const auto r
            = runCli({QStringLiteral("generate"), QStringLiteral("--server"), QStringLiteral("dgx-gb200-nvl72"),
                QStringLiteral("--nodes"), QStringLiteral("8"), QStringLiteral("--switch"), QStringLiteral("qm9700"),
                QStringLiteral("--planes"), QStringLiteral("2"), QStringLiteral("-o"), nvl});
        QVERIFY(r.exitCode != 0);
        QVERIFY2(r.err.contains("do not split evenly over 2 planes"), r.err.constData());
        QVERIFY(!QFile::exists(nvl));
        const auto xdr
            = runCli({QStringLiteral("generate"), QStringLiteral("--server"), QStringLiteral("dgx-gb300-nvl72"),
                QStringLiteral("--nodes"), QStringLiteral("8"), QStringLiteral("--switch"), QStringLiteral("q3400"),
                QStringLiteral("--planes"), QStringLiteral("2"), QStringLiteral("-o"), nvl});
        QVERIFY(xdr.exitCode != 0);
        QVERIFY2(xdr.err.contains("share no speed with the fabric ports of q3400"), xdr.err.constData());
        QVERIFY(!QFile::exists(nvl));
    }

    // Issue 15 section 3 on the NVL72 AI Factory enterprise RA's design point: GB300 NVL72 on
    // Spectrum-X with `--planes 2` (each ConnectX-8 as 2 x 400GbE, one port per plane), one SU of
    // 8 racks: two separate fabrics of 12 leaves each (derived by the rail rule; no public table),
    // the bisection per plane and in total, one plane lost = half; validate, bom (every link
    // cabled), cost and the proposal PDF, which states the planes.
    void gb300PlanesEndToEnd()
    {
        const QString file = mDir.filePath(QStringLiteral("gb300-planes.podwright"));
        const auto g
            = runCli({QStringLiteral("generate"), QStringLiteral("--server"), QStringLiteral("dgx-gb300-nvl72"),
                QStringLiteral("--nodes"), QStringLiteral("8"), QStringLiteral("--switch"), QStringLiteral("sn5600"),
                QStringLiteral("--planes"), QStringLiteral("2"), QStringLiteral("-o"), file});
        QVERIFY2(g.exitCode == 0, g.err.constData());
        QVERIFY2(g.err.contains("2 compute planes: built as dgx-gb300-nvl72-multiplane"), g.err.constData());
        const auto a = runCli({QStringLiteral("analyze"), file, QStringLiteral("--json")});
        QVERIFY2(a.exitCode == 0, a.err.constData());
        const QJsonObject j = a.json();
        QCOMPARE(j[QStringLiteral("gpus")].toInt(), 576);
        QCOMPARE(j[QStringLiteral("compute_fabric")][QStringLiteral("switches")][QStringLiteral("leaf")].toInt(), 24);
        const QJsonObject planes = j[QStringLiteral("planes")].toObject();
        QCOMPARE(planes[QStringLiteral("count")].toInt(), 2);
        QCOMPARE(planes[QStringLiteral("kind")].toString(), QStringLiteral("separate fabrics"));
        const QJsonArray perPlane = planes[QStringLiteral("per_plane")].toArray();
        QCOMPARE(perPlane.size(), 2);
        const double total = planes[QStringLiteral("total_bisection_gbps")].toDouble();
        QVERIFY(total > 0);
        QCOMPARE(perPlane[0].toObject()[QStringLiteral("bisection_gbps")].toDouble(), total / 2);
        QCOMPARE(perPlane[1].toObject()[QStringLiteral("bisection_gbps")].toDouble(), total / 2);
        QCOMPARE(planes[QStringLiteral("one_plane_lost_ratio")].toDouble(), 0.5);
        QCOMPARE(j[QStringLiteral("bisection")][QStringLiteral("ratio")].toDouble(), 1.0);

        const auto v = runCli({QStringLiteral("validate"), file, QStringLiteral("--json")});
        QVERIFY2(v.exitCode == 0, v.out.constData());
        const auto bom = runCli({QStringLiteral("bom"), file, QStringLiteral("--json")});
        QVERIFY2(bom.exitCode == 0, bom.err.constData());
        QCOMPARE(bom.json()[QStringLiteral("uncabled_links")].toInt(), 0);
        const auto c = runCli({QStringLiteral("cost"), file, QStringLiteral("--json")});
        QVERIFY2(c.exitCode == 0, c.err.constData());
        QVERIFY2(c.json()[QStringLiteral("capex")].toDouble() > 576 * 40000.0, c.out.left(400).constData());

        const QString pdf = mDir.filePath(QStringLiteral("gb300-planes.pdf"));
        const auto r = runCli({QStringLiteral("report"), file, QStringLiteral("-o"), pdf});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QProcess text;
        text.start(QStringLiteral("pdftotext"), {QStringLiteral("-layout"), pdf, QStringLiteral("-")});
        QVERIFY(text.waitForFinished(60000));
        const QByteArray words = text.readAllStandardOutput().simplified();
        QVERIFY2(words.contains("Compute planes 2 separate fabrics"), words.left(3000).constData());
        QVERIFY2(words.contains("One plane lost bisection ratio 0.5"), words.left(3000).constData());
    }
};

QTEST_GUILESS_MAIN(TestCliNvl72)
#include "tst_cli_nvl72.moc"
