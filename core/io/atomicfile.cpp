#include "io/atomicfile.h"

#include "util/errors.h"

#include <QDir>
#include <QFileInfo>
#include <QTemporaryFile>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace pw {

namespace {

void syncPath(const QString& path, bool directory)
{
    const int fd = ::open(QFile::encodeName(path).constData(), directory ? O_RDONLY | O_DIRECTORY : O_RDONLY);
    if (fd < 0)
        return;
    ::fsync(fd);
    ::close(fd);
}

} // namespace

void AtomicFile::write(const QString& path, const std::function<void(const QString& tempPath)>& writeTemp)
{
    const QFileInfo target(path);
    const QString dir = target.absolutePath();
    if (!QDir(dir).exists())
        throw IoError(QStringLiteral("cannot save %1: the folder %2 does not exist").arg(path, dir));
    if (target.exists() && target.isDir())
        throw IoError(QStringLiteral("cannot save %1: it is a folder").arg(path));

    QString tempPath;
    {
        QTemporaryFile temp(QDir(dir).filePath(QStringLiteral(".%1.XXXXXX.tmp").arg(target.fileName())));
        temp.setAutoRemove(false);
        if (!temp.open())
            throw IoError(QStringLiteral("cannot save %1: %2").arg(path, temp.errorString()));
        tempPath = temp.fileName();
    }
    try {
        QFile::remove(tempPath); // writers (SQLite) create the file themselves
        writeTemp(tempPath);
        syncPath(tempPath, false);
        if (std::rename(
                QFile::encodeName(tempPath).constData(), QFile::encodeName(target.absoluteFilePath()).constData())
            != 0)
            throw IoError(QStringLiteral("cannot save %1: %2").arg(path, QString::fromLocal8Bit(std::strerror(errno))));
        syncPath(dir, true);
    } catch (...) {
        QFile::remove(tempPath);
        throw;
    }
}

} // namespace pw
