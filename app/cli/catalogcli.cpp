#include "cli.h"

#include "util/money.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace pw::cli {

namespace {

QJsonObject itemSummary(const CatalogItem& i)
{
    QJsonObject o{{QStringLiteral("sku"), i.sku}, {QStringLiteral("kind"), toString(i.kind)},
        {QStringLiteral("vendor"), i.vendor}, {QStringLiteral("model"), i.model},
        {QStringLiteral("rack_units"), i.rackUnits.value}, {QStringLiteral("power_max_w"), i.powerMaxW.value},
        {QStringLiteral("price_usd"), i.price.value}, {QStringLiteral("price_kind"), toString(i.price.kind)}};
    if (i.price.hasBand())
        o.insert(QStringLiteral("price_band_usd"), i.price.band().toJson());
    if (i.gpu)
        o.insert(QStringLiteral("gpus"), i.gpu->count);
    return o;
}

// A figure as a reader wants it: thousands separated, never an exponent ("3,000,000", not
// "3e+06"), at most two decimals. The C locale keeps the output the same on every machine.
QString plainNumber(double value)
{
    QLocale c = QLocale::c();
    c.setNumberOptions(QLocale::DefaultNumberOptions); // the C locale omits group separators by default
    QString s = c.toString(value, 'f', 2);
    while (s.endsWith(QLatin1Char('0')))
        s.chop(1);
    if (s.endsWith(QLatin1Char('.')))
        s.chop(1);
    return s;
}

QString figureText(const Figure& f, const QString& unit)
{
    return QStringLiteral("%1 %2%3  [%4]")
        .arg(plainNumber(f.value))
        .arg(unit)
        .arg(f.isEstimate() ? QStringLiteral(" (estimate)") : QString(), f.source);
}

} // namespace

int runCatalog(Context& ctx)
{
    QCommandLineParser p;
    const QCommandLineOption kind(QStringLiteral("kind"),
        QStringLiteral(
            "Only items of this kind (server, switch, nic, storage, cable, transceiver, rack, pdu, appliance)."),
        QStringLiteral("K"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON."));
    p.addOptions({kind, json});
    p.addPositionalArgument(QStringLiteral("action"), QStringLiteral("list | show SKU | check"));
    ctx.parse(p, QStringLiteral("List, show or check hardware catalog items."), 1, 2,
        QStringLiteral("'catalog list', 'catalog show SKU' or 'catalog check'"));
    const QStringList pos = p.positionalArguments();

    if (pos[0] == QLatin1String("check")) {
        // The catalog as loaded, with every entry it refused: malformed or inconsistent entries
        // (CatalogItemCheck), estimates without a price band, systems priced below their GPUs
        // (hardware-specs.md section 10), and broken tables (catalogs/tables). Exit 1 on any.
        if (pos.size() != 1)
            throw UsageError(QStringLiteral("'catalog check' takes no further arguments"));
        std::vector<CatalogIssue> issues;
        const auto checked = Catalog::loadDefault(&issues);
        int bands = 0;
        for (const CatalogItem* i : checked->items())
            bands += i->price.hasBand() ? 1 : 0;
        if (p.isSet(json)) {
            QJsonArray a;
            for (const CatalogIssue& i : issues)
                a.append(QJsonObject{{QStringLiteral("file"), i.file}, {QStringLiteral("index"), i.index},
                    {QStringLiteral("sku"), i.sku}, {QStringLiteral("message"), i.message}});
            ctx.writeJson(QJsonObject{{QStringLiteral("items"), static_cast<int>(checked->size())},
                {QStringLiteral("priced_with_band"), bands}, {QStringLiteral("issues"), a}});
        } else {
            for (const CatalogIssue& i : issues)
                ctx.out << i.toString() << '\n';
            ctx.out << QStringLiteral("%1 items loaded, %2 with a price band; %3 refused\n")
                           .arg(checked->size())
                           .arg(bands)
                           .arg(issues.size());
        }
        return issues.empty() ? 0 : 1;
    }
    const Catalog& catalog = ctx.catalog();

    if (pos[0] == QLatin1String("list")) {
        if (pos.size() != 1)
            throw UsageError(QStringLiteral("'catalog list' takes no further arguments"));
        std::optional<ItemKind> k;
        if (p.isSet(kind)) {
            k = itemKindFromString(p.value(kind));
            if (!k)
                throw UsageError(QStringLiteral("unknown kind '%1'").arg(p.value(kind)));
        }
        const auto items = catalog.items(k);
        if (p.isSet(json)) {
            QJsonArray a;
            for (const CatalogItem* i : items)
                a.append(itemSummary(*i));
            ctx.out << QString::fromUtf8(QJsonDocument(a).toJson(QJsonDocument::Indented));
        } else {
            ctx.out << QStringLiteral("%1 %2 %3 %4\n")
                           .arg(QStringLiteral("SKU"), -18)
                           .arg(QStringLiteral("KIND"), -12)
                           .arg(QStringLiteral("PRICE"), 12)
                           .arg(QStringLiteral("MODEL"));
            for (const CatalogItem* i : items)
                ctx.out << QStringLiteral("%1 %2 %3 %4 %5\n")
                               .arg(i->sku, -18)
                               .arg(toString(i->kind), -12)
                               .arg(Money(i->price.currency, 1.0).exact(i->price.value), 12)
                               .arg(i->vendor, i->model);
        }
        return 0;
    }
    if (pos[0] == QLatin1String("show")) {
        if (pos.size() != 2)
            throw UsageError(QStringLiteral("'catalog show' needs a SKU"));
        const CatalogItem* i = catalog.item(pos[1]);
        if (!i) {
            ctx.err << "podwright-cli: no catalog item with sku '" << pos[1]
                    << "' (try 'podwright-cli catalog list')\n";
            return 2;
        }
        if (p.isSet(json)) {
            ctx.writeJson(i->snapshotJson());
            return 0;
        }
        ctx.out << i->vendor << ' ' << i->model << "  (" << i->sku << ", " << toString(i->kind) << ")\n";
        if (!i->description.isEmpty())
            ctx.out << i->description << '\n';
        ctx.out << "Rack units:  " << figureText(i->rackUnits, QStringLiteral("U")) << '\n';
        ctx.out << "Max power:   " << figureText(i->powerMaxW, QStringLiteral("W")) << '\n';
        if (i->powerTypicalW)
            ctx.out << "Typ. power:  " << figureText(*i->powerTypicalW, QStringLiteral("W")) << '\n';
        if (i->cooling)
            ctx.out << "Cooling:     " << toString(*i->cooling) << "  [" << i->coolingSource << "]\n";
        if (i->gpu)
            ctx.out << "GPUs:        " << i->gpu->count << " x " << i->gpu->model << ", " << i->gpu->memoryGb
                    << " GB each  [" << i->gpu->source << "]\n";
        if (i->switchSpec)
            ctx.out << "Switch:      radix " << i->switchSpec->radix << ", " << i->switchSpec->capacityTbps << " Tb/s, "
                    << i->switchSpec->technology << "  [" << i->switchSpec->source << "]\n";
        if (i->storage) {
            ctx.out << "Read:        " << figureText(i->storage->readGBps, QStringLiteral("GB/s")) << '\n';
            ctx.out << "Write:       " << figureText(i->storage->writeGBps, QStringLiteral("GB/s")) << '\n';
            ctx.out << "Usable:      " << figureText(i->storage->usableTb, QStringLiteral("TB")) << '\n';
        }
        for (const PortGroup& g : i->portGroups) {
            QStringList speeds;
            for (int s : g.speedsGbps)
                speeds << QString::number(s);
            ctx.out << "Ports:       " << g.count << " x " << speeds.join(QLatin1Char('/')) << "G " << g.connector
                    << " (" << g.name << ", " << toString(g.role)
                    << (g.portsPerCage > 1 ? QStringLiteral(", %1 per cage").arg(g.portsPerCage) : QString()) << ")  ["
                    << g.source << "]\n";
            for (const PortBreakout& b : g.breakouts)
                ctx.out << "  breakout:  " << g.count / std::max(1, g.portsPerCage) << " cages as " << b.portsPerCage
                        << " x " << b.speedGbps << "G  [" << b.source << "]\n";
        }
        // Catalog prices are in the item's own currency (1 unit per unit).
        const Money price(i->price.currency, 1.0);
        ctx.out << "Price:       " << price.exact(i->price.value) << " (" << toString(i->price.kind) << ")  ["
                << i->price.source << "]\n";
        if (i->price.hasBand())
            ctx.out << "Price band:  " << price.exact(*i->price.low) << " - " << price.exact(*i->price.high) << "  ["
                    << i->price.bandSource << "]\n";
        if (i->gpu && i->gpu->unitPrice)
            ctx.out << "GPU price:   " << Money::usd().exact(i->gpu->unitPrice->low) << " / "
                    << Money::usd().exact(i->gpu->unitPrice->mid) << " / "
                    << Money::usd().exact(i->gpu->unitPrice->high) << " each (low / mid / high)  ["
                    << i->gpu->unitPriceSource << "]\n";
        return 0;
    }
    throw UsageError(QStringLiteral("unknown catalog action '%1' (use list, show or check)").arg(pos[0]));
}

} // namespace pw::cli
