#include "catalog/catalog.h"
#include "generate/designlayout.h"
#include "generate/fabricgenerator.h"
#include "io/designjson.h"
#include "model/design.h"
#include "presentation/designpicture.h"

#include <QRectF>
#include <QtTest>

#include <map>
#include <numeric>
#include <set>

using namespace pw;

// The canvas layout of generated designs: pods, units, racks and tiers as blocks a reader can
// find, in a field shaped like a screen, not a strip hundreds of screens wide.
class TestDesignLayout : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<Catalog> mCatalog;

    Design make(int gpus, const QString& topology = QStringLiteral("rail-optimized"))
    {
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-h100");
        o.switchSku = QStringLiteral("qm9700");
        o.gpus = gpus;
        o.topology = *topologyKindFromString(topology);
        GenerateResult r = FabricGenerator::generate(o, *mCatalog);
        if (!r.ok())
            qFatal("generate failed: %s", qPrintable(r.error));
        return std::move(*r.design);
    }

    static QRectF box(const Node& n) { return QRectF(n.position - QPointF(85, 30), QSizeF(170, 60)); }

    // The members' boxes of every pod or unit (by group id).
    static std::map<GroupId, QRectF> groupRects(const Design& d, GroupKind kind)
    {
        std::map<GroupId, QRectF> rects;
        d.nodes().forEach([&](const Node& n) {
            for (GroupId g = n.unit; g.isValid();) {
                const Group* group = d.group(g);
                if (!group)
                    break;
                if (group->kind == kind) {
                    auto [it, fresh] = rects.try_emplace(g, box(n));
                    if (!fresh)
                        it->second = it->second.united(box(n));
                }
                g = group->parent;
            }
        });
        return rects;
    }

    static QRectF bounds(const Design& d)
    {
        QRectF r;
        d.nodes().forEach([&](const Node& n) { r = r.isNull() ? box(n) : r.united(box(n)); });
        return r;
    }

private Q_SLOTS:
    void initTestCase() { mCatalog = Catalog::loadDefault(); }

    void largeDesignIsAFieldNotAStrip_data()
    {
        QTest::addColumn<int>("gpus");
        QTest::newRow("1,024 GPUs (two tiers)") << 1024;
        QTest::newRow("16,384 GPUs (pods)") << 16384;
        QTest::newRow("100,000 GPUs") << 100000;
    }
    void largeDesignIsAFieldNotAStrip()
    {
        QFETCH(int, gpus);
        const Design d = make(gpus);
        const QRectF r = bounds(d);
        // The old layout was one row of units: 100,000 GPUs were 1.4 million units wide and 3,000 high.
        const double aspect = r.width() / r.height();
        QVERIFY2(aspect > 0.6 && aspect < 3.0,
            qPrintable(QStringLiteral("aspect %1 (%2 x %3)").arg(aspect).arg(r.width()).arg(r.height())));
    }

    void nodesNeverOverlap()
    {
        const Design d = make(16384);
        // Boxes on a grid: no two nodes closer than a box apart.
        std::set<std::pair<long long, long long>> cells;
        d.nodes().forEach([&](const Node& n) {
            const auto cell = std::make_pair(
                static_cast<long long>(std::floor(n.position.x() / 10)), static_cast<long long>(n.position.y() / 10));
            QVERIFY2(cells.insert(cell).second, qPrintable(n.name));
        });
        std::vector<const Node*> nodes;
        d.nodes().forEach([&](const Node& n) { nodes.push_back(&n); });
        std::sort(nodes.begin(), nodes.end(), [](const Node* a, const Node* b) {
            return a->position.y() != b->position.y() ? a->position.y() < b->position.y()
                                                      : a->position.x() < b->position.x();
        });
        for (size_t i = 1; i < nodes.size(); ++i)
            if (nodes[i]->position.y() == nodes[i - 1]->position.y())
                QVERIFY2(nodes[i]->position.x() - nodes[i - 1]->position.x() >= 170,
                    qPrintable(nodes[i - 1]->name + QStringLiteral(" and ") + nodes[i]->name));
    }

    // Every node box as the canvas draws it (the size by kind is DesignPicture's, the canvas's and
    // the exported picture's): no box of a laid-out design covers another, at any size. The issue's
    // screenshot had head-1 over head-2 in a small design zoomed to a unit.
    void nodeBoxesNeverIntersect_data()
    {
        QTest::addColumn<QString>("server");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<QString>("sw");
        QTest::newRow("sample") << QString() << 0 << QString();
        for (int gpus : {4, 8, 32, 256, 1024})
            QTest::addRow("DGX H100, %d GPUs", gpus) << QStringLiteral("dgx-h100") << gpus << QStringLiteral("qm9700");
        QTest::newRow("GB300 NVL72, 1 SU") << QStringLiteral("dgx-gb300-nvl72") << 576 << QStringLiteral("q3400");
        QTest::newRow("L40S on SN5610") << QStringLiteral("smc-421ge-l40s") << 256 << QStringLiteral("sn5610");
    }
    void nodeBoxesNeverIntersect()
    {
        QFETCH(QString, server);
        QFETCH(int, gpus);
        QFETCH(QString, sw);
        Design d;
        if (server.isEmpty()) {
            d = DesignJson::readFile(qEnvironmentVariable("PODWRIGHT_SOURCE_DIR")
                    + QStringLiteral("/resources/samples/minimum-viable-cluster.json"),
                mCatalog.get());
        } else {
            GeneratorOptions o;
            o.serverSku = server;
            o.switchSku = sw;
            o.gpus = gpus;
            GenerateResult r = FabricGenerator::generate(o, *mCatalog);
            QVERIFY2(r.ok(), qPrintable(r.error));
            d = std::move(*r.design);
        }
        struct Box {
            QRectF rect;
            QString name;
        };
        std::vector<Box> boxes;
        d.nodes().forEach([&](const Node& n) {
            const CatalogItem* it = d.itemOf(n.id);
            const QSizeF s = DesignPicture::nodeSize(it ? it->kind : ItemKind::Appliance);
            boxes.push_back({QRectF(n.position - QPointF(s.width() / 2, s.height() / 2), s), n.name});
        });
        QVERIFY(boxes.size() >= 3);
        // Sorted by left edge, each box meets only the boxes starting before its right edge.
        std::sort(boxes.begin(), boxes.end(), [](const Box& a, const Box& b) { return a.rect.left() < b.rect.left(); });
        for (size_t i = 0; i < boxes.size(); ++i)
            for (size_t j = i + 1; j < boxes.size() && boxes[j].rect.left() < boxes[i].rect.right(); ++j)
                QVERIFY2(!boxes[i].rect.intersects(boxes[j].rect),
                    qPrintable(boxes[i].name + QStringLiteral(" overlaps ") + boxes[j].name));
    }

    void podsAndUnitsAreSeparateBlocks()
    {
        const Design d = make(16384);
        const auto pods = groupRects(d, GroupKind::Pod);
        const auto units = groupRects(d, GroupKind::ScalableUnit);
        QVERIFY(pods.size() >= 4);
        QCOMPARE(units.size(), size_t(64));
        for (const auto* rects : {&pods, &units})
            for (auto a = rects->begin(); a != rects->end(); ++a)
                for (auto b = std::next(a); b != rects->end(); ++b)
                    QVERIFY2(!a->second.intersects(b->second),
                        qPrintable(d.group(a->first)->name + QStringLiteral(" overlaps ") + d.group(b->first)->name));
        // A unit sits inside its pod's block.
        for (const auto& [id, rect] : units)
            QVERIFY(pods.at(d.group(id)->parent).contains(rect));
    }

    void tiersReadTopToBottom()
    {
        const Design d = make(16384);
        const auto pods = groupRects(d, GroupKind::Pod);
        const QRectF podArea = std::accumulate(pods.begin(), pods.end(), QRectF(),
            [](const QRectF& acc, const auto& p) { return acc.isNull() ? p.second : acc.united(p.second); });
        std::map<GroupId, double> lowestLeaf; // per unit
        std::map<GroupId, double> highestServer;
        std::map<GroupId, double> lowestSpine; // per pod
        std::map<GroupId, double> highestUnitLeaf;
        int cores = 0;
        int service = 0;
        d.nodes().forEach([&](const Node& n) {
            const CatalogItem* it = d.item(n.sku);
            if (n.network == Network::OutOfBand || n.network == Network::InBand) {
                ++service;
                // management below, its own tiers too (a three-tier in-band network's cores)
                QVERIFY2(n.position.y() > podArea.bottom(), qPrintable(n.name));
            } else if (n.tier == FabricTier::Core) {
                ++cores;
                QVERIFY2(n.position.y() < podArea.top(), qPrintable(n.name)); // core above every pod
            } else if (n.tier == FabricTier::Spine) {
                auto& y = lowestSpine[n.unit];
                y = std::max(y, n.position.y());
            } else if (n.tier == FabricTier::Leaf) {
                auto& y = lowestLeaf[n.unit];
                y = std::max(y, n.position.y());
                const GroupId pod = d.group(n.unit)->parent;
                auto [h, fresh] = highestUnitLeaf.try_emplace(pod, n.position.y());
                if (!fresh)
                    h->second = std::min(h->second, n.position.y());
            } else if (it && it->kind == ItemKind::Server && n.unit.isValid()) {
                auto [h, fresh] = highestServer.try_emplace(n.unit, n.position.y());
                if (!fresh)
                    h->second = std::min(h->second, n.position.y());
            }
        });
        QVERIFY(cores > 0);
        QVERIFY(service > 0);
        for (const auto& [unit, y] : lowestLeaf)
            QVERIFY2(y < highestServer.at(unit), qPrintable(d.group(unit)->name)); // leaves above servers
        for (const auto& [pod, y] : lowestSpine)
            QVERIFY2(y < highestUnitLeaf.at(pod), qPrintable(d.group(pod)->name)); // spines above the units
    }

    void aRackIsAColumn()
    {
        const Design d = make(1024);
        std::map<GroupId, std::set<double>> columns;
        int racked = 0;
        d.nodes().forEach([&](const Node& n) {
            const CatalogItem* it = d.item(n.sku);
            if (it && it->kind == ItemKind::Server && n.unit.isValid() && n.rack.isValid()) {
                columns[n.rack].insert(n.position.x());
                ++racked;
            }
        });
        QVERIFY(racked >= 127); // one slot may go to the UFM appliance
        for (const auto& [rack, xs] : columns)
            QVERIFY2(xs.size() == 1, qPrintable(d.group(rack)->name));
    }

    void layoutDependsOnlyOnTheStructure()
    {
        Design d = make(1024);
        const auto before = DesignLayout::compute(d);
        // Scramble every position: applying the layout brings each node back.
        d.nodes().forEach([&](const Node& n) {
            Node moved = n;
            moved.position = QPointF(-static_cast<double>(n.id.value()) * 7, 3);
            d.replaceNode(moved);
        });
        DesignLayout::apply(d);
        QCOMPARE(before.size(), d.nodes().size());
        for (const auto& p : before)
            QCOMPARE(d.node(p.node)->position, p.position);
    }

    void fatTreeAndLeafSpineAreFieldsToo_data()
    {
        QTest::addColumn<QString>("topology");
        QTest::addColumn<int>("gpus");
        QTest::newRow("leaf-spine 1,024") << QStringLiteral("leaf-spine") << 1024;
        QTest::newRow("fat-tree k=64") << QStringLiteral("fat-tree") << 0;
    }
    void fatTreeAndLeafSpineAreFieldsToo()
    {
        QFETCH(QString, topology);
        QFETCH(int, gpus);
        GeneratorOptions o;
        o.serverSku = topology == QLatin1String("fat-tree") ? QString() : QStringLiteral("dgx-h100");
        o.switchSku = QStringLiteral("qm9700");
        o.gpus = gpus;
        o.topology = *topologyKindFromString(topology);
        GenerateResult r = FabricGenerator::generate(o, *mCatalog);
        QVERIFY2(r.ok(), qPrintable(r.error));
        const QRectF b = bounds(*r.design);
        const double aspect = b.width() / b.height();
        QVERIFY2(aspect > 0.5 && aspect < 3.5, qPrintable(QString::number(aspect)));
    }
};

QTEST_GUILESS_MAIN(TestDesignLayout)
#include "tst_designlayout.moc"
