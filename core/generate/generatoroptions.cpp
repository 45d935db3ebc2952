#include "generate/generatoroptions.h"

namespace pw {

QString toString(TopologyKind kind)
{
    switch (kind) {
    case TopologyKind::RailOptimized: return QStringLiteral("rail-optimized");
    case TopologyKind::FatTree: return QStringLiteral("fat-tree");
    case TopologyKind::LeafSpine: return QStringLiteral("leaf-spine");
    }
    return {};
}

std::optional<TopologyKind> topologyKindFromString(const QString& text)
{
    for (TopologyKind k : {TopologyKind::RailOptimized, TopologyKind::FatTree, TopologyKind::LeafSpine})
        if (toString(k) == text)
            return k;
    return std::nullopt;
}

QString toString(StorageTier tier)
{
    switch (tier) {
    case StorageTier::Good: return QStringLiteral("good");
    case StorageTier::Better: return QStringLiteral("better");
    case StorageTier::Best: return QStringLiteral("best");
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
