#pragma once

#include <cstddef>

namespace pw {

struct CatalogItem;

// How the generated racks stand on the floor, read from catalog data so that each server generation
// (and each rack) sets its own, with its source beside it:
// - servers per row of racks: the server item's "rack_row": {"servers": N} (DGX SuperPOD RAs: one
//   scalable unit per row of racks), else its scalable unit ("scalable_unit": {"servers": N});
//   rail-optimized fabrics put each SU in a row of its own, leaf-spine fabrics N servers per row;
// - rows per block: the rack item's "rack": {"rows_per_block": {"value": N, "source": ...}}; rows fold into blocks of N, side
//   by side, so that no rack is far from the central rows. Without it, every row is in one block.
struct FloorPlan {
    [[nodiscard]] static int serversPerRow(const CatalogItem& server);
    // Rows per block for `rows` rows of servers (at least 1).
    [[nodiscard]] static std::size_t rowsPerBlock(const CatalogItem& rack, std::size_t rows);
};

} // namespace pw
