#pragma once

#include "catalog/catalogitem.h"

#include <QString>

#include <optional>
#include <vector>

namespace pw {

// An entry's own consistency, checked when it is loaded (as LibrePCB's DeviceCheck checks a library
// element): each check compares figures of the one entry that must agree, and says which disagree.
// Catalog reports a problem as a load issue with the file and the SKU, and leaves the entry out.
class CatalogItemCheck {
public:
    // The first inconsistency of `item`, or nothing when it is consistent.
    [[nodiscard]] static std::optional<QString> problem(const CatalogItem& item);
    // Items taller than the tallest rack of the catalog (never, when it has no rack): they cannot be
    // mounted. The SKUs with why, for Catalog to report.
    [[nodiscard]] static std::vector<std::pair<const CatalogItem*, QString>> tallerThanRacks(
        const std::vector<const CatalogItem*>& items);
    // The fastest a port of this connector carries per cage, in Gb/s (0: not a cage this check knows).
    [[nodiscard]] static int connectorMaxGbps(const QString& connector);
};

} // namespace pw
