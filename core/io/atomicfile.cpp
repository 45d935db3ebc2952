#include "io/atomicfile.h"

#include "util/errors.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTemporaryFile>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <limits>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>
#include <vector>

namespace pw {

namespace {

QString systemError(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

QByteArray encoded(const QString& path)
{
    return QFile::encodeName(path);
}

// fsync of a file or folder; the error of a file matters (some file systems report a full disk
// only here), a folder's is best effort.
int syncPath(const QString& path, bool directory)
{
    const int fd = ::open(encoded(path).constData(), directory ? O_RDONLY | O_DIRECTORY : O_RDONLY);
    if (fd < 0)
        return errno;
    const int result = ::fsync(fd) == 0 ? 0 : errno;
    ::close(fd);
    return result;
}

// The file a save replaces: the path itself, or the file at the end of a symlink chain, so every
// link survives the save. A chain whose final target is missing is followed link by link (each
// relative target read against its link's folder) to the name that does not exist yet, which is
// written: replacing a middle link with a file would cut the chain. A loop, or a chain longer than
// the system's (40, Linux's MAXSYMLINKS), is refused.
QString resolveTarget(const QString& path)
{
    const QFileInfo info(path);
    struct stat link {};
    if (::lstat(encoded(path).constData(), &link) != 0 || !S_ISLNK(link.st_mode))
        return info.absoluteFilePath();
    // realpath(), not QFileInfo::canonicalFilePath(): Qt answers a link loop with the link itself.
    if (char* real = ::realpath(encoded(path).constData(), nullptr)) {
        const QString canonical = QFile::decodeName(real);
        std::free(real);
        return canonical;
    }
    if (errno == ELOOP)
        throw IoError(QStringLiteral("cannot write %1: %2").arg(path, systemError(ELOOP)));
    QString current = info.absoluteFilePath();
    for (int hop = 0; hop < 40; ++hop) {
        const QByteArray name = encoded(current);
        std::vector<char> buffer(4096);
        const ssize_t n = ::readlink(name.constData(), buffer.data(), buffer.size());
        if (n < 0) {
            if (errno == EINVAL || errno == ENOENT)
                return current; // not a link (or not there): the end of the chain
            throw IoError(QStringLiteral("cannot write %1: %2").arg(path, systemError(errno)));
        }
        const QString target = QFile::decodeName(QByteArray(buffer.data(), static_cast<qsizetype>(n)));
        current = QFileInfo(current).absoluteDir().absoluteFilePath(target);
    }
    throw IoError(QStringLiteral("cannot write %1: %2").arg(path, systemError(ELOOP)));
}

// SQLite reports a full disk as "disk I/O error" or "database or disk is full" and the errno is
// gone by then: when a writer fails, look for the usual causes so the user reads the real one.
QString diagnose(const QString& tempPath, const QString& dir)
{
    struct statvfs fs {};
    if (::statvfs(encoded(dir).constData(), &fs) == 0
        && static_cast<unsigned long long>(fs.f_bavail) * fs.f_frsize < 64ull * 1024)
        return systemError(ENOSPC);
    rlimit limit{};
    struct stat st {};
    if (::getrlimit(RLIMIT_FSIZE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY
        && ::stat(encoded(tempPath).constData(), &st) == 0
        && static_cast<rlim_t>(st.st_size) + 64 * 1024 > limit.rlim_cur)
        return systemError(EFBIG);
    return {};
}

mode_t currentUmask()
{
    const mode_t mask = ::umask(0);
    ::umask(mask);
    return mask;
}

// The writer's process id is part of the name: a temporary file whose process is gone is a killed
// save's leftover, and one whose process lives is another save of the same file, running now.
QString tempPattern(const QString& fileName)
{
    return QStringLiteral(".%1.%2.XXXXXX.tmp").arg(fileName).arg(::getpid());
}

bool processAlive(qint64 pid)
{
    return pid > 0 && pid <= std::numeric_limits<pid_t>::max()
        && (::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM);
}

struct TempFile {
    QString path;
    qint64 pid = 0; // 0: a name without a process id (written before the id was part of it)
    QDateTime modified;
};

// The temporary files of saves of `path` in its folder (QTemporaryFile replaces XXXXXX with six
// letters or digits).
std::vector<TempFile> tempsOf(const QString& path)
{
    const QFileInfo info(path);
    const QDir dir = info.absoluteDir();
    const QRegularExpression pattern(QStringLiteral("^\\.%1\\.(?:([0-9]{1,10})\\.)?[A-Za-z0-9]{6}\\.tmp$")
                                         .arg(QRegularExpression::escape(info.fileName())));
    std::vector<TempFile> temps;
    const QStringList candidates
        = dir.entryList({QStringLiteral(".%1.*.tmp").arg(info.fileName())}, QDir::Files | QDir::Hidden | QDir::System);
    for (const QString& name : candidates) {
        const QRegularExpressionMatch match = pattern.match(name);
        if (!match.hasMatch())
            continue;
        const QFileInfo temp(dir.filePath(name));
        if (temp.isSymLink())
            continue;
        temps.push_back({temp.absoluteFilePath(), match.captured(1).toLongLong(), temp.lastModified().toUTC()});
    }
    return temps;
}

} // namespace

void AtomicFile::write(
    const QString& path, const std::function<void(const QString& tempPath)>& writeTemp, Permissions permissions)
{
    if (path.isEmpty())
        throw IoError(QStringLiteral("cannot write: no file name given"));
    const QString target = resolveTarget(path);
    const QFileInfo targetInfo(target);
    const QString dir = targetInfo.absolutePath();
    if (!QFileInfo(dir).isDir())
        throw IoError(QStringLiteral("cannot write %1: the folder %2 does not exist").arg(path, dir));

    struct stat existing {};
    const bool exists = ::stat(encoded(target).constData(), &existing) == 0;
    if (exists && S_ISDIR(existing.st_mode))
        throw IoError(QStringLiteral("cannot write %1: it is a folder").arg(path));
    if (exists && !S_ISREG(existing.st_mode))
        throw IoError(QStringLiteral("cannot write %1: it is not a regular file (a device, pipe or socket)").arg(path));
    const mode_t mode = permissions == Permissions::Private ? mode_t(0600)
        : exists                                            ? (existing.st_mode & 07777)
                                                            : (0666 & ~currentUmask());

    removeStaleTemps(target);
    // Two saves of one file at once: the later rename would silently undo the earlier save, so the
    // second writer refuses instead of both reporting success.
    for (const TempFile& other : tempsOf(target))
        if (other.pid != 0 && other.pid != ::getpid() && processAlive(other.pid))
            throw IoError(QStringLiteral("cannot write %1: another process (pid %2) is saving it right now; "
                                         "try again when it has finished")
                              .arg(path)
                              .arg(other.pid));

    QString tempPath;
    {
        QTemporaryFile temp(QDir(dir).filePath(tempPattern(targetInfo.fileName())));
        temp.setAutoRemove(false);
        if (!temp.open())
            throw IoError(QStringLiteral("cannot write %1: %2").arg(path, temp.errorString()));
        tempPath = temp.fileName();
    }
    try {
        // Writers (SQLite) create the file themselves, with the umask's mode. A private file keeps
        // the empty 0600 file QTemporaryFile made (SQLite takes an empty file as a new database),
        // so its content is never readable by others, not even while it is written.
        if (permissions != Permissions::Private)
            QFile::remove(tempPath);
        try {
            writeTemp(tempPath);
        } catch (const Error& e) {
            // The writer names its temporary file; the user knows the target.
            QString message = e.message();
            message.replace(tempPath, path);
            if (!message.contains(path))
                message = QStringLiteral("cannot write %1: %2").arg(path, message);
            const QString cause = diagnose(tempPath, dir);
            if (!cause.isEmpty() && !message.contains(cause))
                message += QStringLiteral(" (%1)").arg(cause);
            throw IoError(message);
        }
        struct stat written {};
        if (::lstat(encoded(tempPath).constData(), &written) != 0 || !S_ISREG(written.st_mode))
            throw IoError(QStringLiteral("cannot write %1: the content was not written").arg(path));
        if (::chmod(encoded(tempPath).constData(), mode) != 0)
            throw IoError(QStringLiteral("cannot write %1: %2").arg(path, systemError(errno)));
        if (exists && ::geteuid() == 0) {
            // Best effort: root saving a user's file gives it back to the user.
            [[maybe_unused]] const int ignored
                = ::chown(encoded(tempPath).constData(), existing.st_uid, existing.st_gid);
        }
        if (const int error = syncPath(tempPath, false))
            throw IoError(QStringLiteral("cannot write %1: %2").arg(path, systemError(error)));
        if (std::rename(encoded(tempPath).constData(), encoded(target).constData()) != 0)
            throw IoError(QStringLiteral("cannot write %1: %2").arg(path, systemError(errno)));
        syncPath(dir, true);
    } catch (...) {
        QFile::remove(tempPath);
        throw;
    }
}

void AtomicFile::writeBytes(const QString& path, const QByteArray& bytes, Permissions permissions)
{
    write(
        path,
        [&](const QString& tempPath) {
            const int fd
                = ::open(encoded(tempPath).constData(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
            if (fd < 0)
                throw IoError(QStringLiteral("cannot write %1: %2").arg(tempPath, systemError(errno)));
            qsizetype done = 0;
            while (done < bytes.size()) {
                const ssize_t n = ::write(fd, bytes.constData() + done, static_cast<size_t>(bytes.size() - done));
                if (n < 0 && errno == EINTR)
                    continue;
                if (n <= 0) {
                    const int error = n < 0 ? errno : EIO;
                    ::close(fd);
                    throw IoError(QStringLiteral("cannot write %1: %2").arg(tempPath, systemError(error)));
                }
                done += n;
            }
            if (::fsync(fd) != 0) {
                const int error = errno;
                ::close(fd);
                throw IoError(QStringLiteral("cannot write %1: %2").arg(tempPath, systemError(error)));
            }
            if (::close(fd) != 0)
                throw IoError(QStringLiteral("cannot write %1: %2").arg(tempPath, systemError(errno)));
        },
        permissions);
}

int AtomicFile::removeStaleTemps(const QString& path, int minAgeSeconds)
{
    const QDateTime cutoff = QDateTime::currentDateTimeUtc().addSecs(-minAgeSeconds);
    int removed = 0;
    for (const TempFile& temp : tempsOf(path)) {
        // A temporary file of a process that is gone is a leftover at once; without a process id
        // (or with our own, or a live one) only once it is old.
        const bool orphan = temp.pid != 0 && temp.pid != ::getpid() && !processAlive(temp.pid);
        if (!orphan && temp.modified > cutoff)
            continue;
        if (QFile::remove(temp.path))
            ++removed;
    }
    return removed;
}

} // namespace pw
