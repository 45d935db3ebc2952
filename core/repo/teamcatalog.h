#pragma once

#include "catalog/catalog.h"
#include "cost/pricebook.h"
#include "repo/repository.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

namespace pw {

class Design;

// What a team repository adds to the catalog: its user-catalog items (Repository::catalogItems(),
// the same file `repo catalog-pull` writes) and its price book (Repository::priceBook()), read
// together, with the latest change to either. applyTo() puts the items on top of a catalog the way
// Catalog::loadUserFile puts a user file ($PODWRIGHT_USER_CATALOG): one definition of what the
// team's catalog is, whether it arrives through a file or straight from the repository. A value:
// reading needs a connection, applying it does not.
class TeamCatalog {
public:
    TeamCatalog() = default;
    TeamCatalog(QString address, QJsonObject items, PriceBook book,
        std::optional<Repository::CatalogChange> lastChange = std::nullopt);

    // Reads both from the repository (any role that may read it). Throws DatabaseError.
    [[nodiscard]] static TeamCatalog read(Repository& repository);

    // {"schema": 1, "items": [...]}
    [[nodiscard]] const QJsonObject& items() const { return mItems; }
    [[nodiscard]] int itemCount() const;
    [[nodiscard]] const PriceBook& priceBook() const { return mPriceBook; }
    [[nodiscard]] const QString& address() const { return mAddress; }
    [[nodiscard]] const std::optional<Repository::CatalogChange>& lastChange() const { return mLastChange; }
    // Where its items say they come from: "team catalog (repository '<address>')".
    [[nodiscard]] QString origin() const;
    // One line for messages: the repository, how many items and prices, and when and by whom they
    // last changed ("… 2 catalog items and 3 prices, last changed 2026-12-04 05:31 UTC by carol").
    [[nodiscard]] QString describe() const;

    // A new catalog: every item of `base`, then the team's items on top (new items, or price-book
    // overrides of existing ones). Items the catalog refuses are left out and listed in `issues`;
    // `base` is not changed.
    struct Applied {
        std::unique_ptr<Catalog> catalog;
        std::vector<CatalogIssue> issues;
    };
    [[nodiscard]] Applied applyTo(const Catalog& base) const;

    // The items the design uses (its catalog snapshot) that `catalog` does not have, by sku. The
    // design keeps costing and drawing them from its snapshot; a user should know they are gone.
    [[nodiscard]] static QStringList missingItems(const Design& design, const Catalog& catalog);

    bool operator==(const TeamCatalog& other) const;

private:
    QString mAddress;
    QJsonObject mItems{{QStringLiteral("schema"), 1}, {QStringLiteral("items"), QJsonArray{}}};
    PriceBook mPriceBook;
    std::optional<Repository::CatalogChange> mLastChange;
};

} // namespace pw
