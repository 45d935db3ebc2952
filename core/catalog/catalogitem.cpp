#include "catalog/catalogitem.h"

#include "util/money.h"

#include <algorithm>
#include <array>
#include <utility>

namespace pw {

namespace {

constexpr std::array kItemKinds{
    std::pair{ItemKind::Server, "server"},
    std::pair{ItemKind::Switch, "switch"},
    std::pair{ItemKind::Nic, "nic"},
    std::pair{ItemKind::Storage, "storage"},
    std::pair{ItemKind::Cable, "cable"},
    std::pair{ItemKind::Transceiver, "transceiver"},
    std::pair{ItemKind::Rack, "rack"},
    std::pair{ItemKind::Pdu, "pdu"},
    std::pair{ItemKind::Appliance, "appliance"},
    std::pair{ItemKind::Part, "part"},
};

constexpr std::array kPortRoles{
    std::pair{PortRole::Compute, "compute"},
    std::pair{PortRole::Storage, "storage"},
    std::pair{PortRole::InBand, "inband"},
    std::pair{PortRole::OutOfBand, "oob"},
    std::pair{PortRole::Fabric, "fabric"},
};

template <typename Table, typename Enum>
QString lookupName(const Table& table, Enum value)
{
    for (const auto& [e, name] : table)
        if (e == value)
            return QString::fromLatin1(name);
    return {};
}

template <typename Enum, typename Table>
std::optional<Enum> lookupValue(const Table& table, const QString& text)
{
    for (const auto& [e, name] : table)
        if (text == QLatin1String(name))
            return e;
    return std::nullopt;
}

} // namespace

QString toString(ItemKind kind)
{
    return lookupName(kItemKinds, kind);
}
std::optional<ItemKind> itemKindFromString(const QString& text)
{
    return lookupValue<ItemKind>(kItemKinds, text);
}
QString toString(PortRole role)
{
    return lookupName(kPortRoles, role);
}
std::optional<PortRole> portRoleFromString(const QString& text)
{
    return lookupValue<PortRole>(kPortRoles, text);
}
QString toString(Cooling cooling)
{
    return cooling == Cooling::Air ? QStringLiteral("air") : QStringLiteral("liquid");
}

QString toString(PriceKind kind)
{
    switch (kind) {
    case PriceKind::List:
        return QStringLiteral("list");
    case PriceKind::Estimate:
        return QStringLiteral("estimate");
    case PriceKind::PriceBook:
        return QStringLiteral("price-book");
    }
    return {};
}

QString toString(PowerMode mode)
{
    return mode == PowerMode::MaxQ ? QStringLiteral("max-q") : QStringLiteral("max-p");
}

QString toString(PowerDistribution distribution)
{
    return distribution == PowerDistribution::Dc800V ? QStringLiteral("800vdc") : QStringLiteral("54v-shelves");
}

std::optional<PowerDistribution> powerDistributionFromString(const QString& text)
{
    if (text == QLatin1String("54v-shelves"))
        return PowerDistribution::Shelves54V;
    if (text == QLatin1String("800vdc"))
        return PowerDistribution::Dc800V;
    return std::nullopt;
}

bool CatalogItem::acceptsPowerChain(PowerDistribution distribution) const
{
    if (distribution == PowerDistribution::Shelves54V)
        return true;
    return powerChains
        && std::find(powerChains->value.begin(), powerChains->value.end(), distribution) != powerChains->value.end();
}

std::optional<PowerMode> powerModeFromString(const QString& text)
{
    if (text == QLatin1String("max-q"))
        return PowerMode::MaxQ;
    if (text == QLatin1String("max-p"))
        return PowerMode::MaxP;
    return std::nullopt;
}

double PowerModes::drawKw(PowerMode mode) const
{
    return mode == PowerMode::MaxQ && maxQKw ? maxQKw->value : maxPKw.value;
}

int CatalogItem::portCount() const
{
    int n = 0;
    for (const PortGroup& g : portGroups)
        n += g.count;
    return n;
}

int CatalogItem::portCountWithRole(PortRole role) const
{
    int n = 0;
    for (const PortGroup& g : portGroups)
        if (g.role == role)
            n += g.count;
    return n;
}

} // namespace pw

namespace pw {

QString CatalogItem::priceBelowGpus() const
{
    if (price.kind != PriceKind::Estimate || !gpu || gpu->count <= 0 || !gpu->unitPrice)
        return {};
    const Band system = price.band();
    const Band gpus = *gpu->unitPrice * gpu->count;
    // The low ends are not compared: the reference's own low for a DGX H100 (US$199k, a "floor")
    // sits a dollar per GPU under eight GPUs at their lowest street price.
    auto below = [&](const char* end, double s, double g) {
        return QStringLiteral("estimated price %1 %2 is below its %3 GPUs' %1 %4 (%3 x %5); "
                              "a system's estimate can never be below the sum of its GPUs' (hardware-specs.md "
                              "section 10)")
            .arg(QLatin1String(end))
            .arg(Money::usd().exact(s))
            .arg(gpu->count)
            .arg(Money::usd().exact(g), Money::usd().exact(g / gpu->count));
    };
    if (system.mid < gpus.mid)
        return below("mid", system.mid, gpus.mid);
    if (system.high < gpus.high)
        return below("high", system.high, gpus.high);
    return {};
}

QString RdmaDevices::name(const QString& portGroup, int index) const
{
    for (const auto& [group, names] : byPortGroup)
        if (group == portGroup)
            return index >= 0 && index < names.size() ? names.at(index) : QString();
    return {};
}

} // namespace pw
