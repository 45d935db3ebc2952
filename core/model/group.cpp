#include "model/group.h"

namespace pw {

QString toString(GroupKind kind)
{
    switch (kind) {
    case GroupKind::Rack:
        return QStringLiteral("rack");
    case GroupKind::ScalableUnit:
        return QStringLiteral("su");
    case GroupKind::Pod:
        return QStringLiteral("pod");
    }
    return {};
}

std::optional<GroupKind> groupKindFromString(const QString& text)
{
    if (text == QLatin1String("rack"))
        return GroupKind::Rack;
    if (text == QLatin1String("su"))
        return GroupKind::ScalableUnit;
    if (text == QLatin1String("pod"))
        return GroupKind::Pod;
    return std::nullopt;
}

} // namespace pw
