#include "cost/capexbreakdown.h"

#include "cost/billofmaterials.h"

#include <QJsonObject>

#include <algorithm>

namespace pw {

namespace {

void setShares(std::vector<CapexShare>& shares, double total)
{
    for (CapexShare& s : shares)
        s.share = total > 0 ? s.usd / total : 0.0;
}

} // namespace

std::vector<CapexShare> capexByCategory(const BillOfMaterials& bom)
{
    std::vector<CapexShare> shares;
    for (const BomLine& l : bom.lines()) {
        auto it = std::find_if(shares.begin(), shares.end(), [&](const CapexShare& s) { return s.name == l.category; });
        if (it == shares.end())
            it = shares.insert(shares.end(), CapexShare{l.category, {l.category}, 0.0, 0.0});
        it->usd += l.extendedPrice();
    }
    setShares(shares, bom.total());
    return shares;
}

std::vector<CapexShare> capexByArea(const BillOfMaterials& bom)
{
    std::vector<CapexShare> areas{
        {QStringLiteral("Compute"), {QStringLiteral("servers"), QStringLiteral("nics")}, 0.0, 0.0},
        {QStringLiteral("Network"),
            {QStringLiteral("switches"), QStringLiteral("cables"), QStringLiteral("transceivers")}, 0.0, 0.0},
        {QStringLiteral("Storage"), {QStringLiteral("storage")}, 0.0, 0.0},
        {QStringLiteral("Facility and other"), {}, 0.0, 0.0},
    };
    CapexShare& other = areas.back();
    for (const BomLine& l : bom.lines()) {
        auto it = std::find_if(
            areas.begin(), areas.end() - 1, [&](const CapexShare& a) { return a.categories.contains(l.category); });
        CapexShare& area = it == areas.end() - 1 ? other : *it;
        if (&area == &other && !other.categories.contains(l.category))
            other.categories << l.category;
        area.usd += l.extendedPrice();
    }
    setShares(areas, bom.total());
    return areas;
}

QJsonArray toJson(const std::vector<CapexShare>& shares)
{
    QJsonArray out;
    for (const CapexShare& s : shares)
        out.append(QJsonObject{{QStringLiteral("name"), s.name},
            {QStringLiteral("categories"), QJsonArray::fromStringList(s.categories)}, {QStringLiteral("usd"), s.usd},
            {QStringLiteral("share"), s.share}});
    return out;
}

} // namespace pw
