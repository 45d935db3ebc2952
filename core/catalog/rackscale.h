#pragma once

#include "catalog/catalogitem.h"

namespace pw {

// A rack-scale system that is its own rack: a DGX GB200/GB300 NVL72 stands in its own enclosure,
// fed from its power shelves over a DC busbar, so it takes no rack item and no rack PDUs (NVIDIA
// NVL72 AI Factory enterprise RA: power shelves, trays with no PSU of their own). The catalog
// entry says so with its busbar_rack block (CatalogItem::busbarRack).
[[nodiscard]] inline bool isBusbarRack(const CatalogItem& item)
{
    return item.busbarRack && item.busbarRack->value;
}

// The compute trays of a rack-scale system (catalog/catalogblocks.h); none for any other item.
[[nodiscard]] inline ComputeTrays computeTrays(const CatalogItem& item)
{
    return item.computeTrays.value_or(ComputeTrays{});
}

} // namespace pw
