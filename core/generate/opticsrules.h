#pragma once

#include <QString>

namespace pw {

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
};

} // namespace pw
