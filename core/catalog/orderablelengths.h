#pragma once

#include <QString>

#include <optional>
#include <vector>

namespace pw {

struct CatalogItem;

// The lengths a cable is ordered in: the ones its catalog entry lists (CableSpec::lengthsM, sourced
// with the entry), else the standard lengths below (estimate: the lengths cables and fibre
// patch leads are commonly sold in, DAC/ACC to 5 m and optics beyond; no vendor source). A run is
// ordered in the shortest orderable length that covers it; a run longer than every length of a
// part that lists its own is not orderable in that part.
class OrderableLengths {
public:
    [[nodiscard]] static const std::vector<double>& standard();
    // The part's lengths, ascending (its own list, or the standard ones; the standard ones for no part).
    [[nodiscard]] static std::vector<double> of(const CatalogItem* cable);
    // Whether the catalog entry lists its own lengths.
    [[nodiscard]] static bool listed(const CatalogItem* cable);
    // The length a run of `metres` is ordered in; nothing when no length of the part covers it or
    // the run has no length. Standard lengths beyond 2 km: whole metres.
    [[nodiscard]] static std::optional<double> binned(const CatalogItem* cable, double metres);
    // The bill of materials' length class: "2.5 m"; "unspecified" for a run without a length;
    // "7.5 m, longer than the 3 m it is made in" when the part does not come that long.
    [[nodiscard]] static QString lengthClass(const CatalogItem* cable, double metres);
    // The ordered length a class names ("2.5 m" -> 2.5), nothing for the other classes.
    [[nodiscard]] static std::optional<double> metresOf(const QString& lengthClass);
};

} // namespace pw
