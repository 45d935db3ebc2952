#include "export/ibdmtopo.h"

#include "catalog/catalogitem.h"
#include "export/ibfabric.h"
#include "model/design.h"

#include <QRegularExpression>

#include <set>

namespace pw {

namespace {

QString panelPort(const IbFabric::Node& n, int port)
{
    return n.isSwitch ? QStringLiteral("P%1").arg(port) : n.device;
}

QString systemName(const IbFabric::Node& n)
{
    return n.isSwitch ? n.description : n.host;
}

QByteArray switchIbnl(const QString& type, int ports)
{
    QString s = QStringLiteral("\nTOPSYSTEM %1\n\nNODE SW %2 %1 U1\n").arg(type).arg(ports);
    for (int p = 1; p <= ports; ++p)
        s += QStringLiteral("   %1 -> P%1\n").arg(p);
    return s.toUtf8();
}

QByteArray hostIbnl(const QString& type, const std::set<QString>& devices)
{
    QString s = QStringLiteral("\nTOPSYSTEM %1\n").arg(type);
    for (const QString& d : devices)
        s += QStringLiteral("\nNODE CA 1 %1_HCA %2\n   1 -> %2\n").arg(type, d);
    return s.toUtf8();
}

} // namespace

QString IbdmTopo::systemType(const QString& sku)
{
    static const QRegularExpression outside(QStringLiteral("[^A-Za-z0-9_]"));
    return sku.toUpper().replace(outside, QStringLiteral("_"));
}

IbdmTopo IbdmTopo::of(const Design& design, Network network)
{
    const IbFabric fabric = IbFabric::of(design, network);
    const auto& nodes = fabric.nodes();
    auto typeOf = [&](const IbFabric::Node& n) {
        const CatalogItem* item = design.itemOf(n.node);
        return systemType(item ? item->sku : QStringLiteral("unknown"));
    };
    // Each system's cabled ports in order: (local panel port, remote node); a cable from both ends.
    std::map<QString, std::map<QString, std::pair<QString, size_t>>> cabled; // system -> port -> far
    std::map<QString, QString> typeOfSystem;
    std::vector<QString> order; // systems in the fabric's order
    std::map<QString, int> switchPorts; // switch type -> its ports
    std::map<QString, std::set<QString>> devices; // host type -> its devices
    for (const IbFabric::Node& n : nodes) {
        const QString name = systemName(n);
        if (typeOfSystem.emplace(name, typeOf(n)).second)
            order.push_back(name);
        if (n.isSwitch)
            switchPorts[typeOf(n)] = n.ports;
        else
            devices[typeOf(n)].insert(n.device);
    }
    for (const IbFabric::Link& l : fabric.links()) {
        const IbFabric::Node& a = nodes[static_cast<size_t>(l.a.node)];
        const IbFabric::Node& b = nodes[static_cast<size_t>(l.b.node)];
        cabled[systemName(a)][panelPort(a, l.a.port)] = {panelPort(b, l.b.port), static_cast<size_t>(l.b.node)};
        cabled[systemName(b)][panelPort(b, l.b.port)] = {panelPort(a, l.a.port), static_cast<size_t>(l.a.node)};
    }
    IbdmTopo t;
    QString s = QStringLiteral("# ibdm topology file of design \"%1\", %2 InfiniBand fabric (written by Podwright)\n"
                               "# system definitions: the .ibnl files beside it; check with\n"
                               "# IBDM_IBNL_PATH=<their folder> ibdmchk -t FILE -n <host>/<device> -p 1\n")
                    .arg(QString(design.name()).remove(QLatin1Char('\n')), displayName(network));
    for (const QString& system : order) {
        s += QStringLiteral("\n%1 %2\n").arg(typeOfSystem.at(system), system);
        for (const auto& [port, far] : cabled[system]) {
            const IbFabric::Node& remote = nodes[far.second];
            s += QStringLiteral("   %1 -> %2 %3 %4\n").arg(port, typeOf(remote), systemName(remote), far.first);
        }
    }
    t.topology = s.toUtf8();
    for (const auto& [type, ports] : switchPorts)
        t.ibnl[type + QStringLiteral(".ibnl")] = switchIbnl(type, ports);
    for (const auto& [type, names] : devices)
        t.ibnl[type + QStringLiteral(".ibnl")] = hostIbnl(type, names);
    t.warnings = fabric.warnings();
    return t;
}

ExportResult IbdmTopo::exportOf(const Design& design, Network network)
{
    IbdmTopo t = of(design, network);
    return {t.topology, t.warnings};
}

} // namespace pw
