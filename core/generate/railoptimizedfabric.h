#pragma once

#include "generate/computelayout.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace pw {

class DesignBuilder;
struct CatalogItem;
struct GeneratorOptions;
struct Oversubscription;

// DGX SuperPOD style rail-optimized compute fabric: scalable units of suSize servers, one leaf
// per rail (compute NIC) per SU, NIC r of every server of an SU on leaf r of the SU; leaves spread
// their uplinks over every spine; a core tier once the leaves exceed the switch radix. A partial
// SU is built whole (leaves and leaf-spine cables), its unused slots left empty. Fewer servers
// than one SU are one unit sized from the servers asked: each leaf takes their slots (and the
// subnet managers') down and the uplinks those need, not the whole unit's.
//
// Below one SU the fabric is sized for the nodes, as NVIDIA's DGX BasePOD does, with no spine
// (cross-rail traffic moves over NVLink inside the server): on InfiniBand one switch with every
// rail where the whole cluster fits it (options.twoSwitches asks for two), else two leaves of half
// the rails each joined by inter-switch links; on Ethernet two leaves of half the rails each.
//
// With a subnet manager (ufm), a high-availability pair of appliances takes one server slot of
// the last SU (its ports on rails 0..3); with planes, a set per plane on that plane's rails (each
// plane is a subnet of its own). When every slot is taken (nodes a multiple of suSize),
// a leaf port left free by an oversubscribed leaf takes them; else, as in the RA ("a DGX system must
// be removed to accommodate for UFM connectivity"), one server gives up its slot, unless
// options.keepEveryNode asks for one more SU instead. layout.displacedServers says which happened.
class RailOptimizedFabric {
public:
    [[nodiscard]] static std::optional<QString> build(DesignBuilder& builder, const GeneratorOptions& options,
        const CatalogItem& server, const CatalogItem& sw, int nodes, const CatalogItem* ufm, ComputeLayout& layout,
        QStringList& notes);
    // The switches of the compute fabric below one SU (1 or 2), or 0 when the fabric is built by
    // scalable units; smSlot: the subnet managers take a server slot (an appliance, not the
    // switches' own subnet manager). The one rule build() and the subnet-manager choice share.
    [[nodiscard]] static int smallFabricSwitches(
        const GeneratorOptions& options, const CatalogItem& server, const CatalogItem& sw, int nodes, bool smSlot);
    // The most servers one rail leaf of `sw` holds at `ratio`: their downlinks and the uplinks
    // they need fit its fabric ports (counted in bandwidth on Ethernet, in ports on InfiniBand).
    // 0 for a rack-scale system (its trays are the rails) or a server without compute ports.
    [[nodiscard]] static int mostServersPerLeaf(
        const Oversubscription& ratio, const CatalogItem& server, const CatalogItem& sw);
};

} // namespace pw
