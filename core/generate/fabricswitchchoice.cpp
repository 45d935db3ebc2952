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

// The switch the server's reference architecture names where NVIDIA publishes no table for it
// (Vera Rubin's Spectrum-X Photonics SN6810): building on another is a deliberate difference, so
// the catalog names it in a "compute-switch-other-than" difference.
QString referenceArchitectureSwitch(const CatalogItem& server)
{
    for (const DeliberateDifference& d : server.deliberateDifferences)
        if (d.check == QLatin1String("compute-switch-other-than"))
            return d.sku;
    return {};
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
    const QString ports = QStringLiteral("the %1's %2 Gb/s compute ports").arg(server.model).arg(speed);
    auto chosen = [&](const QString& switchSku, const QString& reason) {
        return FabricSwitchChoice{switchSku, QStringLiteral("%1: %2").arg(catalog.item(switchSku)->model, reason)};
    };
    if (atSpeed.isEmpty())
        return {QString(), QStringLiteral("the catalog has no compute switch at %1").arg(ports)};
    if (const QString published = PublishedDesignCheck::publishedSwitch(server); atSpeed.contains(published))
        return chosen(published, QStringLiteral("the switch of the %1's published reference design").arg(server.model));
    if (const QString named = referenceArchitectureSwitch(server); atSpeed.contains(named))
        return chosen(named, QStringLiteral("the switch the %1's reference architecture names").arg(server.model));
    if (const CatalogItem* fallback = catalog.withRole(ItemRole::DefaultFabricSwitch);
        fallback && atSpeed.contains(fallback->sku))
        return chosen(fallback->sku, QStringLiteral("the catalog's default compute switch, at %1").arg(ports));
    // The most ports: the fewest switches and tiers for the same servers.
    const CatalogItem* largest = nullptr;
    for (const QString& sku : atSpeed)
        if (const CatalogItem* sw = catalog.item(sku); technologyOf(*sw) == QLatin1String("InfiniBand")
            && (!largest || sw->portCountWithRole(PortRole::Fabric) > largest->portCountWithRole(PortRole::Fabric)))
            largest = sw;
    if (largest)
        return chosen(largest->sku, QStringLiteral("the largest InfiniBand switch in the catalog at %1").arg(ports));
    return chosen(atSpeed.front(), QStringLiteral("the first switch in the catalog at %1").arg(ports));
}

} // namespace pw
