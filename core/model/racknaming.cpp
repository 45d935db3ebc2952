#include "model/racknaming.h"

#include "model/design.h"

#include <QRegularExpression>

#include <algorithm>

namespace pw {

namespace {

const QString kHandRow = QStringLiteral("A");

} // namespace

QString rackName(const QString& row, int number)
{
    return QStringLiteral("%1-%2").arg(row).arg(number, 2, 10, QLatin1Char('0'));
}

QString nextHandRackName(const Design& design)
{
    static const QRegularExpression inHandRow(QStringLiteral("^A-(\\d+)$"));
    int highest = 0;
    design.groups().forEach([&](const Group& g) {
        if (g.kind != GroupKind::Rack)
            return;
        if (const QRegularExpressionMatch m = inHandRow.match(g.name); m.hasMatch())
            highest = std::max(highest, m.captured(1).toInt());
    });
    return rackName(kHandRow, highest + 1);
}

} // namespace pw
