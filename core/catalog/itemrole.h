#pragma once

#include <QString>

#include <optional>

namespace pw {

struct CatalogItem;

// What the generator and the studio pick an item for, written in the catalog ("roles": {"value":
// [...], "source": ...}) so that no SKU is spelled in code: the subnet manager of an InfiniBand
// fabric, the management and head servers, the in-band and out-of-band switches, the abstract
// fat-tree host, the rack a generated design uses, and the models a new design starts from.
// Catalog::withRole() finds the item; the parser refuses an unknown role.
enum class ItemRole {
    SubnetManager,
    ManagementServer,
    InBandSwitch,
    OutOfBandSwitch,
    FatTreeHost,
    DefaultRack,
    DefaultGpuServer,
    DefaultFabricSwitch,
};

[[nodiscard]] QString toString(ItemRole role);
[[nodiscard]] std::optional<ItemRole> itemRoleFromString(const QString& text);
// The item's catalog entry lists the role (read from the entry as written, like "networks").
[[nodiscard]] bool hasRole(const CatalogItem& item, ItemRole role);

} // namespace pw
