#include "cost/billofmaterials.h"

#include "catalog/orderablelengths.h"
#include "cost/opticsplan.h"
#include "cost/pricebook.h"
#include "model/design.h"
#include "model/sharedcables.h"
#include "util/money.h"

#include <QJsonArray>

#include <array>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace pw {

namespace {

QString categoryOf(ItemKind kind)
{
    switch (kind) {
    case ItemKind::Server:
        return QStringLiteral("servers");
    case ItemKind::Switch:
        return QStringLiteral("switches");
    case ItemKind::Nic:
        return QStringLiteral("nics");
    case ItemKind::Storage:
        return QStringLiteral("storage");
    case ItemKind::Cable:
        return QStringLiteral("cables");
    case ItemKind::Transceiver:
        return QStringLiteral("transceivers");
    case ItemKind::Rack:
        return QStringLiteral("racks");
    case ItemKind::Pdu:
        return QStringLiteral("pdus");
    case ItemKind::Appliance:
        return QStringLiteral("appliances");
    case ItemKind::Part:
        return QStringLiteral("parts");
    }
    return QStringLiteral("other");
}

int categoryRank(const QString& c)
{
    static const QStringList order{QStringLiteral("servers"), QStringLiteral("storage"), QStringLiteral("switches"),
        QStringLiteral("appliances"), QStringLiteral("nics"), QStringLiteral("racks"), QStringLiteral("pdus"),
        QStringLiteral("cables"), QStringLiteral("transceivers"), QStringLiteral("parts")};
    const qsizetype i = order.indexOf(c);
    return i < 0 ? 99 : static_cast<int>(i);
}

QString money(double v)
{
    return Money::usd().exact(v, 2);
}

} // namespace

QString BillOfMaterials::lengthClass(double meters)
{
    return OrderableLengths::lengthClass(nullptr, meters);
}

BillOfMaterials BillOfMaterials::of(const Design& design)
{
    return of(design, OpticsPlan::of(design));
}

BillOfMaterials BillOfMaterials::of(const Design& design, const OpticsPlan& optics)
{
    return of(design, optics, nullptr);
}

BillOfMaterials BillOfMaterials::of(const Design& design, const OpticsPlan& optics, const PriceBook* book)
{
    BillOfMaterials bom;
    // key: category rank, sku, length class, spares, price kind, unit price
    using Key = std::tuple<int, QString, QString, bool, QString, double>;
    std::map<Key, BomLine> lines;
    auto add = [&](const CatalogItem& item, int qty, const QString& lengthClass, std::optional<double> overridePrice,
                   const QString& spares = QString()) {
        BomLine line;
        line.category = categoryOf(item.kind);
        line.sku = item.sku;
        line.description = item.vendor + QLatin1Char(' ') + item.model;
        if (!spares.isEmpty()) {
            line.spare = true;
            line.description += QStringLiteral(", spares: ") + spares;
        }
        line.lengthClass = lengthClass;
        if (overridePrice) {
            line.unitPrice = *overridePrice;
            line.unitBand = Band::point(*overridePrice);
            line.priceKind = QStringLiteral("override");
            line.priceSource = QStringLiteral("price set on the node in this design");
        } else if (const PriceBook::Entry* entry = book ? book->find(item.sku) : nullptr) {
            line.unitPrice = entry->usd;
            line.unitBand = Band::point(entry->usd);
            line.priceKind = toString(PriceKind::PriceBook);
            line.priceSource = PriceBook::lineSource(*entry);
        } else {
            line.unitPrice = item.price.value;
            line.unitBand = item.price.band();
            line.priceKind = toString(item.price.kind);
            line.priceSource = item.price.source;
            line.bandSource = item.price.bandSource;
        }
        const Key key{
            categoryRank(line.category), line.sku, line.lengthClass, line.spare, line.priceKind, line.unitPrice};
        auto [it, fresh] = lines.emplace(key, line);
        if (!fresh)
            it->second.quantity += qty;
        else
            it->second.quantity = qty;
    };

    // Nodes, racks and cables are counted first by what makes their line (the item, its length
    // class, a price set on the node), and each line is made once: a million-GPU design has
    // millions of cables in a few dozen lines.
    std::map<std::tuple<const CatalogItem*, QString, std::optional<double>>, int> counts;
    design.nodes().forEach([&](const Node& n) {
        if (const CatalogItem* item = design.itemOf(n.id))
            ++counts[{item, QString(), n.priceOverride}];
    });
    design.groups().forEach([&](const Group& g) {
        if (g.kind == GroupKind::Rack && !g.sku.isEmpty())
            if (const CatalogItem* item = design.item(g.sku))
                ++counts[{item, QString(), std::nullopt}];
    });
    const Cables cables = cablesOf(design);
    bom.mUncabledLinks = cables.uncabledLinks;
    for (const auto& [key, count] : counts) {
        const auto& [item, lengthClass, overridePrice] = key;
        add(*item, count, lengthClass, overridePrice);
    }
    for (const auto& [key, count] : cables.bought)
        add(*key.first, count, key.second, std::nullopt);
    for (const auto& [sku, n] : optics.modulesBySku())
        if (const CatalogItem* t = design.item(sku))
            add(*t, n, QString(), std::nullopt);
    // A co-packaged-optics switch brings its laser-source modules, and spares beside them.
    std::map<const LaserSources*, int> switchesByLasers;
    for (const auto& [key, count] : counts)
        if (const CatalogItem* sw = std::get<0>(key); sw->laserSources)
            switchesByLasers[&*sw->laserSources] += count;
    for (const auto& [lasers, switches] : switchesByLasers) {
        const CatalogItem* part = design.item(lasers->sku);
        if (!part)
            continue; // not in the design's snapshot (a switch placed by hand): nothing to price
        const int installed = switches * lasers->perSwitch;
        add(*part, installed, QString(), std::nullopt);
        if (const int spares = laserSpares(*lasers, switches); spares > 0)
            add(*part, spares, QString(), std::nullopt,
                QStringLiteral("%1% of %2 installed (%3)")
                    .arg(lasers->spareShare * 100, 0, 'f', 0)
                    .arg(installed)
                    .arg(lasers->spareSource));
    }
    for (auto& [key, line] : lines)
        bom.mLines.push_back(std::move(line));
    return bom;
}

BillOfMaterials::Cables BillOfMaterials::cablesOf(const Design& design)
{
    Cables out;
    // A splitter cable (split N) carries N links: one bought per N links of its length class. A
    // twin-port straight cable carries both links of a cage pair: bought once, on the link that
    // opens it (SharedCables, which the cabling plan labels by).
    std::map<std::pair<const CatalogItem*, QString>, int> splitLinks;
    SharedCables shared(design);
    int row = 0;
    design.links().forEach([&](const Link& l) {
        ++row;
        const CatalogItem* cable = l.cableSku.isEmpty() ? nullptr : design.item(l.cableSku);
        if (!cable)
            ++out.uncabledLinks;
        else if (cable->cable && cable->cable->split > 1)
            ++splitLinks[{cable, OrderableLengths::lengthClass(cable, l.lengthM)}];
        else if (shared.cableRow(l, cable, row) == row)
            ++out.bought[{cable, OrderableLengths::lengthClass(cable, l.lengthM)}];
    });
    for (const auto& [key, links] : splitLinks) {
        const int split = key.first->cable->split;
        out.bought[key] += (links + split - 1) / split;
    }
    return out;
}

int BillOfMaterials::laserSpares(const LaserSources& lasers, int switches)
{
    // Rounded up: a share of a module is a whole module on the shelf.
    return static_cast<int>(std::ceil(switches * lasers.perSwitch * lasers.spareShare - 1e-9));
}

double BillOfMaterials::total() const
{
    double t = 0;
    for (const BomLine& l : mLines)
        t += l.extendedPrice();
    return t;
}

Band BillOfMaterials::totalBand() const
{
    Band t;
    for (const BomLine& l : mLines)
        t += l.extendedBand();
    t.mid = total(); // the same sum as total(), added in the same order
    return t;
}

double BillOfMaterials::totalOf(const QString& category) const
{
    double t = 0;
    for (const BomLine& l : mLines)
        if (l.category == category)
            t += l.extendedPrice();
    return t;
}

QString BillOfMaterials::toText() const
{
    QString s;
    for (const BomLine& l : mLines) {
        QString what = l.lengthClass.isEmpty() ? l.sku : QStringLiteral("%1 (%2)").arg(l.sku, l.lengthClass);
        if (l.spare)
            what += QStringLiteral(" (spares)");
        s += QStringLiteral("%1 %2 x %3 @ %4 = %5 [%6]\n")
                 .arg(l.category, -13)
                 .arg(what, -30)
                 .arg(l.quantity, 6)
                 .arg(money(l.unitPrice), 12)
                 .arg(money(l.extendedPrice()), 14)
                 .arg(l.priceKind);
    }
    s += QStringLiteral("total %1\n").arg(money(total()));
    if (mUncabledLinks > 0)
        s += QStringLiteral("%1 links have no cable chosen and are not priced\n").arg(mUncabledLinks);
    return s;
}

QJsonObject BillOfMaterials::toJson() const
{
    QJsonArray arr;
    for (const BomLine& l : mLines) {
        QJsonObject o{
            {QStringLiteral("category"), l.category},
            {QStringLiteral("sku"), l.sku},
            {QStringLiteral("description"), l.description},
            {QStringLiteral("quantity"), l.quantity},
            {QStringLiteral("unit_price"), l.unitPrice},
            {QStringLiteral("extended_price"), l.extendedPrice()},
            {QStringLiteral("price_kind"), l.priceKind},
            {QStringLiteral("price_source"), l.priceSource},
        };
        if (!l.unitBand.isPoint()) {
            o.insert(QStringLiteral("unit_price_band"), l.unitBand.toJson());
            o.insert(QStringLiteral("band_source"), l.bandSource);
        }
        if (!l.lengthClass.isEmpty())
            o.insert(QStringLiteral("length_class"), l.lengthClass);
        if (l.spare)
            o.insert(QStringLiteral("spare"), true);
        // The binned length as a number: what each of the line's cables is ordered in.
        if (const std::optional<double> m = OrderableLengths::metresOf(l.lengthClass))
            o.insert(QStringLiteral("ordered_length_m"), *m);
        arr.append(o);
    }
    return QJsonObject{{QStringLiteral("currency"), QStringLiteral("USD")}, {QStringLiteral("lines"), arr},
        {QStringLiteral("total"), total()}, {QStringLiteral("total_band"), totalBand().toJson()},
        {QStringLiteral("uncabled_links"), mUncabledLinks}};
}

} // namespace pw
