// Issue 30, "a workspace for the work": the design workspace shows findings beside the bill of
// materials, the facility workspace gives the floor and failures real size, each workspace keeps
// its own layout across a switch and a restart, and View > Reset puts the default back.
#include "helpers/screenshot.h"
#include "helpers/windowfixture.h"

#include "canvasview.h"
#include "designanalysis.h"
#include "failurespanel.h"
#include "mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QHeaderView>
#include <QLayout>
#include <QMessageBox>
#include <QTableWidget>

using namespace pw;
using namespace pw::ui;
using pw::testing::screenshot;

namespace {

QDockWidget* dock(const MainWindow& w, const char* objectName)
{
    auto* d = w.findChild<QDockWidget*>(QLatin1String(objectName));
    if (!d)
        qFatal("no dock %s", objectName);
    return d;
}

// Laid out as the user sees it: the docks' geometry settles in the window's layout pass.
void settle(MainWindow& w)
{
    QApplication::processEvents();
    w.layout()->activate();
    QApplication::processEvents();
}

// A panel the user can see now: shown, not behind another tab, and not squeezed to nothing.
bool onScreen(QDockWidget* d)
{
    return d->isVisible() && !d->visibleRegion().isEmpty() && d->width() > 100 && d->height() > 100;
}

} // namespace

class TestWorkspaces : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void designShowsFindingsBesideTheBillOfMaterials();
    void facilityGivesFloorAndFailuresRealSize();
    void eachWorkspaceKeepsItsLayoutAcrossSwitchAndRestart();
    void resetPutsTheDefaultBack();
};

void TestWorkspaces::designShowsFindingsBesideTheBillOfMaterials()
{
    auto w = testing::makeWindow();
    settle(*w);
    QVERIFY(w->action(QStringLiteral("actionWorkspaceDesign"))->isChecked());
    QDockWidget* findings = w->findingsDock();
    QDockWidget* bom = w->bomDock();
    // Both at once, not two tabs of one place (the issue: "Findings and BOM cannot be seen together").
    QVERIFY(onScreen(findings));
    QVERIFY(onScreen(bom));
    QVERIFY(!w->tabifiedDockWidgets(findings).contains(bom));
    QVERIFY2(bom->x() >= findings->x() + findings->width() - 10, "the bill of materials sits beside the findings");
    QVERIFY(findings->width() >= w->width() / 3);
    QVERIFY(bom->width() >= w->width() / 3);
    QVERIFY(onScreen(dock(*w, "InspectorDock")));
    QVERIFY(w->view()->width() >= w->width() * 4 / 10); // the canvas stays the main thing
    screenshot(w.get(), QStringLiteral("workspace-design"));
}

void TestWorkspaces::facilityGivesFloorAndFailuresRealSize()
{
    auto w = testing::makeWindow();
    QVERIFY(w->openFile(testing::samplePath()));
    // Ctrl+2, as the toolbar button's tip says.
    QTest::keySequence(w.get(), QKeySequence(QStringLiteral("Ctrl+2")));
    w->analysis()->recompute(); // the sample's failure domains, at once rather than after the debounce
    settle(*w);
    QVERIFY(w->action(QStringLiteral("actionWorkspaceFacility"))->isChecked());
    QDockWidget* floor = dock(*w, "FloorDock");
    QDockWidget* failures = w->failuresDock();
    QDockWidget* power = dock(*w, "PowerDock");
    QVERIFY(onScreen(floor));
    QVERIFY(onScreen(failures));
    QVERIFY(onScreen(power));
    // "The floor view of 100K GPUs is a speck": here it has over a third of the width and half the height.
    QVERIFY2(floor->width() >= w->width() * 35 / 100, qPrintable(QString::number(floor->width())));
    QVERIFY2(floor->height() >= w->height() / 2, qPrintable(QString::number(floor->height())));
    // "The Failures dock hides its key columns": every column of its table fits its width.
    QVERIFY(w->failuresPanel()->rowCount() > 0);
    QTableWidget* table = w->failuresPanel()->table();
    const int columnsWidth = table->horizontalHeader()->length();
    QVERIFY2(columnsWidth <= table->viewport()->width() + 2,
        qPrintable(QStringLiteral("%1 px of columns in %2 px").arg(columnsWidth).arg(table->viewport()->width())));
    QVERIFY(!w->findChild<QDockWidget*>(QStringLiteral("CatalogDock"))->isVisible());
    screenshot(w.get(), QStringLiteral("workspace-facility"));

    // And back with Ctrl+1: the design workspace's panels return.
    QTest::keySequence(w.get(), QKeySequence(QStringLiteral("Ctrl+1")));
    settle(*w);
    QVERIFY(w->action(QStringLiteral("actionWorkspaceDesign"))->isChecked());
    QVERIFY(onScreen(w->bomDock()));
    QVERIFY(w->findChild<QDockWidget*>(QStringLiteral("CatalogDock"))->isVisible());
}

void TestWorkspaces::eachWorkspaceKeepsItsLayoutAcrossSwitchAndRestart()
{
    auto w = testing::makeWindow();
    w->action(QStringLiteral("actionWorkspaceFacility"))->trigger();
    settle(*w);
    QDockWidget* floor = dock(*w, "FloorDock");
    const int narrowed = floor->width() - 200; // the user drags the splitter
    w->resizeDocks({floor}, {narrowed}, Qt::Horizontal);
    settle(*w);
    QCOMPARE(floor->width(), narrowed);

    w->action(QStringLiteral("actionWorkspaceDesign"))->trigger();
    settle(*w);
    QVERIFY(!floor->isVisible() || w->tabifiedDockWidgets(w->bomDock()).contains(floor));
    w->action(QStringLiteral("actionWorkspaceFacility"))->trigger();
    settle(*w);
    QCOMPARE(floor->width(), narrowed);

    // A restart comes back in the facility workspace with the user's layout.
    const QSize size = w->size();
    QVERIFY(w->close());
    w.reset();
    auto again = std::make_unique<MainWindow>(&testing::testCatalog());
    again->setErrorReporter(testing::failOnError);
    again->resize(size);
    again->show();
    QVERIFY(QTest::qWaitForWindowExposed(again.get()));
    settle(*again);
    QVERIFY(again->action(QStringLiteral("actionWorkspaceFacility"))->isChecked());
    QCOMPARE(dock(*again, "FloorDock")->width(), narrowed);
    again->setUnsavedPrompt([](const QString&) { return QMessageBox::Discard; });
}

void TestWorkspaces::resetPutsTheDefaultBack()
{
    auto w = testing::makeWindow();
    w->action(QStringLiteral("actionWorkspaceFacility"))->trigger();
    settle(*w);
    QDockWidget* floor = dock(*w, "FloorDock");
    const int byDefault = floor->width();
    floor->hide(); // the user closes the floor
    w->resizeDocks({w->failuresDock()}, {200}, Qt::Horizontal);
    settle(*w);
    QVERIFY(!floor->isVisible());

    w->action(QStringLiteral("actionResetWorkspace"))->trigger();
    settle(*w);
    QVERIFY(onScreen(floor));
    QVERIFY2(std::abs(floor->width() - byDefault) <= 2, qPrintable(QString::number(floor->width())));
    QVERIFY(w->action(QStringLiteral("actionWorkspaceFacility"))->isChecked());
}

QTEST_MAIN(TestWorkspaces)
#include "tst_workspaces.moc"
