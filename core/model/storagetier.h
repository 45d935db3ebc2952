#pragma once

#include <QString>

#include <optional>

namespace pw {

// Storage performance tier of the NVIDIA DGX SuperPOD RA's storage guidance (good, better, best).
// A model type: a design's intent names it, and the generator sizes the storage fabric to it.
enum class StorageTier { Good, Better, Best };

[[nodiscard]] QString toString(StorageTier tier);
[[nodiscard]] std::optional<StorageTier> storageTierFromString(const QString& text);

} // namespace pw
