#pragma once

#include "catalog/catalogitem.h"
#include "model/node.h"

#include <QColor>
#include <QIcon>
#include <QPen>
#include <QSizeF>
#include <QString>

namespace pw::ui {

// Presentation of core's types: icons per item kind, node box sizes and link pen styles. A network's
// colour and name come from NetworkPalette, shared with the PDF and the export.
class ItemStyle {
public:
    // Registers the compiled-in icons (call before using a ":/icons/..." path).
    static void ensureResources();
    [[nodiscard]] static QIcon icon(ItemKind kind);
    [[nodiscard]] static QString iconPath(ItemKind kind);
    [[nodiscard]] static QString kindLabel(ItemKind kind); // plural, for the palette
    [[nodiscard]] static QString kindName(ItemKind kind); // one of them, short: "PDU", "Switch"
    [[nodiscard]] static QSizeF nodeSize(ItemKind kind);
    [[nodiscard]] static QColor nodeFill(ItemKind kind);
    [[nodiscard]] static QColor nodeBorder(ItemKind kind);
    // Selection and the link being drawn: a teal that is no network's colour and not the red of
    // an error, so a selected node never reads as a broken one.
    [[nodiscard]] static QColor selectionColor() { return {0x00, 0xa5, 0xb5}; }
    [[nodiscard]] static Qt::PenStyle linkStyle(Network network);
    [[nodiscard]] static QString networkLabel(Network network);
    static constexpr double kGrid = 10.0; // design units per grid step
    [[nodiscard]] static QPointF snap(QPointF p);
};

} // namespace pw::ui
