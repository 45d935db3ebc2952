#pragma once

#include "catalog/catalog.h"
#include "model/design.h"

#include <memory>

namespace pw::test {

// The shipped catalog (PODWRIGHT_CATALOG_DIR points at the source tree's catalogs/).
const Catalog& shippedCatalog();

// A small hand-built design: two DGX H100 on one QM9700 leaf (compute), an SN2201 for
// out-of-band, one rack. Built through commands so it is a realistic edited design.
Design smallDesign();

// Adds a node of the given sku through AddNodeCommand; asserts success.
NodeId addNode(Design& design, const QString& sku, const QString& name, Network network = Network::None);

} // namespace pw::test
