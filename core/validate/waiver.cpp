#include "validate/waiver.h"

#include "validate/finding.h"

#include <algorithm>

namespace pw {

namespace {

std::vector<EntityRef> sortedEntities(const QJsonArray& array)
{
    std::vector<EntityRef> result;
    for (const QJsonValue& v : array)
        if (auto e = EntityRef::fromString(v.toString()))
            result.push_back(*e);
    std::sort(result.begin(), result.end());
    result.erase(std::unique(result.begin(), result.end()), result.end());
    return result;
}

Waiver fromJson(const QJsonObject& o)
{
    Waiver w;
    w.code = o.value(QLatin1String("code")).toString();
    w.entities = sortedEntities(o.value(QLatin1String("entities")).toArray());
    w.reason = o.value(QLatin1String("reason")).toString();
    w.author = o.value(QLatin1String("author")).toString();
    w.date = o.value(QLatin1String("date")).toString();
    return w;
}

} // namespace

bool Waiver::covers(const Finding& finding) const
{
    if (finding.code != code)
        return false;
    if (entities.empty())
        return true;
    return std::includes(entities.begin(), entities.end(), finding.entities.begin(), finding.entities.end());
}

QJsonObject Waiver::toJson() const
{
    QJsonArray ents;
    for (const EntityRef& e : entities)
        ents.append(e.toString());
    return QJsonObject{
        {QStringLiteral("code"), code},
        {QStringLiteral("entities"), ents},
        {QStringLiteral("reason"), reason},
        {QStringLiteral("author"), author},
        {QStringLiteral("date"), date},
    };
}

std::vector<Waiver> Waiver::listFromProperties(const QJsonObject& properties)
{
    std::vector<Waiver> result;
    for (const QJsonValue& v : properties.value(QLatin1String("waivers")).toArray()) {
        Waiver w = fromJson(v.toObject());
        if (!w.code.isEmpty() && !w.reason.trimmed().isEmpty())
            result.push_back(std::move(w));
    }
    return result;
}

QJsonObject Waiver::addedTo(const QJsonObject& properties, const Waiver& waiver)
{
    QJsonObject result = removedFrom(properties, waiver.code, waiver.entities);
    QJsonArray list = result.value(QLatin1String("waivers")).toArray();
    Waiver sorted = waiver;
    std::sort(sorted.entities.begin(), sorted.entities.end());
    list.append(sorted.toJson());
    result.insert(QStringLiteral("waivers"), list);
    return result;
}

QJsonObject Waiver::removedFrom(
    const QJsonObject& properties, const QString& code, const std::vector<EntityRef>& entities)
{
    std::vector<EntityRef> wanted = entities;
    std::sort(wanted.begin(), wanted.end());
    QJsonArray kept;
    for (const QJsonValue& v : properties.value(QLatin1String("waivers")).toArray()) {
        const Waiver w = fromJson(v.toObject());
        if (!(w.code == code && w.entities == wanted))
            kept.append(v);
    }
    QJsonObject result = properties;
    if (kept.isEmpty())
        result.remove(QStringLiteral("waivers"));
    else
        result.insert(QStringLiteral("waivers"), kept);
    return result;
}

} // namespace pw
