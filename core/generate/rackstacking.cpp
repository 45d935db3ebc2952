#include "generate/rackstacking.h"

#include "catalog/catalog.h"
#include "catalog/rackheight.h"
#include "model/design.h"

#include <cmath>

namespace pw {

namespace {

int unitsOf(const Design& design, NodeId id)
{
    const CatalogItem* item = design.itemOf(id);
    return item ? rackHeightU(*item) : 0;
}

} // namespace

const CatalogItem* RackStacking::rackFor(
    const Catalog& catalog, const Design& design, const std::vector<NodeId>& members)
{
    int needed = 0;
    for (NodeId id : members)
        needed += unitsOf(design, id);
    const CatalogItem* shortestFitting = nullptr;
    const CatalogItem* tallest = nullptr;
    for (const CatalogItem* rack : catalog.items(ItemKind::Rack)) {
        const int h = rackHeightU(*rack);
        if (!tallest || h > rackHeightU(*tallest))
            tallest = rack;
        if (h >= needed && (!shortestFitting || h < rackHeightU(*shortestFitting)))
            shortestFitting = rack;
    }
    return shortestFitting ? shortestFitting : tallest;
}

std::vector<int> RackStacking::stack(const Design& design, const std::vector<NodeId>& members, int heightU)
{
    std::vector<int> units(members.size(), -1);
    int bottom = 1; // next free U from below
    int top = heightU; // next free U from above
    for (const bool switches : {false, true}) {
        for (size_t i = 0; i < members.size(); ++i) {
            const CatalogItem* item = design.itemOf(members[i]);
            const int h = unitsOf(design, members[i]);
            if (!item || h <= 0 || (item->kind == ItemKind::Switch) != switches)
                continue;
            if (top - bottom + 1 < h)
                continue; // does not fit: left for the user to place
            if (switches) {
                units[i] = top - h + 1;
                top -= h;
            } else {
                units[i] = bottom;
                bottom += h;
            }
        }
    }
    return units;
}

} // namespace pw
