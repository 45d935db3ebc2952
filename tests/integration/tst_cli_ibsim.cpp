// Bring-up against the real tools (issue 27 §4): `export --format ibsim-net` is simulated by
// ibsim (ibsim-utils), discovered by the real ibnetdiscover (infiniband-diags) through
// libumad2sim (ibsim-run), and `verify` compares the discovery with the design: as designed, no
// difference; each cabling mistake planted in the net file before ibsim starts is found exactly.
// Every ibsim runs on its own socket name and is stopped before the test goes on. Where the
// packages are missing the test skips and says so; CI installs them (installer/install-test-deps.sh).
#include "helpers/clirunner.h"

#include <QJsonArray>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <map>

using pw::test::runCli;

namespace {

// An ibsim net file as records (node header, then its cabled ports), so a test can recable it.
class NetFile {
public:
    explicit NetFile(const QByteArray& text)
    {
        QString current;
        for (const QString& line : QString::fromUtf8(text).split(QLatin1Char('\n'))) {
            static const QRegularExpression header(QStringLiteral("^(Switch|Hca) \\d+ \"(.+)\"$"));
            static const QRegularExpression port(QStringLiteral("^\\[(\\d+)\\] \"(.+)\"\\[(\\d+)\\]$"));
            if (const auto h = header.match(line); h.hasMatch()) {
                current = h.captured(2);
                mOrder << current;
                mHeader[current] = line;
            } else if (const auto p = port.match(line); p.hasMatch()) {
                mPorts[current][p.captured(1).toInt()] = {p.captured(2), p.captured(3).toInt()};
            }
        }
    }
    // Takes the cable out of (node, port), both ends.
    void unplug(const QString& node, int port)
    {
        const auto far = mPorts[node].at(port);
        mPorts[node].erase(port);
        mPorts[far.first].erase(far.second);
    }
    void plug(const QString& a, int aPort, const QString& b, int bPort)
    {
        mPorts[a][aPort] = {b, bPort};
        mPorts[b][bPort] = {a, aPort};
    }
    [[nodiscard]] std::pair<QString, int> farEnd(const QString& node, int port) const
    {
        return mPorts.at(node).at(port);
    }
    [[nodiscard]] int firstFreePort(const QString& node) const
    {
        int p = 1;
        while (mPorts.at(node).count(p))
            ++p;
        return p;
    }
    [[nodiscard]] QStringList switches() const
    {
        QStringList out;
        for (const QString& n : mOrder)
            if (mHeader.at(n).startsWith(QLatin1String("Switch")))
                out << n;
        return out;
    }
    [[nodiscard]] int nodes(const char* type) const
    {
        int n = 0;
        for (const QString& node : mOrder)
            n += mHeader.at(node).startsWith(QLatin1String(type)) ? 1 : 0;
        return n;
    }
    [[nodiscard]] QByteArray text() const
    {
        QString s;
        for (const QString& n : mOrder) {
            s += mHeader.at(n) + QLatin1Char('\n');
            if (mPorts.count(n))
                for (const auto& [port, far] : mPorts.at(n))
                    s += QStringLiteral("[%1] \"%2\"[%3]\n").arg(port).arg(far.first).arg(far.second);
            s += QLatin1Char('\n');
        }
        return s.toUtf8();
    }

private:
    QStringList mOrder;
    std::map<QString, QString> mHeader;
    std::map<QString, std::map<int, std::pair<QString, int>>> mPorts;
};

QJsonObject port(const QString& node, int number)
{
    return {{QStringLiteral("node"), node}, {QStringLiteral("port"), number}};
}

} // namespace

class TestCliIbsim : public QObject {
    Q_OBJECT

    QTemporaryDir mDir;
    QString mIbsim;
    QString mIbnetdiscover;
    QString mUmad2sim;
    int mRuns = 0;

    // Starts ibsim on `net`, runs ibnetdiscover against it, stops ibsim: the discovery's file.
    QString discover(const QByteArray& net, const QString& name)
    {
        const QString netPath = mDir.filePath(name + QStringLiteral(".net"));
        QFile f(netPath);
        if (!f.open(QIODevice::WriteOnly) || f.write(net) != net.size())
            qFatal("cannot write %s", qPrintable(netPath));
        f.close();
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        // One socket per run, so parallel suites and a stale simulator never meet.
        env.insert(QStringLiteral("IBSIM_SOCKNAME"),
            QStringLiteral("podwright-%1-%2").arg(QCoreApplication::applicationPid()).arg(++mRuns));
        QProcess sim;
        sim.setProcessEnvironment(env);
        sim.setProcessChannelMode(QProcess::MergedChannels);
        sim.start(mIbsim, {QStringLiteral("-s"), QStringLiteral("-n"), netPath});
        sim.waitForStarted();
        QByteArray log;
        QElapsedTimer t;
        t.start();
        while (!log.contains("Network simulator ready") && sim.state() == QProcess::Running && t.elapsed() < 20000) {
            sim.waitForReadyRead(200);
            log += sim.readAll();
        }
        QString out;
        if (log.contains("Network simulator ready")) {
            QProcess disc;
            env.insert(QStringLiteral("LD_PRELOAD"), mUmad2sim);
            disc.setProcessEnvironment(env);
            disc.start(mIbnetdiscover, {});
            if (!disc.waitForFinished(60000))
                disc.kill();
            disc.waitForFinished();
            if (disc.exitStatus() == QProcess::NormalExit && disc.exitCode() == 0) {
                out = mDir.filePath(name + QStringLiteral(".ibnetdiscover"));
                QFile o(out);
                if (!o.open(QIODevice::WriteOnly) || o.write(disc.readAllStandardOutput()) < 0)
                    qFatal("cannot write %s", qPrintable(out));
            } else {
                qWarning("ibnetdiscover failed: %s", disc.readAllStandardError().constData());
            }
        } else {
            qWarning("ibsim did not start: %s", log.constData());
        }
        if (sim.state() != QProcess::NotRunning) {
            sim.kill(); // ours, by its process: nothing is left running
            sim.waitForFinished(10000);
        }
        return out;
    }

    QString generate(const QString& name, const QStringList& dials)
    {
        const QString file = mDir.filePath(name + QStringLiteral(".podwright"));
        const auto g
            = runCli(QStringList{QStringLiteral("generate"), QStringLiteral("--server"), QStringLiteral("dgx-h100"),
                         QStringLiteral("--switch"), QStringLiteral("qm9700"), QStringLiteral("-o"), file}
                + dials);
        if (g.exitCode != 0)
            qFatal("generate failed: %s", g.err.constData());
        return file;
    }

    static NetFile exported(const QString& design)
    {
        const auto r
            = runCli({QStringLiteral("export"), design, QStringLiteral("--format"), QStringLiteral("ibsim-net")});
        if (r.exitCode != 0)
            qFatal("export failed: %s", r.err.constData());
        return NetFile(r.out);
    }

    // verify --ignore-speed --json on a discovery: the report, and the exit code in it.
    static QJsonObject verify(const QString& design, const QString& discovery, int* exitCode)
    {
        const auto r = runCli({QStringLiteral("verify"), design, QStringLiteral("--ibnetdiscover"), discovery,
            QStringLiteral("--ignore-speed"), QStringLiteral("--json")});
        *exitCode = r.exitCode;
        return r.json();
    }

    static void compareCounts(const QJsonObject& report, int matched, int missing, int unexpected, int miscabled)
    {
        QCOMPARE(report.value(QLatin1String("matched")).toArray().size(), matched);
        QCOMPARE(report.value(QLatin1String("missing")).toArray().size(), missing);
        QCOMPARE(report.value(QLatin1String("unexpected")).toArray().size(), unexpected);
        QCOMPARE(report.value(QLatin1String("miscabled")).toArray().size(), miscabled);
        QCOMPARE(report.value(QLatin1String("degraded")).toArray().size(), 0);
    }

private Q_SLOTS:
    void initTestCase()
    {
        mIbsim = QStandardPaths::findExecutable(QStringLiteral("ibsim"));
        mIbnetdiscover = QStandardPaths::findExecutable(QStringLiteral("ibnetdiscover"));
        if (mIbnetdiscover.isEmpty()) // Debian puts it in /usr/sbin
            mIbnetdiscover
                = QStandardPaths::findExecutable(QStringLiteral("ibnetdiscover"), {QStringLiteral("/usr/sbin")});
        for (const char* dir :
            {"/usr/lib/x86_64-linux-gnu/umad2sim", "/usr/lib/aarch64-linux-gnu/umad2sim", "/usr/lib/umad2sim"})
            if (QFile::exists(QLatin1String(dir) + QStringLiteral("/libumad2sim.so")))
                mUmad2sim = QLatin1String(dir) + QStringLiteral("/libumad2sim.so");
        if (mIbsim.isEmpty() || mIbnetdiscover.isEmpty() || mUmad2sim.isEmpty())
            QSKIP("ibsim, ibnetdiscover or libumad2sim.so is not installed (packages ibsim-utils, libumad2sim0, "
                  "infiniband-diags): run installer/install-test-deps.sh; CI installs them");
        QVERIFY(mDir.isValid());
    }

    // A 1-SU DGX H100 compute fabric (31 DGX H100 and the UFM's 4 ports on 8 leaves and 4 spines:
    // 31 x 8 + 4 = 252 adapters; 252 leaf-host links + 8 leaves x 32 uplinks = 508 links), and a
    // 4-server one on a single switch (32 adapters, 32 links): discovered as designed.
    void asDesignedGivesNoDifference_data()
    {
        QTest::addColumn<QStringList>("dials");
        QTest::addColumn<int>("switches");
        QTest::addColumn<int>("adapters");
        QTest::addColumn<int>("links");
        QTest::newRow("1 SU") << QStringList{QStringLiteral("--nodes"), QStringLiteral("32")} << 12 << 252 << 508;
        QTest::newRow("4 servers") << QStringList{QStringLiteral("--nodes"), QStringLiteral("4"),
            QStringLiteral("--no-management")}
                                   << 1 << 32 << 32;
    }
    void asDesignedGivesNoDifference()
    {
        QFETCH(QStringList, dials);
        QFETCH(int, switches);
        QFETCH(int, adapters);
        QFETCH(int, links);
        const QString design = generate(QStringLiteral("as-designed-%1").arg(switches), dials);
        const NetFile net = exported(design);
        QCOMPARE(net.nodes("Switch"), switches);
        QCOMPARE(net.nodes("Hca"), adapters);
        const QString found = discover(net.text(), QStringLiteral("as-designed-%1").arg(switches));
        QVERIFY(!found.isEmpty());
        // What ibnetdiscover saw: every node by the description the design gave it.
        QFile f(found);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(f.readAll());
        QCOMPARE(text.count(QRegularExpression(QStringLiteral("^Switch\\t"), QRegularExpression::MultilineOption)),
            switches);
        QCOMPARE(
            text.count(QRegularExpression(QStringLiteral("^Ca\\t"), QRegularExpression::MultilineOption)), adapters);
        QVERIFY(text.contains(QLatin1String("# \"dgx-h100-00001 mlx5_11\"")));
        int exitCode = -1;
        const QJsonObject report = verify(design, found, &exitCode);
        QCOMPARE(exitCode, 0);
        QCOMPARE(report.value(QLatin1String("designed_links")).toInt(), links);
        QCOMPARE(report.value(QLatin1String("discovered_links")).toInt(), links);
        compareCounts(report, links, 0, 0, 0);
        // ibsim reports every link as 4xSDR: without --ignore-speed each is below its 400 Gb/s.
        const auto slow = runCli({QStringLiteral("verify"), design, QStringLiteral("--ibnetdiscover"), found});
        QCOMPARE(slow.exitCode, 1);
        QVERIFY2(slow.out.contains(QStringLiteral("degraded %1").arg(links).toUtf8()), slow.out.constData());
    }

    // Two switches of half the rails each (4 servers, --two-switches): each mistake is planted in
    // the net file, ibsim runs it, and verify reports exactly that mistake with its fix.
    void eachCablingMistakeIsFoundExactly()
    {
        const QString design = generate(QStringLiteral("two-switches"),
            {QStringLiteral("--nodes"), QStringLiteral("4"), QStringLiteral("--no-management"),
                QStringLiteral("--two-switches")});
        const NetFile designed = exported(design);
        const QStringList switches = designed.switches();
        QCOMPARE(switches.size(), 2);
        const QString leaf = switches.at(0);
        const QString other = switches.at(1);
        const int links = 34; // 32 host links and 2 inter-switch links
        int exitCode = -1;

        // A swapped pair: the hosts on leaf ports 1 and 2 trade places. Two miscabled, each at
        // its host, found on the other's port and due on its own.
        {
            NetFile net = designed;
            const auto h1 = net.farEnd(leaf, 1);
            const auto h2 = net.farEnd(leaf, 2);
            net.unplug(leaf, 1);
            net.unplug(leaf, 2);
            net.plug(leaf, 1, h2.first, h2.second);
            net.plug(leaf, 2, h1.first, h1.second);
            const QJsonObject r = verify(design, discover(net.text(), QStringLiteral("swapped")), &exitCode);
            QCOMPARE(exitCode, 1);
            compareCounts(r, links - 2, 0, 0, 2);
            const QJsonArray m = r.value(QLatin1String("miscabled")).toArray();
            QCOMPARE(m.at(0).toObject().value(QLatin1String("at")).toObject(), port(h1.first, 1));
            QCOMPARE(m.at(0).toObject().value(QLatin1String("found")).toObject(), port(leaf, 2));
            QCOMPARE(m.at(0).toObject().value(QLatin1String("expected")).toObject(), port(leaf, 1));
            QCOMPARE(m.at(1).toObject().value(QLatin1String("at")).toObject(), port(h2.first, 1));
            QCOMPARE(m.at(1).toObject().value(QLatin1String("expected")).toObject(), port(leaf, 2));
        }
        // A removed cable: leaf port 3's. One missing link, nothing else.
        {
            NetFile net = designed;
            const auto h3 = net.farEnd(leaf, 3);
            net.unplug(leaf, 3);
            const QJsonObject r = verify(design, discover(net.text(), QStringLiteral("removed")), &exitCode);
            QCOMPARE(exitCode, 1);
            compareCounts(r, links - 1, 1, 0, 0);
            const QJsonObject missing = r.value(QLatin1String("missing")).toArray().at(0).toObject();
            QCOMPARE(QJsonArray({missing.value(QLatin1String("a")), missing.value(QLatin1String("b"))})
                         .contains(port(leaf, 3)),
                true);
            QCOMPARE(QJsonArray({missing.value(QLatin1String("a")), missing.value(QLatin1String("b"))})
                         .contains(port(h3.first, 1)),
                true);
        }
        // A cable moved to another port of the same switch: leaf port 5's host on the first free port.
        {
            NetFile net = designed;
            const auto h5 = net.farEnd(leaf, 5);
            const int free = net.firstFreePort(leaf);
            net.unplug(leaf, 5);
            net.plug(leaf, free, h5.first, h5.second);
            const QJsonObject r = verify(design, discover(net.text(), QStringLiteral("moved")), &exitCode);
            QCOMPARE(exitCode, 1);
            compareCounts(r, links - 1, 0, 0, 1);
            const QJsonObject m = r.value(QLatin1String("miscabled")).toArray().at(0).toObject();
            QCOMPARE(m.value(QLatin1String("at")).toObject(), port(h5.first, 1));
            QCOMPARE(m.value(QLatin1String("found")).toObject(), port(leaf, free));
            QCOMPARE(m.value(QLatin1String("expected")).toObject(), port(leaf, 5));
        }
        // A cable to the wrong switch: leaf port 6's host on the other switch's first free port.
        {
            NetFile net = designed;
            const auto h6 = net.farEnd(leaf, 6);
            const int free = net.firstFreePort(other);
            net.unplug(leaf, 6);
            net.plug(other, free, h6.first, h6.second);
            const QJsonObject r = verify(design, discover(net.text(), QStringLiteral("wrong-switch")), &exitCode);
            QCOMPARE(exitCode, 1);
            compareCounts(r, links - 1, 0, 0, 1);
            const QJsonObject m = r.value(QLatin1String("miscabled")).toArray().at(0).toObject();
            QCOMPARE(m.value(QLatin1String("at")).toObject(), port(h6.first, 1));
            QCOMPARE(m.value(QLatin1String("found")).toObject(), port(other, free));
            QCOMPARE(m.value(QLatin1String("expected")).toObject(), port(leaf, 6));
        }
    }

    void badInputExitsTwo()
    {
        const QString design = generate(QStringLiteral("bad-input"), {QStringLiteral("--nodes"), QStringLiteral("4")});
        const QString junk = mDir.filePath(QStringLiteral("junk.txt"));
        QFile f(junk);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("this is not ibnetdiscover output\n");
        f.close();
        const auto r = runCli({QStringLiteral("verify"), design, QStringLiteral("--ibnetdiscover"), junk});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("not ibnetdiscover output"), r.err.constData());
        const auto noFabric = runCli({QStringLiteral("export"), design, QStringLiteral("--format"),
            QStringLiteral("ibsim-net"), QStringLiteral("--fabric"), QStringLiteral("storage")});
        QCOMPARE(noFabric.exitCode, 2);
        QVERIFY2(noFabric.err.contains("no InfiniBand storage fabric"), noFabric.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliIbsim)
#include "tst_cli_ibsim.moc"
