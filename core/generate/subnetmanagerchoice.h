#pragma once

#include "catalog/catalogitem.h"

namespace pw {

class Catalog;

// The subnet-manager appliance (UFM) for an InfiniBand fabric, chosen by catalog attributes, never
// by SKU: an appliance with the catalog role subnet-manager and has ports of the given role (compute or
// storage fabric) that share a speed with the switch's fabric ports. Of several, the one that
// reaches the switch's fastest common speed, then the slower (older) appliance, then the first
// SKU: a Quantum-2 fabric keeps its NDR appliance, a Quantum-X800 fabric gets one with XDR ports
// (DGX SuperPOD B300 XDR RA: UFM on the XDR compute fabric).
class SubnetManagerChoice {
public:
    [[nodiscard]] static const CatalogItem* forSwitch(
        const Catalog& catalog, const CatalogItem& fabricSwitch, PortRole role);
    [[nodiscard]] static bool isSubnetManager(const CatalogItem& item);
};

} // namespace pw
