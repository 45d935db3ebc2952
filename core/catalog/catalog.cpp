#include "catalog/catalog.h"

#include "catalog/catalogitemcheck.h"
#include "catalog/catalogitemparser.h"
#include "catalog/catalogtables.h"
#include "util/errors.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QSqlError>
#include <QSqlQuery>

#include <atomic>

Q_LOGGING_CATEGORY(lcCatalog, "pw.core.catalog")

namespace pw {

namespace {

std::atomic<int> gConnectionCounter{0};

void exec(QSqlQuery& q, const QString& what)
{
    if (!q.exec())
        throw DatabaseError(QStringLiteral("catalog database: %1: %2").arg(what, q.lastError().text()));
}

// Estimates in the shipped catalog carry a band with its sources, and no system's estimate is
// below the sum of its GPUs' (hardware-specs.md section 10). A user's own new items may give a
// point estimate.
QString priceProblem(const CatalogItem& item, bool user)
{
    if (!user && item.price.kind == PriceKind::Estimate && !item.price.hasBand())
        return QStringLiteral("an estimated price needs a band: 'low', 'high' and 'band_source' in 'price' "
                              "(hardware-specs.md section 10)");
    return item.priceBelowGpus();
}

} // namespace

QString CatalogIssue::toString() const
{
    QString where = file;
    if (index >= 0)
        where += QStringLiteral(", entry %1").arg(index);
    if (!sku.isEmpty())
        where += QStringLiteral(" (%1)").arg(sku);
    return QStringLiteral("%1: %2").arg(where, message);
}

Catalog::Catalog() : mConnectionName(QStringLiteral("pw-catalog-%1").arg(gConnectionCounter.fetch_add(1)))
{
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), mConnectionName);
    db.setDatabaseName(QStringLiteral(":memory:"));
    if (!db.open())
        throw DatabaseError(QStringLiteral("cannot open the catalog database: %1").arg(db.lastError().text()));
    QSqlQuery q(db);
    for (const char* sql : {
             "CREATE TABLE items (sku TEXT PRIMARY KEY, kind TEXT NOT NULL, vendor TEXT, model TEXT,"
             " description TEXT, rack_units INTEGER, power_max_w REAL, price REAL, price_kind TEXT,"
             " price_source TEXT, origin TEXT, json TEXT NOT NULL)",
             "CREATE TABLE figures (sku TEXT NOT NULL, field TEXT NOT NULL, value REAL, source TEXT NOT NULL,"
             " estimate INTEGER NOT NULL, PRIMARY KEY (sku, field))",
         }) {
        q.prepare(QString::fromLatin1(sql));
        exec(q, QStringLiteral("create schema"));
    }
}

Catalog::~Catalog()
{
    {
        QSqlDatabase db = QSqlDatabase::database(mConnectionName, false);
        db.close();
    }
    QSqlDatabase::removeDatabase(mConnectionName);
}

QSqlDatabase Catalog::database() const
{
    return QSqlDatabase::database(mConnectionName, false);
}

std::vector<CatalogIssue> Catalog::loadDirectory(const QString& dir)
{
    QDir d(dir);
    if (!d.exists())
        return {CatalogIssue{dir, -1, {}, QStringLiteral("catalog folder not found")}};
    std::vector<CatalogIssue> issues;
    const QStringList files = d.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    if (files.isEmpty())
        issues.push_back({dir, -1, {}, QStringLiteral("no catalog files (*.json) in the folder")});
    for (const QString& f : files) {
        auto more = loadFile(d.filePath(f), false);
        issues.insert(issues.end(), more.begin(), more.end());
    }
    // Checks across entries, once all are read: no part is taller than every rack.
    for (const auto& [item, why] : CatalogItemCheck::tallerThanRacks(items()))
        issues.push_back({item->originFile, -1, item->sku, why});
    // A CPO switch's laser-source modules are a part of the catalog (the bill of materials prices them).
    for (const CatalogItem* sw : items(ItemKind::Switch))
        if (sw->laserSources)
            if (const CatalogItem* part = item(sw->laserSources->sku); !part || part->kind != ItemKind::Part)
                issues.push_back({sw->originFile, -1, sw->sku,
                    QStringLiteral("laser_sources names '%1', which is not a part (kind \"part\") of the catalog")
                        .arg(sw->laserSources->sku)});
    // The folder's tables (tier table, facility defaults), where it has them: checked here so that
    // `catalog check` reports them with the entries; read for use by CatalogTables::shipped().
    if (d.exists(QLatin1String(CatalogTables::kFolder))) {
        CatalogTables tables;
        auto more = CatalogTables::load(dir, tables);
        issues.insert(issues.end(), more.begin(), more.end());
    }
    return issues;
}

std::vector<CatalogIssue> Catalog::loadUserFile(const QString& path)
{
    return loadFile(path, true);
}

std::vector<CatalogIssue> Catalog::loadUserCatalog(const QJsonObject& root, const QString& origin)
{
    return loadJson(root, origin, origin, true);
}

std::unique_ptr<Catalog> Catalog::copy() const
{
    auto result = std::make_unique<Catalog>();
    QSqlQuery q(database());
    q.prepare(QStringLiteral("SELECT sku, origin FROM items ORDER BY sku"));
    exec(q, QStringLiteral("list items to copy"));
    QSqlDatabase target = result->database();
    target.transaction();
    while (q.next()) {
        const CatalogItem* original = item(q.value(0).toString());
        if (!original)
            continue;
        auto twin = std::make_unique<CatalogItem>(*original);
        result->store(*twin, q.value(1).toString());
        result->mItems.emplace(twin->sku, std::move(twin));
    }
    target.commit();
    return result;
}

std::vector<CatalogItem> Catalog::snapshot() const
{
    std::vector<CatalogItem> out;
    for (const CatalogItem* item : items())
        out.push_back(*item);
    return out;
}

std::unique_ptr<Catalog> Catalog::fromSnapshot(const std::vector<CatalogItem>& items)
{
    auto result = std::make_unique<Catalog>();
    QSqlDatabase target = result->database();
    target.transaction();
    for (const CatalogItem& item : items) {
        auto twin = std::make_unique<CatalogItem>(item);
        result->store(*twin, twin->originFile);
        result->mItems.emplace(twin->sku, std::move(twin));
    }
    target.commit();
    return result;
}

std::vector<CatalogIssue> Catalog::loadFile(const QString& path, bool user)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {CatalogIssue{path, -1, {}, QStringLiteral("cannot read: %1").arg(file.errorString())}};
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (doc.isNull())
        return {CatalogIssue{path, -1, {},
            QStringLiteral("not valid JSON at offset %1: %2").arg(parseError.offset).arg(parseError.errorString())}};
    return loadJson(doc.object(), QFileInfo(path).fileName(), path, user);
}

std::vector<CatalogIssue> Catalog::loadJson(
    const QJsonObject& root, const QString& fileName, const QString& path, bool user)
{
    if (root.value(QLatin1String("schema")).toInt() != 1 || !root.value(QLatin1String("items")).isArray())
        return {CatalogIssue{path, -1, {}, QStringLiteral("expected {\"schema\": 1, \"items\": [...]}")}};

    std::vector<CatalogIssue> issues;
    QSqlDatabase db = database();
    db.transaction();
    const QJsonArray entries = root.value(QLatin1String("items")).toArray();
    for (int i = 0; i < entries.size(); ++i) {
        const QJsonObject entry = entries.at(i).toObject();
        const QString sku = entry.value(QLatin1String("sku")).toString();
        if (!entries.at(i).isObject()) {
            issues.push_back({fileName, i, {}, QStringLiteral("entry is not an object")});
            continue;
        }
        auto existing = mItems.find(sku);
        if (existing != mItems.end()) {
            // Only a user file may override, and then only the price (a price book).
            const bool priceOnly = entry.size() == 2 && entry.contains(QLatin1String("price"));
            if (!user || !priceOnly) {
                issues.push_back({fileName, i, sku,
                    user ? QStringLiteral(
                        "overrides an existing item; only {\"sku\", \"price\"} may be given for a price-book entry")
                         : QStringLiteral("duplicate sku (first defined in %1)").arg(existing->second->originFile)});
                continue;
            }
            QJsonObject merged = existing->second->snapshotJson();
            QJsonObject price = entry.value(QLatin1String("price")).toObject();
            price.insert(QStringLiteral("kind"), QStringLiteral("price-book"));
            if (!price.contains(QLatin1String("source")))
                price.insert(QStringLiteral("source"), QStringLiteral("user price book %1").arg(fileName));
            merged.insert(QStringLiteral("price"), price);
            auto parsed = CatalogItemParser::parse(merged);
            if (auto* err = std::get_if<QString>(&parsed)) {
                issues.push_back({fileName, i, sku, *err});
                continue;
            }
            auto item = std::make_unique<CatalogItem>(std::get<CatalogItem>(std::move(parsed)));
            item->originFile = existing->second->originFile;
            store(*item, path);
            existing->second = std::move(item);
            continue;
        }
        auto parsed = CatalogItemParser::parse(entry);
        if (auto* err = std::get_if<QString>(&parsed)) {
            issues.push_back({fileName, i, sku, *err});
            qCWarning(lcCatalog).noquote() << issues.back().toString();
            continue;
        }
        auto item = std::make_unique<CatalogItem>(std::get<CatalogItem>(std::move(parsed)));
        if (const auto inconsistent = CatalogItemCheck::problem(*item)) {
            issues.push_back({fileName, i, sku, *inconsistent});
            qCWarning(lcCatalog).noquote() << issues.back().toString();
            continue;
        }
        if (const QString problem = priceProblem(*item, user); !problem.isEmpty()) {
            issues.push_back({fileName, i, sku, problem});
            qCWarning(lcCatalog).noquote() << issues.back().toString();
            continue;
        }
        item->originFile = fileName;
        store(*item, path);
        mItems.emplace(item->sku, std::move(item));
    }
    db.commit();
    return issues;
}

void Catalog::store(const CatalogItem& item, const QString& origin)
{
    QSqlQuery q(database());
    q.prepare(QStringLiteral("INSERT OR REPLACE INTO items VALUES (?,?,?,?,?,?,?,?,?,?,?,?)"));
    q.addBindValue(item.sku);
    q.addBindValue(toString(item.kind));
    q.addBindValue(item.vendor);
    q.addBindValue(item.model);
    q.addBindValue(item.description);
    q.addBindValue(static_cast<int>(item.rackUnits.value));
    q.addBindValue(item.powerMaxW.value);
    q.addBindValue(item.price.value);
    q.addBindValue(toString(item.price.kind));
    q.addBindValue(item.price.source);
    q.addBindValue(origin);
    q.addBindValue(QString::fromUtf8(QJsonDocument(item.snapshotJson()).toJson(QJsonDocument::Compact)));
    exec(q, QStringLiteral("store %1").arg(item.sku));

    storeFigure(item.sku, QStringLiteral("rack_units"), item.rackUnits.value, item.rackUnits.source);
    storeFigure(item.sku, QStringLiteral("power_max_w"), item.powerMaxW.value, item.powerMaxW.source);
    if (item.powerTypicalW)
        storeFigure(item.sku, QStringLiteral("power_typical_w"), item.powerTypicalW->value, item.powerTypicalW->source);
    storeFigure(item.sku, QStringLiteral("price"), item.price.value, item.price.source);
    if (item.storage) {
        storeFigure(
            item.sku, QStringLiteral("storage.read_gbps"), item.storage->readGBps.value, item.storage->readGBps.source);
        storeFigure(item.sku, QStringLiteral("storage.write_gbps"), item.storage->writeGBps.value,
            item.storage->writeGBps.source);
        storeFigure(
            item.sku, QStringLiteral("storage.usable_tb"), item.storage->usableTb.value, item.storage->usableTb.source);
    }
    if (item.gpu)
        storeFigure(item.sku, QStringLiteral("gpu.memory_gb"), item.gpu->memoryGb, item.gpu->source);
    if (item.pduCapacityKw)
        storeFigure(item.sku, QStringLiteral("pdu.capacity_kw"), item.pduCapacityKw->value, item.pduCapacityKw->source);
}

void Catalog::storeFigure(const QString& sku, const QString& field, double value, const QString& source)
{
    QSqlQuery q(database());
    q.prepare(QStringLiteral("INSERT OR REPLACE INTO figures VALUES (?,?,?,?,?)"));
    q.addBindValue(sku);
    q.addBindValue(field);
    q.addBindValue(value);
    q.addBindValue(source);
    q.addBindValue(Figure{value, source}.isEstimate() ? 1 : 0);
    exec(q, QStringLiteral("store figure %1.%2").arg(sku, field));
}

const CatalogItem* Catalog::item(const QString& sku) const
{
    auto it = mItems.find(sku);
    return it == mItems.end() ? nullptr : it->second.get();
}

const CatalogItem* Catalog::withRole(ItemRole role) const
{
    const CatalogItem* found = nullptr;
    for (const auto& [sku, item] : mItems)
        if (hasRole(*item, role) && (!found || sku < found->sku))
            found = item.get();
    return found;
}

std::vector<const CatalogItem*> Catalog::items(std::optional<ItemKind> kind) const
{
    QSqlQuery q(database());
    if (kind) {
        q.prepare(QStringLiteral("SELECT sku FROM items WHERE kind = ? ORDER BY kind, sku"));
        q.addBindValue(toString(*kind));
    } else {
        q.prepare(QStringLiteral("SELECT sku FROM items ORDER BY kind, sku"));
    }
    exec(q, QStringLiteral("list items"));
    std::vector<const CatalogItem*> result;
    while (q.next())
        if (const CatalogItem* i = item(q.value(0).toString()))
            result.push_back(i);
    return result;
}

std::vector<const CatalogItem*> Catalog::search(const QString& text) const
{
    QSqlQuery q(database());
    q.prepare(QStringLiteral("SELECT sku FROM items WHERE sku LIKE ? OR vendor LIKE ? OR model LIKE ?"
                             " OR description LIKE ? OR kind LIKE ? ORDER BY kind, sku"));
    QString pattern = text;
    pattern.replace(QLatin1Char('%'), QString()).replace(QLatin1Char('_'), QString());
    for (int i = 0; i < 5; ++i)
        q.addBindValue(QStringLiteral("%%1%").arg(pattern));
    exec(q, QStringLiteral("search"));
    std::vector<const CatalogItem*> result;
    while (q.next())
        if (const CatalogItem* i = item(q.value(0).toString()))
            result.push_back(i);
    return result;
}

QString Catalog::defaultDirectory()
{
    const QString env = qEnvironmentVariable("PODWRIGHT_CATALOG_DIR");
    if (!env.isEmpty())
        return env;
    if (QCoreApplication::instance()) {
        const QString installed
            = QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("../share/podwright/catalogs"));
        if (QDir(installed).exists())
            return QDir::cleanPath(installed);
    }
    return QStringLiteral(PW_SOURCE_CATALOG_DIR);
}

std::unique_ptr<Catalog> Catalog::loadDefault(std::vector<CatalogIssue>* issues)
{
    auto catalog = std::make_unique<Catalog>();
    const QString dir = defaultDirectory();
    if (!QDir(dir).exists())
        throw IoError(QStringLiteral("hardware catalog folder not found: %1 (set PODWRIGHT_CATALOG_DIR)").arg(dir));
    auto found = catalog->loadDirectory(dir);
    // The shipped folder needs its tables (loadDirectory checks them when present): without them
    // nothing can be costed or powered, so `catalog check` says so before `generate` fails.
    if (!QDir(dir).exists(QLatin1String(CatalogTables::kFolder)))
        found.push_back({dir, -1, {},
            QStringLiteral("no %1/ folder (the tier table and facility defaults, catalogs/tables in the source tree)")
                .arg(QLatin1String(CatalogTables::kFolder))});
    const QString user = qEnvironmentVariable("PODWRIGHT_USER_CATALOG");
    if (!user.isEmpty()) {
        auto more = catalog->loadUserFile(user);
        found.insert(found.end(), more.begin(), more.end());
    }
    if (issues)
        *issues = std::move(found);
    return catalog;
}

} // namespace pw
