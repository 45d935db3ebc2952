#pragma once

#include "model/portref.h"

#include <QString>

#include <functional>
#include <map>

namespace pw {

class Design;
struct Link;

// The transceivers a design needs: one count read by the bill of materials and the fabric
// analysis' inventory. Modules are counted per port
// end of every link that names a transceiver (cabled or not): OpticsRules picks the module each
// cage takes (the link's own module where the snapshot lacks that one), and a twin-port module in
// a twin-port cage serves both links of the cage, so the cage needs one module. A co-packaged-optics
// switch port (PortGroup::coPackagedOptics) needs none.
class OpticsPlan {
public:
    [[nodiscard]] static OpticsPlan of(const Design& design);
    // Only the link ends the filter accepts (e.g. one network's switch ends: ReferenceLines).
    using EndFilter = std::function<bool(const Link& link, PortRef end)>;
    [[nodiscard]] static OpticsPlan of(const Design& design, const EndFilter& filter);

    // Modules by catalog sku over the whole design.
    [[nodiscard]] const std::map<QString, int>& modulesBySku() const { return mTotal; }
    [[nodiscard]] int moduleCount() const;

private:
    std::map<QString, int> mTotal;
};

} // namespace pw
