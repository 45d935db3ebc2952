#pragma once

#include "floor/cablerouting.h"
#include "model/opticsrules.h"

namespace pw {

class Design;
class PartChoiceCache;
struct Link;

// The cable (and the module at each end) a link gets for its route, by reach and by the rules of
// its generation: copper inside one rack and between neighbouring racks (next to each other in one
// row) while a copper part reaches; at XDR no passive DAC (only LACC copper and single-mode optics,
// NVIDIA LinkX 800G/200G PAM4 list, reference-architectures-2025.md section 5; multimode is left
// out there by the catalog, whose XDR modules are all single-mode), and copper only inside a rack:
// a twin-port XDR cage takes one medium for both ports (the OPTICS-TWIN-FIBER rule) and a link's
// choice cannot see its cage-mate; optics beyond: multimode while its parts reach, single-mode
// beyond (OpticsRules::opticalFor), and where no module serves an end, an active optical cable
// (OpticsRules::activeOpticalFor). RJ45 ports take twisted pair within
// its length at any distance. The generator (CablePlanner) and the re-route after a rack or node
// moves (EditFloorCommand, rerouted()) choose with it.
struct CableChoice {
    const CatalogItem* cable = nullptr; // nullptr: no part fits and reaches
    const CatalogItem* moduleA = nullptr;
    const CatalogItem* moduleB = nullptr;
    const CatalogItem* linkModule = nullptr; // the link's transceiver (OpticsRules::linkModule)
    [[nodiscard]] bool ok() const { return cable != nullptr; }

    // `xdr`: the link runs at XDR (isXdr). Copper between racks only when route->neighbours.
    [[nodiscard]] static CableChoice of(const OpticsRules::Items& parts, const PortGroup& a, const PortGroup& b,
        int linkGbps, const CableRouting::Route& route, bool xdr);
    // The same choice answered from the generator's cache (one catalog scan per kind of link).
    [[nodiscard]] static CableChoice of(PartChoiceCache& cache, const PortGroup& a, const PortGroup& b, int linkGbps,
        const CableRouting::Route& route, bool xdr);
    // An XDR link: 800 Gb/s or faster with an InfiniBand switch at one end (as the XDR-MEDIA rule
    // judges a link).
    [[nodiscard]] static bool isXdr(int linkGbps, const CatalogItem* a, const CatalogItem* b);
    static constexpr int kXdrGbps = 800;

    // The design's link re-derived on the floor: routed length, and the cable and modules chosen
    // for it from `parts` (the catalog's, or the design's snapshot). Nothing when the link's ends
    // are not both on the floor; the old cable kept when no part fits (the CABLE rules flag it).
    [[nodiscard]] static std::optional<Link> rerouted(const Design& design, const FloorLayout& floor,
        const OpticsRules::Items& parts, const Link& link, CableChoice* chosen = nullptr);
};

} // namespace pw
