#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

// The real podwright-cli: generate --type, intent (show, change, refuse bad values), and the cost
// tier following the cluster type.
class TestCliIntent : public QObject {
    Q_OBJECT

private:
    QTemporaryDir mDir;
    QString mInference;

    struct Run {
        int code = -1;
        QByteArray out;
        QByteArray err;
        [[nodiscard]] QJsonObject json() const { return QJsonDocument::fromJson(out).object(); }
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
    static QStringList names(const QJsonObject& block)
    {
        QStringList out;
        for (const QJsonValue& v : block.value(QStringLiteral("management_nodes")).toArray())
            if (v.toObject().value(QStringLiteral("role")).toString() != QLatin1String("fabric-manager"))
                out << v.toObject().value(QStringLiteral("name")).toString();
        out.sort();
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(mDir.isValid());
        // 64 GPUs of inference: 8 DGX H100 on Quantum-2.
        mInference = mDir.filePath(QStringLiteral("inference.podwright"));
        const Run g = cli({QStringLiteral("generate"), QStringLiteral("--type"), QStringLiteral("inference"),
            QStringLiteral("--users"), QStringLiteral("3"), QStringLiteral("--server"), QStringLiteral("dgx-h100"),
            QStringLiteral("--gpus"), QStringLiteral("64"), QStringLiteral("--switch"), QStringLiteral("qm9700"),
            QStringLiteral("-o"), mInference});
        QVERIFY2(g.code == 0, g.err.constData());
        QVERIFY2(g.err.contains("management plane"), g.err.constData());
    }

    void intentJsonShowsTypeStackAndManagementNodes()
    {
        const Run r = cli({QStringLiteral("intent"), mInference, QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject j = r.json();
        QCOMPARE(j.value(QStringLiteral("cluster_type")).toString(), QStringLiteral("inference"));
        QCOMPARE(j.value(QStringLiteral("users")).toInt(), 3);
        QCOMPARE(j.value(QStringLiteral("changed")).toBool(), false);
        QCOMPARE(j.value(QStringLiteral("stack"))
                     .toObject()
                     .value(QStringLiteral("orchestration"))
                     .toObject()
                     .value(QStringLiteral("name"))
                     .toString(),
            QStringLiteral("kubernetes"));
        QCOMPARE(names(j), (QStringList{"k8s-cp-1", "k8s-cp-2", "k8s-cp-3", "monitor-1"}));
        QVERIFY(j.value(QStringLiteral("management_price_usd")).toDouble() > 0);
        // The management servers are in the bill of materials.
        const Run bom = cli({QStringLiteral("bom"), mInference, QStringLiteral("--csv")});
        QVERIFY2(bom.code == 0, bom.err.constData());
        QVERIFY(bom.out.contains("mgmt-server-1u"));
        // Text output names the stack.
        const Run text = cli({QStringLiteral("intent"), mInference});
        QCOMPARE(text.code, 0);
        QVERIFY2(text.out.contains("Kubernetes (NVIDIA GPU Operator, autoscaling)"), text.out.constData());
    }

    void costTierFollowsTheType()
    {
        // 64 GPUs compared with the inference row, not mid-scale training.
        Run c = cli({QStringLiteral("cost"), mInference, QStringLiteral("--json")});
        QVERIFY2(c.code == 0, c.err.constData());
        QCOMPARE(c.json().value(QStringLiteral("tier")).toObject().value(QStringLiteral("id")).toString(),
            QStringLiteral("inference"));

        const QString copy = mDir.filePath(QStringLiteral("training.podwright"));
        QVERIFY(QFile::copy(mInference, copy));
        const Run t = cli({QStringLiteral("intent"), copy, QStringLiteral("--type"), QStringLiteral("training")});
        QVERIFY2(t.code == 0, t.err.constData());
        c = cli({QStringLiteral("cost"), copy, QStringLiteral("--json")});
        QCOMPARE(c.json().value(QStringLiteral("tier")).toObject().value(QStringLiteral("id")).toString(),
            QStringLiteral("mid-scale"));
    }

    void intentChangesTheFile()
    {
        const QString file = mDir.filePath(QStringLiteral("mixed.podwright"));
        QVERIFY(QFile::copy(mInference, file));
        const Run r = cli({QStringLiteral("intent"), file, QStringLiteral("--type"), QStringLiteral("mixed"),
            QStringLiteral("--inference-share"), QStringLiteral("0.3"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json().value(QStringLiteral("changed")).toBool(), true);
        // The stack stored by generate was the inference default, so it follows the new type.
        const Run again = cli({QStringLiteral("intent"), file, QStringLiteral("--json")});
        const QJsonObject j = again.json();
        QCOMPARE(j.value(QStringLiteral("cluster_type")).toString(), QStringLiteral("mixed"));
        QCOMPARE(j.value(QStringLiteral("inference_share")).toDouble(), 0.3);
        QCOMPARE(j.value(QStringLiteral("inference_gpus")).toInt(), 19); // round(0.3 x 64)
        const QJsonObject sched
            = j.value(QStringLiteral("stack")).toObject().value(QStringLiteral("scheduler")).toObject();
        QCOMPARE(sched.value(QStringLiteral("name")).toString(), QStringLiteral("slurm"));
        QCOMPARE(sched.value(QStringLiteral("reservations")).toBool(), true);
        // The nodes stay as generated; the command says so.
        QVERIFY2(r.err.contains("generate --type"), r.err.constData());

        // Stack options: no reservations trips STACK-PARTITION in validate.
        const Run s = cli({QStringLiteral("intent"), file, QStringLiteral("--reservations"), QStringLiteral("off")});
        QVERIFY2(s.code == 0, s.err.constData());
        const Run v = cli({QStringLiteral("validate"), file, QStringLiteral("--json")});
        QVERIFY2(v.out.contains("STACK-PARTITION"), v.out.constData());
        const Run fix = cli({QStringLiteral("intent"), file, QStringLiteral("--reservations"), QStringLiteral("on")});
        QCOMPARE(fix.code, 0);
        QVERIFY(!cli({QStringLiteral("validate"), file, QStringLiteral("--json")}).out.contains("STACK-PARTITION"));
    }

    void generateTypes_data()
    {
        QTest::addColumn<QString>("type");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("training") << "training" << QStringList{"monitor-1", "slurm-head-1", "slurm-head-2"};
        QTest::newRow("mixed") << "mixed"
                               << QStringList{
                                      "k8s-cp-1", "k8s-cp-2", "k8s-cp-3", "monitor-1", "slurm-head-1", "slurm-head-2"};
        QTest::newRow("development") << "development" << QStringList{"monitor-1", "slurm-head-1", "slurm-head-2"};
    }

    void generateTypes()
    {
        QFETCH(QString, type);
        QFETCH(QStringList, expected);
        const QString file = mDir.filePath(QStringLiteral("gen-%1.podwright").arg(type));
        const Run g = cli({QStringLiteral("generate"), QStringLiteral("--type"), type, QStringLiteral("--server"),
            QStringLiteral("dgx-h100"), QStringLiteral("--nodes"), QStringLiteral("4"), QStringLiteral("--switch"),
            QStringLiteral("qm9700"), QStringLiteral("-o"), file});
        QVERIFY2(g.code == 0, g.err.constData());
        const Run r = cli({QStringLiteral("intent"), file, QStringLiteral("--json")});
        QCOMPARE(r.json().value(QStringLiteral("cluster_type")).toString(), type);
        QCOMPARE(names(r.json()), expected);
    }

    void badValuesExitTwo_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown type") << QStringList{"intent", "@", "--type", "quantum"} << "unknown --type 'quantum'";
        QTest::newRow("share above 1") << QStringList{"intent", "@", "--type", "mixed", "--inference-share", "1.5"}
                                       << "from 0 to 1";
        QTest::newRow("share on inference")
            << QStringList{"intent", "@", "--inference-share", "0.2"} << "mixed clusters only";
        QTest::newRow("zero users") << QStringList{"intent", "@", "--users", "0"} << "--users needs a whole number";
        QTest::newRow("unknown scheduler")
            << QStringList{"intent", "@", "--scheduler", "lsf"} << "unknown --scheduler 'lsf'";
        QTest::newRow("unknown orchestration")
            << QStringList{"intent", "@", "--orchestration", "swarm"} << "unknown --orchestration";
        QTest::newRow("bad on/off") << QStringList{"intent", "@", "--base-command-manager", "maybe"}
                                    << "takes on or off";
        QTest::newRow("unknown monitoring")
            << QStringList{"intent", "@", "--monitoring", "dcgm,nagios"} << "unknown --monitoring 'nagios'";
        QTest::newRow("generate unknown type") << QStringList{"generate", "--type", "hpc", "--server", "dgx-h100",
            "--nodes", "2", "--switch", "qm9700", "-o", "@never"}
                                               << "unknown --type 'hpc'";
    }

    void badValuesExitTwo()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const QString file = mDir.filePath(QStringLiteral("bad.podwright"));
        QFile::remove(file);
        QVERIFY(QFile::copy(mInference, file));
        const QByteArray before = [&] {
            QFile f(file);
            f.open(QIODevice::ReadOnly);
            return f.readAll();
        }();
        for (QString& a : args) {
            if (a == QLatin1String("@"))
                a = file;
            if (a == QLatin1String("@never"))
                a = mDir.filePath(QStringLiteral("never.podwright"));
        }
        const Run r = cli(args);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), before); // untouched
        QVERIFY(!QFile::exists(mDir.filePath(QStringLiteral("never.podwright"))));
    }
};

QTEST_GUILESS_MAIN(TestCliIntent)
#include "tst_cli_intent.moc"
