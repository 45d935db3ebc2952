#include "mainwindow.h"

#include "bompanel.h"
#include "canvasscene.h"
#include "canvasview.h"
#include "chartspanel.h"
#include "designanalysis.h"
#include "designdocument.h"
#include "dialogs/designpropertiesdialog.h"
#include "dialogs/exportreportdialog.h"
#include "dialogs/referencedesigndialog.h"
#include "dialogs/workloaddialog.h"
#include "findingspanel.h"
#include "inspectorwidget.h"
#include "itemstyle.h"
#include "overviewmap.h"
#include "palettewidget.h"
#include "rackelevationview.h"
#include "statuspanel.h"

#include "catalog/catalog.h"
#include "commands/compositecommand.h"
#include "commands/editnodecommand.h"
#include "commands/groupcommand.h"
#include "commands/renamedesigncommand.h"
#include "commands/setdesignpropertiescommand.h"
#include "generate/bulkconnect.h"
#include "generate/designlayout.h"
#include "generate/rackstacking.h"
#include "io/designfile.h"
#include "model/design.h"
#include "util/plural.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLoggingCategory>
#include <QMenuBar>
#include <QMimeData>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QUndoStack>
#include <QUndoView>

namespace pw::ui {

// Opening, recovery and saving at info level: CI checks that the studio really opened the sample.
Q_LOGGING_CATEGORY(lcFiles, "pw.ui.files", QtInfoMsg)

namespace {

constexpr int kMaxRecent = 8;
constexpr int kDefaultAutosaveMs = 60'000;
const QString kRecentKey = QStringLiteral("recentFiles");
} // namespace

MainWindow::MainWindow(const Catalog* catalog, QWidget* parent)
    : QMainWindow(parent), mCatalog(catalog), mDocument(new DesignDocument(catalog, this)), mAutosave(new QTimer(this))
{
    ItemStyle::ensureResources();
    setObjectName(QStringLiteral("MainWindow"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/podwright.svg")));
    setAcceptDrops(true);
    mScene = new CanvasScene(mDocument, this);
    mView = new CanvasView(mScene, this);
    setCentralWidget(mView);
    mAnalysis = new DesignAnalysis(mDocument, this);
    mStatus = new StatusPanel(mAnalysis, this);
    statusBar()->addPermanentWidget(mStatus);

    mReportError
        = [this](const QString& title, const QString& message) { QMessageBox::critical(this, title, message); };
    mUnsavedPrompt = [this](const QString& name) {
        return QMessageBox::warning(this, QStringLiteral("Unsaved changes"),
            QStringLiteral("%1 has unsaved changes. Save them?").arg(name),
            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    };
    mRecoveryPrompt = [this](const QString& file, const QString& sidecar) {
        return QMessageBox::question(this, QStringLiteral("Recover unsaved work?"),
                   QStringLiteral("An autosave of %1 newer than the file was found (%2).\n"
                                  "Podwright may have stopped before you saved. Recover it?")
                       .arg(
                           file.isEmpty() ? QStringLiteral("an untitled design") : QFileInfo(file).fileName(), sidecar))
            == QMessageBox::Yes;
    };

    buildDocks();
    buildActions();
    buildMenus();

    connect(mDocument, &DesignDocument::commandRefused, this,
        [this](const QString& reason) { statusBar()->showMessage(QStringLiteral("Refused: %1").arg(reason), 8000); });
    connect(mView, &CanvasView::hint, this, [this](const QString& text) { statusBar()->showMessage(text, 5000); });
    connect(mView, &CanvasView::fileDropped, this, [this](const QString& path) { openFile(path); });
    connect(mDocument->undoStack(), &QUndoStack::cleanChanged, this, &MainWindow::updateTitle);
    connect(mDocument, &DesignDocument::filePathChanged, this, &MainWindow::updateTitle);
    connect(mDocument, &DesignDocument::changed, this, &MainWindow::updateTitle); // a rename and its undo
    connect(mDocument, &DesignDocument::resetDone, this, [this] { QTimer::singleShot(0, mView, &CanvasView::fitAll); });
    mScene->setNetworkPrompt(
        [this](const CatalogItem& item, const std::vector<Network>& choices) { return askNetwork(item, choices); });
    connect(mPalette, &PaletteWidget::placeRequested, this,
        [this](const QString& sku) { mScene->placeItem(sku, mView->mapToScene(mView->viewport()->rect().center())); });

    mAutosave->setInterval(kDefaultAutosaveMs);
    connect(mAutosave, &QTimer::timeout, this, [this] { autosaveNow(); });
    mAutosave->start();

    QSettings settings;
    resize(1400, 900);
    if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray()) && screen())
        setGeometry(screen()->availableGeometry()); // first start: use the whole screen
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    updateTitle();
    statusBar()->showMessage(
        QStringLiteral("Drag hardware from the catalog onto the canvas. C: connect, S: select, F: fit all."), 10000);
}

MainWindow::~MainWindow()
{
    // The document is the oldest child and would go first: take its views down before it.
    mAutosave->stop();
    // Signals emitted while children are torn down must not reach this half-destroyed window
    // (the undefined-behaviour sanitizer caught such a call during QWidget's destructor).
    QObject::disconnect(qApp, nullptr, this, nullptr);
    for (QObject* child : findChildren<QObject*>())
        QObject::disconnect(child, nullptr, this, nullptr);
    mScene->blockSignals(true);
    delete mFindingsDock;
    delete mBomDock;
    delete mChartsDock;
    delete mRacksDock;
    delete mInspectorDock;
    delete mView;
    delete mScene;
}

QAction* MainWindow::makeAction(const QString& name, const QString& text, const QKeySequence& key, const QString& tip)
{
    auto* a = new QAction(text, this);
    a->setObjectName(name);
    if (!key.isEmpty())
        a->setShortcut(key);
    a->setStatusTip(tip.isEmpty() ? text : tip);
    addAction(a);
    return a;
}

QAction* MainWindow::action(const QString& objectName) const
{
    return findChild<QAction*>(objectName);
}

void MainWindow::buildDocks()
{
    mPalette = new PaletteWidget(mCatalog, this);
    mPaletteDock = new QDockWidget(QStringLiteral("Catalog"), this);
    mPaletteDock->setObjectName(QStringLiteral("CatalogDock"));
    mPaletteDock->setWidget(mPalette);
    addDockWidget(Qt::LeftDockWidgetArea, mPaletteDock);

    mInspector = new InspectorWidget(mScene, this);
    mInspectorDock = new QDockWidget(QStringLiteral("Inspector"), this);
    mInspectorDock->setObjectName(QStringLiteral("InspectorDock"));
    mInspectorDock->setWidget(mInspector);
    addDockWidget(Qt::RightDockWidgetArea, mInspectorDock);

    auto* history = new QUndoView(mDocument->undoStack(), this);
    history->setEmptyLabel(QStringLiteral("<opened>"));
    mHistoryDock = new QDockWidget(QStringLiteral("History"), this);
    mHistoryDock->setObjectName(QStringLiteral("HistoryDock"));
    mHistoryDock->setWidget(history);
    addDockWidget(Qt::RightDockWidgetArea, mHistoryDock);
    tabifyDockWidget(mInspectorDock, mHistoryDock);

    mRacks = new RackElevationView(mDocument, mAnalysis, this);
    mRacksDock = new QDockWidget(QStringLiteral("Racks"), this);
    mRacksDock->setObjectName(QStringLiteral("RacksDock"));
    mRacksDock->setWidget(mRacks);
    addDockWidget(Qt::RightDockWidgetArea, mRacksDock);
    tabifyDockWidget(mInspectorDock, mRacksDock);
    connect(mRacks, &RackElevationView::nodeActivated, this, [this](NodeId id) {
        mScene->selectNodes({id});
        mView->fitSelection();
    });
    mInspectorDock->raise();
    resizeDocks({mPaletteDock, mInspectorDock}, {250, 290}, Qt::Horizontal);

    // Analysis panels sit below the canvas, tabbed, so the canvas keeps its width.
    mFindings = new FindingsPanel(mDocument, mAnalysis, mScene, mView, this);
    mFindingsDock = new QDockWidget(QStringLiteral("Findings"), this);
    mFindingsDock->setObjectName(QStringLiteral("FindingsDock"));
    mFindingsDock->setWidget(mFindings);
    addDockWidget(Qt::BottomDockWidgetArea, mFindingsDock);

    mBom = new BomPanel(mAnalysis, this);
    mBom->setErrorReporter([this](const QString& title, const QString& message) { mReportError(title, message); });
    mBomDock = new QDockWidget(QStringLiteral("Bill of Materials"), this);
    mBomDock->setObjectName(QStringLiteral("BomDock"));
    mBomDock->setWidget(mBom);
    addDockWidget(Qt::BottomDockWidgetArea, mBomDock);
    tabifyDockWidget(mFindingsDock, mBomDock);

    mCharts = new ChartsPanel(mAnalysis, this);
    mChartsDock = new QDockWidget(QStringLiteral("Charts"), this);
    mChartsDock->setObjectName(QStringLiteral("ChartsDock"));
    mChartsDock->setWidget(mCharts);
    addDockWidget(Qt::BottomDockWidgetArea, mChartsDock);
    tabifyDockWidget(mFindingsDock, mChartsDock);
    mFindingsDock->raise();
    resizeDocks({mFindingsDock}, {270}, Qt::Vertical);
    connect(mStatus, &StatusPanel::findingsClicked, this, [this] {
        mFindingsDock->show();
        mFindingsDock->raise();
    });
}

void MainWindow::buildActions()
{
    auto* std = QApplication::style();
    makeAction(QStringLiteral("actionNew"), QStringLiteral("&New"), QKeySequence::New)
        ->setIcon(std->standardIcon(QStyle::SP_FileIcon));
    makeAction(QStringLiteral("actionOpen"), QStringLiteral("&Open…"), QKeySequence::Open)
        ->setIcon(std->standardIcon(QStyle::SP_DialogOpenButton));
    makeAction(QStringLiteral("actionSave"), QStringLiteral("&Save"), QKeySequence::Save)
        ->setIcon(std->standardIcon(QStyle::SP_DialogSaveButton));
    // Spelled out: QKeySequence::SaveAs is empty under some platform themes (offscreen, Windows scheme).
    makeAction(
        QStringLiteral("actionSaveAs"), QStringLiteral("Save &As…"), QKeySequence(QStringLiteral("Ctrl+Shift+S")));
    makeAction(QStringLiteral("actionQuit"), QStringLiteral("&Quit"), QKeySequence::Quit);
    connect(action(QStringLiteral("actionNew")), &QAction::triggered, this, [this] { newDesign(); });
    connect(action(QStringLiteral("actionOpen")), &QAction::triggered, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, QStringLiteral("Open design"), QString(),
            QStringLiteral("Podwright designs (*.podwright *.json);;All files (*)"));
        if (!path.isEmpty())
            openFile(path);
    });
    connect(makeAction(QStringLiteral("actionNewReference"), QStringLiteral("New from &Reference Design…"),
                QKeySequence(QStringLiteral("Ctrl+Shift+N")),
                QStringLiteral("Generate a cluster from a few dials: servers, switches, topology, storage, racks")),
        &QAction::triggered, this, [this] { newFromReferenceDesign(); });
    connect(makeAction(QStringLiteral("actionNewWorkload"), QStringLiteral("New from &Workload…"),
                QKeySequence(QStringLiteral("Ctrl+Alt+N")),
                QStringLiteral("Size GPUs for a model and a task, then generate a design for it")),
        &QAction::triggered, this, [this] { newFromWorkload(); });
    connect(action(QStringLiteral("actionSave")), &QAction::triggered, this, [this] { save(); });
    connect(action(QStringLiteral("actionSaveAs")), &QAction::triggered, this, [this] { saveAs(); });
    connect(action(QStringLiteral("actionQuit")), &QAction::triggered, this, &QWidget::close);

    QUndoStack* stack = mDocument->undoStack();
    QAction* undo = stack->createUndoAction(this, QStringLiteral("&Undo"));
    undo->setObjectName(QStringLiteral("actionUndo"));
    undo->setShortcut(QKeySequence::Undo);
    undo->setIcon(std->standardIcon(QStyle::SP_ArrowBack));
    addAction(undo);
    QAction* redo = stack->createRedoAction(this, QStringLiteral("&Redo"));
    redo->setObjectName(QStringLiteral("actionRedo"));
    redo->setShortcuts({QKeySequence::Redo, QKeySequence(QStringLiteral("Ctrl+Y"))});
    redo->setIcon(std->standardIcon(QStyle::SP_ArrowForward));
    addAction(redo);

    // One Copy action for the window: it copies from whichever part has the focus.
    connect(makeAction(QStringLiteral("actionCopy"), QStringLiteral("&Copy"), QKeySequence::Copy), &QAction::triggered,
        this, [this] {
            if (mBom->isAncestorOf(QApplication::focusWidget()))
                mBom->copySelection();
            else
                mView->copySelection();
        });
    connect(makeAction(QStringLiteral("actionPaste"), QStringLiteral("&Paste"), QKeySequence::Paste),
        &QAction::triggered, mView, &CanvasView::paste);
    connect(makeAction(QStringLiteral("actionDuplicate"), QStringLiteral("D&uplicate"),
                QKeySequence(QStringLiteral("Ctrl+D"))),
        &QAction::triggered, mView, &CanvasView::duplicateSelection);
    connect(makeAction(QStringLiteral("actionDelete"), QStringLiteral("&Delete"), QKeySequence::Delete),
        &QAction::triggered, mView, &CanvasView::deleteSelection);
    connect(makeAction(QStringLiteral("actionSelectAll"), QStringLiteral("Select &All"), QKeySequence::SelectAll),
        &QAction::triggered, mView, &CanvasView::selectAll);

    connect(makeAction(QStringLiteral("actionDesignProperties"), QStringLiteral("Design &Properties…"),
                QKeySequence(QStringLiteral("Ctrl+Shift+P")),
                QStringLiteral("Cluster type, users, inference share and the software stack")),
        &QAction::triggered, this, &MainWindow::editDesignProperties);
    connect(makeAction(QStringLiteral("actionWaiveFinding"), QStringLiteral("&Waive Finding…"),
                QKeySequence(QStringLiteral("Ctrl+Shift+W")),
                QStringLiteral("Accept the finding selected in the Findings panel, with a reason")),
        &QAction::triggered, this, [this] {
            if (!mFindings->findingAt(mFindings->currentRow())) {
                mFindingsDock->show();
                mFindingsDock->raise();
                statusBar()->showMessage(QStringLiteral("Select a finding in the Findings panel first"), 5000);
                return;
            }
            mFindings->waiveCurrent();
        });
    connect(makeAction(QStringLiteral("actionUnwaiveFinding"), QStringLiteral("U&nwaive Finding"),
                QKeySequence(QStringLiteral("Ctrl+Alt+W")),
                QStringLiteral("Remove the waiver of the finding selected in the Findings panel")),
        &QAction::triggered, this, [this] { mFindings->unwaiveCurrent(); });

    // Show-and-raise rather than toggle: a tabbed dock behind another would otherwise close.
    auto showDock = [this](const QString& name, const QString& text, const QString& key,
                        const std::function<QDockWidget*()>& dock) {
        connect(makeAction(name, text, QKeySequence(key)), &QAction::triggered, this, [dock] {
            QDockWidget* d = dock();
            d->show();
            d->raise();
            d->widget()->setFocus();
        });
    };
    showDock(QStringLiteral("actionShowFindings"), QStringLiteral("&Findings"), QStringLiteral("Ctrl+Shift+F"),
        [this] { return mFindingsDock; });
    showDock(QStringLiteral("actionShowBom"), QStringLiteral("&Bill of Materials"), QStringLiteral("Ctrl+Shift+B"),
        [this] { return mBomDock; });
    showDock(QStringLiteral("actionShowRacks"), QStringLiteral("&Rack Elevations"), QStringLiteral("Ctrl+Shift+R"),
        [this] { return mRacksDock; });
    showDock(QStringLiteral("actionShowCharts"), QStringLiteral("C&harts"), QStringLiteral("Ctrl+Shift+H"),
        [this] { return mChartsDock; });

    connect(makeAction(QStringLiteral("actionZoomIn"), QStringLiteral("Zoom &In"), QKeySequence::ZoomIn),
        &QAction::triggered, this, [this] { mView->zoomBy(1.25); });
    connect(makeAction(QStringLiteral("actionZoomOut"), QStringLiteral("Zoom &Out"), QKeySequence::ZoomOut),
        &QAction::triggered, this, [this] { mView->zoomBy(0.8); });
    QAction* fit = makeAction(
        QStringLiteral("actionFitAll"), QStringLiteral("&Fit All"), QKeySequence(QStringLiteral("Ctrl+0")));
    fit->setShortcuts({QKeySequence(QStringLiteral("Ctrl+0")), QKeySequence(QStringLiteral("F"))});
    connect(fit, &QAction::triggered, mView, &CanvasView::fitAll);
    connect(makeAction(QStringLiteral("actionFitSelection"), QStringLiteral("Fit &Selection"),
                QKeySequence(QStringLiteral("Shift+F"))),
        &QAction::triggered, mView, &CanvasView::fitSelection);
    connect(makeAction(QStringLiteral("actionFind"), QStringLiteral("&Find on Canvas..."), QKeySequence::Find,
                QStringLiteral("Find a node by name, SKU or rack (Ctrl+F; Enter: next, Shift+Enter: previous)")),
        &QAction::triggered, mView, &CanvasView::showFind);
    QAction* overview = makeAction(QStringLiteral("actionOverview"), QStringLiteral("&Overview Map"),
        QKeySequence(QStringLiteral("Ctrl+Shift+M")), QStringLiteral("Show the whole design in the corner"));
    overview->setCheckable(true);
    overview->setChecked(true);
    connect(overview, &QAction::toggled, mView, [this](bool on) { mView->overview()->setVisible(on); });
    connect(makeAction(QStringLiteral("actionArrange"), QStringLiteral("&Arrange by Structure"), {},
                QStringLiteral("Lay the design out by pods, scalable units, racks and switch tiers (undoable)")),
        &QAction::triggered, this, [this] {
            std::vector<Node> moved;
            for (const DesignLayout::Placement& p : DesignLayout::compute(mDocument->design())) {
                Node n = *mDocument->design().node(p.node);
                if (n.position != p.position) {
                    n.position = p.position;
                    moved.push_back(std::move(n));
                }
            }
            if (moved.empty()) {
                statusBar()->showMessage(QStringLiteral("The design is already arranged by its structure"), 5000);
                return;
            }
            if (mDocument
                    ->execute(
                        std::make_unique<EditNodesCommand>(QStringLiteral("Arrange by structure"), std::move(moved)))
                    .ok)
                mView->fitAll();
        });
    connect(makeAction(QStringLiteral("actionCollapseAll"), QStringLiteral("&Collapse All Units and Pods"), {}),
        &QAction::triggered, this, [this] { mScene->collapseAll(true); });
    connect(makeAction(QStringLiteral("actionExpandAll"), QStringLiteral("&Expand All Groups"), {}),
        &QAction::triggered, this, [this] { mScene->collapseAll(false); });

    auto* tools = new QActionGroup(this);
    QAction* select = makeAction(QStringLiteral("actionSelectTool"), QStringLiteral("&Select Tool"),
        QKeySequence(QStringLiteral("S")), QStringLiteral("Select, move, rubber-band (S)"));
    QAction* connectTool = makeAction(QStringLiteral("actionConnectTool"), QStringLiteral("&Connect Tool"),
        QKeySequence(QStringLiteral("C")), QStringLiteral("Drag from node to node to add a link (C)"));
    for (QAction* a : {select, connectTool}) {
        a->setCheckable(true);
        tools->addAction(a);
    }
    select->setChecked(true);
    connect(select, &QAction::triggered, this, [this] { mView->setTool(CanvasView::ToolKind::Select); });
    connect(connectTool, &QAction::triggered, this, [this] { mView->setTool(CanvasView::ToolKind::Connect); });
    connect(mView, &CanvasView::toolChanged, this, [select, connectTool](CanvasView::ToolKind k) {
        (k == CanvasView::ToolKind::Connect ? connectTool : select)->setChecked(true);
    });
    select->setIcon(QIcon::fromTheme(QStringLiteral("edit-select"), std->standardIcon(QStyle::SP_ArrowUp)));
    connectTool->setIcon(QIcon(QStringLiteral(":/icons/cable.svg")));
    connect(makeAction(QStringLiteral("actionPlace"), QStringLiteral("&Place Catalog Item"),
                QKeySequence(QStringLiteral("Ctrl+Return")),
                QStringLiteral("Place the item selected in the catalog at the centre of the canvas")),
        &QAction::triggered, this, [this] {
            const QString sku = mPalette->currentSku();
            if (sku.isEmpty())
                statusBar()->showMessage(QStringLiteral("Select an item in the catalog first"), 5000);
            else
                mScene->placeItem(sku, mView->mapToScene(mView->viewport()->rect().center()));
        });
    connect(makeAction(QStringLiteral("actionConnectSelection"), QStringLiteral("Connect Se&lection"),
                QKeySequence(QStringLiteral("Ctrl+K")),
                QStringLiteral("Connect the selected nodes' free ports to the selected switches of their network: "
                               "GPU rails to leaves, storage to storage, in-band to in-band, BMCs to out-of-band")),
        &QAction::triggered, this, &MainWindow::connectSelection);
    connect(makeAction(QStringLiteral("actionGroupRack"), QStringLiteral("Group Selection into &Rack…"),
                QKeySequence(QStringLiteral("Ctrl+G"))),
        &QAction::triggered, this, [this] { groupSelection(int(GroupKind::Rack)); });
    connect(makeAction(QStringLiteral("actionGroupUnit"), QStringLiteral("Group Selection into Scalable &Unit…"),
                QKeySequence(QStringLiteral("Ctrl+Shift+G"))),
        &QAction::triggered, this, [this] { groupSelection(int(GroupKind::ScalableUnit)); });
    connect(makeAction(QStringLiteral("actionUngroup"), QStringLiteral("U&ngroup"),
                QKeySequence(QStringLiteral("Ctrl+Shift+U"))),
        &QAction::triggered, this, [this] {
            if (mScene->selectedGroup().isValid())
                (void)mDocument->execute(std::make_unique<UngroupCommand>(mScene->selectedGroup()));
            else
                statusBar()->showMessage(QStringLiteral("Select a group (click its title) first"), 5000);
        });
}

std::optional<Network> MainWindow::askNetwork(const CatalogItem& item, const std::vector<Network>& choices)
{
    QStringList labels;
    for (Network n : choices)
        labels << ItemStyle::networkLabel(n);
    bool ok = false;
    const QString chosen = QInputDialog::getItem(this, QStringLiteral("Network of the %1").arg(item.model),
        QStringLiteral("The %1 serves several networks. Which one is this switch on?\n"
                       "(You can change it later in the inspector.)")
            .arg(item.model),
        labels, 0, false, &ok);
    if (!ok)
        return std::nullopt;
    const qsizetype i = labels.indexOf(chosen);
    return i < 0 ? std::nullopt : std::optional<Network>(choices[static_cast<size_t>(i)]);
}

void MainWindow::connectSelection()
{
    const std::vector<NodeId> ids = mScene->selectedNodeIds();
    if (ids.size() < 2 || !mCatalog) {
        statusBar()->showMessage(
            QStringLiteral("Select the servers, storage and switches to connect (drag a box or Ctrl+A) first"), 8000);
        return;
    }
    const BulkConnect::Plan plan = BulkConnect::plan(mDocument->design(), *mCatalog, ids);
    if (plan.isEmpty()) {
        Q_EMIT mDocument->commandRefused(plan.refusal());
        return;
    }
    if (!mDocument->execute(BulkConnect::command(plan, *mCatalog)).ok)
        return;
    QString message = QStringLiteral("Connected %1 %2")
                          .arg(plan.links.size())
                          .arg(plural(static_cast<long long>(plan.links.size()), "link", "links"));
    if (!plan.skipped.isEmpty())
        message += QStringLiteral(". Not connected: %1").arg(plan.skipped.join(QStringLiteral("; ")));
    statusBar()->showMessage(message, 20000);
}

void MainWindow::groupSelection(int kind)
{
    const std::vector<NodeId> ids = mScene->selectedNodeIds();
    if (ids.empty()) {
        statusBar()->showMessage(QStringLiteral("Select the nodes to group first"), 5000);
        return;
    }
    Group g;
    g.kind = GroupKind(kind);
    int n = 1;
    mDocument->design().groups().forEach([&](const Group& other) { n += other.kind == g.kind ? 1 : 0; });
    g.name = g.kind == GroupKind::Rack ? QStringLiteral("Rack %1").arg(n) : QStringLiteral("SU %1").arg(n);
    // A rack is a catalog rack (priced, drawn in the rack view), its members stacked in U.
    std::optional<CatalogItem> rack;
    if (g.kind == GroupKind::Rack && mCatalog)
        if (const CatalogItem* item = RackStacking::rackFor(*mCatalog, mDocument->design(), ids))
            rack = *item;
    (void)mDocument->execute(std::make_unique<GroupCommand>(g, ids, rack));
}

void MainWindow::buildMenus()
{
    QMenu* file = menuBar()->addMenu(QStringLiteral("&File"));
    file->addAction(action(QStringLiteral("actionNew")));
    file->addAction(action(QStringLiteral("actionNewReference")));
    file->addAction(action(QStringLiteral("actionNewWorkload")));
    file->addAction(action(QStringLiteral("actionOpen")));
    mRecentMenu = file->addMenu(QStringLiteral("Open &Recent"));
    connect(mRecentMenu, &QMenu::aboutToShow, this, &MainWindow::rebuildRecentMenu);
    rebuildRecentMenu();
    file->addSeparator();
    file->addAction(action(QStringLiteral("actionSave")));
    file->addAction(action(QStringLiteral("actionSaveAs")));
    // Report and exports (ui/dialogs/exportreportdialog.*): the proposal PDF and interchange files.
    file->addAction(QStringLiteral("Export &Report..."), this,
            [this] {
                const QString pdf = runExportReportDialog(this, mDocument->design(), mDocument->filePath());
                if (!pdf.isEmpty())
                    statusBar()->showMessage(QStringLiteral("Report written to %1").arg(pdf), 5000);
            })
        ->setObjectName(QStringLiteral("actionExportReport"));
    addExportMenu(file, this, [this] { return &mDocument->design(); });
    file->addSeparator();
    file->addAction(action(QStringLiteral("actionQuit")));

    QMenu* edit = menuBar()->addMenu(QStringLiteral("&Edit"));
    edit->addAction(action(QStringLiteral("actionUndo")));
    edit->addAction(action(QStringLiteral("actionRedo")));
    edit->addSeparator();
    for (const char* name : {"actionCopy", "actionPaste", "actionDuplicate", "actionDelete"})
        edit->addAction(action(QLatin1String(name)));
    edit->addSeparator();
    edit->addAction(action(QStringLiteral("actionSelectAll")));
    edit->addSeparator();
    edit->addAction(action(QStringLiteral("actionDesignProperties")));
    edit->addAction(action(QStringLiteral("actionWaiveFinding")));
    edit->addAction(action(QStringLiteral("actionUnwaiveFinding")));

    QMenu* view = menuBar()->addMenu(QStringLiteral("&View"));
    for (const char* name :
        {"actionZoomIn", "actionZoomOut", "actionFitAll", "actionFitSelection", "actionFind", "actionOverview"})
        view->addAction(action(QLatin1String(name)));
    view->addSeparator();
    view->addAction(action(QStringLiteral("actionArrange")));
    view->addAction(action(QStringLiteral("actionCollapseAll")));
    view->addAction(action(QStringLiteral("actionExpandAll")));
    QMenu* layers = view->addMenu(QStringLiteral("&Layers"));
    for (Network n : {Network::Compute, Network::Storage, Network::InBand, Network::OutOfBand}) {
        QAction* a = layers->addAction(ItemStyle::networkLabel(n));
        a->setObjectName(QStringLiteral("actionLayer%1").arg(int(n)));
        a->setCheckable(true);
        a->setChecked(true);
        connect(a, &QAction::toggled, this, [this, n](bool on) { mScene->setLayerVisible(n, on); });
    }
    view->addSeparator();
    view->addAction(action(QStringLiteral("actionShowFindings")));
    view->addAction(action(QStringLiteral("actionShowBom")));
    view->addAction(action(QStringLiteral("actionShowCharts")));
    view->addAction(action(QStringLiteral("actionShowRacks")));
    QMenu* panels = view->addMenu(QStringLiteral("&Panels"));
    for (QDockWidget* dock :
        {mPaletteDock, mInspectorDock, mHistoryDock, mRacksDock, mFindingsDock, mBomDock, mChartsDock})
        panels->addAction(dock->toggleViewAction());

    QMenu* insert = menuBar()->addMenu(QStringLiteral("&Insert"));
    insert->addAction(action(QStringLiteral("actionSelectTool")));
    insert->addAction(action(QStringLiteral("actionConnectTool")));
    insert->addSeparator();
    insert->addAction(action(QStringLiteral("actionPlace")));
    insert->addAction(action(QStringLiteral("actionConnectSelection")));
    insert->addAction(action(QStringLiteral("actionGroupRack")));
    insert->addAction(action(QStringLiteral("actionGroupUnit")));
    insert->addAction(action(QStringLiteral("actionUngroup")));

    QMenu* help = menuBar()->addMenu(QStringLiteral("&Help"));
    help->addAction(QStringLiteral("&Keyboard and Mouse"), this, [this] {
        QMessageBox::information(this, QStringLiteral("Keyboard and mouse"),
            QStringLiteral(
                "<table>"
                "<tr><td><b>Drag from catalog</b></td><td>place hardware (snaps to the grid)</td></tr>"
                "<tr><td><b>S / C</b></td><td>select tool / connect tool</td></tr>"
                "<tr><td><b>Ctrl+K</b></td><td>connect the selection (rails to leaves, storage, in-band, BMCs "
                "to their switches)</td></tr>"
                "<tr><td><b>Ctrl+G</b></td><td>group the selection into a rack</td></tr>"
                "<tr><td><b>Click, drag box, Ctrl+A</b></td><td>select</td></tr>"
                "<tr><td><b>Drag, arrows (Shift: ×5)</b></td><td>move, nudge</td></tr>"
                "<tr><td><b>Del, Ctrl+C/V/D</b></td><td>delete, copy, paste, duplicate</td></tr>"
                "<tr><td><b>Wheel, F or Ctrl+0, Shift+F</b></td><td>zoom, fit all, fit selection</td></tr>"
                "<tr><td><b>Middle drag, Space+drag, overview click</b></td><td>pan</td></tr>"
                "<tr><td><b>Ctrl+F, Enter, Shift+Enter</b></td><td>find a node, SKU or rack; next, previous</td></tr>"
                "<tr><td><b>Double-click group title</b></td><td>collapse or expand</td></tr>"
                "<tr><td><b>Ctrl+Shift+F / B / H / R</b></td><td>findings, bill of materials, charts, rack "
                "elevations</td></tr>"
                "<tr><td><b>Ctrl+Shift+W, Ctrl+Alt+W</b></td><td>waive, unwaive the selected finding</td></tr>"
                "<tr><td><b>Ctrl+S, Ctrl+Shift+S</b></td><td>save, save as</td></tr>"
                "<tr><td><b>Ctrl+Shift+P</b></td><td>design properties and name</td></tr>"
                "<tr><td><b>Ctrl+Shift+N, Ctrl+Alt+N</b></td><td>new from reference design, new from workload</td></tr>"
                "</table>"));
    });
    help->addAction(QStringLiteral("&About Podwright"), this, [this] {
        QMessageBox::about(this, QStringLiteral("About Podwright"),
            QStringLiteral("<h3>Podwright %1</h3><p>A studio for designing GPU clusters.</p>")
                .arg(QStringLiteral(PW_VERSION)));
    });

    QToolBar* bar = addToolBar(QStringLiteral("Main"));
    bar->setObjectName(QStringLiteral("MainToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->setIconSize(QSize(18, 18));
    for (const char* name : {"actionNew", "actionOpen", "actionSave"})
        bar->addAction(action(QLatin1String(name)));
    bar->addSeparator();
    bar->addAction(action(QStringLiteral("actionUndo")));
    bar->addAction(action(QStringLiteral("actionRedo")));
    bar->addSeparator();
    bar->addAction(action(QStringLiteral("actionSelectTool")));
    bar->addAction(action(QStringLiteral("actionConnectTool")));
    bar->addSeparator();
    bar->addAction(action(QStringLiteral("actionFitAll")));
}

void MainWindow::updateTitle()
{
    const QString path = mDocument->filePath();
    const QString file = path.isEmpty() ? QStringLiteral("Untitled") : QFileInfo(path).fileName();
    const QString name = mDocument->design().name();
    setWindowTitle(
        QStringLiteral("%1%2[*] — Podwright").arg(name.isEmpty() ? QString() : name + QStringLiteral(" — "), file));
    setWindowModified(mDocument->isModified());
    setWindowFilePath(path);
}

void MainWindow::setAutosaveInterval(int milliseconds)
{
    mAutosave->setInterval(milliseconds);
    mAutosave->start();
}

bool MainWindow::newFromReferenceDesign(const std::optional<GeneratorOptions>& seed)
{
    if (!mCatalog || !maybeSave())
        return false;
    std::optional<Design> design;
    const bool ok = runGuarded(mReportError, QStringLiteral("Cannot generate the design"), [&] {
        ReferenceDesignDialog dlg(*mCatalog, this);
        if (seed)
            dlg.setOptions(*seed);
        if (dlg.exec() == QDialog::Accepted)
            design = dlg.takeDesign();
    });
    if (!ok || !design)
        return false;
    removeSidecar();
    mDocument->reset(std::move(*design));
    mDocument->markUnsaved(); // the design is in no file yet
    statusBar()->showMessage(QStringLiteral("Generated %1 (unsaved)").arg(mDocument->design().name()), 8000);
    return true;
}

bool MainWindow::newFromWorkload()
{
    if (!mCatalog)
        return false;
    std::optional<GeneratorOptions> seed;
    runGuarded(mReportError, QStringLiteral("Cannot size the workload"), [&] {
        WorkloadDialog dlg(*mCatalog, this);
        if (dlg.exec() == WorkloadDialog::GenerateRequested)
            seed = dlg.generatorOptions();
    });
    return seed && newFromReferenceDesign(seed);
}

void MainWindow::editDesignProperties()
{
    DesignPropertiesDialog dlg(mDocument->design().properties(), this);
    dlg.setDesignName(mDocument->design().name());
    if (dlg.exec() != QDialog::Accepted)
        return;
    runGuarded(mReportError, QStringLiteral("Cannot change the design properties"), [&] {
        const bool renamed = dlg.designName() != mDocument->design().name();
        const bool changed = dlg.properties() != mDocument->design().properties();
        auto properties = std::make_unique<SetDesignPropertiesCommand>(
            QStringLiteral("Change design properties"), dlg.properties());
        if (!renamed) { // unchanged properties are refused with the reason in the status bar
            (void)mDocument->execute(std::move(properties));
            return;
        }
        auto rename = std::make_unique<RenameDesignCommand>(dlg.designName());
        if (!changed) {
            (void)mDocument->execute(std::move(rename));
            return;
        }
        auto both = std::make_unique<CompositeCommand>(QStringLiteral("Change design properties"));
        both->add(std::move(rename));
        both->add(std::move(properties));
        (void)mDocument->execute(std::move(both));
    });
}

void MainWindow::start(const QString& file)
{
    if (!file.isEmpty())
        openFile(file);
    else if (!offerUntitledRecovery())
        newDesign(); // drops the untitled autosave only now, after it was offered
}

bool MainWindow::newDesign()
{
    if (!maybeSave())
        return false;
    removeSidecar();
    Design d;
    d.setName(QStringLiteral("Untitled design"));
    mDocument->reset(std::move(d));
    return true;
}

bool MainWindow::openFile(const QString& path)
{
    if (!maybeSave())
        return false;
    const QString sidecar = path + QStringLiteral(".autosave");
    const QFileInfo fileInfo(path);
    const QFileInfo sideInfo(sidecar);
    bool recover = false;
    if (sideInfo.exists() && (!fileInfo.exists() || sideInfo.lastModified() > fileInfo.lastModified()))
        recover = mRecoveryPrompt(path, sidecar);
    Design design;
    const bool ok = runGuarded(mReportError, QStringLiteral("Cannot open %1").arg(fileInfo.fileName()),
        [&] { design = DesignDocument::loadFile(recover ? sidecar : path, mCatalog); });
    if (!ok)
        return false;
    // A JSON file is imported: saving goes to a .podwright next to it unless the user says otherwise.
    mDocument->reset(std::move(design), QFileInfo(path).absoluteFilePath());
    if (recover)
        mDocument->markUnsaved(); // recovered work is unsaved work
    else
        QFile::remove(sidecar);
    addRecent(fileInfo.absoluteFilePath());
    qCInfo(lcFiles) << "opened" << fileInfo.absoluteFilePath() << (recover ? "(recovered autosave)" : "");
    statusBar()->showMessage(
        QStringLiteral("Opened %1%2")
            .arg(fileInfo.fileName(), recover ? QStringLiteral(" (recovered autosave)") : QString()),
        5000);
    return true;
}

bool MainWindow::save()
{
    if (mDocument->filePath().isEmpty())
        return saveAs();
    return saveAs(mDocument->filePath());
}

bool MainWindow::saveAs(const QString& target)
{
    QString path = target;
    if (path.isEmpty()) {
        QString suggestion = mDocument->filePath();
        if (suggestion.endsWith(QLatin1String(".json")))
            suggestion.chop(5);
        if (suggestion.isEmpty())
            suggestion = QDir::home().filePath(
                mDocument->design().name().isEmpty() ? QStringLiteral("design") : mDocument->design().name());
        if (!suggestion.endsWith(QLatin1String(".podwright")))
            suggestion += QStringLiteral(".podwright");
        path = QFileDialog::getSaveFileName(this, QStringLiteral("Save design"), suggestion,
            QStringLiteral("Podwright design (*.podwright);;JSON (*.json)"));
        if (path.isEmpty())
            return false;
    }
    const bool ok = runGuarded(mReportError, QStringLiteral("Cannot save %1").arg(QFileInfo(path).fileName()),
        [&] { DesignDocument::saveFile(mDocument->design(), path); });
    if (!ok)
        return false;
    removeSidecar();
    mDocument->setFilePath(QFileInfo(path).absoluteFilePath());
    mDocument->markSaved();
    addRecent(mDocument->filePath());
    updateTitle();
    statusBar()->showMessage(QStringLiteral("Saved %1").arg(QFileInfo(path).fileName()), 5000);
    return true;
}

bool MainWindow::maybeSave()
{
    if (!mDocument->isModified())
        return true;
    const QString name = mDocument->filePath().isEmpty() ? QStringLiteral("The untitled design")
                                                         : QFileInfo(mDocument->filePath()).fileName();
    switch (mUnsavedPrompt(name)) {
    case QMessageBox::Save:
        return save();
    case QMessageBox::Discard:
        removeSidecar();
        return true;
    default:
        return false;
    }
}

QString MainWindow::autosavePath() const
{
    if (!mDocument->filePath().isEmpty())
        return mDocument->filePath() + QStringLiteral(".autosave");
    return untitledAutosavePath();
}

QString MainWindow::untitledAutosavePath()
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    return QDir(dir).filePath(QStringLiteral("untitled.podwright.autosave"));
}

QString MainWindow::autosaveNow()
{
    if (!mDocument->isModified())
        return {};
    const QString path = autosavePath();
    QDir().mkpath(QFileInfo(path).absolutePath());
    // Autosave failures go to the status bar: a dialog every minute would be worse than the failure.
    const bool ok = runGuarded(
        [this](const QString&, const QString& message) {
            statusBar()->showMessage(QStringLiteral("Autosave failed: %1").arg(message), 8000);
        },
        QString(), [&] { DesignFile::save(mDocument->design(), path); });
    return ok ? path : QString();
}

void MainWindow::removeSidecar()
{
    QFile::remove(autosavePath());
}

bool MainWindow::offerUntitledRecovery()
{
    const QString sidecar = untitledAutosavePath();
    if (!QFileInfo::exists(sidecar))
        return false;
    qCInfo(lcFiles, "offering to recover the untitled autosave %s", qUtf8Printable(sidecar));
    if (!mRecoveryPrompt(QString(), sidecar)) {
        qCInfo(lcFiles, "recovery declined");
        return false;
    }
    Design design;
    if (!runGuarded(mReportError, QStringLiteral("Cannot recover"), [&] { design = DesignFile::load(sidecar); }))
        return false;
    const size_t nodes = design.nodes().size();
    mDocument->reset(std::move(design));
    mDocument->markUnsaved(); // the sidecar stays until the work is saved or discarded
    updateTitle();
    qCInfo(lcFiles, "recovered \"%s\" (%zu nodes) from %s", qUtf8Printable(mDocument->design().name()), nodes,
        qUtf8Printable(sidecar));
    statusBar()->showMessage(QStringLiteral("Recovered unsaved work: %1").arg(mDocument->design().name()), 8000);
    return true;
}

QStringList MainWindow::recentFiles() const
{
    return QSettings().value(kRecentKey).toStringList();
}

void MainWindow::addRecent(const QString& path)
{
    QSettings settings;
    QStringList list = settings.value(kRecentKey).toStringList();
    list.removeAll(path);
    list.prepend(path);
    while (list.size() > kMaxRecent)
        list.removeLast();
    settings.setValue(kRecentKey, list);
}

void MainWindow::rebuildRecentMenu()
{
    mRecentMenu->clear();
    const QStringList list = recentFiles();
    for (const QString& path : list) {
        mRecentMenu->addAction(QFileInfo(path).fileName(), this, [this, path] { openFile(path); })->setToolTip(path);
    }
    if (list.isEmpty())
        mRecentMenu->addAction(QStringLiteral("(none)"))->setEnabled(false);
    else {
        mRecentMenu->addSeparator();
        mRecentMenu->addAction(QStringLiteral("Clear List"), this, [] { QSettings().remove(kRecentKey); });
    }
}

void MainWindow::showCatalogIssues(const QStringList& issues)
{
    if (issues.isEmpty())
        return;
    const qsizetype n = issues.size();
    statusBar()->showMessage(
        QStringLiteral("%1 %2 skipped (see Help)").arg(n).arg(plural(n, "catalog entry was", "catalog entries were")),
        10000);
    QMessageBox box(QMessageBox::Warning, QStringLiteral("Catalog problems"),
        QStringLiteral("%1 %2 problems and %3 not loaded.")
            .arg(n)
            .arg(plural(n, "catalog entry has", "catalog entries have"))
            .arg(plural(n, "was", "were")),
        QMessageBox::Ok, this);
    box.setDetailedText(issues.join(QLatin1Char('\n')));
    box.exec();
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    for (const QUrl& url : event->mimeData()->urls())
        if (url.isLocalFile()) {
            event->acceptProposedAction();
            openFile(url.toLocalFile());
            return;
        }
}

} // namespace pw::ui
