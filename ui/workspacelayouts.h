#pragma once

#include <QObject>
#include <QString>

class QDockWidget;
class QMainWindow;

namespace pw::ui {

// The kinds of work the studio arranges its panels for (issue 30): designing (canvas, findings and
// the bill of materials side by side, the inspector) and the facility (the floor at real size,
// failures and power beside it).
enum class Workspace { Design, Facility };

// The window's panels a workspace arranges; panels not named here (added later) tab with the
// bill of materials in the design workspace and with the findings in the facility one.
struct WorkspaceDocks {
    QDockWidget* catalog = nullptr;
    QDockWidget* inspector = nullptr;
    QDockWidget* history = nullptr;
    QDockWidget* racks = nullptr;
    QDockWidget* failures = nullptr;
    QDockWidget* findings = nullptr;
    QDockWidget* bom = nullptr;
    QDockWidget* charts = nullptr;
    QDockWidget* power = nullptr;
    QDockWidget* notes = nullptr;
    QDockWidget* floor = nullptr;
    QDockWidget* repoHistory = nullptr;
    QDockWidget* verification = nullptr; // tabs with the findings in both workspaces
};

// One saved dock layout per workspace, switched from the toolbar: leaving a workspace keeps its
// layout (QSettings "workspace/<name>/state"), coming back restores it, and Reset puts the
// default arrangement back.
class WorkspaceLayouts : public QObject {
    Q_OBJECT
public:
    WorkspaceLayouts(QMainWindow* window, WorkspaceDocks docks);

    [[nodiscard]] Workspace current() const { return mCurrent; }
    [[nodiscard]] static QString title(Workspace workspace);

    // The workspace and layout the last session ended with (its default the first time).
    void restoreAtStart();
    // Keeps the current layout, then shows `workspace`'s saved layout or its default.
    void switchTo(Workspace workspace);
    // The current workspace's default arrangement; its saved layout is forgotten.
    void resetCurrent();
    // Keeps the current layout and which workspace it is (on close).
    void saveCurrent() const;

Q_SIGNALS:
    void switched(Workspace workspace);

private:
    void applyDefault(Workspace workspace);
    void arrangeDesign();
    void arrangeFacility();
    void takeAllDocks();
    void tabifyOthersWith(QDockWidget* anchor);

    QMainWindow* mWindow;
    WorkspaceDocks mDocks;
    Workspace mCurrent = Workspace::Design;
};

} // namespace pw::ui
