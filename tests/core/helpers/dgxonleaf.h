#pragma once

// A fabric bring-up fixture (tst_ibfabric, tst_lldpverification): DGX H100 servers with every
// compute port on one leaf of the shipped catalog. Header-only.

#include "helpers/rulesfixture.h"
#include "helpers/testcatalog.h"

#include <vector>

namespace pw::test {

// A shipped catalog item; a missing one ends the test run.
inline const CatalogItem& shipped(const char* sku)
{
    const CatalogItem* item = shippedCatalog().item(QLatin1String(sku));
    if (!item)
        qFatal("no %s in the shipped catalog", sku);
    return *item;
}

struct OneLeaf {
    fx::Builder b;
    NodeId leaf;
    std::vector<NodeId> servers;
};

// `servers` DGX H100 (dgx-001, ...) with every compute port on one `leafSku` switch (leaf-01), in
// port order: server s's port p on the leaf's port 8s + p (0-based).
inline OneLeaf dgxOnOneLeaf(const char* leafSku, int servers)
{
    OneLeaf f;
    f.leaf = f.b.add(shipped(leafSku), QStringLiteral("leaf-01"), Network::Compute, FabricTier::Leaf);
    for (int s = 0; s < servers; ++s) {
        const NodeId dgx = f.b.add(shipped("dgx-h100"), QStringLiteral("dgx-%1").arg(s + 1, 3, 10, QLatin1Char('0')));
        f.servers.push_back(dgx);
        for (int p = 0; p < 8; ++p)
            f.b.link(PortRef{dgx, p}, PortRef{f.leaf, 8 * s + p});
    }
    return f;
}

} // namespace pw::test
