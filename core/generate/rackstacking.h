#pragma once

#include "util/strongid.h"

#include <vector>

namespace pw {

class Catalog;
class Design;
struct CatalogItem;

// Puts hand-grouped nodes into a rack: which catalog rack holds them (the shortest rack tall
// enough for their U, else the tallest) and where each one goes: servers, storage and appliances
// stacked from U1 up, switches from the top down (as the reference racks put leaf and management
// switches at the top), 0U items (PDUs) and whatever no longer fits left unplaced (-1). Heights in U
// are rackHeightU (catalog/rackheight.h).
class RackStacking {
public:
    [[nodiscard]] static const CatalogItem* rackFor(
        const Catalog& catalog, const Design& design, const std::vector<NodeId>& members);
    // The lowest U of each member, in the order given; -1 where unplaced.
    [[nodiscard]] static std::vector<int> stack(const Design& design, const std::vector<NodeId>& members, int heightU);
};

} // namespace pw
