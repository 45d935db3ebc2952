#include "mainwindow.h"

#include "backgroundtask.h"
#include "bompanel.h"
#include "canvasscene.h"
#include "canvasview.h"
#include "chartspanel.h"
#include "compareview.h"
#include "designanalysis.h"
#include "designdocument.h"
#include "dialogs/designdialsdialog.h"
#include "dialogs/designpropertiesdialog.h"
#include "dialogs/exportreportdialog.h"
#include "dialogs/referencedesigndialog.h"
#include "dialogs/repodialogs.h"
#include "dialogs/workloaddialog.h"
#include "failurespanel.h"
#include "findingspanel.h"
#include "floorview.h"
#include "halleditor.h"
#include "inspectorwidget.h"
#include "itemstyle.h"
#include "legendwidget.h"
#include "overviewmap.h"
#include "palettewidget.h"
#include "placementwarning.h"
#include "placementwarninglabel.h"
#include "powerpanel.h"
#include "prompts.h"
#include "rackelevationview.h"
#include "repohistorypanel.h"
#include "reposession.h"
#include "statuspanel.h"
#include "studiocatalog.h"
#include "verificationpanel.h"
#include "workspacelayouts.h"

#include "catalog/catalog.h"
#include "commands/compositecommand.h"
#include "commands/editnodecommand.h"
#include "commands/groupcommand.h"
#include "commands/renamedesigncommand.h"
#include "commands/replacedesigncommand.h"
#include "commands/setdesignpropertiescommand.h"
#include "cost/pricebook.h"
#include "generate/bulkconnect.h"
#include "generate/designlayout.h"
#include "generate/rackstacking.h"
#include "model/design.h"
#include "model/designsummary.h"
#include "model/racknaming.h"
#include "repo/repolocation.h"
#include "repo/repoprovenance.h"
#include "repo/repository.h"
#include "repo/teamcatalog.h"
#include "util/errors.h"
#include "util/plural.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDialog>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QMimeData>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QTextBrowser>
#include <QTimer>
#include <QToolBar>
#include <QUndoStack>
#include <QUndoView>
#include <QVBoxLayout>

namespace pw::ui {

MainWindow::MainWindow(const Catalog* catalog, QWidget* parent)
    : QMainWindow(parent),
      mCatalog(catalog),
      mDocument(new DesignDocument(catalog, this)),
      mSession(new FileSession(mDocument, catalog, this)),
      mRepo(new RepoSession(mDocument, mSession, this)),
      mCatalogs(new StudioCatalog(catalog, this))
{
    ItemStyle::ensureResources();
    setObjectName(QStringLiteral("MainWindow"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/podwright.svg")));
    setAcceptDrops(true);
    mScene = new CanvasScene(mDocument, this);
    mView = new CanvasView(mScene, this);
    setCentralWidget(mView);
    mAnalysis = new DesignAnalysis(mDocument, this);
    mRebuildTask = new BackgroundTask(this);
    mStatus = new StatusPanel(mAnalysis, this);
    // Messages get the stretch left of the figures; QStatusBar then paints its own copy of the
    // message in the few pixels before this label, so nothing is drawn over the figures.
    mMessage = new QLabel(this);
    mMessage->setObjectName(QStringLiteral("statusMessage"));
    mMessage->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    mMessage->setMinimumWidth(0);
    statusBar()->addPermanentWidget(mMessage, 1);
    connect(statusBar(), &QStatusBar::messageChanged, this, [this](const QString& text) {
        mMessage->setToolTip(text);
        mMessage->setText(mMessage->fontMetrics().elidedText(text, Qt::ElideRight, std::max(0, mMessage->width())));
    });
    statusBar()->addPermanentWidget(mStatus);
    // The team price book: applied to whatever design this window shows, said in the status bar.
    mPriceBookLabel = new QLabel(this);
    mPriceBookLabel->setObjectName(QStringLiteral("priceBookStatus"));
    mPriceBookLabel->hide();
    statusBar()->addPermanentWidget(mPriceBookLabel);
    connect(mRepo, &RepoSession::priceBookChanged, this,
        [this](const std::shared_ptr<const PriceBook>& book) { mAnalysis->setPriceBook(book); });
    connect(mAnalysis, &DesignAnalysis::updated, this, &MainWindow::updatePriceBookLabel);
    // The team catalog: its items join the palette, the price book above prices the design; the
    // label says which state of them is in effect.
    mTeamCatalogLabel = new QLabel(this);
    mTeamCatalogLabel->setObjectName(QStringLiteral("teamCatalogStatus"));
    mTeamCatalogLabel->hide();
    statusBar()->addPermanentWidget(mTeamCatalogLabel);
    connect(mRepo, &RepoSession::teamCatalogLoaded, this, &MainWindow::useTeamCatalog);

    setErrorReporter(
        [this](const QString& title, const QString& message) { QMessageBox::critical(this, title, message); });
    mSession->setUnsavedPrompt([this](const QString& name) {
        const std::unique_ptr<QMessageBox> box = Prompts::unsavedChangesBox(this, name);
        box->exec();
        return Prompts::answerOf(*box);
    });
    mSession->setRecoveryPrompt([this](const QString& file, const QString& sidecar) {
        return QMessageBox::question(this, tr("Recover unsaved work?"),
                   Prompts::recoveryQuestion(file, QFileInfo(sidecar).lastModified()))
            == QMessageBox::Yes;
    });
    mSession->setSavePathPrompt([this](const QString& suggestion) {
        return QFileDialog::getSaveFileName(
            this, tr("Save design"), suggestion, tr("Podwright design (*.podwright);;JSON (*.json)"));
    });
    connect(mSession, &FileSession::message, this,
        [this](const QString& text, int timeoutMs) { statusBar()->showMessage(text, timeoutMs); });
    connect(mRepo, &RepoSession::message, this,
        [this](const QString& text, int timeoutMs) { statusBar()->showMessage(text, timeoutMs); });
    mRepo->setBusyParent(this); // a long push or pull shows a busy dialog over the window
    mRepo->setConflictPrompt([this](const RepoSession::Conflict& c) {
        QMessageBox box(QMessageBox::Warning, QStringLiteral("Someone saved in between"),
            c.latest > 0 && c.base > 0
                ? QStringLiteral("%1 is at revision %2 in the repository, but this design is based on revision %3: "
                                 "someone saved after you opened it. Nothing was saved, and nothing is overwritten.")
                      .arg(c.design)
                      .arg(c.latest)
                      .arg(c.base)
                : c.refusal,
            QMessageBox::Cancel, this);
        box.setObjectName(QStringLiteral("repoConflictBox"));
        box.setInformativeText(QStringLiteral("Reload Latest drops your changes here and opens revision %1. Save as "
                                              "New Design keeps your version as a new design (a branch).")
                                   .arg(c.latest));
        QPushButton* reload = box.addButton(QStringLiteral("&Reload Latest"), QMessageBox::DestructiveRole);
        reload->setObjectName(QStringLiteral("repoReloadLatest"));
        QPushButton* branch = box.addButton(QStringLiteral("Save as &New Design…"), QMessageBox::AcceptRole);
        branch->setObjectName(QStringLiteral("repoSaveAsNew"));
        QPushButton* compare = nullptr;
        if (mRepo->hasCompareHandler()) {
            compare = box.addButton(QStringLiteral("&Compare…"), QMessageBox::ActionRole);
            compare->setObjectName(QStringLiteral("repoCompare"));
        }
        box.button(QMessageBox::Cancel)->setObjectName(QStringLiteral("repoCancel"));
        box.setDefaultButton(QMessageBox::Cancel);
        box.exec();
        if (box.clickedButton() == reload)
            return RepoSession::ConflictChoice::ReloadLatest;
        if (box.clickedButton() == branch)
            return RepoSession::ConflictChoice::SaveAsNewDesign;
        if (compare && box.clickedButton() == compare)
            return RepoSession::ConflictChoice::Compare;
        return RepoSession::ConflictChoice::Cancel;
    });
    mRepo->setNewNamePrompt([this](const QString& suggestion) {
        bool ok = false;
        const QString name = QInputDialog::getText(this, QStringLiteral("Save as New Design"),
            QStringLiteral("Name of the new design in the repository:"), QLineEdit::Normal, suggestion, &ok);
        return ok ? name : QString();
    });

    // A refused save can be compared with the revision that is now the latest (the what-if view).
    mRepo->setCompareHandler(
        [this](const RepoSession::Conflict& c) { (void)compareWithRevision(c.address, c.design, c.latest); });

    buildDocks();
    buildActions();
    buildMenus();

    connect(mDocument, &DesignDocument::commandRefused, this,
        [this](const QString& reason) { statusBar()->showMessage(tr("Refused: %1").arg(reason), 8000); });
    connect(mView, &CanvasView::hint, this, [this](const QString& text) { statusBar()->showMessage(text, 5000); });
    connect(mView, &CanvasView::fileDropped, this, [this](const QString& path) { openFile(path); });
    connect(mDocument->undoStack(), &QUndoStack::cleanChanged, this, &MainWindow::updateTitle);
    connect(mDocument, &DesignDocument::filePathChanged, this, &MainWindow::updateTitle);
    connect(mRepo, &RepoSession::originChanged, this, &MainWindow::updateTitle);
    connect(mDocument, &DesignDocument::changed, this, &MainWindow::updateTitle); // a rename and its undo
    connect(mDocument, &DesignDocument::changed, this, [this] { mActions->refreshEnabled(); });
    connect(mDocument, &DesignDocument::resetDone, this, [this] { QTimer::singleShot(0, mView, &CanvasView::fitAll); });
    // What Connect Selection left out belongs to the design it was said of: a new, opened,
    // generated or regenerated design starts without it (checkCatalogCoverage refreshes the notes).
    connect(mDocument, &DesignDocument::resetDone, this, [this] { mConnectNotes.clear(); });
    connect(mDocument, &DesignDocument::resetDone, this, &MainWindow::checkCatalogCoverage);
    connect(mCatalogs, &StudioCatalog::changed, this, [this](const Catalog* inEffect) {
        // Everything that borrows the catalog moves to the new one before the old one goes.
        mCatalog = inEffect;
        mDocument->setCatalog(inEffect);
        mSession->setCatalog(inEffect);
        mPalette->setCatalog(inEffect);
        checkCatalogCoverage();
    });
    mScene->setNetworkPrompt(
        [this](const CatalogItem& item, const std::vector<Network>& choices) { return askNetwork(item, choices); });
    connect(mPalette, &PaletteWidget::placeRequested, this,
        [this](const QString& sku) { mScene->placeItem(sku, mView->mapToScene(mView->viewport()->rect().center())); });

    QSettings settings;
    const bool restored = restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    // The window manager's title bar and borders are not known before the window is shown.
    const QMargins frame(8, 40, 8, 8);
    if (screen() && !(restored && screen()->availableGeometry().contains(geometry().marginsAdded(frame))))
        setGeometry(fittedGeometry(
            screen()->availableGeometry(), restored ? geometry().marginsAdded(frame).size() : QSize(1400, 900), frame));
    mWorkspaces->restoreAtStart();
    updateTitle();
    statusBar()->showMessage(
        tr("Drag hardware from the catalog onto the canvas. C: connect, S: select, F: fit all."), 10000);
}

MainWindow::~MainWindow()
{
    // The document is the oldest child and would go first: take its views down before it.
    mSession->blockSignals(true); // no autosave message into a half-destroyed window
    // Signals emitted while children are torn down must not reach this half-destroyed window
    // (the undefined-behaviour sanitizer caught such a call during QWidget's destructor).
    QObject::disconnect(qApp, nullptr, this, nullptr);
    for (QObject* child : findChildren<QObject*>())
        QObject::disconnect(child, nullptr, this, nullptr);
    mScene->blockSignals(true);
    delete mFailuresDock; // it paints on the floor view and the scene
    delete mVerificationDock; // its lines are an item of the scene
    delete mFindingsDock;
    delete mBomDock;
    delete mChartsDock;
    delete mRacksDock;
    delete mInspectorDock;
    delete mRepoHistoryDock;
    delete mView;
    delete mScene;
}

void MainWindow::setErrorReporter(ErrorReporter reporter)
{
    mReportError = reporter;
    mRepo->setErrorReporter(reporter);
    mSession->setErrorReporter(std::move(reporter));
}

QAction* MainWindow::action(ActionId id) const
{
    return mActions->action(id);
}

QAction* MainWindow::action(const QString& objectName) const
{
    if (QAction* a = mActions->find(objectName))
        return a;
    return findChild<QAction*>(objectName); // actions outside the registry (layers, exports)
}

template <typename Slot>
void MainWindow::onTriggered(ActionId id, Slot slot)
{
    connect(mActions->action(id), &QAction::triggered, this, slot);
}

void MainWindow::showDock(QDockWidget* dock)
{
    // Show-and-raise rather than toggle: a tabbed dock behind another would otherwise close.
    dock->show();
    dock->raise();
    dock->widget()->setFocus();
}

void MainWindow::buildDocks()
{
    mPalette = new PaletteWidget(mCatalog, this);
    mPaletteDock = new QDockWidget(tr("Catalog"), this);
    mPaletteDock->setObjectName(QStringLiteral("CatalogDock"));
    mPaletteDock->setWidget(mPalette);
    addDockWidget(Qt::LeftDockWidgetArea, mPaletteDock);

    mInspector = new InspectorWidget(mScene, this);
    mInspectorDock = new QDockWidget(tr("Inspector"), this);
    mInspectorDock->setObjectName(QStringLiteral("InspectorDock"));
    // Scrolled, so that its tallest page (a rack's fields and ports) does not set the window's
    // minimum height: on a 700 px screen the status bar would fall off (issue 30).
    auto* inspectorScroll = new QScrollArea(this);
    inspectorScroll->setObjectName(QStringLiteral("inspectorScroll"));
    inspectorScroll->setWidgetResizable(true);
    inspectorScroll->setFrameShape(QFrame::NoFrame);
    inspectorScroll->setWidget(mInspector);
    mInspectorDock->setWidget(inspectorScroll);
    addDockWidget(Qt::RightDockWidgetArea, mInspectorDock);

    auto* history = new QUndoView(mDocument->undoStack(), this);
    history->setEmptyLabel(QStringLiteral("<opened>"));
    mHistoryDock = new QDockWidget(tr("History"), this);
    mHistoryDock->setObjectName(QStringLiteral("HistoryDock"));
    mHistoryDock->setWidget(history);
    addDockWidget(Qt::RightDockWidgetArea, mHistoryDock);

    mRepoHistory = new RepoHistoryPanel(mRepo, this);
    connect(mRepoHistory, &RepoHistoryPanel::compareRequested, this,
        [this](const QString& address, const QString& design, int revision) {
            (void)compareWithRevision(address, design, revision);
        });
    mRepoHistoryDock = new QDockWidget(tr("Repository History"), this);
    mRepoHistoryDock->setObjectName(QStringLiteral("RepoHistoryDock"));
    mRepoHistoryDock->setWidget(mRepoHistory);

    // A move that makes a rack or row concentrate a failure domain is said at once, where it was
    // made (atop the Racks and Floor docks) and in the status bar; a rack's finding follows in
    // Findings.
    mPlacementWarning = new PlacementWarning(mDocument, this);
    connect(mPlacementWarning, &PlacementWarning::changed, this, &MainWindow::showPlacementWarning);
    mRacks = new RackElevationView(mDocument, mAnalysis, this);
    mRacksDock = new QDockWidget(tr("Racks"), this);
    mRacksDock->setObjectName(QStringLiteral("RacksDock"));
    {
        auto* racksPanel = new QWidget(mRacksDock);
        auto* racksLayout = new QVBoxLayout(racksPanel);
        racksLayout->setContentsMargins(0, 0, 0, 0);
        racksLayout->setSpacing(2);
        racksLayout->addWidget(new PlacementWarningLabel(mPlacementWarning, racksPanel));
        mRacks->setParent(racksPanel);
        racksLayout->addWidget(mRacks, 1);
        mRacksDock->setWidget(racksPanel);
    }
    addDockWidget(Qt::RightDockWidgetArea, mRacksDock);
    connect(mRacks, &RackElevationView::nodeActivated, this, [this](NodeId id) {
        mScene->selectNodes({id});
        mView->fitSelection();
    });
    // The data hall from above (issue 17): racks moved and rows edited there are undoable commands.
    auto* floorDock = mFloorDock = new QDockWidget(tr("Floor"), this);
    floorDock->setObjectName(QStringLiteral("FloorDock"));
    auto* floorView = new FloorView(mDocument, mAnalysis, floorDock);
    {
        // The hall's figures above the plan; both edit through commands.
        auto* floorPanel = new QWidget(floorDock);
        floorView->setParent(floorPanel);
        auto* floorLayout = new QVBoxLayout(floorPanel);
        floorLayout->setContentsMargins(4, 4, 4, 4);
        floorLayout->addWidget(new PlacementWarningLabel(mPlacementWarning, floorPanel));
        floorLayout->addWidget(new HallEditor(mDocument, floorView, floorPanel));
        floorLayout->addWidget(floorView, 1);
        floorDock->setWidget(floorPanel);
    }
    // What one failure takes down (issue 17): beside the inspector, so the floor below shows the
    // blast radius of the failure picked here.
    mFailures = new FailuresPanel(mDocument, mAnalysis, mScene, mView, floorView, this);
    mFailuresDock = new QDockWidget(tr("Failures"), this);
    mFailuresDock->setObjectName(QStringLiteral("FailuresDock"));
    mFailuresDock->setWidget(mFailures);
    addDockWidget(Qt::RightDockWidgetArea, mFailuresDock);

    // Analysis panels sit below the canvas, so the canvas keeps its width; where each one goes is
    // the workspace's (workspacelayouts.h).
    mFindings = new FindingsPanel(mDocument, mAnalysis, mScene, mView, this);
    mFindingsDock = new QDockWidget(tr("Findings"), this);
    mFindingsDock->setObjectName(QStringLiteral("FindingsDock"));
    mFindingsDock->setWidget(mFindings);
    addDockWidget(Qt::BottomDockWidgetArea, mFindingsDock);

    mBom = new BomPanel(mAnalysis, this);
    mBom->setErrorReporter([this](const QString& title, const QString& message) { mReportError(title, message); });
    mBomDock = new QDockWidget(tr("Bill of Materials"), this);
    mBomDock->setObjectName(QStringLiteral("BomDock"));
    mBomDock->setWidget(mBom);
    addDockWidget(Qt::BottomDockWidgetArea, mBomDock);

    mCharts = new ChartsPanel(mAnalysis, this);
    mChartsDock = new QDockWidget(tr("Charts"), this);
    mChartsDock->setObjectName(QStringLiteral("ChartsDock"));
    mChartsDock->setWidget(mCharts);
    addDockWidget(Qt::BottomDockWidgetArea, mChartsDock);
    // The power and cooling chain (issue 17): rows, loops and CDUs, with the limits edited as commands.
    auto* powerDock = mPowerDock = new QDockWidget(tr("Power"), this);
    powerDock->setObjectName(QStringLiteral("PowerDock"));
    powerDock->setWidget(new PowerPanel(mDocument, mAnalysis, powerDock));
    addDockWidget(Qt::BottomDockWidgetArea, powerDock);
    // The generator's notes: the choices it made that a user should know (e.g. an extra scalable
    // unit for the UFM). Stored in the design, so they follow undo and reopening.
    mNotes = new QListWidget(this);
    mNotes->setObjectName(QStringLiteral("generatorNotes"));
    mNotes->setWordWrap(true);
    mNotesDock = new QDockWidget(tr("Notes"), this);
    mNotesDock->setObjectName(QStringLiteral("NotesDock"));
    mNotesDock->setWidget(mNotes);
    addDockWidget(Qt::BottomDockWidgetArea, mNotesDock);
    // The last verification of the built cluster (issue 27): its differences, beside the findings.
    mVerification = new VerificationPanel(mDocument, mScene, mView, this);
    mVerificationDock = new QDockWidget(tr("Verification"), this);
    mVerificationDock->setObjectName(QStringLiteral("VerificationDock"));
    mVerificationDock->setWidget(mVerification);
    addDockWidget(Qt::BottomDockWidgetArea, mVerificationDock);
    connect(mVerification, &VerificationPanel::shownChanged, this,
        [this](bool shown) { mView->legend()->setVerificationKey(shown); });
    mView->legend()->setVerificationKey(mVerification->report().has_value());
    for (QDockWidget* wide : {mRepoHistoryDock, floorDock})
        addDockWidget(Qt::BottomDockWidgetArea, wide);
    connect(mDocument, &DesignDocument::changed, this, &MainWindow::refreshNotes);
    mWorkspaces = new WorkspaceLayouts(this,
        {mPaletteDock, mInspectorDock, mHistoryDock, mRacksDock, mFailuresDock, mFindingsDock, mBomDock, mChartsDock,
            mPowerDock, mNotesDock, mFloorDock, mRepoHistoryDock, mVerificationDock});
    connect(mStatus, &StatusPanel::findingsClicked, this, [this] {
        mFindingsDock->show();
        mFindingsDock->raise();
    });
}

void MainWindow::buildActions()
{
    mActions = std::make_unique<ActionRegistry>(this);
    QUndoStack* stack = mDocument->undoStack();
    mActions->adopt(ActionId::Undo, stack->createUndoAction(this, QStringLiteral("&Undo")));
    mActions->adopt(ActionId::Redo, stack->createRedoAction(this, QStringLiteral("&Redo")));

    auto* std = QApplication::style();
    action(ActionId::New)->setIcon(std->standardIcon(QStyle::SP_FileIcon));
    action(ActionId::Open)->setIcon(std->standardIcon(QStyle::SP_DialogOpenButton));
    action(ActionId::Save)->setIcon(std->standardIcon(QStyle::SP_DialogSaveButton));
    action(ActionId::Undo)->setIcon(std->standardIcon(QStyle::SP_ArrowBack));
    action(ActionId::Redo)->setIcon(std->standardIcon(QStyle::SP_ArrowForward));
    action(ActionId::SelectTool)
        ->setIcon(QIcon::fromTheme(QStringLiteral("edit-select"), std->standardIcon(QStyle::SP_ArrowUp)));
    action(ActionId::ConnectTool)->setIcon(QIcon(QStringLiteral(":/icons/cable.svg")));

    // File
    onTriggered(ActionId::New, [this] { newDesign(); });
    onTriggered(ActionId::Open, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open design"), mSession->dialogFolder(),
            tr("Podwright designs (*.podwright *.json);;All files (*)"));
        if (!path.isEmpty())
            openFile(path);
    });
    onTriggered(ActionId::NewReference, [this] { newFromReferenceDesign(); });
    onTriggered(ActionId::NewWorkload, [this] { newFromWorkload(); });
    onTriggered(ActionId::Save, [this] { save(); });
    onTriggered(ActionId::SaveAs, [this] { saveAs(); });
    onTriggered(ActionId::Quit, &QWidget::close);
    onTriggered(ActionId::OpenFromRepository, [this] { openFromRepository(); });
    onTriggered(ActionId::SaveToRepository, [this] { saveToRepository(); });
    onTriggered(ActionId::ShowRepoHistory, [this] { showDock(mRepoHistoryDock); });
    onTriggered(ActionId::ReloadTeamCatalog, [this] { reloadTeamCatalog(); });
    onTriggered(ActionId::VerifyDiscovery, [this] { verifyAgainstDiscovery(); });
    action(ActionId::VerifyIgnoreSpeed)->setChecked(QSettings().value(QStringLiteral("verify/ignoreSpeed")).toBool());
    connect(action(ActionId::VerifyIgnoreSpeed), &QAction::toggled, this,
        [](bool on) { QSettings().setValue(QStringLiteral("verify/ignoreSpeed"), on); });
    onTriggered(ActionId::ClearVerification, [this] { mVerification->clear(); });
    onTriggered(ActionId::ExportAcceptanceReport, [this] { exportAcceptanceReport(); });
    // Short button texts, so the panel fits beside the bill of materials on a small window.
    action(ActionId::VerifyDiscovery)->setIconText(tr("Verify…"));
    action(ActionId::ClearVerification)->setIconText(tr("Clear"));
    action(ActionId::ExportAcceptanceReport)->setIconText(tr("Acceptance PDF…"));
    mVerification->addButtons({action(ActionId::VerifyDiscovery), action(ActionId::ClearVerification),
        action(ActionId::ExportAcceptanceReport)});

    // Edit. One Copy action for the window: it copies from whichever part has the focus.
    onTriggered(ActionId::Copy, [this] {
        if (mBom->isAncestorOf(QApplication::focusWidget()))
            mBom->copySelection();
        else
            mView->copySelection();
    });
    onTriggered(ActionId::Paste, [this] { mView->paste(); });
    onTriggered(ActionId::Duplicate, [this] { mView->duplicateSelection(); });
    onTriggered(ActionId::Delete, [this] { mView->deleteSelection(); });
    onTriggered(ActionId::SelectAll, [this] { mView->selectAll(); });
    onTriggered(ActionId::DesignProperties, &MainWindow::editDesignProperties);
    onTriggered(ActionId::WaiveFinding, [this] {
        if (!mFindings->findingAt(mFindings->currentRow())) {
            mFindingsDock->show();
            mFindingsDock->raise();
            statusBar()->showMessage(tr("Select a finding in the Findings panel first"), 5000);
            return;
        }
        mFindings->waiveCurrent();
    });
    onTriggered(ActionId::UnwaiveFinding, [this] { mFindings->unwaiveCurrent(); });
    onTriggered(ActionId::ChangeDials, [this] {
        const std::optional<DesignDials> current = Regenerate::dialsOf(mDocument->design());
        if (!current)
            return;
        DesignDialsDialog dlg(*current, this);
        if (dlg.exec() == QDialog::Accepted)
            runGuarded(mReportError, tr("Cannot change the dials"), [&] { changeDials(dlg.dials()); });
    });
    mActions->setEnabledWhen(
        ActionId::ChangeDials, [this] { return Regenerate::dialsOf(mDocument->design()).has_value(); });

    // View
    onTriggered(ActionId::ShowFindings, [this] { showDock(mFindingsDock); });
    onTriggered(ActionId::ShowBom, [this] { showDock(mBomDock); });
    onTriggered(ActionId::ShowRacks, [this] { showDock(mRacksDock); });
    onTriggered(ActionId::ShowCharts, [this] { showDock(mChartsDock); });
    onTriggered(ActionId::ShowPower, [this] { showDock(findChild<QDockWidget*>(QStringLiteral("PowerDock"))); });
    onTriggered(ActionId::ShowFailures, [this] { showDock(mFailuresDock); });
    // Workspaces: one checked at a time, and the check follows a switch made any other way.
    auto* workspaceGroup = new QActionGroup(this);
    for (auto [id, workspace] : {std::pair{ActionId::WorkspaceDesign, Workspace::Design},
             std::pair{ActionId::WorkspaceFacility, Workspace::Facility}}) {
        workspaceGroup->addAction(action(id));
        action(id)->setChecked(mWorkspaces->current() == workspace);
        onTriggered(id, [this, workspace = workspace] { mWorkspaces->switchTo(workspace); });
    }
    connect(mWorkspaces, &WorkspaceLayouts::switched, this, [this](Workspace workspace) {
        action(workspace == Workspace::Facility ? ActionId::WorkspaceFacility : ActionId::WorkspaceDesign)
            ->setChecked(true);
        statusBar()->showMessage(tr("%1 workspace").arg(WorkspaceLayouts::title(workspace)), 3000);
    });
    onTriggered(ActionId::ResetWorkspace, [this] { mWorkspaces->resetCurrent(); });
    onTriggered(ActionId::CompareDesign, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Compare with design"), mSession->dialogFolder(),
            QStringLiteral("Podwright designs (*.podwright *.json);;All files (*)"));
        if (!path.isEmpty())
            compareWithFile(path);
    });
    onTriggered(ActionId::ZoomIn, [this] { mView->zoomBy(1.25); });
    onTriggered(ActionId::ZoomOut, [this] { mView->zoomBy(0.8); });
    onTriggered(ActionId::FitAll, [this] { mView->fitAll(); });
    onTriggered(ActionId::FitSelection, [this] { mView->fitSelection(); });
    onTriggered(ActionId::Find, [this] { mView->showFind(); });
    action(ActionId::Overview)->setChecked(true);
    connect(
        action(ActionId::Overview), &QAction::toggled, mView, [this](bool on) { mView->overview()->setWanted(on); });
    onTriggered(ActionId::Arrange, &MainWindow::arrangeByStructure);
    connect(action(ActionId::DarkPalette), &QAction::toggled, this, &MainWindow::setDarkPalette);
    action(ActionId::DarkPalette)->setChecked(QSettings().value(QStringLiteral("view/darkPalette")).toBool());
    onTriggered(ActionId::CollapseAll, [this] { mScene->collapseAll(true); });
    onTriggered(ActionId::ExpandAll, [this] { mScene->collapseAll(false); });

    // Insert. The two tools are exclusive; the view reports tool changes made by keys it handles itself.
    QAction* select = action(ActionId::SelectTool);
    QAction* connectTool = action(ActionId::ConnectTool);
    auto* tools = new QActionGroup(this);
    tools->addAction(select);
    tools->addAction(connectTool);
    select->setChecked(true);
    onTriggered(ActionId::SelectTool, [this] { mView->setTool(CanvasView::ToolKind::Select); });
    onTriggered(ActionId::ConnectTool, [this] { mView->setTool(CanvasView::ToolKind::Connect); });
    connect(mView, &CanvasView::toolChanged, this, [select, connectTool](CanvasView::ToolKind k) {
        (k == CanvasView::ToolKind::Connect ? connectTool : select)->setChecked(true);
    });
    onTriggered(ActionId::Place, [this] {
        const QString sku = mPalette->currentSku();
        if (sku.isEmpty())
            statusBar()->showMessage(tr("Select an item in the catalog first"), 5000);
        else
            mScene->placeItem(sku, mView->mapToScene(mView->viewport()->rect().center()));
    });
    onTriggered(ActionId::ConnectSelection, &MainWindow::connectSelection);
    onTriggered(ActionId::GroupRack, [this] { groupSelection(int(GroupKind::Rack)); });
    onTriggered(ActionId::GroupUnit, [this] { groupSelection(int(GroupKind::ScalableUnit)); });
    onTriggered(ActionId::Ungroup, [this] {
        if (mScene->selectedGroup().isValid())
            (void)mDocument->execute(std::make_unique<UngroupCommand>(mScene->selectedGroup()));
        else
            statusBar()->showMessage(tr("Select a group (click its title) first"), 5000);
    });

    // Help
    onTriggered(ActionId::UserGuide, &MainWindow::showUserGuide);
    onTriggered(ActionId::KeyboardHelp,
        [this] { QMessageBox::information(this, tr("Keyboard and mouse"), ActionRegistry::shortcutHelpHtml()); });
    onTriggered(ActionId::About, [this] {
        QMessageBox::about(this, tr("About Podwright"),
            tr("<h3>Podwright %1</h3><p>A studio for designing GPU clusters.</p>").arg(QStringLiteral(PW_VERSION)));
    });
}

void MainWindow::setDarkPalette(bool on)
{
    // The panels, menus and dialogs; the canvas keeps its light paper, as the printed design has.
    QPalette p = QApplication::style()->standardPalette();
    if (on) {
        const QColor window(0x2b, 0x2d, 0x30);
        const QColor base(0x1e, 0x1f, 0x22);
        const QColor text(0xe6, 0xe6, 0xe6);
        const QColor disabled(0x80, 0x80, 0x80);
        p.setColor(QPalette::Window, window);
        p.setColor(QPalette::WindowText, text);
        p.setColor(QPalette::Base, base);
        p.setColor(QPalette::AlternateBase, window);
        p.setColor(QPalette::ToolTipBase, base);
        p.setColor(QPalette::ToolTipText, text);
        p.setColor(QPalette::PlaceholderText, disabled);
        p.setColor(QPalette::Text, text);
        p.setColor(QPalette::Button, window);
        p.setColor(QPalette::ButtonText, text);
        p.setColor(QPalette::BrightText, Qt::white);
        p.setColor(QPalette::Light, window.lighter(150));
        p.setColor(QPalette::Midlight, window.lighter(125));
        p.setColor(QPalette::Mid, window.darker(120));
        p.setColor(QPalette::Dark, window.darker(150));
        p.setColor(QPalette::Shadow, Qt::black);
        p.setColor(QPalette::Highlight, QColor(0x2f, 0x6f, 0xb8));
        p.setColor(QPalette::HighlightedText, Qt::white);
        p.setColor(QPalette::Link, QColor(0x6c, 0xb0, 0xff));
        for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
            p.setColor(QPalette::Disabled, role, disabled);
    }
    QApplication::setPalette(p);
    QSettings().setValue(QStringLiteral("view/darkPalette"), on);
}

void MainWindow::showUserGuide()
{
    // docs/user-guide.md, compiled in: the guide matches the studio it came with.
    if (!mGuide) {
        mGuide = new QDialog(this);
        mGuide->setObjectName(QStringLiteral("UserGuide"));
        mGuide->setWindowTitle(tr("Podwright User Guide"));
        auto* text = new QTextBrowser(mGuide);
        text->setObjectName(QStringLiteral("userGuideText"));
        text->setOpenExternalLinks(true);
        QFile file(QStringLiteral(":/docs/user-guide.md"));
        if (file.open(QIODevice::ReadOnly))
            text->setMarkdown(QString::fromUtf8(file.readAll()));
        else
            text->setPlainText(tr("The user guide is missing from this build (docs/user-guide.md)."));
        auto* layout = new QVBoxLayout(mGuide);
        layout->setContentsMargins(0, 0, 0, 0);
        layout->addWidget(text);
        mGuide->resize(720, 640);
    }
    mGuide->show();
    mGuide->raise();
    mGuide->activateWindow();
}

void MainWindow::arrangeByStructure()
{
    std::vector<Node> moved;
    for (const DesignLayout::Placement& p : DesignLayout::compute(mDocument->design())) {
        Node n = *mDocument->design().node(p.node);
        if (n.position != p.position) {
            n.position = p.position;
            moved.push_back(std::move(n));
        }
    }
    if (moved.empty()) {
        statusBar()->showMessage(tr("The design is already arranged by its structure"), 5000);
        return;
    }
    if (mDocument->execute(std::make_unique<EditNodesCommand>(tr("Arrange by structure"), std::move(moved))).ok)
        mView->fitAll();
}

std::optional<Network> MainWindow::askNetwork(const CatalogItem& item, const std::vector<Network>& choices)
{
    QStringList labels;
    for (Network n : choices)
        labels << ItemStyle::networkLabel(n);
    bool ok = false;
    const QString chosen = QInputDialog::getItem(this, tr("Network of the %1").arg(item.model),
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
            tr("Select the servers, storage and switches to connect (drag a box or Ctrl+A) first"), 8000);
        return;
    }
    const BulkConnect::Plan plan = BulkConnect::plan(mDocument->design(), *mCatalog, ids);
    if (plan.isEmpty()) {
        Q_EMIT mDocument->commandRefused(plan.refusal());
        return;
    }
    if (!mDocument->execute(BulkConnect::command(plan, *mCatalog)).ok)
        return;
    QString message = tr("Connected %1 %2")
                          .arg(plan.links.size())
                          .arg(plural(static_cast<long long>(plan.links.size()), "link", "links"));
    // The ports left out can be many lines: the status bar says how many, the Notes panel lists them.
    mConnectNotes.clear();
    if (!plan.skipped.isEmpty()) {
        const auto n = static_cast<long long>(plan.skipped.size());
        message
            += QStringLiteral("; %1 %2 not connected (see Notes)").arg(n).arg(plural(n, "port group", "port groups"));
        for (const QString& line : plan.skipped)
            mConnectNotes << tr("Not connected: %1").arg(line);
        mNotesDock->show();
        mNotesDock->raise();
    }
    refreshNotes();
    statusBar()->showMessage(message, 20000);
}

void MainWindow::groupSelection(int kind)
{
    const std::vector<NodeId> ids = mScene->selectedNodeIds();
    if (ids.empty()) {
        statusBar()->showMessage(tr("Select the nodes to group first"), 5000);
        return;
    }
    Group g;
    g.kind = GroupKind(kind);
    int n = 1;
    mDocument->design().groups().forEach([&](const Group& other) { n += other.kind == g.kind ? 1 : 0; });
    g.name = g.kind == GroupKind::Rack ? nextHandRackName(mDocument->design()) : QStringLiteral("SU %1").arg(n);
    // A rack is a catalog rack (priced, drawn in the rack view), its members stacked in U.
    std::optional<CatalogItem> rack;
    if (g.kind == GroupKind::Rack && mCatalog)
        if (const CatalogItem* item = RackStacking::rackFor(*mCatalog, mDocument->design(), ids))
            rack = *item;
    (void)mDocument->execute(std::make_unique<GroupCommand>(g, ids, rack));
}

bool MainWindow::verifyAgainstDiscovery(const QString& path)
{
    const QString file = !path.isEmpty()
        ? path
        : QFileDialog::getOpenFileName(this, tr("Verify against discovery"), mSession->dialogFolder(),
            tr("ibnetdiscover output (*.txt *.topo *.ibnd *.out);;All files (*)"));
    if (file.isEmpty())
        return false;
    const bool ok = runGuarded(mReportError, tr("Cannot verify against %1").arg(QFileInfo(file).fileName()),
        [&] { mVerification->verify(file, action(ActionId::VerifyIgnoreSpeed)->isChecked()); });
    if (ok) {
        showDock(mVerificationDock);
        statusBar()->showMessage(mVerification->report()->headline(), 8000);
    }
    return ok;
}

bool MainWindow::exportAcceptanceReport(const QString& pdfPath)
{
    const QString file = !pdfPath.isEmpty() ? pdfPath
                                            : QFileDialog::getSaveFileName(this, tr("Export acceptance report"),
                                                mSession->dialogFolder(), tr("PDF (*.pdf)"));
    if (file.isEmpty())
        return false;
    const bool ok = runGuarded(
        mReportError, tr("Cannot write the acceptance report"), [&] { mVerification->exportAcceptanceReport(file); });
    if (ok)
        statusBar()->showMessage(tr("Acceptance report written to %1").arg(file), 5000);
    return ok;
}

bool MainWindow::compareWithFile(const QString& path)
{
    return runGuarded(mReportError, QStringLiteral("Cannot compare with %1").arg(QFileInfo(path).fileName()),
        [&] { showComparison(DesignDocument::loadFile(path, mCatalog), QFileInfo(path).fileName()); });
}

bool MainWindow::compareWithRevision(const QString& address, const QString& design, int revision)
{
    const QString label = QStringLiteral("%1, revision %2").arg(design).arg(revision);
    return runGuarded(mReportError, QStringLiteral("Cannot compare with %1").arg(label), [&] {
        const RepoLocation location = RepoLocation::parse(address);
        Design other;
        runOffGuiThread(this, tr("Reading %1 from the repository…").arg(label), [&] {
            Repository repo(location);
            other = repo.pull(design, revision);
        });
        showComparison(std::move(other), label);
    });
}

void MainWindow::showComparison(Design other, const QString& label)
{
    if (!mCompare)
        mCompare = new CompareView(mDocument, mAnalysis, this);
    mCompare->compareWith(std::move(other), label);
    mCompare->show();
    mCompare->raise();
    mCompare->activateWindow();
}

void MainWindow::buildMenus()
{
    auto add = [this](QWidget* menuOrBar, std::initializer_list<ActionId> ids) {
        for (ActionId id : ids)
            menuOrBar->addAction(action(id));
    };
    QMenu* file = menuBar()->addMenu(tr("&File"));
    add(file, {ActionId::New, ActionId::NewReference, ActionId::NewWorkload, ActionId::Open});
    mRecentMenu = file->addMenu(tr("Open &Recent"));
    connect(mRecentMenu, &QMenu::aboutToShow, this, &MainWindow::rebuildRecentMenu);
    rebuildRecentMenu();
    file->addSeparator();
    add(file, {ActionId::Save, ActionId::SaveAs});
    file->addSeparator();
    add(file,
        {ActionId::OpenFromRepository, ActionId::SaveToRepository, ActionId::ShowRepoHistory,
            ActionId::ReloadTeamCatalog});
    // Report and exports (ui/dialogs/exportreportdialog.*): the proposal PDF and interchange files.
    file->addAction(tr("Export &Report..."), this,
            [this] {
                // A design from the team repository may add "Changes since revision N".
                std::optional<ReportRevisionSource> source;
                if (const std::optional<RepoSession::Origin> o = mRepo->origin(); o && !o->address.isEmpty())
                    source = ReportRevisionSource{o->revision, [this](int r) { return mRepo->pullRevision(r); }};
                const QString pdf = runExportReportDialog(
                    this, mDocument->design(), mDocument->filePath(), source ? &*source : nullptr);
                if (!pdf.isEmpty())
                    statusBar()->showMessage(tr("Report written to %1").arg(pdf), 5000);
            })
        ->setObjectName(QStringLiteral("actionExportReport"));
    addExportMenu(file, this, [this] { return &mDocument->design(); });
    file->addSeparator();
    add(file,
        {ActionId::VerifyDiscovery, ActionId::VerifyIgnoreSpeed, ActionId::ClearVerification,
            ActionId::ExportAcceptanceReport});
    file->addSeparator();
    add(file, {ActionId::Quit});

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    add(edit, {ActionId::Undo, ActionId::Redo});
    edit->addSeparator();
    add(edit, {ActionId::Copy, ActionId::Paste, ActionId::Duplicate, ActionId::Delete});
    edit->addSeparator();
    add(edit, {ActionId::SelectAll});
    edit->addSeparator();
    add(edit, {ActionId::DesignProperties, ActionId::ChangeDials, ActionId::WaiveFinding, ActionId::UnwaiveFinding});

    QMenu* view = menuBar()->addMenu(tr("&View"));
    add(view,
        {ActionId::ZoomIn, ActionId::ZoomOut, ActionId::FitAll, ActionId::FitSelection, ActionId::Find,
            ActionId::Overview});
    view->addSeparator();
    add(view, {ActionId::Arrange, ActionId::CollapseAll, ActionId::ExpandAll});
    view->addSeparator();
    add(view, {ActionId::DarkPalette});
    QMenu* layers = view->addMenu(tr("&Layers"));
    for (Network n : {Network::Compute, Network::Storage, Network::InBand, Network::OutOfBand}) {
        QAction* a = layers->addAction(ItemStyle::networkLabel(n));
        a->setObjectName(QStringLiteral("actionLayer%1").arg(int(n)));
        a->setCheckable(true);
        a->setChecked(true);
        connect(a, &QAction::toggled, this, [this, n](bool on) { mScene->setLayerVisible(n, on); });
    }
    view->addSeparator();
    add(view,
        {ActionId::ShowFindings, ActionId::ShowBom, ActionId::ShowCharts, ActionId::ShowPower, ActionId::ShowRacks,
            ActionId::ShowFailures});
    add(view, {ActionId::CompareDesign});
    QMenu* panels = view->addMenu(tr("&Panels"));
    for (QDockWidget* dock : {mPaletteDock, mInspectorDock, mHistoryDock, mRepoHistoryDock, mRacksDock, mFloorDock,
             mFindingsDock, mNotesDock, mBomDock, mChartsDock, mPowerDock, mFailuresDock})
        panels->addAction(dock->toggleViewAction());
    QMenu* workspaces = view->addMenu(tr("Wor&kspaces"));
    add(workspaces, {ActionId::WorkspaceDesign, ActionId::WorkspaceFacility});
    workspaces->addSeparator();
    add(workspaces, {ActionId::ResetWorkspace});

    QMenu* insert = menuBar()->addMenu(tr("&Insert"));
    add(insert, {ActionId::SelectTool, ActionId::ConnectTool});
    insert->addSeparator();
    add(insert,
        {ActionId::Place, ActionId::ConnectSelection, ActionId::GroupRack, ActionId::GroupUnit, ActionId::Ungroup});

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    add(help, {ActionId::UserGuide, ActionId::KeyboardHelp, ActionId::About});

    QToolBar* bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("MainToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->setIconSize(QSize(18, 18));
    add(bar, {ActionId::New, ActionId::Open, ActionId::Save});
    bar->addSeparator();
    // Undo and Redo on the toolbar keep a fixed text (the step's name is in the tooltip), so the
    // buttons after them do not shift as the menu actions' "Undo Move dgx-01" text changes.
    QUndoStack* stack = mDocument->undoStack();
    auto fixed = [&](ActionId id, bool undo) {
        QAction* menuAction = action(id);
        auto* a = new QAction(menuAction->icon(), undo ? tr("Undo") : tr("Redo"), bar);
        a->setObjectName(menuAction->objectName() + QStringLiteral("Toolbar"));
        auto sync = [a, menuAction] {
            a->setEnabled(menuAction->isEnabled());
            a->setToolTip(QString(menuAction->text()).remove(QLatin1Char('&')));
        };
        connect(menuAction, &QAction::changed, a, sync);
        sync();
        connect(a, &QAction::triggered, stack, undo ? &QUndoStack::undo : &QUndoStack::redo);
        bar->addAction(a);
    };
    fixed(ActionId::Undo, true);
    fixed(ActionId::Redo, false);
    bar->addSeparator();
    add(bar, {ActionId::SelectTool, ActionId::ConnectTool});
    bar->addSeparator();
    add(bar, {ActionId::FitAll});
    bar->addSeparator();
    add(bar, {ActionId::WorkspaceDesign, ActionId::WorkspaceFacility});
}

void MainWindow::rebuildRecentMenu()
{
    mRecentMenu->clear();
    const QStringList list = recentFiles();
    for (const QString& path : list) {
        mRecentMenu->addAction(QFileInfo(path).fileName(), this, [this, path] { openFile(path); })->setToolTip(path);
    }
    if (list.isEmpty())
        mRecentMenu->addAction(tr("(none)"))->setEnabled(false);
    else {
        mRecentMenu->addSeparator();
        mRecentMenu->addAction(tr("Clear List"), this, [] { FileSession::clearRecentFiles(); });
    }
}

// The status bar says the warning for a while wherever the move was made (the inspector, the floor);
// the docks keep it. When the last concentration goes (an undo) the message goes with it.
void MainWindow::showPlacementWarning()
{
    const QString prefix = tr("Placement warning: ");
    const auto& warned = mPlacementWarning->concentrations();
    if (warned.empty()) {
        if (statusBar()->currentMessage().startsWith(prefix))
            statusBar()->clearMessage();
        return;
    }
    QString text = prefix + warned.front().message();
    if (warned.size() > 1)
        text += tr(" (and %1 more: see the Racks dock)").arg(warned.size() - 1);
    statusBar()->showMessage(text, 20000);
}

void MainWindow::updatePriceBookLabel()
{
    const std::optional<CostReport>& cost = mAnalysis->cost();
    const QString text = cost ? cost->priceBookText() : QString();
    if (text.isEmpty()) {
        mPriceBookLabel->hide();
        return;
    }
    mPriceBookLabel->setText(
        tr("Team prices: %1 of %2 lines").arg(cost->priceBookLines()).arg(cost->bom.lines().size()));
    const QString tip = QStringLiteral("Costs use %1").arg(text);
    if (mPriceBookLabel->toolTip() != tip || mPriceBookLabel->isHidden())
        statusBar()->showMessage(tip, 8000); // say it once, not after every edit
    mPriceBookLabel->setToolTip(tip);
    mPriceBookLabel->show();
}

bool MainWindow::reloadTeamCatalog()
{
    const std::shared_ptr<const TeamCatalog> before = mCatalogs->team();
    if (!mRepo->loadTeamCatalog({}, true))
        return false;
    if (before && mCatalogs->team() == before) // read again, and nothing had changed
        statusBar()->showMessage(tr("The team catalog is unchanged: %1").arg(before->describe()), 8000);
    return true;
}

void MainWindow::useTeamCatalog(const std::shared_ptr<const TeamCatalog>& team)
{
    StudioCatalog::Swap swap;
    const bool ok = runGuarded(mReportError, tr("Team catalog not applied"), [&] { swap = mCatalogs->useTeam(team); });
    if (!ok) {
        statusBar()->showMessage(
            tr("The team catalog could not be applied; the catalog in effect is unchanged"), 10000);
        return;
    }
    const int items = team->itemCount();
    const int prices = team->priceBook().size();
    mTeamCatalogLabel->setText(tr("Team catalog: %1 %2, %3 %4")
                                   .arg(items)
                                   .arg(plural(items, "item", "items"))
                                   .arg(prices)
                                   .arg(plural(prices, "price", "prices")));
    mTeamCatalogLabel->setToolTip(
        tr("In effect: %1. File > Reload Team Catalog reads it again.").arg(team->describe()));
    mTeamCatalogLabel->show();
    if (!swap.changed)
        return; // the label is enough; the status line keeps what the open or save said
    mSkippedTeamItems.clear();
    for (const CatalogIssue& issue : swap.issues)
        mSkippedTeamItems << tr("Team catalog item left out: %1").arg(issue.toString());
    refreshNotes();
    QString text = tr("Catalog in effect: the studio's catalog plus %1").arg(team->describe());
    if (!mSkippedTeamItems.isEmpty())
        text += tr("; %1 team %2 left out (see Notes)")
                    .arg(mSkippedTeamItems.size())
                    .arg(plural(mSkippedTeamItems.size(), "item", "items"));
    statusBar()->showMessage(text, 15000);
    if (!mSkippedTeamItems.isEmpty() || !mMissingItems.isEmpty()) {
        mNotesDock->show();
        mNotesDock->raise();
    }
}

void MainWindow::checkCatalogCoverage()
{
    mMissingItems.clear();
    if (mCatalog)
        for (const QString& sku : TeamCatalog::missingItems(mDocument->design(), *mCatalog))
            mMissingItems << tr("Not in the catalog in effect: %1. The design keeps its own copy of the item (specs "
                                "and price as recorded), so it still draws and costs the same.")
                                 .arg(sku);
    refreshNotes();
}

bool MainWindow::openFromRepository()
{
    RepoOpenDialog dialog(RepoSession::rememberedAddress(), this);
    if (!RepoSession::rememberedAddress().isEmpty())
        dialog.connectToRepository();
    if (dialog.exec() != QDialog::Accepted || dialog.designName().isEmpty())
        return false;
    return mRepo->open(dialog.address(), dialog.designName(), dialog.revision());
}

bool MainWindow::saveToRepository()
{
    const std::optional<RepoSession::Origin> origin = mRepo->origin();
    RepoSaveDialog dialog(origin ? origin->address : RepoSession::rememberedAddress(),
        origin ? origin->design : mDocument->design().name(), origin ? origin->revision : 0, this);
    if (dialog.exec() != QDialog::Accepted)
        return false;
    const bool saved = mRepo->save(dialog.message(), dialog.address(), dialog.designName());
    updateTitle();
    return saved;
}

QRect MainWindow::fittedGeometry(const QRect& available, QSize wanted, const QMargins& frame)
{
    const QSize outer = wanted.boundedTo(available.size());
    QRect client(QPoint(), outer.shrunkBy(frame));
    client.moveTopLeft(available.topLeft() + QPoint(frame.left(), frame.top())
        + QPoint((available.width() - outer.width()) / 2, (available.height() - outer.height()) / 2));
    return client;
}

void MainWindow::updateTitle()
{
    // "<design name> — Podwright", with "*" while modified; the file is in windowFilePath (and
    // the design's name is what the user gave it, the file's name only when it has none).
    const QString path = mDocument->filePath();
    QString name = mDocument->design().name();
    if (name.isEmpty())
        name = path.isEmpty() ? tr("Untitled design") : QFileInfo(path).completeBaseName();
    if (const std::optional<RepoSession::Origin> origin = mRepo->origin())
        name += tr(" (%1 r%2 in the repository)").arg(origin->design).arg(origin->revision);
    setWindowTitle(tr("%1[*] — Podwright").arg(name));
    setWindowModified(mDocument->isModified());
    setWindowFilePath(path);
}

bool MainWindow::newFromReferenceDesign(const std::optional<GeneratorOptions>& seed)
{
    if (!mCatalog || !maybeSave())
        return false;
    std::optional<Design> design;
    const bool ok = runGuarded(mReportError, tr("Cannot generate the design"), [&] {
        ReferenceDesignDialog dlg(*mCatalog, this);
        if (seed)
            dlg.setOptions(*seed);
        else if (const auto last = ReferenceDesignDialog::rememberedOptions())
            dlg.setOptions(*last); // the wizard remembers the dials of the last design built
        if (dlg.exec() == QDialog::Accepted)
            design = dlg.takeDesign();
    });
    if (!ok || !design)
        return false;
    mSession->adoptUnsaved(std::move(*design));
    statusBar()->showMessage(tr("Generated %1 (unsaved)").arg(mDocument->design().name()), 8000);
    return true;
}

bool MainWindow::newFromWorkload()
{
    if (!mCatalog)
        return false;
    std::optional<GeneratorOptions> seed;
    runGuarded(mReportError, tr("Cannot size the workload"), [&] {
        WorkloadDialog dlg(*mCatalog, this);
        dlg.restoreRemembered();
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
    runGuarded(mReportError, tr("Cannot change the design properties"), [&] {
        const bool renamed = dlg.designName() != mDocument->design().name();
        const bool changed = dlg.properties() != mDocument->design().properties();
        auto properties
            = std::make_unique<SetDesignPropertiesCommand>(tr("Change design properties"), dlg.properties());
        if (!renamed) { // unchanged properties are refused with the reason in the status bar
            (void)mDocument->execute(std::move(properties));
            return;
        }
        auto rename = std::make_unique<RenameDesignCommand>(dlg.designName());
        if (!changed) {
            (void)mDocument->execute(std::move(rename));
            return;
        }
        auto both = std::make_unique<CompositeCommand>(tr("Change design properties"));
        both->add(std::move(rename));
        both->add(std::move(properties));
        (void)mDocument->execute(std::move(both));
    });
}

bool MainWindow::changeDials(const DesignDials& dials)
{
    const std::optional<DesignDials> before = Regenerate::dialsOf(mDocument->design());
    if (!mCatalog || !before) {
        Q_EMIT mDocument->commandRefused(
            QStringLiteral("the design was not made by the reference-design generator, so it has no dials to change"));
        return false;
    }
    if (*before == dials) {
        Q_EMIT mDocument->commandRefused(QStringLiteral("the dials are unchanged"));
        return false;
    }
    // The generator on a worker thread, reading a copy of the design and a catalog of its own (a
    // catalog's database belongs to the thread that opened it); the window keeps painting.
    auto source = std::make_shared<const Design>(mDocument->design());
    auto items = std::make_shared<const std::vector<CatalogItem>>(mCatalog->snapshot());
    auto rebuilt = std::make_shared<GenerateResult>();
    const int gpusNow = DesignSummary::of(*source).gpus;
    const long long gpusAsked = before->nodes > 0 ? 1LL * gpusNow * dials.nodes / before->nodes : 0;
    const BackgroundTask::Outcome outcome = mRebuildTask->runModal(
        this, tr("Rebuilding the design with the new dials…"),
        // One generator call, no steps to count: the dialog shows a busy bar, not a bar stuck at 0%.
        [source, items, rebuilt, dials](BackgroundTask::Control&) {
            const std::unique_ptr<Catalog> catalog = Catalog::fromSnapshot(*items);
            *rebuilt = Regenerate::withDials(*source, dials, *catalog);
        },
        std::max<long long>(gpusNow, gpusAsked) > kForegroundRebuildGpus);
    if (outcome.canceled) {
        statusBar()->showMessage(tr("Rebuild canceled; the design is as it was"), 8000);
        return false;
    }
    if (!outcome.error.isEmpty())
        throw Error(outcome.error);
    GenerateResult result = std::move(*rebuilt);
    if (!result.ok()) {
        Q_EMIT mDocument->commandRefused(result.error);
        return false;
    }
    const QString text = Regenerate::describeChange(*before, dials);
    if (!mDocument->execute(std::make_unique<ReplaceDesignCommand>(text, std::move(*result.design))).ok)
        return false;
    statusBar()->showMessage(
        tr("%1 (Ctrl+Z undoes it)%2")
            .arg(text, result.notes.isEmpty() ? QString() : QStringLiteral("; generator notes in the Notes panel")),
        10000);
    if (!result.notes.isEmpty()) {
        mNotesDock->show();
        mNotesDock->raise();
    }
    return true;
}

void MainWindow::refreshNotes()
{
    const QStringList notes
        = Regenerate::notesOf(mDocument->design()) + mConnectNotes + mSkippedTeamItems + mMissingItems;
    QStringList shown;
    for (int i = 0; i < mNotes->count(); ++i)
        shown << mNotes->item(i)->text();
    if (shown == notes)
        return;
    mNotes->clear();
    mNotes->addItems(notes);
    for (int i = 0; i < mNotes->count(); ++i)
        mNotes->item(i)->setToolTip(notes[i]);
    mNotesDock->setWindowTitle(notes.isEmpty() ? tr("Notes") : tr("Notes (%1)").arg(notes.size()));
}

void MainWindow::showCatalogIssues(const QStringList& issues)
{
    if (issues.isEmpty())
        return;
    const qsizetype n = issues.size();
    statusBar()->showMessage(
        tr("%1 %2 skipped (see Help)").arg(n).arg(plural(n, "catalog entry was", "catalog entries were")), 10000);
    QMessageBox box(QMessageBox::Warning, tr("Catalog problems"),
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
    mWorkspaces->saveCurrent();
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
