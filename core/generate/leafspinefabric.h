#pragma once

#include "generate/computelayout.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace pw {

class DesignBuilder;
struct CatalogItem;
struct GeneratorOptions;

// Two-tier leaf-spine of any servers: the servers' compute ports are dealt over blocks of leaves
// (a server with two or more ports reaches two or more leaves; see HostDealing); a leaf of radix R at d:u has floor(R*d/(d+u)) downlinks and the matching uplinks, spread
// evenly over the spines. Refuses when two tiers cannot hold the servers. ufm (InfiniBand): the
// subnet managers (SubnetManagers: a high-availability pair as in the DGX SuperPOD RA), whose
// compute ports take the leaf downlinks after the servers'.
class LeafSpineFabric {
public:
    [[nodiscard]] static std::optional<QString> build(DesignBuilder& builder, const GeneratorOptions& options,
        const CatalogItem& server, const CatalogItem& sw, int nodes, const CatalogItem* ufm, ComputeLayout& layout,
        QStringList& notes);
};

} // namespace pw
