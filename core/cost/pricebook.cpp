#include "cost/pricebook.h"

namespace pw {

const PriceBook::Entry* PriceBook::find(const QString& sku) const
{
    const auto it = mEntries.find(sku);
    return it == mEntries.end() ? nullptr : &it->second;
}

QString PriceBook::lineSource(const Entry& entry)
{
    return entry.updatedBy.isEmpty()
        ? QStringLiteral("team price book: %1").arg(entry.source)
        : QStringLiteral("team price book: %1 (set by %2)").arg(entry.source, entry.updatedBy);
}

QJsonObject PriceBook::toJson() const
{
    QJsonObject items;
    for (const auto& [sku, e] : mEntries)
        items.insert(sku,
            QJsonObject{{QStringLiteral("usd"), e.usd}, {QStringLiteral("source"), e.source},
                {QStringLiteral("updated_by"), e.updatedBy}});
    return {{QStringLiteral("origin"), mOrigin}, {QStringLiteral("items"), items}};
}

} // namespace pw
