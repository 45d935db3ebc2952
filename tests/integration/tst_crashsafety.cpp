#include "helpers/clirunner.h"

#include "catalog/catalog.h"
#include "io/designfile.h"
#include "io/designjson.h"
#include "model/design.h"
#include "util/errors.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include <csignal>

using namespace pw;

namespace {

// A design large enough that a save takes a noticeable time: `servers` DGX H100 wired to QM9700 leaves.
Design buildDesign(const Catalog& catalog, int servers, const QString& name)
{
    Design d;
    d.setName(name);
    const CatalogItem* dgx = catalog.item(QStringLiteral("dgx-h100"));
    const CatalogItem* leaf = catalog.item(QStringLiteral("qm9700"));
    d.recordItem(*dgx);
    d.recordItem(*leaf);
    NodeId currentLeaf;
    int used = 64;
    for (int s = 0; s < servers; ++s) {
        Node n;
        n.id = d.allocateNodeId();
        n.sku = dgx->sku;
        n.name = QStringLiteral("dgx-%1").arg(s);
        n.position = QPointF(s * 100, 0);
        d.insertNode(n);
        for (int port = 0; port < 8; ++port) {
            if (used == 64) {
                Node l;
                l.id = d.allocateNodeId();
                l.sku = leaf->sku;
                l.name = QStringLiteral("leaf-%1").arg(l.id.value());
                l.network = Network::Compute;
                d.insertNode(l);
                currentLeaf = l.id;
                used = 0;
            }
            Link link;
            link.id = d.allocateLinkId();
            link.a = PortRef{n.id, port};
            link.b = PortRef{currentLeaf, used++};
            link.lengthM = 3;
            d.insertLink(link);
        }
    }
    return d;
}

// The temporary files a save of `target` by process `pid` (0: any process) has in its folder.
QStringList tempsOf(const QString& target, qint64 pid = 0)
{
    const QFileInfo info(target);
    const QString pattern = pid ? QStringLiteral(".%1.%2.*.tmp").arg(info.fileName()).arg(pid)
                                : QStringLiteral(".%1.*.tmp").arg(info.fileName());
    return info.dir().entryList({pattern}, QDir::Files | QDir::Hidden | QDir::System);
}

// Waits until the child process starts writing `target` (its temporary file appears): true, or
// false when the child ended first.
bool waitForSaveStart(QProcess& p, const QString& target)
{
    while (!p.waitForFinished(1))
        if (!tempsOf(target, p.processId()).isEmpty())
            return true;
    return false;
}

} // namespace

class TestCrashSafety : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // A save killed part-way (SIGKILL at random moments of the save itself) leaves the old file or
    // the new one, intact, and its temporary file goes at the next start (the next load).
    void killedSavesLeaveOldOrNewFile()
    {
        QTemporaryDir dir;
        // Designs large enough that a save lasts tens of milliseconds: once saves got faster
        // (about 7 ms for 1,500 servers), a kill under load often came after the save had ended.
        std::vector<CatalogIssue> issues;
        auto catalog = Catalog::loadDefault(&issues);
        const Design designs[2]
            = {buildDesign(*catalog, 6000, QStringLiteral("A")), buildDesign(*catalog, 6800, QStringLiteral("B"))};
        QString json[2];
        for (int i = 0; i < 2; ++i) {
            json[i] = dir.filePath(QStringLiteral("d%1.json").arg(i));
            DesignJson::writeFile(designs[i], json[i]);
        }
        const QString target = dir.filePath(QStringLiteral("target.podwright"));
        DesignFile::save(designs[0], target);

        // How long one save takes here (from its temporary file's appearance to its rename over
        // the target), to spread the kills over it.
        qint64 saving = 0;
        {
            const QString probePath = dir.filePath(QStringLiteral("probe.podwright"));
            QProcess probe;
            probe.start(QString::fromLocal8Bit(qgetenv("PODWRIGHT_CLI")),
                {QStringLiteral("import"), json[1], QStringLiteral("-o"), probePath});
            QVERIFY(probe.waitForStarted());
            const qint64 pid = probe.processId();
            QVERIFY2(waitForSaveStart(probe, probePath),
                "the save's temporary file (named with the process id) never appeared");
            QElapsedTimer timer;
            timer.start();
            while (!probe.waitForFinished(1) && !tempsOf(probePath, pid).isEmpty()) {}
            saving = timer.elapsed();
            QVERIFY(probe.waitForFinished(120000));
            QCOMPARE(probe.exitCode(), 0);
        }
        // The first 80 % of the save: on a busy machine the kill comes later than asked.
        const qint64 duration = std::max<qint64>(saving * 8 / 10, 10);

        QRandomGenerator rng(20261202);
        int killedInsideSave = 0;
        int current = 0; // which design the target holds
        for (int trial = 0; trial < 40; ++trial) {
            const int next = 1 - current;
            QProcess p;
            p.start(QString::fromLocal8Bit(qgetenv("PODWRIGHT_CLI")),
                {QStringLiteral("import"), json[next], QStringLiteral("-o"), target});
            QVERIFY(p.waitForStarted());
            const qint64 pid = p.processId();
            // The kill is timed from the moment the save starts, at a random point of its duration.
            if (waitForSaveStart(p, target))
                QThread::msleep(static_cast<unsigned long>(rng.bounded(static_cast<int>(duration))));
            ::kill(static_cast<pid_t>(pid), SIGKILL);
            p.waitForFinished();
            // Proof that the kill landed inside the save: its temporary file is still there.
            if (p.exitStatus() == QProcess::CrashExit && !tempsOf(target, pid).isEmpty())
                ++killedInsideSave;

            Design loaded;
            try {
                loaded = DesignFile::load(target); // the next start: removes the killed save's leftovers
            } catch (const Error& e) {
                QFAIL(qPrintable(QStringLiteral("trial %1: the file is damaged: %2").arg(trial).arg(e.message())));
            }
            QVERIFY2(loaded == designs[0] || loaded == designs[1], qPrintable(QStringLiteral("trial %1").arg(trial)));
            QVERIFY2(tempsOf(target).isEmpty(),
                qPrintable(QStringLiteral("trial %1: left behind after the next start: %2")
                               .arg(trial)
                               .arg(tempsOf(target).join(QStringLiteral(", ")))));
            current = loaded == designs[1] ? 1 : 0;
        }
        qInfo("%d of 40 kills landed inside the save (a save takes about %lld ms here)", killedInsideSave, saving);
        QVERIFY2(killedInsideSave >= 20,
            qPrintable(QStringLiteral("only %1 of 40 kills landed inside the save").arg(killedInsideSave)));
        // Nothing but the files this test wrote remains in the folder.
        for (const QString& f : QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::System))
            QVERIFY2(f == QLatin1String("target.podwright") || f.endsWith(QLatin1String(".json"))
                    || f == QLatin1String("probe.podwright"),
                qPrintable(f));
    }
};

QTEST_GUILESS_MAIN(TestCrashSafety)
#include "tst_crashsafety.moc"
