#pragma once

#include "util/strongid.h"

#include <QWidget>

#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QStackedWidget;
class QTreeWidget;

namespace pw::ui {

class CanvasScene;

// Properties of the selection: a node (model, ports and their links, power, price, rack; name,
// network (switches), price override, rack and U are editable through EditNodesCommand), several
// nodes (totals), a link bundle (cable type, filtered to what fits its ports, and length, edited
// through EditLinkCommand on every link of the bundle in one step; a fibre brings its transceivers)
// or a group (name; for a rack also its model, power budget and liquid cooling, through
// EditGroupCommand; collapse). Reads the model on every change.
class InspectorWidget : public QWidget {
    Q_OBJECT
public:
    explicit InspectorWidget(CanvasScene* scene, QWidget* parent = nullptr);

    void refresh();
    [[nodiscard]] QLineEdit* nameEdit() const { return mName; }
    [[nodiscard]] QDoubleSpinBox* lengthSpin() const { return mLength; }
    [[nodiscard]] QComboBox* cableCombo() const { return mCable; }
    [[nodiscard]] QComboBox* rackCombo() const { return mRack; }
    [[nodiscard]] QDoubleSpinBox* priceSpin() const { return mPrice; }
    [[nodiscard]] QCheckBox* priceOverrideCheck() const { return mPriceOverride; }
    [[nodiscard]] QTreeWidget* portTree() const { return mPorts; }
    [[nodiscard]] QComboBox* networkCombo() const { return mNetwork; }
    [[nodiscard]] QSpinBox* rackUnitSpin() const { return mRackUnit; }
    [[nodiscard]] QComboBox* rackModelCombo() const { return mRackModel; }
    [[nodiscard]] QDoubleSpinBox* powerBudgetSpin() const { return mBudget; }
    [[nodiscard]] QCheckBox* liquidCooledCheck() const { return mLiquid; }
    // The node page's specification lines (GPUs, NVLink domain, switch, height, tier).
    [[nodiscard]] QString specsText() const;

private:
    QWidget* buildNodePage();
    QWidget* buildLinkPage();
    QWidget* buildGroupPage();
    void showNode(NodeId id);
    void showNodes(const std::vector<NodeId>& ids);
    void showLinks(const std::vector<LinkId>& ids);
    void showGroup(GroupId id);
    void commitNode();
    void commitLinks();
    void commitGroup();
    void commitNetwork();
    void refuse(const QString& reason);

    CanvasScene* mScene;
    QStackedWidget* mStack;
    QLabel* mEmpty;
    QLabel* mMulti;
    // node page
    QLabel* mTitle;
    QLineEdit* mName;
    QLabel* mModel;
    QLabel* mSpecs;
    QLabel* mPower;
    QLabel* mCatalogPrice;
    QCheckBox* mPriceOverride;
    QDoubleSpinBox* mPrice;
    QComboBox* mNetwork;
    QComboBox* mRack;
    QSpinBox* mRackUnit;
    QTreeWidget* mPorts;
    // link page
    QLabel* mLinkTitle;
    QLabel* mLinkInfo;
    QComboBox* mCable;
    QDoubleSpinBox* mLength;
    // group page
    QLabel* mGroupTitle;
    QLineEdit* mGroupName;
    QLabel* mGroupInfo;
    QWidget* mRackFields;
    QComboBox* mRackModel;
    QDoubleSpinBox* mBudget;
    QCheckBox* mLiquid;
    QPushButton* mCollapse;

    NodeId mNode;
    std::vector<LinkId> mLinks;
    GroupId mGroup;
    bool mRefreshing = false;
};

} // namespace pw::ui
