// The canvas driven like a user would: synthetic mouse and key events on the real widgets.
#include "helpers/syntheticfabric.h"
#include "helpers/windowfixture.h"

#include "banditem.h"
#include "designdocument.h"
#include "groupitem.h"
#include "inspectorwidget.h"
#include "linklayeritem.h"
#include "nodeitem.h"
#include "palettewidget.h"

#include "commands/addnodecommand.h"
#include "commands/groupcommand.h"
#include "model/design.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QMimeData>
#include <QStatusBar>
#include <QTreeWidget>
#include <QUndoStack>

#include <cmath>
#include <type_traits>
#include <utility>

using namespace pw;
using namespace pw::ui;
using pw::testing::at;

// Issue 13: the studio changes a design only through commands. The document hands out read-only
// access, so a view or tool that tried to edit the design behind the undo stack would not compile.
static_assert(std::is_const_v<std::remove_reference_t<decltype(std::declval<const DesignDocument&>().design())>>);
static_assert(std::is_const_v<std::remove_reference_t<decltype(std::declval<DesignDocument&>().design())>>);

class TestCanvasEditing : public QObject {
    Q_OBJECT

private:
    static NodeId place(MainWindow* w, const QString& sku, QPointF pos)
    {
        QMimeData mime;
        mime.setData(QLatin1String(CanvasScene::kSkuMimeType), sku.toUtf8());
        const auto before = w->document()->design().nodes().lastId();
        if (!w->view()->dropMimeAt(&mime, at(w->view(), pos)))
            return {};
        return NodeId(before + 1);
    }

    static void drag(QWidget* viewport, QPoint from, QPoint to, Qt::KeyboardModifiers mods = {})
    {
        QTest::mousePress(viewport, Qt::LeftButton, mods, from);
        for (int i = 1; i <= 5; ++i)
            QTest::mouseMove(viewport, from + (to - from) * i / 5);
        QTest::mouseRelease(viewport, Qt::LeftButton, mods, to);
    }

    static std::unique_ptr<MainWindow> sampleWindow()
    {
        auto w = testing::makeWindow();
        if (!w->openFile(testing::samplePath()))
            return nullptr;
        w->view()->fitAll();
        return w;
    }

private Q_SLOTS:
    void placeFromPaletteSnapsToGridAndUndoes()
    {
        auto w = testing::makeWindow();
        w->newDesign();
        w->view()->setTransform(QTransform());
        w->view()->centerOn(0, 0);
        const NodeId id = place(w.get(), QStringLiteral("dgx-h100"), QPointF(123.4, 56.7));
        QVERIFY(id.isValid());
        const Node* n = w->document()->design().node(id);
        QVERIFY(n);
        QCOMPARE(n->sku, QStringLiteral("dgx-h100"));
        QCOMPARE(std::fmod(n->position.x(), 10.0), 0.0);
        QCOMPARE(std::fmod(n->position.y(), 10.0), 0.0);
        QVERIFY(QLineF(n->position, QPointF(123.4, 56.7)).length() < 8);
        QCOMPARE(w->scene()->nodeItemCount(), 1);
        QCOMPARE(w->document()->undoStack()->count(), 1);
        QVERIFY(w->scene()->nodeItem(id)->isSelected()); // placed items come selected
        w->action(QStringLiteral("actionUndo"))->trigger();
        QCOMPARE(w->document()->design().nodes().size(), size_t(0));
        QCOMPARE(w->scene()->nodeItemCount(), 0);
        w->action(QStringLiteral("actionRedo"))->trigger();
        QCOMPARE(w->scene()->nodeItemCount(), 1);
        // The palette's own drag data (what a QDrag would carry) places the item it names.
        PaletteWidget* palette = w->palette();
        palette->setFilter(QStringLiteral("QM9700"));
        QTreeWidgetItem* row = nullptr;
        for (int i = 0; i < palette->tree()->topLevelItemCount() && !row; ++i)
            for (int j = 0; j < palette->tree()->topLevelItem(i)->childCount() && !row; ++j)
                if (!palette->tree()->topLevelItem(i)->child(j)->isHidden())
                    row = palette->tree()->topLevelItem(i)->child(j);
        QVERIFY(row);
        const QModelIndex index = palette->tree()->indexFromItem(row);
        std::unique_ptr<QMimeData> drag(palette->tree()->model()->mimeData({index}));
        QVERIFY(drag && drag->hasFormat(QLatin1String(CanvasScene::kSkuMimeType)));
        QVERIFY(w->view()->dropMimeAt(drag.get(), at(w->view(), QPointF(-200, 0))));
        QCOMPARE(w->document()->design().nodes().size(), size_t(2));
        QVERIFY(w->document()->design().node(NodeId(2))->sku.startsWith(QStringLiteral("qm97")));
        w->action(QStringLiteral("actionUndo"))->trigger();
        // A cable is not a node: refused with the reason, nothing pushed.
        const int steps = w->document()->undoStack()->count();
        QVERIFY(!place(w.get(), QStringLiteral("dac-200g-qsfp56"), QPointF(0, 0)).isValid());
        QCOMPARE(w->document()->undoStack()->count(), steps);
        QVERIFY(w->statusBar()->currentMessage().startsWith(QStringLiteral("Refused")));
    }

    void connectToolDragsALinkAndRefusesWithAReason()
    {
        auto w = testing::makeWindow();
        w->newDesign();
        w->view()->setTransform(QTransform());
        w->view()->centerOn(150, 0);
        const NodeId dgx = place(w.get(), QStringLiteral("dgx-h100"), QPointF(0, 100));
        const NodeId leaf = place(w.get(), QStringLiteral("qm9700"), QPointF(300, -100));
        const NodeId pdu = place(w.get(), QStringLiteral("pdu-3ph-60kw"), QPointF(300, 150));
        QVERIFY(dgx.isValid() && leaf.isValid() && pdu.isValid());
        QWidget* vp = w->view()->viewport();
        w->view()->setFocus();
        QTest::keyClick(w->view(), Qt::Key_C);
        QCOMPARE(w->view()->toolKind(), CanvasView::ToolKind::Connect);
        QVERIFY(w->action(QStringLiteral("actionConnectTool"))->isChecked());
        const int steps = w->document()->undoStack()->count();
        drag(vp, at(w->view(), QPointF(0, 100)), at(w->view(), QPointF(300, -100)));
        const Design& d = w->document()->design();
        QCOMPARE(d.links().size(), size_t(1));
        QCOMPARE(w->document()->undoStack()->count(), steps + 1);
        QCOMPARE(w->scene()->linkBundleCount(), 1);
        QVERIFY(w->scene()->linkBundles().front().network == Network::Compute);
        // Three more drags make one bundle of four links.
        for (int i = 0; i < 3; ++i)
            drag(vp, at(w->view(), QPointF(0, 100)), at(w->view(), QPointF(300, -100)));
        QCOMPARE(d.links().size(), size_t(4));
        QCOMPARE(w->scene()->linkBundleCount(), 1);
        QCOMPARE(w->scene()->linkBundles().front().links.size(), size_t(4));
        // A PDU has no network port: refused, reason in the status bar, nothing pushed.
        const int before = w->document()->undoStack()->count();
        drag(vp, at(w->view(), QPointF(0, 100)), at(w->view(), QPointF(300, 150)));
        QCOMPARE(w->document()->undoStack()->count(), before);
        QVERIFY(w->statusBar()->currentMessage().startsWith(QStringLiteral("Refused")));
        // A press with no release, then a new drag: the tool is still usable.
        QTest::mousePress(vp, Qt::LeftButton, {}, at(w->view(), QPointF(0, 100)));
        drag(vp, at(w->view(), QPointF(0, 100)), at(w->view(), QPointF(300, -100)));
        QCOMPARE(d.links().size(), size_t(5));
        // Undo takes the last link away.
        w->action(QStringLiteral("actionUndo"))->trigger();
        QCOMPARE(d.links().size(), size_t(4));
        QTest::keyClick(w->view(), Qt::Key_Escape);
        QCOMPARE(w->view()->toolKind(), CanvasView::ToolKind::Select);
    }

    void dragOfManyNodesIsOneUndoStep()
    {
        auto w = sampleWindow();
        QVERIFY(w);
        DesignDocument* doc = w->document();
        const Design original = doc->design();
        w->view()->setFocus();
        w->action(QStringLiteral("actionSelectAll"))->trigger();
        QCOMPARE(w->scene()->selectedNodeIds().size(), size_t(11));
        const QPointF start = original.node(NodeId(1))->position;
        const QPoint from = at(w->view(), start);
        drag(w->view()->viewport(), from, from + QPoint(120, 60));
        QCOMPARE(doc->undoStack()->count(), 1);
        const QPointF delta = doc->design().node(NodeId(1))->position - start;
        QVERIFY(delta.x() > 0 && delta.y() > 0);
        // Every node moved by the same grid-snapped amount.
        original.nodes().forEach([&](const Node& n) {
            QCOMPARE(doc->design().node(n.id)->position, n.position + delta);
            QCOMPARE(w->scene()->nodeItem(n.id)->pos(), n.position + delta);
        });
        QCOMPARE(std::fmod(delta.x(), 10.0), 0.0);
        w->action(QStringLiteral("actionUndo"))->trigger();
        QVERIFY(doc->design() == original);
        original.nodes().forEach([&](const Node& n) { QCOMPARE(w->scene()->nodeItem(n.id)->pos(), n.position); });
        w->action(QStringLiteral("actionRedo"))->trigger();
        QCOMPARE(doc->design().node(NodeId(1))->position, start + delta);
    }

    void clickRubberBandAndNudges()
    {
        auto w = sampleWindow();
        QVERIFY(w);
        DesignDocument* doc = w->document();
        CanvasView* view = w->view();
        const Design original = doc->design();
        // Click selects one node.
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at(view, original.node(NodeId(2))->position));
        QCOMPARE(w->scene()->selectedNodeIds(), std::vector<NodeId>{NodeId(2)});
        // Ctrl+click adds another.
        QTest::mouseClick(
            view->viewport(), Qt::LeftButton, Qt::ControlModifier, at(view, original.node(NodeId(1))->position));
        QCOMPARE(w->scene()->selectedNodeIds().size(), size_t(2));
        // Rubber band around the two DGX (y = 400) only, from empty canvas below-left to above-right.
        drag(view->viewport(), at(view, QPointF(-120, 470)), at(view, QPointF(390, 360)));
        QCOMPARE(w->scene()->selectedNodeIds(), (std::vector<NodeId>{NodeId(1), NodeId(2)}));
        QCOMPARE(doc->undoStack()->count(), 0); // selection is not undoable
        // Three nudges right and one down merge into one undo step.
        view->setFocus();
        QTest::keyClick(view, Qt::Key_Right);
        QTest::keyClick(view, Qt::Key_Right);
        QTest::keyClick(view, Qt::Key_Right);
        QTest::keyClick(view, Qt::Key_Down, Qt::ShiftModifier);
        QCOMPARE(doc->undoStack()->count(), 1);
        QCOMPARE(doc->design().node(NodeId(1))->position, original.node(NodeId(1))->position + QPointF(30, 50));
        QCOMPARE(doc->design().node(NodeId(2))->position, original.node(NodeId(2))->position + QPointF(30, 50));
        w->action(QStringLiteral("actionUndo"))->trigger();
        QVERIFY(doc->design() == original);
    }

    void deleteTakesLinksAndUndoRestores()
    {
        auto w = sampleWindow();
        QVERIFY(w);
        DesignDocument* doc = w->document();
        const Design original = doc->design();
        const size_t dgxLinks = original.linksOf(NodeId(1)).size();
        QVERIFY(dgxLinks > 0);
        QTest::mouseClick(w->view()->viewport(), Qt::LeftButton, {}, at(w->view(), original.node(NodeId(1))->position));
        w->view()->setFocus();
        QTest::keyClick(w->view(), Qt::Key_Delete);
        QCOMPARE(doc->undoStack()->count(), 1);
        QVERIFY(!doc->design().node(NodeId(1)));
        QCOMPARE(doc->design().links().size(), original.links().size() - dgxLinks);
        QCOMPARE(w->scene()->nodeItemCount(), 10);
        QCOMPARE(w->scene()->linkBundleCount(), testing::expectedBundles(doc->design()));
        w->action(QStringLiteral("actionUndo"))->trigger();
        QVERIFY(doc->design() == original);
        QCOMPARE(w->scene()->nodeItemCount(), 11);
        QCOMPARE(w->scene()->linkBundleCount(), testing::expectedBundles(original));
        // Deleting a selected link bundle (click on the line) disconnects its links in one step.
        const LinkBundle& b = w->scene()->linkBundles().front();
        const QPointF mid = (b.a->pos() + b.b->pos()) / 2;
        const size_t inBundle = b.links.size();
        QTest::mouseClick(w->view()->viewport(), Qt::LeftButton, {}, at(w->view(), mid));
        QCOMPARE(w->scene()->selectedLinks().size(), inBundle);
        w->action(QStringLiteral("actionDelete"))->trigger();
        QCOMPARE(doc->design().links().size(), original.links().size() - inBundle);
        w->action(QStringLiteral("actionUndo"))->trigger();
        QVERIFY(doc->design() == original);
    }

    void copyPasteAndDuplicateKeepInnerLinks()
    {
        auto w = sampleWindow();
        QVERIFY(w);
        DesignDocument* doc = w->document();
        const Design original = doc->design();
        // dgx-01 and ib-leaf-01 and the links between them.
        size_t inner = 0;
        original.links().forEach([&](const Link& l) {
            const auto a = l.a.node.value(), b = l.b.node.value();
            inner += ((a == 1 && b == 3) || (a == 3 && b == 1)) ? 1 : 0;
        });
        QVERIFY(inner > 0);
        w->scene()->selectNodes({NodeId(1), NodeId(3)});
        w->view()->setFocus();
        QTest::keyClick(w->view(), Qt::Key_D, Qt::ControlModifier);
        QCOMPARE(doc->undoStack()->count(), 1);
        QCOMPARE(doc->design().nodes().size(), size_t(13));
        QCOMPARE(doc->design().links().size(), original.links().size() + inner);
        QVERIFY(!doc->design().checkInvariants().has_value());
        // The copies are selected, named after the originals and offset.
        const auto copies = w->scene()->selectedNodeIds();
        QCOMPARE(copies.size(), size_t(2));
        QCOMPARE(doc->design().node(copies.front())->name, QStringLiteral("dgx-03"));
        // ... beside the originals, never on top of them (issue 14: paste landed on the originals).
        for (NodeId copy : copies)
            for (NodeId originalId : {NodeId(1), NodeId(3)})
                QVERIFY(!w->scene()->nodeItem(copy)->sceneBoundingRect().intersects(
                    w->scene()->nodeItem(originalId)->sceneBoundingRect()));
        // Copy and paste again: another step.
        QTest::keyClick(w->view(), Qt::Key_C, Qt::ControlModifier);
        QTest::keyClick(w->view(), Qt::Key_V, Qt::ControlModifier);
        QCOMPARE(doc->design().nodes().size(), size_t(15));
        QCOMPARE(doc->undoStack()->count(), 2);
        w->action(QStringLiteral("actionUndo"))->trigger();
        w->action(QStringLiteral("actionUndo"))->trigger();
        QVERIFY(doc->design() == original);
    }

    void collapseAGroupIsViewState()
    {
        auto w = testing::makeWindow();
        w->newDesign();
        DesignDocument* doc = w->document();
        const Design fabric = testing::buildRailFabric(testing::testCatalog(), 2);
        doc->reset(fabric);
        CanvasScene* scene = w->scene();
        w->view()->fitAll();
        QCOMPARE(scene->visibleNodeItemCount(), int(fabric.nodes().size()));
        // Fitted, links between groups small on screen draw as bands (issue 30): at most one line
        // per pair of linked nodes.
        const int fitted = scene->linkBundleCount();
        QVERIFY(fitted <= testing::expectedBundles(fabric));
        // Double-click SU 1's title strip.
        GroupItem* su = scene->groupItem(GroupId(1));
        QVERIFY(su && !su->isCollapsed());
        const QRectF box = su->sceneBoundingRect();
        const QPoint title = at(w->view(), QPointF(box.center().x(), box.top() + 10));
        QTest::mouseDClick(w->view()->viewport(), Qt::LeftButton, {}, title);
        QVERIFY(scene->isCollapsed(GroupId(1)));
        QVERIFY(su->isCollapsed());
        // SU 1's 41 nodes are one box now; links into it are bundled onto the box.
        QCOMPARE(scene->visibleNodeItemCount(), int(fabric.nodes().size()) - 41);
        bool bundledOnBox = false;
        for (const LinkBundle& b : scene->linkBundles())
            bundledOnBox |= (b.a == su || b.b == su) && b.links.size() > 1;
        QVERIFY(bundledOnBox);
        QCOMPARE(doc->undoStack()->count(), 0); // not undoable
        QVERIFY(!doc->isModified());
        // Expand again with a double-click on the collapsed box.
        QTest::mouseDClick(w->view()->viewport(), Qt::LeftButton, {}, at(w->view(), su->pos()));
        QVERIFY(!scene->isCollapsed(GroupId(1)));
        // Opened by hand, SU 1 draws its links one by one.
        QVERIFY(scene->linkBundleCount() >= fitted);
        QVERIFY(!scene->drawsBands(GroupId(1)));
    }

    void largeDesignsOpenCollapsedAndFast()
    {
        // 32 SUs of 32 DGX (8,192 GPUs, 1,440 nodes): above the threshold, SUs open collapsed.
        const Design big = testing::buildRailFabric(testing::testCatalog(), 32);
        QVERIFY(int(big.nodes().size()) > CanvasScene::kCollapseUnitsAbove);
        auto w = testing::makeWindow();
        QElapsedTimer t;
        t.start();
        w->document()->reset(big);
        w->view()->fitAll();
        w->view()->viewport()->repaint();
        const qint64 ms = t.elapsed();
        QVERIFY2(ms < 2000, qPrintable(QStringLiteral("open + first frame took %1 ms").arg(ms)));
        CanvasScene* scene = w->scene();
        for (quint32 g = 1; g <= 32; ++g)
            QVERIFY(scene->isCollapsed(GroupId(g)));
        // Every SU is one box, and the 128 spines (in no unit) are one band while zoomed out.
        QCOMPARE(scene->visibleNodeItemCount(), 0);
        QVERIFY(scene->bandItem(DesignLayout::Band::Spine) && scene->bandItem(DesignLayout::Band::Spine)->isVisible());
        int bundled = 0;
        for (const LinkBundle& b : scene->linkBundles())
            bundled += int(b.links.size());
        // Server-to-leaf and out-of-band links stay inside their SU; the leaf-to-spine links are drawn.
        QCOMPARE(bundled, int(big.links().size()) - 32 * 32 * 9);
        QVERIFY(scene->linkBundleCount() <= bundled / 2); // every SU-to-spine pair carries two links
        QCOMPARE(w->document()->undoStack()->count(), 0);
        // View > Expand All shows everything again.
        w->action(QStringLiteral("actionExpandAll"))->trigger();
        QCOMPARE(scene->visibleNodeItemCount(), int(big.nodes().size()));
    }

    void layersHideAndShowLinks()
    {
        auto w = sampleWindow();
        QVERIFY(w);
        CanvasScene* scene = w->scene();
        const int all = scene->linkBundleCount();
        QAction* oob = w->action(QStringLiteral("actionLayer%1").arg(int(Network::OutOfBand)));
        QVERIFY(oob && oob->isChecked());
        oob->trigger();
        QVERIFY(scene->linkBundleCount() < all);
        for (const LinkBundle& b : scene->linkBundles())
            QVERIFY(b.network != Network::OutOfBand);
        QVERIFY(!scene->nodeItem(NodeId(9))->isVisible()); // the out-of-band switch goes with its layer
        oob->trigger();
        QCOMPARE(scene->linkBundleCount(), all);
        QCOMPARE(w->document()->undoStack()->count(), 0);
    }

    void inspectorEditsNodesAndLinks()
    {
        auto w = sampleWindow();
        QVERIFY(w);
        DesignDocument* doc = w->document();
        InspectorWidget* inspector = w->inspector();
        w->scene()->selectNodes({NodeId(1)});
        QCOMPARE(inspector->nameEdit()->text(), QStringLiteral("dgx-01"));
        QVERIFY(inspector->portTree()->topLevelItemCount() >= 4);
        inspector->nameEdit()->setText(QStringLiteral("gpu-node-a"));
        Q_EMIT inspector->nameEdit()->editingFinished();
        QCOMPARE(doc->design().node(NodeId(1))->name, QStringLiteral("gpu-node-a"));
        QCOMPARE(doc->undoStack()->count(), 1);
        inspector->priceOverrideCheck()->setChecked(true);
        inspector->priceSpin()->setValue(250000);
        QVERIFY(doc->design().node(NodeId(1))->priceOverride.has_value());
        QCOMPARE(*doc->design().node(NodeId(1))->priceOverride, 250000.0);
        // Link bundle: one length edit changes every link of the bundle in one step.
        const auto links = original(doc)->linksOf(NodeId(2));
        w->scene()->selectBundle(0);
        const auto bundle = w->scene()->selectedLinks();
        QVERIFY(!bundle.empty());
        const int steps = doc->undoStack()->count();
        inspector->lengthSpin()->setValue(2.5);
        QCOMPARE(doc->undoStack()->count(), steps + 1);
        for (LinkId id : bundle)
            QCOMPARE(doc->design().link(id)->lengthM, 2.5);
        // A length the link's cable (or its optics) does not reach is refused with the reason.
        inspector->lengthSpin()->setValue(700);
        QCOMPARE(doc->undoStack()->count(), steps + 1);
        QVERIFY(w->statusBar()->currentMessage().startsWith(QStringLiteral("Refused")));
        for (LinkId id : bundle)
            QCOMPARE(doc->design().link(id)->lengthM, 2.5);
        w->action(QStringLiteral("actionUndo"))->trigger();
        for (LinkId id : bundle)
            QVERIFY(doc->design().link(id)->lengthM != 2.5);
        Q_UNUSED(links);
    }

private:
    static const Design* original(DesignDocument* doc) { return &doc->design(); }
};

QTEST_MAIN(TestCanvasEditing)
#include "tst_canvasediting.moc"
