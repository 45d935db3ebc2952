#pragma once

#include "helpers/testcatalog.h"

#include "floor/floorlayout.h"
#include "model/design.h"

namespace pw::test {

// `racks` racks named R1.., each holding `perRack` items of `sku` (one per 10 U) and `pdus`
// pdu-3ph-60kw (no rack unit), no network; racks laid out `perRow` to a row on the floor plan
// (rows 2.4 m apart, every second one flipped). The power chain's and the failure domains' tests
// share it.
inline Design poweredRacks(const char* sku, int racks, int perRack, int pdus, int perRow)
{
    Design d;
    const Catalog& cat = shippedCatalog();
    for (const char* s : {sku, "pdu-3ph-60kw", "rack-48u"})
        d.recordItem(*cat.item(QLatin1String(s)));
    FloorLayout floor;
    for (int r = 0; r < racks; ++r) {
        Group g;
        g.id = d.allocateGroupId();
        g.kind = GroupKind::Rack;
        g.name = QStringLiteral("R%1").arg(r + 1);
        g.sku = QStringLiteral("rack-48u");
        d.insertGroup(g);
        auto add = [&](const QString& s, const QString& name, int u) {
            Node n;
            n.id = d.allocateNodeId();
            n.sku = s;
            n.name = name;
            n.rack = g.id;
            n.rackUnit = u;
            d.insertNode(n);
        };
        for (int k = 0; k < perRack; ++k)
            add(QLatin1String(sku), QStringLiteral("%1-s%2").arg(g.name).arg(k + 1), 1 + 10 * k);
        for (int k = 0; k < pdus; ++k)
            add(QStringLiteral("pdu-3ph-60kw"), QStringLiteral("%1-pdu%2").arg(g.name).arg(k + 1), -1);
        const int row = r / perRow;
        if (row >= static_cast<int>(floor.rows.size()))
            floor.rows.push_back(FloorRow{QStringLiteral("row%1").arg(row + 1), 0, 2.4 * row, 16, row % 2 == 1});
        floor.racks[g.id.value()] = RackPlace{row, r % perRow};
    }
    d.setProperties(floor.storedIn(d.properties()));
    return d;
}

} // namespace pw::test
