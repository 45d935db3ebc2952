#pragma once

#include <QString>
#include <QStringList>

namespace pw {

class Catalog;
struct CatalogItem;

// The compute-fabric switch a new design of a server starts from, chosen from the catalog, with
// the sentence that says why. Of the fabric switches at the server's compute speed (candidates()):
// the one its reference architecture's published design uses, else the catalog's default fabric
// switch, else the InfiniBand one with the most ports, else the first. So a DGX B300 or GB300 NVL72 (800 Gb/s
// ports) gets an XDR Quantum-X800, a DGX H100 or B200 (400 Gb/s) the NDR QM9700, and the Spectrum-X
// DGX B300 (its RA's table names the SN5600) a Spectrum switch; no SKU is written in code.
struct FabricSwitchChoice {
    QString sku; // empty when the catalog has no switch at the server's speed
    QString why;

    [[nodiscard]] static FabricSwitchChoice forServer(const CatalogItem& server, const Catalog& catalog);
    // Every fabric switch whose fastest port runs at the server's fastest compute speed (slower
    // ports waste the NIC, faster ones the switch), with the same kind of connector, that the
    // catalog names for no service network; in catalog order.
    [[nodiscard]] static QStringList candidates(const CatalogItem& server, const Catalog& catalog);
};

} // namespace pw
