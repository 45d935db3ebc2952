#pragma once

#include "generate/oversubscription.h"
#include "model/storagetier.h"

#include <QJsonObject>
#include <QString>

#include <optional>

namespace pw {

enum class TopologyKind { RailOptimized, FatTree, LeafSpine };

[[nodiscard]] QString toString(TopologyKind kind);
[[nodiscard]] std::optional<TopologyKind> topologyKindFromString(const QString& text);

// The dials of a reference design. Either nodes or gpus is set (gpus is rounded up to whole
// servers). Zero means "default": radix = the switch's data ports (fat-tree: k, even), rackPowerKw
// = the server's own rack budget when its catalog entry states one (its RA's rack, e.g. DGX B300:
// 4 per rack at about 56 kW), else the rack item's default budget for the servers' cooling
// (catalog: 41 kW air, four DGX H100; 140 kW liquid).
struct GeneratorOptions {
    QString serverSku; // empty for a fat-tree: generic-host
    int nodes = 0;
    int gpus = 0;
    QString switchSku;
    TopologyKind topology = TopologyKind::RailOptimized;
    int radix = 0;
    Oversubscription oversubscription;
    // Servers per scalable unit (rail-optimized); 0: the server's catalog entry ("scalable_unit"),
    // else 32 (DGX SuperPOD H100/B200).
    int suSize = 0;
    // Compute planes (rail-optimized): the fabric is built as this many separate leaf-spine fabrics,
    // compute port p of every server in plane p % planes, so that the ports of a twin-port NIC sit in
    // two planes (DGX SuperPOD B300 Spectrum-4 RA, RA-11337: twin-planar, "each GPU has 2x 400GbE
    // connectivity through two different planes"). 0: the server's catalog entry ("compute_planes",
    // rail-optimized only), else 1 (one fabric).
    int planes = 0;
    QString storageSku; // empty: no storage fabric
    StorageTier storageTier = StorageTier::Good;
    bool management = true; // in-band, out-of-band, UFM appliances, head nodes
    // When every leaf port of a rail-optimized fabric is taken, add an SU for the subnet manager
    // instead of giving it one server's slot (the DGX SuperPOD RA's choice, the default).
    bool keepEveryNode = false;
    // Below one scalable unit on InfiniBand, two switches of half the rails each (joined by
    // inter-switch links) even where the whole cluster fits one switch (NVIDIA DGX BasePOD: one
    // switch where it fits, which is then a single point of failure).
    bool twoSwitches = false;
    double rackPowerKw = 0;
    QString rackSku; // empty: the catalog's default rack (ItemRole::DefaultRack)
    QString name; // design name; a descriptive default when empty
    // Design properties the result starts with ("intent", "stack"; see model/softwarestack.h): the
    // management plane sizes its head, control-plane and monitoring servers from them.
    QJsonObject properties;
};

} // namespace pw
