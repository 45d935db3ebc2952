#pragma once

#include "catalog/catalogitem.h"

namespace pw {

// The one height in whole rack units (U) of a catalog item: for a rack, the height of the enclosure
// (its "rack" block's height_u, else its rack_units); for anything else, the U it takes in a rack
// (rack_units), rounded up so that a part never shares the U above it; 0 for parts that take no U
// (cables, NICs, transceivers). The rack planner, rack stacking, the floor's cable heights, the
// rack elevation (report and studio) and the fabric generator's rack fill all count U with this.
[[nodiscard]] int rackHeightU(const CatalogItem& item);

} // namespace pw
