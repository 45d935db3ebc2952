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
// Planes (NVL72 AI Factory enterprise RA: GB300 multi-plane on Spectrum-X): with k ports per
// tray NIC (the catalog's multi-plane form splits each ConnectX-8 into 2 x 400GbE), port k of
// every NIC is in plane k mod N, and each plane is the fabric above built on its own (its own
// leaves per rail, spines and cores, names prefixed p1-, p2-; a subnet manager set per plane on
// InfiniBand), as RailOptimizedFabric builds the planes of a DGX B300.
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
