#include "actionregistry.h"

#include <QAction>
#include <QWidget>

namespace pw::ui {

namespace {

QList<QKeySequence> keys(std::initializer_list<const char*> portable)
{
    QList<QKeySequence> out;
    for (const char* k : portable)
        out << QKeySequence(QString::fromLatin1(k));
    return out;
}

} // namespace

const std::vector<ActionSpec>& ActionRegistry::specs()
{
    // Standard keys where the platform has one; spelled out where a platform theme leaves it
    // empty (QKeySequence::SaveAs under offscreen and the Windows scheme).
    static const std::vector<ActionSpec> table{
        {ActionId::New, QStringLiteral("actionNew"), tr("&New"), {QKeySequence::New}, {}},
        {ActionId::NewReference, QStringLiteral("actionNewReference"), tr("New from &Reference Design…"),
            keys({"Ctrl+Shift+N"}),
            tr("Generate a cluster from a few dials: servers, switches, topology, storage, racks")},
        {ActionId::NewWorkload, QStringLiteral("actionNewWorkload"), tr("New from &Workload…"), keys({"Ctrl+Alt+N"}),
            tr("Size GPUs for a model and a task, then generate a design for it")},
        {ActionId::Open, QStringLiteral("actionOpen"), tr("&Open…"), {QKeySequence::Open}, {}},
        {ActionId::Save, QStringLiteral("actionSave"), tr("&Save"), {QKeySequence::Save}, {}},
        {ActionId::SaveAs, QStringLiteral("actionSaveAs"), tr("Save &As…"), keys({"Ctrl+Shift+S"}), {}},
        {ActionId::OpenFromRepository, QStringLiteral("actionOpenFromRepository"), tr("Open from Re&pository…"),
            keys({"Ctrl+Alt+O"}), tr("Open a revision of a design from the team repository (PostgreSQL)")},
        {ActionId::SaveToRepository, QStringLiteral("actionSaveToRepository"), tr("Save to Reposi&tory…"),
            keys({"Ctrl+Alt+S"}),
            tr("Save the design as the next revision in the team repository, with a message; refused when someone "
               "saved after the revision it came from")},
        {ActionId::ShowRepoHistory, QStringLiteral("actionShowRepoHistory"), tr("Repository &History"),
            keys({"Ctrl+Alt+H"}), tr("The revisions of this design in the team repository")},
        {ActionId::ReloadTeamCatalog, QStringLiteral("actionReloadTeamCatalog"), tr("Reload Team &Catalog"),
            keys({"Ctrl+Alt+R"}),
            tr("Read the team repository's catalog items and price book again: the palette shows the team's items "
               "and the open design is priced with the team's prices")},
        {ActionId::Quit, QStringLiteral("actionQuit"), tr("&Quit"), {QKeySequence::Quit}, {}},
        {ActionId::Undo, QStringLiteral("actionUndo"), tr("&Undo"), {QKeySequence::Undo}, {}},
        {ActionId::Redo, QStringLiteral("actionRedo"), tr("&Redo"), keys({"Ctrl+Shift+Z", "Ctrl+Y"}), {}},
        {ActionId::Copy, QStringLiteral("actionCopy"), tr("&Copy"), {QKeySequence::Copy}, {}},
        {ActionId::Paste, QStringLiteral("actionPaste"), tr("&Paste"), {QKeySequence::Paste}, {}},
        {ActionId::Duplicate, QStringLiteral("actionDuplicate"), tr("D&uplicate"), keys({"Ctrl+D"}), {}},
        {ActionId::Delete, QStringLiteral("actionDelete"), tr("&Delete"), {QKeySequence::Delete}, {}},
        {ActionId::SelectAll, QStringLiteral("actionSelectAll"), tr("Select &All"), {QKeySequence::SelectAll}, {}},
        {ActionId::DesignProperties, QStringLiteral("actionDesignProperties"), tr("Design &Properties…"),
            keys({"Ctrl+Shift+P"}), tr("Cluster type, users, inference share and the software stack")},
        {ActionId::ChangeDials, QStringLiteral("actionChangeDials"), tr("Change Design &Dials…"),
            keys({"Ctrl+Shift+D"}),
            tr("Change the generated design's nodes, oversubscription, storage tier or type as one undoable step")},
        {ActionId::WaiveFinding, QStringLiteral("actionWaiveFinding"), tr("&Waive Finding…"), keys({"Ctrl+Shift+W"}),
            tr("Accept the finding selected in the Findings panel, with a reason")},
        {ActionId::UnwaiveFinding, QStringLiteral("actionUnwaiveFinding"), tr("U&nwaive Finding"), keys({"Ctrl+Alt+W"}),
            tr("Remove the waiver of the finding selected in the Findings panel")},
        {ActionId::ShowFindings, QStringLiteral("actionShowFindings"), tr("&Findings"), keys({"Ctrl+Shift+F"}), {}},
        {ActionId::ShowBom, QStringLiteral("actionShowBom"), tr("&Bill of Materials"), keys({"Ctrl+Shift+B"}), {}},
        {ActionId::ShowRacks, QStringLiteral("actionShowRacks"), tr("&Rack Elevations"), keys({"Ctrl+Shift+R"}), {}},
        {ActionId::ShowCharts, QStringLiteral("actionShowCharts"), tr("C&harts"), keys({"Ctrl+Shift+H"}), {}},
        {ActionId::ShowPower, QStringLiteral("actionShowPower"), tr("&Power and Cooling"), keys({"Ctrl+Shift+E"}),
            tr("kW per rack, row and facility, rack feeds, liquid and air heat, coolant loops and CDUs")},
        {ActionId::ShowFailures, QStringLiteral("actionShowFailures"), tr("Fail&ure Domains"), keys({"Ctrl+Alt+F"}),
            tr("What one switch, plane, power feed, coolant loop, rack or row takes down")},
        {ActionId::CompareDesign, QStringLiteral("actionCompareDesign"), tr("Compare &with Design File…"),
            keys({"Ctrl+Shift+C"}),
            tr("The open design side by side with a design file: what changed, cost, power, bisection, findings")},
        {ActionId::WorkspaceDesign, QStringLiteral("actionWorkspaceDesign"), tr("&Design Workspace"), keys({"Ctrl+1"}),
            tr("Canvas, findings beside the bill of materials, and the inspector (Ctrl+1)"), true},
        {ActionId::WorkspaceFacility, QStringLiteral("actionWorkspaceFacility"), tr("F&acility Workspace"),
            keys({"Ctrl+2"}), tr("The floor at full size, failure domains and power beside it (Ctrl+2)"), true},
        {ActionId::ResetWorkspace, QStringLiteral("actionResetWorkspace"), tr("&Reset Workspace Layout"), {},
            tr("Put the current workspace's panels back where they start")},
        {ActionId::ZoomIn, QStringLiteral("actionZoomIn"), tr("Zoom &In"), {QKeySequence::ZoomIn}, {}},
        {ActionId::ZoomOut, QStringLiteral("actionZoomOut"), tr("Zoom &Out"), {QKeySequence::ZoomOut}, {}},
        {ActionId::FitAll, QStringLiteral("actionFitAll"), tr("&Fit All"), keys({"Ctrl+0", "F"}), {}},
        {ActionId::FitSelection, QStringLiteral("actionFitSelection"), tr("Fit &Selection"), keys({"Shift+F"}), {}},
        {ActionId::Find, QStringLiteral("actionFind"), tr("&Find on Canvas…"), {QKeySequence::Find},
            tr("Find a node by name, SKU or rack (Ctrl+F; Enter: next, Shift+Enter: previous)")},
        {ActionId::Overview, QStringLiteral("actionOverview"), tr("&Overview Map"), keys({"Ctrl+Shift+M"}),
            tr("Show the whole design in the corner while part of it is out of view"), true},
        {ActionId::Arrange, QStringLiteral("actionArrange"), tr("&Arrange by Structure"), {},
            tr("Lay the design out by pods, scalable units, racks and switch tiers (undoable)")},
        {ActionId::CollapseAll, QStringLiteral("actionCollapseAll"), tr("&Collapse All Units and Pods"), {}, {}},
        {ActionId::ExpandAll, QStringLiteral("actionExpandAll"), tr("&Expand All Groups"), {}, {}},
        {ActionId::DarkPalette, QStringLiteral("actionDarkPalette"), tr("&Dark Palette"), {},
            tr("Light text on dark panels (remembered)"), true},
        {ActionId::SelectTool, QStringLiteral("actionSelectTool"), tr("&Select Tool"), keys({"S"}),
            tr("Select, move, rubber-band (S)"), true},
        {ActionId::ConnectTool, QStringLiteral("actionConnectTool"), tr("&Connect Tool"), keys({"C"}),
            tr("Drag from node to node to add a link (C)"), true},
        {ActionId::Place, QStringLiteral("actionPlace"), tr("&Place Catalog Item"), keys({"Ctrl+Return"}),
            tr("Place the item selected in the catalog at the centre of the canvas")},
        {ActionId::ConnectSelection, QStringLiteral("actionConnectSelection"), tr("Connect Se&lection"),
            keys({"Ctrl+K"}),
            tr("Connect the selected nodes' free ports to the selected switches of their network: GPU rails to "
               "leaves, storage to storage, in-band to in-band, BMCs to out-of-band")},
        {ActionId::GroupRack, QStringLiteral("actionGroupRack"), tr("Group Selection into &Rack…"), keys({"Ctrl+G"}),
            {}},
        {ActionId::GroupUnit, QStringLiteral("actionGroupUnit"), tr("Group Selection into Scalable &Unit…"),
            keys({"Ctrl+Shift+G"}), {}},
        {ActionId::Ungroup, QStringLiteral("actionUngroup"), tr("U&ngroup"), keys({"Ctrl+Shift+U"}), {}},
        {ActionId::UserGuide, QStringLiteral("actionUserGuide"), tr("Podwright &User Guide"), keys({"F1"}),
            tr("Open the user guide (F1)")},
        {ActionId::KeyboardHelp, QStringLiteral("actionKeyboardHelp"), tr("&Keyboard and Mouse"), {}, {}},
        {ActionId::About, QStringLiteral("actionAbout"), tr("&About Podwright"), {}, {}},
        {ActionId::VerifyDiscovery, QStringLiteral("actionVerifyDiscovery"), tr("&Verify Against Discovery…"),
            keys({"Ctrl+Alt+V"}),
            tr("Compare the built cluster as ibnetdiscover found it with the design: missing, miscabled and "
               "unexpected cables on the canvas and in the Verification panel")},
        {ActionId::VerifyIgnoreSpeed, QStringLiteral("actionVerifyIgnoreSpeed"), tr("Verify: &Ignore Link Speed"), {},
            tr("Do not report links below their designed speed (ibsim reports every link at 4xSDR)"), true},
        {ActionId::ClearVerification, QStringLiteral("actionClearVerification"), tr("C&lear Verification"),
            keys({"Ctrl+Alt+Shift+V"}), tr("Hide the verification's lines and list (the design keeps its result)")},
        {ActionId::ExportAcceptanceReport, QStringLiteral("actionExportAcceptanceReport"),
            tr("Export Acceptance Re&port…"), {},
            tr("The acceptance report (PDF): N of N links as designed, or every difference with rack, U, port, label "
               "and fix")},
    };
    return table;
}

const ActionSpec& ActionRegistry::spec(ActionId id)
{
    for (const ActionSpec& s : specs())
        if (s.id == id)
            return s;
    Q_ASSERT_X(false, "ActionRegistry::spec", "an ActionId without a declaration");
    return specs().front();
}

ActionRegistry::ActionRegistry(QWidget* owner) : mOwner(owner)
{
    for (const ActionSpec& s : specs()) {
        if (s.id == ActionId::Undo || s.id == ActionId::Redo)
            continue; // adopted from the undo stack
        auto* a = new QAction(s.text, owner);
        a->setCheckable(s.checkable);
        adopt(s.id, a);
    }
}

void ActionRegistry::adopt(ActionId id, QAction* action)
{
    const ActionSpec& s = spec(id);
    action->setObjectName(s.objectName);
    action->setShortcuts(s.keys);
    action->setStatusTip(s.tip.isEmpty() ? QString(s.text).remove(QLatin1Char('&')) : s.tip);
    mOwner->addAction(action);
    mActions[id] = action;
}

QAction* ActionRegistry::action(ActionId id) const
{
    const auto it = mActions.find(id);
    Q_ASSERT_X(it != mActions.end(), "ActionRegistry::action", "Undo or Redo used before it was adopted");
    return it == mActions.end() ? nullptr : it->second;
}

QAction* ActionRegistry::find(const QString& objectName) const
{
    for (const auto& [id, a] : mActions)
        if (a->objectName() == objectName)
            return a;
    return nullptr;
}

void ActionRegistry::setEnabledWhen(ActionId id, std::function<bool()> when)
{
    mEnabledWhen[id] = std::move(when);
    refreshEnabled();
}

void ActionRegistry::refreshEnabled()
{
    for (const auto& [id, when] : mEnabledWhen)
        if (QAction* a = action(id))
            a->setEnabled(when());
}

QString ActionRegistry::shortcutHelpHtml()
{
    QString html = QStringLiteral("<table>");
    auto row = [&html](const QString& keysText, const QString& what) {
        html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(keysText.toHtmlEscaped(), what);
    };
    // Gestures on the canvas, which are no menu commands.
    row(tr("Drag from catalog"), tr("place hardware (snaps to the grid)"));
    row(tr("Click, drag a box"), tr("select"));
    row(tr("Drag, arrows (Shift: ×5)"), tr("move, nudge"));
    row(tr("Wheel"), tr("zoom at the cursor"));
    row(tr("Middle drag, Space+drag, overview click"), tr("pan"));
    row(tr("Enter, Shift+Enter in the find bar"), tr("next, previous match"));
    row(tr("Double-click a group title"), tr("collapse or expand"));
    for (const ActionSpec& s : specs()) {
        if (s.keys.isEmpty())
            continue;
        QStringList texts;
        for (const QKeySequence& k : s.keys)
            texts << k.toString(QKeySequence::NativeText);
        QString what = s.tip.isEmpty() ? s.text : s.tip;
        what.remove(QLatin1Char('&'));
        row(texts.join(QStringLiteral(", ")), what.toHtmlEscaped());
    }
    html += QStringLiteral("</table>");
    return html;
}

} // namespace pw::ui
