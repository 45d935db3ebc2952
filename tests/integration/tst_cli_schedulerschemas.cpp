#include "helpers/clirunner.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using pw::test::runCli;

// Issue 15, section 5: the scheduler exports checked against their documented schemas, since no
// real tool reads them here (Debian 12's Slurm is 22.05, before topology.yaml). The check is a
// YAML parser (python3-yaml) plus the structure of Slurm 25.05's topology.yaml(5)
// (slurm.schedmd.com/topology.yaml.html: "topology" first and unique, cluster_default a boolean,
// exactly one of block/flat/tree, tree.switches of switch + children|nodes with children defined,
// block.block_sizes from the planning base block and blocks of at least that many nodes) and of a
// Kueue Topology (kueue.x-k8s.io, spec.levels of nodeLabel, kubernetes.io/hostname lowest) with
// Nodes whose labels are valid Kubernetes label values carrying every level:
// tests/data/schemas/check_scheduler_exports.py. Designs: a partial second GB200 SU (9 racks:
// blocks, padding-free full domains, empty leaves of the partial SU) and an 8-GPU DGX B300 design (no blocks: its NVLink domain is one host).
class TestCliSchedulerSchemas : public QObject {
    Q_OBJECT

private:
    QTemporaryDir mDir;

    // Runs the checker on (kind, file) pairs: its output when it finds problems, a skip without
    // python3-yaml.
    static QByteArray check(const QStringList& kindsAndFiles, int* exitCode)
    {
        QProcess checker;
        checker.start(QStringLiteral("python3"),
            QStringList{
                qEnvironmentVariable("PODWRIGHT_TEST_DATA") + QStringLiteral("/schemas/check_scheduler_exports.py")}
                + kindsAndFiles);
        if (!checker.waitForFinished(60000) || checker.exitStatus() != QProcess::NormalExit)
            *exitCode = -1;
        else
            *exitCode = checker.exitCode();
        return checker.readAllStandardOutput() + checker.readAllStandardError();
    }

private Q_SLOTS:
    void exportsMatchTheirSchemas_data()
    {
        QTest::addColumn<QStringList>("dials");
        QTest::addColumn<bool>("blocks");
        QTest::newRow("gb200, 9 racks (a partial second SU)")
            << QStringList{QStringLiteral("--server"), QStringLiteral("dgx-gb200-nvl72"), QStringLiteral("--nodes"),
                   QStringLiteral("9"), QStringLiteral("--switch"), QStringLiteral("qm9700")}
            << true;
        QTest::newRow("dgx-b300, 16 nodes on q3400") << QStringList{QStringLiteral("--server"),
            QStringLiteral("dgx-b300"), QStringLiteral("--nodes"), QStringLiteral("16"), QStringLiteral("--switch"),
            QStringLiteral("q3400")} << false;
    }
    void exportsMatchTheirSchemas()
    {
        QFETCH(QStringList, dials);
        QFETCH(bool, blocks);
        const QString design = mDir.filePath(QStringLiteral("d.podwright"));
        const auto g = runCli(QStringList{QStringLiteral("generate")} + dials
            + QStringList{QStringLiteral("--no-management"), QStringLiteral("-o"), design});
        QVERIFY2(g.exitCode == 0, g.err.constData());
        const QString slurm = mDir.filePath(QStringLiteral("topology.yaml"));
        const QString k8s = mDir.filePath(QStringLiteral("labels.yaml"));
        for (const auto& [format, file] : {std::pair{QStringLiteral("slurm-topology-yaml"), slurm},
                 std::pair{QStringLiteral("k8s-topology-labels"), k8s}}) {
            const auto e = runCli(
                {QStringLiteral("export"), design, QStringLiteral("--format"), format, QStringLiteral("-o"), file});
            QVERIFY2(e.exitCode == 0, e.err.constData());
        }
        int code = 0;
        const QByteArray problems = check({QStringLiteral("slurm"), slurm, QStringLiteral("k8s"), k8s}, &code);
        if (code == 77)
            QSKIP("python3 with the yaml module (python3-yaml) is needed to parse the exports");
        QVERIFY2(code == 0, problems.constData());
        QFile f(slurm);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QCOMPARE(text.contains("\n  block:\n"), blocks); // NVLink domains of 72 GPUs are blocks
    }

    // The checker itself rejects what Slurm and Kubernetes would: a non-boolean default, an
    // undefined child switch, an invalid label value and a missing Topology level fail.
    void checkerRejectsBrokenFiles()
    {
        const QString bad = mDir.filePath(QStringLiteral("bad.yaml"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("- topology: \"fabric\"\n  cluster_default: maybe\n  tree:\n    switches:\n"
                "      - switch: \"s1\"\n        children: \"s2\"\n");
        f.close();
        // And labels Kubernetes refuses: a value with a space, a Topology level a node lacks.
        const QString badLabels = mDir.filePath(QStringLiteral("bad-labels.yaml"));
        QFile g(badLabels);
        QVERIFY(g.open(QIODevice::WriteOnly));
        g.write("apiVersion: kueue.x-k8s.io/v1beta2\nkind: Topology\nmetadata:\n  name: t\nspec:\n  levels:\n"
                "    - nodeLabel: \"network.topology.nvidia.com/leaf\"\n---\napiVersion: v1\nkind: Node\n"
                "metadata:\n  name: \"h1\"\n  labels:\n    network.topology.nvidia.com/accelerator: \"SU 1!\"\n");
        g.close();
        int code = 0;
        const QByteArray out = check({QStringLiteral("slurm"), bad, QStringLiteral("k8s"), badLabels}, &code);
        if (code == 77)
            QSKIP("python3 with the yaml module (python3-yaml) is needed");
        QCOMPARE(code, 1);
        QVERIFY2(out.contains("cluster_default is not a boolean"), out.constData());
        QVERIFY2(out.contains("undefined child switch s2"), out.constData());
        QVERIFY2(out.contains("is not a valid label value"), out.constData());
        QVERIFY2(out.contains("no label for the Topology level network.topology.nvidia.com/leaf"), out.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliSchedulerSchemas)
#include "tst_cli_schedulerschemas.moc"
