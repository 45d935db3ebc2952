#include "helpers/testcatalog.h"

#include "commands/addnodecommand.h"
#include "commands/compositecommand.h"
#include "commands/connectcommand.h"
#include "commands/disconnectcommand.h"
#include "commands/editlinkcommand.h"
#include "commands/editnodecommand.h"
#include "commands/groupcommand.h"
#include "commands/recorditemcommand.h"
#include "commands/removenodescommand.h"
#include "commands/renamedesigncommand.h"

#include <QRandomGenerator>
#include <QtTest>

#include <functional>
#include <memory>

using namespace pw;

namespace {

NodeId nodeNamed(const Design& d, const QString& name)
{
    NodeId found;
    d.nodes().forEach([&](const Node& n) {
        if (n.name == name)
            found = n.id;
    });
    return found;
}

// Applies, checks invariants, undoes (must equal the original), redoes (must equal the applied state).
void checkApplyUndoRedo(Design& d, Command& cmd)
{
    const Design before = d;
    const CommandResult r = cmd.apply(d);
    QVERIFY2(r.ok, qPrintable(r.reason));
    QVERIFY2(!d.checkInvariants(), qPrintable(d.checkInvariants().value_or(QString())));
    QVERIFY(!(d == before));
    const Design after = d;
    cmd.undo(d);
    QVERIFY(d == before);
    QVERIFY(!d.checkInvariants());
    cmd.redo(d);
    QVERIFY(d == after);
    QVERIFY(!d.checkInvariants());
}

void checkRefusedUntouched(Design& d, Command& cmd, const char* expectedReason)
{
    const Design before = d;
    const CommandResult r = cmd.apply(d);
    QVERIFY2(!r.ok, expectedReason);
    QVERIFY2(r.reason.contains(QLatin1String(expectedReason), Qt::CaseInsensitive), qPrintable(r.reason));
    QVERIFY(d == before);
}

} // namespace

class TestCommands : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void addNode()
    {
        Design d = test::smallDesign();
        Node n;
        n.name = QStringLiteral("dgx-c");
        n.position = QPointF(10, 20);
        AddNodeCommand cmd(*test::shippedCatalog().item(QStringLiteral("dgx-b200")), n);
        checkApplyUndoRedo(d, cmd);
        QVERIFY(d.item(QStringLiteral("dgx-b200"))); // recorded in the snapshot
        cmd.undo(d);
        QVERIFY(!d.item(QStringLiteral("dgx-b200"))); // and forgotten on undo
    }

    void addRefusesCablesAsNodes()
    {
        Design d;
        AddNodeCommand cmd(*test::shippedCatalog().item(QStringLiteral("dac-800g-osfp")), Node{});
        checkRefusedUntouched(d, cmd, "link");
    }

    void removeNodesTakesTheirLinks()
    {
        Design d = test::smallDesign();
        const NodeId a = nodeNamed(d, QStringLiteral("dgx-a"));
        const size_t links = d.links().size();
        RemoveNodesCommand cmd({a});
        checkApplyUndoRedo(d, cmd);
        QCOMPARE(d.links().size(), links - 9); // 8 compute + 1 BMC
        QVERIFY(!d.node(a));
    }

    void editNodes()
    {
        Design d = test::smallDesign();
        Node n = *d.node(nodeNamed(d, QStringLiteral("dgx-a")));
        n.name = QStringLiteral("renamed");
        n.position = QPointF(500, 500);
        n.priceOverride = 250000.0;
        EditNodesCommand cmd(QStringLiteral("Edit"), {n});
        checkApplyUndoRedo(d, cmd);
        QCOMPARE(d.node(n.id)->name, QStringLiteral("renamed"));
    }

    void editRefusesANetworkChangeThatBreaksLinks()
    {
        Design d = test::smallDesign();
        Node leaf = *d.node(nodeNamed(d, QStringLiteral("leaf")));
        leaf.network = Network::Storage; // its links come from compute NICs
        EditNodesCommand cmd(QStringLiteral("Edit"), {leaf});
        checkRefusedUntouched(d, cmd, "break a link");
    }

    void renameDesign()
    {
        Design d = test::smallDesign();
        const QString before = d.name();
        RenameDesignCommand cmd(QStringLiteral("  Acme training pod "));
        checkApplyUndoRedo(d, cmd);
        QCOMPARE(d.name(), QStringLiteral("Acme training pod")); // trimmed
        cmd.undo(d);
        QCOMPARE(d.name(), before);

        RenameDesignCommand blank(QStringLiteral("   "));
        checkRefusedUntouched(d, blank, "needs a name");
        RenameDesignCommand same(before);
        checkRefusedUntouched(d, same, "already named");
    }

    void nudgesMergeIntoOneStep()
    {
        Design d = test::smallDesign();
        const Design original = d;
        Node n = *d.node(nodeNamed(d, QStringLiteral("dgx-a")));
        n.position += QPointF(10, 0);
        EditNodesCommand first(QStringLiteral("Nudge"), {n}, true);
        QVERIFY(first.apply(d).ok);
        n.position += QPointF(10, 0);
        EditNodesCommand second(QStringLiteral("Nudge"), {n}, true);
        QVERIFY(second.apply(d).ok);
        QCOMPARE(first.mergeId(), second.mergeId());
        QVERIFY(first.mergeWith(second));
        first.undo(d);
        QVERIFY(d == original);
        first.redo(d);
        QCOMPARE(d.node(n.id)->position, n.position);
    }

    void connectPicksACompatibleFreePort()
    {
        Design d = test::smallDesign();
        const NodeId dgx = test::addNode(d, QStringLiteral("dgx-h100"), QStringLiteral("dgx-c"));
        ConnectCommand cmd(dgx, nodeNamed(d, QStringLiteral("leaf")));
        checkApplyUndoRedo(d, cmd);
        const Link& l = cmd.link();
        QVERIFY(d.portGroup(l.a)->role == PortRole::Compute);
        QCOMPARE(d.linkSpeedGbps(l), 400);
    }

    void connectRefusesWithAReason()
    {
        Design d = test::smallDesign();
        const NodeId weka = test::addNode(d, QStringLiteral("weka-pod"), QStringLiteral("weka"));
        // WEKA has storage and BMC ports only; the leaf is a compute switch.
        ConnectCommand wrongNetwork(weka, nodeNamed(d, QStringLiteral("leaf")));
        checkRefusedUntouched(d, wrongNetwork, "compatible");
        // A port already in use.
        const NodeId a = nodeNamed(d, QStringLiteral("dgx-a"));
        const Link* used = d.link(d.linksOf(a).front());
        const NodeId c = test::addNode(d, QStringLiteral("qm9700"), QStringLiteral("leaf2"), Network::Compute);
        ConnectCommand busy(used->a, PortRef{c, 0});
        checkRefusedUntouched(d, busy, "already carries a link");
        // RJ45 to OSFP.
        const NodeId fresh = test::addNode(d, QStringLiteral("dgx-h100"), QStringLiteral("dgx-fresh"));
        ConnectCommand rj45(PortRef{fresh, 12}, PortRef{c, 1});
        checkRefusedUntouched(d, rj45, "cannot be cabled");
        ConnectCommand self(a, a);
        checkRefusedUntouched(d, self, "itself");
    }

    void connectRefusesWhenFull()
    {
        Design d = test::smallDesign();
        const NodeId a = nodeNamed(d, QStringLiteral("dgx-a"));
        ConnectCommand cmd(a, nodeNamed(d, QStringLiteral("leaf")));
        checkRefusedUntouched(d, cmd, "no free port");
    }

    void disconnectAndEditLink()
    {
        Design d = test::smallDesign();
        const LinkId l = d.linksOf(nodeNamed(d, QStringLiteral("dgx-a"))).front();
        Link edited = *d.link(l);
        RecordItemCommand record(*test::shippedCatalog().item(QStringLiteral("acc-800g-osfp")));
        QVERIFY(record.apply(d).ok);
        edited.cableSku = QStringLiteral("acc-800g-osfp");
        edited.lengthM = 4.5;
        EditLinkCommand edit(edited);
        checkApplyUndoRedo(d, edit);
        Link bad = edited;
        bad.lengthM = -1;
        EditLinkCommand refused(bad);
        checkRefusedUntouched(d, refused, "length");
        DisconnectCommand cmd({l});
        checkApplyUndoRedo(d, cmd);
    }

    void groupAndUngroup()
    {
        Design d = test::smallDesign();
        Group pod;
        pod.kind = GroupKind::Pod;
        pod.name = QStringLiteral("pod-1");
        GroupCommand makePod(pod, {});
        checkApplyUndoRedo(d, makePod);
        Group su;
        su.kind = GroupKind::ScalableUnit;
        su.name = QStringLiteral("su-1");
        su.parent = makePod.groupId();
        GroupCommand makeSu(su, {nodeNamed(d, QStringLiteral("dgx-a")), nodeNamed(d, QStringLiteral("dgx-b"))});
        checkApplyUndoRedo(d, makeSu);
        QCOMPARE(d.membersOf(makeSu.groupId()).size(), size_t(2));

        Group renamed = *d.group(makeSu.groupId());
        renamed.name = QStringLiteral("SU 1");
        EditGroupCommand edit(renamed);
        checkApplyUndoRedo(d, edit);

        UngroupCommand ungroupPod(makePod.groupId());
        checkApplyUndoRedo(d, ungroupPod);
        QVERIFY(!d.group(makeSu.groupId())->parent.isValid());
        UngroupCommand ungroupSu(makeSu.groupId());
        checkApplyUndoRedo(d, ungroupSu);
        QVERIFY(!d.node(nodeNamed(d, QStringLiteral("dgx-a")))->unit.isValid());
    }

    void compositeIsAllOrNothing()
    {
        Design d = test::smallDesign();
        const Design before = d;
        CompositeCommand paste(QStringLiteral("Paste"));
        Node n;
        n.name = QStringLiteral("x");
        paste.add(std::make_unique<AddNodeCommand>(*test::shippedCatalog().item(QStringLiteral("dgx-h100")), n));
        paste.add(std::make_unique<RemoveNodesCommand>(std::vector<NodeId>{NodeId(9999)}));
        QVERIFY(!paste.apply(d).ok);
        QVERIFY(d == before);

        CompositeCommand ok(QStringLiteral("Two"));
        ok.add(std::make_unique<AddNodeCommand>(*test::shippedCatalog().item(QStringLiteral("dgx-h100")), n));
        ok.add(std::make_unique<RemoveNodesCommand>(std::vector<NodeId>{nodeNamed(d, QStringLiteral("dgx-b"))}));
        checkApplyUndoRedo(d, ok);
    }

    // Property: thousands of random commands, undone to the start, give back exactly the original.
    void randomSequencesUndoToTheStart()
    {
        const Catalog& catalog = test::shippedCatalog();
        const QStringList skus{QStringLiteral("dgx-h100"), QStringLiteral("qm9700"), QStringLiteral("sn2201"),
            QStringLiteral("weka-pod"), QStringLiteral("sn4600c"), QStringLiteral("mgmt-server-1u")};
        for (quint32 seed : {1u, 2u, 3u}) {
            QRandomGenerator rng(seed);
            Design d = test::smallDesign();
            const Design original = d;
            std::vector<std::unique_ptr<Command>> done;
            std::vector<Design> states; // every 97th state, checked on the way back
            auto pickNode = [&]() -> NodeId {
                std::vector<NodeId> ids;
                d.nodes().forEach([&](const Node& n) { ids.push_back(n.id); });
                return ids.empty() ? NodeId() : ids[rng.bounded(static_cast<quint32>(ids.size()))];
            };
            for (int step = 0; step < 2000; ++step) {
                std::unique_ptr<Command> cmd;
                switch (rng.bounded(7)) {
                case 0: {
                    Node n;
                    n.position = QPointF(rng.bounded(1000), rng.bounded(1000));
                    const QString sku = skus[rng.bounded(static_cast<quint32>(skus.size()))];
                    if (sku == QLatin1String("sn2201"))
                        n.network = Network::OutOfBand;
                    cmd = std::make_unique<AddNodeCommand>(*catalog.item(sku), n);
                    break;
                }
                case 1:
                case 2:
                    cmd = std::make_unique<ConnectCommand>(pickNode(), pickNode());
                    break;
                case 3:
                    if (rng.bounded(4) == 0)
                        cmd = std::make_unique<RemoveNodesCommand>(std::vector<NodeId>{pickNode()});
                    break;
                case 4: {
                    std::vector<LinkId> links;
                    d.links().forEach([&](const Link& l) {
                        if (rng.bounded(50) == 0)
                            links.push_back(l.id);
                    });
                    cmd = std::make_unique<DisconnectCommand>(links);
                    break;
                }
                case 5: {
                    if (const Node* n = d.node(pickNode())) {
                        Node moved = *n;
                        moved.position += QPointF(rng.bounded(21) - 10, rng.bounded(21) - 10);
                        moved.name = QStringLiteral("n%1").arg(step);
                        cmd = std::make_unique<EditNodesCommand>(QStringLiteral("Move"), std::vector<Node>{moved});
                    }
                    break;
                }
                case 6: {
                    Group g;
                    g.kind = rng.bounded(2) ? GroupKind::Rack : GroupKind::ScalableUnit;
                    g.name = QStringLiteral("g%1").arg(step);
                    cmd = std::make_unique<GroupCommand>(g, std::vector<NodeId>{pickNode(), pickNode()});
                    break;
                }
                }
                if (!cmd)
                    continue;
                const Design before = done.size() % 97 == 0 ? d : Design();
                const CommandResult r = cmd->apply(d);
                if (!r.ok) {
                    continue; // a refusal must leave the design untouched: checked by the final comparison
                }
                if (done.size() % 97 == 0)
                    states.push_back(before);
                done.push_back(std::move(cmd));
                if (step % 250 == 0)
                    QVERIFY2(!d.checkInvariants(), qPrintable(d.checkInvariants().value_or(QString())));
            }
            QVERIFY(done.size() > 500);
            QVERIFY(!d.checkInvariants());
            for (size_t i = done.size(); i-- > 0;) {
                done[i]->undo(d);
                if (i % 97 == 0) {
                    QVERIFY2(d == states[i / 97], qPrintable(QStringLiteral("seed %1, step %2").arg(seed).arg(i)));
                }
            }
            QVERIFY(d == original);
        }
    }
};

QTEST_GUILESS_MAIN(TestCommands)
#include "tst_commands.moc"
