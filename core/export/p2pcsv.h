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
// Z-Rack, Z-U`. Port values follow CVT's rules: InfiniBand switch ports are the physical port
// number, or `cage/split` on twin-port cages (e.g. `17/2`); Ethernet switch ports are `swpN` or
// `swpNsM`; host data ports are numbered across the host in catalog order (1 -> mlx5_0 by CVT's
// default map), the out-of-band port is `BMC`.
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
