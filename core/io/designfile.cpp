#include "io/designfile.h"
#include "io/sqliteguard.h"

#include "floor/floorlayout.h"
#include "io/atomicfile.h"
#include "io/bulkinsert.h"
#include "io/designassembler.h"
#include "io/sqlitestatement.h"
#include "model/design.h"
#include "util/designlimits.h"
#include "util/errors.h"
#include "util/utf8.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariantList>

#include <sqlite3.h>

#include <atomic>
#include <new>
#include <utility>

Q_LOGGING_CATEGORY(lcIo, "pw.core.io", QtInfoMsg)

namespace pw {

namespace {

std::atomic<int> gConnection{0};

// Owns one named Qt SQL connection and removes it on every exit path.
class Connection {
public:
    Connection(const QString& path, bool readOnly) : mName(QStringLiteral("pw-design-%1").arg(gConnection.fetch_add(1)))
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), mName);
        db.setDatabaseName(path);
        if (readOnly)
            db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
        if (!db.open())
            throw IoError(QStringLiteral("cannot open %1: %2").arg(path, db.lastError().text()));
    }
    ~Connection()
    {
        {
            QSqlDatabase db = QSqlDatabase::database(mName, false);
            db.close();
        }
        QSqlDatabase::removeDatabase(mName);
    }
    QSqlDatabase db() const { return QSqlDatabase::database(mName, false); }

private:
    QString mName;
};

void run(QSqlQuery& q, const QString& sql)
{
    if (!q.exec(sql))
        throw DatabaseError(QStringLiteral("%1: %2").arg(sql.left(60), q.lastError().text()));
}

void batch(QSqlQuery& q, const QString& what)
{
    if (!q.execBatch())
        throw DatabaseError(QStringLiteral("writing %1: %2").arg(what, q.lastError().text()));
}

QVariant optionalId(std::uint32_t v)
{
    return v ? QVariant(static_cast<qint64>(v)) : QVariant();
}

// Qt binds a null QString as SQL NULL, which the NOT NULL text columns refuse: a design imported
// from JSON without a name must still save.
QString text(const QString& s)
{
    return s.isNull() ? QStringLiteral("") : s;
}

// An empty sku is stored as NULL: not chosen yet.
void bindOptionalSku(BulkInsert& rows, int column, const QString& sku, Utf8Cache& cache)
{
    if (sku.isEmpty())
        rows.bindNull(column);
    else
        rows.bindText(column, cache.utf8(sku));
}

void bindOptionalId(BulkInsert& rows, int column, std::uint32_t id)
{
    if (id)
        rows.bind(column, std::int64_t{id});
    else
        rows.bindNull(column);
}

// Nodes and links are most of a large design (3.77 million links at 1,000,000 GPUs): they are
// written through multi-row statements (io/bulkinsert.h), bound by position, with each sku's UTF-8
// made once.
void writeNodes(sqlite3* db, const Design& design)
{
    BulkInsert rows(db, "nodes", 12, design.nodes().size());
    Utf8Cache skus, enums;
    design.nodes().forEach([&](const Node& n) {
        rows.bind(1, std::int64_t{n.id.value()});
        rows.bindText(2, skus.utf8(n.sku));
        rows.bindText(3, n.name.toUtf8());
        rows.bind(4, n.position.x());
        rows.bind(5, n.position.y());
        rows.bindText(6, enums.utf8(toString(n.network)));
        rows.bindText(7, enums.utf8(toString(n.tier)));
        rows.bind(8, std::int64_t{n.rail});
        bindOptionalId(rows, 9, n.rack.value());
        rows.bind(10, std::int64_t{n.rackUnit});
        bindOptionalId(rows, 11, n.unit.value());
        if (n.priceOverride)
            rows.bind(12, *n.priceOverride);
        else
            rows.bindNull(12);
        rows.endRow();
    });
    rows.finish();
}

void writeLinks(sqlite3* db, const Design& design)
{
    BulkInsert rows(db, "links", 8, design.links().size());
    Utf8Cache skus;
    design.links().forEach([&](const Link& l) {
        rows.bind(1, std::int64_t{l.id.value()});
        rows.bind(2, std::int64_t{l.a.node.value()});
        rows.bind(3, std::int64_t{l.a.index});
        rows.bind(4, std::int64_t{l.b.node.value()});
        rows.bind(5, std::int64_t{l.b.index});
        bindOptionalSku(rows, 6, l.cableSku, skus);
        bindOptionalSku(rows, 7, l.transceiverSku, skus);
        rows.bind(8, l.lengthM);
        rows.endRow();
    });
    rows.finish();
}

// The floor plan's rows and rack places (the JSON form FloorLayout::toJson writes, already checked).
void writeFloor(QSqlQuery& q, const QJsonObject& floor)
{
    if (floor.isEmpty())
        return;
    {
        const QJsonArray rows = floor.value(QLatin1String("rows")).toArray();
        QVariantList cols[6];
        for (qsizetype i = 0; i < rows.size(); ++i) {
            const QJsonObject r = rows.at(i).toObject();
            cols[0] << static_cast<qint64>(i);
            cols[1] << text(r.value(QLatin1String("name")).toString());
            cols[2] << r.value(QLatin1String("x_m")).toDouble();
            cols[3] << r.value(QLatin1String("y_m")).toDouble();
            cols[4] << r.value(QLatin1String("slots")).toInt();
            cols[5] << r.value(QLatin1String("faces")).toString();
        }
        q.prepare(QStringLiteral("INSERT INTO floor_rows VALUES (?,?,?,?,?,?)"));
        for (auto& col : cols)
            q.addBindValue(col);
        batch(q, QStringLiteral("floor rows"));
    }
    const QJsonArray racks = floor.value(QLatin1String("racks")).toArray();
    QVariantList cols[3];
    for (const QJsonValue& v : racks) {
        const QJsonArray p = v.toArray();
        cols[0] << static_cast<qint64>(p.at(0).toDouble());
        cols[1] << p.at(1).toInt();
        cols[2] << p.at(2).toInt();
    }
    q.prepare(QStringLiteral("INSERT INTO floor_racks VALUES (?,?,?)"));
    for (auto& col : cols)
        q.addBindValue(col);
    batch(q, QStringLiteral("floor racks"));
}

const char* const kSchema[] = {
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE catalog_items (sku TEXT PRIMARY KEY, json TEXT NOT NULL)",
    "CREATE TABLE groups (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, name TEXT NOT NULL, parent INTEGER,"
    " sku TEXT, power_budget_kw REAL NOT NULL, liquid_cooled INTEGER NOT NULL)",
    "CREATE TABLE nodes (id INTEGER PRIMARY KEY, sku TEXT NOT NULL, name TEXT NOT NULL, x REAL NOT NULL, y REAL NOT "
    "NULL,"
    " network TEXT NOT NULL, tier TEXT NOT NULL, rail INTEGER NOT NULL, rack INTEGER, rack_unit INTEGER NOT NULL,"
    " unit INTEGER, price_override_usd REAL)",
    "CREATE TABLE links (id INTEGER PRIMARY KEY, a_node INTEGER NOT NULL, a_port INTEGER NOT NULL,"
    " b_node INTEGER NOT NULL, b_port INTEGER NOT NULL, cable TEXT, transceiver TEXT, length_m REAL NOT NULL)",
    // Format 2: the floor plan in its own tables (a 100,000-GPU hall has tens of thousands of racks,
    // more than the bounded properties object holds); the hall's figures are meta 'floor_hall'.
    "CREATE TABLE floor_rows (id INTEGER PRIMARY KEY, name TEXT NOT NULL, x_m REAL NOT NULL, y_m REAL NOT NULL,"
    " slots INTEGER NOT NULL, faces TEXT NOT NULL)",
    "CREATE TABLE floor_racks (rack INTEGER PRIMARY KEY, row_index INTEGER NOT NULL, position INTEGER NOT NULL)",
};
// The tables of each format: format 1 has the first five.
constexpr int kFormatOneTables = 5;
constexpr int kFormatTwoTables = 7;
const char* const kTableNames[] = {"meta", "catalog_items", "groups", "nodes", "links", "floor_rows", "floor_racks"};

// About 25,000 GPUs of the DGX SuperPOD shape (3.8 links per GPU).
constexpr size_t kLinksForLargePages = 100'000;

void writeDatabase(const Design& design, const QString& path)
{
    Connection c(path, false);
    QSqlDatabase db = c.db();
    QSqlQuery q(db);
    // A large design in 64 KiB pages: a sixteenth of the page writes, reads and B-tree splits of
    // 4 KiB pages (SQLite alone, 3.77 million links: written in 0.53 s CPU instead of 0.75 s).
    // A small one keeps 4 KiB pages, since each table takes at least one page. Any SQLite reads
    // either; the page size is not part of the format.
    if (design.links().size() >= kLinksForLargePages)
        run(q, QStringLiteral("PRAGMA page_size = 65536"));
    run(q, QStringLiteral("PRAGMA journal_mode = OFF")); // the temp file is renamed only when complete
    run(q, QStringLiteral("PRAGMA synchronous = OFF"));
    run(q, QStringLiteral("PRAGMA application_id = %1").arg(DesignFile::kApplicationId));
    run(q, QStringLiteral("PRAGMA user_version = %1").arg(DesignFile::kFormatVersion));
    db.transaction();
    for (const char* sql : kSchema)
        run(q, QString::fromLatin1(sql));

    // The floor plan goes to its own tables, not into the properties.
    QJsonObject properties = design.properties();
    properties.remove(QLatin1String(FloorLayout::kKey));
    const QJsonObject floor = FloorLayout::storedJson(design).toObject();
    QVariantList metaKeys{QStringLiteral("writer"), QStringLiteral("format_version"),
        QStringLiteral("min_reader_version"), QStringLiteral("name"), QStringLiteral("properties")};
    QVariantList metaValues{QStringLiteral("Podwright " PW_VERSION), QString::number(DesignFile::kFormatVersion),
        QString::number(DesignFile::kFormatVersion), text(design.name()),
        QString::fromUtf8(QJsonDocument(properties).toJson(QJsonDocument::Compact))};
    if (!floor.isEmpty()) {
        metaKeys << QStringLiteral("floor_hall");
        metaValues << QString::fromUtf8(
            QJsonDocument(floor.value(QLatin1String("hall")).toObject()).toJson(QJsonDocument::Compact));
    }
    q.prepare(QStringLiteral("INSERT INTO meta VALUES (?, ?)"));
    q.addBindValue(metaKeys);
    q.addBindValue(metaValues);
    batch(q, QStringLiteral("meta"));
    writeFloor(q, floor);

    {
        QVariantList skus, jsons;
        for (const auto& [sku, item] : design.items()) {
            skus << sku;
            jsons << QString::fromUtf8(QJsonDocument(item.snapshotJson()).toJson(QJsonDocument::Compact));
        }
        q.prepare(QStringLiteral("INSERT INTO catalog_items VALUES (?, ?)"));
        q.addBindValue(skus);
        q.addBindValue(jsons);
        batch(q, QStringLiteral("catalog"));
    }
    {
        QVariantList cols[7];
        design.groups().forEach([&](const Group& g) {
            cols[0] << static_cast<qint64>(g.id.value());
            cols[1] << toString(g.kind);
            cols[2] << text(g.name);
            cols[3] << optionalId(g.parent.value());
            cols[4] << (g.sku.isEmpty() ? QVariant() : QVariant(g.sku));
            cols[5] << g.powerBudgetKw;
            cols[6] << (g.liquidCooled ? 1 : 0);
        });
        q.prepare(QStringLiteral("INSERT INTO groups VALUES (?,?,?,?,?,?,?)"));
        for (auto& col : cols)
            q.addBindValue(col);
        batch(q, QStringLiteral("groups"));
    }
    writeNodes(sqliteHandle(db), design);
    writeLinks(sqliteHandle(db), design);
    if (!db.commit())
        throw DatabaseError(QStringLiteral("cannot commit %1: %2").arg(path, db.lastError().text()));
}

// The schema is read from sqlite_master before anything else is read: a view or a trigger would
// run SQL of the file's choosing on load (a recursive view kept `info` busy for minutes), and a
// table of another shape would be misread. A design file holds exactly the five tables of kSchema,
// with exactly those definitions (format 1: the first five), and the two indexes SQLite makes for
// their primary keys.
void checkSchema(QSqlQuery& q, int version)
{
    const int tableCount = version >= 2 ? kFormatTwoTables : kFormatOneTables;
    QStringList expected;
    for (int i = 0; i < tableCount; ++i)
        expected << QString::fromLatin1(kSchema[i]);
    const QStringList autoIndexes{
        QStringLiteral("sqlite_autoindex_meta_1"), QStringLiteral("sqlite_autoindex_catalog_items_1")};
    if (!q.exec(QStringLiteral("SELECT type, name, tbl_name, sql FROM sqlite_master")))
        throw FormatError(
            QStringLiteral("the design file is damaged or not a database (%1)").arg(q.lastError().text()));
    struct Entry {
        QString type, name, sql;
        bool sqlIsNull = false;
    };
    std::vector<Entry> entries;
    while (q.next()) {
        if (entries.size() >= 64)
            throw FormatError(
                QStringLiteral("the design file is damaged or was altered: its schema has too many entries"));
        entries.push_back({q.value(0).toString().left(16), q.value(1).toString().left(64), q.value(3).toString(),
            q.value(3).isNull()});
    }
    if (q.lastError().isValid())
        throw FormatError(QStringLiteral("the design file is damaged (%1)").arg(q.lastError().text()));
    // Anything that can run code (views, triggers, indexes on expressions) is named first.
    int indexes = 0;
    for (const Entry& e : entries) {
        if (e.type == QLatin1String("table"))
            continue;
        if (e.type == QLatin1String("index") && autoIndexes.contains(e.name) && e.sqlIsNull) {
            ++indexes;
            continue;
        }
        throw FormatError(QStringLiteral("the design file was altered: it contains a %1 '%2', which a Podwright "
                                         "design never holds (refused so that it cannot run on load)")
                              .arg(e.type, e.name));
    }
    QStringList tables;
    for (const Entry& e : entries) {
        if (e.type != QLatin1String("table"))
            continue;
        if (!expected.contains(e.sql))
            throw FormatError(QStringLiteral("the design file is damaged or was altered: table '%1' is not one of "
                                             "Podwright's tables or not defined as Podwright defines it")
                                  .arg(e.name));
        tables << e.name;
    }
    for (int i = 0; i < tableCount; ++i)
        if (tables.count(QLatin1String(kTableNames[i])) != 1)
            throw FormatError(
                QStringLiteral("the design file is damaged: table %1 is missing").arg(QLatin1String(kTableNames[i])));
    if (tables.size() != tableCount || indexes > 2)
        throw FormatError(QStringLiteral("the design file is damaged or was altered: unexpected schema entries"));
}

FormatError tooLong(const char* table)
{
    return FormatError(QStringLiteral("table %1 holds a name or text longer than Podwright allows (names: %2 "
                                      "characters, skus: %3, properties: %4 bytes)")
                           .arg(QLatin1String(table))
                           .arg(DesignAssembler::kMaxNameLength)
                           .arg(DesignAssembler::kMaxSkuLength)
                           .arg(DesignAssembler::kMaxPropertiesBytes));
}

// Text longer than the format allows is refused before it is read into memory (a 100 MB name
// made `report` take minutes and gigabytes). SQLite measures it without handing it to us. The
// links, most of a large file's rows, hold only skus: those are measured as they are read
// (readDatabase), which saves a scan of millions of rows.
void checkTextSizes(QSqlQuery& q, int version)
{
    const QString nameMax = QString::number(DesignAssembler::kMaxNameLength);
    const QString skuMax = QString::number(DesignAssembler::kMaxSkuLength);
    const struct {
        const char* table;
        QString where;
    } checks[] = {
        {"meta",
            QStringLiteral("length(key) > 64 OR (key = 'name' AND length(value) > %1) OR length(value) > %2")
                .arg(nameMax)
                .arg(DesignAssembler::kMaxPropertiesBytes)},
        {"catalog_items",
            QStringLiteral("length(sku) > %1 OR length(json) > %2").arg(skuMax).arg(DesignAssembler::kMaxItemBytes)},
        {"groups", QStringLiteral("length(name) > %1 OR length(sku) > %2 OR length(kind) > 32").arg(nameMax, skuMax)},
        {"nodes",
            QStringLiteral("length(name) > %1 OR length(sku) > %2 OR length(network) > 32 OR length(tier) > 32")
                .arg(nameMax, skuMax)},
        {"floor_rows", QStringLiteral("length(name) > %1 OR length(faces) > 8").arg(nameMax)},
    };
    for (const auto& c : checks) {
        if (version < 2 && QLatin1String(c.table) == QLatin1String("floor_rows"))
            continue;
        const bool ran
            = q.exec(QStringLiteral("SELECT 1 FROM %1 WHERE %2 LIMIT 1").arg(QLatin1String(c.table), c.where));
        // SQLite refuses to even measure a value above DesignFile::kMaxSqlValueBytes (SQLITE_TOOBIG).
        const bool tooBig = !ran && q.lastError().text().contains(QLatin1String("too big"));
        if (!ran && !tooBig)
            throw FormatError(QStringLiteral("the design file is damaged (table %1: %2)")
                                  .arg(QLatin1String(c.table), q.lastError().text()));
        if (tooBig || q.next())
            throw tooLong(c.table);
    }
}

// Every refusal names the file; SQLite's own words ("database disk image is malformed") stay as
// the reason.
QString withPath(const QString& path, const QString& message)
{
    return message.contains(path) ? message : QStringLiteral("%1: %2").arg(path, message);
}

// next() returns false both at the end and on an error (a truncated page): tell them apart.
void finished(const QSqlQuery& q, const char* table)
{
    if (q.lastError().isValid())
        throw FormatError(QStringLiteral("the design file is damaged or truncated (table %1: %2)")
                              .arg(QLatin1String(table), q.lastError().text()));
}

// SQLite keeps text as bytes and hands out invalid UTF-8 changed (a stray byte becomes another
// character, an encoded surrogate U+FFFD), so a damaged name would be altered silently on the next
// save. Only rows with a byte above 0x7F or a NUL are fetched as bytes and decoded strictly. The
// bytes decide, not the length: SQLite's length() counts a lone FF, or C3 followed by '(', as one
// character per byte. GLOB reads every byte sequence above 0x7F (valid or not) as a character
// above U+007F, so '*[^\x01-\x7f]*' finds them; a NUL ends GLOB's text but shortens length().
void checkTextEncoding(QSqlQuery& q, int version)
{
    // Free text is checked byte by byte. Skus and enumerations only by length: a damaged one is
    // refused anyway, since it then names no catalog item (skus are [a-z0-9-]) and no kind. The
    // links hold only skus: not scanned at all (a scan of millions of rows), their lengths are
    // measured as they are read. One scan per table, whatever its number of text columns (the
    // nodes' four columns cost four scans of 329,146 rows at 1,000,000 GPUs).
    const struct {
        const char* table;
        std::vector<std::pair<const char*, bool>> columns; // name, free text
    } tables[] = {{"meta", {{"key", true}, {"value", true}}}, {"catalog_items", {{"sku", true}, {"json", true}}},
        {"groups", {{"kind", false}, {"name", true}, {"sku", false}}},
        {"nodes", {{"sku", false}, {"name", true}, {"network", false}, {"tier", false}}},
        {"floor_rows", {{"name", true}, {"faces", false}}}};
    for (const auto& t : tables) {
        if (version < 2 && QLatin1String(t.table) == QLatin1String("floor_rows"))
            continue;
        const QString table = QLatin1String(t.table);
        QStringList suspect, values;
        for (const auto& [name, freeText] : t.columns) {
            const QString column = QLatin1String(name);
            const QString bytes = freeText
                ? QStringLiteral(" OR %1 GLOB '*[^' || char(1) || '-' || char(127) || ']*'").arg(column)
                : QString();
            const QString condition
                = QStringLiteral("(typeof(%1) = 'text' AND (length(CAST(%1 AS BLOB)) <> length(%1)%2))")
                      .arg(column, bytes);
            suspect << condition;
            values << QStringLiteral("CASE WHEN %1 THEN CAST(%2 AS BLOB) END").arg(condition, column);
        }
        if (!q.exec(QStringLiteral("SELECT rowid, %2 FROM %1 WHERE %3")
                        .arg(table, values.join(QLatin1String(", ")), suspect.join(QLatin1String(" OR ")))))
            throw FormatError(
                QStringLiteral("the design file is damaged (table %1: %2)").arg(table, q.lastError().text()));
        while (q.next()) {
            for (int c = 0; c < int(t.columns.size()); ++c) {
                if (q.isNull(c + 1) || utf8::firstInvalid(q.value(c + 1).toByteArray()) < 0)
                    continue;
                throw FormatError(QStringLiteral("%1.%2 of row %3 is not valid UTF-8 text (a damaged or hand-edited "
                                                 "file); Podwright refuses it rather than change it silently")
                                      .arg(table, QLatin1String(t.columns[size_t(c)].first))
                                      .arg(q.value(0).toLongLong()));
            }
        }
        finished(q, t.table);
    }
}

qint64 rowCount(QSqlQuery& q, const char* table)
{
    if (!q.exec(QStringLiteral("SELECT COUNT(*) FROM %1").arg(QLatin1String(table))) || !q.next())
        throw FormatError(QStringLiteral("the design file is damaged (table %1: %2)")
                              .arg(QLatin1String(table), q.lastError().text()));
    return q.value(0).toLongLong();
}

// Each row of `sql`, read with SQLite's own API (io/sqlitestatement.h: a million-GPU design has
// millions of rows). A failure to read (a damaged or truncated page, the load budget running out)
// is told apart from the end of the rows and named with its table.
template <typename F>
void forEachRow(sqlite3* db, const char* table, const QString& sql, F onRow)
{
    try {
        SqliteStatement s(db, sql);
        while (s.next())
            onRow(std::as_const(s));
    } catch (const DatabaseError& e) {
        throw FormatError(QStringLiteral("the design file is damaged or truncated (table %1: %2)")
                              .arg(QLatin1String(table), e.message()));
    }
}

// Columns must hold the type the format says; SQLite itself would accept anything.
QString typeName(const SqliteStatement& s, int i)
{
    switch (s.type(i)) {
    case SQLITE_INTEGER:
        return QStringLiteral("an integer");
    case SQLITE_FLOAT:
        return QStringLiteral("a real number");
    case SQLITE_TEXT:
        return QStringLiteral("text");
    case SQLITE_BLOB:
        return QStringLiteral("a blob");
    default:
        return QStringLiteral("NULL");
    }
}

QByteArrayView textBytes(const SqliteStatement& s, int i, const char* table)
{
    if (s.type(i) != SQLITE_TEXT)
        throw FormatError(QStringLiteral("the design file is damaged: a text column of %1 holds %2")
                              .arg(QLatin1String(table), typeName(s, i)));
    return s.bytes(i);
}

QString textColumn(const SqliteStatement& s, int i, const char* table)
{
    return QString::fromUtf8(textBytes(s, i, table));
}

// A text column whose few distinct values repeat on every row (skus, enumerations).
QString sharedTextColumn(const SqliteStatement& s, int i, const char* table, TextCache& cache)
{
    return cache.text(textBytes(s, i, table));
}

// `type`: the column's SQLite type, which a caller that has asked for it already passes (each
// question is a call into SQLite, and a 1,000,000-GPU design has 30 million link values).
double numberColumn(const SqliteStatement& s, int i, const char* table, int type)
{
    if (type != SQLITE_INTEGER && type != SQLITE_FLOAT)
        throw FormatError(QStringLiteral("the design file is damaged: a number column of %1 holds %2")
                              .arg(QLatin1String(table),
                                  type == SQLITE_TEXT ? QString::fromUtf8(s.bytes(i)).left(40) : typeName(s, i)));
    return s.real(i);
}

double numberColumn(const SqliteStatement& s, int i, const char* table)
{
    return numberColumn(s, i, table, s.type(i));
}

template <typename Id>
Id idColumn(const SqliteStatement& s, int i, const char* table)
{
    const int type = s.type(i);
    if (type == SQLITE_NULL)
        return Id();
    const double v = numberColumn(s, i, table, type);
    if (v < 1 || v > 4e9 || v != static_cast<double>(static_cast<std::uint32_t>(v)))
        throw FormatError(
            QStringLiteral("the design file is damaged: an id in %1 is out of range").arg(QLatin1String(table)));
    return Id(static_cast<std::uint32_t>(v));
}

int intColumn(const SqliteStatement& s, int i, const char* table)
{
    const double v = numberColumn(s, i, table);
    if (v < -1 || v > 1e7 || v != static_cast<int>(v))
        throw FormatError(QStringLiteral("the design file is damaged: a whole number in %1 is out of range")
                              .arg(QLatin1String(table)));
    return static_cast<int>(v);
}

// A nullable sku column: NULL reads as no sku. Its length is measured here, not by checkTextSizes
// (bytes: a sku is [a-z0-9-], one byte a character, and anything else is refused as no catalog item).
QString optionalSku(const SqliteStatement& s, int i, TextCache& cache, const char* table)
{
    if (s.isNull(i))
        return QString();
    const QByteArrayView bytes = s.bytes(i);
    if (bytes.size() > DesignAssembler::kMaxSkuLength)
        throw tooLong(table);
    return cache.text(bytes);
}

// The floor plan of a format-2 file, in the JSON form FloorLayout::fromJson checks (the assembler
// checks it against the racks). Rows must be numbered 0, 1, 2, ... as they were written.
QJsonObject readFloor(sqlite3* db, const QString& hallJson)
{
    const QJsonDocument hall = QJsonDocument::fromJson(hallJson.toUtf8());
    if (!hall.isObject())
        throw FormatError(QStringLiteral("the floor plan is damaged: its hall figures (meta floor_hall) are not a "
                                         "JSON object"));
    QJsonArray rows;
    forEachRow(db, "floor_rows", QStringLiteral("SELECT id, name, x_m, y_m, slots, faces FROM floor_rows ORDER BY id"),
        [&](const SqliteStatement& s) {
            if (intColumn(s, 0, "floor_rows") != rows.size())
                throw FormatError(
                    QStringLiteral("the floor plan is damaged: its rows are not numbered 0 to %1").arg(rows.size()));
            const QString faces = textColumn(s, 5, "floor_rows");
            if (faces != QLatin1String("north") && faces != QLatin1String("south"))
                throw FormatError(QStringLiteral("the floor plan is damaged: row %1 faces '%2' (north or south)")
                                      .arg(rows.size() + 1)
                                      .arg(faces.left(16)));
            rows.append(QJsonObject{{QStringLiteral("name"), textColumn(s, 1, "floor_rows")},
                {QStringLiteral("x_m"), numberColumn(s, 2, "floor_rows")},
                {QStringLiteral("y_m"), numberColumn(s, 3, "floor_rows")},
                {QStringLiteral("slots"), numberColumn(s, 4, "floor_rows")}, {QStringLiteral("faces"), faces}});
        });
    QJsonArray racks;
    forEachRow(db, "floor_racks", QStringLiteral("SELECT rack, row_index, position FROM floor_racks ORDER BY rack"),
        [&](const SqliteStatement& s) {
            racks.append(QJsonArray{numberColumn(s, 0, "floor_racks"), numberColumn(s, 1, "floor_racks"),
                numberColumn(s, 2, "floor_racks")});
        });
    return QJsonObject{
        {QStringLiteral("hall"), hall.object()}, {QStringLiteral("rows"), rows}, {QStringLiteral("racks"), racks}};
}

qint64 rowCount(sqlite3* db, const char* table)
{
    qint64 count = 0;
    forEachRow(db, table, QStringLiteral("SELECT COUNT(*) FROM %1").arg(QLatin1String(table)),
        [&](const SqliteStatement& s) { count = s.integer(0); });
    return count;
}

// `nodeRows` and `linkRows`: the tables' row counts, already counted and bounded by readChecked
// (counting 3.77 million links twice cost a tenth of a second).
DesignRecords readDatabase(const QSqlDatabase& connection, int version, qint64 nodeRows, qint64 linkRows)
{
    sqlite3* db = sqliteHandle(connection);
    DesignRecords r;
    std::optional<QString> floorHall;
    forEachRow(db, "meta", QStringLiteral("SELECT key, value FROM meta"), [&](const SqliteStatement& s) {
        const QByteArrayView key = s.bytes(0);
        if (key == "name") {
            r.name = QString::fromUtf8(s.bytes(1));
        } else if (key == "properties") {
            const QJsonDocument doc = QJsonDocument::fromJson(s.bytes(1).toByteArray());
            if (!doc.isObject())
                throw FormatError(QStringLiteral("the design file is damaged: its properties are not a JSON object"));
            r.properties = doc.object();
        } else if (key == "floor_hall") {
            floorHall = QString::fromUtf8(s.bytes(1));
        }
    });
    if (version >= 2) {
        if (floorHall)
            r.floor = readFloor(db, *floorHall);
        else if (rowCount(db, "floor_rows") > 0 || rowCount(db, "floor_racks") > 0)
            throw FormatError(QStringLiteral("the floor plan is damaged: it has rows or racks but no hall figures "
                                             "(meta floor_hall)"));
    }
    forEachRow(db, "catalog_items", QStringLiteral("SELECT json FROM catalog_items ORDER BY sku"),
        [&](const SqliteStatement& s) {
            const QJsonDocument doc = QJsonDocument::fromJson(textBytes(s, 0, "catalog_items").toByteArray());
            if (!doc.isObject())
                throw FormatError(
                    QStringLiteral("the design file is damaged: a stored catalog item is not a JSON object"));
            r.items.push_back(doc.object());
        });
    TextCache skus, kinds;
    forEachRow(db, "groups",
        QStringLiteral("SELECT id, kind, name, parent, sku, power_budget_kw, liquid_cooled FROM groups ORDER BY id"),
        [&](const SqliteStatement& s) {
            Group g;
            g.id = idColumn<GroupId>(s, 0, "groups");
            const auto kind = groupKindFromString(sharedTextColumn(s, 1, "groups", kinds));
            if (!kind)
                throw FormatError(QStringLiteral("the design file is damaged: unknown group kind"));
            g.kind = *kind;
            g.name = textColumn(s, 2, "groups");
            g.parent = idColumn<GroupId>(s, 3, "groups");
            g.sku = optionalSku(s, 4, skus, "groups");
            g.powerBudgetKw = numberColumn(s, 5, "groups");
            g.liquidCooled = intColumn(s, 6, "groups") != 0;
            r.groups.push_back(std::move(g));
        });
    r.nodes.reserve(static_cast<size_t>(nodeRows));
    TextCache networks, tiers;
    forEachRow(db, "nodes",
        QStringLiteral(
            "SELECT id, sku, name, x, y, network, tier, rail, rack, rack_unit, unit, price_override_usd FROM nodes "
            "ORDER BY id"),
        [&](const SqliteStatement& s) {
            Node n;
            n.id = idColumn<NodeId>(s, 0, "nodes");
            n.sku = sharedTextColumn(s, 1, "nodes", skus);
            n.name = textColumn(s, 2, "nodes");
            n.position = QPointF(numberColumn(s, 3, "nodes"), numberColumn(s, 4, "nodes"));
            const auto network = networkFromString(sharedTextColumn(s, 5, "nodes", networks));
            const auto tier = fabricTierFromString(sharedTextColumn(s, 6, "nodes", tiers));
            if (!network || !tier)
                throw FormatError(QStringLiteral("the design file is damaged: node %1 has an unknown network or tier")
                                      .arg(n.id.value()));
            n.network = *network;
            n.tier = *tier;
            n.rail = intColumn(s, 7, "nodes");
            n.rack = idColumn<GroupId>(s, 8, "nodes");
            n.rackUnit = intColumn(s, 9, "nodes");
            n.unit = idColumn<GroupId>(s, 10, "nodes");
            if (!s.isNull(11))
                n.priceOverride = numberColumn(s, 11, "nodes");
            r.nodes.push_back(std::move(n));
        });
    // Millions of links: one allocation, not a growing vector moved a dozen times (readChecked has
    // refused more than DesignAssembler::kMaxLinks), and one string per distinct sku.
    r.links.reserve(static_cast<size_t>(linkRows));
    forEachRow(db, "links",
        QStringLiteral(
            "SELECT id, a_node, a_port, b_node, b_port, cable, transceiver, length_m FROM links ORDER BY id"),
        [&](const SqliteStatement& s) {
            Link l;
            l.id = idColumn<LinkId>(s, 0, "links");
            l.a = PortRef{idColumn<NodeId>(s, 1, "links"), intColumn(s, 2, "links")};
            l.b = PortRef{idColumn<NodeId>(s, 3, "links"), intColumn(s, 4, "links")};
            l.cableSku = optionalSku(s, 5, skus, "links");
            l.transceiverSku = optionalSku(s, 6, skus, "links");
            l.lengthM = numberColumn(s, 7, "links");
            r.links.push_back(std::move(l));
        });
    return r;
}

// A cut-off database (a copy interrupted, a disk filled during a copy) still starts with SQLite's
// magic: tell it apart from another application's database by its header. The header is 100
// bytes; from it, page size (offset 16, 1 meaning 65536) x page count (offset 28) is the file's
// length whenever the count is valid (offset 92 equal to the change counter at offset 24, as
// every SQLite since 3.7.0 writes it). Empty when the file is whole as far as the header tells.
QString truncation(const QByteArray& header, qint64 size)
{
    if (header.size() < 100)
        return QStringLiteral("it has %1 bytes, fewer than an SQLite header's 100").arg(header.size());
    const auto* b = reinterpret_cast<const unsigned char*>(header.constData());
    auto be32 = [&](int at) {
        return (quint32(b[at]) << 24) | (quint32(b[at + 1]) << 16) | (quint32(b[at + 2]) << 8) | quint32(b[at + 3]);
    };
    const quint32 rawPage = (quint32(b[16]) << 8) | quint32(b[17]);
    const qint64 pageSize = rawPage == 1 ? 65536 : rawPage;
    const qint64 pages = be32(28);
    if (pages > 0 && be32(92) == be32(24) && pageSize >= 512 && pages * pageSize > size)
        return QStringLiteral("its header says %1 bytes (%2 pages of %3), the file has %4")
            .arg(pages * pageSize)
            .arg(pages)
            .arg(pageSize)
            .arg(size);
    return {};
}

} // namespace

void DesignFile::save(const Design& design, const QString& path, bool privateFile)
{
    AtomicFile::write(
        path, [&](const QString& tempPath) { writeDatabase(design, tempPath); },
        privateFile ? AtomicFile::Permissions::Private : AtomicFile::Permissions::Keep);
    qCDebug(lcIo) << "saved" << path << design.nodes().size() << "nodes" << design.links().size() << "links";
}

bool DesignFile::isDesignFile(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return false;
    const QByteArray header = f.read(100);
    if (header.size() < 100 || !header.startsWith("SQLite format 3"))
        return false;
    // The application id is the big-endian 32-bit integer at offset 68 of the header.
    const auto* b = reinterpret_cast<const unsigned char*>(header.constData() + 68);
    const quint32 id = (quint32(b[0]) << 24) | (quint32(b[1]) << 16) | (quint32(b[2]) << 8) | quint32(b[3]);
    return id == static_cast<quint32>(kApplicationId);
}

Design DesignFile::load(const QString& path)
{
    const QFileInfo info(path);
    if (!info.exists())
        throw IoError(QStringLiteral("%1 does not exist").arg(path));
    if (!info.isFile() || !info.isReadable())
        throw IoError(QStringLiteral("%1 cannot be read").arg(path));
    if (info.size() == 0)
        throw FormatError(QStringLiteral("%1 is empty: not a Podwright design").arg(path));
    if (info.size() > limits::kMaxDesignFileBytes)
        throw FormatError(QStringLiteral("%1 is %2 bytes, larger than the largest design Podwright supports (%3 bytes, "
                                         "%4 GPUs; util/designlimits.h)")
                              .arg(path)
                              .arg(info.size())
                              .arg(limits::kMaxDesignFileBytes)
                              .arg(limits::kMaxGpus));
    {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            throw IoError(QStringLiteral("cannot open %1: %2").arg(path, f.errorString()));
        const QByteArray header = f.read(100);
        if (!header.startsWith(QByteArrayView("SQLite format 3\0", 16)))
            throw FormatError(QStringLiteral("%1 is not a Podwright design (not an SQLite database)").arg(path));
        if (const QString why = truncation(header, info.size()); !why.isEmpty())
            throw FormatError(QStringLiteral("%1 is truncated or damaged: %2").arg(path, why));
    }
    if (!isDesignFile(path))
        throw FormatError(
            QStringLiteral("%1 is an SQLite database of another application, not a Podwright design").arg(path));

    // Killed saves of this file left their temporary files behind: this is the next start.
    AtomicFile::removeStaleTemps(info.canonicalFilePath().isEmpty() ? path : info.canonicalFilePath());
    try {
        return loadChecked(path);
    } catch (const std::bad_alloc& e) {
        throw Error(outOfMemoryWhileLoading(path, e));
    } catch (const NewerFormatError&) {
        throw;
    } catch (const IoError& e) {
        throw IoError(withPath(path, e.message()));
    } catch (const Error& e) {
        throw FormatError(withPath(path, e.message()));
    }
}

namespace {
std::atomic<qint64> gLoadBudgetMs{std::chrono::milliseconds(DesignFile::kDefaultLoadBudget).count()};
} // namespace

void DesignFile::setLoadBudget(std::chrono::milliseconds budget)
{
    gLoadBudgetMs = budget.count();
}

std::chrono::milliseconds DesignFile::loadBudget()
{
    return std::chrono::milliseconds(gLoadBudgetMs.load());
}

Design DesignFile::loadChecked(const QString& path)
{
    Connection c(path, true);
    // SQLite's own bounds on what this file may cost, whatever the checks below miss.
    const SqliteGuard guard(c.db(), loadBudget(), kMaxSqlValueBytes);
    const auto tooSlow = [&] {
        return FormatError(QStringLiteral("reading it took longer than %1 s, the limit for one design file; it is "
                                          "refused (a file built to keep the reader busy, or a damaged one)")
                               .arg(double(guard.budget().count()) / 1000.0));
    };
    try {
        Design design = readChecked(c.db(), path);
        // An interrupted statement can also look like the end of its rows: never keep what it read.
        if (guard.expired())
            throw tooSlow();
        return design;
    } catch (const Error&) {
        if (guard.expired())
            throw tooSlow();
        throw;
    }
}

Design DesignFile::readChecked(const QSqlDatabase& db, const QString& path)
{
    QSqlQuery q(db);
    // Defence in depth: functions in a schema are never trusted, and nothing may write.
    q.exec(QStringLiteral("PRAGMA trusted_schema = OFF"));
    q.exec(QStringLiteral("PRAGMA query_only = ON"));
    // The format version first (a header field: reading it runs nothing of the file's), since
    // the schema a file must have depends on it.
    if (!q.exec(QStringLiteral("PRAGMA user_version")) || !q.next())
        throw FormatError(
            QStringLiteral("the design file is damaged or not a database (%1)").arg(q.lastError().text()));
    const int version = q.value(0).toInt();
    if (version > kFormatVersion)
        throw NewerFormatError(QStringLiteral("%1 was saved in design format %2 by a newer Podwright; this Podwright "
                                              "(%3) reads format %4 and older. Update Podwright to open it.")
                                   .arg(path)
                                   .arg(version)
                                   .arg(QStringLiteral(PW_VERSION))
                                   .arg(kFormatVersion));
    if (version < 1)
        throw FormatError(QStringLiteral("%1 has no valid design format version (%2)").arg(path).arg(version));
    checkSchema(q, version);
    // Older formats migrate in memory, one step per version: format 1 kept the floor plan in the
    // properties, which the assembler moves out (DesignAssembler::assemble).

    const qint64 nodeRows = rowCount(q, "nodes");
    const qint64 linkRows = rowCount(q, "links");
    if (nodeRows > static_cast<qint64>(DesignAssembler::kMaxNodes)
        || linkRows > static_cast<qint64>(DesignAssembler::kMaxLinks)
        || rowCount(q, "groups") > static_cast<qint64>(DesignAssembler::kMaxGroups)
        || rowCount(q, "catalog_items") > static_cast<qint64>(DesignAssembler::kMaxItems) || rowCount(q, "meta") > 64)
        throw FormatError(QStringLiteral("%1 is larger than Podwright supports").arg(path));
    if (version >= 2
        && (rowCount(q, "floor_rows") > FloorLayout::kMaxRows
            || rowCount(q, "floor_racks") > static_cast<qint64>(DesignAssembler::kMaxGroups)))
        throw FormatError(QStringLiteral("%1 is larger than Podwright supports (floor plan)").arg(path));
    checkTextSizes(q, version);
    checkTextEncoding(q, version);
    // A file that says a newer reader is needed is refused even when its format number is ours.
    if (q.exec(QStringLiteral("SELECT value FROM meta WHERE key = 'min_reader_version'")) && q.next()) {
        bool ok = false;
        const qint64 minReader = q.value(0).toString().toLongLong(&ok);
        if (ok && minReader > kFormatVersion)
            throw NewerFormatError(QStringLiteral("%1 needs a Podwright that reads design format %2; this Podwright "
                                                  "(%3) reads format %4 and older. Update Podwright to open it.")
                                       .arg(path)
                                       .arg(minReader)
                                       .arg(QStringLiteral(PW_VERSION))
                                       .arg(kFormatVersion));
    }

    return DesignAssembler::assemble(readDatabase(db, version, nodeRows, linkRows));
}

} // namespace pw
