#pragma once

#include "generate/computelayout.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace pw {

class DesignBuilder;
struct CatalogItem;
struct GeneratorOptions;

// DGX SuperPOD style rail-optimized compute fabric: scalable units of suSize servers, one leaf
// per rail (compute NIC) per SU, NIC r of every server of an SU on leaf r of the SU; leaves spread
// their uplinks over every spine; a core tier once the leaves exceed the switch radix. A partial
// SU is built whole (leaves and leaf-spine cables), its unused slots left empty. With a UFM
// appliance, it takes the last server slot of the fabric (on rails 0 and 1).
class RailOptimizedFabric {
public:
    [[nodiscard]] static std::optional<QString> build(DesignBuilder& builder, const GeneratorOptions& options,
        const CatalogItem& server, const CatalogItem& sw, int nodes, const CatalogItem* ufm, ComputeLayout& layout,
        QStringList& notes);
};

} // namespace pw
