#pragma once

#include "util/strongid.h"

#include <compare>

namespace pw {

// A port is addressed by its node and its index in the node's catalog port list
// (port groups in order, ports within a group in order).
struct PortRef {
    NodeId node;
    int index = -1;
    [[nodiscard]] bool isValid() const { return node.isValid() && index >= 0; }
    auto operator<=>(const PortRef&) const = default;
};

} // namespace pw
