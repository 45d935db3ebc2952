#pragma once

#include "catalog/catalog.h"
#include "model/design.h"

#include <QString>

#include <memory>
#include <set>
#include <tuple>

namespace pw::testing {

// The shipped catalog, loaded once per test executable.
inline const Catalog& testCatalog()
{
    static std::unique_ptr<Catalog> catalog = Catalog::loadDefault();
    return *catalog;
}

inline QString samplePath()
{
    return qEnvironmentVariable("PODWRIGHT_SOURCE_DIR")
        + QStringLiteral("/resources/samples/minimum-viable-cluster.json");
}

// What the canvas should draw for a fully expanded design: one bundle per pair of nodes and network.
inline int expectedBundles(const Design& d)
{
    std::set<std::tuple<quint32, quint32, int>> pairs;
    d.links().forEach([&](const Link& l) {
        const quint32 a = std::min(l.a.node.value(), l.b.node.value());
        const quint32 b = std::max(l.a.node.value(), l.b.node.value());
        pairs.insert({a, b, int(d.linkNetwork(l))});
    });
    return int(pairs.size());
}

} // namespace pw::testing
