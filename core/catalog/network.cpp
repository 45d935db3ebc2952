#include "catalog/network.h"

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

} // namespace pw
