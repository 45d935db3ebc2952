#include "model/storageguidance.h"

#include "catalog/catalogitem.h"

#include <algorithm>

namespace pw {

StorageGuidance StorageGuidance::of(StorageTier tier)
{
    switch (tier) {
    case StorageTier::Good:
        return {4, 2, 15, 7};
    case StorageTier::Better:
        return {8, 4, 40, 20};
    case StorageTier::Best:
        return {40, 20, 125, 62};
    }
    return {4, 2, 15, 7};
}

double StorageGuidance::scalableUnits(int servers, int serversPerSu)
{
    if (servers <= 0 || serversPerSu <= 0)
        return 0;
    return static_cast<double>(servers) / serversPerSu;
}

double StorageGuidance::aggregateRead(int servers, int serversPerSu) const
{
    return servers > 0 ? std::max(suRead * scalableUnits(servers, serversPerSu), nodeRead) : 0;
}

double StorageGuidance::aggregateWrite(int servers, int serversPerSu) const
{
    return servers > 0 ? std::max(suWrite * scalableUnits(servers, serversPerSu), nodeWrite) : 0;
}

bool StorageGuidance::namesScalableUnit(const CatalogItem& server)
{
    return server.scalableUnitServers && server.scalableUnitServers->value > 0;
}

int StorageGuidance::serversPerSu(const CatalogItem& server)
{
    return namesScalableUnit(server) ? server.scalableUnitServers->value : kServersPerSu;
}

} // namespace pw
