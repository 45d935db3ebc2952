#pragma once

#include "catalog/catalogitem.h"

namespace pw {

// A coolant distribution unit (CDU): a floor-standing unit that moves the heat of the cold plates of
// liquid-cooled racks into the facility water. The catalog entry says so with its capacity,
// "cooling_capacity_kw": {"value": 1350, "source": "..."}; 0 for every other item.
[[nodiscard]] inline double cduCapacityKw(const CatalogItem& item)
{
    return item.json.value(QLatin1String("cooling_capacity_kw")).toObject().value(QLatin1String("value")).toDouble();
}

[[nodiscard]] inline bool isCdu(const CatalogItem& item)
{
    return cduCapacityKw(item) > 0;
}

} // namespace pw
