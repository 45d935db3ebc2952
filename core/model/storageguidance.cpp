#include "model/storageguidance.h"

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

double StorageGuidance::aggregateRead(int servers) const
{
    return servers > 0 ? std::max(suRead * scalableUnits(servers), nodeRead) : 0;
}

double StorageGuidance::aggregateWrite(int servers) const
{
    return servers > 0 ? std::max(suWrite * scalableUnits(servers), nodeWrite) : 0;
}

} // namespace pw
