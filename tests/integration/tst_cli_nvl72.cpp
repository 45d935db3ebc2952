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
// cost, and the proposal PDF. Small sizes (one SU, 8 racks) keep the suite fast; the row-by-row
// counts up to 128 racks are in tests/core/tst_nvl72superpod.
class TestCliNvl72 : public QObject {
    Q_OBJECT

private:
    QTemporaryDir mDir;

private Q_SLOTS:
    void designPointEndToEnd_data()
    {
        QTest::addColumn<QStringList>("dials");
        QTest::addColumn<int>("racks");
        QTest::addColumn<int>("leaves");
        // RA-11338's SU: `generate --server dgx-gb200-nvl72 --nodes 8 --switch qm9700`.
        QTest::newRow("gb200 qm9700, 8 racks")
            << QStringList{QStringLiteral("--server"), QStringLiteral("dgx-gb200-nvl72"), QStringLiteral("--nodes"),
                   QStringLiteral("8"), QStringLiteral("--switch"), QStringLiteral("qm9700")}
            << 8 << 32;
        // GB300 on Quantum-X800 by the switch dial, sized by GPUs: 576 GPUs = 8 racks.
        QTest::newRow("gb300 q3400, 576 gpus") << QStringList{QStringLiteral("--server"),
            QStringLiteral("dgx-gb300-nvl72"), QStringLiteral("--gpus"), QStringLiteral("576"),
            QStringLiteral("--switch"), QStringLiteral("q3400"), QStringLiteral("--storage"),
            QStringLiteral("ddn-ai400x2")} << 8 << 12;
    }
    void designPointEndToEnd()
    {
        QFETCH(QStringList, dials);
        QFETCH(int, racks);
        QFETCH(int, leaves);
        const QString tag = QString::fromLatin1(QTest::currentDataTag()).left(5);
        const QString file = mDir.filePath(tag + QStringLiteral(".podwright"));
        const auto g
            = runCli(QStringList{QStringLiteral("generate")} + dials + QStringList{QStringLiteral("-o"), file});
        QVERIFY2(g.exitCode == 0, g.err.constData());
        QVERIFY2(g.err.contains("rack-scale rails (DGX SuperPOD GB200 RA, RA-11338)"), g.err.constData());

        const auto a = runCli({QStringLiteral("analyze"), file, QStringLiteral("--json")});
        QVERIFY2(a.exitCode == 0, a.err.constData());
        const QJsonObject j = a.json();
        QCOMPARE(j[QStringLiteral("servers")].toInt(), racks);
        QCOMPARE(j[QStringLiteral("gpus")].toInt(), racks * 72);
        const QJsonObject fabric = j[QStringLiteral("compute_fabric")].toObject();
        QCOMPARE(fabric[QStringLiteral("switches")][QStringLiteral("leaf")].toInt(), leaves);
        QCOMPARE(fabric[QStringLiteral("links")][QStringLiteral("node_leaf")].toInt(), racks * 72);
        QCOMPARE(j[QStringLiteral("bisection")][QStringLiteral("ratio")].toDouble(), 1.0);

        const auto v = runCli({QStringLiteral("validate"), file, QStringLiteral("--json")});
        QVERIFY2(v.exitCode == 0, v.out.constData());

        const auto c = runCli({QStringLiteral("cost"), file, QStringLiteral("--json")});
        QVERIFY2(c.exitCode == 0, c.err.constData());
        // At least the racks themselves (US$3M and up each, catalog estimates) and their fabric.
        QVERIFY2(c.json()[QStringLiteral("capex")].toDouble() > racks * 3.0e6, c.out.left(400).constData());

        const QString pdf = mDir.filePath(tag + QStringLiteral(".pdf"));
        const auto r = runCli({QStringLiteral("report"), file, QStringLiteral("-o"), pdf});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QFile out(pdf);
        QVERIFY(out.open(QIODevice::ReadOnly));
        QVERIFY(out.read(5) == "%PDF-");
        QVERIFY(out.size() > 20000);
    }
};

QTEST_GUILESS_MAIN(TestCliNvl72)
#include "tst_cli_nvl72.moc"
