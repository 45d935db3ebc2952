#include "generate/floorplan.h"

#include "catalog/catalogitem.h"
#include "model/storageguidance.h"

#include <QJsonObject>

#include <algorithm>

namespace pw {

int FloorPlan::serversPerRow(const CatalogItem& server)
{
    const int n = server.json.value(QLatin1String("rack_row")).toObject().value(QLatin1String("servers")).toInt();
    return n > 0 ? n : StorageGuidance::serversPerSu(server);
}

std::size_t FloorPlan::rowsPerBlock(const CatalogItem& rack, std::size_t rows)
{
    const int n = static_cast<int>(rack.json.value(QLatin1String("rack"))
                                       .toObject()
                                       .value(QLatin1String("rows_per_block"))
                                       .toObject()
                                       .value(QLatin1String("value"))
                                       .toDouble());
    return n > 0 ? static_cast<std::size_t>(n) : std::max<std::size_t>(1, rows);
}

} // namespace pw
