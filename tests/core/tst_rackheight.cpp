#include "helpers/testcatalog.h"

#include "catalog/rackheight.h"
#include "commands/groupcommand.h"
#include "floor/floorlayout.h"
#include "floor/rackelevationmodel.h"
#include "generate/fabricgenerator.h"
#include "generate/rackstacking.h"

#include <QtTest>

#include <set>

using namespace pw;

namespace {

Design generate(const char* server, int nodes, const char* sw)
{
    GeneratorOptions o;
    o.serverSku = QLatin1String(server);
    o.nodes = nodes;
    o.switchSku = QLatin1String(sw);
    o.management = true;
    GenerateResult r = FabricGenerator::generate(o, test::shippedCatalog());
    if (!r.ok())
        qFatal("generate failed: %s", qPrintable(r.error));
    return std::move(*r.design);
}

} // namespace

// Issue 28: one rackHeightU. The places that count U (rack stacking of hand groups, the generator's
// rack planner and floor grid, the floor's hall height, the rack elevation the report and the
// studio draw) all take it from rackHeightU, so on designs with 1U, 2U, 10U and rack-scale items
// they agree: every node drawn where it was placed, at its catalog height, none over another or
// above its rack.
class TestRackHeight : public QObject {
    Q_OBJECT

private:
    // Every rack of the elevation as tall as its rack item; every placed node as tall as its item;
    // nothing misplaced (what RACK-HEIGHT and RACK-OVERLAP would report). The heights seen.
    static std::set<int> checkElevation(const Design& d)
    {
        std::set<int> heights;
        const RackElevationModel m = RackElevationModel::of(d);
        for (const RackElevationModel::Rack& r : m.racks) {
            const Group* g = d.group(r.id);
            if (const CatalogItem* rack = d.item(g->sku))
                [&] { QCOMPARE(r.heightU, rackHeightU(*rack)); }();
            [&] { QVERIFY2(r.misplaced.empty(), qPrintable(r.name + QStringLiteral(": a node is misplaced"))); }();
            for (const RackElevationModel::Slot& s : r.slots) {
                const int h = rackHeightU(*d.itemOf(s.node));
                [&] { QCOMPARE(s.heightU, h); }();
                heights.insert(h);
            }
        }
        return heights;
    }

private Q_SLOTS:
    void itemHeights()
    {
        const Catalog& c = test::shippedCatalog();
        QCOMPARE(rackHeightU(*c.item(QStringLiteral("qm9700"))), 1);
        QCOMPARE(rackHeightU(*c.item(QStringLiteral("sn5600"))), 2);
        QCOMPARE(rackHeightU(*c.item(QStringLiteral("dgx-b200"))), 10);
        QCOMPARE(rackHeightU(*c.item(QStringLiteral("dgx-gb200-nvl72"))), 48); // rack-scale: its own rack
        QCOMPARE(rackHeightU(*c.item(QStringLiteral("rack-52u"))), 52); // a rack: its enclosure
        QCOMPARE(rackHeightU(*c.item(QStringLiteral("connectx-7"))), 0); // takes no U
        CatalogItem half = *c.item(QStringLiteral("qm9700"));
        half.rackUnits.value = 1.5;
        QCOMPARE(rackHeightU(half), 2); // never shares the U above
    }

    // Grouped by hand (RackStacking): 2 DGX B200 (10U), a 1U management server, an SN5600 (2U) and a
    // QM9700 (1U): 24U, so the shortest rack that holds them, the 48U rack. Servers from U1 up:
    // U1-10, U11-20, U21; switches from the top down: SN5600 U47-48, QM9700 U46. The elevation
    // draws each there at its height; the floor's hall is as tall as the rack.
    void handStackedRack()
    {
        Design d;
        const NodeId b1 = test::addNode(d, QStringLiteral("dgx-b200"), QStringLiteral("b200-01"));
        const NodeId b2 = test::addNode(d, QStringLiteral("dgx-b200"), QStringLiteral("b200-02"));
        const NodeId head = test::addNode(d, QStringLiteral("mgmt-server-1u"), QStringLiteral("head-01"));
        const NodeId eth = test::addNode(d, QStringLiteral("sn5600"), QStringLiteral("eth-01"));
        const NodeId ib = test::addNode(d, QStringLiteral("qm9700"), QStringLiteral("ib-01"));
        const std::vector<NodeId> members{b1, b2, head, eth, ib};
        const CatalogItem* rack = RackStacking::rackFor(test::shippedCatalog(), d, members);
        QVERIFY(rack);
        QCOMPARE(rack->sku, QStringLiteral("rack-48u"));
        Group g;
        g.kind = GroupKind::Rack;
        g.name = QStringLiteral("Rack 1");
        GroupCommand group(g, members, *rack);
        QVERIFY(group.apply(d).ok);
        QCOMPARE(d.node(b1)->rackUnit, 1);
        QCOMPARE(d.node(b2)->rackUnit, 11);
        QCOMPARE(d.node(head)->rackUnit, 21);
        QCOMPARE(d.node(eth)->rackUnit, 47);
        QCOMPARE(d.node(ib)->rackUnit, 46);
        QCOMPARE(checkElevation(d), (std::set<int>{1, 2, 10}));
        const RackElevationModel m = RackElevationModel::of(d);
        QCOMPARE(m.racks.size(), size_t(1));
        QCOMPARE(m.racks.front().heightU, 48);
        QCOMPARE(m.racks.front().slotAt(48)->node, eth);
        QCOMPARE(m.racks.front().slotAt(20)->node, b2);
        QCOMPARE(HallParameters::forRack(*rack).rackHeightU, 48);
    }

    // Generated: the rack planner fills racks by rackHeightU and the elevation draws them by it, so
    // no node stands above its rack or over another. 16 DGX B200 (10U) with QM9700 (1U) leaves and
    // the management networks; one scalable unit of 8 GB200 NVL72 (48U, each its own rack).
    void generatedRacks_data()
    {
        QTest::addColumn<QString>("server");
        QTest::addColumn<int>("nodes");
        QTest::addColumn<QString>("sw");
        QTest::addColumn<int>("tallest");
        QTest::newRow("dgx-b200") << QStringLiteral("dgx-b200") << 16 << QStringLiteral("qm9700") << 10;
        QTest::newRow("gb200-nvl72") << QStringLiteral("dgx-gb200-nvl72") << 8 << QStringLiteral("qm9700") << 48;
    }
    void generatedRacks()
    {
        QFETCH(QString, server);
        QFETCH(int, nodes);
        QFETCH(QString, sw);
        QFETCH(int, tallest);
        const Design d = generate(qPrintable(server), nodes, qPrintable(sw));
        const std::set<int> heights = checkElevation(d);
        QVERIFY(heights.count(1));
        QCOMPARE(*heights.rbegin(), tallest);
        const std::optional<FloorLayout> floor = FloorLayout::of(d);
        QVERIFY(floor);
        for (const auto& [sku, item] : d.items())
            if (item.kind == ItemKind::Rack)
                QCOMPARE(floor->hall.rackHeightU, rackHeightU(item));
    }
};

QTEST_GUILESS_MAIN(TestRackHeight)
#include "tst_rackheight.moc"
