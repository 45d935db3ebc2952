#include "model/storagetier.h"

namespace pw {

QString toString(StorageTier tier)
{
    switch (tier) {
    case StorageTier::Good:
        return QStringLiteral("good");
    case StorageTier::Better:
        return QStringLiteral("better");
    case StorageTier::Best:
        return QStringLiteral("best");
    }
    return {};
}

std::optional<StorageTier> storageTierFromString(const QString& text)
{
    for (StorageTier t : {StorageTier::Good, StorageTier::Better, StorageTier::Best})
        if (toString(t) == text)
            return t;
    return std::nullopt;
}

} // namespace pw
