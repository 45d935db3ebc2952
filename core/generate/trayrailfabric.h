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
// tray"). The leaves follow the port arithmetic of every rail-optimized leaf: each takes the rail
// of as many whole racks as its ports hold with their uplinks at the asked ratio (QM9700: one
// rack, 18 trays, "8 leaf switches, one for each compute rack"; Q3400: 4 racks, 72 down and 72 up,
// the DGX B300 XDR RA's leaf, RA-11339, since one SU of 8 NVL72 racks has the 576 ports of one SU
// of 72 DGX B300). Two tiers while one spine can take every leaf (Q3400: up to 18 SU), the leaves'
// uplinks spread evenly over the spines by the divisibility rule; beyond, pods of whole SUs under
// core groups. Where a leaf takes one rack's rail (RA-11338's geometry), beyond one SU the RA's
// spine-leaf groups (SLG): one per rail of each SU with its own spines (6 on QM9700), spine j of
// every SLG in core group j.
//
// Planes (NVL72 AI Factory enterprise RA: GB300 multi-plane on Spectrum-X): with k ports per
// tray NIC (the catalog's multi-plane form splits each ConnectX-8 into 2 x 400GbE), port k of
// every NIC is in plane k mod N, and each plane is the fabric above built on its own (its own
// leaves per rail, spines and cores, names prefixed p1-, p2-; a subnet manager set per plane on
// InfiniBand), as RailOptimizedFabric builds the planes of a DGX B300.
//
// On InfiniBand a leaf with a port to spare keeps one free for the subnet managers (rail 0..3
// leaves of the last SU), so no rack gives up its place; a full leaf (Q3400) cannot, and then
// each top-tier switch keeps one when subnet managers are built. A partial SU is built whole
// (leaves and leaf-spine cables), as the RA asks.
class TrayRailFabric {
public:
    [[nodiscard]] static std::optional<QString> build(DesignBuilder& builder, const GeneratorOptions& options,
        const CatalogItem& server, const CatalogItem& sw, int racks, const CatalogItem* ufm, ComputeLayout& layout,
        QStringList& notes);
};

} // namespace pw
