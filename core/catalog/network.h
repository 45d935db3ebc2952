#pragma once

#include <QString>

#include <optional>

namespace pw {

// The networks of a cluster (compute, storage, in-band and out-of-band management). A catalog
// switch names the networks it serves ("networks"), and a design's switch is on one of them, so
// the catalog, below the model, defines them.
enum class Network { None, Compute, Storage, InBand, OutOfBand };

[[nodiscard]] QString toString(Network network);
// The network as words in a sentence ("in-band", "out-of-band"; "unassigned" for None).
[[nodiscard]] QString displayName(Network network);
[[nodiscard]] std::optional<Network> networkFromString(const QString& text);

} // namespace pw
