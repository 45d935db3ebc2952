#pragma once

#include <QColor>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <vector>

class QPainter;
class QStyleOptionGraphicsItem;

namespace pw::ui {

// A collapsed pod, unit or switch tier: one tinted box over the area its members take, with its
// name and counts in the largest readable size that fits (see ScreenText). Shared by GroupItem and
// TierItem so that every aggregate reads the same way.
class AggregateBox {
public:
    // `titlesDrawn` (screen rectangles of the titles drawn so far this frame, may be null): the
    // one-line title of a box thinner than a line moves just above or below it to keep off them,
    // and adds its own.
    static void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, const QRectF& rect, const QColor& edge,
        const QString& title, const QStringList& details, bool selected, std::vector<QRectF>* titlesDrawn = nullptr);
    // "title — detail" for each detail (longest first), then the title alone: a one-line label
    // that shortens by dropping figures, never by cutting a word.
    [[nodiscard]] static QStringList oneLineForms(const QString& title, const QStringList& details);
};

} // namespace pw::ui
