#pragma once

#include "catalog/catalogitem.h"

namespace pw {

// A sidecar power rack of an 800 VDC power chain: a floor-standing rack beside the compute racks it
// feeds (CatalogItem::sidecarPower, sidecar-power-rack-800vdc); 0 kW for every other item.
[[nodiscard]] inline double sidecarCapacityKw(const CatalogItem& item)
{
    return item.sidecarPower ? item.sidecarPower->capacityKw : 0.0;
}

[[nodiscard]] inline bool isSidecarPowerRack(const CatalogItem& item)
{
    return item.sidecarPower.has_value();
}

} // namespace pw
