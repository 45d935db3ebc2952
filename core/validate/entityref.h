#pragma once

#include "util/strongid.h"

#include <QString>

#include <optional>

namespace pw {

// A reference to any entity of a design, as findings and waivers name them. Written as text
// "node:12", "link:3" or "group:2" in JSON so the kind is never ambiguous.
struct EntityRef {
    enum class Kind { Node, Link, Group };
    Kind kind = Kind::Node;
    std::uint32_t id = 0;

    static EntityRef of(NodeId n) { return {Kind::Node, n.value()}; }
    static EntityRef of(LinkId l) { return {Kind::Link, l.value()}; }
    static EntityRef of(GroupId g) { return {Kind::Group, g.value()}; }

    [[nodiscard]] QString toString() const;
    [[nodiscard]] static std::optional<EntityRef> fromString(const QString& text);
    // Explicit operators, not <=>: Qt 6.4's moc cannot parse libstdc++ 12's <compare>
    // (a test that includes this header would fail to build).
    bool operator==(const EntityRef& o) const { return kind == o.kind && id == o.id; }
    bool operator!=(const EntityRef& o) const { return !(*this == o); }
    bool operator<(const EntityRef& o) const { return kind < o.kind || (kind == o.kind && id < o.id); }
};

} // namespace pw
