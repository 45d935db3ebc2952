#pragma once

#include "model/portref.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

namespace pw {

class Catalog;
class Command;
class Design;
struct CatalogItem;

// Cabling of one hand-made link: which catalog cables fit its two ports, which one to take for a
// length (copper while it reaches, optics by reach beyond, as the generator's CablePlanner), the
// transceivers a fibre needs at both ends, and the length when the user gives none. The optics
// are counted by OpticsPlan from the link's transceiver and the modules in the design's snapshot,
// so choosing a fibre here records the module of each end.
class LinkCabling {
public:
    struct Pick {
        QString cable; // empty when nothing in the catalog fits and reaches
        QString transceiver; // the link's module, empty for copper
        QStringList modules; // every catalog item the link needs in the snapshot (cable, module of each end)
        double lengthM = 0;
        QString why; // when no cable fits: why
        [[nodiscard]] bool ok() const { return !cable.isEmpty(); }
    };

    // Catalog cables (and cables already in the design's snapshot) that fit both ports: same
    // connector and enough speed for copper and active cables, RJ45 for RJ45 ports, fibre when both
    // ends have a module; when lengthM > 0 also long enough. In sku order.
    [[nodiscard]] static std::vector<const CatalogItem*> cablesThatFit(
        const Design& design, const Catalog& catalog, PortRef a, PortRef b, double lengthM = 0);
    // The usual cable for the two ports at this length.
    [[nodiscard]] static Pick choose(
        const Design& design, const Catalog& catalog, PortRef a, PortRef b, double lengthM);
    // The given cable for the two ports, with the modules a fibre needs; refused (why) when it does not fit.
    [[nodiscard]] static Pick withCable(
        const Design& design, const Catalog& catalog, PortRef a, PortRef b, const QString& cableSku, double lengthM);
    // An estimate of the cable run between two nodes, in half-metre steps: in one rack, up or down
    // the rack (44.45 mm per U) plus a metre of dressing (2 m when a node has no U yet); elsewhere a
    // metre per 100 design units of canvas distance (Manhattan) plus 3 m for the trays at the ends.
    [[nodiscard]] static double estimateLengthM(const Design& design, NodeId a, NodeId b);
    static constexpr double kDesignUnitsPerMetre = 100.0;

    // The commands that add the link with its cable: the catalog items the link needs join the
    // snapshot, then ConnectCommand. Null (why set) when no cable fits.
    [[nodiscard]] static std::vector<std::unique_ptr<Command>> connectCommands(
        const Design& design, const Catalog& catalog, PortRef a, PortRef b, const Pick& pick);
};

} // namespace pw
