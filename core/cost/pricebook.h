#pragma once

#include <QJsonObject>
#include <QString>

#include <map>

namespace pw {

// A team's price book: catalog item (sku) -> a price in US dollars with its source, kept in the team
// repository (Repository::priceBook()). Costing with one (CostAssumptions::priceBook) prices every
// bill-of-materials line of a listed item at the book's price, as a point (kind "price-book"),
// instead of the design's catalog snapshot; a price set on a node in the design still wins. It is
// an input of the one cost computation (CostModel::compute), never a second one.
class PriceBook {
public:
    struct Entry {
        double usd = 0;
        QString source; // where the team got the price (a quote, a list price)
        QString updatedBy; // the repository role that set it
        bool operator==(const Entry&) const = default;
    };

    // `origin` says where the book came from, for messages ("the team repository 'acme'").
    explicit PriceBook(QString origin = {}) : mOrigin(std::move(origin)) {}

    void set(const QString& sku, Entry entry) { mEntries[sku] = std::move(entry); }
    [[nodiscard]] const Entry* find(const QString& sku) const;
    [[nodiscard]] const std::map<QString, Entry>& entries() const { return mEntries; }
    [[nodiscard]] bool isEmpty() const { return mEntries.empty(); }
    [[nodiscard]] int size() const { return static_cast<int>(mEntries.size()); }
    [[nodiscard]] const QString& origin() const { return mOrigin; }
    // The source a BOM line shows: "team price book: <source> (set by <role>)".
    [[nodiscard]] static QString lineSource(const Entry& entry);
    // {"origin": .., "items": {sku: {"usd", "source", "updated_by"}}}
    [[nodiscard]] QJsonObject toJson() const;

    bool operator==(const PriceBook&) const = default;

private:
    QString mOrigin;
    std::map<QString, Entry> mEntries;
};

} // namespace pw
