#pragma once

#include "guarded.h"

#include "generate/generatoroptions.h"
#include "model/node.h"

#include <QMainWindow>
#include <QMessageBox>

#include <functional>
#include <optional>
#include <vector>

class QAction;
class QActionGroup;
class QDockWidget;
class QLabel;
class QMenu;
class QTimer;

namespace pw {
class Catalog;
struct CatalogItem;
} // namespace pw

namespace pw::ui {

class CanvasScene;
class CanvasView;
class BomPanel;
class ChartsPanel;
class DesignAnalysis;
class DesignDocument;
class FindingsPanel;
class InspectorWidget;
class PaletteWidget;
class RackElevationView;
class StatusPanel;

// The studio's main window: menus (File, Edit, View, Insert, Help), the catalog palette, the
// canvas, the inspector, the findings, the status bar with the design's totals, files (new, open, save, save
// as, recent, autosave with recovery, unsaved-changes prompt) and window state in QSettings.
// File actions run guarded: a pw::Error becomes a message, never an exception in the event loop.
// Prompts are injectable so tests answer them without a modal dialog.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    using UnsavedPrompt = std::function<QMessageBox::StandardButton(const QString& documentName)>;
    using RecoveryPrompt = std::function<bool(const QString& file, const QString& sidecar)>;

    explicit MainWindow(const Catalog* catalog, QWidget* parent = nullptr);
    ~MainWindow() override;

    [[nodiscard]] DesignDocument* document() const { return mDocument; }
    [[nodiscard]] CanvasScene* scene() const { return mScene; }
    [[nodiscard]] CanvasView* view() const { return mView; }
    [[nodiscard]] PaletteWidget* palette() const { return mPalette; }
    [[nodiscard]] InspectorWidget* inspector() const { return mInspector; }
    [[nodiscard]] StatusPanel* statusPanel() const { return mStatus; }
    [[nodiscard]] DesignAnalysis* analysis() const { return mAnalysis; }
    [[nodiscard]] FindingsPanel* findingsPanel() const { return mFindings; }
    [[nodiscard]] QDockWidget* findingsDock() const { return mFindingsDock; }
    [[nodiscard]] BomPanel* bomPanel() const { return mBom; }
    [[nodiscard]] QDockWidget* bomDock() const { return mBomDock; }
    [[nodiscard]] ChartsPanel* chartsPanel() const { return mCharts; }
    [[nodiscard]] QDockWidget* chartsDock() const { return mChartsDock; }
    [[nodiscard]] RackElevationView* rackView() const { return mRacks; }
    [[nodiscard]] QDockWidget* racksDock() const { return mRacksDock; }
    [[nodiscard]] QAction* action(const QString& objectName) const;

    void setUnsavedPrompt(UnsavedPrompt prompt) { mUnsavedPrompt = std::move(prompt); }
    void setRecoveryPrompt(RecoveryPrompt prompt) { mRecoveryPrompt = std::move(prompt); }
    void setErrorReporter(ErrorReporter reporter) { mReportError = std::move(reporter); }
    void setAutosaveInterval(int milliseconds);

    // Start-up: opens `file` when given; otherwise offers the untitled autosave a crash left
    // behind and, when that is declined or absent, starts a new design. main() calls this.
    void start(const QString& file = {});

    // File operations; each returns whether it happened. Errors are reported, never thrown.
    // Every way a design replaces the current one (New, Open, recent, drop, the wizards) asks
    // about unsaved changes first (maybeSave) and does nothing when the user cancels.
    bool newDesign();
    bool openFile(const QString& path);
    bool save();
    bool saveAs(const QString& path = {});
    // Asks about unsaved changes; true when it is fine to drop the current design.
    bool maybeSave();
    // Writes the autosave sidecar now if there are unsaved changes; returns the sidecar path.
    QString autosaveNow();
    [[nodiscard]] QString autosavePath() const;
    // File > New from reference design: the generator dialog (seeded with `seed` when given); the
    // result opens as a new untitled document (no undo step), unsaved until saved. Returns whether
    // one was opened.
    bool newFromReferenceDesign(const std::optional<GeneratorOptions>& seed = std::nullopt);
    // File > New from workload: the sizing dialog; "Generate design" continues in the one above.
    bool newFromWorkload();
    // Edit > Design properties: the dialog's result as one undo step (refused when unchanged).
    void editDesignProperties();
    // On start without a file: offers the untitled sidecar left by a crash; true when recovered.
    bool offerUntitledRecovery();
    [[nodiscard]] static QString untitledAutosavePath();
    [[nodiscard]] QStringList recentFiles() const;
    void showCatalogIssues(const QStringList& issues);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void buildActions();
    void buildMenus();
    void buildDocks();
    void updateTitle();
    void addRecent(const QString& path);
    void rebuildRecentMenu();
    void removeSidecar();
    void groupSelection(int kind);
    // Insert > Connect Selection (Ctrl+K): BulkConnect as one undo step; what it left out goes to the status bar.
    void connectSelection();
    std::optional<Network> askNetwork(const CatalogItem& item, const std::vector<Network>& choices);
    QAction* makeAction(const QString& name, const QString& text, const QKeySequence& key, const QString& tip = {});

    const Catalog* mCatalog;
    DesignDocument* mDocument;
    CanvasScene* mScene;
    CanvasView* mView;
    PaletteWidget* mPalette;
    InspectorWidget* mInspector;
    DesignAnalysis* mAnalysis;
    StatusPanel* mStatus;
    FindingsPanel* mFindings = nullptr;
    QDockWidget* mFindingsDock = nullptr;
    BomPanel* mBom = nullptr;
    QDockWidget* mBomDock = nullptr;
    ChartsPanel* mCharts = nullptr;
    QDockWidget* mChartsDock = nullptr;
    RackElevationView* mRacks = nullptr;
    QDockWidget* mRacksDock = nullptr;
    QDockWidget* mPaletteDock;
    QDockWidget* mInspectorDock;
    QDockWidget* mHistoryDock;
    QMenu* mRecentMenu = nullptr;
    QTimer* mAutosave;
    UnsavedPrompt mUnsavedPrompt;
    RecoveryPrompt mRecoveryPrompt;
    ErrorReporter mReportError;
};

} // namespace pw::ui
