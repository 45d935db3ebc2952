#pragma once

#include "util/band.h"

#include <QString>

namespace pw {

// One line of a bill of materials: a catalog item (for cables, in one length class), how many,
// the unit price and where that price came from (list, estimate, price-book, override).
struct BomLine {
    QString category; // servers, storage, switches, appliances, nics, racks, pdus, cables, transceivers
    QString sku;
    QString description;
    QString lengthClass; // cables: the standard length the cable is ordered in, e.g. "3 m"
    int quantity = 0;
    double unitPrice = 0; // USD, the mid of unitBand
    Band unitBand; // low, mid and high unit price (a point for list, price-book and override prices)
    QString priceKind;
    QString priceSource;
    QString bandSource; // where the band's ends come from (empty for a point)
    bool spare = false; // spares bought beside the installed parts (a CPO switch's laser modules)

    [[nodiscard]] double extendedPrice() const { return quantity * unitPrice; }
    [[nodiscard]] Band extendedBand() const { return unitBand * quantity; }
    bool operator==(const BomLine&) const = default;
};

} // namespace pw
