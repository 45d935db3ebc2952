#pragma once

#include <QString>

namespace pw {

class Design;

// A design's name as a reader sees it (the proposal's title, the default name of a generated
// design). The name a person gave is kept; an empty name, the new-design placeholder, or a name
// made of catalog SKU codes ("32 x dgx-h100, rail-optimized qm9700") is replaced by one derived
// from what the design is: "256-GPU training cluster, NVIDIA DGX H100".
class DesignName {
public:
    [[nodiscard]] static QString placeholder(); // "Untitled design"
    // True when the name is worth printing as it is.
    [[nodiscard]] static bool isReadable(const Design& design);
    [[nodiscard]] static QString derived(const Design& design);
    [[nodiscard]] static QString forReader(const Design& design);
};

} // namespace pw
