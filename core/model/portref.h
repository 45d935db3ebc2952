#pragma once

#include "util/strongid.h"

namespace pw {

// A port is addressed by its node and its index in the node's catalog port list
// (port groups in order, ports within a group in order).
struct PortRef {
    NodeId node;
    int index = -1;
    [[nodiscard]] bool isValid() const { return node.isValid() && index >= 0; }
    bool operator==(const PortRef& o) const { return node == o.node && index == o.index; }
    bool operator!=(const PortRef& o) const { return !(*this == o); }
    bool operator<(const PortRef& o) const { return node < o.node || (node == o.node && index < o.index); }
};

} // namespace pw
