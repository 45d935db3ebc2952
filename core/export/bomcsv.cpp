#include "export/bomcsv.h"

#include "catalog/orderablelengths.h"
#include "cost/billofmaterials.h"
#include "export/csv.h"

namespace pw {

namespace {

// The binned length of a cable line as a number (OrderableLengths), empty for other lines.
QString ordered(const QString& lengthClass)
{
    const std::optional<double> m = OrderableLengths::metresOf(lengthClass);
    return m ? QString::number(*m) : QString();
}

} // namespace

QStringList BomCsv::header()
{
    return {QStringLiteral("category"), QStringLiteral("sku"), QStringLiteral("description"),
        QStringLiteral("length_class"), QStringLiteral("quantity"), QStringLiteral("unit_price_usd"),
        QStringLiteral("extended_price_usd"), QStringLiteral("price_kind"), QStringLiteral("price_source"),
        QStringLiteral("ordered_length_m")};
}

QByteArray BomCsv::write(const BillOfMaterials& bom)
{
    QString s = csv::record(header());
    for (const BomLine& l : bom.lines())
        s += csv::record({l.category, l.sku, l.description, l.lengthClass, QString::number(l.quantity),
            QString::number(l.unitPrice, 'f', 2), QString::number(l.extendedPrice(), 'f', 2), l.priceKind,
            l.priceSource, ordered(l.lengthClass)});
    return s.toUtf8();
}

QByteArray BomCsv::write(const Design& design)
{
    return write(BillOfMaterials::of(design));
}

} // namespace pw
