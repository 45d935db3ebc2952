#include "catalog/rackheight.h"

#include <algorithm>
#include <cmath>

namespace pw {

int rackHeightU(const CatalogItem& item)
{
    const double u = item.rackHeightU ? item.rackHeightU->value : item.rackUnits.value;
    // The tolerance keeps a figure like 2.0000000001 (a sum written in JSON) at 2 U.
    return std::max(0, static_cast<int>(std::ceil(u - 1e-9)));
}

} // namespace pw
