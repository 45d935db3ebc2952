#include "generate/floorplan.h"

#include "catalog/catalogitem.h"
#include "model/storageguidance.h"

#include <algorithm>

namespace pw {

int FloorPlan::serversPerRow(const CatalogItem& server)
{
    const int n = server.rackRowServers ? server.rackRowServers->value : 0;
    return n > 0 ? n : StorageGuidance::serversPerSu(server);
}

std::size_t FloorPlan::rowsPerBlock(const CatalogItem& rack, std::size_t rows)
{
    const int n = rack.rackRowsPerBlock ? static_cast<int>(rack.rackRowsPerBlock->value) : 0;
    return n > 0 ? static_cast<std::size_t>(n) : std::max<std::size_t>(1, rows);
}

} // namespace pw
