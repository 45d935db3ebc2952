#include "catalog/itemrole.h"

#include "catalog/catalogitem.h"

#include <array>
#include <utility>

namespace pw {

namespace {

constexpr std::array kItemRoles{
    std::pair{ItemRole::SubnetManager, "subnet-manager"},
    std::pair{ItemRole::ManagementServer, "management-server"},
    std::pair{ItemRole::InBandSwitch, "inband-switch"},
    std::pair{ItemRole::OutOfBandSwitch, "oob-switch"},
    std::pair{ItemRole::FatTreeHost, "fat-tree-host"},
    std::pair{ItemRole::DefaultRack, "default-rack"},
    std::pair{ItemRole::DefaultGpuServer, "default-gpu-server"},
    std::pair{ItemRole::DefaultFabricSwitch, "default-fabric-switch"},
};

} // namespace

QString toString(ItemRole role)
{
    for (const auto& [r, name] : kItemRoles)
        if (r == role)
            return QString::fromLatin1(name);
    return {};
}

std::optional<ItemRole> itemRoleFromString(const QString& text)
{
    for (const auto& [r, name] : kItemRoles)
        if (text == QLatin1String(name))
            return r;
    return std::nullopt;
}

bool hasRole(const CatalogItem& item, ItemRole role)
{
    return item.roles && item.roles->value.contains(toString(role));
}

} // namespace pw
