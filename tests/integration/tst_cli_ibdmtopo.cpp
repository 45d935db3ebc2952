// `export --format ibdm-topo` read back by ibutils' own ibdmchk (issue 27 §1): the topology file
// and the IBNL system definitions written beside it describe the designed InfiniBand subnet well
// enough for ibdm to build the fabric, assign LIDs and route every adapter pair. ibdmchk's design
// mode (`-t FILE`) needs no live fabric; ibtopodiff would also need an OpenSM subnet.lst, which
// ibsim's fabric does not give without running opensm, so it is not used.
//
// ibdmchk 1.5.7 (Debian 12) ends with a segmentation fault after its last report, also on the
// topology files ibutils ships (SingleGazelle.topo): the test reads its report, not its exit code.
// Where ibutils is missing the test fails: installer/install-test-deps.sh installs it.
#include "helpers/clirunner.h"

#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using pw::test::runCli;

class TestCliIbdmTopo : public QObject {
    Q_OBJECT

    QTemporaryDir mDir;
    QString mIbdmchk;

    // ibdmchk's design-mode report on a topology file, its IBNL files in `ibnl` beside it.
    QByteArray ibdmchk(const QString& topo, const QString& smNode)
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("IBDM_IBNL_PATH"), QFileInfo(topo).absoluteDir().filePath(QStringLiteral("ibnl")));
        p.setProcessEnvironment(env);
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.setWorkingDirectory(mDir.path());
        p.start(mIbdmchk,
            {QStringLiteral("-t"), topo, QStringLiteral("-n"), smNode, QStringLiteral("-p"), QStringLiteral("1")});
        if (!p.waitForFinished(60000))
            p.kill();
        p.waitForFinished();
        return p.readAll();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(mDir.isValid());
        mIbdmchk = QStandardPaths::findExecutable(QStringLiteral("ibdmchk"));
        QVERIFY2(!mIbdmchk.isEmpty(), "ibdmchk is not installed (package ibutils): run installer/install-test-deps.sh");
    }

    // 4 DGX H100 on one QM9700: 5 systems, 1 switch node and 4 x 8 = 32 adapters, 32 cables. A
    // 1-SU DGX H100 fabric: 8 leaves and 4 spines, 31 DGX H100 and two UFM appliances of 2 ports:
    // 12 + 31 + 2 = 45 systems, 12 + 31 x 8 + 2 x 2 = 264 nodes.
    void ibdmchkReadsTheExport_data()
    {
        QTest::addColumn<QStringList>("dials");
        QTest::addColumn<int>("systems");
        QTest::addColumn<int>("nodes");
        QTest::newRow("4 servers") << QStringList{QStringLiteral("--nodes"), QStringLiteral("4"),
            QStringLiteral("--no-management")}
                                   << 5 << 33;
        QTest::newRow("1 SU") << QStringList{QStringLiteral("--nodes"), QStringLiteral("32")} << 45 << 264;
    }
    void ibdmchkReadsTheExport()
    {
        QFETCH(QStringList, dials);
        QFETCH(int, systems);
        QFETCH(int, nodes);
        const QString dir = mDir.filePath(QString::number(systems));
        QVERIFY(QDir().mkpath(dir));
        const QString design = dir + QStringLiteral("/d.podwright");
        const auto g
            = runCli(QStringList{QStringLiteral("generate"), QStringLiteral("--server"), QStringLiteral("dgx-h100"),
                         QStringLiteral("--switch"), QStringLiteral("qm9700"), QStringLiteral("-o"), design}
                + dials);
        QVERIFY2(g.exitCode == 0, g.err.constData());
        const QString topo = dir + QStringLiteral("/fabric.topo");
        const auto e = runCli({QStringLiteral("export"), design, QStringLiteral("--format"),
            QStringLiteral("ibdm-topo"), QStringLiteral("-o"), topo});
        QVERIFY2(e.exitCode == 0, e.err.constData());
        QVERIFY(QFile::exists(dir + QStringLiteral("/ibnl/QM9700.ibnl")));
        QVERIFY(QFile::exists(dir + QStringLiteral("/ibnl/DGX_H100.ibnl")));

        // The format (man ibdm-topo-file): "TYPE NAME" opens a system, "PORT -> TYPE NAME PORT" lines follow.
        QFile f(topo);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(f.readAll());
        static const QRegularExpression header(
            QStringLiteral("^[A-Z0-9_]+ \\S+$"), QRegularExpression::MultilineOption);
        QCOMPARE(text.count(header), systems);
        QVERIFY(text.contains(QLatin1String("\nDGX_H100 dgx-h100-00001\n   mlx5_0 -> QM9700 ")));

        const QByteArray report = ibdmchk(topo, QStringLiteral("dgx-h100-00001/mlx5_0"));
        QVERIFY2(report.contains(QStringLiteral("-I- Defined %1/%2 systems/nodes").arg(systems).arg(nodes).toUtf8()),
            report.left(3000).constData());
        QVERIFY2(!report.contains("-E-"), report.left(3000).constData());
        QVERIFY2(report.contains("-I- no credit loops found"), report.right(3000).constData()); // its last check
    }

    // The tool does check: a cable to a port no IBNL defines is refused.
    void ibdmchkRefusesABrokenFile()
    {
        const QString dir = mDir.filePath(QStringLiteral("5"));
        QFile f(dir + QStringLiteral("/fabric.topo"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray broken = f.readAll().replace(" mlx5_0 -> QM9700 ", " mlx5_99 -> QM9700 ");
        f.close();
        const QString topo = dir + QStringLiteral("/broken.topo");
        QFile b(topo);
        QVERIFY(b.open(QIODevice::WriteOnly));
        b.write(broken);
        b.close();
        const QByteArray report = ibdmchk(topo, QStringLiteral("dgx-h100-00001/mlx5_3"));
        QVERIFY2(report.contains("-E-"), report.left(3000).constData());
    }
};

QTEST_GUILESS_MAIN(TestCliIbdmTopo)
#include "tst_cli_ibdmtopo.moc"
