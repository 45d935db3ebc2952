#include "export/p2pcsv.h"

#include "export/cablingcsv.h"
#include "export/csv.h"
#include "export/exportnames.h"
#include "export/ibports.h"
#include "model/design.h"

namespace pw {

namespace {

bool isSwitch(const Design& design, NodeId id)
{
    const CatalogItem* it = design.itemOf(id);
    return it && it->kind == ItemKind::Switch;
}

} // namespace

QStringList P2pCsv::header()
{
    return {QStringLiteral("A-Node Name"), QStringLiteral("A-Type"), QStringLiteral("A-Port"), QStringLiteral("A-Rack"),
        QStringLiteral("A-U"), QStringLiteral("Z-Node Name"), QStringLiteral("Z-Type"), QStringLiteral("Z-Port"),
        QStringLiteral("Z-Rack"), QStringLiteral("Z-U")};
}

QString P2pCsv::cvtPort(const Design& design, const PortRef& port)
{
    const CatalogItem* it = design.itemOf(port.node);
    const PortGroup* g = design.portGroup(port);
    const int gi = design.portGroupIndex(port);
    if (!it || !g || gi < 0)
        return QStringLiteral("?");
    int first = 0;
    for (int i = 0; i < gi; ++i)
        first += it->portGroups[static_cast<size_t>(i)].count;
    const int inGroup = port.index - first; // 0-based
    if (it->kind != ItemKind::Switch) {
        // Hosts: the BMC port by name; every other port as the number CVT's default map turns into
        // its RDMA device (n -> mlx5_<n-1>), so the device is the catalog's (IbPorts::rdmaDevice).
        if (g->role == PortRole::OutOfBand) {
            int before = 0;
            int total = 0;
            for (size_t i = 0; i < it->portGroups.size(); ++i)
                if (it->portGroups[i].role == PortRole::OutOfBand) {
                    total += it->portGroups[i].count;
                    before += static_cast<int>(i) < gi ? it->portGroups[i].count : 0;
                }
            return total == 1 ? QStringLiteral("BMC") : QStringLiteral("BMC%1").arg(before + inGroup + 1);
        }
        const QString device = IbPorts::rdmaDevice(design, port);
        bool numbered = false;
        const int n = device.startsWith(QLatin1String("mlx5_")) ? device.mid(5).toInt(&numbered) : 0;
        return numbered ? QString::number(n + 1) : device;
    }
    // InfiniBand: the firmware's number; Ethernet: swpN or swpNsM as the switch names it (as the
    // cabling plan, ibsim-net and verify).
    return IbPorts::planPort(design, port);
}

QByteArray P2pCsv::write(const Design& design)
{
    return exportOf(design).bytes;
}

ExportResult P2pCsv::exportOf(const Design& design)
{
    QString s = csv::record(header());
    const ExportNames names(design);
    auto type = [&](NodeId id) { return isSwitch(design, id) ? QStringLiteral("Switch") : QStringLiteral("Host"); };
    design.links().forEach([&](const Link& l) {
        // CVT lists links switch-side first when one end is a host (as its samples do).
        PortRef a = l.a;
        PortRef z = l.b;
        if (!isSwitch(design, a.node) && isSwitch(design, z.node))
            std::swap(a, z);
        s += csv::record({names.name(a.node), type(a.node), cvtPort(design, a), CablingCsv::rackOf(design, a),
            CablingCsv::unitOf(design, a), names.name(z.node), type(z.node), cvtPort(design, z),
            CablingCsv::rackOf(design, z), CablingCsv::unitOf(design, z)});
    });
    return {s.toUtf8(), names.deviceWarnings()};
}

} // namespace pw
