#pragma once

#include "catalog/catalogitem.h"
#include "util/strongid.h"

#include <QPointF>
#include <QString>

#include <climits>
#include <vector>

namespace pw {

class DesignBuilder;

// The subnet managers of one InfiniBand fabric, the same rule for every topology and for the
// storage fabric: NVIDIA DGX SuperPOD RA for DGX H100 (RA-11333-001), Table 7: 4 UFM appliances in
// the 4-SU design, a high-availability pair per InfiniBand fabric (compute and storage); Table 4:
// compute-fabric cables = 8 x nodes + 4 (the pair's 2 x 2 ports).
struct SubnetManagers {
    // Appliances per InfiniBand fabric (DGX SuperPOD RA: a high-availability pair).
    static constexpr int kPerFabric = 2;

    int appliances = 0; // 0: no subnet manager (Ethernet fabric, management off, or no ports)
    int group = -1; // the appliance's port group on this fabric
    int portsEach = 0;

    [[nodiscard]] int ports() const { return appliances * portsEach; }
    [[nodiscard]] bool any() const { return appliances > 0; }
    // "the UFM pair (subnet manager, high availability)" or "the UFM appliance (subnet manager)".
    [[nodiscard]] QString who() const;

    // The subnet managers of a fabric whose ports have the role (compute or storage), on an
    // appliance ufm (nullptr: none), with room for that many ports (e.g. one server slot of a
    // rail-optimized SU: 8 rails hold 2 x 2 ports). A pair on all their ports where they fit, else a
    // pair on room / 2 ports each (one plane of 2 rails: 1 each), else one appliance on one port.
    [[nodiscard]] static SubnetManagers of(const CatalogItem* ufm, PortRole role, int room = INT_MAX);

    // Adds the appliances ("<prefix>-1", "<prefix>-2") side by side from `at`; their fabric ports are
    // the caller's to connect (each topology has its own place for them).
    std::vector<NodeId> add(DesignBuilder& b, const CatalogItem& ufm, const QString& prefix, QPointF at, double spacing,
        GroupId unit = {}) const;
};

} // namespace pw
