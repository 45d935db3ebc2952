#include "commands/nodechecks.h"

#include "model/design.h"

#include <cmath>

namespace pw {

std::optional<QString> whyInvalidNodeFields(const Design& design, const Node& node)
{
    if (node.name.size() > Design::kMaxNameLength)
        return QStringLiteral("a name is at most %1 characters long").arg(Design::kMaxNameLength);
    if (node.rack.isValid() && (!design.group(node.rack) || design.group(node.rack)->kind != GroupKind::Rack))
        return QStringLiteral("the rack does not exist");
    if (node.unit.isValid() && (!design.group(node.unit) || design.group(node.unit)->kind == GroupKind::Rack))
        return QStringLiteral("the scalable unit or pod does not exist");
    if (node.priceOverride && !(*node.priceOverride >= 0 && std::isfinite(*node.priceOverride)))
        return QStringLiteral("a price cannot be negative");
    if (node.rackUnit < -1 || node.rackUnit > 60)
        return QStringLiteral("rack unit %1 is outside any rack").arg(node.rackUnit);
    // A NaN would make the node unequal to itself: undo could never prove it restored it.
    if (!std::isfinite(node.position.x()) || !std::isfinite(node.position.y()))
        return QStringLiteral("a position must be a finite number");
    return std::nullopt;
}

} // namespace pw
