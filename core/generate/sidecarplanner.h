#pragma once

#include <QJsonObject>
#include <QStringList>

namespace pw {

class Catalog;
class DesignBuilder;
class RackPlanner;
struct CatalogItem;
struct HallParameters;
struct SidecarPower;

// The sidecar power racks of a design on an 800 VDC power chain (power_chain "distribution":
// "800vdc"). In each floor row, the racks of systems that accept 800 VDC are taken in slot order
// and given one sidecar per run of racks it can carry (at most its racks_fed, and their draw in
// the design's power mode at most its capacity_kw); the sidecar stands right after the last rack of
// its run, as a CDU stands after its loop, so the power chain's rule (a rack is fed by the sidecar
// nearest after it in its row, SidecarChain) gives each sidecar the racks it was placed for.
class SidecarPlanner {
public:
    // The catalog's sidecar power rack (an item with sidecar_power); the largest when there are
    // several. Null when the catalog has none.
    [[nodiscard]] static const CatalogItem* sidecarOf(const Catalog& catalog);
    // Racks of `rackKw` each one sidecar feeds: capacity / rackKw rounded down, at least 1 and at
    // most racks_fed.
    [[nodiscard]] static int racksPerSidecar(const SidecarPower& sidecar, double rackKw);
    // Positions a row of `racks` racks of `rackKw` each needs for its sidecars (0 unless the
    // properties pick 800 VDC and `sidecar` is given).
    [[nodiscard]] static int slotsFor(
        int racks, double rackKw, const CatalogItem* sidecar, const QJsonObject& designProperties);
    // Places the sidecars of the design as it stands (its racks placed), with the power chain and
    // power mode of `designProperties`. Returns the sidecars placed; says what it did in `notes`.
    static int place(DesignBuilder& b, RackPlanner& racks, const HallParameters& hall, const Catalog& catalog,
        const QJsonObject& designProperties, QStringList& notes);
};

} // namespace pw
