#pragma once

#include <QString>

namespace pw {

class Catalog;

// Which catalog cable or transceiver suits a port (NVIDIA LinkX families in the shipped catalog).
// Shared by the generator (choosing) and the analysis (counting modules per port end).
class OpticsRules {
public:
    // The transceiver for one end of an optical link: twin-port OSFP cages take a twin-port
    // module (one module, two links), single-port cages a single-port one. Empty when none fits.
    [[nodiscard]] static QString transceiverFor(const QString& connector, int portsPerCage, bool singleMode);
    // Copper cable inside a rack for two ports of these connectors, or empty.
    [[nodiscard]] static QString copperFor(const QString& a, const QString& b, double metres);
    [[nodiscard]] static QString fiberFor(bool singleMode)
    {
        return singleMode ? QStringLiteral("fiber-mpo-sm") : QStringLiteral("fiber-mpo-mm");
    }
    static constexpr double kMultimodeReachM = 50;

    // The fiber and the link's module for an optical link of `metres` between two ports, chosen by
    // reach from the catalog: multimode while both ends' modules and the multimode fiber reach
    // (their max_reach_m / max_length_m), else single-mode under the same condition. Both empty
    // when nothing in the catalog reaches (the link is then left without a cable, never given one
    // that is too short). The module is the one of the end with more ports per cage.
    struct Optical {
        QString fiber;
        QString transceiver;
        [[nodiscard]] bool ok() const { return !fiber.isEmpty(); }
    };
    [[nodiscard]] static Optical opticalFor(const Catalog& catalog, const QString& connectorA, int portsPerCageA,
        const QString& connectorB, int portsPerCageB, double metres);
    // Whether a catalog cable reaches `metres` (a cable without a stated maximum length does).
    [[nodiscard]] static bool cableReaches(const Catalog& catalog, const QString& sku, double metres);
};

} // namespace pw
