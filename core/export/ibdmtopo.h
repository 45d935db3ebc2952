#pragma once

#include "export/exportnames.h"
#include "model/node.h"

#include <QByteArray>
#include <QString>

#include <map>

namespace pw {

class Design;
class IbFabric;

// One InfiniBand subnet of a design as an ibdm topology file (ibutils, `man ibdm-topo-file`): a
// section per system, `<SYSTEM-TYPE> <system name>`, then one line per cabled port, `<local
// port> -> <remote type> <remote name> <remote port>`, each cable from both ends. ibdm knows a
// system type only from its IBNL definition (`man ibdm-ibnl-file`), and ibutils ships none for
// today's switches or servers, so the export carries one per catalog item the subnet uses:
//   - a switch: one switch node U1 whose firmware ports 1..N are the panel ports P1..PN (IbPorts:
//     on a QM9700, cage c holds P(2c-1) and P2c);
//   - a server or compute tray: one single-port channel adapter per RDMA device, named and
//     panelled after it (mlx5_3), as IbFabric describes the adapters.
// Systems are named as the fabric reports them (IbFabric: the switch's host name, the host's
// name); types are the catalog SKU in IBNL's alphabet ("dgx-h100" -> "DGX_H100").
//
// Read back by ibutils' own ibdmchk (design mode): IBDM_IBNL_PATH=<folder of the .ibnl files>
// ibdmchk -t FILE -n <host>/<device> -p 1 (tests/integration/tst_cli_ibdmtopo.cpp).
struct IbdmTopo {
    QByteArray topology;
    std::map<QString, QByteArray> ibnl; // file name ("QM9700.ibnl") -> system definition
    QStringList warnings; // names made unique (IbFabric)

    [[nodiscard]] static IbdmTopo of(const Design& design, Network network);
    // The topology file only, for the export table (the CLI writes the IBNL files beside it).
    [[nodiscard]] static ExportResult exportOf(const Design& design, Network network);
    // A SKU in IBNL's name alphabet: letters, digits and underscores, upper case.
    [[nodiscard]] static QString systemType(const QString& sku);
};

} // namespace pw
