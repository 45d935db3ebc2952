#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

// The real podwright-cli: generate, analyze --json, and bad dials exiting with 2.
class TestCliGenerate : public QObject {
    Q_OBJECT

private:
    QTemporaryDir mDir;

    struct Run {
        int code = -1;
        QByteArray out;
        QByteArray err;
    };
    static Run cli(const QStringList& args)
    {
        QProcess p;
        p.start(qEnvironmentVariable("PODWRIGHT_CLI"), args);
        if (!p.waitForFinished(120000))
            qFatal("podwright-cli did not finish");
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
    }

private Q_SLOTS:
    void generateThenAnalyze()
    {
        const QString file = mDir.filePath(QStringLiteral("superpod.podwright"));
        const Run g = cli({QStringLiteral("generate"), QStringLiteral("--server"), QStringLiteral("dgx-h100"),
            QStringLiteral("--nodes"), QStringLiteral("127"), QStringLiteral("--switch"), QStringLiteral("qm9700"),
            QStringLiteral("--storage"), QStringLiteral("ddn-ai400x2"), QStringLiteral("--storage-tier"),
            QStringLiteral("better"), QStringLiteral("-o"), file});
        QVERIFY2(g.code == 0, g.err.constData());
        QVERIFY(QFile::exists(file));
        const Run a = cli({QStringLiteral("analyze"), file, QStringLiteral("--json")});
        QVERIFY2(a.code == 0, a.err.constData());
        QJsonParseError error;
        const QJsonObject j = QJsonDocument::fromJson(a.out, &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(j[QStringLiteral("gpus")].toInt(), 1016);
        QCOMPARE(j[QStringLiteral("servers")].toInt(), 127);
        const QJsonObject fabric = j[QStringLiteral("compute_fabric")].toObject();
        QCOMPARE(fabric[QStringLiteral("tiers")].toInt(), 2);
        QCOMPARE(fabric[QStringLiteral("switches")][QStringLiteral("leaf")].toInt(), 32);
        QCOMPARE(fabric[QStringLiteral("switches")][QStringLiteral("spine")].toInt(), 16);
        QCOMPARE(fabric[QStringLiteral("links")][QStringLiteral("node_leaf")].toInt(), 1016);
        QCOMPARE(fabric[QStringLiteral("links")][QStringLiteral("leaf_spine")].toInt(), 1024);
        QCOMPARE(j[QStringLiteral("bisection")][QStringLiteral("ratio")].toDouble(), 1.0);
        QVERIFY(j[QStringLiteral("bisection")][QStringLiteral("cuts_examined")].toInt() > 5);
        QVERIFY(j[QStringLiteral("cables")][QStringLiteral("total")].toInt() > 2040);
        QVERIFY(j[QStringLiteral("transceivers")][QStringLiteral("by_model")].toObject().contains(
            QStringLiteral("mma4z00-ns")));
        QVERIFY(j[QStringLiteral("racks")].toInt() >= 32);
        QVERIFY(j[QStringLiteral("power_kw")][QStringLiteral("max")].toDouble() > 127 * 10.2);
        QVERIFY(j[QStringLiteral("switches_by_model")].toObject().contains(QStringLiteral("sn2201")));
        QVERIFY(j[QStringLiteral("oversubscription")].toObject().contains(QStringLiteral("leaf")));
        QVERIFY(j[QStringLiteral("degraded")].toObject().contains(QStringLiteral("one_spine_lost_ratio")));
        QCOMPARE(j[QStringLiteral("diameter_hops")].toInt(), 3);
        // The generated design is an ordinary design: info reads it.
        const Run info = cli({QStringLiteral("info"), file, QStringLiteral("--json")});
        QCOMPARE(info.code, 0);
    }

    // Issue 12: 128 DGX H100 build the RA's 127 and 32 leaves / 16 spines (DGX SuperPOD RA: "a DGX
    // system must be removed to accommodate for UFM connectivity"); validate says so as an info
    // finding and exits 0; --keep-all-nodes keeps all 128 with a fifth SU.
    void ufmSlotAndKeepAllNodes()
    {
        auto servers = [&](const QString& file) {
            const QJsonObject j
                = QJsonDocument::fromJson(cli({QStringLiteral("analyze"), file, QStringLiteral("--json")}).out)
                      .object();
            return std::pair{j[QStringLiteral("servers")].toInt(),
                j[QStringLiteral("compute_fabric")][QStringLiteral("switches")][QStringLiteral("leaf")].toInt()};
        };
        const QString ra = mDir.filePath(QStringLiteral("ra128.podwright"));
        const Run g = cli({QStringLiteral("generate"), QStringLiteral("--server"), QStringLiteral("dgx-h100"),
            QStringLiteral("--nodes"), QStringLiteral("128"), QStringLiteral("--switch"), QStringLiteral("qm9700"),
            QStringLiteral("-o"), ra});
        QVERIFY2(g.code == 0, g.err.constData());
        QVERIFY(g.err.contains("127 of the 128 servers requested"));
        QCOMPARE(servers(ra), (std::pair{127, 32}));
        const Run v = cli({QStringLiteral("validate"), ra, QStringLiteral("--json")});
        QCOMPARE(v.code, 0);
        QVERIFY(v.out.contains("FABRIC-UFM-SLOT"));

        const QString all = mDir.filePath(QStringLiteral("all128.podwright"));
        QCOMPARE(cli({QStringLiteral("generate"), QStringLiteral("--server"), QStringLiteral("dgx-h100"),
                         QStringLiteral("--nodes"), QStringLiteral("128"), QStringLiteral("--switch"),
                         QStringLiteral("qm9700"), QStringLiteral("--keep-all-nodes"), QStringLiteral("-o"), all})
                     .code,
            0);
        QCOMPARE(servers(all), (std::pair{128, 40}));
        QVERIFY(!cli({QStringLiteral("validate"), all, QStringLiteral("--json")}).out.contains("FABRIC-UFM-SLOT"));

        // Issue 26 section 4: the help says what the two runs above show, the default giving the UFM a
        // server's slot (127 of 128) and --keep-all-nodes keeping them all (it said the opposite).
        const Run help = cli({QStringLiteral("generate"), QStringLiteral("--help")});
        QCOMPARE(help.code, 0);
        const QString text = QString::fromUtf8(help.out).simplified();
        QVERIFY2(text.contains(QStringLiteral("add a scalable unit for the UFM and keep every server. Without it the "
                                              "UFM takes one server's slot (the default")),
            qPrintable(text));
        QVERIFY(
            !text.contains(QStringLiteral("instead of giving it one server's slot (the DGX SuperPOD RA's choice, the "
                                          "default)")));
    }

    // `-o design.json` writes the JSON interchange file every command reads back by its extension
    // (it wrote the SQLite format under a .json name, which analyze then refused as damaged text).
    void jsonOutputIsJson()
    {
        const QString file = mDir.filePath(QStringLiteral("small.json"));
        const Run g = cli({QStringLiteral("generate"), QStringLiteral("--server"), QStringLiteral("dgx-h100"),
            QStringLiteral("--nodes"), QStringLiteral("4"), QStringLiteral("--switch"), QStringLiteral("qm9700"),
            QStringLiteral("-o"), file});
        QVERIFY2(g.code == 0, g.err.constData());
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(QJsonDocument::fromJson(f.readAll()).isObject());
        const Run a = cli({QStringLiteral("analyze"), file, QStringLiteral("--json")});
        QVERIFY2(a.code == 0, a.err.constData());
        QCOMPARE(QJsonDocument::fromJson(a.out).object()[QStringLiteral("gpus")].toInt(), 32);
    }

    // Issue 30: without --switch, a published design point (one SU of 8 GB300 NVL72 racks) builds on
    // the server's own switch generation, as the wizard picks it (the XDR Q3400), instead of
    // refusing with "a fabric switch (--switch) is needed".
    void serversOwnSwitchWithoutSwitchFlag()
    {
        const QString file = mDir.filePath(QStringLiteral("gb300.podwright"));
        const Run g = cli({QStringLiteral("generate"), QStringLiteral("--server"), QStringLiteral("dgx-gb300-nvl72"),
            QStringLiteral("--nodes"), QStringLiteral("8"), QStringLiteral("-o"), file});
        QVERIFY2(g.code == 0, g.err.constData());
        const Run a = cli({QStringLiteral("analyze"), file, QStringLiteral("--json")});
        QVERIFY2(a.code == 0, a.err.constData());
        const QJsonObject j = QJsonDocument::fromJson(a.out).object();
        QCOMPARE(j[QStringLiteral("gpus")].toInt(), 576); // 8 racks x 72
        QVERIFY2(
            j[QStringLiteral("switches_by_model")].toObject().contains(QStringLiteral("q3400")), a.out.constData());
    }

    void fatTreeFromTheCli()
    {
        const QString file = mDir.filePath(QStringLiteral("ft.podwright"));
        const Run g = cli({QStringLiteral("generate"), QStringLiteral("--topology"), QStringLiteral("fat-tree"),
            QStringLiteral("--radix"), QStringLiteral("8"), QStringLiteral("--switch"), QStringLiteral("qm9700"),
            QStringLiteral("--gpus"), QStringLiteral("124"), QStringLiteral("-o"), file});
        QVERIFY2(g.code == 0, g.err.constData());
        const QJsonObject j
            = QJsonDocument::fromJson(cli({QStringLiteral("analyze"), file, QStringLiteral("--json")}).out).object();
        QCOMPARE(j[QStringLiteral("compute_fabric")][QStringLiteral("switches")][QStringLiteral("core")].toInt(), 16);
        // 128 host ports: 124 hosts and the UFM pair (subnet managers, 2 ports each) on the last four.
        QCOMPARE(j[QStringLiteral("compute_fabric")][QStringLiteral("links")][QStringLiteral("other_leaf")].toInt(), 4);
        QCOMPARE(j[QStringLiteral("bisection")][QStringLiteral("ratio")].toDouble(), 1.0);
        // A fat-tree has no planes: the ratio is null and the note says why.
        QVERIFY(j[QStringLiteral("degraded")][QStringLiteral("one_plane_lost_ratio")].isNull());
        QVERIFY(j[QStringLiteral("degraded")][QStringLiteral("one_plane_lost_note")].toString().contains(
            QStringLiteral("no planes")));
    }

    // The 100G NFS filer on a 400G InfiniBand design: the file must reopen (it used to exit 2 on
    // links whose ports share no speed), validate without errors, and analyze.
    void nfsFilerDesignReopens()
    {
        const QString file = mDir.filePath(QStringLiteral("nfs.podwright"));
        const Run g = cli({QStringLiteral("generate"), QStringLiteral("--server"), QStringLiteral("dgx-h100"),
            QStringLiteral("--nodes"), QStringLiteral("64"), QStringLiteral("--switch"), QStringLiteral("qm9700"),
            QStringLiteral("--storage"), QStringLiteral("nfs-filer-generic"), QStringLiteral("-o"), file});
        QVERIFY2(g.code == 0, g.err.constData());
        const Run info = cli({QStringLiteral("info"), file, QStringLiteral("--json")});
        QVERIFY2(info.code == 0, info.err.constData());
        const Run v = cli({QStringLiteral("validate"), file, QStringLiteral("--json")});
        QVERIFY2(v.code == 0, v.out.constData());
        const QJsonObject a
            = QJsonDocument::fromJson(cli({QStringLiteral("analyze"), file, QStringLiteral("--json")}).out).object();
        // Eight rails, joined only at the spine: each rail is a plane; one lost leaves 7/8.
        QCOMPARE(a[QStringLiteral("degraded")][QStringLiteral("planes")].toInt(), 8);
        QCOMPARE(a[QStringLiteral("degraded")][QStringLiteral("one_plane_lost_ratio")].toDouble(), 0.875);
    }

    // Issue 15: `generate --server dgx-b300 --nodes 288 --switch q3400` needs no other dial (the SU
    // of 72, the rack of 4 at about 56 kW and the XDR subnet manager come from the catalog): the
    // 4-SU row of NVIDIA's DGX SuperPOD B300 XDR table (RA-11339) has 32 leaves and 18 spines; with
    // management on the UFM pair takes one server slot, which the tool reports against the row;
    // the design validates without errors.
    void b300XdrFromTheCli()
    {
        const QString file = mDir.filePath(QStringLiteral("b300.podwright"));
        const Run g = cli({QStringLiteral("generate"), QStringLiteral("--server"), QStringLiteral("dgx-b300"),
            QStringLiteral("--nodes"), QStringLiteral("288"), QStringLiteral("--switch"), QStringLiteral("q3400"),
            QStringLiteral("-o"), file});
        QVERIFY2(g.code == 0, g.err.constData());
        QVERIFY2(
            g.err.contains("differs from NVIDIA DGX SuperPOD B300 XDR RA (RA-11339), compute fabric table, 4-SU row"),
            g.err.constData());
        QVERIFY2(g.err.contains("rack budget 57 kW from the dgx-b300 catalog entry: 4 per rack"), g.err.constData());
        const QJsonObject a
            = QJsonDocument::fromJson(cli({QStringLiteral("analyze"), file, QStringLiteral("--json")}).out).object();
        const QJsonObject fabric = a[QStringLiteral("compute_fabric")].toObject();
        QCOMPARE(fabric[QStringLiteral("switches")][QStringLiteral("leaf")].toInt(), 32);
        QCOMPARE(fabric[QStringLiteral("switches")][QStringLiteral("spine")].toInt(), 18);
        QCOMPARE(a[QStringLiteral("servers")].toInt(), 287);
        // Every DGX B300 is one 8-GPU NVLink domain (RA-11339: 8 GPUs per node).
        const QJsonObject nvlink = a[QStringLiteral("nvlink_domains")].toObject();
        QCOMPARE(nvlink[QStringLiteral("count")].toInt(), 287);
        QCOMPARE(nvlink[QStringLiteral("size")].toInt(), 8);
        QCOMPARE(nvlink[QStringLiteral("gpus")].toInt(), 287 * 8);
        const Run v = cli({QStringLiteral("validate"), file, QStringLiteral("--json")});
        QVERIFY2(v.code == 0, v.out.constData());
        // The scheduler exports (issue 15, section 5) from the CLI.
        const Run yaml
            = cli({QStringLiteral("export"), file, QStringLiteral("--format"), QStringLiteral("slurm-topology-yaml")});
        QVERIFY2(yaml.code == 0, yaml.err.constData());
        QVERIFY(yaml.out.contains("- topology: \"fabric\"\n  cluster_default: true\n  tree:\n"));
        QVERIFY(yaml.out.contains("        nodes: \"dgx-b300-"));
        const Run labels
            = cli({QStringLiteral("export"), file, QStringLiteral("--format"), QStringLiteral("k8s-topology-labels")});
        QVERIFY2(labels.code == 0, labels.err.constData());
        QCOMPARE(labels.out.count("\nkind: Node\n"), 287);
        QCOMPARE(labels.out.count("\nkind: Topology\n"), 1);
    }

    void badDialsExitTwo_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QString out = QStringLiteral("/tmp/pw-never-written.podwright");
        QTest::newRow("zero nodes") << QStringList{QStringLiteral("--server"), QStringLiteral("dgx-h100"),
            QStringLiteral("--nodes"), QStringLiteral("0"), QStringLiteral("--switch"), QStringLiteral("qm9700"),
            QStringLiteral("-o"), out}
                                    << "at least 1";
        QTest::newRow("unknown sku") << QStringList{QStringLiteral("--server"), QStringLiteral("dgx-x1"),
            QStringLiteral("--nodes"), QStringLiteral("8"), QStringLiteral("--switch"), QStringLiteral("qm9700"),
            QStringLiteral("-o"), out}
                                     << "unknown server SKU 'dgx-x1'";
        // A scalable-unit size given that one leaf cannot hold is refused (the catalog's own is
        // capped at what a leaf holds since issue 26: tst_ibpartialsu).
        QTest::newRow("switch too small") << QStringList{QStringLiteral("--server"), QStringLiteral("dgx-h100"),
            QStringLiteral("--nodes"), QStringLiteral("64"), QStringLiteral("--switch"), QStringLiteral("qm8700"),
            QStringLiteral("--su-size"), QStringLiteral("32"), QStringLiteral("-o"), out}
                                          << "qm8700 has 40 fabric ports";
        // Core names the setting; the CLI adds the flag that sets it (issue 13).
        QTest::newRow("switch too small names --su-size") << QStringList{QStringLiteral("--server"),
            QStringLiteral("dgx-h100"), QStringLiteral("--nodes"), QStringLiteral("64"), QStringLiteral("--switch"),
            QStringLiteral("qm8700"), QStringLiteral("--su-size"), QStringLiteral("32"), QStringLiteral("-o"), out}
                                                          << "use a scalable-unit size (--su-size) of 20 or less";
        QTest::newRow("radix outside a fat-tree names --radix") << QStringList{QStringLiteral("--server"),
            QStringLiteral("dgx-h100"), QStringLiteral("--nodes"), QStringLiteral("8"), QStringLiteral("--switch"),
            QStringLiteral("qm9700"), QStringLiteral("--radix"), QStringLiteral("16"), QStringLiteral("-o"),
            out} << "the fat-tree radix (--radix) applies to a fat-tree topology (--topology) only";
        QTest::newRow("bad ratio") << QStringList{QStringLiteral("--server"), QStringLiteral("dgx-h100"),
            QStringLiteral("--nodes"), QStringLiteral("8"), QStringLiteral("--switch"), QStringLiteral("qm9700"),
            QStringLiteral("--oversubscription"), QStringLiteral("two"), QStringLiteral("-o"), out}
                                   << "D:U";
    }
    void badDialsExitTwo()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        args.prepend(QStringLiteral("generate"));
        const Run r = cli(args);
        QCOMPARE(r.code, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
        QVERIFY(!QFile::exists(QStringLiteral("/tmp/pw-never-written.podwright")));
    }
};

QTEST_GUILESS_MAIN(TestCliGenerate)
#include "tst_cli_generate.moc"
