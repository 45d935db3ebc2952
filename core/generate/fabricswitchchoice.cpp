#include "generate/fabricswitchchoice.h"

#include "catalog/catalog.h"
#include "catalog/itemrole.h"
#include "generate/designbuilder.h"
#include "generate/publisheddesigncheck.h"

namespace pw {

namespace {

int fastestSpeed(const CatalogItem& item, PortRole role)
{
    const int g = DesignBuilder::groupWithRole(item, role);
    return g < 0 ? 0 : item.portGroups[static_cast<size_t>(g)].maxSpeedGbps();
}

bool rj45(const CatalogItem& item, PortRole role)
{
    const int g = DesignBuilder::groupWithRole(item, role);
    return g >= 0 && item.portGroups[static_cast<size_t>(g)].connector == QLatin1String("RJ45");
}

QString technologyOf(const CatalogItem& sw)
{
    return sw.switchSpec && sw.switchSpec->technology == QLatin1String("ethernet") ? QStringLiteral("Ethernet")
                                                                                   : QStringLiteral("InfiniBand");
}

} // namespace

QStringList FabricSwitchChoice::candidates(const CatalogItem& server, const Catalog& catalog)
{
    QStringList out;
    const int speed = fastestSpeed(server, PortRole::Compute);
    for (const CatalogItem* sw : catalog.items(ItemKind::Switch)) {
        if (!sw->switchSpec || hasRole(*sw, ItemRole::InBandSwitch) || hasRole(*sw, ItemRole::OutOfBandSwitch))
            continue;
        if (fastestSpeed(*sw, PortRole::Fabric) == speed
            && rj45(*sw, PortRole::Fabric) == rj45(server, PortRole::Compute))
            out << sw->sku;
    }
    return out;
}

FabricSwitchChoice FabricSwitchChoice::forServer(const CatalogItem& server, const Catalog& catalog)
{
    const QStringList atSpeed = candidates(server, catalog);
    const int speed = fastestSpeed(server, PortRole::Compute);
    auto chosen = [&](const QString& sku, const QString& reason) {
        const CatalogItem* sw = catalog.item(sku);
        return FabricSwitchChoice{sku,
            QStringLiteral("%1 (%2 at %3 Gb/s): %4")
                .arg(sw->model, technologyOf(*sw))
                .arg(speed)
                .arg(reason.arg(server.model).arg(speed))};
    };
    if (atSpeed.isEmpty())
        return {QString(),
            QStringLiteral("the catalog has no compute switch at the %1's %2 Gb/s compute ports").arg(server.model).arg(speed)};
    if (const QString published = PublishedDesignCheck::publishedSwitch(server); atSpeed.contains(published))
        return chosen(published, QStringLiteral("the switch of the %1's published reference design"));
    if (const CatalogItem* fallback = catalog.withRole(ItemRole::DefaultFabricSwitch);
        fallback && atSpeed.contains(fallback->sku))
        return chosen(fallback->sku, QStringLiteral("the catalog's default compute switch, at the %1's %2 Gb/s ports"));
    for (const QString& sku : atSpeed)
        if (technologyOf(*catalog.item(sku)) == QLatin1String("InfiniBand"))
            return chosen(sku, QStringLiteral("the first InfiniBand switch in the catalog at the %1's %2 Gb/s ports"));
    return chosen(atSpeed.front(), QStringLiteral("the first switch in the catalog at the %1's %2 Gb/s ports"));
}

} // namespace pw
