#pragma once

#include <QByteArray>
#include <QStringList>

namespace pw {

class BillOfMaterials;
class Design;

// The bill of materials as CSV for purchasing: one row per catalog item (cables per length class),
// quantity, unit and extended price in USD with two decimals, and each price's kind and source.
// The extended prices sum to CostModel's capital cost to the cent; no total row, so every row is
// an orderable line. RFC 4180, UTF-8, CRLF.
class BomCsv {
public:
    [[nodiscard]] static QStringList header();
    [[nodiscard]] static QByteArray write(const BillOfMaterials& bom);
    [[nodiscard]] static QByteArray write(const Design& design);
};

} // namespace pw
