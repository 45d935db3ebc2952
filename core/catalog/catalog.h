#pragma once

#include "catalog/catalogitem.h"
#include "catalog/itemrole.h"

#include <QJsonObject>
#include <QSqlDatabase>
#include <QString>

#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

namespace pw {

// A malformed catalog entry: which file, which entry, what is wrong. Never dropped silently.
struct CatalogIssue {
    QString file;
    int index = -1;
    QString sku;
    QString message;
    [[nodiscard]] QString toString() const;
};

// The hardware catalog: the shipped JSON files, then user catalogs (new items, or price-book
// overrides), loaded into an SQLite catalog database that lists and searches it. Items are
// also held in memory for fast lookup by sku. Owns its database connection.
class Catalog {
public:
    Catalog();
    ~Catalog();
    Catalog(const Catalog&) = delete;
    Catalog& operator=(const Catalog&) = delete;

    // Shipped catalog: every *.json in the folder, in name order. Returns the problems found;
    // entries with problems are not loaded.
    std::vector<CatalogIssue> loadDirectory(const QString& dir);
    // A user catalog: adds items, or overrides prices of existing ones.
    std::vector<CatalogIssue> loadUserFile(const QString& path);
    // The same from a user catalog already read ({"schema": 1, "items": [...]}, e.g. the team
    // repository's, Repository::catalogItems()); `origin` names it in issues and sources.
    std::vector<CatalogIssue> loadUserCatalog(const QJsonObject& root, const QString& origin);
    // A new catalog with every item of this one (its own database connection, in the calling
    // thread), so that more items can be loaded on top while this one stays as it is.
    [[nodiscard]] std::unique_ptr<Catalog> copy() const;
    // Every item as a value, in sku order, and a catalog made of them in the calling thread: a
    // catalog's database connection belongs to the thread that opened it, so work on a worker
    // thread (the wizard's design options) takes a snapshot here and makes its own catalog there.
    // The origin of each item is its originFile.
    [[nodiscard]] std::vector<CatalogItem> snapshot() const;
    [[nodiscard]] static std::unique_ptr<Catalog> fromSnapshot(const std::vector<CatalogItem>& items);

    [[nodiscard]] const CatalogItem* item(const QString& sku) const;
    // Items in the database's order (kind, then sku), optionally of one kind.
    [[nodiscard]] std::vector<const CatalogItem*> items(std::optional<ItemKind> kind = std::nullopt) const;
    // The item the catalog names for a role (the first by sku when several claim it), or null.
    [[nodiscard]] const CatalogItem* withRole(ItemRole role) const;
    // Items whose sku, vendor, model or description contains the text (case-insensitive).
    [[nodiscard]] std::vector<const CatalogItem*> search(const QString& text) const;
    [[nodiscard]] size_t size() const { return mItems.size(); }
    [[nodiscard]] QSqlDatabase database() const;

    // Where the shipped catalog is: $PODWRIGHT_CATALOG_DIR, next to an installed binary
    // (../share/podwright/catalogs), or the source tree's catalogs/ for a build tree.
    [[nodiscard]] static QString defaultDirectory();
    // The default catalog, with $PODWRIGHT_USER_CATALOG applied when set. Throws Error on a missing folder.
    [[nodiscard]] static std::unique_ptr<Catalog> loadDefault(std::vector<CatalogIssue>* issues = nullptr);

private:
    std::vector<CatalogIssue> loadFile(const QString& path, bool user);
    std::vector<CatalogIssue> loadJson(
        const QJsonObject& root, const QString& fileName, const QString& path, bool user);
    void store(const CatalogItem& item, const QString& origin);
    void storeFigure(const QString& sku, const QString& field, double value, const QString& source);

    QString mConnectionName;
    std::unordered_map<QString, std::unique_ptr<CatalogItem>> mItems;
};

} // namespace pw
