#pragma once

#include "model/portref.h"

#include <QString>

#include <map>
#include <tuple>

namespace pw {

class Design;
struct CatalogItem;
struct Link;

// Which links ride one cable. A twin-port straight cable (CableSpec::linksPerCable 2: NVIDIA
// MCP4Y10, an OSFP 2x400G DAC between two twin-port cages) carries both links of a cage pair, so
// the bill of materials buys one cable for them and the cabling plan prints one label on both rows.
// Links are given in id order (the order of the cabling rows): a link opens a cable unless an
// earlier link between the same two cages, on the same part and ordered length, left room on its
// cable. Every other cable carries one link (splitters are bought per `split` links by the bill
// of materials).
class SharedCables {
public:
    explicit SharedCables(const Design& design) : mDesign(design) {}

    // The row of the link that opened the cable `link` rides: `row` itself (the link's own 1-based
    // row) when it opens one. `cable` is the link's cable part (null: uncabled).
    [[nodiscard]] int cableRow(const Link& link, const CatalogItem* cable, int row);

private:
    struct Open {
        int row = 0;
        int links = 0;
    };
    // (part, ordered length, lower cage, higher cage): the cable open between two cages.
    using Key = std::tuple<const CatalogItem*, QString, PortRef, PortRef>;
    const Design& mDesign;
    std::map<Key, Open> mOpen;
};

} // namespace pw
