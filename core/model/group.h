#pragma once

#include "util/strongid.h"

#include <QString>

#include <optional>

namespace pw {

enum class GroupKind { Rack, ScalableUnit, Pod };

[[nodiscard]] QString toString(GroupKind kind);
[[nodiscard]] std::optional<GroupKind> groupKindFromString(const QString& text);

// A rack (physical), or a scalable unit or pod (logical). Membership is stored on the nodes
// (Node::rack, Node::unit); a scalable unit may have a pod as parent.
struct Group {
    GroupId id;
    GroupKind kind = GroupKind::Rack;
    QString name;
    GroupId parent;
    QString sku; // racks: the rack catalog item
    double powerBudgetKw = 0.0; // racks: 0 means no budget set
    bool liquidCooled = false; // racks: liquid-cooled row

    bool operator==(const Group&) const = default;
};

} // namespace pw
