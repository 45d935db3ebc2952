#include "generate/generatoroptions.h"

namespace pw {

QString toString(TopologyKind kind)
{
    switch (kind) {
    case TopologyKind::RailOptimized:
        return QStringLiteral("rail-optimized");
    case TopologyKind::FatTree:
        return QStringLiteral("fat-tree");
    case TopologyKind::LeafSpine:
        return QStringLiteral("leaf-spine");
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

} // namespace pw
