#include "fuzztargets.h"

#include "io/designfile.h"
#include "io/designjson.h"
#include "model/design.h"
#include "util/errors.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QString>

#include <cstdlib>
#include <unistd.h>

namespace pw::fuzz {

namespace {

void checkLoaded(const Design& d)
{
    if (d.checkInvariants())
        std::abort(); // a loader accepted an inconsistent design
}

} // namespace

void designJson(const std::uint8_t* data, std::size_t size)
{
    try {
        checkLoaded(
            DesignJson::fromBytes(QByteArray(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size))));
    } catch (const Error&) {
    }
}

void designFile(const std::uint8_t* data, std::size_t size)
{
    // SQLite reads from a path: write the bytes to a private temporary file.
    static const QString path = QDir::temp().filePath(QStringLiteral("pw-fuzz-%1.podwright").arg(::getpid()));
    {
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return;
        f.write(reinterpret_cast<const char*>(data), static_cast<qint64>(size));
    }
    try {
        checkLoaded(DesignFile::load(path));
    } catch (const Error&) {
    }
}

} // namespace pw::fuzz
