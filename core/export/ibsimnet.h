#pragma once

#include "export/exportnames.h"
#include "model/node.h"

#include <QByteArray>

namespace pw {

class Design;
class IbFabric;

// One InfiniBand subnet of a design as ibsim's net file (ibsim-utils; the format of ibnetdiscover's
// topology output, examples in /usr/share/doc/ibsim-utils/net-examples/): one record per node,
// `Switch <ports> "<description>"` or `Hca 1 "<description>"`, then one `[port] "<far node>"[far port]`
// line per cabled port, records separated by a blank line. Descriptions and port numbers are
// IbFabric's, so the simulated fabric reports what the real one will, and `verify` can compare.
// ibsim's defaults hold 2,048 nodes and 256 switches: the header comment gives the -N and -S a
// larger subnet needs.
class IbsimNet {
public:
    [[nodiscard]] static QByteArray write(const IbFabric& fabric, const QString& designName);
    // The design's subnet of `network` (compute when not given), with the name warnings.
    [[nodiscard]] static ExportResult exportOf(const Design& design, Network network = Network::Compute);
};

} // namespace pw
