#pragma once

#include "catalog/catalogitem.h"

#include <optional>

namespace pw {

// A switch whose fabric cages all run one of their breakouts (PortGroup::breakouts): the SN5610's
// 64 cages of one 800G port as 128 ports of 200G, two per cage, for 200G QSFP56 hosts. A catalog
// entry of its own (sku "sn5610-2x200g"), made from the switch's by changing only that port group
// (and the radix, which counts its ports), so a design records it like any other part, prices and
// powers it as the switch, and reopens with it.
class SwitchBreakout {
public:
    // The switch with port group `group` run as `breakout`; empty when the entry cannot be made.
    [[nodiscard]] static std::optional<CatalogItem> variant(
        const CatalogItem& sw, int group, const PortBreakout& breakout);
    // The sku of that variant: "<sku>-<ports>x<speed>g".
    [[nodiscard]] static QString skuOf(const CatalogItem& sw, const PortBreakout& breakout);
    // Whether `sku` is the switch `base` itself or one of its breakout variants (a design that names
    // the SN5610 keeps naming it with its cages broken out).
    [[nodiscard]] static bool isSwitch(const QString& sku, const QString& base);
};

} // namespace pw
