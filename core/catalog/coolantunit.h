#pragma once

#include "catalog/catalogitem.h"

namespace pw {

// A coolant distribution unit (CDU): a floor-standing unit that moves the heat of the cold plates of
// liquid-cooled racks into the facility water. The catalog entry says so with its cooling
// capacity (CatalogItem::coolingCapacityKw, 1350 kW for cdu-inrow-1350kw); 0 for every other item.
[[nodiscard]] inline double cduCapacityKw(const CatalogItem& item)
{
    return item.coolingCapacityKw ? item.coolingCapacityKw->value : 0.0;
}

[[nodiscard]] inline bool isCdu(const CatalogItem& item)
{
    return cduCapacityKw(item) > 0;
}

} // namespace pw
