#pragma once

#include <QString>

#include <optional>

namespace pw {

class Design;
struct Node;

// Why a node's own fields cannot stand in the design (a rack that is not a rack, a unit that is a
// rack, a negative price, a rack unit outside any rack, a position that is not a number), or
// nothing when they can. Shared by the commands that add and edit nodes, so both refuse alike.
[[nodiscard]] std::optional<QString> whyInvalidNodeFields(const Design& design, const Node& node);

} // namespace pw
