#include "referencedesigndialog.h"

#include "catalog/catalog.h"
#include "generate/fabricgenerator.h"
#include "model/designintent.h"
#include "model/designsummary.h"
#include "model/softwarestack.h"
#include "model/useroption.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

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

} // namespace

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
      mErrorLabel(new QLabel(this)),
      mButtons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)),
      mDebounce(new QTimer(this))
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
    mName->setObjectName(QStringLiteral("designName"));
    mPreviewLabel->setObjectName(QStringLiteral("preview"));
    mErrorLabel->setObjectName(QStringLiteral("generatorError"));

    fillItems(mServer, catalog, ItemKind::Server, true);
    fillItems(mSwitch, catalog, ItemKind::Switch);
    mSizeKind->addItem(tr("GPUs"), QStringLiteral("gpus"));
    mSizeKind->addItem(tr("Servers"), QStringLiteral("nodes"));
    mCount->setRange(0, 1'000'000);
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
    if (const CatalogItem* fabric = catalog.withRole(ItemRole::DefaultFabricSwitch))
        select(mSwitch, fabric->sku);

    auto* dials = new QGroupBox(tr("Dials"), this);
    auto* form = new QFormLayout(dials);
    form->addRow(tr("&Server:"), mServer);
    auto* size = new QHBoxLayout;
    size->addWidget(mCount, 1);
    size->addWidget(mSizeKind);
    form->addRow(tr("Size:"), size);
    form->addRow(tr("S&witch:"), mSwitch);
    form->addRow(tr("&Topology:"), mTopology);
    form->addRow(tr("&Oversubscription:"), mOversubscription);
    form->addRow(tr("&Planes:"), mPlanes);
    form->addRow(tr("St&orage:"), mStorage);
    form->addRow(tr("Storage t&ier:"), mStorageTier);
    form->addRow(tr("&Rack power budget:"), mRackPower);
    form->addRow(QString(), mKeepAllNodes);
    form->addRow(tr("&Cluster type:"), mClusterType);
    form->addRow(tr("&Name:"), mName);

    auto* previewBox = new QGroupBox(tr("Preview"), this);
    auto* pv = new QVBoxLayout(previewBox);
    mPreviewLabel->setTextFormat(Qt::RichText);
    mPreviewLabel->setMinimumWidth(260);
    mPreviewLabel->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    mErrorLabel->setWordWrap(true);
    mErrorLabel->setStyleSheet(QStringLiteral("color: #c62828"));
    pv->addWidget(mPreviewLabel);
    pv->addWidget(mErrorLabel);
    pv->addStretch(1);

    auto* columns = new QHBoxLayout;
    columns->addWidget(dials, 3);
    columns->addWidget(previewBox, 2);
    auto* root = new QVBoxLayout(this);
    root->addLayout(columns);
    mButtons->button(QDialogButtonBox::Ok)->setText(tr("Build"));
    root->addWidget(mButtons);
    connect(mButtons, &QDialogButtonBox::accepted, this, &ReferenceDesignDialog::accept);
    connect(mButtons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    mDebounce->setSingleShot(true);
    connect(mDebounce, &QTimer::timeout, this, &ReferenceDesignDialog::updatePreview);
    for (QComboBox* box : {mServer, mSizeKind, mSwitch, mTopology, mStorage, mStorageTier, mClusterType})
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
        QSignalBlocker(mClusterType), QSignalBlocker(mName), QSignalBlocker(mPlanes)};
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
    mName->setText(o.name);
    updatePreview();
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
    o.name = mName->text().trimmed();
    const auto type = ClusterType(mClusterType->currentData().toInt());
    if (type != ClusterType::Unspecified) {
        DesignIntent intent;
        intent.clusterType = type;
        o.properties.insert(QStringLiteral("intent"), intent.toJson());
        o.properties.insert(QStringLiteral("stack"), SoftwareStack::defaultFor(type).toJson());
    }
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
    return mDebounce->isActive();
}

void ReferenceDesignDialog::updatePreview()
{
    mDebounce->stop();
    mPreview.reset();
    mDesign.reset();
    mError.clear();
    if (!Oversubscription::parse(mOversubscription->currentText().trimmed())) {
        mError
            = QStringLiteral("oversubscription takes D:U, e.g. 2:1 (got '%1')").arg(mOversubscription->currentText());
    } else {
        GenerateResult r = FabricGenerator::generate(options(), mCatalog);
        if (r.ok()) {
            mPreview = GeneratorPreview::of(*r.design);
            mDesign = std::move(r.design);
            if (!r.notes.isEmpty())
                mErrorLabel->setToolTip(asFields(r.notes.join(QLatin1Char('\n'))));
        } else {
            mError = asFields(r.error);
        }
    }
    mPreviewLabel->setText(previewText());
    mErrorLabel->setText(mError);
    mErrorLabel->setVisible(!mError.isEmpty());
    mButtons->button(QDialogButtonBox::Ok)->setEnabled(canAccept());
    Q_EMIT previewUpdated();
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
    return QStringLiteral("<table cellspacing='4'>") + row(tr("GPU servers"), p.gpuServers) + row(tr("GPUs"), p.gpus)
        + row(tr("Other servers"), p.servers - p.gpuServers) + row(tr("Leaf switches"), p.leaves)
        + row(tr("Spine switches"), p.spines) + row(tr("Core switches"), p.cores) + row(tr("All switches"), p.switches)
        + row(tr("Links"), p.links) + row(tr("Racks"), p.racks) + QStringLiteral("</table>");
}

bool ReferenceDesignDialog::canAccept() const
{
    return mDesign.has_value() && !mDebounce->isActive();
}

std::optional<Design> ReferenceDesignDialog::takeDesign()
{
    std::optional<Design> d = std::move(mDesign);
    mDesign.reset();
    return d;
}

void ReferenceDesignDialog::accept()
{
    if (mDebounce->isActive())
        updatePreview(); // never build something other than the dials show
    if (!canAccept())
        return;
    remember(options());
    QDialog::accept();
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
        {QStringLiteral("planes"), o.planes},
        {QStringLiteral("cluster_type"), toString(DesignIntent::ofProperties(o.properties).clusterType)}};
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
    if (const auto type = clusterTypeFromString(json.value(QLatin1String("cluster_type")).toString());
        type && *type != ClusterType::Unspecified) {
        DesignIntent intent;
        intent.clusterType = *type;
        o.properties.insert(QStringLiteral("intent"), intent.toJson());
    }
    return o;
}

} // namespace pw::ui
