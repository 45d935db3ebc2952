#pragma once

#include "model/node.h"
#include "util/strongid.h"

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
};

} // namespace pw::ui
