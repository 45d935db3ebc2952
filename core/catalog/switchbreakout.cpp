#include "catalog/switchbreakout.h"

#include "catalog/catalogitemparser.h"

#include <QJsonArray>
#include <QRegularExpression>

namespace pw {

QString SwitchBreakout::skuOf(const CatalogItem& sw, const PortBreakout& breakout)
{
    return QStringLiteral("%1-%2x%3g").arg(sw.sku).arg(breakout.portsPerCage).arg(breakout.speedGbps);
}

bool SwitchBreakout::isSwitch(const QString& sku, const QString& base)
{
    static const QRegularExpression suffix(QStringLiteral("^-\\d+x\\d+g$"));
    return sku == base || (sku.startsWith(base) && suffix.match(sku.mid(base.size())).hasMatch());
}

std::optional<CatalogItem> SwitchBreakout::variant(const CatalogItem& sw, int group, const PortBreakout& breakout)
{
    if (group < 0 || group >= static_cast<int>(sw.portGroups.size()) || breakout.portsPerCage < 1)
        return std::nullopt;
    const PortGroup& native = sw.portGroups[static_cast<size_t>(group)];
    const int cages = native.count / std::max(1, native.portsPerCage);
    const int ports = cages * breakout.portsPerCage;
    const QString runAs = QStringLiteral("%1x%2G").arg(breakout.portsPerCage).arg(breakout.speedGbps);

    QJsonObject entry = sw.snapshotJson();
    QJsonArray groups = entry.value(QLatin1String("port_groups")).toArray();
    QJsonObject g = groups.at(group).toObject();
    g.insert(QLatin1String("count"), ports);
    g.insert(QLatin1String("speeds_gbps"), QJsonArray{breakout.speedGbps});
    g.insert(QLatin1String("ports_per_cage"), breakout.portsPerCage);
    g.insert(QLatin1String("source"), breakout.source);
    g.remove(QLatin1String("breakouts"));
    groups.replace(group, g);
    entry.insert(QLatin1String("port_groups"), groups);
    // The radix counts the fabric ports, so it follows them (64 cages as 2 x 200G: 128).
    QJsonObject spec = entry.value(QLatin1String("switch")).toObject();
    if (spec.value(QLatin1String("radix")).toInt() == native.count)
        spec.insert(QLatin1String("radix"), ports);
    entry.insert(QLatin1String("switch"), spec);
    entry.insert(QLatin1String("sku"), skuOf(sw, breakout));
    entry.insert(QLatin1String("model"), QStringLiteral("%1, cages run %2").arg(sw.model, runAs));
    entry.insert(QLatin1String("description"),
        QStringLiteral("%1; its %2 %3 cages run %4 (%5 ports)")
            .arg(sw.description)
            .arg(cages)
            .arg(native.connector, runAs)
            .arg(ports));
    auto parsed = CatalogItemParser::parse(entry);
    if (auto* item = std::get_if<CatalogItem>(&parsed)) {
        item->originFile = sw.originFile;
        return std::move(*item);
    }
    return std::nullopt;
}

} // namespace pw
