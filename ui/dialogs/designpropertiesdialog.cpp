#include "dialogs/designpropertiesdialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace pw {

namespace {

QGroupBox* checkGroup(
    const QString& title, const QStringList& ids, std::vector<std::pair<QString, QCheckBox*>>& boxes, QWidget* parent)
{
    auto* group = new QGroupBox(title, parent);
    auto* layout = new QVBoxLayout(group);
    for (const QString& id : ids) {
        auto* box = new QCheckBox(softwareComponentName(id), group);
        layout->addWidget(box);
        boxes.emplace_back(id, box);
    }
    return group;
}

QStringList checked(const std::vector<std::pair<QString, QCheckBox*>>& boxes)
{
    QStringList out;
    for (const auto& [id, box] : boxes)
        if (box->isChecked())
            out << id;
    return out;
}

void check(std::vector<std::pair<QString, QCheckBox*>>& boxes, const QStringList& ids)
{
    for (auto& [id, box] : boxes)
        box->setChecked(ids.contains(id));
}

} // namespace

DesignPropertiesDialog::DesignPropertiesDialog(const QJsonObject& properties, QWidget* parent)
    : QDialog(parent),
      mProperties(properties),
      mIntent(DesignIntent::ofProperties(properties)),
      mStack(SoftwareStack::ofProperties(properties)),
      mShownType(mIntent.clusterType)
{
    setWindowTitle(tr("Design properties"));
    auto* root = new QVBoxLayout(this);

    auto* nameBox = new QGroupBox(tr("Design"), this);
    auto* nameForm = new QFormLayout(nameBox);
    mName = new QLineEdit(nameBox);
    mName->setObjectName(QStringLiteral("designName"));
    mName->setPlaceholderText(tr("a name is required"));
    mName->setToolTip(tr("Shown in the window title and on the proposal's title page."));
    nameForm->addRow(tr("Name:"), mName);
    root->addWidget(nameBox);

    auto* intentBox = new QGroupBox(tr("Cluster"), this);
    auto* form = new QFormLayout(intentBox);
    mType = new QComboBox(intentBox);
    for (ClusterType t : {ClusterType::Unspecified, ClusterType::Training, ClusterType::Inference, ClusterType::Mixed,
             ClusterType::Development})
        mType->addItem(toString(t), static_cast<int>(t));
    mType->setCurrentIndex(mType->findData(static_cast<int>(mIntent.clusterType)));
    form->addRow(tr("Cluster type:"), mType);
    mUsers = new QSpinBox(intentBox);
    mUsers->setRange(0, 100000);
    mUsers->setSpecialValueText(tr("not stated"));
    mUsers->setValue(mIntent.users.value_or(0));
    form->addRow(tr("Users or teams:"), mUsers);
    mShare = new QDoubleSpinBox(intentBox);
    mShare->setRange(0, 1);
    mShare->setSingleStep(0.05);
    mShare->setDecimals(2);
    mShare->setValue(mIntent.inferenceShare.value_or(0.25));
    mShare->setToolTip(tr("Mixed clusters: the share of GPUs a reservation keeps for inference serving."));
    form->addRow(tr("Inference share (mixed):"), mShare);
    root->addWidget(intentBox);

    auto* stackBox = new QGroupBox(tr("Software stack"), this);
    auto* stackForm = new QFormLayout(stackBox);
    mScheduler = new QComboBox(stackBox);
    for (Scheduler s : {Scheduler::None, Scheduler::Slurm, Scheduler::PbsPro})
        mScheduler->addItem(toString(s), static_cast<int>(s));
    mPriority = new QCheckBox(tr("priority queues"), stackBox);
    mReservations = new QCheckBox(tr("reservations / partitions"), stackBox);
    auto* schedRow = new QHBoxLayout;
    schedRow->addWidget(mScheduler);
    schedRow->addWidget(mPriority);
    schedRow->addWidget(mReservations);
    stackForm->addRow(tr("Job scheduler:"), schedRow);
    mOrchestration = new QComboBox(stackBox);
    for (Orchestration o : {Orchestration::None, Orchestration::Kubernetes})
        mOrchestration->addItem(toString(o), static_cast<int>(o));
    mGpuOperator = new QCheckBox(tr("NVIDIA GPU Operator"), stackBox);
    mAutoscaling = new QCheckBox(tr("autoscaling"), stackBox);
    auto* orchRow = new QHBoxLayout;
    orchRow->addWidget(mOrchestration);
    orchRow->addWidget(mGpuOperator);
    orchRow->addWidget(mAutoscaling);
    stackForm->addRow(tr("Orchestration:"), orchRow);
    mBcm = new QCheckBox(tr("NVIDIA Base Command Manager"), stackBox);
    stackForm->addRow(QString(), mBcm);
    auto* lists = new QHBoxLayout;
    lists->addWidget(checkGroup(tr("Training frameworks"), SoftwareStack::knownFrameworks(), mFrameworks, stackBox));
    lists->addWidget(checkGroup(tr("Monitoring"), SoftwareStack::knownMonitoring(), mMonitoring, stackBox));
    lists->addWidget(checkGroup(tr("Development"), SoftwareStack::knownDevTools(), mDevTools, stackBox));
    stackForm->addRow(lists);
    auto* defaults = new QPushButton(tr("Use the cluster type's default stack"), stackBox);
    stackForm->addRow(QString(), defaults);
    mRoles = new QLabel(stackBox);
    mRoles->setWordWrap(true);
    stackForm->addRow(tr("Management servers:"), mRoles);
    root->addWidget(stackBox);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    root->addWidget(buttons);
    mOk = buttons->button(QDialogButtonBox::Ok);
    connect(mName, &QLineEdit::textChanged, this, [this] { updateState(); });
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(
        defaults, &QPushButton::clicked, this, [this] { showStack(SoftwareStack::defaultFor(intent().clusterType)); });
    connect(mType, &QComboBox::currentIndexChanged, this, [this] { typeChanged(); });
    for (QComboBox* c : {mScheduler, mOrchestration})
        connect(c, &QComboBox::currentIndexChanged, this, [this] { updateState(); });
    for (QCheckBox* b : {mPriority, mReservations, mGpuOperator, mAutoscaling, mBcm})
        connect(b, &QCheckBox::toggled, this, [this] { updateState(); });
    for (auto* boxes : {&mFrameworks, &mMonitoring, &mDevTools})
        for (auto& entry : *boxes)
            connect(entry.second, &QCheckBox::toggled, this, [this] { updateState(); });
    showStack(mStack);
}

void DesignPropertiesDialog::showStack(const SoftwareStack& stack)
{
    mScheduler->setCurrentIndex(mScheduler->findData(static_cast<int>(stack.scheduler)));
    mPriority->setChecked(stack.priorityQueues);
    mReservations->setChecked(stack.reservations);
    mOrchestration->setCurrentIndex(mOrchestration->findData(static_cast<int>(stack.orchestration)));
    mGpuOperator->setChecked(stack.gpuOperator);
    mAutoscaling->setChecked(stack.autoscaling);
    mBcm->setChecked(stack.baseCommandManager);
    check(mFrameworks, stack.frameworks);
    check(mMonitoring, stack.monitoring);
    check(mDevTools, stack.devTools);
    updateState();
}

void DesignPropertiesDialog::typeChanged()
{
    // A stack still at the old type's default follows the new type; a customised one stays.
    const ClusterType now = intent().clusterType;
    if (stack() == SoftwareStack::defaultFor(mShownType))
        showStack(SoftwareStack::defaultFor(now));
    mShownType = now;
    updateState();
}

void DesignPropertiesDialog::updateState()
{
    const bool scheduler = mScheduler->currentData().toInt() != static_cast<int>(Scheduler::None);
    const bool kubernetes = mOrchestration->currentData().toInt() == static_cast<int>(Orchestration::Kubernetes);
    mPriority->setEnabled(scheduler);
    mReservations->setEnabled(scheduler);
    mGpuOperator->setEnabled(kubernetes);
    mAutoscaling->setEnabled(kubernetes);
    mShare->setEnabled(intent().clusterType == ClusterType::Mixed);
    if (mOk)
        mOk->setEnabled(!designName().isEmpty());
    QStringList roles;
    for (const ManagementRole& r : managementRoles(stack(), 0))
        roles << QStringLiteral("%1 x %2").arg(r.count).arg(r.id);
    mRoles->setText(
        roles.isEmpty() ? tr("none") : roles.join(QStringLiteral(", ")) + tr(" (estimates; placed by Generate)"));
}

void DesignPropertiesDialog::setDesignName(const QString& name)
{
    mName->setText(name);
}

QString DesignPropertiesDialog::designName() const
{
    return mName->text().trimmed();
}

DesignIntent DesignPropertiesDialog::intent() const
{
    DesignIntent i = mIntent;
    i.clusterType = static_cast<ClusterType>(mType->currentData().toInt());
    i.users = mUsers->value() > 0 ? std::optional<int>(mUsers->value()) : std::nullopt;
    i.inferenceShare = i.clusterType == ClusterType::Mixed ? std::optional<double>(mShare->value()) : std::nullopt;
    return i;
}

SoftwareStack DesignPropertiesDialog::stack() const
{
    SoftwareStack s;
    s.extra = mStack.extra;
    s.scheduler = static_cast<Scheduler>(mScheduler->currentData().toInt());
    s.priorityQueues = s.scheduler != Scheduler::None && mPriority->isChecked();
    s.reservations = s.scheduler != Scheduler::None && mReservations->isChecked();
    s.orchestration = static_cast<Orchestration>(mOrchestration->currentData().toInt());
    s.gpuOperator = s.orchestration != Orchestration::None && mGpuOperator->isChecked();
    s.autoscaling = s.orchestration != Orchestration::None && mAutoscaling->isChecked();
    s.baseCommandManager = mBcm->isChecked();
    s.frameworks = checked(mFrameworks);
    s.monitoring = checked(mMonitoring);
    s.devTools = checked(mDevTools);
    return s;
}

QJsonObject DesignPropertiesDialog::properties() const
{
    QJsonObject p = mProperties;
    const QJsonObject i = intent().toJson();
    if (i.isEmpty())
        p.remove(QStringLiteral("intent"));
    else
        p.insert(QStringLiteral("intent"), i);
    // Store the stack only when it differs from what the design already runs, so opening and
    // closing the dialog on a design without a stored stack changes nothing.
    const SoftwareStack s = stack();
    if (SoftwareStack::isStored(mProperties) || !(s == SoftwareStack::defaultFor(intent().clusterType)))
        p.insert(QStringLiteral("stack"), s.toJson());
    return p;
}

} // namespace pw
