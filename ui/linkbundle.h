#pragma once

#include "model/node.h"
#include "util/strongid.h"

#include <utility>
#include <vector>

class QGraphicsItem;

namespace pw::ui {

// Every link between the same two visible endpoints (nodes, or collapsed groups) on one network,
// drawn as one line with a count. Endpoints are the items whose positions the line follows.
struct LinkBundle {
    QGraphicsItem* a = nullptr;
    QGraphicsItem* b = nullptr;
    Network network = Network::None;
    int speedGbps = 0; // of the first link
    std::vector<LinkId> links;
    // How many of the links run at each speed, fastest first ({400, 256}; {100, 16}, {1, 8}).
    std::vector<std::pair<int, int>> speeds;
};

} // namespace pw::ui
