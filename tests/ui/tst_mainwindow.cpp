// The main window opens the bundled sample and draws every node and every link bundle; menus,
// palette, status bar and undo wiring are there.
#include "helpers/uitest.h"

#include "canvasscene.h"
#include "canvasview.h"
#include "designdocument.h"
#include "linklayeritem.h"
#include "mainwindow.h"
#include "nodeitem.h"
#include "palettewidget.h"
#include "statuspanel.h"

#include "commands/addnodecommand.h"
#include "commands/connectcommand.h"
#include "io/designjson.h"
#include "model/design.h"

#include <QAction>
#include <QMenuBar>
#include <QStatusBar>
#include <QTest>
#include <QTreeWidget>
#include <QUndoStack>

using namespace pw;
using namespace pw::ui;

class TestMainWindow : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<MainWindow> makeWindow()
    {
        auto w = std::make_unique<MainWindow>(&testing::testCatalog());
        w->setErrorReporter([](const QString& title, const QString& message) {
            QFAIL(qPrintable(title + QStringLiteral(": ") + message));
        });
        w->resize(1600, 1000);
        w->show();
        if (!QTest::qWaitForWindowExposed(w.get()))
            qWarning("window not exposed");
        return w;
    }

private Q_SLOTS:
    void sampleOpensAndDrawsEveryNodeAndBundle()
    {
        auto w = makeWindow();
        QVERIFY(w->openFile(testing::samplePath()));
        const Design expected = DesignJson::readFile(testing::samplePath(), &testing::testCatalog());
        const Design& d = w->document()->design();
        QCOMPARE(d.nodes().size(), size_t(11));
        QCOMPARE(d.links().size(), size_t(43));
        QVERIFY(d == expected);

        CanvasScene* scene = w->scene();
        QCOMPARE(scene->nodeItemCount(), 11);
        QCOMPARE(scene->visibleNodeItemCount(), 11);
        QCOMPARE(scene->linkBundleCount(), testing::expectedBundles(d));
        int drawnLinks = 0;
        for (const LinkBundle& b : scene->linkBundles())
            drawnLinks += int(b.links.size());
        QCOMPARE(drawnLinks, 43);
        // Every node is drawn where the model says.
        d.nodes().forEach([&](const Node& n) { QCOMPARE(scene->nodeItem(n.id)->pos(), n.position); });
        // The rack is drawn as a box.
        QCOMPARE(scene->groupItemCount(), 1);

        // Loading creates no undo step and leaves the document clean.
        QCOMPARE(w->document()->undoStack()->count(), 0);
        QVERIFY(!w->document()->isModified());
        // The title names the design (issue 30: "<design name> — Podwright"); the file is the
        // window's file path.
        QCOMPARE(w->windowTitle(), w->document()->design().name() + QStringLiteral("[*] — Podwright"));
        QVERIFY(w->windowFilePath().endsWith(QStringLiteral("minimum-viable-cluster.json")));

        // Default zoom is fit-all (queued by the load): every node is inside the viewport.
        QCoreApplication::sendPostedEvents();
        const QRect viewport = w->view()->viewport()->rect();
        d.nodes().forEach([&](const Node& n) {
            QVERIFY2(viewport.contains(w->view()->mapFromScene(n.position)), qPrintable(n.name));
        });

        // Status bar: 16 GPUs, 2 servers; a dollar figure from the cost model.
        w->statusPanel()->recompute();
        QCOMPARE(w->statusPanel()->gpus(), 16);
        QVERIFY(w->statusPanel()->capex() > 100000);
        QVERIFY(w->statusPanel()->text().contains(QStringLiteral("list/estimate hardware total")));
        // The bisection ratio from max-flow: the sample's two DGX share one non-blocking leaf.
        QVERIFY2(
            w->statusPanel()->text().contains(QStringLiteral("bisection 1.00")), qPrintable(w->statusPanel()->text()));

        // The frame renders (nothing throws or asserts while painting every item).
        QImage image(1600, 1000, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::white);
        QPainter painter(&image);
        w->view()->render(&painter);
    }

    void menusAndActionsExist()
    {
        auto w = makeWindow();
        QStringList menus;
        for (QAction* a : w->menuBar()->actions())
            menus << a->text().remove(QLatin1Char('&'));
        QCOMPARE(menus,
            (QStringList{QStringLiteral("File"), QStringLiteral("Edit"), QStringLiteral("View"),
                QStringLiteral("Insert"), QStringLiteral("Help")}));
        for (const char* name :
            {"actionNew", "actionOpen", "actionSave", "actionSaveAs", "actionUndo", "actionRedo", "actionDelete",
                "actionCopy", "actionPaste", "actionDuplicate", "actionSelectAll", "actionFitAll", "actionConnectTool"})
            QVERIFY2(w->action(QLatin1String(name)), name);
        QCOMPARE(w->action(QStringLiteral("actionSave"))->shortcut(), QKeySequence(QKeySequence::Save));
        QCOMPARE(w->action(QStringLiteral("actionDuplicate"))->shortcut(), QKeySequence(QStringLiteral("Ctrl+D")));
    }

    void paletteListsAndFiltersTheCatalog()
    {
        auto w = makeWindow();
        PaletteWidget* p = w->palette();
        const int all = p->visibleItemCount();
        QCOMPARE(size_t(all), testing::testCatalog().size());
        QVERIFY(p->tree()->topLevelItemCount() >= 5); // kinds
        QVERIFY(!p->tree()->topLevelItem(0)->icon(0).isNull());
        p->setFilter(QStringLiteral("H100"));
        QVERIFY(p->visibleItemCount() >= 1);
        QVERIFY(p->visibleItemCount() < all);
        p->setFilter(QStringLiteral("no-such-hardware-xyz"));
        QCOMPARE(p->visibleItemCount(), 0);
        p->setFilter(QString());
        QCOMPARE(p->visibleItemCount(), all);
    }

    void undoRedoAreWiredToTheCommandStack()
    {
        auto w = makeWindow();
        QVERIFY(w->openFile(testing::samplePath()));
        DesignDocument* doc = w->document();
        const Design before = doc->design();
        Node n;
        n.position = QPointF(900, 400);
        QVERIFY(
            doc->execute(std::make_unique<AddNodeCommand>(*testing::testCatalog().item(QStringLiteral("qm9700")), n))
                .ok);
        const NodeId sw(12);
        QVERIFY(doc->design().node(sw));
        QVERIFY(doc->execute(std::make_unique<ConnectCommand>(NodeId(1), sw)).ok == false
            || doc->undoStack()->count() == 2);
        QVERIFY(doc->undoStack()->count() >= 1);
        const int steps = doc->undoStack()->count();
        const Design after = doc->design();
        QVERIFY(!(after == before));
        QVERIFY(doc->isModified());
        for (int i = 0; i < steps; ++i)
            w->action(QStringLiteral("actionUndo"))->trigger();
        QVERIFY(doc->design() == before);
        QVERIFY(!doc->isModified());
        QCOMPARE(w->scene()->nodeItemCount(), 11);
        QCOMPARE(w->scene()->linkBundleCount(), testing::expectedBundles(before));
        for (int i = 0; i < steps; ++i)
            w->action(QStringLiteral("actionRedo"))->trigger();
        QVERIFY(doc->design() == after);
        QCOMPARE(w->scene()->nodeItemCount(), 12);
    }

    void refusalShowsReasonAndPushesNothing()
    {
        auto w = makeWindow();
        QVERIFY(w->openFile(testing::samplePath()));
        // pdu-a (10) has no network ports: the command refuses.
        const auto r = w->document()->execute(std::make_unique<ConnectCommand>(NodeId(10), NodeId(11)));
        QVERIFY(!r.ok);
        QCOMPARE(w->document()->undoStack()->count(), 0);
        QVERIFY(w->statusBar()->currentMessage().startsWith(QStringLiteral("Refused:")));
        QVERIFY(w->statusBar()->currentMessage().contains(r.reason));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
