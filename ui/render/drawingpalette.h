#pragma once

#include "catalog/catalogitem.h"
#include "model/group.h"
#include "model/node.h"
#include "networkpalette.h"

#include <QColor>
#include <QString>

namespace pw {

// The colours of every drawing: each network in the PDF's diagram and legend and the SVG/PNG
// export, and each kind of node on the canvas and in the export (the studio's ItemStyle reads
// these, so the canvas and its exported picture look alike).
// Networks: the one table (networkpalette.h).
inline QColor networkColor(Network n)
{
    return NetworkPalette::color(n);
}

inline QString networkLegendName(Network n)
{
    return NetworkPalette::label(n);
}

// The outline of a rack, scalable unit or pod, on the canvas and in the export.
inline QColor groupEdge(GroupKind kind)
{
    switch (kind) {
    case GroupKind::Rack:
        return QColor(0x60, 0x60, 0x60);
    case GroupKind::ScalableUnit:
        return QColor(0x1f, 0x6f, 0xc5);
    case GroupKind::Pod:
        return QColor(0x7a, 0x3f, 0xa8);
    }
    return Qt::gray;
}

inline QColor kindFill(ItemKind kind)
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

inline QColor kindBorder(ItemKind kind)
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

} // namespace pw
