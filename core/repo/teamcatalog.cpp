#include "repo/teamcatalog.h"

#include "model/design.h"

#include <QJsonArray>

namespace pw {

TeamCatalog::TeamCatalog(
    QString address, QJsonObject items, PriceBook book, std::optional<Repository::CatalogChange> lastChange)
    : mAddress(std::move(address)),
      mItems(std::move(items)),
      mPriceBook(std::move(book)),
      mLastChange(std::move(lastChange))
{
}

TeamCatalog TeamCatalog::read(Repository& repository)
{
    // Three reads on one connection; a change between them shows on the next load.
    QJsonObject items = repository.catalogItems();
    PriceBook book = repository.priceBook();
    return TeamCatalog(repository.address(), std::move(items), std::move(book), repository.lastCatalogChange());
}

int TeamCatalog::itemCount() const
{
    return static_cast<int>(mItems.value(QLatin1String("items")).toArray().size());
}

QString TeamCatalog::origin() const
{
    return QStringLiteral("team catalog (repository '%1')").arg(mAddress);
}

QString TeamCatalog::describe() const
{
    const int items = itemCount();
    const int prices = mPriceBook.size();
    QString text = QStringLiteral("the team catalog of the repository '%1': %2 %3 and %4 %5")
                       .arg(mAddress)
                       .arg(items)
                       .arg(items == 1 ? QStringLiteral("catalog item") : QStringLiteral("catalog items"))
                       .arg(prices)
                       .arg(prices == 1 ? QStringLiteral("price") : QStringLiteral("prices"));
    if (mLastChange)
        text += QStringLiteral(", last changed %1 by %2")
                    .arg(mLastChange->time.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss 'UTC'")),
                        mLastChange->by);
    return text;
}

TeamCatalog::Applied TeamCatalog::applyTo(const Catalog& base) const
{
    Applied result{base.copy(), {}};
    if (itemCount() > 0)
        result.issues = result.catalog->loadUserCatalog(mItems, origin());
    return result;
}

QStringList TeamCatalog::missingItems(const Design& design, const Catalog& catalog)
{
    QStringList missing;
    for (const auto& [sku, item] : design.items())
        if (!catalog.item(sku))
            missing << sku;
    return missing;
}

bool TeamCatalog::operator==(const TeamCatalog& other) const
{
    return mAddress == other.mAddress && mItems == other.mItems && mPriceBook == other.mPriceBook
        && mLastChange == other.mLastChange;
}

} // namespace pw
