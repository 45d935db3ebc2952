#pragma once

#include "cost/bomline.h"

#include <QJsonObject>
#include <QString>

#include <map>
#include <utility>
#include <vector>

namespace pw {

class Design;
struct CatalogItem;
class OpticsPlan;
class PriceBook;
struct LaserSources;

// The bill of materials derived from a design (never typed twice): every node by catalog item,
// racks from rack groups, cables by type and length class, transceivers by type, and a
// co-packaged-optics switch's laser-source modules (installed, and a spares line). Prices come from
// the design's catalog snapshot (list, estimate or price-book) unless a node overrides its price.
// As CSV: export/bomcsv.h (one writer for the CLI, the export menu and the report).
class BillOfMaterials {
public:
    [[nodiscard]] static BillOfMaterials of(const Design& design);
    // The same, with the design's transceivers already counted (CostModel counts them once).
    [[nodiscard]] static BillOfMaterials of(const Design& design, const OpticsPlan& optics);
    // The same, priced with a team price book (null: none): a listed item's lines take the book's
    // price (kind "price-book"); a price set on a node still wins.
    [[nodiscard]] static BillOfMaterials of(const Design& design, const OpticsPlan& optics, const PriceBook* book);

    [[nodiscard]] const std::vector<BomLine>& lines() const { return mLines; }
    [[nodiscard]] double total() const;
    // The total as a band: every line's low, mid (= total()) and high ends added up.
    [[nodiscard]] Band totalBand() const;
    [[nodiscard]] double totalOf(const QString& category) const;
    // Links with no cable chosen: they cost nothing here, so the total is a lower bound.
    [[nodiscard]] int uncabledLinks() const { return mUncabledLinks; }

    [[nodiscard]] QString toText() const;
    [[nodiscard]] QJsonObject toJson() const;

    // The cables a design buys, by part and length class: one per link, one per `split` links of a
    // splitter, and one per cage pair of a twin-port cable (SharedCables); links whose cable is not
    // in the design's snapshot (or that have none) are counted apart. The bill of materials and the
    // fabric analysis' inventory both read it.
    struct Cables {
        std::map<std::pair<const CatalogItem*, QString>, int> bought;
        int uncabledLinks = 0;
    };
    [[nodiscard]] static Cables cablesOf(const Design& design);

    // Spare laser-source modules bought for `switches` CPO switches: the catalog's share of the
    // installed modules, rounded up (432 installed at 5% -> 22).
    [[nodiscard]] static int laserSpares(const LaserSources& lasers, int switches);
    // The standard length a cable of `meters` is ordered in ("unspecified" for 0).
    [[nodiscard]] static QString lengthClass(double meters);

private:
    std::vector<BomLine> mLines;
    int mUncabledLinks = 0;
};

} // namespace pw
