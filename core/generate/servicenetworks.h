#pragma once

#include "generate/generatoroptions.h"
#include "util/strongid.h"

#include <QPointF>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace pw {

class Catalog;
class DesignBuilder;
struct CatalogItem;

// The networks beside the compute fabric (DGX SuperPOD RA): a storage fabric of its own with
// storage systems sized to the RA's storage guidance tier, the in-band management Ethernet with
// head nodes, and the out-of-band 1 GbE network reaching every BMC, PDU and switch management port.
class ServiceNetworks {
public:
    // Storage systems needed for the tier: per-SU aggregate read and write (GB/s) scale with the
    // number of scalable units (StorageGuidance::scalableUnits of the server model's SU size, as the
    // validator counts them); in a DGX SuperPOD (superPod) the systems also read at least 40 GB/s,
    // one node's RA minimum.
    [[nodiscard]] static int storageSystemsFor(
        StorageTier tier, int nodes, int serversPerSu, const CatalogItem& storage, bool superPod);
    // The switch of the storage fabric: the compute fabric's switch when its fabric ports share a
    // speed with the storage ports of both the servers and the storage systems (DGX SuperPOD RA),
    // else the catalog switch that does, preferring the fastest common speed, then the storage
    // systems' connector. Where the server's entry names its storage fabric's technology
    // (storage_fabric), only switches of that technology qualify. nullptr when no catalog switch
    // shares a speed with every storage port.
    [[nodiscard]] static const CatalogItem* storageSwitchFor(const Catalog& catalog, const CatalogItem& computeSwitch,
        const CatalogItem& server, const CatalogItem& storage);

    // ufm: the subnet manager of an InfiniBand storage fabric (a high-availability pair of it on
    // its storage-fabric ports, at 1:1 like the storage systems), or nullptr.
    [[nodiscard]] static std::optional<QString> buildStorage(DesignBuilder& b, const std::vector<NodeId>& servers,
        const CatalogItem& storage, StorageTier tier, bool superPod, const CatalogItem& sw, const CatalogItem* ufm,
        QPointF origin, std::vector<NodeId>& placed, QStringList& notes);
    // spineReserve: in-band spine ports kept free for the out-of-band switches' uplinks.
    [[nodiscard]] static std::optional<QString> buildInBand(DesignBuilder& b, const std::vector<NodeId>& servers,
        QPointF origin, std::vector<NodeId>& placed, QStringList& notes, int spineReserve = 0);
    // Every out-of-band port of every node present, then the OOB switches' own management ports.
    // The OOB switches' uplinks into the in-band network: how many were wanted, how many found no
    // free in-band switch port.
    struct Uplinks {
        int wanted = 0;
        int unlinked = 0;
    };
    [[nodiscard]] static std::optional<QString> buildOutOfBand(
        DesignBuilder& b, QPointF origin, std::vector<NodeId>& placed, QStringList& notes, Uplinks* uplinks = nullptr);
};

} // namespace pw
