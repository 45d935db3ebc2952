#include "fuzztargets.h"

#include "commandsequence.h"

#include "catalog/catalog.h"
#include "export/bomcsv.h"
#include "export/cablingcsv.h"
#include "export/csv.h"
#include "export/p2pcsv.h"
#include "export/slurmtopology.h"
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

// No cell of a CSV we hand out may run as a spreadsheet formula or carry a control character.
void checkCsv(const QByteArray& bytes)
{
    for (const QStringList& row : csv::parse(QString::fromUtf8(bytes)))
        for (const QString& cell : row) {
            if (!cell.isEmpty() && QStringLiteral("=+-@\t\r").contains(cell.front()))
                std::abort();
            for (QChar c : cell)
                if (c.unicode() < 0x20)
                    std::abort();
        }
}

// A private scratch path per process (libFuzzer may run jobs in parallel).
QString scratch(const char* what)
{
    return QDir::temp().filePath(QStringLiteral("pw-fuzz-%1-%2").arg(::getpid()).arg(QLatin1String(what)));
}

void checkLoaded(const Design& d)
{
    if (d.checkInvariants())
        std::abort(); // a loader accepted an inconsistent design
    // What loads also saves and reloads equal, through both formats (load, save, load: equal),
    // and exports safely.
    if (!(DesignJson::fromBytes(DesignJson::toBytes(d)) == d))
        std::abort();
    static const QString saved = scratch("saved.podwright");
    try {
        DesignFile::save(d, saved);
    } catch (const Error&) {
        std::abort(); // a design the loader accepted must save
    }
    Design reloaded;
    try {
        reloaded = DesignFile::load(saved);
    } catch (const Error&) {
        std::abort(); // and what we saved must load again
    }
    if (!(reloaded == d))
        std::abort();
    checkCsv(CablingCsv::write(d));
    checkCsv(P2pCsv::write(d));
    checkCsv(BomCsv::write(d));
    for (const QByteArray& line : SlurmTopology::write(d).split('\n'))
        if (!line.isEmpty() && !line.startsWith('#') && !line.startsWith("SwitchName="))
            std::abort(); // a name started a directive of its own
}

// Fuzz input as choices: one byte per choice of up to 256 alternatives, two above. Runs dry at
// the end of the input, and the sequence stops.
class ByteChooser : public Chooser {
public:
    ByteChooser(const std::uint8_t* data, std::size_t size) : mData(data), mSize(size) {}
    std::uint32_t pick(std::uint32_t bound) override
    {
        if (bound <= 1)
            return 0;
        std::uint32_t value = next();
        if (bound > 256)
            value = value << 8 | next();
        return value % bound;
    }
    [[nodiscard]] bool exhausted() const override { return mPos >= mSize; }

private:
    std::uint32_t next() { return mPos < mSize ? mData[mPos++] : 0; }
    const std::uint8_t* mData;
    std::size_t mSize;
    std::size_t mPos = 0;
};

} // namespace

std::optional<QString> commandSequence(const std::uint8_t* data, std::size_t size)
{
    static const std::unique_ptr<Catalog> catalog = Catalog::loadDefault();
    static const Design seed = seedDesign(*catalog);
    static const std::vector<const CatalogItem*> items = catalog->items();
    ByteChooser choose(data, size);
    // Short sequences run fast under the sanitizers; libFuzzer's mutations make them long enough.
    return runCommandSequence(items, seed, choose, 160);
}

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
    static const QString path = scratch("input.podwright");
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
