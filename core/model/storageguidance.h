#pragma once

#include "model/storagetier.h"

namespace pw {

struct CatalogItem;

// The NVIDIA DGX SuperPOD H100 RA's guidelines for storage performance (fabric-rules.md, GB/s):
// single-node read and write, single-SU aggregate read and write per tier. Larger systems scale
// the SU rows linearly with the number of SUs. One source for the generator (which sizes storage
// to it) and the validator (which checks it), so a generated design passes its own rules.
struct StorageGuidance {
    double nodeRead = 0;
    double nodeWrite = 0;
    double suRead = 0;
    double suWrite = 0;

    [[nodiscard]] static StorageGuidance of(StorageTier tier);
    // Scalable units the SU rows scale with: servers / servers per SU, fractional (a quarter SU of
    // servers needs a quarter of the SU's aggregate), never below one node's share.
    [[nodiscard]] static double scalableUnits(int servers, int serversPerSu = kServersPerSu);
    // Aggregate the storage systems must deliver for `servers`: the SU rows x scalableUnits, and at
    // least what one node alone reads or writes (the single-node row).
    [[nodiscard]] double aggregateRead(int servers, int serversPerSu = kServersPerSu) const;
    [[nodiscard]] double aggregateWrite(int servers, int serversPerSu = kServersPerSu) const;

    // Servers per scalable unit of a server model: its catalog "scalable_unit" (8 racks for DGX
    // GB200 NVL72, RA-11338), else the DGX SuperPOD's 32 (fabric-rules.md).
    [[nodiscard]] static int serversPerSu(const CatalogItem& server);
    // The server's catalog entry names its scalable unit (its RA's); false: serversPerSu is the default.
    [[nodiscard]] static bool namesScalableUnit(const CatalogItem& server);

    static constexpr int kServersPerSu = 32; // DGX SuperPOD scalable unit (fabric-rules.md)
    // DGX SuperPOD RA (B200, RA-11334-001, via hardware-specs.md section 6): high-performance
    // storage delivers at least 40 GB/s per DGX, whatever the workload's tier.
    static constexpr double kSuperPodNodeIoGBps = 40;
};

} // namespace pw
