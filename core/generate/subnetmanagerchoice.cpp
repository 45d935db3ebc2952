#include "generate/subnetmanagerchoice.h"

#include "catalog/catalog.h"
#include "catalog/itemrole.h"

#include <algorithm>
#include <tuple>

namespace pw {

namespace {

const PortGroup* groupWithRole(const CatalogItem& item, PortRole role)
{
    for (const PortGroup& g : item.portGroups)
        if (g.role == role)
            return &g;
    return nullptr;
}

int fastestCommonSpeed(const PortGroup& a, const PortGroup& b)
{
    int best = 0;
    for (int x : a.speedsGbps)
        if (std::find(b.speedsGbps.begin(), b.speedsGbps.end(), x) != b.speedsGbps.end())
            best = std::max(best, x);
    return best;
}

} // namespace

bool SubnetManagerChoice::isSubnetManager(const CatalogItem& item)
{
    return item.kind == ItemKind::Appliance && hasRole(item, ItemRole::SubnetManager);
}

const CatalogItem* SubnetManagerChoice::forSwitch(
    const Catalog& catalog, const CatalogItem& fabricSwitch, PortRole role)
{
    const PortGroup* fabric = groupWithRole(fabricSwitch, PortRole::Fabric);
    if (!fabric)
        return nullptr;
    const CatalogItem* best = nullptr;
    std::tuple<int, int> bestKey; // (common speed, -own fastest speed): larger is better
    for (const CatalogItem* item : catalog.items(ItemKind::Appliance)) {
        const PortGroup* ports = isSubnetManager(*item) ? groupWithRole(*item, role) : nullptr;
        const int common = ports ? fastestCommonSpeed(*ports, *fabric) : 0;
        if (common <= 0 || (ports->connector == QLatin1String("RJ45")) != (fabric->connector == QLatin1String("RJ45")))
            continue;
        const std::tuple<int, int> key{common, -ports->maxSpeedGbps()};
        if (!best || key > bestKey) { // items() is in SKU order: the first SKU wins a tie
            best = item;
            bestKey = key;
        }
    }
    return best;
}

} // namespace pw
