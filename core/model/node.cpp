#include "model/node.h"

#include <array>
#include <utility>

namespace pw {

namespace {
constexpr std::array kNetworks{
    std::pair{Network::None, "none"},
    std::pair{Network::Compute, "compute"},
    std::pair{Network::Storage, "storage"},
    std::pair{Network::InBand, "inband"},
    std::pair{Network::OutOfBand, "oob"},
};
constexpr std::array kTiers{
    std::pair{FabricTier::None, "none"},
    std::pair{FabricTier::Leaf, "leaf"},
    std::pair{FabricTier::Spine, "spine"},
    std::pair{FabricTier::Core, "core"},
};
} // namespace

QString displayName(Network network)
{
    switch (network) {
    case Network::Compute:
        return QStringLiteral("compute");
    case Network::Storage:
        return QStringLiteral("storage");
    case Network::InBand:
        return QStringLiteral("in-band");
    case Network::OutOfBand:
        return QStringLiteral("out-of-band");
    case Network::None:
        break;
    }
    return QStringLiteral("unassigned");
}

QString toString(Network network)
{
    for (const auto& [n, name] : kNetworks)
        if (n == network)
            return QString::fromLatin1(name);
    return {};
}

std::optional<Network> networkFromString(const QString& text)
{
    for (const auto& [n, name] : kNetworks)
        if (text == QLatin1String(name))
            return n;
    return std::nullopt;
}

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
