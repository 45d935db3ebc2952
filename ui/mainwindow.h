#pragma once

#include "actionregistry.h"
#include "filesession.h"
#include "guarded.h"

#include "generate/generatoroptions.h"
#include "generate/regenerate.h"
#include "model/node.h"

#include <QMainWindow>
#include <QMessageBox>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

class QAction;
class QActionGroup;
class QDialog;
class QDockWidget;
class QLabel;
class QListWidget;
class QMenu;

namespace pw {
class Catalog;
struct CatalogItem;
class TeamCatalog;
} // namespace pw

namespace pw::ui {

class CanvasScene;
class CanvasView;
class BackgroundTask;
class BomPanel;
class CompareView;
class ChartsPanel;
class DesignAnalysis;
class DesignDocument;
class FailuresPanel;
class FindingsPanel;
class WorkspaceLayouts;
class InspectorWidget;
class PaletteWidget;
class PlacementWarning;
class RackElevationView;
class RepoHistoryPanel;
class RepoSession;
class StatusPanel;
class StudioCatalog;
class VerificationPanel;

// The studio's main window: the docks (catalog palette, inspector, history, racks, findings,
// bill of materials, charts), the canvas, the menus and toolbar built from the action registry
// (actionregistry.h), and the status bar with the design's totals. The file side (new, open, save,
// autosave, recovery, recent files, the unsaved-changes prompt) is the FileSession
// (filesession.h); the window forwards to it and shows its messages. Window state in QSettings.
// Actions run guarded: a pw::Error becomes a message, never an exception in the event loop.
// Prompts are injectable so tests answer them without a modal dialog.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    using UnsavedPrompt = FileSession::UnsavedPrompt;
    using RecoveryPrompt = FileSession::RecoveryPrompt;

    explicit MainWindow(const Catalog* catalog, QWidget* parent = nullptr);
    ~MainWindow() override;

    [[nodiscard]] DesignDocument* document() const { return mDocument; }
    [[nodiscard]] FileSession* session() const { return mSession; }
    [[nodiscard]] const ActionRegistry& actions() const { return *mActions; }
    [[nodiscard]] CanvasScene* scene() const { return mScene; }
    [[nodiscard]] CanvasView* view() const { return mView; }
    [[nodiscard]] PaletteWidget* palette() const { return mPalette; }
    [[nodiscard]] InspectorWidget* inspector() const { return mInspector; }
    [[nodiscard]] StatusPanel* statusPanel() const { return mStatus; }
    [[nodiscard]] DesignAnalysis* analysis() const { return mAnalysis; }
    [[nodiscard]] FindingsPanel* findingsPanel() const { return mFindings; }
    [[nodiscard]] QDockWidget* findingsDock() const { return mFindingsDock; }
    [[nodiscard]] FailuresPanel* failuresPanel() const { return mFailures; }
    [[nodiscard]] QDockWidget* failuresDock() const { return mFailuresDock; }
    [[nodiscard]] BomPanel* bomPanel() const { return mBom; }
    [[nodiscard]] QDockWidget* bomDock() const { return mBomDock; }
    [[nodiscard]] ChartsPanel* chartsPanel() const { return mCharts; }
    [[nodiscard]] QDockWidget* chartsDock() const { return mChartsDock; }
    [[nodiscard]] RackElevationView* rackView() const { return mRacks; }
    [[nodiscard]] QDockWidget* racksDock() const { return mRacksDock; }
    // The concentrations of a failure domain that edits brought in (shown atop the Racks and Floor
    // docks and in the status bar).
    [[nodiscard]] PlacementWarning* placementWarning() const { return mPlacementWarning; }
    [[nodiscard]] RepoSession* repoSession() const { return mRepo; }
    [[nodiscard]] RepoHistoryPanel* repoHistoryPanel() const { return mRepoHistory; }
    [[nodiscard]] QDockWidget* repoHistoryDock() const { return mRepoHistoryDock; }
    [[nodiscard]] QLabel* priceBookLabel() const { return mPriceBookLabel; }
    // Where the status bar's transient messages show: a place of their own left of the figures,
    // cut short rather than drawn over them.
    [[nodiscard]] QLabel* messageLabel() const { return mMessage; }
    // The window's first geometry: `wanted` (the frame included, estimated as `frame`) shrunk to
    // fit `available` (the screen less its panels) and centred in it, so the status bar is on screen.
    [[nodiscard]] static QRect fittedGeometry(const QRect& available, QSize wanted, const QMargins& frame);
    // The catalog in effect (the palette's, new items', the generator's) and the team catalog's label.
    [[nodiscard]] StudioCatalog* studioCatalog() const { return mCatalogs; }
    [[nodiscard]] QLabel* teamCatalogLabel() const { return mTeamCatalogLabel; }
    [[nodiscard]] QAction* action(ActionId id) const;
    [[nodiscard]] QAction* action(const QString& objectName) const;

    void setUnsavedPrompt(UnsavedPrompt prompt) { mSession->setUnsavedPrompt(std::move(prompt)); }
    void setRecoveryPrompt(RecoveryPrompt prompt) { mSession->setRecoveryPrompt(std::move(prompt)); }
    void setErrorReporter(ErrorReporter reporter);
    void setAutosaveInterval(int milliseconds) { mSession->setAutosaveInterval(milliseconds); }

    // File operations (FileSession); each returns whether it happened.
    void start(const QString& file = {}) { mSession->start(file); }
    bool newDesign() { return mSession->newDesign(); }
    bool openFile(const QString& path) { return mSession->openFile(path); }
    bool save() { return mSession->save(); }
    bool saveAs(const QString& path = {}) { return mSession->saveAs(path); }
    bool maybeSave() { return mSession->maybeSave(); }
    QString autosaveNow() { return mSession->autosaveNow(); }
    [[nodiscard]] QString autosavePath() const { return mSession->autosavePath(); }
    bool offerUntitledRecovery() { return mSession->offerUntitledRecovery(); }
    [[nodiscard]] static QString untitledAutosavePath() { return FileSession::untitledAutosavePath(); }
    [[nodiscard]] QStringList recentFiles() const { return FileSession::recentFiles(); }

    // File > Open from Repository… (Ctrl+Alt+O): the RepoOpenDialog, then RepoSession::open.
    bool openFromRepository();
    // File > Save to Repository… (Ctrl+Alt+S): the RepoSaveDialog (address, name, message), then
    // RepoSession::save; a conflict asks the conflict dialog (Reload Latest, Save as New Design…,
    // Compare… when the compare view is wired, Cancel).
    bool saveToRepository();
    // File > Reload Team Catalog: the team repository's catalog items and price book again
    // (RepoSession::loadTeamCatalog). Returns whether they were read; a failure changes nothing.
    bool reloadTeamCatalog();

    // File > New from reference design: the generator dialog (seeded with `seed` when given); the
    // result opens as a new untitled document (no undo step), unsaved until saved. Returns whether
    // one was opened.
    bool newFromReferenceDesign(const std::optional<GeneratorOptions>& seed = std::nullopt);
    // File > New from workload: the sizing dialog; "Generate design" continues in the one above.
    bool newFromWorkload();
    // Edit > Design properties: the dialog's result as one undo step (refused when unchanged).
    void editDesignProperties();
    // Edit > Change Design Dials: the current generated design rebuilt with `dials` as one undo
    // step (ReplaceDesignCommand); the generator's notes go to the Notes panel. Returns whether
    // the design changed; a refusal goes to the status bar. The generator runs on a worker thread
    // while the window keeps painting; above kForegroundRebuildGpus a progress dialog with Cancel
    // shows at once (below, only if it takes more than a moment). Cancel leaves the design as it was.
    bool changeDials(const DesignDials& dials);
    static constexpr int kForegroundRebuildGpus = 10'000; // issue 29: rebuilt in under 1 s
    // The task Change Design Dials runs in (tests: its progressShown signal reaches the Cancel).
    [[nodiscard]] BackgroundTask* rebuildTask() const { return mRebuildTask; }
    // View > Compare with Design File: the compare window with the open design against `path`
    // (a .podwright or .json file). A file that cannot be read is reported; returns whether it opened.
    bool compareWithFile(const QString& path);
    // The open design against a revision of a repository design (the conflict prompt's Compare).
    bool compareWithRevision(const QString& address, const QString& design, int revision);
    void showComparison(Design other, const QString& label);
    // The compare window, made on first use (null before).
    [[nodiscard]] CompareView* compareView() const { return mCompare; }
    // File > Verify Against Discovery… (Ctrl+Alt+V): asks for the ibnetdiscover file when none is
    // given, verifies it against the design (VerificationPanel) and shows the Verification panel.
    // Returns whether it ran; a file that cannot be read or parsed is reported.
    bool verifyAgainstDiscovery(const QString& path = {});
    // File > Export Acceptance Report…: the PDF of the verification shown or stored.
    bool exportAcceptanceReport(const QString& pdfPath = {});
    [[nodiscard]] VerificationPanel* verificationPanel() const { return mVerification; }
    [[nodiscard]] QDockWidget* verificationDock() const { return mVerificationDock; }
    [[nodiscard]] QListWidget* notesList() const { return mNotes; }
    [[nodiscard]] QDockWidget* notesDock() const { return mNotesDock; }
    void showCatalogIssues(const QStringList& issues);
    // View > Dark Palette: light text on dark panels, remembered in QSettings ("view/darkPalette").
    void setDarkPalette(bool on);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void buildActions();
    void buildMenus();
    void buildDocks();
    void updateTitle();
    void updatePriceBookLabel();
    void showPlacementWarning();
    // A team catalog was read: make it the catalog in effect and say so.
    void useTeamCatalog(const std::shared_ptr<const TeamCatalog>& team);
    // The design's items the catalog in effect lacks, for the Notes panel.
    void checkCatalogCoverage();
    void refreshNotes();
    void rebuildRecentMenu();
    void groupSelection(int kind);
    // Insert > Connect Selection (Ctrl+K): BulkConnect as one undo step; what it left out goes to the status bar.
    void connectSelection();
    void arrangeByStructure();
    // Help > User Guide (F1): docs/user-guide.md in a window beside the studio.
    void showUserGuide();
    void showDock(QDockWidget* dock);
    std::optional<Network> askNetwork(const CatalogItem& item, const std::vector<Network>& choices);
    // Connects `id`'s action to `slot`.
    template <typename Slot>
    void onTriggered(ActionId id, Slot slot);

    const Catalog* mCatalog; // the catalog in effect (mCatalogs->catalog())
    DesignDocument* mDocument;
    CanvasScene* mScene;
    CanvasView* mView;
    PaletteWidget* mPalette;
    InspectorWidget* mInspector;
    DesignAnalysis* mAnalysis;
    StatusPanel* mStatus;
    FindingsPanel* mFindings = nullptr;
    QDockWidget* mFindingsDock = nullptr;
    FailuresPanel* mFailures = nullptr;
    QDockWidget* mFailuresDock = nullptr;
    BomPanel* mBom = nullptr;
    QDockWidget* mBomDock = nullptr;
    ChartsPanel* mCharts = nullptr;
    CompareView* mCompare = nullptr;
    QDockWidget* mChartsDock = nullptr;
    RackElevationView* mRacks = nullptr;
    QDockWidget* mRacksDock = nullptr;
    PlacementWarning* mPlacementWarning = nullptr;
    QDockWidget* mPaletteDock;
    QDockWidget* mInspectorDock;
    QDockWidget* mHistoryDock;
    VerificationPanel* mVerification = nullptr;
    QDockWidget* mVerificationDock = nullptr;
    QListWidget* mNotes = nullptr;
    QDockWidget* mNotesDock = nullptr;
    QDockWidget* mFloorDock = nullptr;
    QDockWidget* mPowerDock = nullptr;
    WorkspaceLayouts* mWorkspaces = nullptr;
    QStringList mConnectNotes; // the ports the last Connect Selection left out, with the reason
    QStringList mSkippedTeamItems; // the team catalog's items the catalog refused
    QStringList mMissingItems; // the design's items the catalog in effect lacks
    QMenu* mRecentMenu = nullptr;
    QDialog* mGuide = nullptr;
    FileSession* mSession;
    RepoSession* mRepo = nullptr;
    RepoHistoryPanel* mRepoHistory = nullptr;
    QDockWidget* mRepoHistoryDock = nullptr;
    QLabel* mPriceBookLabel = nullptr;
    QLabel* mMessage = nullptr;
    StudioCatalog* mCatalogs = nullptr;
    BackgroundTask* mRebuildTask = nullptr;
    QLabel* mTeamCatalogLabel = nullptr;
    std::unique_ptr<ActionRegistry> mActions;
    ErrorReporter mReportError;
};

} // namespace pw::ui
