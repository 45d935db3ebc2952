// The compare window (View > Compare with Design File): the open design side by side with a file,
// every figure it shows equal to core's DesignComparison of the two designs' figures of record, both
// designs on the tier and cost charts, and it follows edits of the open design.
#include "helpers/windowfixture.h"

#include "compareview.h"
#include "designanalysis.h"
#include "designdocument.h"

#include "analysis/designcomparison.h"
#include "analysis/designfigures.h"
#include "commands/removenodescommand.h"
#include "io/designfile.h"

#include <QAction>
#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtCharts/QBarSeries>
#include <QtCharts/QBarSet>
#include <QtCharts/QChart>
#include <QtCharts/QScatterSeries>

using namespace pw;
using namespace pw::ui;

class TestCompareView : public QObject {
    Q_OBJECT

    template <typename S>
    static S* series(QChart* chart, const QString& name)
    {
        for (QAbstractSeries* s : chart->series())
            if (s->objectName() == name)
                return qobject_cast<S*>(s);
        return nullptr;
    }

    // The row of the figures table whose first cell carries `key`.
    static int rowOf(QTableWidget* t, const QString& key)
    {
        for (int r = 0; r < t->rowCount(); ++r)
            if (t->item(r, 0) && t->item(r, 0)->data(Qt::UserRole).toString() == key)
                return r;
        return -1;
    }

    static DesignFigures figuresOf(const Design& d)
    {
        FiguresRequest request = FiguresRequest::forDesign(d);
        request.fabricAnalysisMaxNodes = DesignAnalysis::kFabricAnalysisMaxNodes;
        return DesignFigures::of(d, request);
    }

    // The sample without its first GPU server (and that server's links), saved as `path`.
    static Design smallerSample(const QString& path)
    {
        Design d = DesignDocument::loadFile(testing::samplePath(), &testing::testCatalog());
        NodeId server;
        d.nodes().forEach([&](const Node& n) {
            if (!server.isValid() && d.itemOf(n.id) && d.itemOf(n.id)->gpuCount() > 0)
                server = n.id;
        });
        for (LinkId l : d.linksOf(server))
            d.takeLink(l);
        d.takeNode(server);
        DesignFile::save(d, path);
        return d;
    }

private Q_SLOTS:
    void showsTheCoreComparisonSideBySide()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("smaller.podwright"));
        const Design smaller = smallerSample(path);

        auto w = testing::makeWindow();
        QVERIFY(w->openFile(testing::samplePath()));
        w->analysis()->recompute();
        QVERIFY(!w->compareView());
        QVERIFY(w->compareWithFile(path));
        CompareView* view = w->compareView();
        QVERIFY(view && view->isVisible());

        // The comparison core makes of the two designs' figures of record.
        const DesignFigures before = figuresOf(smaller);
        const DesignFigures after = figuresOf(w->document()->design());
        const DesignComparison expected
            = DesignComparison::of(ComparedDesign{QStringLiteral("smaller.podwright"), &smaller, &before},
                ComparedDesign{QStringLiteral("current design"), &w->document()->design(), &after});
        const DesignComparison* shown = view->comparison();
        QVERIFY(shown);
        QCOMPARE(shown->nodesAdded.size(), size_t(1));
        QCOMPARE(shown->nodesAdded.size(), expected.nodesAdded.size());
        QCOMPARE(shown->linksAdded.size(), expected.linksAdded.size());
        QVERIFY(!shown->linksAdded.empty());

        QTableWidget* table = view->figuresTable();
        QCOMPARE(table->horizontalHeaderItem(1)->text(), QStringLiteral("smaller.podwright"));
        for (const FigureDifference& f : expected.figures) {
            const int r = rowOf(table, f.key);
            QVERIFY2(r >= 0, qPrintable(f.key));
            QCOMPARE(table->item(r, 1)->text(), f.text(f.before));
            QCOMPARE(table->item(r, 2)->text(), f.text(f.after));
            QCOMPARE(table->item(r, 3)->text(), f.changed() ? f.deltaText() : QStringLiteral("same"));
        }
        // One 8-GPU server more in the open design.
        QCOMPARE(table->item(rowOf(table, QStringLiteral("gpus")), 3)->text(), QStringLiteral("+8"));
        const int capexRow = rowOf(table, QStringLiteral("capex_usd"));
        QVERIFY(capexRow >= 0);
        QVERIFY2(table->item(capexRow, 3)->text().startsWith(QLatin1Char('+')),
            qPrintable(table->item(capexRow, 3)->text()));
        QVERIFY(table->item(capexRow, 2)->text().contains(QLatin1Char('$')));

        QTreeWidget* tree = view->changesTree();
        QCOMPARE(tree->topLevelItem(0)->data(0, Qt::UserRole).toString(), QStringLiteral("nodesAdded"));
        QCOMPARE(tree->topLevelItem(0)->childCount(), 1);
        QCOMPARE(tree->topLevelItem(0)->child(0)->text(0), expected.nodesAdded[0].name);

        // Both designs on the tier chart, each at its GPUs and all-in mid (millions of USD).
        auto* other = series<QScatterSeries>(view->tierChart(), QStringLiteral("other"));
        auto* current = series<QScatterSeries>(view->tierChart(), QStringLiteral("current"));
        QVERIFY(other && current);
        QCOMPARE(other->at(0), QPointF(before.summary.gpus, before.cost->allInBand.mid / 1e6));
        QCOMPARE(current->at(0), QPointF(after.summary.gpus, after.cost->allInBand.mid / 1e6));
        // ... and on the cost-by-area bars, the cost report's areas.
        auto* bars = series<QBarSeries>(view->costChart(), QStringLiteral("compareAreas"));
        QVERIFY(bars);
        QCOMPARE(bars->count(), 2);
        for (size_t i = 0; i < after.cost->capexByArea.size(); ++i) {
            QCOMPARE(bars->barSets().at(0)->at(int(i)), before.cost->capexByArea[i].usd);
            QCOMPARE(bars->barSets().at(1)->at(int(i)), after.cost->capexByArea[i].usd);
        }

        // An edit of the open design (removing the server the file lacks) leaves nothing different
        // in the structure; the window follows the studio's analysis.
        NodeId extra;
        w->document()->design().nodes().forEach([&](const Node& n) {
            if (n.name == expected.nodesAdded[0].name)
                extra = n.id;
        });
        QVERIFY(w->document()->execute(std::make_unique<RemoveNodesCommand>(std::vector<NodeId>{extra})).ok);
        w->analysis()->recompute();
        QVERIFY(view->comparison()->nodesAdded.empty());
        QVERIFY(view->comparison()->linksAdded.empty());
        QCOMPARE(table->item(rowOf(table, QStringLiteral("gpus")), 3)->text(), QStringLiteral("same"));
    }

    // A file whose one link has another length than the open design's (same two ports): the tree
    // lists it under "Links changed" with what changed, as core's comparison says.
    void aRecabledLinkShowsAsAChangedLink()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("recabled.podwright"));
        Design d = DesignDocument::loadFile(testing::samplePath(), &testing::testCatalog());
        Link recabled;
        d.links().forEach([&](const Link& l) {
            if (!recabled.id.isValid() && !l.cableSku.isEmpty())
                recabled = l;
        });
        QVERIFY(recabled.id.isValid());
        recabled.lengthM += 7;
        d.replaceLink(recabled);
        DesignFile::save(d, path);

        auto w = testing::makeWindow();
        QVERIFY(w->openFile(testing::samplePath()));
        w->analysis()->recompute();
        QVERIFY(w->compareWithFile(path));
        const DesignComparison* shown = w->compareView()->comparison();
        QVERIFY(shown);
        QVERIFY(shown->linksAdded.empty());
        QVERIFY(shown->linksRemoved.empty());
        QCOMPARE(shown->linksChanged.size(), size_t(1));
        QTreeWidget* tree = w->compareView()->changesTree();
        QTreeWidgetItem* changed = nullptr;
        for (int i = 0; i < tree->topLevelItemCount(); ++i)
            if (tree->topLevelItem(i)->data(0, Qt::UserRole).toString() == QLatin1String("linksChanged"))
                changed = tree->topLevelItem(i);
        QVERIFY(changed);
        QCOMPARE(changed->text(0), QStringLiteral("Links changed (1)"));
        QCOMPARE(changed->childCount(), 1);
        QCOMPARE(changed->child(0)->text(1), shown->linksChanged.front().what());
        QVERIFY2(changed->child(0)->text(1).contains(QStringLiteral(" m → ")), qPrintable(changed->child(0)->text(1)));
    }

    void actionHasAShortcutAndAMenuEntry()
    {
        auto w = testing::makeWindow();
        QAction* a = w->action(QStringLiteral("actionCompareDesign"));
        QVERIFY(a);
        QCOMPARE(a->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+C")));
        bool inViewMenu = false;
        for (QAction* menu : w->menuBar()->actions())
            if (menu->menu() && menu->text().remove(QLatin1Char('&')) == QLatin1String("View"))
                inViewMenu = menu->menu()->actions().contains(a);
        QVERIFY(inViewMenu);
    }

    void anUnreadableFileIsReported()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("broken.podwright"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("not a design");
        f.close();
        auto w = testing::makeWindow();
        QString reported;
        w->setErrorReporter(
            [&](const QString& title, const QString& message) { reported = title + QLatin1String(": ") + message; });
        QVERIFY(!w->compareWithFile(path));
        QVERIFY2(reported.startsWith(QLatin1String("Cannot compare with broken.podwright")), qPrintable(reported));
        QVERIFY(!w->compareView() || !w->compareView()->isVisible());
    }
};

QTEST_MAIN(TestCompareView)
#include "tst_compareview.moc"
