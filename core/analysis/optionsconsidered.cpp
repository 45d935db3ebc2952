#include "analysis/optionsconsidered.h"

#include <QJsonArray>

namespace pw {

QJsonObject OptionsConsidered::toJson() const
{
    QJsonArray list;
    for (const DesignOption& o : options)
        list.append(o.toJson());
    return QJsonObject{
        {QStringLiteral("chosen"), chosen}, {QStringLiteral("why"), why}, {QStringLiteral("options"), list}};
}

std::optional<OptionsConsidered> OptionsConsidered::ofProperties(const QJsonObject& properties)
{
    const QJsonValue v = properties.value(QLatin1String(kKey));
    if (!v.isObject())
        return std::nullopt;
    const QJsonObject o = v.toObject();
    OptionsConsidered r;
    r.chosen = o.value(QLatin1String("chosen")).toString();
    r.why = o.value(QLatin1String("why")).toString();
    for (const QJsonValue& e : o.value(QLatin1String("options")).toArray())
        if (auto option = DesignOption::fromJson(e.toObject()))
            r.options.push_back(std::move(*option));
    if (r.options.empty() && r.chosen.isEmpty())
        return std::nullopt;
    return r;
}

QJsonObject OptionsConsidered::storedIn(QJsonObject properties) const
{
    properties.insert(QLatin1String(kKey), toJson());
    return properties;
}

QString OptionsConsidered::pickedWhy(const DesignOption& picked, const DesignOption* cheapest)
{
    if (cheapest && cheapest->name == picked.name)
        return QStringLiteral("%1 is the cheapest option that meets the oversubscription asked for and passes "
                              "validation; the architect picked it")
            .arg(picked.name);
    return QStringLiteral("the architect picked %1 over the cheapest option meeting the oversubscription asked for%2")
        .arg(picked.name, cheapest ? QStringLiteral(" (%1)").arg(cheapest->name) : QString());
}

} // namespace pw
