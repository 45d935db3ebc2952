#pragma once

#include "generate/generatoroptions.h"
#include "util/strongid.h"

#include <QPointF>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace pw {

class DesignBuilder;
struct CatalogItem;

// The networks beside the compute fabric (DGX SuperPOD RA): a storage fabric of its own with
// storage systems sized to the RA's storage guidance tier, the in-band management Ethernet with
// head nodes, and the out-of-band 1 GbE network reaching every BMC, PDU and switch management port.
class ServiceNetworks {
public:
    // Storage systems needed for the tier: per-SU aggregate read and write (GB/s) scale with the
    // number of scalable units (nodes / 32).
    [[nodiscard]] static int storageSystemsFor(StorageTier tier, int nodes, const CatalogItem& storage);

    [[nodiscard]] static std::optional<QString> buildStorage(DesignBuilder& b, const std::vector<NodeId>& servers,
                                                             const CatalogItem& storage, StorageTier tier,
                                                             const CatalogItem& sw, QPointF origin,
                                                             std::vector<NodeId>& placed, QStringList& notes);
    [[nodiscard]] static std::optional<QString> buildInBand(DesignBuilder& b, const std::vector<NodeId>& servers,
                                                            QPointF origin, std::vector<NodeId>& placed, QStringList& notes);
    // Every out-of-band port of every node present, then the OOB switches' own management ports.
    [[nodiscard]] static std::optional<QString> buildOutOfBand(DesignBuilder& b, QPointF origin,
                                                               std::vector<NodeId>& placed, QStringList& notes);
};

} // namespace pw
