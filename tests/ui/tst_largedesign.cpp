// Reading a large design in the studio: fit all, zoom at the cursor, labels at every zoom, the
// overview map and find, on generated designs of 1,024 and 100,000 GPUs.
#include "helpers/windowfixture.h"

#include "banditem.h"
#include "designdocument.h"
#include "findbar.h"
#include "groupitem.h"
#include "legendwidget.h"
#include "nodeitem.h"
#include "overviewmap.h"
#include "screentext.h"

#include "generate/fabricgenerator.h"
#include "io/designjson.h"
#include "model/design.h"

#include <QAction>
#include <QLineEdit>
#include <QUndoStack>
#include <QWheelEvent>

#include <set>

using namespace pw;
using namespace pw::ui;
using pw::testing::at;

class TestLargeDesign : public QObject {
    Q_OBJECT

private:
    static Design generated(int gpus, TopologyKind topology = TopologyKind::RailOptimized)
    {
        GeneratorOptions o;
        o.topology = topology;
        o.serverSku = topology == TopologyKind::FatTree ? QString() : QStringLiteral("dgx-h100");
        o.switchSku = QStringLiteral("qm9700");
        if (topology == TopologyKind::FatTree)
            o.radix = 8;
        else
            o.gpus = gpus;
        GenerateResult r = FabricGenerator::generate(o, testing::testCatalog());
        if (!r.ok())
            qFatal("generate failed: %s", qPrintable(r.error));
        return std::move(*r.design);
    }

    static std::unique_ptr<MainWindow> windowWith(const Design& d)
    {
        auto w = testing::makeWindow();
        w->document()->reset(d);
        w->view()->fitAll();
        QCoreApplication::processEvents();
        return w;
    }

    // The texts a reader sees in one full repaint of the canvas.
    static std::vector<ScreenText::Drawn> shownTexts(CanvasView* view)
    {
        std::vector<ScreenText::Drawn> drawn;
        ScreenText::setRecorder(&drawn);
        view->viewport()->repaint();
        ScreenText::setRecorder(nullptr);
        return drawn;
    }

    static bool shows(const std::vector<ScreenText::Drawn>& drawn, const QString& text)
    {
        // The label itself, or the label leading a one-line "label — counts".
        return std::any_of(drawn.begin(), drawn.end(), [&](const ScreenText::Drawn& t) {
            return t.text == text || t.text.startsWith(text + QStringLiteral(" —"));
        });
    }

    static QPointF viewCentre(CanvasView* view) { return view->mapToScene(view->viewport()->rect().center()); }

    // The sample with its nodes in one row or one column: the extreme shapes a hand-made design takes.
    static Design sampleIn(Qt::Orientation line)
    {
        Design d = DesignJson::readFile(testing::samplePath(), &testing::testCatalog());
        int i = 0;
        d.nodes().forEach([&](const Node& n) {
            Node moved = n;
            moved.position = line == Qt::Horizontal ? QPointF(220.0 * i, 0) : QPointF(0, 120.0 * i);
            ++i;
            d.replaceNode(moved);
        });
        return d;
    }

    static QString describe(const QRect& r)
    {
        return QStringLiteral("%1,%2 %3x%4").arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height());
    }

private Q_SLOTS:
    void fitAllShowsTheWholeDesignAtAnyShape_data()
    {
        QTest::addColumn<QSize>("window");
        QTest::newRow("landscape") << QSize(1600, 1000);
        QTest::newRow("portrait") << QSize(700, 1100);
        QTest::newRow("letterbox") << QSize(1600, 420);
    }
    void fitAllShowsTheWholeDesignAtAnyShape()
    {
        QFETCH(QSize, window);
        const Design d = generated(1024);
        auto w = windowWith(d);
        w->resize(window);
        QCoreApplication::processEvents();
        // The shortcut, as a user presses it.
        QTest::keyClick(w->view(), Qt::Key_0, Qt::ControlModifier);
        const QRect viewport = w->view()->viewport()->rect();
        d.nodes().forEach(
            [&](const Node& n) { QVERIFY2(viewport.contains(at(w->view(), n.position)), qPrintable(n.name)); });
        // And it is not a postage stamp: the design fills the view along one side at least.
        QRectF used;
        d.nodes().forEach([&](const Node& n) { used = used.united(QRectF(at(w->view(), n.position), QSizeF(1, 1))); });
        QVERIFY2(used.width() > 0.75 * viewport.width() || used.height() > 0.75 * viewport.height(),
            qPrintable(QStringLiteral("%1 x %2 of %3 x %4")
                           .arg(used.width())
                           .arg(used.height())
                           .arg(viewport.width())
                           .arg(viewport.height())));
    }

    // Issue 14: after Fit All the legend and the overview map cover no node, whatever the design's
    // shape and the window's: every node box, collapsed pod or unit and aggregated tier the canvas
    // shows lies clear of both widgets.
    void fitAllLeavesNodesClearOfLegendAndOverview_data()
    {
        QTest::addColumn<QString>("shape");
        QTest::addColumn<QSize>("window");
        const QList<QPair<QString, QSize>> windows = {{QStringLiteral("landscape"), QSize(1600, 1000)},
            {QStringLiteral("portrait"), QSize(800, 1100)}, {QStringLiteral("letterbox"), QSize(1600, 500)}};
        for (const QString& shape : {QStringLiteral("sample"), QStringLiteral("sample-row"),
                 QStringLiteral("sample-column"), QStringLiteral("rail-32"), QStringLiteral("rail-1024"),
                 QStringLiteral("leaf-spine-128"), QStringLiteral("fat-tree-k8")})
            for (const auto& [name, size] : windows)
                QTest::newRow(qPrintable(shape + QLatin1Char('/') + name)) << shape << size;
    }
    void fitAllLeavesNodesClearOfLegendAndOverview()
    {
        QFETCH(QString, shape);
        QFETCH(QSize, window);
        const Design d = shape == QLatin1String("sample")
            ? DesignJson::readFile(testing::samplePath(), &testing::testCatalog())
            : shape == QLatin1String("sample-row")     ? sampleIn(Qt::Horizontal)
            : shape == QLatin1String("sample-column")  ? sampleIn(Qt::Vertical)
            : shape == QLatin1String("rail-32")        ? generated(32)
            : shape == QLatin1String("rail-1024")      ? generated(1024)
            : shape == QLatin1String("leaf-spine-128") ? generated(1024, TopologyKind::LeafSpine)
                                                       : generated(0, TopologyKind::FatTree);
        auto w = testing::makeWindow();
        w->document()->reset(d);
        w->resize(window);
        QCoreApplication::processEvents();
        QTest::keyClick(w->view(), Qt::Key_0, Qt::ControlModifier); // Fit All, as a user presses it
        CanvasView* view = w->view();
        auto* legend = view->findChild<LegendWidget*>();
        QVERIFY(legend && legend->isVisible());
        // Both widgets in the viewport's coordinates, where the items are mapped.
        const QPoint origin = view->viewport()->pos();
        const QRect legendRect = legend->geometry().translated(-origin);
        const QRect overviewRect = view->overview()->geometry().translated(-origin);
        int checked = 0;
        for (QGraphicsItem* item : w->scene()->items()) {
            if (!item->isVisible()
                || !(dynamic_cast<NodeItem*>(item) || dynamic_cast<GroupItem*>(item) || dynamic_cast<BandItem*>(item)))
                continue;
            const QRect onScreen = view->mapFromScene(item->sceneBoundingRect()).boundingRect();
            QVERIFY2(view->viewport()->rect().contains(onScreen),
                qPrintable(describe(onScreen) + QStringLiteral(" is cut by the viewport's edge")));
            QVERIFY2(!onScreen.intersects(legendRect),
                qPrintable(QStringLiteral("the legend %1 covers %2").arg(describe(legendRect), describe(onScreen))));
            if (view->overview()->isVisible())
                QVERIFY2(!onScreen.intersects(overviewRect),
                    qPrintable(
                        QStringLiteral("the overview %1 covers %2").arg(describe(overviewRect), describe(onScreen))));
            ++checked;
        }
        QVERIFY(checked >= 10);
        // The whole design is in view, so the overview map has nothing to add and stays out of the way.
        QVERIFY(!view->overview()->isVisible());
        QVERIFY(view->overview()->isWanted());
    }

    void wheelZoomKeepsThePointUnderTheCursor()
    {
        auto w = windowWith(generated(1024));
        CanvasView* view = w->view();
        const QPoint cursor(view->viewport()->width() / 5, view->viewport()->height() * 2 / 3);
        for (int notches : {3, 2, -4, 5}) {
            const QPointF under = view->mapToScene(cursor);
            const double before = view->zoom();
            QWheelEvent wheel(QPointF(cursor), view->viewport()->mapToGlobal(QPointF(cursor)), QPoint(),
                QPoint(0, 120 * notches), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
            QCoreApplication::sendEvent(view->viewport(), &wheel);
            QVERIFY(notches > 0 ? view->zoom() > before : view->zoom() < before);
            const QPoint now = at(view, under);
            QVERIFY2((now - cursor).manhattanLength() <= 2,
                qPrintable(QStringLiteral("moved to %1,%2 from %3,%4")
                               .arg(now.x())
                               .arg(now.y())
                               .arg(cursor.x())
                               .arg(cursor.y())));
        }
    }

    void labelsAreReadableAtEveryZoom()
    {
        const Design d = generated(1024);
        auto w = windowWith(d);
        CanvasView* view = w->view();
        // Fitted: every scalable unit says which it is, with its counts, large enough to read; the
        // nodes are too small for their names, which are then left out rather than smudged.
        std::vector<ScreenText::Drawn> fitted = shownTexts(view);
        for (const ScreenText::Drawn& t : fitted)
            QVERIFY2(t.pixels >= ScreenText::kMinPixels, qPrintable(t.text));
        int units = 0;
        d.groups().forEach([&](const Group& g) {
            if (g.kind != GroupKind::ScalableUnit)
                return;
            ++units;
            const QString title = QStringLiteral("%1 — 40 nodes · 256 GPUs · 8 switches").arg(g.name);
            QVERIFY2(std::any_of(fitted.begin(), fitted.end(),
                         [&](const ScreenText::Drawn& t) { return t.text.startsWith(g.name + QStringLiteral(" —")); }),
                qPrintable(title));
        });
        QCOMPARE(units, 4);
        // Zoomed in on a server: its name (and its neighbours') can be read.
        const Node* server = nullptr;
        d.nodes().forEach([&](const Node& n) {
            if (!server && n.name == QLatin1String("dgx-h100-00017"))
                server = &n;
        });
        QVERIFY(server);
        view->setTransform(QTransform::fromScale(0.6, 0.6));
        view->centerOn(server->position);
        const std::vector<ScreenText::Drawn> zoomed = shownTexts(view);
        QVERIFY(shows(zoomed, server->name));
        for (const ScreenText::Drawn& t : zoomed)
            QVERIFY2(t.pixels >= ScreenText::kMinPixels, qPrintable(t.text));
    }

    void overviewShowsTheViewAndMovesIt()
    {
        auto w = windowWith(generated(1024));
        CanvasView* view = w->view();
        OverviewMap* map = view->overview();
        // Fitted, the whole design is in view: the map would be one tinted box, and it hides.
        QVERIFY(!map->isVisible());
        // Zoomed in, it shows; its outline is small; a click on the map centres the view there.
        view->zoomBy(6);
        QVERIFY(map->isVisible());
        const QRectF outline = map->viewportOutline();
        QVERIFY(outline.width() < map->width() / 3.0);
        const QPoint target(map->width() * 3 / 4, map->height() / 4);
        const QPointF sceneTarget = map->toScene(target);
        QTest::mouseClick(map, Qt::LeftButton, {}, target);
        QVERIFY2(QLineF(viewCentre(view), sceneTarget).length() < 5 / view->zoom() + 2,
            qPrintable(QStringLiteral("%1,%2").arg(viewCentre(view).x()).arg(viewCentre(view).y())));
        QVERIFY(map->viewportOutline().contains(QPointF(target)));
        // Hiding it from the View menu; it stays hidden however far the user zooms in.
        w->action(QStringLiteral("actionOverview"))->trigger();
        QVERIFY(!map->isVisible());
        view->zoomBy(2);
        QVERIFY(!map->isVisible());
        w->action(QStringLiteral("actionOverview"))->trigger();
        QVERIFY(map->isVisible());
        QCOMPARE(w->document()->undoStack()->count(), 0);
    }

    void findByNameSkuAndRack()
    {
        const Design d = generated(1024);
        auto w = windowWith(d);
        CanvasView* view = w->view();
        QTest::keyClick(w->view(), Qt::Key_F, Qt::ControlModifier);
        FindBar* bar = view->findBar();
        QVERIFY(bar->isVisible());
        auto* edit = bar->findChild<QLineEdit*>();
        QVERIFY(edit && edit->hasFocus());
        QTest::keyClicks(edit, QStringLiteral("dgx-h100-00100"));
        QCOMPARE(bar->matches().size(), size_t(1));
        const NodeId found = bar->matches().front();
        QCOMPARE(w->scene()->selectedNodeIds(), std::vector<NodeId>{found});
        QVERIFY(QLineF(viewCentre(view), d.node(found)->position).length() < 5);
        QVERIFY(view->zoom() >= 0.85); // close enough to read the name
        QCOMPARE(bar->status(), QStringLiteral("1 of 1"));

        // By SKU: every leaf and spine; Enter goes on, Shift+Enter back, wrapping.
        edit->clear();
        QTest::keyClicks(edit, QStringLiteral("QM9700"));
        size_t switches = 0;
        d.nodes().forEach([&](const Node& n) { switches += n.sku == QLatin1String("qm9700"); });
        QCOMPARE(bar->matches().size(), switches);
        QTest::keyClick(edit, Qt::Key_Return);
        QCOMPARE(bar->current(), 1);
        QCOMPARE(w->scene()->selectedNodeIds(), std::vector<NodeId>{bar->matches()[1]});
        QTest::keyClick(edit, Qt::Key_Return, Qt::ShiftModifier);
        QTest::keyClick(edit, Qt::Key_Return, Qt::ShiftModifier);
        QCOMPARE(bar->current(), int(switches) - 1);
        QVERIFY(QLineF(viewCentre(view), d.node(bar->matches().back())->position).length() < 5);

        // By rack: the servers in it.
        const Node* server = d.node(found);
        const QString rack = d.group(server->rack)->name;
        edit->clear();
        QTest::keyClicks(edit, rack);
        const auto& inRack = bar->matches();
        QVERIFY(std::find(inRack.begin(), inRack.end(), found) != inRack.end());
        for (NodeId id : inRack)
            QVERIFY(d.node(id)->rack == server->rack || d.node(id)->name.contains(rack, Qt::CaseInsensitive));

        edit->clear();
        QTest::keyClicks(edit, QStringLiteral("no-such-thing"));
        QCOMPARE(bar->status(), QStringLiteral("no match"));
        QTest::keyClick(edit, Qt::Key_Escape);
        QVERIFY(!bar->isVisible());
        QCOMPARE(w->document()->undoStack()->count(), 0); // finding is no edit
    }

    void hundredThousandGpusOpenAggregatedAndFindANode()
    {
        const Design d = generated(100000);
        auto w = windowWith(d);
        CanvasScene* scene = w->scene();
        CanvasView* view = w->view();
        // Fitted: pods and the core tier are one box each, so a frame draws a few hundred things,
        // not 300,000 links.
        BandItem* core = scene->bandItem(DesignLayout::Band::Core);
        QVERIFY(core && core->isVisible());
        QVERIFY2(scene->linkBundleCount() < 3000, qPrintable(QString::number(scene->linkBundleCount())));
        QVERIFY2(scene->visibleNodeItemCount() < 3000, qPrintable(QString::number(scene->visibleNodeItemCount())));
        const std::vector<ScreenText::Drawn> fitted = shownTexts(view);
        QVERIFY(shows(fitted, QStringLiteral("Core tier")));
        int pods = 0;
        d.groups().forEach([&](const Group& g) {
            if (g.kind != GroupKind::Pod)
                return;
            ++pods;
            QVERIFY2(shows(fitted, g.name), qPrintable(g.name));
        });
        QVERIFY(pods > 50);
        for (const ScreenText::Drawn& t : fitted)
            QVERIFY2(t.pixels >= ScreenText::kMinPixels, qPrintable(t.text));

        // Find a server deep inside a collapsed pod: it is revealed, selected and centred.
        // Ctrl+F and the name typed, as a user finds it.
        QTest::keyClick(view, Qt::Key_F, Qt::ControlModifier);
        auto* edit = view->findBar()->findChild<QLineEdit*>();
        QVERIFY(edit && edit->hasFocus());
        QTest::keyClicks(edit, QStringLiteral("dgx-h100-12345"));
        QCOMPARE(view->findBar()->matches().size(), size_t(1));
        const NodeId id = view->findBar()->matches().front();
        QVERIFY(scene->nodeItem(id)->isVisible());
        QVERIFY(scene->nodeItem(id)->isSelected());
        QVERIFY(QLineF(viewCentre(view), d.node(id)->position).length() < 5);
        QVERIFY(shows(shownTexts(view), QStringLiteral("dgx-h100-12345")) || view->zoom() >= 0.85);
        // Back out: the pods close again.
        QTest::keyClick(view, Qt::Key_0, Qt::ControlModifier);
        QVERIFY(core->isVisible());
        QVERIFY(!scene->nodeItem(id)->isVisible());
        QVERIFY(scene->linkBundleCount() < 3000);
    }

    void arrangeLaysOutAFlatDesignAsOneUndoStep()
    {
        Design d = generated(1024);
        // A design from an older version: everything in one strip.
        int i = 0;
        d.nodes().forEach([&](const Node& n) {
            Node moved = n;
            moved.position = QPointF(200.0 * i++, 0);
            d.replaceNode(moved);
        });
        auto w = windowWith(d);
        w->action(QStringLiteral("actionArrange"))->trigger();
        QCOMPARE(w->document()->undoStack()->count(), 1);
        QRectF r;
        w->document()->design().nodes().forEach([&](const Node& n) { r = r.united(QRectF(n.position, QSizeF(1, 1))); });
        QVERIFY2(r.width() / r.height() < 3, qPrintable(QString::number(r.width() / r.height())));
        w->action(QStringLiteral("actionUndo"))->trigger();
        QVERIFY(w->document()->design() == d);
    }
};

QTEST_MAIN(TestLargeDesign)
#include "tst_largedesign.moc"
