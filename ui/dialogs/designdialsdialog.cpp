#include "designdialsdialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>
#include <QVBoxLayout>

namespace pw::ui {

DesignDialsDialog::DesignDialsDialog(const DesignDials& current, QWidget* parent)
    : QDialog(parent),
      mCurrent(current),
      mNodes(new QSpinBox(this)),
      mOversubscription(new QComboBox(this)),
      mStorageTier(new QComboBox(this)),
      mClusterType(new QComboBox(this)),
      mKeepEveryNode(new QCheckBox(tr("Add a scalable unit for the UFM instead of giving it a server's slot"), this))
{
    setWindowTitle(tr("Change Design Dials"));
    mNodes->setObjectName(QStringLiteral("nodes"));
    mNodes->setRange(1, 100'000);
    mNodes->setValue(current.nodes);
    mOversubscription->setObjectName(QStringLiteral("oversubscription"));
    mOversubscription->setEditable(true);
    mOversubscription->addItems(
        {QStringLiteral("1:1"), QStringLiteral("2:1"), QStringLiteral("3:1"), QStringLiteral("4:1")});
    mOversubscription->setCurrentText(current.oversubscription.toString());
    mStorageTier->setObjectName(QStringLiteral("storageTier"));
    for (StorageTier t : {StorageTier::Good, StorageTier::Better, StorageTier::Best})
        mStorageTier->addItem(toString(t), int(t));
    mStorageTier->setCurrentIndex(mStorageTier->findData(int(current.storageTier)));
    mStorageTier->setEnabled(current.hasStorage);
    mClusterType->setObjectName(QStringLiteral("clusterType"));
    for (ClusterType t : {ClusterType::Unspecified, ClusterType::Training, ClusterType::Inference, ClusterType::Mixed,
             ClusterType::Development})
        mClusterType->addItem(toString(t), int(t));
    mClusterType->setCurrentIndex(mClusterType->findData(int(current.clusterType)));
    mKeepEveryNode->setObjectName(QStringLiteral("keepEveryNode"));
    mKeepEveryNode->setChecked(current.keepEveryNode);

    auto* form = new QFormLayout;
    form->addRow(tr("&GPU servers:"), mNodes);
    form->addRow(tr("&Oversubscription (leaf down:up):"), mOversubscription);
    form->addRow(tr("&Storage tier:"), mStorageTier);
    form->addRow(tr("Cluster &type:"), mClusterType);
    form->addRow(QString(), mKeepEveryNode);
    auto* note = new QLabel(tr("The design is rebuilt by the generator with these dials as one step (Ctrl+Z "
                               "undoes it). Hand edits made since it was generated are replaced."),
        this);
    note->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(note);
    layout->addWidget(buttons);
}

DesignDials DesignDialsDialog::dials() const
{
    DesignDials d = mCurrent;
    d.nodes = mNodes->value();
    if (const auto r = Oversubscription::parse(mOversubscription->currentText().trimmed()))
        d.oversubscription = *r;
    d.storageTier = StorageTier(mStorageTier->currentData().toInt());
    d.clusterType = ClusterType(mClusterType->currentData().toInt());
    d.keepEveryNode = mKeepEveryNode->isChecked();
    return d;
}

} // namespace pw::ui
