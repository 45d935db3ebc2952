#pragma once

#include "generate/generateresult.h"
#include "generate/generatoroptions.h"
#include "generate/servicenetworks.h"

namespace pw {

class Catalog;

// Reference designs from a few dials: the compute fabric (rail-optimized, k-ary fat-tree or
// leaf-spine), the storage fabric, in-band and out-of-band management, UFM, racks with PDUs, and
// cables with optics and lengths. The result is an ordinary design (checkInvariants holds).
// Bad dials (unknown sku, zero nodes, a switch too small) give an error, never an exception.
class FabricGenerator {
public:
    [[nodiscard]] static GenerateResult generate(const GeneratorOptions& options, const Catalog& catalog);

    // The note generate() gives when, with no scalable-unit size given, it caps the catalog's unit
    // at what one rail leaf holds, for dials whose unit size is that cap or not given (`options`
    // records a built design's size as an explicit dial, and generate() keeps an explicit size
    // without a note); empty when the unit is not capped.
    [[nodiscard]] static QString scalableUnitCapNote(const GeneratorOptions& options, const Catalog& catalog);

private:
    // One pass. The in-band network is built before the racks and the out-of-band network that
    // uplinks into it, so it cannot count those uplinks: when some found no in-band port, a second
    // pass keeps in-band spine ports free for all of them. Such a pass stops once the out-of-band
    // network is built and gives nothing, unless finishUnlinked (the last pass allowed).
    // `linkSlots`: room for links to reserve up front (0: the fabric's own estimate); set to the
    // links the pass built, so that the next one reserves them at once rather than regrowing.
    [[nodiscard]] static std::optional<GenerateResult> generatePass(const GeneratorOptions& options,
        const Catalog& catalog, int inBandSpineReserve, ServiceNetworks::Uplinks& oobUplinks, bool finishUnlinked,
        size_t& linkSlots);
};

} // namespace pw
