// The scheduler sees what we designed (issue 27 section 3): a real slurmctld 22.05 (with munge, on
// localhost, its own state, socket and port) reads the exported topology.conf and node list
// (`export --format slurm-topology` and `slurm-nodes`, both used as written), and `scontrol show
// topology` gives back the design's tree: every switch, its level, child switches and hosts. Both
// daemons run as this test's children with a parent-death signal, are stopped by their process at
// the end of each design and checked gone. Skips only where slurmctld, scontrol or munged is not
// installed (CI installs them: installer/install-test-deps.sh).
#include "export/hostlist.h"
#include "helpers/clirunner.h"
#include "helpers/freeport.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <map>
#include <set>

#include <pwd.h>
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

using pw::test::runCli;

namespace {

struct Switch {
    int level = -1; // as scontrol prints it; -1 in the export, which has no levels
    std::set<QString> nodes;
    std::set<QString> switches;
};
using Tree = std::map<QString, Switch>;

// "SwitchName=a Level=1 Nodes=h[1-2] Switches=b,c" lines (topology.conf and scontrol alike).
Tree parseTopology(const QString& text)
{
    Tree tree;
    for (const QString& line : text.split(QLatin1Char('\n'))) {
        if (!line.startsWith(QLatin1String("SwitchName=")))
            continue;
        QString name;
        Switch sw;
        for (const QString& field : line.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            const QString key = field.section(QLatin1Char('='), 0, 0);
            const QString value = field.section(QLatin1Char('='), 1);
            if (key == QLatin1String("SwitchName"))
                name = value;
            else if (key == QLatin1String("Level"))
                sw.level = value.toInt();
            else if (key == QLatin1String("Nodes"))
                for (const QString& n : pw::Hostlist::expand(value))
                    sw.nodes.insert(n);
            else if (key == QLatin1String("Switches"))
                for (const QString& s : pw::Hostlist::expand(value))
                    sw.switches.insert(s);
        }
        tree[name] = sw;
    }
    return tree;
}

// What slurmctld should report for the exported tree: a leaf's level is 0 and an upper switch's one
// above its highest child; an upper switch's nodes are all the nodes below it.
void complete(Tree& tree, const QString& name)
{
    Switch& sw = tree.at(name);
    if (sw.level >= 0)
        return;
    sw.level = 0;
    for (const QString& child : sw.switches) {
        complete(tree, child);
        const Switch& c = tree.at(child);
        sw.level = std::max(sw.level, c.level + 1);
        sw.nodes.insert(c.nodes.begin(), c.nodes.end());
    }
}

// A daemon as our child: killed with us if the test dies, so nothing outlives it.
void startChild(QProcess& p, const QString& program, const QStringList& arguments)
{
    p.setChildProcessModifier([] { prctl(PR_SET_PDEATHSIG, SIGKILL); });
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(program, arguments);
    p.waitForStarted();
}

// Stops a child by its process (SIGTERM, then SIGKILL) and checks its pid is gone.
bool stopChild(QProcess& p)
{
    const qint64 pid = p.processId();
    if (p.state() != QProcess::NotRunning) {
        p.terminate();
        if (!p.waitForFinished(15000)) {
            p.kill();
            p.waitForFinished(5000);
        }
    }
    return pid == 0 || !QFile::exists(QStringLiteral("/proc/%1").arg(pid));
}

QString findTool(const QString& name)
{
    const QString inPath = QStandardPaths::findExecutable(name);
    return inPath.isEmpty() ? QStandardPaths::findExecutable(name, {QStringLiteral("/usr/sbin")}) : inPath;
}

QByteArray readFile(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
}

} // namespace

class TestCliSlurm : public QObject {
    Q_OBJECT

    QTemporaryDir mDir;
    QString mMunged;
    QString mSlurmctld;
    QString mScontrol;

    // scontrol against the test's slurm.conf: its output, empty when it failed.
    QByteArray scontrol(const QString& conf, const QStringList& arguments)
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("SLURM_CONF"), conf);
        p.setProcessEnvironment(env);
        p.start(mScontrol, arguments);
        if (!p.waitForFinished(30000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
            p.kill();
            p.waitForFinished();
            return {};
        }
        return p.readAllStandardOutput();
    }

    // Generates the design, exports its topology.conf and node list, runs munged and slurmctld on
    // them and returns `scontrol show topology` and `scontrol show nodes` (one line each); stops both
    // daemons.
    bool runSlurm(
        const QString& name, const QStringList& dials, Tree* exported, QByteArray* topology, QByteArray* nodes)
    {
        const QString dir = mDir.filePath(name);
        QDir().mkpath(dir + QStringLiteral("/munge"));
        QDir().mkpath(dir + QStringLiteral("/state"));
        const QString design = dir + QStringLiteral("/design.podwright");
        const auto g = runCli(QStringList{QStringLiteral("generate"), QStringLiteral("-o"), design} + dials);
        if (g.exitCode != 0)
            qFatal("generate failed: %s", g.err.constData());
        // slurmctld reads topology.conf from slurm.conf's folder.
        for (const auto& [format, file] :
            {std::pair{"slurm-topology", "topology.conf"}, {"slurm-nodes", "nodes.conf"}}) {
            const auto e = runCli({QStringLiteral("export"), design, QStringLiteral("--format"), QLatin1String(format),
                QStringLiteral("-o"), dir + QLatin1Char('/') + QLatin1String(file)});
            if (e.exitCode != 0)
                qFatal("export %s failed: %s", format, e.err.constData());
        }
        *exported = parseTopology(QString::fromUtf8(readFile(dir + QStringLiteral("/topology.conf"))));

        // munged: its own key (1 KiB of random bytes, owner-only) and socket.
        const QString socket = dir + QStringLiteral("/munge/socket");
        QFile key(dir + QStringLiteral("/munge/key"));
        if (!key.open(QIODevice::WriteOnly))
            qFatal("cannot write the munge key");
        QByteArray random(1024, '\0');
        for (char& c : random)
            c = static_cast<char>(QRandomGenerator::system()->bounded(256));
        key.write(random);
        key.close();
        key.setPermissions(QFile::ReadOwner | QFile::WriteOwner);
        QProcess munged;
        startChild(munged, mMunged,
            {QStringLiteral("--foreground"), QStringLiteral("--force"), QStringLiteral("--key-file=") + key.fileName(),
                QStringLiteral("--socket=") + socket,
                QStringLiteral("--pid-file=") + dir + QStringLiteral("/munge/pid"),
                QStringLiteral("--seed-file=") + dir + QStringLiteral("/munge/seed")});
        // Ready once it logs its socket created (it logs to stderr in the foreground).
        QByteArray mungeLog;
        QElapsedTimer t;
        t.start();
        while (!mungeLog.contains("Created socket") && munged.state() == QProcess::Running && t.elapsed() < 20000) {
            munged.waitForReadyRead(200);
            mungeLog += munged.readAll();
        }
        bool ok = mungeLog.contains("Created socket");
        if (!ok)
            qWarning("munged did not start: %s", mungeLog.constData());

        const passwd* user = getpwuid(getuid());
        const QString conf = dir + QStringLiteral("/slurm.conf");
        writeFile(conf,
            QStringLiteral("ClusterName=podwright\n"
                           "SlurmctldHost=localhost(127.0.0.1)\n" // the address too: a bare chroot has no /etc/hosts
                           "SlurmctldPort=%1\n"
                           "SlurmUser=%2\n"
                           "AuthType=auth/munge\n"
                           "CredType=cred/munge\n"
                           "AuthInfo=socket=%3\n"
                           "StateSaveLocation=%4/state\n"
                           "SlurmctldPidFile=%4/slurmctld.pid\n"
                           "SlurmctldLogFile=%4/slurmctld.log\n"
                           "SlurmctldDebug=info\n"
                           "ProctrackType=proctrack/linuxproc\n"
                           "MpiDefault=none\n"
                           "TopologyPlugin=topology/tree\n"
                           "GresTypes=gpu\n"
                           // No slurmd runs here: the design's hosts are declared for later.
                           "NodeName=DEFAULT State=FUTURE\n"
                           "Include %4/nodes.conf\n"
                           "PartitionName=all Nodes=ALL Default=YES\n")
                .arg(pw::test::freePort())
                .arg(QString::fromLocal8Bit(user ? user->pw_name : "root"), socket, dir)
                .toUtf8());
        QProcess slurmctld;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("SLURM_CONF"), conf);
        slurmctld.setProcessEnvironment(env);
        if (ok) {
            startChild(slurmctld, mSlurmctld, {QStringLiteral("-D"), QStringLiteral("-f"), conf});
            // Ready when it answers a ping; stop waiting at once if it exits (a refused config).
            ok = false;
            t.restart();
            while (!ok && slurmctld.state() == QProcess::Running && t.elapsed() < 60000) {
                ok = scontrol(conf, {QStringLiteral("ping")}).contains("is UP");
                if (!ok)
                    slurmctld.waitForFinished(250);
            }
            if (!ok)
                qWarning("slurmctld did not answer: %s\n%s", slurmctld.readAll().constData(),
                    readFile(dir + QStringLiteral("/slurmctld.log")).constData());
        }
        if (ok) {
            *topology = scontrol(conf, {QStringLiteral("show"), QStringLiteral("topology")});
            // FUTURE nodes are listed only with --future.
            *nodes = scontrol(conf,
                {QStringLiteral("--future"), QStringLiteral("--oneliner"), QStringLiteral("show"),
                    QStringLiteral("nodes")});
        }
        const bool ctldGone = stopChild(slurmctld);
        const bool mungeGone = stopChild(munged);
        if (!ctldGone || !mungeGone)
            qWarning("a daemon is still running after its stop");
        return ok && ctldGone && mungeGone;
    }

    // Slurm declares exactly the hosts under the exported tree's leaves.
    static void compareNodes(const Tree& exported, const QByteArray& nodes)
    {
        std::set<QString> expected;
        for (const auto& [name, sw] : exported)
            expected.insert(sw.nodes.begin(), sw.nodes.end());
        std::set<QString> declared;
        static const QRegularExpression nodeName(
            QStringLiteral("^NodeName=(\\S+)"), QRegularExpression::MultilineOption);
        for (auto it = nodeName.globalMatch(QString::fromUtf8(nodes)); it.hasNext();)
            declared.insert(it.next().captured(1));
        QCOMPARE(declared, expected);
    }

    // Slurm's tree equals the export's, switch by switch: level, child switches and hosts below.
    static void compareTrees(Tree exported, const Tree& slurm)
    {
        for (const auto& [name, sw] : exported)
            complete(exported, name);
        QCOMPARE(slurm.size(), exported.size());
        for (const auto& [name, sw] : exported) {
            QVERIFY2(slurm.count(name), qPrintable(name));
            const Switch& s = slurm.at(name);
            QCOMPARE(s.level, sw.level);
            QCOMPARE(s.switches, sw.switches);
            QCOMPARE(s.nodes, sw.nodes);
        }
    }

private Q_SLOTS:
    void initTestCase()
    {
        mMunged = findTool(QStringLiteral("munged"));
        mSlurmctld = findTool(QStringLiteral("slurmctld"));
        mScontrol = findTool(QStringLiteral("scontrol"));
        if (mMunged.isEmpty() || mSlurmctld.isEmpty() || mScontrol.isEmpty())
            QSKIP("slurmctld, scontrol or munged is not installed (packages slurmctld, slurm-client, munge): run "
                  "installer/install-test-deps.sh; CI installs them");
        QVERIFY(mDir.isValid());
    }

    // Each design as Slurm's topology/tree plugin reads its export: `scontrol show topology` equals
    // the exported tree switch by switch, and the node list declares the hosts under its leaves.
    // Per level (0 = leaf): the switches, the hosts below each, and the child switches of each.
    //   1-SU DGX H100: 31 DGX H100 (the UFM takes the 32nd server's leaf ports) on 8 rail leaves,
    //     which topology.conf joins into one block switch SU-1 (each server reaches all 8), and 4
    //     spines above it: SU-1 at level 0 with 31 hosts; each spine at level 1 above SU-1 with the
    //     same 31 hosts. Every host has 8 GPUs (Gres=gpu:8).
    //   Two DGX GB200 NVL72 racks: Slurm schedules their compute trays, 2 x 18 = 36 hosts
    //     "<rack>-t01".."-t18", each with 72 / 18 = 4 GPUs. Their rail leaves form one block switch
    //     (36 hosts, level 0) under 2 spines (level 1): 3 switches.
    //   A small three-level fat-tree (k = 8, 16 generic hosts): 4 edge switches of 4 hosts each
    //     (level 0), 4 aggregation switches each above all 4 edges (level 1, 16 hosts), 16 core
    //     switches each above one aggregation switch (level 2, 16 hosts): 24 switches.
    void designsMatchSlurm_data()
    {
        QTest::addColumn<QStringList>("dials");
        QTest::addColumn<QList<int>>("switchesPerLevel");
        QTest::addColumn<QList<int>>("hostsPerSwitch");
        QTest::addColumn<QList<int>>("childrenPerSwitch"); // -1: not checked
        QTest::addColumn<int>("hosts");
        QTest::addColumn<QString>("declared"); // a node line the node list holds
        QTest::addColumn<QString>("gres"); // every host's, empty: not checked
        QTest::newRow("su1") << QStringList{"--server", "dgx-h100", "--switch", "qm9700", "--nodes", "32"}
                             << QList<int>{1, 4} << QList<int>{31, 31} << QList<int>{0, 1} << 31
                             << "NodeName=dgx-h100-00031 "
                             << "Gres=gpu:8";
        QTest::newRow("nvl72") << QStringList{"--server", "dgx-gb200-nvl72", "--nodes", "2", "--no-management"}
                               << QList<int>{1, 2} << QList<int>{36, 36} << QList<int>{-1, -1} << 36
                               << "NodeName=dgx-gb200-nvl72-00002-t18 "
                               << "Gres=gpu:4";
        QTest::newRow("fat-tree") << QStringList{"--switch", "qm9700", "--topology", "fat-tree", "--radix", "8",
            "--nodes", "16", "--no-management"}
                                  << QList<int>{4, 4, 16} << QList<int>{4, 16, 16} << QList<int>{0, 4, 1} << 16
                                  << "NodeName="
                                  << "";
    }
    void designsMatchSlurm()
    {
        QFETCH(QStringList, dials);
        QFETCH(QList<int>, switchesPerLevel);
        QFETCH(QList<int>, hostsPerSwitch);
        QFETCH(QList<int>, childrenPerSwitch);
        QFETCH(int, hosts);
        QFETCH(QString, declared);
        QFETCH(QString, gres);
        Tree exported;
        QByteArray topology;
        QByteArray nodes;
        QVERIFY(runSlurm(QLatin1String(QTest::currentDataTag()), dials, &exported, &topology, &nodes));
        const Tree slurm = parseTopology(QString::fromUtf8(topology));
        compareTrees(exported, slurm);
        QList<int> perLevel(switchesPerLevel.size(), 0);
        for (const auto& [name, sw] : slurm) {
            QVERIFY2(sw.level >= 0 && sw.level < perLevel.size(), qPrintable(name));
            ++perLevel[sw.level];
            QCOMPARE(int(sw.nodes.size()), hostsPerSwitch.at(sw.level));
            if (childrenPerSwitch.at(sw.level) >= 0)
                QCOMPARE(int(sw.switches.size()), childrenPerSwitch.at(sw.level));
        }
        QCOMPARE(perLevel, switchesPerLevel);
        compareNodes(exported, nodes);
        QCOMPARE(int(nodes.count("NodeName=")), hosts);
        QVERIFY2(nodes.contains(declared.toUtf8()), qPrintable(declared));
        if (!gres.isEmpty())
            QCOMPARE(int(nodes.count(gres.toUtf8())), hosts);
    }
};

QTEST_GUILESS_MAIN(TestCliSlurm)
#include "tst_cli_slurm.moc"
