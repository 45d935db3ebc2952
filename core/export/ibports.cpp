#include "export/ibports.h"

#include "catalog/catalogitem.h"
#include "export/ethernetports.h"
#include "model/design.h"

#include <QSet>

namespace pw {

namespace {

// The port's index within its group (0-based), or -1.
int indexInGroup(const CatalogItem& item, int groupIndex, int port)
{
    int first = 0;
    for (int i = 0; i < groupIndex; ++i)
        first += item.portGroups[static_cast<size_t>(i)].count;
    return port - first;
}

} // namespace

bool IbPorts::isInfiniBandSwitch(const CatalogItem* item)
{
    return item && item->kind == ItemKind::Switch && item->switchSpec
        && item->switchSpec->technology.compare(QLatin1String("infiniband"), Qt::CaseInsensitive) == 0;
}

int IbPorts::switchPort(const Design& design, PortRef port)
{
    const CatalogItem* item = design.itemOf(port.node);
    const int g = design.portGroupIndex(port);
    if (!isInfiniBandSwitch(item) || g < 0 || item->portGroups[static_cast<size_t>(g)].role == PortRole::OutOfBand)
        return 0;
    int number = 0; // data ports of the groups before this one
    for (int i = 0; i < g; ++i)
        if (item->portGroups[static_cast<size_t>(i)].role != PortRole::OutOfBand)
            number += item->portGroups[static_cast<size_t>(i)].count;
    return number + indexInGroup(*item, g, port.index) + 1;
}

int IbPorts::switchPortCount(const CatalogItem& item)
{
    int n = 0;
    for (const PortGroup& g : item.portGroups)
        if (g.role != PortRole::OutOfBand)
            n += g.count;
    return n;
}

QString IbPorts::rdmaDevice(const Design& design, PortRef port)
{
    const CatalogItem* item = design.itemOf(port.node);
    const int g = design.portGroupIndex(port);
    if (!item || item->kind == ItemKind::Switch || g < 0)
        return {};
    const PortGroup& group = item->portGroups[static_cast<size_t>(g)];
    if (group.role == PortRole::OutOfBand)
        return {};
    if (item->rdmaDevices) {
        const QString named = item->rdmaDevices->name(group.name, indexInGroup(*item, g, port.index));
        if (!named.isEmpty())
            return named;
    }
    // Unnamed ports: the lowest mlx5_N no named port takes, counted over the unnamed data ports in order.
    QSet<QString> taken;
    if (item->rdmaDevices)
        for (const auto& [name, names] : item->rdmaDevices->byPortGroup)
            for (const QString& n : names)
                taken.insert(n);
    int unnamedBefore = 0;
    for (size_t i = 0; i < item->portGroups.size(); ++i) {
        const PortGroup& pg = item->portGroups[i];
        const bool named = item->rdmaDevices && !item->rdmaDevices->name(pg.name, 0).isEmpty();
        if (pg.role != PortRole::OutOfBand && !named)
            unnamedBefore += static_cast<int>(i) < g ? pg.count : 0;
    }
    const int wanted = unnamedBefore + indexInGroup(*item, g, port.index); // 0-based among the unnamed
    int seen = -1;
    for (int n = 0;; ++n) {
        const QString name = QStringLiteral("mlx5_%1").arg(n);
        if (!taken.contains(name) && ++seen == wanted)
            return name;
    }
}

QString IbPorts::planPort(const Design& design, PortRef port)
{
    if (const int number = switchPort(design, port); number > 0)
        return QString::number(number);
    const QString ethernet = EthernetPorts::switchPort(design, port);
    return ethernet.isEmpty() ? design.portName(port) : ethernet;
}

} // namespace pw
