#pragma once

#include "export/exportnames.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace pw {

class Design;
struct PortRef;

// The point-to-point connection list in the layout NVIDIA's UFM Cable Validation Tool reads
// (CVT 1.4-1.6 P2P columns, see ../shared/reference/interchange-formats.md section 2.1): one row
// per link, headers `A-Node Name, A-Type, A-Port, A-Rack, A-U, Z-Node Name, Z-Type, Z-Port,
// Z-Rack, Z-U`. Port values follow CVT's rules: InfiniBand switch ports are the firmware's port
// number (IbPorts::switchPort: cage 17's ports are 33 and 34), as in the cabling plan and the
// ibsim-net export; Ethernet switch ports are `swpN` or `swpNsM`; a host data port is the number
// CVT's default map turns into its RDMA device (n -> mlx5_<n-1>; IbPorts::rdmaDevice, from the
// catalog: a DGX H100's mlx5_3 is port 4), the out-of-band port is `BMC`.
// CVT itself reads an .xlsx workbook; this CSV opens in a spreadsheet and saves as one unchanged.
class P2pCsv {
public:
    [[nodiscard]] static QStringList header();
    [[nodiscard]] static QByteArray write(const Design& design);
    // The file and the device names made unique (control characters removed, ExportNames).
    [[nodiscard]] static ExportResult exportOf(const Design& design);
    [[nodiscard]] static QString cvtPort(const Design& design, const PortRef& port);
};

} // namespace pw
