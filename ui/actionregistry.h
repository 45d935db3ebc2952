#pragma once

#include <QCoreApplication>
#include <QKeySequence>
#include <QList>
#include <QString>

#include <functional>
#include <map>
#include <vector>

class QAction;
class QWidget;

namespace pw::ui {

// Every command of the studio's menus and toolbar, by a typed id (as LibrePCB's EditorCommandSet).
enum class ActionId {
    New,
    NewReference,
    NewWorkload,
    Open,
    Save,
    SaveAs,
    OpenFromRepository,
    SaveToRepository,
    ShowRepoHistory,
    ReloadTeamCatalog,
    Quit,
    Undo,
    Redo,
    Copy,
    Paste,
    Duplicate,
    Delete,
    SelectAll,
    DesignProperties,
    ChangeDials,
    WaiveFinding,
    UnwaiveFinding,
    ShowFindings,
    ShowBom,
    ShowRacks,
    ShowCharts,
    ShowPower,
    ShowFailures,
    CompareDesign,
    WorkspaceDesign,
    WorkspaceFacility,
    ResetWorkspace,
    ZoomIn,
    ZoomOut,
    FitAll,
    FitSelection,
    Find,
    Overview,
    Arrange,
    CollapseAll,
    ExpandAll,
    DarkPalette,
    SelectTool,
    ConnectTool,
    Place,
    ConnectSelection,
    GroupRack,
    GroupUnit,
    Ungroup,
    UserGuide,
    KeyboardHelp,
    About,
    VerifyDiscovery,
    VerifyIgnoreSpeed,
    ClearVerification,
    ExportAcceptanceReport,
};

// One action's declaration: the object name tests and saved toolbars know it by, its text, its
// shortcuts (the first is the primary one), the status tip, and whether it is a toggle.
struct ActionSpec {
    ActionId id;
    QString objectName;
    QString text;
    QList<QKeySequence> keys;
    QString tip;
    bool checkable = false;
};

// The one place that declares every action: the window's menus, toolbar and tests reach them by
// id (or by object name), and the keyboard help is generated from the same table, so a shortcut
// cannot be listed in one place and bound in another. Actions are owned by the widget given to the
// constructor and added to it, so their shortcuts work while it is active. Undo and Redo come from
// the undo stack and are adopted (they keep the stack's enabled state and text).
class ActionRegistry {
    Q_DECLARE_TR_FUNCTIONS(ActionRegistry)
public:
    explicit ActionRegistry(QWidget* owner);

    [[nodiscard]] static const std::vector<ActionSpec>& specs();
    [[nodiscard]] static const ActionSpec& spec(ActionId id);

    // The action for `id` (adopted or created); never null.
    [[nodiscard]] QAction* action(ActionId id) const;
    // By object name ("actionSave"), or null.
    [[nodiscard]] QAction* find(const QString& objectName) const;
    // Takes `action` (made elsewhere, e.g. by QUndoStack) as the action for `id`, applying the
    // spec's object name, shortcuts and tip.
    void adopt(ActionId id, QAction* action);

    // Enabled state: `when` is asked by refreshEnabled() (the window calls it as the document or
    // selection changes). Actions without a predicate stay enabled.
    void setEnabledWhen(ActionId id, std::function<bool()> when);
    void refreshEnabled();

    // The keyboard and mouse help (an HTML table), generated from the declarations plus the
    // canvas's mouse gestures, which have no action.
    [[nodiscard]] static QString shortcutHelpHtml();

private:
    QWidget* mOwner;
    std::map<ActionId, QAction*> mActions;
    std::map<ActionId, std::function<bool()>> mEnabledWhen;
};

} // namespace pw::ui
