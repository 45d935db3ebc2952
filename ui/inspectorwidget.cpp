#include "inspectorwidget.h"

#include "canvasscene.h"
#include "designdocument.h"
#include "itemstyle.h"

#include "catalog/catalog.h"
#include "commands/compositecommand.h"
#include "commands/editlinkcommand.h"
#include "commands/editnodecommand.h"
#include "commands/groupcommand.h"
#include "commands/recorditemcommand.h"
#include "cost/powerfigures.h"
#include "facility/powerchain.h"
#include "generate/linkcabling.h"
#include "model/design.h"
#include "model/networkchoice.h"
#include "model/nvlinkdomains.h"
#include "util/money.h"
#include "util/plural.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QStackedWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <set>

namespace pw::ui {

namespace {

QLabel* wrapLabel(QWidget* parent)
{
    auto* l = new QLabel(parent);
    l->setWordWrap(true);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return l;
}

QString money(double usd)
{
    return Money::usd().exact(usd);
}

} // namespace

InspectorWidget::InspectorWidget(CanvasScene* scene, QWidget* parent)
    : QWidget(parent), mScene(scene), mStack(new QStackedWidget(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(mStack);
    mEmpty = wrapLabel(this);
    mEmpty->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    mEmpty->setText(tr("Nothing selected.\n\nClick a node, a link or a group title to see its properties. "
                       "Drag items from the catalog onto the canvas; press C to connect."));
    mMulti = wrapLabel(this);
    mMulti->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    mStack->addWidget(mEmpty);
    mStack->addWidget(buildNodePage());
    mStack->addWidget(mMulti);
    mStack->addWidget(buildLinkPage());
    mStack->addWidget(buildGroupPage());
    connect(scene, &CanvasScene::selectionStateChanged, this, &InspectorWidget::refresh);
    refresh();
}

QWidget* InspectorWidget::buildNodePage()
{
    auto* page = new QWidget(this);
    auto* form = new QFormLayout(page);
    form->setContentsMargins(0, 0, 0, 0);
    mTitle = new QLabel(page);
    QFont f = mTitle->font();
    f.setBold(true);
    f.setPointSizeF(f.pointSizeF() + 1);
    mTitle->setFont(f);
    form->addRow(mTitle);
    mName = new QLineEdit(page);
    form->addRow(tr("Name"), mName);
    mModel = wrapLabel(page);
    form->addRow(tr("Model"), mModel);
    mSpecs = wrapLabel(page);
    form->addRow(tr("Specs"), mSpecs);
    mNetwork = new QComboBox(page);
    mNetwork->setObjectName(QStringLiteral("networkCombo"));
    for (Network n : {Network::Compute, Network::Storage, Network::InBand, Network::OutOfBand})
        mNetwork->addItem(ItemStyle::networkLabel(n), int(n));
    mNetwork->setToolTip(tr("The network this switch serves: its data ports join host ports of that role"));
    form->addRow(tr("Network"), mNetwork);
    mPower = wrapLabel(page);
    form->addRow(tr("Power"), mPower);
    mCatalogPrice = wrapLabel(page);
    form->addRow(tr("Catalog price"), mCatalogPrice);
    auto* priceRow = new QWidget(page);
    auto* priceLayout = new QHBoxLayout(priceRow);
    priceLayout->setContentsMargins(0, 0, 0, 0);
    mPriceOverride = new QCheckBox(tr("Override"), priceRow);
    mPrice = new QDoubleSpinBox(priceRow);
    mPrice->setRange(0, 1e9);
    mPrice->setDecimals(0);
    mPrice->setPrefix(QStringLiteral("$"));
    mPrice->setGroupSeparatorShown(true);
    mPrice->setKeyboardTracking(false);
    priceLayout->addWidget(mPriceOverride);
    priceLayout->addWidget(mPrice, 1);
    form->addRow(tr("Price"), priceRow);
    mRack = new QComboBox(page);
    form->addRow(tr("Rack"), mRack);
    mRackUnit = new QSpinBox(page);
    mRackUnit->setRange(0, 60);
    mRackUnit->setSpecialValueText(tr("not placed"));
    mRackUnit->setKeyboardTracking(false);
    form->addRow(tr("Rack unit (U)"), mRackUnit);
    mPorts = new QTreeWidget(page);
    mPorts->setColumnCount(2);
    mPorts->setHeaderLabels({tr("Port"), tr("Link")});
    mPorts->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    mPorts->setMinimumHeight(160);
    form->addRow(mPorts);

    connect(mName, &QLineEdit::editingFinished, this, &InspectorWidget::commitNode);
    connect(mPriceOverride, &QCheckBox::toggled, this, [this](bool on) {
        mPrice->setEnabled(on);
        commitNode();
    });
    connect(mPrice, &QDoubleSpinBox::valueChanged, this, &InspectorWidget::commitNode);
    connect(mRack, &QComboBox::activated, this, &InspectorWidget::commitNode);
    connect(mNetwork, &QComboBox::activated, this, &InspectorWidget::commitNetwork);
    connect(mRackUnit, &QSpinBox::valueChanged, this, &InspectorWidget::commitNode);
    return page;
}

QWidget* InspectorWidget::buildLinkPage()
{
    auto* page = new QWidget(this);
    auto* form = new QFormLayout(page);
    form->setContentsMargins(0, 0, 0, 0);
    mLinkTitle = new QLabel(page);
    QFont f = mLinkTitle->font();
    f.setBold(true);
    mLinkTitle->setFont(f);
    form->addRow(mLinkTitle);
    mLinkInfo = wrapLabel(page);
    form->addRow(mLinkInfo);
    mCable = new QComboBox(page);
    form->addRow(tr("Cable"), mCable);
    mLength = new QDoubleSpinBox(page);
    mLength->setRange(0, 10000);
    mLength->setDecimals(1);
    mLength->setSuffix(tr(" m"));
    mLength->setKeyboardTracking(false);
    form->addRow(tr("Length"), mLength);
    connect(mCable, &QComboBox::activated, this, &InspectorWidget::commitLinks);
    connect(mLength, &QDoubleSpinBox::valueChanged, this, &InspectorWidget::commitLinks);
    return page;
}

QWidget* InspectorWidget::buildGroupPage()
{
    auto* page = new QWidget(this);
    auto* form = new QFormLayout(page);
    form->setContentsMargins(0, 0, 0, 0);
    mGroupTitle = new QLabel(page);
    QFont f = mGroupTitle->font();
    f.setBold(true);
    mGroupTitle->setFont(f);
    form->addRow(mGroupTitle);
    mGroupName = new QLineEdit(page);
    form->addRow(tr("Name"), mGroupName);
    mGroupInfo = wrapLabel(page);
    form->addRow(mGroupInfo);
    mRackFields = new QWidget(page);
    auto* rackForm = new QFormLayout(mRackFields);
    rackForm->setContentsMargins(0, 0, 0, 0);
    mRackModel = new QComboBox(mRackFields);
    rackForm->addRow(tr("Model"), mRackModel);
    mBudget = new QDoubleSpinBox(mRackFields);
    mBudget->setRange(0, 10000);
    mBudget->setDecimals(1);
    mBudget->setSuffix(tr(" kW"));
    mBudget->setSpecialValueText(tr("no budget"));
    mBudget->setKeyboardTracking(false);
    mBudget->setToolTip(tr("The power the rack's feeds and cooling can take; POWER-RACK warns above it"));
    rackForm->addRow(tr("Power budget"), mBudget);
    mLiquid = new QCheckBox(tr("Liquid-cooled row"), mRackFields);
    mLiquid->setToolTip(tr("The rack has liquid cooling: liquid-cooled systems (NVL72) may go in it"));
    rackForm->addRow(tr("Cooling"), mLiquid);
    form->addRow(mRackFields);
    mCollapse = new QPushButton(page);
    form->addRow(mCollapse);
    connect(mGroupName, &QLineEdit::editingFinished, this, &InspectorWidget::commitGroup);
    connect(mRackModel, &QComboBox::activated, this, &InspectorWidget::commitGroup);
    connect(mBudget, &QDoubleSpinBox::valueChanged, this, &InspectorWidget::commitGroup);
    connect(mLiquid, &QCheckBox::toggled, this, &InspectorWidget::commitGroup);
    connect(mCollapse, &QPushButton::clicked, this, [this] { mScene->toggleCollapsed(mGroup); });
    return page;
}

void InspectorWidget::refresh()
{
    mRefreshing = true;
    const std::vector<NodeId> nodes = mScene->selectedNodeIds();
    const std::vector<LinkId> links = mScene->selectedLinks();
    mNode = {};
    mLinks.clear();
    mGroup = {};
    if (nodes.size() == 1)
        showNode(nodes.front());
    else if (nodes.size() > 1)
        showNodes(nodes);
    else if (!links.empty())
        showLinks(links);
    else if (mScene->selectedGroup().isValid() && mScene->design().group(mScene->selectedGroup()))
        showGroup(mScene->selectedGroup());
    else
        mStack->setCurrentIndex(0);
    mRefreshing = false;
}

QString InspectorWidget::specsText() const
{
    return mSpecs->text();
}

void InspectorWidget::showNode(NodeId id)
{
    const Design& d = mScene->design();
    const Node* n = d.node(id);
    if (!n)
        return;
    mNode = id;
    const CatalogItem* item = d.item(n->sku);
    mTitle->setText(n->name);
    if (!mName->hasFocus())
        mName->setText(n->name);
    mModel->setText(item
            ? QStringLiteral("%1 %2 (%3, %4)").arg(item->vendor, item->model, toString(item->kind), item->sku)
            : n->sku);
    QStringList specs;
    if (item) {
        if (item->gpu)
            specs << QStringLiteral("%1 x %2 (%3 GB)")
                         .arg(item->gpu->count)
                         .arg(item->gpu->model)
                         .arg(item->gpu->memoryGb);
        // The node's scale-up domain (core: model/nvlinkdomains.h), with its size from the catalog.
        if (item->gpu) {
            const NvlinkDomains domains = NvlinkDomains::of(d);
            if (const NvlinkDomain* dom = domains.domainOf(id))
                specs << QStringLiteral("NVLink domain %1: %2 GPUs, %3 GB/s per GPU")
                             .arg(dom->name,
                                 dom->partial() ? QStringLiteral("%1 of %2").arg(dom->gpus).arg(dom->sizeGpus)
                                                : QString::number(dom->gpus))
                             .arg(dom->gbpsPerGpu);
        }
        if (item->switchSpec)
            specs << QStringLiteral("%1 ports, %2 Tb/s %3")
                         .arg(item->switchSpec->radix)
                         .arg(item->switchSpec->capacityTbps)
                         .arg(item->switchSpec->technology);
        if (item->rackUnits.value > 0)
            specs << QStringLiteral("%1 U").arg(item->rackUnits.value);

        if (n->tier != FabricTier::None)
            specs << QStringLiteral("tier: %1").arg(toString(n->tier));
        // A sidecar power rack: its capacity and the racks it feeds, as the power chain assigns them.
        if (item->sidecarPower) {
            const PowerChain chain = PowerChain::of(d, 1.0);
            const SidecarChain* sidecar = chain.sidecar(id);
            specs << (sidecar ? tr("Sidecar power rack: %1").arg(chain.sidecarText(*sidecar))
                              : tr("Sidecar power rack: %1 kW, feeds no rack (not on the floor)")
                                    .arg(item->sidecarPower->capacityKw, 0, 'f', 0));
        }
    }
    mSpecs->setText(specs.join(QStringLiteral("\n")));
    const bool isSwitch = item && item->kind == ItemKind::Switch;
    mNetwork->setEnabled(isSwitch);
    mNetwork->setCurrentIndex(isSwitch ? std::max(0, mNetwork->findData(int(n->network))) : -1);
    if (isSwitch) {
        QStringList usual;
        for (Network net : NetworkChoice::choicesFor(*item))
            usual << ItemStyle::networkLabel(net);
        mNetwork->setToolTip(tr("Usual for the %1: %2").arg(item->model, usual.join(QStringLiteral(", "))));
    }
    // A rack-scale system draws its figure for the design's power mode (PowerFigures).
    const PowerMode mode = PowerFigures::modeOf(d.properties());
    const double drawW = item ? PowerFigures::maxKwOf(*item, mode) * 1000.0 : 0.0;
    mPower->setText(item ? QStringLiteral("%1 W max, %2 W typical")
                               .arg(drawW, 0, 'f', 0)
                               .arg(std::min(drawW, item->typicalPower().value()), 0, 'f', 0)
                         : QString());
    if (item && item->price.hasBand()) {
        const Band b = item->price.band();
        mCatalogPrice->setText(
            tr("%1 (%2; band %3–%4)").arg(money(b.mid), toString(item->price.kind), money(b.low), money(b.high)));
        mCatalogPrice->setToolTip(item->price.bandSource);
    } else {
        mCatalogPrice->setText(
            item ? QStringLiteral("%1 (%2)").arg(money(item->price.value), toString(item->price.kind)) : QString());
        mCatalogPrice->setToolTip(item ? item->price.source : QString());
    }
    mPriceOverride->setChecked(n->priceOverride.has_value());
    mPrice->setEnabled(n->priceOverride.has_value());
    mPrice->setValue(n->priceOverride.value_or(item ? item->price.value : 0));

    mRack->clear();
    mRack->addItem(tr("(none)"), 0u);
    d.groups().forEach([&](const Group& g) {
        if (g.kind == GroupKind::Rack)
            mRack->addItem(g.name, g.id.value());
    });
    mRack->setCurrentIndex(std::max(0, mRack->findData(n->rack.value())));
    mRackUnit->setValue(std::max(0, n->rackUnit));
    mRackUnit->setEnabled(n->rack.isValid());

    mPorts->clear();
    if (item) {
        int index = 0;
        for (const PortGroup& g : item->portGroups) {
            int used = 0;
            auto* head = new QTreeWidgetItem(mPorts);
            for (int i = 0; i < g.count; ++i, ++index) {
                const PortRef port{id, index};
                const LinkId l = d.linkAt(port);
                QString peer;
                if (const Link* link = d.link(l)) {
                    const PortRef other = link->a == port ? link->b : link->a;
                    const Node* on = d.node(other.node);
                    peer = QStringLiteral("→ %1 %2").arg(on ? on->name : QString(), d.portName(other));
                    ++used;
                }
                new QTreeWidgetItem(head, {d.portName(port), peer});
            }
            head->setText(0,
                QStringLiteral("%1 (%2 x %3G, %4)")
                    .arg(g.name)
                    .arg(g.count)
                    .arg(g.maxSpeedGbps())
                    .arg(toString(g.role)));
            head->setText(1, QStringLiteral("%1 of %2 used").arg(used).arg(g.count));
        }
    }
    mStack->setCurrentIndex(1);
}

void InspectorWidget::showNodes(const std::vector<NodeId>& ids)
{
    const Design& d = mScene->design();
    int gpus = 0;
    double watts = 0, price = 0;
    for (NodeId id : ids) {
        const Node* n = d.node(id);
        const CatalogItem* item = n ? d.item(n->sku) : nullptr;
        if (!item)
            continue;
        gpus += item->gpuCount();
        watts += PowerFigures::maxKwOf(*item, PowerFigures::modeOf(d.properties())) * 1000.0;
        price += n->priceOverride.value_or(item->price.value);
    }
    mMulti->setText(tr("<b>%1 nodes selected</b><br><br>GPUs: %2<br>Power: %3 kW max<br>Hardware (list/estimate): %4"
                       "<br><br>Drag to move them together, arrows nudge, Del deletes, Ctrl+D duplicates.")
                        .arg(ids.size())
                        .arg(gpus)
                        .arg(watts / 1000.0, 0, 'f', 1)
                        .arg(money(price)));
    mStack->setCurrentIndex(2);
}

void InspectorWidget::showLinks(const std::vector<LinkId>& ids)
{
    const Design& d = mScene->design();
    const Link* first = d.link(ids.front());
    if (!first)
        return;
    mLinks = ids;
    const Node* a = d.node(first->a.node);
    const Node* b = d.node(first->b.node);
    mLinkTitle->setText(ids.size() == 1 ? tr("Link") : tr("Bundle of %n links", nullptr, int(ids.size())));
    QStringList lines;
    lines << QStringLiteral("%1 %2 ↔ %3 %4")
                 .arg(a ? a->name : QString(), d.portName(first->a), b ? b->name : QString(), d.portName(first->b));
    lines << tr("Network: %1, %2 Gb/s").arg(toString(d.linkNetwork(*first))).arg(d.linkSpeedGbps(*first));
    if (ids.size() > 1)
        lines << tr("Edits apply to all %n links of the bundle.", nullptr, int(ids.size()));
    mCable->clear();
    mCable->addItem(tr("(not chosen)"), QString());
    // Only cables that fit the link's two ports (connector, speed, optics at both ends).
    std::vector<const CatalogItem*> cables;
    if (const Catalog* c = mScene->document()->catalog())
        cables = LinkCabling::cablesThatFit(d, *c, first->a, first->b);
    for (const CatalogItem* item : cables) {
        QString label = QStringLiteral("%1 (%2)").arg(item->model, item->sku);
        if (item->cable && item->cable->maxLengthM > 0)
            label += QStringLiteral(", up to %1 m").arg(item->cable->maxLengthM);
        mCable->addItem(label, item->sku);
    }
    if (!first->cableSku.isEmpty() && mCable->findData(first->cableSku) < 0)
        mCable->addItem(tr("%1 (does not fit these ports)").arg(first->cableSku), first->cableSku);
    if (!first->transceiverSku.isEmpty())
        lines << tr("Fibre: a transceiver at each end (%1 on the link)").arg(first->transceiverSku);
    mLinkInfo->setText(lines.join(QStringLiteral("\n")));
    mCable->setCurrentIndex(std::max(0, mCable->findData(first->cableSku)));
    mLength->setValue(first->lengthM);
    mStack->setCurrentIndex(3);
}

void InspectorWidget::showGroup(GroupId id)
{
    const Design& d = mScene->design();
    const Group* g = d.group(id);
    mGroup = id;
    mGroupTitle->setText(QStringLiteral("%1 %2").arg(toString(g->kind), g->name));
    if (!mGroupName->hasFocus())
        mGroupName->setText(g->name);
    QStringList info;
    const auto members = d.membersOf(id);
    info << QStringLiteral("%1 direct members").arg(members.size());
    if (g->kind == GroupKind::Rack) {
        double watts = 0;
        for (NodeId n : members)
            if (const CatalogItem* item = d.itemOf(n))
                watts += PowerFigures::maxKwOf(*item, PowerFigures::modeOf(d.properties())) * 1000.0;
        info << tr("Power: %1 kW max of %2")
                    .arg(watts / 1000.0, 0, 'f', 1)
                    .arg(g->powerBudgetKw > 0 ? QStringLiteral("%1 kW budget").arg(g->powerBudgetKw)
                                              : QStringLiteral("no budget set"));
        if (g->liquidCooled)
            info << tr("Liquid-cooled");
    }
    mGroupInfo->setText(info.join(QStringLiteral("\n")));
    const bool rack = g->kind == GroupKind::Rack;
    mRackFields->setVisible(rack);
    if (rack) {
        mRackModel->clear();
        mRackModel->addItem(tr("(no rack model: not priced)"), QString());
        if (const Catalog* c = mScene->document()->catalog())
            for (const CatalogItem* item : c->items(ItemKind::Rack))
                mRackModel->addItem(QStringLiteral("%1 (%2)").arg(item->model, money(item->price.value)), item->sku);
        if (!g->sku.isEmpty() && mRackModel->findData(g->sku) < 0)
            mRackModel->addItem(g->sku, g->sku);
        mRackModel->setCurrentIndex(std::max(0, mRackModel->findData(g->sku)));
        mBudget->setValue(g->powerBudgetKw);
        mLiquid->setChecked(g->liquidCooled);
    }
    mCollapse->setText(mScene->isCollapsed(id) ? tr("Expand") : tr("Collapse"));
    mStack->setCurrentIndex(4);
}

void InspectorWidget::commitNode()
{
    if (mRefreshing || !mNode.isValid())
        return;
    const Node* current = mScene->design().node(mNode);
    if (!current)
        return;
    Node n = *current;
    n.name = mName->text().trimmed();
    if (mPriceOverride->isChecked())
        n.priceOverride = mPrice->value();
    else
        n.priceOverride.reset();
    n.rack = GroupId(mRack->currentData().toUInt());
    n.rackUnit = n.rack.isValid() && mRackUnit->value() > 0 ? mRackUnit->value() : -1;
    if (n == *current)
        return;
    const auto r = mScene->document()->execute(
        std::make_unique<EditNodesCommand>(tr("Edit %1").arg(current->name), std::vector<Node>{n}, true));
    if (!r.ok)
        refresh();
}

void InspectorWidget::commitLinks()
{
    if (mRefreshing || mLinks.empty())
        return;
    const Design& d = mScene->document()->design();
    const Catalog* catalog = mScene->document()->catalog();
    const QString cable = mCable->currentData().toString();
    auto composite = std::make_unique<CompositeCommand>(
        tr("Edit %1 %2").arg(mLinks.size()).arg(plural(static_cast<long long>(mLinks.size()), "link", "links")));
    std::set<QString> recorded;
    bool changed = false;
    for (LinkId id : mLinks) {
        const Link* l = d.link(id);
        if (!l)
            continue;
        Link edited = *l;
        edited.cableSku = cable;
        edited.lengthM = mLength->value();
        edited.transceiverSku.clear();
        if (!cable.isEmpty() && catalog) {
            // A cable needs a length: without one typed, it is derived from where the nodes are.
            if (!(edited.lengthM > 0))
                edited.lengthM = LinkCabling::estimateLengthM(d, l->a.node, l->b.node);
            const LinkCabling::Pick pick = LinkCabling::withCable(d, *catalog, l->a, l->b, cable, edited.lengthM);
            if (!pick.ok()) {
                refuse(pick.why);
                return;
            }
            edited.transceiverSku = pick.transceiver;
            for (const QString& sku : pick.modules)
                if (!d.item(sku) && recorded.insert(sku).second)
                    if (const CatalogItem* item = catalog->item(sku))
                        composite->add(std::make_unique<RecordItemCommand>(*item));
        }
        if (edited == *l)
            continue;
        changed = true;
        composite->add(std::make_unique<EditLinkCommand>(edited));
    }
    if (!changed) {
        refresh(); // show the length actually kept (a 0 m typed is replaced by the derived one)
        return;
    }
    if (!mScene->document()->execute(std::move(composite)).ok)
        refresh();
}

void InspectorWidget::refuse(const QString& reason)
{
    Q_EMIT mScene->document()->commandRefused(reason);
    refresh();
}

void InspectorWidget::commitNetwork()
{
    if (mRefreshing || !mNode.isValid())
        return;
    const Node* current = mScene->design().node(mNode);
    if (!current)
        return;
    Node n = *current;
    n.network = Network(mNetwork->currentData().toInt());
    if (n == *current)
        return;
    const auto r = mScene->document()->execute(std::make_unique<EditNodesCommand>(
        tr("Set %1 on the %2 network").arg(current->name, toString(n.network)), std::vector<Node>{n}));
    if (!r.ok)
        refresh();
}

void InspectorWidget::commitGroup()
{
    if (mRefreshing || !mGroup.isValid())
        return;
    const Group* g = mScene->design().group(mGroup);
    if (!g)
        return;
    Group edited = *g;
    edited.name = mGroupName->text().trimmed();
    auto composite = std::make_unique<CompositeCommand>(tr("Edit %1").arg(g->name));
    if (g->kind == GroupKind::Rack) {
        edited.sku = mRackModel->currentData().toString();
        edited.powerBudgetKw = mBudget->value();
        edited.liquidCooled = mLiquid->isChecked();
        // A rack model new to the design joins its snapshot in the same step, so it is priced.
        if (!edited.sku.isEmpty() && !mScene->design().item(edited.sku) && mScene->document()->catalog())
            if (const CatalogItem* item = mScene->document()->catalog()->item(edited.sku))
                composite->add(std::make_unique<RecordItemCommand>(*item));
    }
    if (edited == *g)
        return;
    composite->add(std::make_unique<EditGroupCommand>(edited));
    if (!mScene->document()->execute(std::move(composite)).ok)
        refresh();
}

} // namespace pw::ui
