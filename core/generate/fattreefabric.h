#pragma once

#include "generate/computelayout.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace pw {

class DesignBuilder;
struct CatalogItem;

// k-ary fat-tree (Al-Fares et al., SIGCOMM 2008): k pods of k/2 edge and k/2 aggregation
// switches, (k/2)^2 core switches, k/2 host ports per edge switch; k^3/4 host ports in all. Each
// compute port of a server is one host port, dealt round-robin over its pod's edge switches (a
// server with two or more ports is on two or more edges). Only the pods the hosts need are built; the core is
// always complete. Edge, aggregation and core switches are the leaf, spine and core tiers.
// ufm (InfiniBand): the subnet managers (SubnetManagers: a high-availability pair as in the DGX
// SuperPOD RA), whose compute ports take the host ports after the servers' (so they need room among
// the k^3/4).
class FatTreeFabric {
public:
    [[nodiscard]] static std::optional<QString> build(DesignBuilder& builder, const CatalogItem& server,
        const CatalogItem& sw, int k, int nodes, const CatalogItem* ufm, ComputeLayout& layout, QStringList& notes);
};

} // namespace pw
