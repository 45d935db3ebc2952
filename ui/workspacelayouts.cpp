#include "workspacelayouts.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QSettings>
#include <QTabBar>

#include <algorithm>
#include <initializer_list>

namespace pw::ui {

namespace {

// saveState()'s version: a layout saved by another arrangement of panels is not restored.
constexpr int kLayoutVersion = 1;

QString key(Workspace workspace)
{
    return workspace == Workspace::Facility ? QStringLiteral("facility") : QStringLiteral("design");
}

QString stateKey(Workspace workspace)
{
    return QStringLiteral("workspace/%1/state").arg(key(workspace));
}

void showAll(std::initializer_list<QDockWidget*> docks)
{
    for (QDockWidget* dock : docks)
        if (dock)
            dock->show();
}

// The dock tabs show their whole titles ("Bill of Materials", never "Bill of Materi…" and "Ch…" on a
// 1000 px screen) and scroll when the window cannot hold them all. The main window keeps its dock
// tab bars as direct children; a tab widget inside a panel keeps its own.
void readableTabs(QMainWindow* window)
{
    for (QTabBar* bar : window->findChildren<QTabBar*>(QString(), Qt::FindDirectChildrenOnly)) {
        bar->setElideMode(Qt::ElideNone);
        bar->setUsesScrollButtons(true);
    }
}

} // namespace

WorkspaceLayouts::WorkspaceLayouts(QMainWindow* window, WorkspaceDocks docks)
    : QObject(window), mWindow(window), mDocks(docks)
{
}

QString WorkspaceLayouts::title(Workspace workspace)
{
    return workspace == Workspace::Facility ? tr("Facility") : tr("Design");
}

void WorkspaceLayouts::restoreAtStart()
{
    QSettings settings;
    mCurrent = settings.value(QStringLiteral("workspace/current")).toString() == key(Workspace::Facility)
        ? Workspace::Facility
        : Workspace::Design;
    applyDefault(mCurrent); // every panel placed, even one a saved layout does not know
    (void)mWindow->restoreState(settings.value(stateKey(mCurrent)).toByteArray(), kLayoutVersion);
    readableTabs(mWindow);
    Q_EMIT switched(mCurrent);
}

void WorkspaceLayouts::switchTo(Workspace workspace)
{
    if (workspace == mCurrent)
        return;
    saveCurrent();
    mCurrent = workspace;
    applyDefault(workspace);
    (void)mWindow->restoreState(QSettings().value(stateKey(workspace)).toByteArray(), kLayoutVersion);
    readableTabs(mWindow);
    QSettings().setValue(QStringLiteral("workspace/current"), key(mCurrent));
    Q_EMIT switched(mCurrent);
}

void WorkspaceLayouts::resetCurrent()
{
    QSettings().remove(stateKey(mCurrent));
    applyDefault(mCurrent);
    readableTabs(mWindow);
}

void WorkspaceLayouts::saveCurrent() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("workspace/current"), key(mCurrent));
    settings.setValue(stateKey(mCurrent), mWindow->saveState(kLayoutVersion));
}

void WorkspaceLayouts::applyDefault(Workspace workspace)
{
    takeAllDocks();
    if (workspace == Workspace::Facility)
        arrangeFacility();
    else
        arrangeDesign();
}

void WorkspaceLayouts::takeAllDocks()
{
    for (QDockWidget* dock : mWindow->findChildren<QDockWidget*>(QString(), Qt::FindDirectChildrenOnly))
        mWindow->removeDockWidget(dock);
}

void WorkspaceLayouts::tabifyOthersWith(QDockWidget* anchor)
{
    const std::initializer_list<QDockWidget*> named{mDocks.catalog, mDocks.inspector, mDocks.history, mDocks.racks,
        mDocks.failures, mDocks.findings, mDocks.bom, mDocks.charts, mDocks.power, mDocks.notes, mDocks.floor,
        mDocks.repoHistory, mDocks.verification};
    for (QDockWidget* dock : mWindow->findChildren<QDockWidget*>(QString(), Qt::FindDirectChildrenOnly)) {
        if (std::find(named.begin(), named.end(), dock) != named.end())
            continue;
        mWindow->tabifyDockWidget(anchor, dock);
        dock->show();
    }
}

// Canvas in the middle, the catalog on the left, the inspector on the right, and findings and the
// bill of materials side by side below: the two views most design steps are checked against.
void WorkspaceLayouts::arrangeDesign()
{
    const WorkspaceDocks& d = mDocks;
    mWindow->addDockWidget(Qt::LeftDockWidgetArea, d.catalog);
    mWindow->addDockWidget(Qt::RightDockWidgetArea, d.inspector);
    for (QDockWidget* dock : {d.history, d.racks, d.failures})
        mWindow->tabifyDockWidget(d.inspector, dock);
    mWindow->addDockWidget(Qt::BottomDockWidgetArea, d.findings);
    mWindow->splitDockWidget(d.findings, d.bom, Qt::Horizontal);
    mWindow->tabifyDockWidget(d.findings, d.verification);
    for (QDockWidget* dock : {d.charts, d.power, d.notes, d.floor, d.repoHistory})
        mWindow->tabifyDockWidget(d.bom, dock);
    tabifyOthersWith(d.bom);
    showAll({d.catalog, d.inspector, d.history, d.racks, d.failures, d.findings, d.bom, d.charts, d.power, d.notes,
        d.floor, d.repoHistory, d.verification});
    d.inspector->raise();
    d.findings->raise();
    d.bom->raise();
    const int width = mWindow->width();
    mWindow->resizeDocks({d.catalog, d.inspector}, {250, 300}, Qt::Horizontal);
    mWindow->resizeDocks({d.findings, d.bom}, {width / 2, width / 2}, Qt::Horizontal);
    mWindow->resizeDocks({d.findings}, {std::max(220, mWindow->height() * 3 / 10)}, Qt::Vertical);
}

// The floor at real size on the left, failures above power on the right (a failure picked there
// shows its blast radius on the floor), findings below; the catalog is put away.
void WorkspaceLayouts::arrangeFacility()
{
    const WorkspaceDocks& d = mDocks;
    mWindow->addDockWidget(Qt::LeftDockWidgetArea, d.floor);
    mWindow->addDockWidget(Qt::RightDockWidgetArea, d.failures);
    mWindow->splitDockWidget(d.failures, d.power, Qt::Vertical);
    for (QDockWidget* dock : {d.racks, d.inspector, d.history})
        mWindow->tabifyDockWidget(d.power, dock);
    mWindow->addDockWidget(Qt::BottomDockWidgetArea, d.findings);
    for (QDockWidget* dock : {d.verification, d.bom, d.charts, d.notes, d.repoHistory})
        mWindow->tabifyDockWidget(d.findings, dock);
    tabifyOthersWith(d.findings);
    mWindow->addDockWidget(Qt::LeftDockWidgetArea, d.catalog);
    d.catalog->hide();
    showAll({d.floor, d.failures, d.power, d.racks, d.inspector, d.history, d.findings, d.verification, d.bom, d.charts,
        d.notes, d.repoHistory});
    d.power->raise();
    d.findings->raise();
    const int width = mWindow->width();
    mWindow->resizeDocks({d.floor, d.failures}, {width * 40 / 100, width * 36 / 100}, Qt::Horizontal);
    mWindow->resizeDocks({d.failures, d.power}, {1, 1}, Qt::Vertical);
    mWindow->resizeDocks({d.findings}, {std::max(180, mWindow->height() * 22 / 100)}, Qt::Vertical);
}

} // namespace pw::ui
