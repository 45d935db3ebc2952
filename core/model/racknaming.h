#pragma once

#include <QString>

namespace pw {

class Design;

// One rack naming scheme for every design (issue 30): "<row>-<NN>", the rack's row label and its
// number in that row ("U001-03": the third rack of unit U001's row). The generator names its racks
// so; racks made by hand go in row "A" ("A-01", "A-02"), as the sample's rack does.
[[nodiscard]] QString rackName(const QString& row, int number);

// The name of the next rack made by hand: row "A", one past the highest number in that row.
[[nodiscard]] QString nextHandRackName(const Design& design);

} // namespace pw
