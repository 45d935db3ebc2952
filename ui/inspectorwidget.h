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
// price override and rack are editable through EditNodesCommand), several nodes (totals), a link
// bundle (cable type and length, edited through EditLinkCommand on every link of the bundle in
// one step) or a group (name through EditGroupCommand, collapse). Reads the model on every change.
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
    QPushButton* mCollapse;

    NodeId mNode;
    std::vector<LinkId> mLinks;
    GroupId mGroup;
    bool mRefreshing = false;
};

} // namespace pw::ui
