// Designing by hand (issue 14, items 2 and 3): a switch's network from its catalog entry and as an
// undoable edit, bulk connect, cables that fit with a length and their optics, racks that are real
// catalog racks with budget, cooling and U placement.
#include "helpers/testcatalog.h"

#include "catalog/catalogitemparser.h"
#include "catalog/rackheight.h"
#include "commands/addnodecommand.h"
#include "commands/compositecommand.h"
#include "commands/connectcommand.h"
#include "commands/editlinkcommand.h"
#include "commands/editnodecommand.h"
#include "commands/groupcommand.h"
#include "commands/recorditemcommand.h"
#include "cost/billofmaterials.h"
#include "cost/opticsplan.h"
#include "generate/bulkconnect.h"
#include "generate/linkcabling.h"
#include "generate/rackstacking.h"
#include "model/networkchoice.h"
#include "validate/designrules.h"

#include <QJsonArray>
#include <QtTest>

#include <algorithm>

using namespace pw;

namespace {

const Catalog& catalog()
{
    return test::shippedCatalog();
}

// Applies, undoes (must equal the original) and redoes (must equal the applied state).
void applyUndoRedo(Design& d, Command& cmd)
{
    const Design before = d;
    const CommandResult r = cmd.apply(d);
    QVERIFY2(r.ok, qPrintable(r.reason));
    QVERIFY2(!d.checkInvariants(), qPrintable(d.checkInvariants().value_or(QString())));
    const Design after = d;
    QVERIFY(cmd.undo(d));
    QVERIFY(d == before);
    QVERIFY(cmd.redo(d));
    QVERIFY(d == after);
}

int linksBetween(const Design& d, NodeId a, NodeId b)
{
    int n = 0;
    d.links().forEach([&](const Link& l) {
        if ((l.a.node == a && l.b.node == b) || (l.a.node == b && l.b.node == a))
            ++n;
    });
    return n;
}

bool hasFinding(const Design& d, const QString& code)
{
    ValidationOptions o;
    o.fabricAnalysis = false;
    o.tierChecks = false;
    const auto findings = validate(d, o);
    return std::any_of(findings.begin(), findings.end(), [&](const Finding& f) { return f.code == code; });
}

int bomQuantity(const BillOfMaterials& bom, const QString& sku)
{
    int n = 0;
    for (const BomLine& l : bom.lines())
        if (l.sku == sku)
            n += l.quantity;
    return n;
}

// The source document's minimum viable cluster as a user drops it: nodes only, switches on the
// networks the catalog suggests first, then set by hand where the user picks another.
struct Mvc {
    Design d;
    NodeId dgx1, dgx2, leaf, ufm, storageSw, weka, inbandSw, head, oob, pduA, pduB;
    Mvc()
    {
        dgx1 = test::addNode(d, QStringLiteral("dgx-h100"), QStringLiteral("dgx-01"));
        dgx2 = test::addNode(d, QStringLiteral("dgx-h100"), QStringLiteral("dgx-02"));
        leaf = test::addNode(d, QStringLiteral("qm9700"), QStringLiteral("ib-leaf-01"));
        ufm = test::addNode(d, QStringLiteral("ufm-appliance"), QStringLiteral("ufm-01"));
        storageSw = test::addNode(d, QStringLiteral("sn4600c"), QStringLiteral("storage-sw-01"), Network::Storage);
        weka = test::addNode(d, QStringLiteral("weka-pod"), QStringLiteral("weka-01"));
        inbandSw = test::addNode(d, QStringLiteral("sn4600c"), QStringLiteral("inband-sw-01"));
        head = test::addNode(d, QStringLiteral("mgmt-server-1u"), QStringLiteral("head-01"));
        oob = test::addNode(d, QStringLiteral("sn2201"), QStringLiteral("oob-sw-01"));
        pduA = test::addNode(d, QStringLiteral("pdu-3ph-60kw"), QStringLiteral("pdu-a"));
        pduB = test::addNode(d, QStringLiteral("pdu-3ph-60kw"), QStringLiteral("pdu-b"));
    }
    [[nodiscard]] std::vector<NodeId> all() const
    {
        return {dgx1, dgx2, leaf, ufm, storageSw, weka, inbandSw, head, oob, pduA, pduB};
    }
};

} // namespace

class TestHandDesign : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // Issue 30: a node placed by hand is named by its SKU and the design's own count of that SKU
    // ("qm8700-01", "qm8700-02"), never by the global node id (which made "qm8700-3" after one
    // DGX); in a generated design the number follows its widest ("dgx-h100-00002" -> "-00003").
    void handPlacedNamesCountPerKind()
    {
        Design d;
        const Catalog& catalog = test::shippedCatalog();
        auto place = [&](const QString& sku) {
            AddNodeCommand add(*catalog.item(sku), Node{});
            const CommandResult r = add.apply(d);
            if (!r.ok)
                return r.reason;
            return d.node(add.nodeId())->name;
        };
        QCOMPARE(place(QStringLiteral("dgx-h100")), QStringLiteral("dgx-h100-01"));
        QCOMPARE(place(QStringLiteral("qm8700")), QStringLiteral("qm8700-01"));
        QCOMPARE(place(QStringLiteral("qm8700")), QStringLiteral("qm8700-02"));
        QCOMPARE(place(QStringLiteral("dgx-h100")), QStringLiteral("dgx-h100-02"));
        test::addNode(d, QStringLiteral("dgx-h100"), QStringLiteral("dgx-h100-00007")); // as generated
        QCOMPARE(place(QStringLiteral("dgx-h100")), QStringLiteral("dgx-h100-00008"));
    }

    void switchesStartOnTheirCatalogNetwork()
    {
        Design d;
        QVERIFY(d.node(test::addNode(d, QStringLiteral("sn2201"), QStringLiteral("o")))->network == Network::OutOfBand);
        QVERIFY(d.node(test::addNode(d, QStringLiteral("sn4600c"), QStringLiteral("i")))->network == Network::InBand);
        QVERIFY(d.node(test::addNode(d, QStringLiteral("qm9700"), QStringLiteral("l")))->network == Network::Compute);
        // SN4600C and SN5600 serve in-band or storage: the studio asks; SN2201 only out-of-band.
        const auto sn5600 = NetworkChoice::choicesFor(*catalog().item(QStringLiteral("sn5600")));
        QVERIFY(sn5600.size() > 1);
        QVERIFY(sn5600.front() == Network::InBand);
        QVERIFY(std::find(sn5600.begin(), sn5600.end(), Network::Storage) != sn5600.end());
        QCOMPARE(NetworkChoice::choicesFor(*catalog().item(QStringLiteral("sn2201"))).size(), size_t(1));
        QVERIFY(NetworkChoice::choicesFor(*catalog().item(QStringLiteral("dgx-h100"))).empty());
        // A node that is not a switch keeps no network.
        QVERIFY(d.node(test::addNode(d, QStringLiteral("dgx-h100"), QStringLiteral("s")))->network == Network::None);
    }

    void catalogNetworksAreChecked()
    {
        QJsonObject entry = catalog().item(QStringLiteral("sn2201"))->snapshotJson();
        entry.insert(QStringLiteral("networks"),
            QJsonObject{{QStringLiteral("value"), QJsonArray{QStringLiteral("backplane")}},
                {QStringLiteral("source"), QStringLiteral("test")}});
        const auto r = CatalogItemParser::parse(entry);
        QVERIFY(std::holds_alternative<QString>(r));
        QVERIFY(std::get<QString>(r).contains(QLatin1String("backplane")));
    }

    void networkEditIsUndoableAndGuardsLinks()
    {
        Mvc m;
        Node sw = *m.d.node(m.inbandSw);
        sw.network = Network::Storage;
        EditNodesCommand edit(QStringLiteral("Set network"), {sw});
        applyUndoRedo(m.d, edit);
        QVERIFY(m.d.node(m.inbandSw)->network == Network::Storage);
        // A switch carrying links of one network cannot move to another: the refusal says why.
        QVERIFY(edit.undo(m.d));
        ConnectCommand c(m.head, m.inbandSw, {}, 0.0);
        QVERIFY(c.apply(m.d).ok);
        EditNodesCommand breaking(QStringLiteral("Set network"), {sw});
        const auto r = breaking.apply(m.d);
        QVERIFY(!r.ok);
        QVERIFY2(r.reason.contains(QLatin1String("would break a link")), qPrintable(r.reason));
        QVERIFY(m.d.node(m.inbandSw)->network == Network::InBand);
    }

    void refusalsNameTheAttributeAndTheFix()
    {
        Mvc m;
        // Storage ports and a switch left on the in-band network: the network differs, set it.
        ConnectCommand network(m.weka, m.inbandSw);
        const auto r1 = network.apply(m.d);
        QVERIFY(!r1.ok);
        QVERIFY2(r1.reason.contains(QLatin1String("network differs")), qPrintable(r1.reason));
        QVERIFY2(r1.reason.contains(QLatin1String("set inband-sw-01's network to storage")), qPrintable(r1.reason));
        // A 1 GbE BMC on an OSFP leaf: the connector differs.
        ConnectCommand connector(PortRef{m.dgx1, 12}, PortRef{m.leaf, 0});
        const auto r2 = connector.apply(m.d);
        QVERIFY(!r2.ok);
        QVERIFY2(r2.reason.contains(QLatin1String("connector differs")), qPrintable(r2.reason));
        // UFM's 400/200G storage fabric ports on a 100G switch: the speed differs.
        const int ufmStorage = 3; // fabric 0-1, bmc 2, storage fabric 3-4
        ConnectCommand speed(PortRef{m.ufm, ufmStorage}, PortRef{m.storageSw, 0});
        const auto r3 = speed.apply(m.d);
        QVERIFY(!r3.ok);
        QVERIFY2(r3.reason.contains(QLatin1String("speed differs")), qPrintable(r3.reason));
        QVERIFY2(r3.reason.contains(QLatin1String("400/200")), qPrintable(r3.reason));
    }

    void bulkConnectWiresTheMinimumViableClusterInOneStep()
    {
        Mvc m;
        const BulkConnect::Plan plan = BulkConnect::plan(m.d, catalog(), m.all());
        auto cmd = BulkConnect::command(plan, catalog());
        QVERIFY(cmd);
        applyUndoRedo(m.d, *cmd);
        // GPU rails to the leaf, storage to storage, in-band to in-band, every BMC to out-of-band.
        QCOMPARE(linksBetween(m.d, m.dgx1, m.leaf), 8);
        QCOMPARE(linksBetween(m.d, m.dgx2, m.leaf), 8);
        QCOMPARE(linksBetween(m.d, m.dgx1, m.storageSw), 2);
        QCOMPARE(linksBetween(m.d, m.weka, m.storageSw), 16);
        QCOMPARE(linksBetween(m.d, m.dgx1, m.inbandSw), 2);
        QCOMPARE(linksBetween(m.d, m.head, m.inbandSw), 2);
        QCOMPARE(linksBetween(m.d, m.dgx1, m.oob), 1);
        QCOMPARE(linksBetween(m.d, m.weka, m.oob), 8);
        for (NodeId sw : {m.leaf, m.storageSw, m.inbandSw, m.pduA, m.pduB, m.ufm})
            QCOMPARE(linksBetween(m.d, sw, m.oob), 1);
        QCOMPARE(linksBetween(m.d, m.ufm, m.leaf), 2);
        // Every link has a cable and a length; the one thing left out says why: UFM's 400G storage
        // fabric ports find no 400G storage switch.
        m.d.links().forEach([&](const Link& l) {
            QVERIFY(!l.cableSku.isEmpty());
            QVERIFY(l.lengthM > 0);
        });
        QCOMPARE(plan.skipped.size(), qsizetype(1));
        QVERIFY2(
            plan.skipped.front().contains(QLatin1String("ufm-01 storage fabric")), qPrintable(plan.skipped.front()));
        QVERIFY2(plan.skipped.front().contains(QLatin1String("speed differs")), qPrintable(plan.skipped.front()));
        // Fibre links carry their modules into the bill of materials, at both ends.
        const BillOfMaterials bom = BillOfMaterials::of(m.d);
        QVERIFY(bom.totalOf(QStringLiteral("transceivers")) > 0);
        QCOMPARE(bom.uncabledLinks(), 0);
        // Running it again connects nothing new and says so.
        const BulkConnect::Plan again = BulkConnect::plan(m.d, catalog(), m.all());
        QVERIFY(again.isEmpty());
        QVERIFY(!BulkConnect::command(again, catalog()));
    }

    void bulkConnectSpreadsRailsOverLeavesAndExplainsMissingSwitches()
    {
        Design d;
        const NodeId dgx = test::addNode(d, QStringLiteral("dgx-h100"), QStringLiteral("dgx"));
        const NodeId l1 = test::addNode(d, QStringLiteral("qm9700"), QStringLiteral("leaf-1"));
        const NodeId l2 = test::addNode(d, QStringLiteral("qm9700"), QStringLiteral("leaf-2"));
        const BulkConnect::Plan plan = BulkConnect::plan(d, catalog(), {dgx, l1, l2});
        auto cmd = BulkConnect::command(plan, catalog());
        QVERIFY(cmd);
        QVERIFY(cmd->apply(d).ok);
        // Rails 1-4 on leaf-1, 5-8 on leaf-2.
        for (int rail = 0; rail < 8; ++rail) {
            const Link* l = d.link(d.linkAt(PortRef{dgx, rail}));
            QVERIFY(l);
            QCOMPARE(l->b.node, rail < 4 ? l1 : l2);
        }
        // No storage, in-band or out-of-band switch selected: each port group says which to add.
        const QString skipped = plan.skipped.join(QLatin1Char('\n'));
        QVERIFY2(skipped.contains(QLatin1String("no storage switch is selected")), qPrintable(skipped));
        QVERIFY2(skipped.contains(QLatin1String("no out-of-band switch is selected")), qPrintable(skipped));
        // Nothing connectable: the refusal lists the reasons.
        Design lone;
        const NodeId s = test::addNode(lone, QStringLiteral("dgx-h100"), QStringLiteral("s"));
        const NodeId t = test::addNode(lone, QStringLiteral("dgx-h100"), QStringLiteral("t"));
        const auto none = BulkConnect::plan(lone, catalog(), {s, t});
        QVERIFY(none.isEmpty());
        QVERIFY2(none.refusal().contains(QLatin1String("no compute switch")), qPrintable(none.refusal()));
    }

    void cablesOnOfferFitThePorts()
    {
        Mvc m;
        const PortRef rail{m.dgx1, 0};
        const PortRef leafPort{m.leaf, 0};
        QStringList fitting;
        for (const CatalogItem* c : LinkCabling::cablesThatFit(m.d, catalog(), rail, leafPort))
            fitting << c->sku;
        QVERIFY2(fitting.contains(QStringLiteral("dac-800g-osfp")), qPrintable(fitting.join(',')));
        QVERIFY(fitting.contains(QStringLiteral("fiber-mpo-mm")));
        QVERIFY(!fitting.contains(QStringLiteral("cat6-rj45")));
        QVERIFY(!fitting.contains(QStringLiteral("dac-100g-qsfp28")));
        // At 10 m copper no longer reaches.
        fitting.clear();
        for (const CatalogItem* c : LinkCabling::cablesThatFit(m.d, catalog(), rail, leafPort, 10))
            fitting << c->sku;
        QVERIFY(!fitting.contains(QStringLiteral("dac-800g-osfp")));
        QVERIFY(fitting.contains(QStringLiteral("fiber-mpo-mm")));
        // A BMC takes only twisted pair.
        const auto bmc = LinkCabling::cablesThatFit(m.d, catalog(), PortRef{m.dgx1, 12}, PortRef{m.oob, 0});
        QCOMPARE(bmc.size(), size_t(1));
        QCOMPARE(bmc.front()->sku, QStringLiteral("cat6-rj45"));
    }

    void aCableNeedsALength()
    {
        Mvc m;
        RecordItemCommand record(*catalog().item(QStringLiteral("dac-800g-osfp")));
        QVERIFY(record.apply(m.d).ok);
        ConnectCommand zero(PortRef{m.dgx1, 0}, PortRef{m.leaf, 0}, QStringLiteral("dac-800g-osfp"), 0.0);
        const auto r = zero.apply(m.d);
        QVERIFY(!r.ok);
        QVERIFY2(r.reason.contains(QLatin1String("needs a length")), qPrintable(r.reason));
        ConnectCommand ok(PortRef{m.dgx1, 0}, PortRef{m.leaf, 0}, QStringLiteral("dac-800g-osfp"), 2.0);
        QVERIFY(ok.apply(m.d).ok);
        Link edited = *m.d.link(ok.link().id);
        edited.lengthM = 0;
        EditLinkCommand edit(edited);
        QVERIFY(!edit.apply(m.d).ok);
        // Without a length, one is derived: in one rack from the U distance.
        QVERIFY(LinkCabling::estimateLengthM(m.d, m.dgx1, m.leaf) > 0);
    }

    void handCabledFibreGetsTransceiversAtBothEnds()
    {
        Mvc m;
        // A DGX storage port (QSFP112) to the 100G storage switch (QSFP28) over multimode fibre.
        const PortRef storagePort{m.dgx1, 8};
        const PortRef switchPort{m.storageSw, 0};
        const auto pick
            = LinkCabling::withCable(m.d, catalog(), storagePort, switchPort, QStringLiteral("fiber-mpo-mm"), 3);
        QVERIFY2(pick.ok(), qPrintable(pick.why));
        QVERIFY(!pick.transceiver.isEmpty());
        auto composite = std::make_unique<CompositeCommand>(QStringLiteral("Connect"));
        for (auto& c : LinkCabling::connectCommands(m.d, catalog(), storagePort, switchPort, pick))
            composite->add(std::move(c));
        applyUndoRedo(m.d, *composite);
        // OpticsPlan (what the bill of materials counts) sees a module at each end.
        const OpticsPlan optics = OpticsPlan::of(m.d);
        // The link runs at 100G, so both ends take a 100G SR4 module (a 400G module in the DGX's
        // QSFP112 cage would face 100GBASE-SR4 and not link: OPTICS-MISMATCH).
        QCOMPARE(optics.moduleCount(), 2);
        QCOMPARE(optics.modulesBySku().count(QStringLiteral("mma1z00-ns400")), size_t(0));
        QCOMPARE(optics.modulesBySku().at(QStringLiteral("qsfp28-100g-sr4")), 2);
        const BillOfMaterials bom = BillOfMaterials::of(m.d);
        QCOMPARE(bomQuantity(bom, QStringLiteral("qsfp28-100g-sr4")), 2);
        for (const Finding& f : validate(m.d))
            QVERIFY2(f.code != QLatin1String("OPTICS-MISMATCH"), qPrintable(f.message));
        // A fibre too long for the modules does not fit.
        QVERIFY(!LinkCabling::withCable(
            m.d, catalog(), PortRef{m.dgx1, 9}, PortRef{m.storageSw, 1}, QStringLiteral("fiber-mpo-mm"), 80)
                     .ok());
    }

    void racksFromGroupingArePricedAndStacked()
    {
        Mvc m;
        const std::vector<NodeId> members = m.all();
        const CatalogItem* rackItem = RackStacking::rackFor(catalog(), m.d, members);
        QVERIFY(rackItem);
        QVERIFY(rackItem->kind == ItemKind::Rack);
        QVERIFY(rackHeightU(*rackItem) >= 48);
        Group g;
        g.kind = GroupKind::Rack;
        g.name = QStringLiteral("Rack 1");
        GroupCommand group(g, members, *rackItem);
        applyUndoRedo(m.d, group);
        // Priced: the rack is in the snapshot and the bill of materials.
        const BillOfMaterials bom = BillOfMaterials::of(m.d);
        QCOMPARE(bomQuantity(bom, rackItem->sku), 1);
        QCOMPARE(bom.totalOf(QStringLiteral("racks")), rackItem->price.value);
        // Stacked: servers from U1 up, switches from the top down, no overlaps, PDUs (0U) unplaced.
        QCOMPARE(m.d.node(m.dgx1)->rackUnit, 1);
        QCOMPARE(m.d.node(m.dgx2)->rackUnit, 9); // DGX H100 is 8U
        const int top = rackHeightU(*rackItem);
        QCOMPARE(m.d.node(m.leaf)->rackUnit, top);
        QCOMPARE(m.d.node(m.pduA)->rackUnit, -1);
        std::vector<std::pair<int, int>> spans;
        for (NodeId id : members) {
            const int u = m.d.node(id)->rackUnit;
            if (u > 0)
                spans.push_back({u, u + int(m.d.itemOf(id)->rackUnits.value) - 1});
        }
        std::sort(spans.begin(), spans.end());
        for (size_t i = 1; i < spans.size(); ++i)
            QVERIFY(spans[i].first > spans[i - 1].second);
        // Undo forgets the rack item again.
        QVERIFY(group.undo(m.d));
        QVERIFY(!m.d.item(rackItem->sku));
    }

    void rackBudgetAndLiquidCoolingAreEditable()
    {
        Design d;
        const NodeId nvl = test::addNode(d, QStringLiteral("dgx-gb200-nvl72"), QStringLiteral("nvl72-01"));
        Group g;
        g.kind = GroupKind::Rack;
        g.name = QStringLiteral("Rack 1");
        GroupCommand group(g, {nvl}, *RackStacking::rackFor(catalog(), d, {nvl}));
        QVERIFY(group.apply(d).ok);
        QVERIFY(hasFinding(d, QStringLiteral("COOLING-LIQUID")));
        // The finding's fix, "mark the rack liquid-cooled", as an undoable edit.
        Group cooled = *d.group(group.groupId());
        cooled.liquidCooled = true;
        cooled.powerBudgetKw = 140;
        EditGroupCommand edit(cooled);
        applyUndoRedo(d, edit);
        QVERIFY(!hasFinding(d, QStringLiteral("COOLING-LIQUID")));
        QVERIFY(edit.undo(d));
        QVERIFY(hasFinding(d, QStringLiteral("COOLING-LIQUID")));
        // A budget below the load raises POWER-RACK.
        Group tight = *d.group(group.groupId());
        tight.powerBudgetKw = 10;
        EditGroupCommand tighten(tight);
        QVERIFY(tighten.apply(d).ok);
        QVERIFY(hasFinding(d, QStringLiteral("POWER-RACK")));
        // A rack model the snapshot lacks is refused.
        Group wrong = *d.group(group.groupId());
        wrong.sku = QStringLiteral("rack-52u");
        EditGroupCommand refused(wrong);
        QVERIFY(!refused.apply(d).ok);
    }
};

QTEST_GUILESS_MAIN(TestHandDesign)
#include "tst_handdesign.moc"
