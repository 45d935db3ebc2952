#include "validate/finding.h"

#include <QJsonArray>

#include <algorithm>

namespace pw {

QString toString(Severity severity)
{
    switch (severity) {
    case Severity::Error:
        return QStringLiteral("error");
    case Severity::Warning:
        return QStringLiteral("warning");
    case Severity::Info:
        return QStringLiteral("info");
    }
    return {};
}

QJsonObject Finding::toJson() const
{
    QJsonArray ents;
    for (const EntityRef& e : entities)
        ents.append(e.toString());
    QJsonObject o{
        {QStringLiteral("code"), code},
        {QStringLiteral("severity"), toString(severity)},
        {QStringLiteral("message"), message},
        {QStringLiteral("entities"), ents},
        {QStringLiteral("explanation"), explanation},
        {QStringLiteral("waived"), waived()},
    };
    if (waiver)
        o.insert(QStringLiteral("waiver"), waiver->toJson());
    return o;
}

} // namespace pw
