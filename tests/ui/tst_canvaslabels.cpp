// Issue 30, a canvas you can read: the sample, a generated 1,024-GPU design and a 100,000-GPU
// design, each at Fit All and at 1:1, offscreen. Every box shows as much of its name as its width
// holds (the longest rule form that fits, never cut inside a word, never hidden where one fits),
// no label is elided where its box has room, and at fit the 1,024-GPU design's links draw as bands
// between groups, each labelled with the design's count and speed of the links between them
// ("256× 400G"; "16× 100G · 8× 1G" where uplinks and ports share a band).
#include "helpers/generated.h"
#include "helpers/windowfixture.h"

#include "designdocument.h"
#include "groupitem.h"
#include "linklayeritem.h"
#include "nodeitem.h"
#include "screentext.h"
#include "tieranchor.h"

#include "io/designjson.h"
#include "model/design.h"
#include "presentation/designpicture.h"
#include "presentation/nodelabel.h"

#include <QDir>

#include <map>
#include <set>

using namespace pw;
using namespace pw::ui;
using pw::testing::generated;

namespace {

Design sample()
{
    return DesignJson::readFile(testing::samplePath(), &testing::testCatalog());
}

// Where screenshots go when PODWRIGHT_SCREENSHOTS names a folder (for a person to look at).
void screenshot(QWidget* widget, const QString& name)
{
    const QString dir = qEnvironmentVariable("PODWRIGHT_SCREENSHOTS");
    if (dir.isEmpty())
        return;
    QDir().mkpath(dir);
    widget->grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png"));
}

// The texts a reader sees in one full repaint of the canvas.
std::vector<ScreenText::Drawn> shownTexts(CanvasView* view)
{
    std::vector<ScreenText::Drawn> drawn;
    ScreenText::setRecorder(&drawn);
    view->viewport()->repaint();
    ScreenText::setRecorder(nullptr);
    return drawn;
}

// The design at 1:1 (the design's own size), centred on `centre`.
void oneToOne(CanvasView* view, QPointF centre)
{
    view->zoomBy(1.0 / view->zoom());
    view->centerOnScene(centre);
}

QString describe(const ScreenText::Drawn& t)
{
    return QStringLiteral("\"%1\" for \"%2\" at %3 px in %4 px").arg(t.text, t.full).arg(t.pixels).arg(t.area.width());
}

// The nodes a link layer bundle endpoint stands for.
bool standsFor(const QGraphicsItem* end, const Node& n, const CanvasScene& scene)
{
    if (end->type() == NodeItem::Type)
        return static_cast<const NodeItem*>(end)->nodeId() == n.id;
    if (end->type() == GroupItem::Type) {
        const GroupId g = static_cast<const GroupItem*>(end)->groupId();
        if (n.rack == g)
            return true;
        for (GroupId u = n.unit; u.isValid(); u = scene.design().group(u)->parent)
            if (u == g)
                return true;
        return false;
    }
    if (end->type() == TierAnchor::Type) {
        const auto* row = static_cast<const TierAnchor*>(end);
        const GroupItem* rack = n.rack.isValid() ? scene.groupItem(n.rack) : nullptr;
        const bool inRack = rack && rack->isVisible() && !scene.drawsBands(n.unit);
        return n.unit == row->unit() && !inRack && (!row->rack().isValid() || n.rack == row->rack())
            && DesignLayout::bandOf(n, scene.design().itemOf(n.id)) == row->band();
    }
    return false;
}

} // namespace

class TestCanvasLabels : public QObject {
    Q_OBJECT

private:
    // Every node box fully in view: if a line of text fits its height, it shows the longest of its
    // name's rule forms that fits the room it has (shown but not the longest that fits fails, and so
    // does a box with room for its shortest form that shows nothing). Every group title in view
    // shows the group's name. No text is elided where its whole text had room.
    static void checkLabels(MainWindow* w, const QString& what)
    {
        CanvasView* view = w->view();
        const Design& d = w->document()->design();
        const std::vector<ScreenText::Drawn> drawn = shownTexts(view);
        std::unordered_map<QString, const ScreenText::Drawn*> byFull;
        for (const ScreenText::Drawn& t : drawn) {
            byFull.emplace(t.full, &t);
            const bool elided = t.text.contains(QChar(0x2026));
            QVERIFY2(!elided || ScreenText::widthOf(t.full, t.pixels, t.bold) > t.area.width() - 4,
                qPrintable(what + QStringLiteral(": elided with room: ") + describe(t)));
            QVERIFY2(
                t.pixels >= ScreenText::kMinPixels, qPrintable(what + QStringLiteral(": too small: ") + describe(t)));
        }
        // No text overprints another (at 100,000 GPUs the in-band and out-of-band strips, thinner
        // than a line at fit, had their titles 3 px over each other).
        for (size_t i = 0; i < drawn.size(); ++i)
            for (size_t j = i + 1; j < drawn.size(); ++j)
                QVERIFY2(!drawn[i].onScreen.intersects(drawn[j].onScreen),
                    qPrintable(what + QStringLiteral(": ") + describe(drawn[i]) + QStringLiteral(" overlaps ")
                        + describe(drawn[j])));
        const QRectF viewport = view->viewport()->rect();
        const QTransform toScreen = view->viewportTransform();
        int boxes = 0;
        int labelled = 0;
        for (QGraphicsItem* item : w->scene()->items()) {
            if (item->type() != NodeItem::Type || !item->isVisible())
                continue;
            const Node* n = d.node(static_cast<NodeItem*>(item)->nodeId());
            const QRectF box = toScreen.mapRect(item->sceneBoundingRect().adjusted(3, 3, -3, -3));
            if (!viewport.contains(box))
                continue;
            ++boxes;
            if (box.height() < ScreenText::kMinPixels + 4)
                continue; // no line of text fits: a plain block
            const CatalogItem* ci = d.itemOf(n->id);
            const QStringList forms = NodeLabel::nameForms(n->name, n->sku, ci ? ci->model : QString());
            const auto found = byFull.find(n->name);
            // Hiding a label fails: a box whose inner half holds the shortest form shows a form.
            if (found == byFull.end()) {
                QVERIFY2(ScreenText::widthOf(forms.back(), ScreenText::kMinPixels, false) > box.width() / 2,
                    qPrintable(QStringLiteral("%1: %2 (%3 x %4 px) shows no name")
                                   .arg(what, n->name)
                                   .arg(box.width())
                                   .arg(box.height())));
                continue;
            }
            const ScreenText::Drawn& t = *found->second;
            const qsizetype at = forms.indexOf(t.text);
            QVERIFY2(at >= 0, qPrintable(what + QStringLiteral(": not a form of the name: ") + describe(t)));
            // As many characters as the width holds: the next longer form would not have fitted.
            if (at > 0)
                QVERIFY2(ScreenText::widthOf(forms[at - 1], t.pixels, t.bold) > t.area.width(),
                    qPrintable(what + QStringLiteral(": \"%1\" fits but ").arg(forms[at - 1]) + describe(t)));
            ++labelled;
        }
        // Group titles: a group whose title strip is wide enough for its name shows it.
        for (const GroupItem* g : w->scene()->groupItems()) {
            const Group* group = d.group(g->groupId());
            if (!g->isVisible() || !group)
                continue;
            const QRectF box = toScreen.mapRect(g->sceneBoundingRect());
            if (!viewport.contains(box))
                continue;
            const QString title = DesignPicture::groupTitle(*group);
            const bool shown = std::any_of(drawn.begin(), drawn.end(), [&](const ScreenText::Drawn& t) {
                return t.text == title || t.text.startsWith(title + QStringLiteral(" —")) || t.text == group->name;
            });
            const double room = box.width() - 20;
            QVERIFY2(shown || ScreenText::widthOf(group->name, ScreenText::kMinPixels, true) > room,
                qPrintable(QStringLiteral("%1: %2 (%3 px wide) shows no title").arg(what, title).arg(box.width())));
        }
        qInfo("%s: %d node boxes in view, %d labelled, %zu texts", qPrintable(what), boxes, labelled, drawn.size());
    }

    static std::unique_ptr<MainWindow> windowWith(const Design& d)
    {
        auto w = testing::makeWindow();
        w->document()->reset(d);
        w->view()->fitAll();
        QCoreApplication::processEvents();
        return w;
    }

private Q_SLOTS:
    void labelsReadAtFitAndOneToOne_data()
    {
        QTest::addColumn<QString>("design");
        QTest::newRow("sample") << QStringLiteral("sample");
        QTest::newRow("1024") << QStringLiteral("1024");
        QTest::newRow("gb300-1152") << QStringLiteral("gb300");
        QTest::newRow("100k") << QStringLiteral("100k");
    }
    void labelsReadAtFitAndOneToOne()
    {
        QFETCH(QString, design);
        const Design d = design == QLatin1String("sample") ? sample()
            : design == QLatin1String("1024") ? generated(QStringLiteral("dgx-h100"), 1024, QStringLiteral("qm9700"))
            : design == QLatin1String("gb300")
            ? generated(QStringLiteral("dgx-gb300-nvl72"), 1152, QStringLiteral("q3400"))
            : generated(QStringLiteral("dgx-h100"), 100000, QStringLiteral("qm9700"));
        auto w = windowWith(d);
        screenshot(w->view(), design + QStringLiteral("-fit"));
        checkLabels(w.get(), design + QStringLiteral(" at fit"));
        if (design == QLatin1String("100k")) {
            // The two management strips, each thinner than a line at fit, both keep their titles.
            const auto drawn = shownTexts(w->view());
            for (const QString& band : {DesignLayout::bandName(DesignLayout::Band::InBand),
                     DesignLayout::bandName(DesignLayout::Band::OutOfBand)})
                QVERIFY2(std::any_of(drawn.begin(), drawn.end(),
                             [&](const ScreenText::Drawn& t) { return t.text.startsWith(band); }),
                    qPrintable(band));
        }
        // 1:1 on the first server: the part of the design a reader looks at first.
        QPointF centre;
        d.nodes().forEach([&](const Node& n) {
            const CatalogItem* ci = d.itemOf(n.id);
            if (centre.isNull() && ci && ci->kind == ItemKind::Server)
                centre = n.position;
        });
        oneToOne(w->view(), centre);
        QCOMPARE(w->view()->zoom(), 1.0);
        screenshot(w->view(), design + QStringLiteral("-1to1"));
        checkLabels(w.get(), design + QStringLiteral(" at 1:1"));
    }

    // A small generated design zoomed so that one scalable unit (or, without one, the design)
    // fills the view: no node box covers another (the screenshot had head-1 over head-2).
    void smallDesignBoxesApartAtAUnit_data()
    {
        QTest::addColumn<QString>("server");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<QString>("sw");
        QTest::newRow("DGX H100, 32 GPUs") << QStringLiteral("dgx-h100") << 32 << QStringLiteral("qm9700");
        QTest::newRow("DGX H100, 256 GPUs") << QStringLiteral("dgx-h100") << 256 << QStringLiteral("qm9700");
        QTest::newRow("GB300 1 SU") << QStringLiteral("dgx-gb300-nvl72") << 576 << QStringLiteral("q3400");
    }
    void smallDesignBoxesApartAtAUnit()
    {
        QFETCH(QString, server);
        QFETCH(int, gpus);
        QFETCH(QString, sw);
        const Design d = generated(server, gpus, sw);
        auto w = windowWith(d);
        QRectF unit;
        for (const GroupItem* g : w->scene()->groupItems())
            if (d.group(g->groupId())->kind == GroupKind::ScalableUnit && unit.isNull())
                unit = g->sceneBoundingRect();
        if (!unit.isNull()) {
            w->view()->zoomBy(w->view()->viewport()->width() / unit.width() / w->view()->zoom());
            w->view()->centerOnScene(unit.center());
        }
        QCoreApplication::processEvents();
        screenshot(w->view(), QStringLiteral("unit-%1-%2").arg(server).arg(gpus));
        std::vector<std::pair<QRectF, QString>> boxes;
        for (QGraphicsItem* item : w->scene()->items()) {
            if (item->type() != NodeItem::Type || !item->isVisible())
                continue;
            const QRectF inner = item->sceneBoundingRect().adjusted(3, 3, -3, -3); // without the pen's margin
            boxes.emplace_back(inner, d.node(static_cast<NodeItem*>(item)->nodeId())->name);
        }
        QVERIFY(boxes.size() >= 3);
        for (size_t i = 0; i < boxes.size(); ++i)
            for (size_t j = i + 1; j < boxes.size(); ++j)
                QVERIFY2(!boxes[i].first.intersects(boxes[j].first),
                    qPrintable(boxes[i].second + QStringLiteral(" overlaps ") + boxes[j].second));
    }

    // The count labels of bands and bundles sit where they cover no node box, at fit, with one
    // scalable unit across the view and at 1:1: a label over a box hid the box's name. The
    // 1,024-GPU design and the GB300 SU (bands of 18 and 12 links between rows packed close).
    void linkLabelsKeepOffNodeBoxes_data()
    {
        QTest::addColumn<QString>("server");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<QString>("sw");
        QTest::newRow("DGX H100, 1,024 GPUs") << QStringLiteral("dgx-h100") << 1024 << QStringLiteral("qm9700");
        QTest::newRow("GB300 1 SU") << QStringLiteral("dgx-gb300-nvl72") << 576 << QStringLiteral("q3400");
    }
    void linkLabelsKeepOffNodeBoxes()
    {
        QFETCH(QString, server);
        QFETCH(int, gpus);
        QFETCH(QString, sw);
        const Design d = generated(server, gpus, sw);
        auto w = windowWith(d);
        CanvasView* view = w->view();
        QRectF unit;
        for (const GroupItem* g : w->scene()->groupItems())
            if (d.group(g->groupId())->kind == GroupKind::ScalableUnit && unit.isNull())
                unit = g->sceneBoundingRect();
        QVERIFY(!unit.isNull());
        size_t labelsSeen = 0;
        const auto check = [&](const QString& where) {
            view->viewport()->repaint();
            const QTransform toScreen = view->viewportTransform();
            std::vector<std::pair<QRectF, QString>> boxes;
            for (QGraphicsItem* item : w->scene()->items())
                if (item->type() == NodeItem::Type && item->isVisible())
                    boxes.emplace_back(toScreen.mapRect(static_cast<NodeItem*>(item)->sceneBox()),
                        d.node(static_cast<NodeItem*>(item)->nodeId())->name);
            const auto& labels = w->scene()->linkLayer()->drawnLabels();
            for (const LinkLayerItem::DrawnLabel& l : labels)
                for (const auto& [box, name] : boxes)
                    QVERIFY2(!l.onScreen.intersects(box),
                        qPrintable(QStringLiteral("%1: \"%2\" over %3 (%4,%5 %6x%7 / %8,%9 %10x%11)")
                                       .arg(where, l.text, name)
                                       .arg(l.onScreen.x())
                                       .arg(l.onScreen.y())
                                       .arg(l.onScreen.width())
                                       .arg(l.onScreen.height())
                                       .arg(box.x())
                                       .arg(box.y())
                                       .arg(box.width())
                                       .arg(box.height())));
            qInfo("%s: %zu link labels clear of %zu node boxes", qPrintable(where), labels.size(), boxes.size());
            labelsSeen = labels.size();
        };
        check(QStringLiteral("fit"));
        QVERIFY(labelsSeen > 0);
        view->zoomBy(view->viewport()->width() / unit.width() / view->zoom());
        view->centerOnScene(unit.center());
        screenshot(view, QStringLiteral("labels-unit-%1").arg(server));
        check(QStringLiteral("a unit across the view"));
        QVERIFY(labelsSeen > 0);
        oneToOne(view, unit.center());
        check(QStringLiteral("1:1"));
    }

    // At fit the 1,024-GPU design's boxes are about 10 px tall, too low for a line of text (the
    // bands and unit titles carry the drawing). At the first zoom where a server box (60 units
    // high) is 16 px tall, 16 / 60 = 0.267, every server box in view shows its name in some form
    // ("DGX 17" in a box of 170 x 0.267 = 45 px).
    void namesShowOnceABoxHoldsALine()
    {
        const Design d = generated(QStringLiteral("dgx-h100"), 1024, QStringLiteral("qm9700"));
        auto w = windowWith(d);
        CanvasView* view = w->view();
        QPointF centre;
        d.nodes().forEach([&](const Node& n) {
            if (centre.isNull() && d.itemOf(n.id)->kind == ItemKind::Server)
                centre = n.position;
        });
        view->zoomBy(16.0 / 60 / view->zoom());
        view->centerOnScene(centre);
        screenshot(view, QStringLiteral("1024-first-names"));
        const std::vector<ScreenText::Drawn> drawn = shownTexts(view);
        std::set<QString> named;
        for (const ScreenText::Drawn& t : drawn)
            named.insert(t.full);
        const QRectF viewport = view->viewport()->rect();
        int servers = 0;
        for (QGraphicsItem* item : w->scene()->items()) {
            if (item->type() != NodeItem::Type || !item->isVisible())
                continue;
            const Node* n = d.node(static_cast<NodeItem*>(item)->nodeId());
            const QRectF box = view->viewportTransform().mapRect(static_cast<NodeItem*>(item)->sceneBox());
            if (d.itemOf(n->id)->kind != ItemKind::Server || !viewport.contains(box))
                continue;
            QVERIFY2(box.height() >= 15.9 && box.height() < 16.1, qPrintable(QString::number(box.height())));
            QVERIFY2(named.count(n->name) == 1, qPrintable(n->name + QStringLiteral(" shows no name")));
            ++servers;
        }
        QVERIFY2(servers >= 32, qPrintable(QString::number(servers)));
    }

    // The sample's rack is drawn around its nodes: the one rack holds every node, so its outline
    // covers nothing else.
    void sampleRackFrameIsDrawn()
    {
        const Design d = sample();
        auto w = windowWith(d);
        GroupId rack;
        d.groups().forEach([&](const Group& g) {
            if (g.kind == GroupKind::Rack)
                rack = g.id;
        });
        QVERIFY(rack.isValid());
        GroupItem* item = w->scene()->groupItem(rack);
        QVERIFY(item && item->isVisible());
        d.nodes().forEach([&](const Node& n) { QVERIFY(item->sceneBoundingRect().contains(n.position)); });
        QVERIFY(DesignPicture::of(d).outlines.size() == 1);
        QVERIFY(shownTexts(w->view()).size() > 0);
        const auto drawn = shownTexts(w->view());
        QVERIFY(std::any_of(drawn.begin(), drawn.end(),
            [](const ScreenText::Drawn& t) { return t.text.startsWith(QStringLiteral("Rack A-01")); }));
    }

    // At fit the 1,024-GPU design (4 SUs of 32 DGX H100) is a diagram: every line is a band with a
    // group or a row of switches at one end, at most one per pair of groups and network, each
    // labelled "N× SG" with N the links of the design between the two at speed S.
    void bandsAtFitCarryTheCoresCounts()
    {
        const Design d = generated(QStringLiteral("dgx-h100"), 1024, QStringLiteral("qm9700"));
        auto w = windowWith(d);
        CanvasScene* scene = w->scene();
        w->view()->viewport()->repaint();
        const std::vector<LinkBundle>& bundles = scene->linkBundles();
        const std::vector<LinkLayerItem::DrawnLabel>& labels = scene->linkLayer()->drawnLabels();
        std::set<const QGraphicsItem*> ends;
        int linksDrawn = 0;
        int labelled = 0;
        for (size_t i = 0; i < bundles.size(); ++i) {
            const LinkBundle& b = bundles[i];
            // A line between two nodes only inside a row (two switches of one tier).
            if (!LinkLayerItem::isBand(b)) {
                const Node* x = d.node(static_cast<const NodeItem*>(b.a)->nodeId());
                const Node* y = d.node(static_cast<const NodeItem*>(b.b)->nodeId());
                QVERIFY2(x->unit == y->unit
                        && DesignLayout::bandOf(*x, d.itemOf(x->id)) == DesignLayout::bandOf(*y, d.itemOf(y->id)),
                    qPrintable(QStringLiteral("%1 to %2 drawn one by one at fit").arg(x->name, y->name)));
            }
            ends.insert(b.a);
            ends.insert(b.b);
            // The design's own count: links on this network with one end in each group.
            int count = 0;
            std::map<int, int, std::greater<>> bySpeed;
            d.links().forEach([&](const Link& l) {
                const Node* x = d.node(l.a.node);
                const Node* y = d.node(l.b.node);
                if (d.linkNetwork(l) != b.network)
                    return;
                if ((standsFor(b.a, *x, *scene) && standsFor(b.b, *y, *scene))
                    || (standsFor(b.a, *y, *scene) && standsFor(b.b, *x, *scene))) {
                    ++count;
                    ++bySpeed[d.linkSpeedGbps(l)];
                }
            });
            QCOMPARE(int(b.links.size()), count);
            linksDrawn += count;
            // Every band of two or more links long enough on screen to be seen says what it carries.
            const QTransform toScreen = w->view()->viewportTransform();
            if (!LinkLayerItem::isBand(b) || count < 2
                || QLineF(toScreen.map(b.a->pos()), toScreen.map(b.b->pos())).length() < 24)
                continue;
            const auto label = std::find_if(
                labels.begin(), labels.end(), [&](const LinkLayerItem::DrawnLabel& l) { return l.bundle == int(i); });
            QVERIFY2(label != labels.end(),
                qPrintable(QStringLiteral("band %1 (%2 links, %3 px) has no label")
                               .arg(i)
                               .arg(count)
                               .arg(QLineF(toScreen.map(b.a->pos()), toScreen.map(b.b->pos())).length())));
            QStringList expected;
            for (const auto& [speed, links] : bySpeed)
                expected << QStringLiteral("%L1× %2G").arg(links).arg(speed);
            QCOMPARE(label->text, expected.join(QStringLiteral(" · ")));
            ++labelled;
        }
        // Bounded by the group pairs, and far fewer lines than links (1,024 GPUs: 128 DGX x 8
        // compute links alone is 1,024). Per unit: servers-leaves, leaves-spines, in-band and
        // out-of-band bands, 4 x 4 = 16; the service rows and their uplinks add about twenty.
        const size_t n = ends.size();
        QVERIFY2(bundles.size() <= n * (n - 1) / 2 * 4, qPrintable(QString::number(bundles.size())));
        QVERIFY2(bundles.size() < 60, qPrintable(QString::number(bundles.size())));
        QVERIFY2(linksDrawn > 1024, qPrintable(QString::number(linksDrawn)));
        QVERIFY(labelled >= 8);
        qInfo("1,024 GPUs at fit: %zu bands between %zu ends stand for %d links, %d labelled", bundles.size(), n,
            linksDrawn, labelled);

        // Closer (units wider than 500 px on screen, racks still under 75 px: 0.4 here), each rack
        // draws one out-of-band fan: no server's management port has a line of its own.
        w->view()->zoomBy(0.4 / w->view()->zoom());
        d.groups().forEach([&](const Group& g) {
            if (g.kind == GroupKind::ScalableUnit)
                QVERIFY2(!scene->drawsBands(g.id),
                    qPrintable(QString::number(scene->groupItem(g.id)->sceneBoundingRect().width() * 0.4)));
        });
        screenshot(w->view(), QStringLiteral("1024-racks"));
        int rackFans = 0;
        std::set<const QGraphicsItem*> fanned;
        for (const LinkBundle& b : scene->linkBundles()) {
            if (b.network != Network::OutOfBand)
                continue;
            for (const QGraphicsItem* end : {b.a, b.b}) {
                if (end->type() == NodeItem::Type) {
                    const Node* node = d.node(static_cast<const NodeItem*>(end)->nodeId());
                    QVERIFY2(d.itemOf(node->id)->kind != ItemKind::Server, qPrintable(node->name));
                }
                const bool rack = end->type() == GroupItem::Type
                    ? d.group(static_cast<const GroupItem*>(end)->groupId())->kind == GroupKind::Rack
                    : end->type() == TierAnchor::Type && static_cast<const TierAnchor*>(end)->rack().isValid();
                if (rack) {
                    QVERIFY2(fanned.insert(end).second, "two out-of-band fans from one rack");
                    ++rackFans;
                }
            }
        }
        // One fan per rack of four or more servers (the DGX H100 racks hold four: about 32 of them).
        std::map<GroupId, int> serversPerRack;
        d.nodes().forEach([&](const Node& node) {
            if (node.rack.isValid() && DesignLayout::bandOf(node, d.itemOf(node.id)) == DesignLayout::Band::Hosts)
                ++serversPerRack[node.rack];
        });
        const auto racksOfFour
            = std::count_if(serversPerRack.begin(), serversPerRack.end(), [](const auto& r) { return r.second >= 4; });
        QVERIFY(racksOfFour >= 31);
        QCOMPARE(rackFans, int(racksOfFour));

        // Zoomed in to 1:1, single links appear.
        QPointF centre;
        d.nodes().forEach([&](const Node& node) {
            if (centre.isNull() && d.itemOf(node.id)->kind == ItemKind::Server)
                centre = node.position;
        });
        oneToOne(w->view(), centre);
        const auto& close = scene->linkBundles();
        QVERIFY(std::any_of(close.begin(), close.end(), [](const LinkBundle& b) { return !LinkLayerItem::isBand(b); }));

        // Back at fit, a unit opened by hand (collapsed and expanded again) draws its links one by one.
        w->view()->fitAll();
        GroupId unit;
        d.groups().forEach([&](const Group& g) {
            if (!unit.isValid() && g.kind == GroupKind::ScalableUnit)
                unit = g.id;
        });
        QVERIFY(scene->drawsBands(unit));
        scene->setCollapsed(unit, true);
        scene->setCollapsed(unit, false);
        QVERIFY(!scene->drawsBands(unit));
        const auto& opened = scene->linkBundles();
        QVERIFY(std::any_of(opened.begin(), opened.end(), [&](const LinkBundle& b) {
            return !LinkLayerItem::isBand(b) && d.node(static_cast<NodeItem*>(b.a)->nodeId())->unit == unit;
        }));
    }
};

QTEST_MAIN(TestCanvasLabels)
#include "tst_canvaslabels.moc"
