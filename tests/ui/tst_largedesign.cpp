// Reading a large design in the studio: fit all, zoom at the cursor, labels at every zoom, the
// overview map and find, on generated designs of 1,024 and 100,000 GPUs.
#include "helpers/windowfixture.h"

#include "banditem.h"
#include "designdocument.h"
#include "findbar.h"
#include "groupitem.h"
#include "nodeitem.h"
#include "overviewmap.h"
#include "screentext.h"

#include "generate/fabricgenerator.h"
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
    static Design generated(int gpus)
    {
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-h100");
        o.switchSku = QStringLiteral("qm9700");
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
        QVERIFY(map->isVisible());
        // Fitted, the outline covers the whole map's picture of the design.
        const QRectF design = map->sceneArea();
        QVERIFY(
            view->visibleSceneRect().adjusted(-200, -200, 200, 200).contains(design.adjusted(100, 100, -100, -100)));
        // Zoomed in, the outline is small; a click on the map centres the view there.
        view->zoomBy(6);
        const QRectF outline = map->viewportOutline();
        QVERIFY(outline.width() < map->width() / 3.0);
        const QPoint target(map->width() * 3 / 4, map->height() / 4);
        const QPointF sceneTarget = map->toScene(target);
        QTest::mouseClick(map, Qt::LeftButton, {}, target);
        QVERIFY2(QLineF(viewCentre(view), sceneTarget).length() < 5 / view->zoom() + 2,
            qPrintable(QStringLiteral("%1,%2").arg(viewCentre(view).x()).arg(viewCentre(view).y())));
        QVERIFY(map->viewportOutline().contains(QPointF(target)));
        // Hiding it from the View menu.
        w->action(QStringLiteral("actionOverview"))->trigger();
        QVERIFY(!map->isVisible());
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
        w->action(QStringLiteral("actionFind"))->trigger();
        view->findBar()->setText(QStringLiteral("dgx-h100-12345"));
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
