#include "repoprovenance.h"

#include "model/design.h"

namespace pw {

std::optional<RepoProvenance> RepoProvenance::of(const Design& design)
{
    const QJsonObject o = design.properties().value(QLatin1String(kProperty)).toObject();
    const int revision = o.value(QLatin1String("revision")).toInt(0);
    const QString name = o.value(QLatin1String("design")).toString();
    if (revision < 1 || name.isEmpty())
        return std::nullopt;
    return RepoProvenance{name, revision};
}

void RepoProvenance::set(Design& design, const RepoProvenance& provenance)
{
    QJsonObject p = design.properties();
    p.insert(QLatin1String(kProperty),
        QJsonObject{{QStringLiteral("design"), provenance.design}, {QStringLiteral("revision"), provenance.revision}});
    design.setProperties(p);
}

void RepoProvenance::clear(Design& design)
{
    QJsonObject p = design.properties();
    p.remove(QLatin1String(kProperty));
    design.setProperties(p);
}

} // namespace pw
