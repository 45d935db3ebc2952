#include "helpers/clirunner.h"

#include "catalog/catalog.h"
#include "io/designfile.h"
#include "io/designjson.h"
#include "model/design.h"
#include "util/errors.h"

#include <QDir>
#include <QElapsedTimer>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
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

} // namespace

class TestCrashSafety : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // A save killed part-way (SIGKILL at random moments) leaves the old file or the new one, intact.
    void killedSavesLeaveOldOrNewFile()
    {
        QTemporaryDir dir;
        std::vector<CatalogIssue> issues;
        auto catalog = Catalog::loadDefault(&issues);
        const Design designs[2]
            = {buildDesign(*catalog, 1500, QStringLiteral("A")), buildDesign(*catalog, 1700, QStringLiteral("B"))};
        QString json[2];
        for (int i = 0; i < 2; ++i) {
            json[i] = dir.filePath(QStringLiteral("d%1.json").arg(i));
            DesignJson::writeFile(designs[i], json[i]);
        }
        const QString target = dir.filePath(QStringLiteral("target.podwright"));
        DesignFile::save(designs[0], target);

        // How long one import (read JSON, save) takes here, to spread the kills over it.
        QElapsedTimer timer;
        timer.start();
        QCOMPARE(test::runCli({QStringLiteral("import"), json[1], QStringLiteral("-o"),
                                  dir.filePath(QStringLiteral("probe.podwright"))})
                     .exitCode,
            0);
        const qint64 duration = std::max<qint64>(timer.elapsed(), 50);

        QRandomGenerator rng(20261202);
        int killedMidway = 0;
        int current = 0; // which design the target holds
        for (int trial = 0; trial < 40; ++trial) {
            const int next = 1 - current;
            QProcess p;
            p.start(QString::fromLocal8Bit(qgetenv("PODWRIGHT_CLI")),
                {QStringLiteral("import"), json[next], QStringLiteral("-o"), target});
            QVERIFY(p.waitForStarted());
            QThread::msleep(static_cast<unsigned long>(rng.bounded(static_cast<int>(duration * 11 / 10))));
            const bool finished = p.state() == QProcess::NotRunning;
            ::kill(static_cast<pid_t>(p.processId()), SIGKILL);
            p.waitForFinished();
            if (!finished && p.exitStatus() == QProcess::CrashExit)
                ++killedMidway;

            Design loaded;
            try {
                loaded = DesignFile::load(target);
            } catch (const Error& e) {
                QFAIL(qPrintable(QStringLiteral("trial %1: the file is damaged: %2").arg(trial).arg(e.message())));
            }
            QVERIFY2(loaded == designs[0] || loaded == designs[1], qPrintable(QStringLiteral("trial %1").arg(trial)));
            current = loaded == designs[1] ? 1 : 0;
        }
        QVERIFY2(killedMidway >= 20, qPrintable(QStringLiteral("only %1 kills landed mid-save").arg(killedMidway)));
        // Stray temporary files may remain after a kill, but never under the target's name.
        for (const QString& f : QDir(dir.path()).entryList(QDir::Files | QDir::Hidden))
            QVERIFY(f == QLatin1String("target.podwright") || f.endsWith(QLatin1String(".json"))
                || f == QLatin1String("probe.podwright") || f.endsWith(QLatin1String(".tmp")));
    }
};

QTEST_GUILESS_MAIN(TestCrashSafety)
#include "tst_crashsafety.moc"
