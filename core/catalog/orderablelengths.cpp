#include "catalog/orderablelengths.h"

#include "catalog/catalogitem.h"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

namespace pw {

namespace {

// The lengths the part's entry lists, ascending (the catalog parser checked them); empty: none.
const std::vector<double>& listOf(const CatalogItem* cable)
{
    static const std::vector<double> none;
    return cable && cable->cable ? cable->cable->lengthsM : none;
}

// A million-GPU design's millions of links fall in a few dozen lengths: each length's text is
// made once per thread (formatting a double was a tenth of `report`, issue 29).
QString metresText(double m)
{
    thread_local std::vector<std::pair<double, QString>> made;
    for (const auto& [metres, text] : made)
        if (metres == m)
            return text;
    QString text = QStringLiteral("%1 m").arg(m);
    if (made.size() < 64)
        made.emplace_back(m, text);
    return text;
}

} // namespace

const std::vector<double>& OrderableLengths::standard()
{
    static const std::vector<double> lengths{0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 5.0, 7.0, 10.0, 15.0, 20.0, 30.0, 50.0,
        100.0, 150.0, 200.0, 300.0, 500.0, 1000.0, 2000.0};
    return lengths;
}

bool OrderableLengths::listed(const CatalogItem* cable)
{
    return !listOf(cable).empty();
}

std::vector<double> OrderableLengths::of(const CatalogItem* cable)
{
    return listed(cable) ? listOf(cable) : standard();
}

std::optional<double> OrderableLengths::binned(const CatalogItem* cable, double metres)
{
    if (!(metres > 0) || !std::isfinite(metres))
        return std::nullopt;
    // Called once per link: the catalog's list is read once per call, the standard one not copied.
    const bool isListed = listed(cable);
    const std::vector<double> catalogLengths = isListed ? of(cable) : std::vector<double>();
    for (double l : isListed ? catalogLengths : standard())
        if (metres <= l + 1e-9)
            return l;
    if (isListed)
        return std::nullopt;
    return std::ceil(metres); // beyond the standard lengths: cut to the metre
}

QString OrderableLengths::lengthClass(const CatalogItem* cable, double metres)
{
    if (!(metres > 0))
        return QStringLiteral("unspecified");
    if (const std::optional<double> l = binned(cable, metres))
        return metresText(*l);
    return QStringLiteral("%1, longer than the %2 it is made in").arg(metresText(metres), metresText(of(cable).back()));
}

std::optional<double> OrderableLengths::metresOf(const QString& lengthClass)
{
    if (!lengthClass.endsWith(QLatin1String(" m")))
        return std::nullopt;
    bool ok = false;
    const double m = lengthClass.chopped(2).toDouble(&ok);
    return ok ? std::optional<double>(m) : std::nullopt;
}

} // namespace pw
