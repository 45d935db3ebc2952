#include "validate/entityref.h"

namespace pw {

QString EntityRef::toString() const
{
    const char* prefix = kind == Kind::Node ? "node" : kind == Kind::Link ? "link" : "group";
    return QStringLiteral("%1:%2").arg(QLatin1String(prefix)).arg(id);
}

std::optional<EntityRef> EntityRef::fromString(const QString& text)
{
    const qsizetype colon = text.indexOf(QLatin1Char(':'));
    if (colon <= 0)
        return std::nullopt;
    const QString prefix = text.left(colon);
    bool ok = false;
    const uint id = text.mid(colon + 1).toUInt(&ok);
    if (!ok || id == 0)
        return std::nullopt;
    if (prefix == QLatin1String("node"))
        return EntityRef{Kind::Node, id};
    if (prefix == QLatin1String("link"))
        return EntityRef{Kind::Link, id};
    if (prefix == QLatin1String("group"))
        return EntityRef{Kind::Group, id};
    return std::nullopt;
}

} // namespace pw
