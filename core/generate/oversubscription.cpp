#include "generate/oversubscription.h"

#include <QStringList>

namespace pw {

std::optional<Oversubscription> Oversubscription::parse(const QString& text)
{
    const QStringList parts = text.trimmed().split(QLatin1Char(':'));
    if (parts.size() != 2)
        return std::nullopt;
    bool okDown = false;
    bool okUp = false;
    const int d = parts[0].trimmed().toInt(&okDown);
    const int u = parts[1].trimmed().toInt(&okUp);
    if (!okDown || !okUp || d <= 0 || u <= 0 || d > 64 || u > 64)
        return std::nullopt;
    return Oversubscription{d, u};
}

int Oversubscription::uplinksFor(int downlinks) const
{
    const int u = (downlinks * up + down - 1) / down;
    return u < 1 ? 1 : u;
}

} // namespace pw
