#include "itemstyle.h"

#include "networkpalette.h"

#include <QHash>

#include <cmath>

// The icons live in a static library: the linker may drop the automatic resource initializer.
static void initPodwrightResources()
{
    Q_INIT_RESOURCE(podwright);
}

namespace pw::ui {

void ItemStyle::ensureResources()
{
    static const bool done = [] {
        initPodwrightResources();
        return true;
    }();
    (void)done;
}

QString ItemStyle::iconPath(ItemKind kind)
{
    ensureResources();
    switch (kind) {
    case ItemKind::Server:
        return QStringLiteral(":/icons/server.svg");
    case ItemKind::Switch:
        return QStringLiteral(":/icons/switch.svg");
    case ItemKind::Nic:
        return QStringLiteral(":/icons/nic.svg");
    case ItemKind::Storage:
        return QStringLiteral(":/icons/storage.svg");
    case ItemKind::Cable:
        return QStringLiteral(":/icons/cable.svg");
    case ItemKind::Transceiver:
        return QStringLiteral(":/icons/transceiver.svg");
    case ItemKind::Rack:
        return QStringLiteral(":/icons/rack.svg");
    case ItemKind::Pdu:
        return QStringLiteral(":/icons/pdu.svg");
    case ItemKind::Appliance:
        return QStringLiteral(":/icons/appliance.svg");
    }
    return {};
}

QIcon ItemStyle::icon(ItemKind kind)
{
    static QHash<int, QIcon> cache;
    auto it = cache.find(int(kind));
    if (it == cache.end())
        it = cache.insert(int(kind), QIcon(iconPath(kind)));
    return *it;
}

QString ItemStyle::kindLabel(ItemKind kind)
{
    switch (kind) {
    case ItemKind::Server:
        return QStringLiteral("Servers");
    case ItemKind::Switch:
        return QStringLiteral("Switches");
    case ItemKind::Nic:
        return QStringLiteral("NICs and DPUs");
    case ItemKind::Storage:
        return QStringLiteral("Storage");
    case ItemKind::Cable:
        return QStringLiteral("Cables");
    case ItemKind::Transceiver:
        return QStringLiteral("Transceivers");
    case ItemKind::Rack:
        return QStringLiteral("Racks");
    case ItemKind::Pdu:
        return QStringLiteral("PDUs");
    case ItemKind::Appliance:
        return QStringLiteral("Appliances");
    }
    return {};
}

QSizeF ItemStyle::nodeSize(ItemKind kind)
{
    switch (kind) {
    case ItemKind::Server:
        return {170, 60};
    case ItemKind::Switch:
        return {170, 46};
    case ItemKind::Storage:
        return {170, 60};
    case ItemKind::Pdu:
        return {130, 40};
    default:
        return {160, 46};
    }
}

QColor ItemStyle::nodeFill(ItemKind kind)
{
    switch (kind) {
    case ItemKind::Server:
        return QColor(0xf1, 0xf8, 0xe6);
    case ItemKind::Switch:
        return QColor(0xe8, 0xf1, 0xfb);
    case ItemKind::Storage:
        return QColor(0xfd, 0xf0, 0xe2);
    case ItemKind::Appliance:
        return QColor(0xf2, 0xed, 0xfa);
    case ItemKind::Pdu:
        return QColor(0xff, 0xfa, 0xe0);
    default:
        return QColor(0xf4, 0xf4, 0xf4);
    }
}

QColor ItemStyle::nodeBorder(ItemKind kind)
{
    switch (kind) {
    case ItemKind::Server:
        return QColor(0x4d, 0x7a, 0x00);
    case ItemKind::Switch:
        return QColor(0x1f, 0x5f, 0x99);
    case ItemKind::Storage:
        return QColor(0xb3, 0x59, 0x00);
    case ItemKind::Appliance:
        return QColor(0x5b, 0x3a, 0x8c);
    case ItemKind::Pdu:
        return QColor(0x8a, 0x6d, 0x00);
    default:
        return QColor(0x55, 0x55, 0x55);
    }
}

Qt::PenStyle ItemStyle::linkStyle(Network network)
{
    switch (network) {
    case Network::InBand:
        return Qt::DashLine;
    case Network::OutOfBand:
        return Qt::DotLine;
    default:
        return Qt::SolidLine;
    }
}

QString ItemStyle::networkLabel(Network network)
{
    return NetworkPalette::label(network);
}

QPointF ItemStyle::snap(QPointF p)
{
    return {std::round(p.x() / kGrid) * kGrid, std::round(p.y() / kGrid) * kGrid};
}

} // namespace pw::ui
