#pragma once

#include <QJsonObject>
#include <QStringList>

namespace pw {

class Catalog;
class DesignBuilder;
class RackPlanner;
struct CatalogItem;
struct HallParameters;

// The coolant distribution units of a generated design. Liquid-cooled racks need CDUs to carry the
// heat of their cold plates into the facility water; air-cooled designs get none. The loops are
// the power chain's (PowerChain: the liquid-cooled racks of a row, racks_per_loop at a time), each
// gets the CDUs its liquid heat needs plus the spares FacilityAssumptions states (N+1 unless the
// design's power_chain says otherwise), and they stand right after the loop's racks in its row, so
// the power chain's loop assignment (a CDU feeds the loop of the racks just before it) gives each
// CDU to the loop it was placed for: one definition, read by power, failures, the floor view and
// the report.
class CoolantPlanner {
public:
    // The catalog's CDU (an item with cooling_capacity_kw); the largest when there are several
    // (fewest units on the floor). Null when the catalog has none.
    [[nodiscard]] static const CatalogItem* cduOf(const Catalog& catalog);
    // Positions a row of `racks` liquid-cooled racks of at most `rackKw` each may need for its CDUs
    // (an upper bound for spacing the rows: every watt taken as liquid heat).
    [[nodiscard]] static int slotsFor(
        int racks, double rackKw, const CatalogItem* cdu, const QJsonObject& designProperties);
    // Places the CDUs of every coolant loop of the design as it stands (its racks placed), with the
    // power chain settings of `designProperties` (the generator's, not yet in the design). Returns
    // the CDUs placed; says what it did in `notes`.
    static int place(DesignBuilder& b, RackPlanner& racks, const HallParameters& hall, const Catalog& catalog,
        const QJsonObject& designProperties, QStringList& notes);
};

} // namespace pw
