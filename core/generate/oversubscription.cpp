#include "generate/oversubscription.h"

#include <QStringList>

#include <numeric>

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

std::optional<Oversubscription::LeafPorts> Oversubscription::leafPorts(int radix, int downGbps, int upGbps) const
{
    if (radix < 2 || downGbps <= 0 || upGbps <= 0)
        return std::nullopt;
    std::optional<LeafPorts> most; // the most downlinks that fit
    for (int d = radix - 1; d >= 1; --d) {
        // Uplinks so that d x downGbps x up <= u x upGbps x down.
        const long long need = static_cast<long long>(d) * downGbps * this->up;
        const long long per = static_cast<long long>(upGbps) * this->down;
        const int u = static_cast<int>((need + per - 1) / per);
        if (d + u > radix)
            continue;
        if (!most)
            most = LeafPorts{d, u};
        // An exact ratio is worth a few idle ports (2:1 of 128: 84 + 42, not 85 + 43), not many.
        if (10 * d < 9 * most->down)
            break;
        if (need == static_cast<long long>(u) * per)
            return LeafPorts{d, u};
    }
    return most;
}

QString Oversubscription::ratioText(long long downGbps, long long upGbps)
{
    if (downGbps <= 0 || upGbps <= 0)
        return {};
    const long long g = std::gcd(downGbps, upGbps);
    return QStringLiteral("%1:%2").arg(downGbps / g).arg(upGbps / g);
}

} // namespace pw
