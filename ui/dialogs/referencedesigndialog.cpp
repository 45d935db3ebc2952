#include "referencedesigndialog.h"

#include "backgroundtask.h"

#include "analysis/designoptions.h"
#include "analysis/optionsconsidered.h"
#include "catalog/catalog.h"
#include "cost/powerfigures.h"
#include "generate/fabricgenerator.h"
#include "generate/fabricswitchchoice.h"
#include "model/designintent.h"
#include "model/designsummary.h"
#include "model/softwarestack.h"
#include "model/useroption.h"
#include "presentation/reportdata.h"
#include "util/designlimits.h"
#include "util/money.h"
#include "util/plural.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPainter>
#include <QPixmap>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <memory>
#include <utility>

namespace pw::ui {

namespace {

// The generator's message with each setting it names as this dialog's field for it.
QString asFields(const QString& coreText)
{
    return UserOptions::rewrite(coreText, [](UserOption o) {
        QString field;
        switch (o) {
        case UserOption::ServerModel:
            field = QObject::tr("Server");
            break;
        case UserOption::ServerCount:
        case UserOption::GpuCount:
            field = QObject::tr("Size");
            break;
        case UserOption::FabricSwitch:
            field = QObject::tr("Switch");
            break;
        case UserOption::Topology:
            field = QObject::tr("Topology");
            break;
        case UserOption::RackPowerBudget:
            field = QObject::tr("Rack power budget");
            break;
        default:
            return UserOptions::name(o); // no field of its own here: the generator's default
        }
        return QStringLiteral("“%1” field").arg(field);
    });
}

// A small schematic of an option's compute fabric: its tiers as rows of boxes (cores on top, leaves
// at the bottom; a row of more than six switches draws six and writes the count), joined by lines.
QPixmap tierPicture(const DesignOption& o, const QSize& size)
{
    QPixmap pixmap(size);
    pixmap.fill(Qt::white);
    QPainter p(&pixmap);
    p.setRenderHint(QPainter::Antialiasing);
    std::vector<std::pair<int, QColor>> tiers;
    if (o.cores > 0)
        tiers.emplace_back(o.cores, QColor(0x8e, 0x44, 0xad));
    if (o.spines > 0)
        tiers.emplace_back(o.spines, QColor(0x1f, 0x5f, 0xbf));
    tiers.emplace_back(o.leaves, QColor(0x2e, 0x8b, 0x57));
    const int rows = static_cast<int>(tiers.size()) + 1; // the servers under the leaves
    const double rowH = size.height() / double(rows);
    const double boxH = std::max(4.0, rowH * 0.45);
    std::vector<std::vector<QRectF>> boxes;
    QFont f = p.font();
    f.setPixelSize(std::max(7, int(boxH)));
    p.setFont(f);
    for (size_t t = 0; t < tiers.size(); ++t) {
        const int n = tiers[t].first;
        const int drawn = std::clamp(n, 1, 6);
        const double labelW = n > drawn ? size.width() * 0.28 : 0;
        const double w = (size.width() - labelW) / drawn;
        std::vector<QRectF> row;
        for (int i = 0; i < drawn; ++i)
            row.emplace_back(i * w + w * 0.15, rowH * double(t) + (rowH - boxH) / 2, w * 0.7, boxH);
        boxes.push_back(row);
        if (n > drawn) {
            p.setPen(Qt::black);
            p.drawText(QRectF(size.width() - labelW, rowH * double(t), labelW, rowH), Qt::AlignCenter,
                QStringLiteral("×%1").arg(n));
        }
    }
    p.setPen(QPen(QColor(0x99, 0x99, 0x99), 0.6));
    for (size_t t = 0; t + 1 < boxes.size(); ++t)
        for (const QRectF& a : boxes[t])
            for (const QRectF& b : boxes[t + 1])
                p.drawLine(QPointF(a.center().x(), a.bottom()), QPointF(b.center().x(), b.top()));
    const double serversY = rowH * double(tiers.size()) + (rowH - boxH) / 2;
    for (const QRectF& leaf : boxes.back())
        p.drawLine(QPointF(leaf.center().x(), leaf.bottom()), QPointF(leaf.center().x(), serversY));
    p.fillRect(QRectF(2, serversY, size.width() - 4, boxH), QColor(0xdd, 0xdd, 0xdd));
    for (size_t t = 0; t < boxes.size(); ++t)
        for (const QRectF& r : boxes[t]) {
            p.fillRect(r, tiers[t].second);
        }
    return pixmap;
}

} // namespace

struct ReferenceDesignDialog::PreviewResult {
    std::optional<Design> design;
    std::optional<GeneratorPreview> counts;
    std::optional<DesignOption> figures;
    QString error; // why there is no design
    QString figuresError; // why the design has no figures (the cost model's reason)
    QStringList notes;
};

GeneratorPreview GeneratorPreview::of(const Design& design)
{
    const DesignSummary s = DesignSummary::of(design);
    GeneratorPreview p;
    p.servers = s.servers;
    p.gpus = s.gpus;
    p.switches = s.switches;
    p.links = s.links;
    p.racks = s.racks;
    p.nodes = s.nodes;
    design.nodes().forEach([&](const Node& n) {
        if (const CatalogItem* item = design.item(n.sku);
            item && item->kind == ItemKind::Server && item->gpuCount() > 0)
            ++p.gpuServers;
        if (n.network != Network::Compute)
            return;
        p.leaves += n.tier == FabricTier::Leaf ? 1 : 0;
        p.spines += n.tier == FabricTier::Spine ? 1 : 0;
        p.cores += n.tier == FabricTier::Core ? 1 : 0;
    });
    return p;
}

namespace {

void fillItems(QComboBox* box, const Catalog& catalog, ItemKind kind, bool gpuServersOnly = false)
{
    for (const CatalogItem* item : catalog.items(kind)) {
        if (gpuServersOnly && item->gpuCount() == 0)
            continue;
        box->addItem(QStringLiteral("%1 — %2").arg(item->sku, item->model), item->sku);
    }
}

void select(QComboBox* box, const QVariant& data)
{
    const int i = box->findData(data);
    if (i >= 0)
        box->setCurrentIndex(i);
}

} // namespace

ReferenceDesignDialog::ReferenceDesignDialog(const Catalog& catalog, QWidget* parent)
    : QDialog(parent),
      mCatalog(catalog),
      mServer(new QComboBox(this)),
      mSizeKind(new QComboBox(this)),
      mCount(new QSpinBox(this)),
      mSwitch(new QComboBox(this)),
      mTopology(new QComboBox(this)),
      mOversubscription(new QComboBox(this)),
      mStorage(new QComboBox(this)),
      mStorageTier(new QComboBox(this)),
      mRackPower(new QDoubleSpinBox(this)),
      mKeepAllNodes(new QCheckBox(tr("&Keep every node (one more SU for the UFM pair)"), this)),
      mPlanes(new QSpinBox(this)),
      mClusterType(new QComboBox(this)),
      mName(new QLineEdit(this)),
      mPreviewLabel(new QLabel(this)),
      mPreviewPicture(new QLabel(this)),
      mPreviewState(new QLabel(this)),
      mErrorLabel(new QLabel(this)),
      mButtons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)),
      mDebounce(new QTimer(this)),
      mWeigh(new QPushButton(tr("&Weigh options"), this)),
      mOptionsStatus(new QLabel(this)),
      mOptionsTable(new QTableWidget(this)),
      mOptionsTask(new BackgroundTask(this)),
      mPreviewTask(new BackgroundTask(this)),
      mCatalogItems(std::make_shared<const std::vector<CatalogItem>>(catalog.snapshot()))
{
    setWindowTitle(tr("New from reference design"));
    mServer->setObjectName(QStringLiteral("serverSku"));
    mSizeKind->setObjectName(QStringLiteral("sizeKind"));
    mCount->setObjectName(QStringLiteral("count"));
    mSwitch->setObjectName(QStringLiteral("switchSku"));
    mTopology->setObjectName(QStringLiteral("topology"));
    mOversubscription->setObjectName(QStringLiteral("oversubscription"));
    mStorage->setObjectName(QStringLiteral("storageSku"));
    mStorageTier->setObjectName(QStringLiteral("storageTier"));
    mRackPower->setObjectName(QStringLiteral("rackPowerKw"));
    mKeepAllNodes->setObjectName(QStringLiteral("keepAllNodes"));
    mKeepAllNodes->setToolTip(
        tr("When every leaf port of the last scalable unit is taken, the DGX SuperPOD RA gives one server's slot to "
           "the UFM pair (4 SU = 127 DGX). Tick to keep every server and add a scalable unit instead."));
    mPlanes->setObjectName(QStringLiteral("planes"));
    mPlanes->setRange(0, 8);
    mPlanes->setSpecialValueText(tr("default (the server's)"));
    mPlanes->setToolTip(
        tr("Compute planes (rail-optimized): separate fabrics, the ports of each twin-port NIC in two planes (DGX "
           "SuperPOD B300 RA: twin-planar; GB300 NVL72 on Spectrum-X: each ConnectX-8 as 2 x 400GbE); losing a plane "
           "halves the bandwidth with two, and the job keeps running. 0: the server's catalog default."));
    mClusterType->setObjectName(QStringLiteral("clusterType"));
    mPowerMode = new QComboBox(this);
    mPowerMode->setObjectName(QStringLiteral("powerMode"));
    mPowerMode->addItem(tr("Max-P (performance)"), toString(PowerMode::MaxP));
    mPowerMode->addItem(tr("Max-Q (efficiency)"), toString(PowerMode::MaxQ));
    mPowerMode->setToolTip(tr("The GPU power profile rack-scale systems (NVL72) run in: every power figure takes "
                              "their draw in this mode; their feeds are sized from their power shelves either way."));
    mPowerChain = new QComboBox(this);
    mPowerChain->setObjectName(QStringLiteral("powerChain"));
    mPowerChain->addItem(tr("54 V power shelves"), toString(PowerDistribution::Shelves54V));
    mPowerChain->addItem(tr("800 VDC, sidecar power racks"), toString(PowerDistribution::Dc800V));
    mPowerChain->setToolTip(
        tr("How the racks are fed. 800 VDC (systems whose catalog entry accepts it: Vera Rubin NVL72) stands a "
           "sidecar power rack in each row beside the racks it feeds and takes NVIDIA's claimed efficiency gain (up "
           "to 5%) off the facility power."));
    mName->setObjectName(QStringLiteral("designName"));
    mPreviewLabel->setObjectName(QStringLiteral("preview"));
    mErrorLabel->setObjectName(QStringLiteral("generatorError"));

    fillItems(mServer, catalog, ItemKind::Server, true);
    fillItems(mSwitch, catalog, ItemKind::Switch);
    mSizeKind->addItem(tr("GPUs"), QStringLiteral("gpus"));
    mSizeKind->addItem(tr("Servers"), QStringLiteral("nodes"));
    mCount->setRange(0, static_cast<int>(limits::kMaxGpus)); // the largest legal design (util/designlimits.h)
    mCount->setGroupSeparatorShown(true);
    mCount->setValue(256);
    for (TopologyKind t : {TopologyKind::RailOptimized, TopologyKind::FatTree, TopologyKind::LeafSpine})
        mTopology->addItem(toString(t), int(t));
    mOversubscription->setEditable(true);
    mOversubscription->addItems(
        {QStringLiteral("1:1"), QStringLiteral("2:1"), QStringLiteral("3:1"), QStringLiteral("4:1")});
    mOversubscription->setToolTip(tr("Leaf downlink to uplink capacity, D:U (1:1 is non-blocking)"));
    mStorage->addItem(tr("(no storage fabric)"), QString());
    fillItems(mStorage, catalog, ItemKind::Storage);
    for (StorageTier t : {StorageTier::Good, StorageTier::Better, StorageTier::Best})
        mStorageTier->addItem(toString(t), int(t));
    mRackPower->setRange(0, 1000);
    mRackPower->setDecimals(1);
    mRackPower->setSuffix(tr(" kW"));
    mRackPower->setSpecialValueText(tr("default (the rack's budget)"));
    for (ClusterType t : {ClusterType::Unspecified, ClusterType::Training, ClusterType::Inference, ClusterType::Mixed,
             ClusterType::Development})
        mClusterType->addItem(toString(t), int(t));
    mName->setPlaceholderText(tr("a descriptive default"));
    // The models a new design starts from are the catalog's to name (roles), not the code's.
    if (const CatalogItem* server = catalog.withRole(ItemRole::DefaultGpuServer))
        select(mServer, server->sku);
    // The switch follows the server (an XDR switch for a DGX B300, NDR for a DGX H100), and says why.
    mSwitchWhy = new QLabel(this);
    mSwitchWhy->setObjectName(QStringLiteral("switchWhy"));
    mSwitchWhy->setWordWrap(true);
    mSwitchWhy->setStyleSheet(QStringLiteral("color: palette(placeholder-text)"));
    followServer();
    connect(mServer, &QComboBox::currentIndexChanged, this, &ReferenceDesignDialog::followServer);
    connect(mSwitch, &QComboBox::currentIndexChanged, this, &ReferenceDesignDialog::explainSwitch);

    auto* dials = new QGroupBox(tr("Dials"), this);
    auto* form = new QFormLayout(dials);
    form->addRow(tr("&Server:"), mServer);
    auto* size = new QHBoxLayout;
    size->addWidget(mCount, 1);
    size->addWidget(mSizeKind);
    auto* sizeLabel = new QLabel(tr("Si&ze:"), dials);
    sizeLabel->setBuddy(mCount);
    form->addRow(sizeLabel, size);
    form->addRow(tr("&Fabric switch:"), mSwitch);
    form->addRow(QString(), mSwitchWhy);
    form->addRow(tr("&Topology:"), mTopology);
    form->addRow(tr("&Oversubscription:"), mOversubscription);
    form->addRow(tr("&Planes:"), mPlanes);
    form->addRow(tr("Stora&ge:"), mStorage); // Alt+O is Oversubscription
    form->addRow(tr("Storage t&ier:"), mStorageTier);
    form->addRow(tr("&Rack power budget:"), mRackPower);
    form->addRow(QString(), mKeepAllNodes);
    form->addRow(tr("Cl&uster type:"), mClusterType); // Alt+C is Cancel
    form->addRow(tr("Power &mode:"), mPowerMode);
    form->addRow(tr("Power &chain:"), mPowerChain);
    form->addRow(tr("&Name:"), mName);

    auto* previewBox = new QGroupBox(tr("Preview"), this);
    auto* pv = new QVBoxLayout(previewBox);
    mPreviewLabel->setTextFormat(Qt::RichText);
    mPreviewLabel->setMinimumWidth(260);
    mPreviewLabel->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    mErrorLabel->setWordWrap(true);
    mErrorLabel->setStyleSheet(QStringLiteral("color: #c62828"));
    mPreviewPicture->setObjectName(QStringLiteral("previewPicture"));
    mPreviewPicture->setToolTip(tr("The compute fabric's tiers: core, spine and leaf switches over the servers"));
    mPreviewState->setObjectName(QStringLiteral("previewState"));
    mPreviewState->setStyleSheet(QStringLiteral("color: palette(placeholder-text)"));
    pv->addWidget(mPreviewState);
    pv->addWidget(mPreviewLabel);
    pv->addWidget(mPreviewPicture);
    pv->addWidget(mErrorLabel);
    pv->addStretch(1);

    auto* optionsBox = new QGroupBox(tr("Options"), this);
    auto* ov = new QVBoxLayout(optionsBox);
    auto* optionsBar = new QHBoxLayout;
    mWeigh->setObjectName(QStringLiteral("weighOptions"));
    mWeigh->setToolTip(tr("Build and measure every topology, oversubscription, switch at the server's speed, scalable "
                          "unit and plane count for this server and size; show the ones no other beats on cost, "
                          "bisection, worst single failure and power"));
    mOptionsStatus->setObjectName(QStringLiteral("optionsStatus"));
    mOptionsStatus->setWordWrap(true);
    optionsBar->addWidget(mWeigh);
    optionsBar->addWidget(mOptionsStatus, 1);
    ov->addLayout(optionsBar);
    mOptionsTable->setObjectName(QStringLiteral("optionsTable"));
    mOptionsTable->setColumnCount(8);
    mOptionsTable->setHorizontalHeaderLabels({tr("Fabric"), tr("Option"), tr("Capital cost"), tr("Bisection"),
        tr("Worst single failure"), tr("IT kW"), tr("Racks"), tr("Switches")});
    mOptionsTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    mOptionsTable->setSelectionMode(QAbstractItemView::SingleSelection);
    mOptionsTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    mOptionsTable->setIconSize(QSize(72, 40));
    mOptionsTable->verticalHeader()->setVisible(false);
    mOptionsTable->verticalHeader()->setDefaultSectionSize(44);
    mOptionsTable->horizontalHeader()->setStretchLastSection(true);
    mOptionsTable->setMinimumHeight(160);
    mOptionsTable->setVisible(false);
    ov->addWidget(mOptionsTable);
    connect(mWeigh, &QPushButton::clicked, this, &ReferenceDesignDialog::weighOptions);
    connect(mOptionsTable, &QTableWidget::itemSelectionChanged, this, [this] {
        const auto rows = mOptionsTable->selectionModel()->selectedRows();
        if (!rows.isEmpty() && !mSettingOptions)
            pickOption(rows.front().row());
    });
    connect(mOptionsTask, &BackgroundTask::finished, this, [this](const QString& error) {
        mWeigh->setEnabled(true);
        if (!error.isEmpty()) {
            mOptionsStatus->setText(error);
            Q_EMIT optionsReady();
            return;
        }
        showOptions();
    });
    // Another server or size makes the options weighed for the old ones stale.
    for (QComboBox* box : {mServer, mSizeKind})
        connect(box, &QComboBox::currentIndexChanged, this, &ReferenceDesignDialog::clearOptions);
    connect(mCount, &QSpinBox::valueChanged, this, &ReferenceDesignDialog::clearOptions);

    auto* columns = new QHBoxLayout;
    columns->addWidget(dials, 3);
    columns->addWidget(previewBox, 2);
    previewBox->setMinimumWidth(330); // the figures column reads whole: "$12,345,678" and its band
    auto* root = new QVBoxLayout(this);
    root->addLayout(columns);
    root->addWidget(optionsBox, 1);
    mButtons->button(QDialogButtonBox::Ok)->setText(tr("&Build"));
    root->addWidget(mButtons);
    connect(mButtons, &QDialogButtonBox::accepted, this, &ReferenceDesignDialog::accept);
    connect(mButtons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    mDebounce->setSingleShot(true);
    connect(mDebounce, &QTimer::timeout, this, &ReferenceDesignDialog::startPreview);
    connect(mPreviewTask, &BackgroundTask::finished, this, [this](const QString& error) {
        PreviewResult result = std::move(*mPendingPreview);
        mPendingPreview.reset();
        if (!error.isEmpty())
            result.error = error;
        showPreview(std::move(result));
    });
    for (QComboBox* box :
        {mServer, mSizeKind, mSwitch, mTopology, mStorage, mStorageTier, mClusterType, mPowerMode, mPowerChain})
        connect(box, &QComboBox::currentIndexChanged, this, &ReferenceDesignDialog::schedulePreview);
    connect(mOversubscription, &QComboBox::currentTextChanged, this, &ReferenceDesignDialog::schedulePreview);
    connect(mCount, &QSpinBox::valueChanged, this, &ReferenceDesignDialog::schedulePreview);
    connect(mPlanes, &QSpinBox::valueChanged, this, &ReferenceDesignDialog::schedulePreview);
    connect(mRackPower, &QDoubleSpinBox::valueChanged, this, &ReferenceDesignDialog::schedulePreview);
    connect(mKeepAllNodes, &QCheckBox::toggled, this, &ReferenceDesignDialog::schedulePreview);
    connect(mName, &QLineEdit::textChanged, this, &ReferenceDesignDialog::schedulePreview);
    updatePreview();
}

void ReferenceDesignDialog::setOptions(const GeneratorOptions& o)
{
    const QSignalBlocker blocks[] = {QSignalBlocker(mServer), QSignalBlocker(mSizeKind), QSignalBlocker(mCount),
        QSignalBlocker(mSwitch), QSignalBlocker(mTopology), QSignalBlocker(mOversubscription), QSignalBlocker(mStorage),
        QSignalBlocker(mStorageTier), QSignalBlocker(mRackPower), QSignalBlocker(mKeepAllNodes),
        QSignalBlocker(mClusterType), QSignalBlocker(mName), QSignalBlocker(mPlanes), QSignalBlocker(mPowerMode),
        QSignalBlocker(mPowerChain)};
    if (!o.serverSku.isEmpty()) {
        if (mServer->findData(o.serverSku) < 0)
            mServer->addItem(o.serverSku, o.serverSku);
        select(mServer, o.serverSku);
    }
    mSizeKind->setCurrentIndex(o.gpus > 0 || o.nodes <= 0 ? 0 : 1);
    mCount->setValue(o.gpus > 0 ? o.gpus : o.nodes);
    if (!o.switchSku.isEmpty())
        select(mSwitch, o.switchSku);
    select(mTopology, int(o.topology));
    mOversubscription->setCurrentText(o.oversubscription.toString());
    select(mStorage, o.storageSku);
    select(mStorageTier, int(o.storageTier));
    mRackPower->setValue(o.rackPowerKw);
    mKeepAllNodes->setChecked(o.keepEveryNode);
    mPlanes->setValue(std::max(0, o.planes));
    select(mClusterType, int(DesignIntent::ofProperties(o.properties).clusterType));
    select(mPowerMode, toString(PowerFigures::modeOf(o.properties)));
    select(mPowerChain, toString(PowerFigures::distributionOf(o.properties)));
    followPowerChain();
    mName->setText(o.name);
    mSuSize = o.suSize;
    explainSwitch();
    startPreview(); // a remembered 100,000-GPU design must not freeze the dialog as it opens
}

void ReferenceDesignDialog::followServer()
{
    const CatalogItem* server = mCatalog.item(mServer->currentData().toString());
    if (!server)
        return;
    const FabricSwitchChoice choice = FabricSwitchChoice::forServer(*server, mCatalog);
    if (!choice.sku.isEmpty())
        select(mSwitch, choice.sku);
    explainSwitch();
    followPowerChain();
}

void ReferenceDesignDialog::followPowerChain()
{
    const CatalogItem* server = mCatalog.item(mServer->currentData().toString());
    const bool accepts = server && server->acceptsPowerChain(PowerDistribution::Dc800V);
    mPowerChain->setEnabled(accepts);
    if (!accepts)
        select(mPowerChain, toString(PowerDistribution::Shelves54V));
}

void ReferenceDesignDialog::explainSwitch()
{
    mSwitchWhy->setText(switchReason());
}

QString ReferenceDesignDialog::switchReason() const
{
    const CatalogItem* server = mCatalog.item(mServer->currentData().toString());
    if (!server)
        return QString();
    const FabricSwitchChoice choice = FabricSwitchChoice::forServer(*server, mCatalog);
    if (choice.sku.isEmpty() || choice.sku == mSwitch->currentData().toString())
        return choice.sku.isEmpty() ? tr("Note: %1").arg(choice.why) : tr("For this server: %1").arg(choice.why);
    return tr("Your choice; the server's own would be %1").arg(choice.why);
}

GeneratorOptions ReferenceDesignDialog::options() const
{
    GeneratorOptions o;
    o.serverSku = mServer->currentData().toString();
    if (mSizeKind->currentData().toString() == QLatin1String("gpus"))
        o.gpus = mCount->value();
    else
        o.nodes = mCount->value();
    o.switchSku = mSwitch->currentData().toString();
    o.topology = TopologyKind(mTopology->currentData().toInt());
    if (const auto r = Oversubscription::parse(mOversubscription->currentText().trimmed()))
        o.oversubscription = *r;
    o.storageSku = mStorage->currentData().toString();
    o.storageTier = StorageTier(mStorageTier->currentData().toInt());
    o.rackPowerKw = mRackPower->value();
    o.keepEveryNode = mKeepAllNodes->isChecked();
    o.planes = mPlanes->value();
    o.suSize = mSuSize;
    o.name = mName->text().trimmed();
    const auto type = ClusterType(mClusterType->currentData().toInt());
    if (type != ClusterType::Unspecified) {
        DesignIntent intent;
        intent.clusterType = type;
        o.properties.insert(QStringLiteral("intent"), intent.toJson());
        o.properties.insert(QStringLiteral("stack"), SoftwareStack::defaultFor(type).toJson());
    }
    if (const auto mode = powerModeFromString(mPowerMode->currentData().toString()))
        o.properties = PowerFigures::withMode(o.properties, *mode);
    if (const auto chain = powerDistributionFromString(mPowerChain->currentData().toString()))
        o.properties = PowerFigures::withDistribution(o.properties, *chain);
    return o;
}

void ReferenceDesignDialog::schedulePreview()
{
    // Build stays available while the preview catches up: accept() runs the pending preview first
    // and refuses when the dials are bad, so pressing Enter right after typing still works.
    mButtons->button(QDialogButtonBox::Ok)->setEnabled(true);
    const int gpus
        = mSizeKind->currentData().toString() == QLatin1String("gpus") ? mCount->value() : mCount->value() * 8;
    mDebounce->start(gpus > 20000 ? 900 : 200);
}

bool ReferenceDesignDialog::previewPending() const
{
    return mDebounce->isActive() || mPreviewTask->isRunning();
}

ReferenceDesignDialog::PreviewResult ReferenceDesignDialog::buildPreview(
    const GeneratorOptions& dials, const Catalog& catalog, const std::function<bool()>& canceled)
{
    PreviewResult r;
    DesignOptions::Measured m = DesignOptions::measure(dials, catalog, canceled);
    if (!m.result.ok()) {
        r.error = asFields(m.result.error);
        return r;
    }
    r.counts = GeneratorPreview::of(*m.result.design);
    r.figures = std::move(m.option);
    r.figuresError = m.error;
    r.notes = m.result.notes;
    r.design = std::move(m.result.design);
    return r;
}

void ReferenceDesignDialog::updatePreview()
{
    mDebounce->stop();
    mPreviewTask->cancel();
    mPendingPreview.reset();
    if (!Oversubscription::parse(mOversubscription->currentText().trimmed())) {
        PreviewResult bad;
        bad.error
            = QStringLiteral("oversubscription takes D:U, e.g. 2:1 (got '%1')").arg(mOversubscription->currentText());
        showPreview(std::move(bad));
        return;
    }
    showPreview(buildPreview(options(), mCatalog, {}));
}

void ReferenceDesignDialog::startPreview()
{
    mDebounce->stop();
    if (!Oversubscription::parse(mOversubscription->currentText().trimmed())) {
        updatePreview(); // the error, at once: nothing to build
        return;
    }
    mPreviewState->setText(tr("Updating the preview…"));
    auto result = std::make_shared<PreviewResult>();
    mPendingPreview = result;
    // The worker reads a catalog of its own (a catalog's database belongs to the thread that
    // opened it) and fills `result` only; a newer start cancels this run and drops what it built.
    mPreviewTask->start([dials = options(), items = mCatalogItems, result](BackgroundTask::Control& control) {
        const std::unique_ptr<Catalog> catalog = Catalog::fromSnapshot(*items);
        *result = buildPreview(dials, *catalog, [&control] { return control.canceled(); });
    });
}

void ReferenceDesignDialog::showPreview(PreviewResult result)
{
    mPreview = std::move(result.counts);
    mFigures = std::move(result.figures);
    mDesign = std::move(result.design);
    mError = result.error;
    mErrorLabel->setToolTip(result.notes.isEmpty() ? QString() : asFields(result.notes.join(QLatin1Char('\n'))));
    mPreviewState->setText(
        result.figuresError.isEmpty() || !mDesign ? QString() : tr("No cost figures: %1").arg(result.figuresError));
    mPreviewLabel->setText(previewText());
    mPreviewPicture->setPixmap(previewPicture());
    mPreviewPicture->setVisible(mPreview.has_value());
    mErrorLabel->setText(mError);
    mErrorLabel->setVisible(!mError.isEmpty());
    mButtons->button(QDialogButtonBox::Ok)->setEnabled(canAccept() || previewPending());
    Q_EMIT previewUpdated();
    if (std::exchange(mAcceptWhenReady, false))
        accept();
}

QPixmap ReferenceDesignDialog::previewPicture() const
{
    if (!mPreview)
        return QPixmap();
    // The tiers as the counts beside the picture give them: above the fabric analysis's size
    // (options' limit) the option has no tier counts of its own.
    DesignOption tiers;
    tiers.leaves = mPreview->leaves;
    tiers.spines = mPreview->spines;
    tiers.cores = mPreview->cores;
    return tierPicture(tiers, QSize(260, 90));
}

QString ReferenceDesignDialog::previewText() const
{
    if (!mPreview)
        return tr("<i>no design for these dials</i>");
    const QLocale l;
    const GeneratorPreview& p = *mPreview;
    auto row = [&](const QString& what, int n) {
        return QStringLiteral("<tr><td>%1</td><td align='right'><b>%2</b></td></tr>").arg(what, l.toString(n));
    };
    auto figure = [](const QString& what, const QString& value) {
        return QStringLiteral("<tr><td>%1</td><td align='right'><b>%2</b></td></tr>").arg(what, value);
    };
    // A figure's detail on a line of its own under it, so the column stays narrow.
    auto detail = [](const QString& text) {
        return QStringLiteral("<tr><td colspan='2' style='color: palette(placeholder-text)'>&nbsp;&nbsp;%1</td></tr>")
            .arg(text);
    };
    QString figures;
    if (mFigures) {
        const DesignOption& o = *mFigures;
        const Money& usd = Money::usd();
        figures = figure(tr("Capital cost"), usd.exact(o.capex.mid))
            + detail(tr("band %1 to %2").arg(usd.exact(o.capex.low), usd.exact(o.capex.high)))
            + figure(tr("IT power"), tr("%1 kW").arg(l.toString(o.itKw, 'f', 1)))
            + figure(tr("Bisection"), o.bisectionRatio ? l.toString(*o.bisectionRatio, 'f', 3) : tr("not analysed"));
        const std::optional<DesignOption::WorstFailure>& worst = o.worstSingleFailure;
        if (worst && !worst->kind.isEmpty())
            figures += figure(tr("Worst single failure"), counted(worst->gpusCutOff, "GPU", "GPUs"))
                + detail(tr("cut off by the loss of %1 %2").arg(worst->kind, worst->entity.toHtmlEscaped()));
        else
            figures += figure(tr("Worst single failure"), worst ? tr("none") : tr("not analysed"));
        figures += QStringLiteral("<tr><td colspan='2'><hr/></td></tr>");
    }
    return QStringLiteral("<table cellspacing='4'>") + figures + row(tr("GPU servers"), p.gpuServers)
        + row(tr("GPUs"), p.gpus) + row(tr("Other servers"), p.servers - p.gpuServers)
        + row(tr("Leaf switches"), p.leaves) + row(tr("Spine switches"), p.spines) + row(tr("Core switches"), p.cores)
        + row(tr("All switches"), p.switches) + row(tr("Links"), p.links) + row(tr("Racks"), p.racks)
        + QStringLiteral("</table>");
}

bool ReferenceDesignDialog::canAccept() const
{
    return mDesign.has_value() && !previewPending();
}

std::optional<Design> ReferenceDesignDialog::takeDesign()
{
    std::optional<Design> d = std::move(mDesign);
    mDesign.reset();
    return d;
}

void ReferenceDesignDialog::accept()
{
    if (previewPending()) {
        // Never build something other than the dials show: build when their preview lands.
        mAcceptWhenReady = true;
        if (mDebounce->isActive())
            startPreview();
        mButtons->button(QDialogButtonBox::Ok)->setEnabled(false);
        return;
    }
    if (!canAccept())
        return;
    if (mPicked && pickStillApplies()) {
        // The proposal's "Options considered": what was weighed, and that the architect picked this.
        const OptionsConsidered record{
            mOptions, mPicked->name, OptionsConsidered::pickedWhy(*mPicked, mCheapest ? &*mCheapest : nullptr)};
        mDesign->setProperties(record.storedIn(mDesign->properties()));
    }
    remember(options());
    QDialog::accept();
}

void ReferenceDesignDialog::weighOptions()
{
    DesignOptions::Request request;
    request.base = options();
    request.base.switchSku.clear(); // every switch at the server's speed
    request.base.suSize = 0;
    request.asked = request.base.oversubscription;
    clearOptions();
    mWeigh->setEnabled(false);
    mOptionsStatus->setText(tr("Weighing the options…"));
    auto result = std::make_shared<DesignOptions>();
    // The work runs on a worker thread with a catalog of its own (a catalog's database belongs to
    // the thread that opened it) and fills `result` only.
    auto items = std::make_shared<const std::vector<CatalogItem>>(mCatalog.snapshot());
    mOptionsTask->start([request, result, items](BackgroundTask::Control&) {
        const std::unique_ptr<Catalog> catalog = Catalog::fromSnapshot(*items);
        *result = DesignOptions::of(request, *catalog);
    });
    // showOptions() reads the result when the task finishes (on this thread).
    mPendingOptions = result;
    mAskedText = request.asked.toString();
}

bool ReferenceDesignDialog::optionsPending() const
{
    return mOptionsTask->isRunning();
}

void ReferenceDesignDialog::clearOptions()
{
    if (mSettingOptions)
        return;
    mOptions.clear();
    mCheapest.reset();
    mPicked.reset();
    mSuSize = 0;
    mOptionsTable->setRowCount(0);
    mOptionsTable->setVisible(false);
    mOptionsStatus->clear();
}

void ReferenceDesignDialog::showOptions()
{
    const std::shared_ptr<DesignOptions> result = std::move(mPendingOptions);
    if (!result)
        return;
    mOptions = result->options;
    if (const DesignOption* c
        = result->cheapestMeeting(Oversubscription::parse(mAskedText).value_or(Oversubscription{})))
        mCheapest = *c;
    const QLocale l;
    const QSignalBlocker block(mOptionsTable);
    mOptionsTable->setRowCount(static_cast<int>(mOptions.size()));
    auto cell = [&](int row, int column, const QString& text, Qt::Alignment align = Qt::AlignRight | Qt::AlignVCenter) {
        auto* item = new QTableWidgetItem(text);
        item->setTextAlignment(align);
        mOptionsTable->setItem(row, column, item);
        return item;
    };
    for (size_t i = 0; i < mOptions.size(); ++i) {
        const DesignOption& o = mOptions[i];
        const int row = static_cast<int>(i);
        auto* picture = new QTableWidgetItem;
        picture->setData(Qt::DecorationRole, tierPicture(o, QSize(72, 40)));
        picture->setToolTip(ReportData::tierSwitches(o.leaves, o.spines, o.cores));
        mOptionsTable->setItem(row, 0, picture);
        const bool cheapest = mCheapest && mCheapest->name == o.name;
        cell(row, 1, o.name + (cheapest ? tr(" (cheapest at %1)").arg(mAskedText) : QString()),
            Qt::AlignLeft | Qt::AlignVCenter)
            ->setToolTip(tr("%1 %2, SU of %3 servers, %4 plane(s); pick the row to build it")
                             .arg(toString(o.arguments.topology), o.arguments.oversubscription.toString())
                             .arg(o.arguments.suSize)
                             .arg(o.arguments.planes));
        cell(row, 2, l.toCurrencyString(o.capex.mid, QStringLiteral("$"), 0))
            ->setToolTip(tr("%1 to %2")
                             .arg(l.toCurrencyString(o.capex.low, QStringLiteral("$"), 0),
                                 l.toCurrencyString(o.capex.high, QStringLiteral("$"), 0)));
        cell(row, 3, o.bisectionRatio ? l.toString(*o.bisectionRatio, 'f', 3) : QStringLiteral("–"));
        cell(row, 4,
            o.worstSingleFailure ? tr("%1 GPUs, bisection %2")
                                       .arg(o.worstSingleFailure->gpusCutOff)
                                       .arg(o.worstSingleFailure->bisectionLeft
                                               ? l.toString(*o.worstSingleFailure->bisectionLeft, 'f', 3)
                                               : QStringLiteral("–"))
                                 : QStringLiteral("–"),
            Qt::AlignLeft | Qt::AlignVCenter);
        cell(row, 5, l.toString(o.itKw, 'f', 1));
        cell(row, 6, l.toString(o.racks));
        cell(row, 7, l.toString(o.switches));
    }
    mOptionsTable->resizeColumnsToContents();
    mOptionsTable->setVisible(!mOptions.empty());
    mOptionsStatus->setText(mOptions.empty() ? result->error
                                             : tr("%1 options of %2 designs weighed in %3 s; pick one to build it")
                                                   .arg(mOptions.size())
                                                   .arg(result->considered.size())
                                                   .arg(l.toString(result->seconds, 'f', 1)));
    Q_EMIT optionsReady();
}

void ReferenceDesignDialog::pickOption(int row)
{
    if (row < 0 || row >= static_cast<int>(mOptions.size()))
        return;
    const DesignOption& pick = mOptions[static_cast<size_t>(row)];
    mSettingOptions = true;
    setOptions(pick.appliedTo(options()));
    mSettingOptions = false;
    mPicked = pick;
    {
        const QSignalBlocker block(mOptionsTable);
        mOptionsTable->selectRow(row);
    }
}

bool ReferenceDesignDialog::pickStillApplies() const
{
    return mPicked->isAskedBy(options());
}

} // namespace pw::ui

namespace pw::ui {

namespace {
const QString kRememberedKey = QStringLiteral("wizards/referenceDesign");
} // namespace

void ReferenceDesignDialog::remember(const GeneratorOptions& o)
{
    const QJsonObject json{{QStringLiteral("server"), o.serverSku}, {QStringLiteral("nodes"), o.nodes},
        {QStringLiteral("gpus"), o.gpus}, {QStringLiteral("switch"), o.switchSku},
        {QStringLiteral("topology"), toString(o.topology)},
        {QStringLiteral("oversubscription"), o.oversubscription.toString()}, {QStringLiteral("storage"), o.storageSku},
        {QStringLiteral("storage_tier"), toString(o.storageTier)}, {QStringLiteral("rack_power_kw"), o.rackPowerKw},
        {QStringLiteral("planes"), o.planes}, {QStringLiteral("su_size"), o.suSize},
        {QStringLiteral("keep_every_node"), o.keepEveryNode},
        {QStringLiteral("cluster_type"), toString(DesignIntent::ofProperties(o.properties).clusterType)},
        {QStringLiteral("power_mode"), toString(PowerFigures::modeOf(o.properties))},
        {QStringLiteral("power_chain"), toString(PowerFigures::distributionOf(o.properties))},
        {QStringLiteral("name"), o.name}};
    QSettings().setValue(kRememberedKey, QString::fromUtf8(QJsonDocument(json).toJson(QJsonDocument::Compact)));
}

std::optional<GeneratorOptions> ReferenceDesignDialog::rememberedOptions()
{
    const QJsonObject json = QJsonDocument::fromJson(QSettings().value(kRememberedKey).toString().toUtf8()).object();
    if (json.isEmpty())
        return std::nullopt;
    GeneratorOptions o;
    o.serverSku = json.value(QLatin1String("server")).toString();
    o.nodes = json.value(QLatin1String("nodes")).toInt();
    o.gpus = json.value(QLatin1String("gpus")).toInt();
    o.switchSku = json.value(QLatin1String("switch")).toString();
    o.topology = topologyKindFromString(json.value(QLatin1String("topology")).toString()).value_or(o.topology);
    o.oversubscription = Oversubscription::parse(json.value(QLatin1String("oversubscription")).toString())
                             .value_or(o.oversubscription);
    o.storageSku = json.value(QLatin1String("storage")).toString();
    o.storageTier = storageTierFromString(json.value(QLatin1String("storage_tier")).toString()).value_or(o.storageTier);
    o.rackPowerKw = json.value(QLatin1String("rack_power_kw")).toDouble();
    o.planes = std::clamp(json.value(QLatin1String("planes")).toInt(0), 0, 8);
    o.suSize = std::max(0, json.value(QLatin1String("su_size")).toInt(0));
    o.keepEveryNode = json.value(QLatin1String("keep_every_node")).toBool(false);
    if (const auto type = clusterTypeFromString(json.value(QLatin1String("cluster_type")).toString());
        type && *type != ClusterType::Unspecified) {
        DesignIntent intent;
        intent.clusterType = *type;
        o.properties.insert(QStringLiteral("intent"), intent.toJson());
    }
    if (const auto mode = powerModeFromString(json.value(QLatin1String("power_mode")).toString()))
        o.properties = PowerFigures::withMode(o.properties, *mode);
    if (const auto chain = powerDistributionFromString(json.value(QLatin1String("power_chain")).toString()))
        o.properties = PowerFigures::withDistribution(o.properties, *chain);
    o.name = json.value(QLatin1String("name")).toString();
    return o;
}

} // namespace pw::ui
