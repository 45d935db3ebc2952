#include "export/ibsimnet.h"

#include "export/ibfabric.h"
#include "model/design.h"

#include <map>

namespace pw {

QByteArray IbsimNet::write(const IbFabric& fabric, const QString& designName)
{
    const auto& nodes = fabric.nodes();
    // Each node's cabled ports, by port number: a link is written from both ends.
    std::vector<std::map<int, IbFabric::End>> far(nodes.size());
    for (const IbFabric::Link& l : fabric.links()) {
        far[static_cast<size_t>(l.a.node)][l.a.port] = l.b;
        far[static_cast<size_t>(l.b.node)][l.b.port] = l.a;
    }
    int switches = 0;
    for (const IbFabric::Node& n : nodes)
        switches += n.isSwitch ? 1 : 0;
    QString s;
    s += QStringLiteral("# ibsim net file of design \"%1\", %2 InfiniBand fabric (written by Podwright)\n")
             .arg(QString(designName).remove(QLatin1Char('\n')), displayName(fabric.network()));
    s += QStringLiteral("# %1 switches, %2 channel adapters, %3 links; start: ibsim -s -N %4 -S %5 FILE\n")
             .arg(switches)
             .arg(nodes.size() - static_cast<size_t>(switches))
             .arg(fabric.links().size())
             .arg(std::max<size_t>(2048, nodes.size()))
             .arg(std::max(256, switches));
    // Switches first: the first port of the file is where ibsim attaches the subnet manager.
    for (bool switchPass : {true, false})
        for (size_t i = 0; i < nodes.size(); ++i) {
            const IbFabric::Node& n = nodes[i];
            if (n.isSwitch != switchPass)
                continue;
            s += QStringLiteral("\n%1 %2 \"%3\"\n")
                     .arg(n.isSwitch ? QStringLiteral("Switch") : QStringLiteral("Hca"))
                     .arg(n.ports)
                     .arg(n.description);
            for (const auto& [port, end] : far[i])
                s += QStringLiteral("[%1] \"%2\"[%3]\n")
                         .arg(port)
                         .arg(nodes[static_cast<size_t>(end.node)].description)
                         .arg(end.port);
        }
    return s.toUtf8();
}

ExportResult IbsimNet::exportOf(const Design& design, Network network)
{
    const IbFabric fabric = IbFabric::of(design, network);
    return {write(fabric, design.name()), fabric.warnings()};
}

} // namespace pw
