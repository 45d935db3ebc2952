#include "io/atomicfile.h"
#include "util/errors.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace pw;

namespace {

QByteArray read(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<unreadable>");
}

void put(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(bytes), bytes.size());
}

// Hidden temporary files the writer may have left next to the target.
QStringList leftovers(const QString& dir)
{
    return QDir(dir).entryList({QStringLiteral(".*.tmp")}, QDir::Files | QDir::Hidden | QDir::System);
}

QString messageOf(const std::function<void()>& f)
{
    try {
        f();
    } catch (const Error& e) {
        return e.message();
    }
    return QStringLiteral("NO ERROR");
}

// Makes writes beyond `bytes` fail with EFBIG ("File too large") for this process, the way a full
// disk fails them, without needing a full disk; restored on destruction.
class FileSizeLimit {
public:
    explicit FileSizeLimit(rlim_t bytes)
    {
        getrlimit(RLIMIT_FSIZE, &mOld);
        mOldHandler = std::signal(SIGXFSZ, SIG_IGN);
        rlimit limit = mOld;
        limit.rlim_cur = bytes;
        setrlimit(RLIMIT_FSIZE, &limit);
    }
    ~FileSizeLimit()
    {
        setrlimit(RLIMIT_FSIZE, &mOld);
        std::signal(SIGXFSZ, mOldHandler);
    }

private:
    rlimit mOld{};
    void (*mOldHandler)(int) = nullptr;
};

} // namespace

class TestAtomicFile : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void replacesContentAndLeavesNoTemp()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("out.csv"));
        put(path, "old");
        AtomicFile::writeBytes(path, "new content");
        QCOMPARE(read(path), QByteArray("new content"));
        QVERIFY(leftovers(dir.path()).isEmpty());
    }

    void keepsTheTargetsMode()
    {
        // A 0600 file (a design with prices under NDA) must not become world-readable by a save.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("secret.csv"));
        put(path, "old");
        QVERIFY(::chmod(QFile::encodeName(path).constData(), 0600) == 0);
        AtomicFile::writeBytes(path, "new");
        struct stat st {};
        QVERIFY(::stat(QFile::encodeName(path).constData(), &st) == 0);
        QCOMPARE(st.st_mode & 07777, mode_t(0600));
        QVERIFY(::chmod(QFile::encodeName(path).constData(), 0640) == 0);
        AtomicFile::write(path, [](const QString& temp) {
            QFile f(temp);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("via callback");
        });
        QVERIFY(::stat(QFile::encodeName(path).constData(), &st) == 0);
        QCOMPARE(st.st_mode & 07777, mode_t(0640));
        QCOMPARE(read(path), QByteArray("via callback"));
    }

    void writesThroughASymlink()
    {
        QTemporaryDir dir;
        QDir(dir.path()).mkdir(QStringLiteral("real"));
        const QString real = dir.filePath(QStringLiteral("real/topology.conf"));
        const QString link = dir.filePath(QStringLiteral("topology.conf"));
        put(real, "old");
        QVERIFY(QFile::link(real, link));
        AtomicFile::writeBytes(link, "new");
        QVERIFY(QFileInfo(link).isSymLink()); // the link is kept...
        QCOMPARE(read(real), QByteArray("new")); // ...and the file it names is replaced
        QVERIFY(leftovers(dir.path()).isEmpty());
        QVERIFY(leftovers(dir.filePath(QStringLiteral("real"))).isEmpty());
    }

    void refusesNonRegularTargets()
    {
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("pipe"));
        QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
        const QString msg = messageOf([&] { AtomicFile::writeBytes(fifo, "x"); });
        QVERIFY2(msg.contains(fifo) && msg.contains(QLatin1String("not a regular file")), qPrintable(msg));
        struct stat st {};
        QVERIFY(::lstat(QFile::encodeName(fifo).constData(), &st) == 0);
        QVERIFY(S_ISFIFO(st.st_mode)); // not replaced by a regular file

        const QString folder = dir.filePath(QStringLiteral("folder"));
        QVERIFY(QDir().mkdir(folder));
        const QString msg2 = messageOf([&] { AtomicFile::writeBytes(folder, "x"); });
        QVERIFY2(msg2.contains(QLatin1String("folder")), qPrintable(msg2));
        QVERIFY(QFileInfo(folder).isDir());
        QVERIFY(leftovers(dir.path()).isEmpty());
    }

    void aFailedWriteKeepsTheOldFileAndSaysWhy()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("cabling.csv"));
        put(path, "the old cabling plan");
        QString msg;
        {
            const FileSizeLimit limit(4096);
            msg = messageOf([&] { AtomicFile::writeBytes(path, QByteArray(64 * 1024, 'x')); });
        }
        // The target is named (not the temporary file) with the system's reason.
        QVERIFY2(msg.contains(path) && msg.contains(QLatin1String("File too large")), qPrintable(msg));
        QVERIFY2(!msg.contains(QLatin1String(".tmp")), qPrintable(msg));
        QCOMPARE(read(path), QByteArray("the old cabling plan"));
        QVERIFY(leftovers(dir.path()).isEmpty());
    }

    void aWriterErrorNamesTheTarget()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("d.podwright"));
        const QString msg = messageOf([&] {
            AtomicFile::write(path, [](const QString& temp) {
                QFile f(temp);
                f.open(QIODevice::WriteOnly);
                throw IoError(QStringLiteral("cannot commit %1: database or disk is full").arg(temp));
            });
        });
        QVERIFY2(msg.contains(path) && msg.contains(QLatin1String("disk is full")), qPrintable(msg));
        QVERIFY2(!msg.contains(QLatin1String(".tmp")), qPrintable(msg));
        QVERIFY(!QFileInfo::exists(path));
        QVERIFY(leftovers(dir.path()).isEmpty());
    }

    void staleTempsOfKilledSavesAreRemoved()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("pod.podwright"));
        const QString stale = dir.filePath(QStringLiteral(".pod.podwright.AbC123.tmp"));
        const QString fresh = dir.filePath(QStringLiteral(".pod.podwright.XyZ789.tmp"));
        const QString other = dir.filePath(QStringLiteral(".other.podwright.AbC123.tmp"));
        for (const QString& p : {stale, fresh, other})
            put(p, "partial");
        QFile f(stale);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.setFileTime(QDateTime::currentDateTimeUtc().addSecs(-3600), QFileDevice::FileModificationTime));
        f.close();
        AtomicFile::writeBytes(path, "design");
        QVERIFY(!QFileInfo::exists(stale)); // a killed save's leftover goes at the next save
        QVERIFY(QFileInfo::exists(fresh)); // a save running elsewhere keeps its file
        QVERIFY(QFileInfo::exists(other)); // another file's temp is not ours
    }

    // A killed save's temporary file (its process is gone) goes at the next save or load of the
    // file, however young; the file of a save running in a live process stays.
    void tempsOfDeadProcessesAreRemovedAtOnce()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("pod.podwright"));
        QProcess gone;
        gone.start(QStringLiteral("true"));
        QVERIFY(gone.waitForStarted());
        const qint64 deadPid = gone.processId();
        QVERIFY(gone.waitForFinished());
        const QString killed = dir.filePath(QStringLiteral(".pod.podwright.%1.AbC123.tmp").arg(deadPid));
        put(killed, "partial");
        AtomicFile::writeBytes(path, "design");
        QVERIFY(!QFileInfo::exists(killed));
        QCOMPARE(read(path), QByteArray("design"));
        QVERIFY(leftovers(dir.path()).isEmpty());
    }

    // Two saves of one file at once both reported success, and the later rename silently undid the
    // earlier save: the second writer now refuses and says why.
    void aSecondConcurrentSaveIsRefused()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("pod.podwright"));
        put(path, "saved by the other process");
        // The parent process (the test runner) is alive and is not us: its save is in progress.
        const QString running = dir.filePath(QStringLiteral(".pod.podwright.%1.XyZ789.tmp").arg(::getppid()));
        put(running, "partial");
        const QString msg = messageOf([&] { AtomicFile::writeBytes(path, "ours"); });
        QVERIFY2(msg.contains(path) && msg.contains(QLatin1String("another process"))
                && msg.contains(QString::number(::getppid())),
            qPrintable(msg));
        QCOMPARE(read(path), QByteArray("saved by the other process"));
        QVERIFY(QFileInfo::exists(running)); // the other save's file is not ours to remove
        QCOMPARE(leftovers(dir.path()), QStringList{QFileInfo(running).fileName()});
        // Once it has finished (its temporary file renamed), our save goes through.
        QVERIFY(QFile::remove(running));
        AtomicFile::writeBytes(path, "ours");
        QCOMPARE(read(path), QByteArray("ours"));
    }
};

QTEST_GUILESS_MAIN(TestAtomicFile)
#include "tst_atomicfile.moc"
