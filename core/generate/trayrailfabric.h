#pragma once

#include "generate/computelayout.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace pw {

class DesignBuilder;
struct CatalogItem;
struct GeneratorOptions;

// The rail-optimized compute fabric of rack-scale systems (DGX GB200 / GB300 NVL72), after the
// NVIDIA DGX SuperPOD GB200 RA (RA-11338, Network Fabrics): a rail is the NIC of one index on
// every compute tray (4 rails: "the number of IB rails equals the number of GPUs per compute
// tray"); each leaf takes one rail of whole racks (QM9700: one rack, 18 trays, "8 leaf switches,
// one for each compute rack"); an SU of 8 racks has 4 spine-leaf groups (SLG), one per rail.
// One SU: two tiers, the SU's leaves spread evenly over the spines (derived by the divisibility
// rule; the RA's per-SU counts are not public). Beyond one SU: each SLG gets its own spines (the
// RA's 6 per SLG on QM9700, by the same rule), and spine j of every SLG joins core group j.
//
// A leaf keeps one port free on InfiniBand for the subnet managers (rail 0..3 leaves of the last
// SU), so no rack gives up its place. A partial SU is built whole (leaves and leaf-spine
// cables), as the RA asks.
class TrayRailFabric {
public:
    [[nodiscard]] static std::optional<QString> build(DesignBuilder& builder, const GeneratorOptions& options,
        const CatalogItem& server, const CatalogItem& sw, int racks, const CatalogItem* ufm, ComputeLayout& layout,
        QStringList& notes);
};

} // namespace pw
