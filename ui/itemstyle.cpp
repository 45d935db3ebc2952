#include "itemstyle.h"

#include "drawingpalette.h"
#include "networkpalette.h"
#include "presentation/designpicture.h"

#include <QCoreApplication>
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
    case ItemKind::Part:
        return QStringLiteral(":/icons/transceiver.svg");
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
        return QCoreApplication::translate("ItemStyle", "Servers");
    case ItemKind::Switch:
        return QCoreApplication::translate("ItemStyle", "Switches");
    case ItemKind::Nic:
        return QCoreApplication::translate("ItemStyle", "NICs and DPUs");
    case ItemKind::Storage:
        return QCoreApplication::translate("ItemStyle", "Storage");
    case ItemKind::Cable:
        return QCoreApplication::translate("ItemStyle", "Cables");
    case ItemKind::Transceiver:
        return QCoreApplication::translate("ItemStyle", "Transceivers");
    case ItemKind::Rack:
        return QCoreApplication::translate("ItemStyle", "Racks");
    case ItemKind::Pdu:
        return QCoreApplication::translate("ItemStyle", "PDUs");
    case ItemKind::Appliance:
        return QCoreApplication::translate("ItemStyle", "Appliances");
    case ItemKind::Part:
        return QCoreApplication::translate("ItemStyle", "Spare parts");
    }
    return {};
}

QString ItemStyle::kindName(ItemKind kind)
{
    switch (kind) {
    case ItemKind::Server:
        return QCoreApplication::translate("ItemStyle", "Server");
    case ItemKind::Switch:
        return QCoreApplication::translate("ItemStyle", "Switch");
    case ItemKind::Nic:
        return QCoreApplication::translate("ItemStyle", "NIC");
    case ItemKind::Storage:
        return QCoreApplication::translate("ItemStyle", "Storage");
    case ItemKind::Cable:
        return QCoreApplication::translate("ItemStyle", "Cable");
    case ItemKind::Transceiver:
        return QCoreApplication::translate("ItemStyle", "Optic");
    case ItemKind::Rack:
        return QCoreApplication::translate("ItemStyle", "Rack");
    case ItemKind::Pdu:
        return QCoreApplication::translate("ItemStyle", "PDU");
    case ItemKind::Appliance:
        return QCoreApplication::translate("ItemStyle", "Appliance");
    case ItemKind::Part:
        return QCoreApplication::translate("ItemStyle", "Part");
    }
    return {};
}

QSizeF ItemStyle::nodeSize(ItemKind kind)
{
    // One definition with the exported picture, so the SVG/PNG boxes are the canvas's.
    return DesignPicture::nodeSize(kind);
}

QColor ItemStyle::nodeFill(ItemKind kind)
{
    return kindFill(kind);
}

QColor ItemStyle::nodeBorder(ItemKind kind)
{
    return kindBorder(kind);
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
