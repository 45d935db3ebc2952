#pragma once

#include "generate/generateresult.h"
#include "generate/generatoroptions.h"

namespace pw {

class Catalog;

// Reference designs from a few dials: the compute fabric (rail-optimized, k-ary fat-tree or
// leaf-spine), the storage fabric, in-band and out-of-band management, UFM, racks with PDUs, and
// cables with optics and lengths. The result is an ordinary design (checkInvariants holds).
// Bad dials (unknown sku, zero nodes, a switch too small) give an error, never an exception.
class FabricGenerator {
public:
    [[nodiscard]] static GenerateResult generate(const GeneratorOptions& options, const Catalog& catalog);
};

} // namespace pw
