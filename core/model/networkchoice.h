#pragma once

#include "model/node.h"

#include <vector>

namespace pw {

struct CatalogItem;

// Which networks a switch can be placed in, read from its catalog entry ("networks", usual first).
// A switch whose entry says nothing can serve any network and starts on the compute network; a
// node that is not a switch takes its networks from its ports and has none here.
class NetworkChoice {
public:
    [[nodiscard]] static std::vector<Network> choicesFor(const CatalogItem& item);
    [[nodiscard]] static Network defaultFor(const CatalogItem& item);
};

} // namespace pw
