#include "export/ethernetports.h"

#include "catalog/catalogitem.h"
#include "export/ibports.h"
#include "model/design.h"

#include <algorithm>

namespace pw {

bool EthernetPorts::isEthernetSwitch(const CatalogItem* item)
{
    return item && item->kind == ItemKind::Switch && item->switchSpec
        && item->switchSpec->technology.compare(QLatin1String("ethernet"), Qt::CaseInsensitive) == 0;
}

QString EthernetPorts::switchPort(const Design& design, PortRef port)
{
    const CatalogItem* item = design.itemOf(port.node);
    const int g = design.portGroupIndex(port);
    if (!isEthernetSwitch(item) || g < 0)
        return {};
    const PortGroup& group = item->portGroups[static_cast<size_t>(g)];
    if (group.role == PortRole::OutOfBand)
        return QStringLiteral("eth0");
    // Cages are numbered across the front panel, group after group; management ports have none.
    int cagesBefore = 0;
    int first = 0; // the group's first port index on the node
    for (int i = 0; i < g; ++i) {
        const PortGroup& pg = item->portGroups[static_cast<size_t>(i)];
        first += pg.count;
        if (pg.role != PortRole::OutOfBand)
            cagesBefore += pg.count / std::max(1, pg.portsPerCage);
    }
    const int perCage = std::max(1, group.portsPerCage);
    const int inGroup = port.index - first; // 0-based
    const int cage = cagesBefore + inGroup / perCage + 1;
    return perCage > 1 ? QStringLiteral("swp%1s%2").arg(cage).arg(inGroup % perCage)
                       : QStringLiteral("swp%1").arg(cage);
}

QString EthernetPorts::lldpPort(const Design& design, PortRef port)
{
    const CatalogItem* item = design.itemOf(port.node);
    if (!item)
        return {};
    if (item->kind == ItemKind::Switch)
        return switchPort(design, port);
    return IbPorts::rdmaDevice(design, port);
}

} // namespace pw
