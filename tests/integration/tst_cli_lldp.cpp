// Ethernet bring-up against the real LLDP agent (issue 27 §4): a small Ethernet design (4 DGX
// H100 on one SN5600: 5 systems, 32 cables) is built as network namespaces, one per system, joined
// by a veth pair per designed cable. A real lldpd (1.0.16) runs in each namespace on its own
// control socket, advertising the design's system name and port names: the switch's interfaces
// are named as Cumulus Linux names them (swp1s0...), the hosts' get short interface names of their
// own (ens0..ens7, as a host's are never the design's) and advertise their RDMA device as a
// locally assigned port id (`configure ports ens3 lldp portidsubtype local mlx5_4`). Once every
// agent sees every neighbour, `lldpcli -f json show neighbors` of each system goes to `verify
// --lldp`: as built, no difference; then one cable is moved to another switch port and verify
// reports exactly that cable with its fix.
//
// Needs root and network namespaces. Where the namespaces cannot be created (the clean Debian 12
// root of .ci/fresh-root.sh, an unprivileged user) the test says why and skips; a missing lldpd is
// a failure (installer/install-test-deps.sh installs it). Every lldpd is this test's child, stopped
// by its process, and every namespace is deleted, also when a check fails.
#include "helpers/clirunner.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <map>
#include <memory>
#include <tuple>

#include <signal.h>
#include <sys/mount.h>
#include <sys/prctl.h>

using pw::test::runCli;

namespace {

// Where `ip netns` keeps its namespaces: it makes this folder a mount point of its own on first use.
const QString kNetnsDir = QStringLiteral("/run/netns");

// Whether `path` is a mount point now (the fifth field of /proc/self/mountinfo).
bool isMountPoint(const QString& path)
{
    QFile f(QStringLiteral("/proc/self/mountinfo"));
    if (!f.open(QIODevice::ReadOnly))
        return false;
    const QByteArray wanted = QFile::encodeName(path);
    for (const QByteArray& line : f.readAll().split('\n'))
        if (const QList<QByteArray> fields = line.split(' '); fields.size() > 4 && fields.at(4) == wanted)
            return true;
    return false;
}

// Runs a command to its end; its exit code and what it printed.
std::pair<int, QByteArray> run(const QString& program, const QStringList& arguments)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(program, arguments);
    if (!p.waitForFinished(30000)) {
        p.kill();
        p.waitForFinished();
        return {-1, "timed out"};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAll()};
}

// The local interfaces of a `lldpcli -f json show neighbors` document and the far port id each
// sees ("interface" is an object for one, an array of one-key objects for several, the same
// interface again for each further neighbour).
std::map<QString, QString> seenPorts(const QByteArray& json)
{
    std::map<QString, QString> seen;
    const QJsonValue interfaces = QJsonDocument::fromJson(json)
                                      .object()
                                      .value(QLatin1String("lldp"))
                                      .toObject()
                                      .value(QLatin1String("interface"));
    QJsonArray list = interfaces.isArray() ? interfaces.toArray() : QJsonArray{interfaces};
    for (const QJsonValue& v : list) {
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            // An interface listed twice: a neighbour of a cable just unplugged, until its TTL ends.
            seen[it.key()] = seen.count(it.key()) ? QStringLiteral("(two neighbours)")
                                                  : it.value()
                                                        .toObject()
                                                        .value(QLatin1String("port"))
                                                        .toObject()
                                                        .value(QLatin1String("id"))
                                                        .toObject()
                                                        .value(QLatin1String("value"))
                                                        .toString();
    }
    return seen;
}

QJsonObject port(const QString& node, const QString& name)
{
    return {{QStringLiteral("node"), node}, {QStringLiteral("port"), name}};
}

} // namespace

class TestCliLldp : public QObject {
    Q_OBJECT

    // One system of the design: its namespace, its LLDP agent and what its interfaces should see.
    struct System {
        QString ns;
        QString socket;
        std::unique_ptr<QProcess> lldpd;
        std::map<QString, QString> expected; // local interface -> far port id
    };

    QTemporaryDir mDir;
    QString mLldpd;
    QString mLldpcli;
    QString mIp;
    QString mPrefix; // of this run's namespaces
    std::map<QString, System> mSystems; // by system name
    QStringList mNamespaces; // created, to delete
    bool mNetnsMountedBefore = false; // /run/netns was a mount point before this test

    // The mount `ip netns` made of /run/netns, when this test made it and no namespace is left in
    // it: left behind, it keeps a clean root's /run from being removed (CI's clean Debian 12 root).
    void releaseNetnsMount() const
    {
        if (!mNetnsMountedBefore && isMountPoint(kNetnsDir)
            && QDir(kNetnsDir).isEmpty(QDir::NoDotAndDotDot | QDir::AllEntries))
            (void)::umount2(QFile::encodeName(kNetnsDir).constData(), MNT_DETACH);
    }

    bool ip(const QStringList& arguments)
    {
        const auto [code, out] = run(mIp, arguments);
        if (code != 0)
            qWarning("ip %s: %s", qPrintable(arguments.join(QLatin1Char(' '))), out.constData());
        return code == 0;
    }

    QByteArray lldpcli(const System& s, const QStringList& arguments)
    {
        return run(mLldpcli, QStringList{QStringLiteral("-u"), s.socket} + arguments).second;
    }

    System& system(const QString& name)
    {
        System& s = mSystems[name];
        if (s.ns.isEmpty()) {
            s.ns = QStringLiteral("%1-%2").arg(mPrefix).arg(mSystems.size());
            s.socket = mDir.filePath(name + QStringLiteral(".sock"));
            if (!ip({QStringLiteral("netns"), QStringLiteral("add"), s.ns}))
                qFatal("cannot create namespace %s", qPrintable(s.ns));
            mNamespaces << s.ns;
        }
        return s;
    }

    // A cable: a veth pair between two namespaces, both ends up.
    bool cable(System& a, const QString& aIf, System& b, const QString& bIf)
    {
        return ip({QStringLiteral("link"), QStringLiteral("add"), aIf, QStringLiteral("netns"), a.ns,
                   QStringLiteral("type"), QStringLiteral("veth"), QStringLiteral("peer"), QStringLiteral("name"), bIf,
                   QStringLiteral("netns"), b.ns})
            && ip(
                {QStringLiteral("-n"), a.ns, QStringLiteral("link"), QStringLiteral("set"), aIf, QStringLiteral("up")})
            && ip(
                {QStringLiteral("-n"), b.ns, QStringLiteral("link"), QStringLiteral("set"), bIf, QStringLiteral("up")});
    }

    // Starts the system's lldpd in its namespace, advertising `name` and every port by the name
    // given (ifname -> advertised), each second so the test need not wait long.
    void startLldpd(const QString& name, const std::map<QString, QString>& advertised)
    {
        System& s = mSystems.at(name);
        QString conf = QStringLiteral("configure system hostname %1\nconfigure lldp portidsubtype ifname\n"
                                      "configure lldp tx-interval 1\n")
                           .arg(name);
        for (const auto& [interface, id] : advertised)
            if (interface != id)
                conf += QStringLiteral("configure ports %1 lldp portidsubtype local %2\n").arg(interface, id);
        const QString confPath = mDir.filePath(name + QStringLiteral(".conf"));
        QFile f(confPath);
        if (!f.open(QIODevice::WriteOnly) || f.write(conf.toUtf8()) < 0)
            qFatal("cannot write %s", qPrintable(confPath));
        f.close();
        s.lldpd = std::make_unique<QProcess>();
        s.lldpd->setChildProcessModifier([] { prctl(PR_SET_PDEATHSIG, SIGTERM); });
        s.lldpd->setProcessChannelMode(QProcess::MergedChannels);
        s.lldpd->start(mIp,
            {QStringLiteral("netns"), QStringLiteral("exec"), s.ns, mLldpd, QStringLiteral("-d"), QStringLiteral("-u"),
                s.socket, QStringLiteral("-O"), confPath, QStringLiteral("-p"),
                mDir.filePath(name + QStringLiteral(".pid"))});
        if (!s.lldpd->waitForStarted())
            qFatal("cannot start lldpd in %s", qPrintable(s.ns));
    }

    // Polls every agent until each interface sees the far port expected (and nothing else), or
    // the deadline passes: the systems that do not yet, empty when all do.
    QStringList waitForNeighbours(int deadlineMs)
    {
        QElapsedTimer t;
        t.start();
        QStringList late;
        do {
            late.clear();
            for (auto& [name, s] : mSystems)
                if (seenPorts(lldpcli(s,
                        {QStringLiteral("-f"), QStringLiteral("json"), QStringLiteral("show"),
                            QStringLiteral("neighbors")}))
                    != s.expected)
                    late << name;
            if (late.isEmpty())
                return late;
            QThread::msleep(250);
        } while (t.elapsed() < deadlineMs);
        return late;
    }

    // Why a system's view is not complete: what it sees, what its lldpd printed.
    QString diagnosis(const QStringList& late)
    {
        if (late.isEmpty())
            return {};
        System& s = mSystems.at(late.front());
        QString seen;
        for (const auto& [interface, far] : seenPorts(lldpcli(s,
                 {QStringLiteral("-f"), QStringLiteral("json"), QStringLiteral("show"), QStringLiteral("neighbors")})))
            seen += interface + QStringLiteral("->") + far + QLatin1Char(' ');
        return QStringLiteral("no full LLDP view on %1; %2 sees: %3; its lldpd: %4")
            .arg(late.join(QLatin1Char(' ')), late.front(), seen, QString::fromUtf8(s.lldpd->readAll().right(1500)));
    }

    // Each system's `lldpcli -f json show neighbors`: the switch's in a file of its own (named
    // after it), the hosts' concatenated, each after its `show chassis`: both forms verify reads.
    QStringList collect(const QString& tag)
    {
        QStringList args;
        QByteArray hosts;
        for (auto& [name, s] : mSystems) {
            const QByteArray neighbours = lldpcli(
                s, {QStringLiteral("-f"), QStringLiteral("json"), QStringLiteral("show"), QStringLiteral("neighbors")});
            if (name.startsWith(QLatin1String("leaf"))) {
                const QString path = mDir.filePath(tag + QStringLiteral("/") + name + QStringLiteral(".json"));
                QDir().mkpath(QFileInfo(path).path());
                QFile f(path);
                if (!f.open(QIODevice::WriteOnly) || f.write(neighbours) < 0)
                    qFatal("cannot write %s", qPrintable(path));
                args << QStringLiteral("--lldp") << path;
            } else {
                hosts += lldpcli(s,
                             {QStringLiteral("-f"), QStringLiteral("json"), QStringLiteral("show"),
                                 QStringLiteral("chassis")})
                    + neighbours;
            }
        }
        const QString path = mDir.filePath(tag + QStringLiteral("-hosts.json"));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(hosts) < 0)
            qFatal("cannot write %s", qPrintable(path));
        return args << QStringLiteral("--lldp") << path;
    }

    void tearDown()
    {
        for (auto& [name, s] : mSystems)
            if (s.lldpd && s.lldpd->state() != QProcess::NotRunning) {
                s.lldpd->terminate(); // ours, by its process
                if (!s.lldpd->waitForFinished(10000)) {
                    s.lldpd->kill();
                    s.lldpd->waitForFinished(5000);
                }
            }
        for (const QString& ns : std::as_const(mNamespaces))
            ip({QStringLiteral("netns"), QStringLiteral("delete"), ns});
        mNamespaces.clear();
        mSystems.clear();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(mDir.isValid());
        // lldpcli drops to the _lldpd user before it connects: the control sockets' folder must
        // be open to it (QTemporaryDir makes it 0700).
        QVERIFY(QFile::setPermissions(mDir.path(),
            QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner | QFileDevice::ReadGroup
                | QFileDevice::ExeGroup | QFileDevice::ReadOther | QFileDevice::ExeOther));
        const QStringList sbin{QStringLiteral("/usr/sbin"), QStringLiteral("/sbin")};
        mIp = QStandardPaths::findExecutable(QStringLiteral("ip"), sbin + QStringList{QStringLiteral("/usr/bin")});
        QVERIFY2(!mIp.isEmpty(), "ip (iproute2) is not installed: run installer/install-test-deps.sh");
        mPrefix = QStringLiteral("pwlldp-%1").arg(QCoreApplication::applicationPid());
        // The one place this test may skip: no network namespaces here (the clean Debian 12 root
        // in its chroot, or no root). It says why.
        // The probe runs in a mount namespace of its own, so whatever mounts a half-made `ip netns
        // add` leaves (it makes /run/netns a mount point first) go with it: in a chroot they would
        // keep the clean root from being removed. Running in a namespace needs its own mount of
        // /sys as well (ip netns exec).
        const QString probe = mPrefix + QStringLiteral("-probe");
        mNetnsMountedBefore = isMountPoint(kNetnsDir);
        const QString unshare = QStandardPaths::findExecutable(QStringLiteral("unshare"));
        auto [code, out] = unshare.isEmpty()
            ? std::pair<int, QByteArray>{-1, "unshare (util-linux) is not installed"}
            : run(unshare,
                {QStringLiteral("--mount"), QStringLiteral("--propagation"), QStringLiteral("private"),
                    QStringLiteral("sh"), QStringLiteral("-c"),
                    QStringLiteral("\"$0\" netns add \"$1\" && \"$0\" netns exec \"$1\" \"$0\" link show; rc=$?; "
                                   "\"$0\" netns delete \"$1\" 2>/dev/null; exit $rc"),
                    mIp, probe});
        if (code != 0) {
            releaseNetnsMount();
            QSKIP(qPrintable(QStringLiteral("network namespaces cannot be used here (ip netns says: %1); the LLDP test "
                                            "runs on the CI machine itself")
                                 .arg(QString::fromUtf8(out).trimmed())));
        }
        // Where namespaces work, lldpd must be there (lldpcli is set-user-ID _lldpd, group adm).
        mLldpd = QStandardPaths::findExecutable(QStringLiteral("lldpd"), sbin);
        mLldpcli = QStandardPaths::findExecutable(QStringLiteral("lldpcli"), sbin);
        QVERIFY2(!mLldpd.isEmpty() && !mLldpcli.isEmpty(),
            "lldpd is not installed: run installer/install-test-deps.sh (CI installs it)");
    }

    void cleanupTestCase()
    {
        tearDown();
        releaseNetnsMount();
        if (!mNetnsMountedBefore && QDir(kNetnsDir).isEmpty(QDir::NoDotAndDotDot | QDir::AllEntries))
            QVERIFY2(!isMountPoint(kNetnsDir), "the test left /run/netns mounted");
    }

    void asBuiltThenOneCableMoved()
    {
        const QString design = mDir.filePath(QStringLiteral("eth.podwright"));
        const auto g = runCli({QStringLiteral("generate"), QStringLiteral("--server"), QStringLiteral("dgx-h100"),
            QStringLiteral("--switch"), QStringLiteral("sn5600"), QStringLiteral("--nodes"), QStringLiteral("4"),
            QStringLiteral("--no-management"), QStringLiteral("-o"), design});
        QVERIFY2(g.exitCode == 0, g.err.constData());
        // The cables as the P2P list names them: switch first (swpNsM), the host's port as CVT's
        // number n for mlx5_<n-1> (P2P and verify name ports through the same EthernetPorts).
        const auto p2p
            = runCli({QStringLiteral("export"), design, QStringLiteral("--format"), QStringLiteral("p2p-csv")});
        QCOMPARE(p2p.exitCode, 0);
        const QStringList rows = QString::fromUtf8(p2p.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts).mid(1);
        QCOMPARE(rows.size(), 32); // 4 servers x 8 compute ports
        std::map<QString, std::map<QString, QString>> advertised; // system -> interface -> port id
        for (const QString& row : rows) {
            const QStringList c = row.split(QLatin1Char(','));
            const QString leaf = c.at(0);
            const QString swp = c.at(2);
            const QString host = c.at(5);
            const QString device = QStringLiteral("mlx5_%1").arg(c.at(7).toInt() - 1);
            const QString hostIf = QStringLiteral("ens%1").arg(advertised[host].size()); // ens0..ens7
            QVERIFY(cable(system(leaf), swp, system(host), hostIf));
            advertised[leaf][swp] = swp;
            advertised[host][hostIf] = device;
            mSystems.at(leaf).expected[swp] = device;
            mSystems.at(host).expected[hostIf] = swp;
        }
        QCOMPARE(mSystems.size(), size_t(5));
        for (const auto& [name, ports] : advertised)
            startLldpd(name, ports);
        QStringList late = waitForNeighbours(20000);
        QVERIFY2(late.isEmpty(), qPrintable(diagnosis(late)));

        // As built: every designed cable matched, exit 0.
        auto r = runCli(QStringList{QStringLiteral("verify"), design, QStringLiteral("--json")}
            + collect(QStringLiteral("as-built")));
        QVERIFY2(r.exitCode == 0, r.out.constData());
        QJsonObject report = r.json();
        QCOMPARE(report.value(QLatin1String("designed_links")).toInt(), 32);
        QCOMPARE(report.value(QLatin1String("matched")).toArray().size(), 32);
        QCOMPARE(report.value(QLatin1String("differences")).toInt(), 0);

        // Move one cable: the one on the leaf's swp1s0 goes to swp17s0 (cage 17, the first cage
        // no server uses: 4 servers x 8 ports fill cages 1..16). The host keeps its end.
        const QString leaf = QStringLiteral("leaf-001");
        QVERIFY(mSystems.count(leaf));
        System& sw = mSystems.at(leaf);
        const QString device = sw.expected.at(QStringLiteral("swp1s0"));
        QString host;
        QString hostIf;
        for (auto& [name, s] : mSystems)
            for (const auto& [interface, far] : s.expected)
                if (far == QLatin1String("swp1s0")) {
                    host = name;
                    hostIf = interface;
                }
        QVERIFY(!host.isEmpty());
        QVERIFY(ip(
            {QStringLiteral("-n"), sw.ns, QStringLiteral("link"), QStringLiteral("delete"), QStringLiteral("swp1s0")}));
        QVERIFY(cable(sw, QStringLiteral("swp17s0"), mSystems.at(host), hostIf));
        sw.expected.erase(QStringLiteral("swp1s0"));
        sw.expected[QStringLiteral("swp17s0")] = device;
        mSystems.at(host).expected[hostIf] = QStringLiteral("swp17s0");
        // The host's new interface takes its advertised name again once its agent has seen it.
        QElapsedTimer t;
        t.start();
        do {
            lldpcli(mSystems.at(host),
                {QStringLiteral("configure"), QStringLiteral("ports"), hostIf, QStringLiteral("lldp"),
                    QStringLiteral("portidsubtype"), QStringLiteral("local"), device});
            late = waitForNeighbours(1000);
        } while (!late.isEmpty() && t.elapsed() < 60000);
        QVERIFY2(late.isEmpty(), qPrintable(diagnosis(late)));

        r = runCli(
            QStringList{QStringLiteral("verify"), design, QStringLiteral("--json")} + collect(QStringLiteral("moved")));
        QCOMPARE(r.exitCode, 1);
        report = r.json();
        QVERIFY2(report.value(QLatin1String("differences")).toInt() == 1,
            QJsonDocument(QJsonObject{{QStringLiteral("miscabled"), report.value(QLatin1String("miscabled"))},
                              {QStringLiteral("unexpected"), report.value(QLatin1String("unexpected"))},
                              {QStringLiteral("missing"), report.value(QLatin1String("missing"))}})
                .toJson(QJsonDocument::Compact)
                .constData());
        QCOMPARE(report.value(QLatin1String("matched")).toArray().size(), 31);
        QCOMPARE(report.value(QLatin1String("missing")).toArray().size(), 0);
        QCOMPARE(report.value(QLatin1String("unexpected")).toArray().size(), 0);
        QCOMPARE(report.value(QLatin1String("differences")).toInt(), 1);
        const QJsonArray miscabled = report.value(QLatin1String("miscabled")).toArray();
        QCOMPARE(miscabled.size(), 1);
        const QJsonObject m = miscabled.at(0).toObject();
        QCOMPARE(m.value(QLatin1String("at")).toObject(), port(host, device));
        QCOMPARE(m.value(QLatin1String("found")).toObject(), port(leaf, QStringLiteral("swp17s0")));
        QCOMPARE(m.value(QLatin1String("expected")).toObject(), port(leaf, QStringLiteral("swp1s0")));
        // The text a technician reads names the fix.
        const auto text = runCli(QStringList{QStringLiteral("verify"), design} + collect(QStringLiteral("moved-text")));
        QVERIFY2(text.out.contains(
                     QStringLiteral("miscabled: %1 %2 reaches leaf-001 swp17s0; it should reach leaf-001 swp1s0")
                         .arg(host, device)
                         .toUtf8()),
            text.out.constData());

        // Nothing left behind: every agent stopped by its process, every namespace gone.
        std::vector<qint64> pids;
        for (auto& [name, s] : mSystems)
            pids.push_back(s.lldpd->processId());
        tearDown();
        for (qint64 pid : pids)
            QVERIFY2(!QFile::exists(QStringLiteral("/proc/%1").arg(pid)), qPrintable(QString::number(pid)));
        const auto [code, list] = run(mIp, {QStringLiteral("netns"), QStringLiteral("list")});
        QCOMPARE(code, 0);
        QVERIFY2(!list.contains(mPrefix.toUtf8()), list.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliLldp)
#include "tst_cli_lldp.moc"
