#include "model/node.h"

#include <array>
#include <utility>

namespace pw {

namespace {
constexpr std::array kTiers{
    std::pair{FabricTier::None, "none"},
    std::pair{FabricTier::Leaf, "leaf"},
    std::pair{FabricTier::Spine, "spine"},
    std::pair{FabricTier::Core, "core"},
};
} // namespace

QString toString(FabricTier tier)
{
    for (const auto& [t, name] : kTiers)
        if (t == tier)
            return QString::fromLatin1(name);
    return {};
}

std::optional<FabricTier> fabricTierFromString(const QString& text)
{
    for (const auto& [t, name] : kTiers)
        if (text == QLatin1String(name))
            return t;
    return std::nullopt;
}

} // namespace pw
