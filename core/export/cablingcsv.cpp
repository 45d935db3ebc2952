#include "export/cablingcsv.h"

#include "catalog/orderablelengths.h"
#include "cost/billofmaterials.h"
#include "export/csv.h"
#include "export/exportnames.h"
#include "export/ibports.h"
#include "model/design.h"
#include "model/sharedcables.h"

#include <set>

namespace pw {

QStringList CablingCsv::header()
{
    return {QStringLiteral("label"), QStringLiteral("a_device"), QStringLiteral("a_port"), QStringLiteral("a_rack"),
        QStringLiteral("a_u"), QStringLiteral("z_device"), QStringLiteral("z_port"), QStringLiteral("z_rack"),
        QStringLiteral("z_u"), QStringLiteral("network"), QStringLiteral("speed_gbps"), QStringLiteral("cable_type"),
        QStringLiteral("cable_sku"), QStringLiteral("optic_sku"), QStringLiteral("length_m"),
        QStringLiteral("length_class")};
}

QString CablingCsv::cableType(const Design& design, const Link& link)
{
    const CatalogItem* cable = link.cableSku.isEmpty() ? nullptr : design.item(link.cableSku);
    if (!cable)
        return link.transceiverSku.isEmpty() ? QStringLiteral("unspecified") : QStringLiteral("fiber + optics");
    QString medium = cable->cable ? cable->cable->medium.toLower() : QString();
    QString type;
    const QString connector = cable->cable ? cable->cable->connector : QString();
    if (connector.contains(QLatin1String("rj45"), Qt::CaseInsensitive) || cable->sku.startsWith(QLatin1String("cat")))
        type = QStringLiteral("copper (RJ45)"); // twisted pair, whatever medium the catalog records
    else if (medium == QLatin1String("dac") || medium == QLatin1String("acc") || medium == QLatin1String("aoc"))
        type = medium.toUpper();
    else if (medium == QLatin1String("fiber") || medium == QLatin1String("mmf") || medium == QLatin1String("smf"))
        type = QStringLiteral("fiber");
    else if (!medium.isEmpty())
        type = medium;
    else
        type = QStringLiteral("cable");
    if (!link.transceiverSku.isEmpty())
        type += QStringLiteral(" + optics");
    return type;
}

QString CablingCsv::label(int row, int rows)
{
    const int width = std::max(5, static_cast<int>(QString::number(rows).size()));
    return QStringLiteral("C-%1").arg(row, width, 10, QLatin1Char('0'));
}

std::map<LinkId, QString> CablingCsv::labelsOf(const Design& design, const std::vector<LinkId>& links)
{
    // Rows follow link ids, as exportOf writes them.
    const std::set<LinkId> wanted(links.begin(), links.end());
    std::map<LinkId, QString> out;
    const int rows = static_cast<int>(design.links().size());
    int row = 0;
    SharedCables shared(design);
    design.links().forEach([&](const Link& l) {
        const int cable = shared.cableRow(l, design.item(l.cableSku), ++row);
        if (wanted.count(l.id))
            out[l.id] = label(cable, rows);
    });
    return out;
}

QString CablingCsv::rackOf(const Design& design, const PortRef& port)
{
    const Node* n = design.node(port.node);
    if (!n || !n->rack.isValid())
        return {};
    const Group* g = design.group(n->rack);
    return g ? g->name : QString();
}

QString CablingCsv::unitOf(const Design& design, const PortRef& port)
{
    const Node* n = design.node(port.node);
    return n && n->rackUnit > 0 ? QString::number(n->rackUnit) : QString();
}

QByteArray CablingCsv::write(const Design& design)
{
    return exportOf(design).bytes;
}

ExportResult CablingCsv::exportOf(const Design& design)
{
    QString s = csv::record(header());
    const int rows = static_cast<int>(design.links().size());
    int row = 0;
    const ExportNames names(design);
    SharedCables shared(design); // both links of a twin-port cable print its one label
    design.links().forEach([&](const Link& l) {
        const CatalogItem* cable = design.item(l.cableSku);
        s += csv::record({label(shared.cableRow(l, cable, ++row), rows), names.name(l.a.node),
            IbPorts::planPort(design, l.a), rackOf(design, l.a), unitOf(design, l.a), names.name(l.b.node),
            IbPorts::planPort(design, l.b), rackOf(design, l.b), unitOf(design, l.b), toString(design.linkNetwork(l)),
            QString::number(design.linkSpeedGbps(l)), cableType(design, l), l.cableSku, l.transceiverSku,
            l.lengthM > 0 ? QString::number(l.lengthM, 'f', 1) : QString(),
            OrderableLengths::lengthClass(cable, l.lengthM)});
    });
    return {s.toUtf8(), names.deviceWarnings()};
}

} // namespace pw
