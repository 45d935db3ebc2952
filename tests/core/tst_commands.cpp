#include "fuzz/commandsequence.h"
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
#include "commands/setdesignpropertiescommand.h"

#include <QRandomGenerator>
#include <QtTest>

#include <array>
#include <cmath>
#include <memory>
#include <stdexcept>

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
    QVERIFY(cmd.undo(d));
    QVERIFY(d == before);
    QVERIFY(!d.checkInvariants());
    QVERIFY(cmd.redo(d));
    QVERIFY(d == after);
    QVERIFY(!d.checkInvariants());
}

// A refusal leaves the design equal, and moves neither its revision nor an id counter: the
// command checked everything before it changed anything.
void checkRefusedUntouched(Design& d, Command& cmd, const char* expectedReason)
{
    const Design before = d;
    const quint64 revision = d.revision();
    const auto counters = [](const Design& x) {
        return std::array{x.nodes().lastId(), x.links().lastId(), x.groups().lastId()};
    };
    const auto ids = counters(d);
    const CommandResult r = cmd.apply(d);
    QVERIFY2(!r.ok, expectedReason);
    QVERIFY2(r.reason.contains(QLatin1String(expectedReason), Qt::CaseInsensitive), qPrintable(r.reason));
    QVERIFY(d == before);
    QCOMPARE(d.revision(), revision);
    QVERIFY(counters(d) == ids);
}

// Throws std::runtime_error from apply, undo or redo (once), changing nothing itself.
class FaultyCommand : public Command {
public:
    enum class When { Apply, Undo, Redo };
    explicit FaultyCommand(When when) : mWhen(when) {}
    [[nodiscard]] QString text() const override { return QStringLiteral("Faulty"); }

protected:
    [[nodiscard]] CommandResult performApply(Design&) override
    {
        if (mWhen == When::Apply)
            throw std::runtime_error("disk full");
        return CommandResult::done();
    }
    void performUndo(Design&) override { throwOnce(When::Undo); }
    void performRedo(Design&) override { throwOnce(When::Redo); }

private:
    void throwOnce(When when)
    {
        if (mWhen == when && !mThrown) {
            mThrown = true;
            throw std::runtime_error("disk full");
        }
    }
    When mWhen;
    bool mThrown = false;
};

std::unique_ptr<Command> addServer(const QString& name)
{
    Node n;
    n.name = name;
    return std::make_unique<AddNodeCommand>(*test::shippedCatalog().item(QStringLiteral("dgx-h100")), n);
}

class RandomChooser : public fuzz::Chooser {
public:
    explicit RandomChooser(quint32 seed) : mRng(seed) {}
    std::uint32_t pick(std::uint32_t bound) override { return bound <= 1 ? 0 : mRng.bounded(bound); }
    [[nodiscard]] bool exhausted() const override { return false; }

private:
    QRandomGenerator mRng;
};

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

    // Design::item() reads a hash index beside the entries: recording, undoing (forgetting) and
    // copying a design must each keep it pointing at the design's own entries.
    void catalogEntriesFollowRecordUndoAndCopy()
    {
        Design d = test::smallDesign();
        const QString sku = QStringLiteral("acc-800g-osfp");
        QVERIFY(!d.item(sku));
        RecordItemCommand record(*test::shippedCatalog().item(sku));
        QVERIFY(record.apply(d).ok);
        QVERIFY(d.item(sku));
        QCOMPARE(d.item(sku)->sku, sku);
        const Design copy = d;
        QVERIFY(copy.item(sku));
        QVERIFY(copy.item(sku) != d.item(sku)); // the copy's own entry, not one inside d
        QVERIFY(record.undo(d));
        QVERIFY(!d.item(sku));
        QCOMPARE(copy.item(sku)->sku, sku);
        QVERIFY(copy.item(sku)->kind == test::shippedCatalog().item(sku)->kind);
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

    void groupsCannotFormACycleAndNamesAreBounded()
    {
        // Two pods that were each other's parent hung the studio; the loader refuses such a file, so
        // no command may build one (nor a name the loader would refuse).
        Design d = test::smallDesign();
        Group pod;
        pod.kind = GroupKind::Pod;
        pod.name = QStringLiteral("pod-a");
        GroupCommand makeA(pod, {});
        QVERIFY(makeA.apply(d).ok);
        pod.name = QStringLiteral("pod-b");
        GroupCommand makeB(pod, {});
        QVERIFY(makeB.apply(d).ok);
        Group a = *d.group(makeA.groupId());
        a.parent = makeB.groupId();
        const Design before = d;
        EditGroupCommand podInPod(a);
        QVERIFY(!podInPod.apply(d).ok);
        QVERIFY(d == before);

        Group longName = *d.group(makeA.groupId());
        longName.name = QString(Design::kMaxNameLength + 1, QLatin1Char('x'));
        EditGroupCommand renameGroup(longName);
        QVERIFY(!renameGroup.apply(d).ok);
        Node n = *d.node(nodeNamed(d, QStringLiteral("dgx-a")));
        n.name = QString(Design::kMaxNameLength + 1, QLatin1Char('n'));
        EditNodesCommand renameNode(QStringLiteral("Rename"), std::vector<Node>{n});
        QVERIFY(!renameNode.apply(d).ok);
        n.name = QString(Design::kMaxNameLength, QLatin1Char('n'));
        EditNodesCommand renameToLimit(QStringLiteral("Rename"), std::vector<Node>{n});
        QVERIFY(renameToLimit.apply(d).ok);
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

    void compositeRollsBackWhenAChildThrows()
    {
        Design d = test::smallDesign();
        const Design before = d;
        CompositeCommand paste(QStringLiteral("Paste"));
        paste.add(addServer(QStringLiteral("x")));
        paste.add(std::make_unique<RemoveNodesCommand>(std::vector<NodeId>{nodeNamed(d, QStringLiteral("dgx-b"))}));
        paste.add(std::make_unique<FaultyCommand>(FaultyCommand::When::Apply));
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, (void)paste.apply(d));
        QVERIFY(d == before);
        QVERIFY(!d.checkInvariants());
        QVERIFY(!paste.isApplied());
        for (const auto& child : paste.commands())
            QVERIFY(!child->isApplied());
    }

    void compositeUndoAndRedoRollBackWhenAChildThrows()
    {
        for (auto when : {FaultyCommand::When::Undo, FaultyCommand::When::Redo}) {
            Design d = test::smallDesign();
            const Design before = d;
            CompositeCommand group(QStringLiteral("Two"));
            group.add(addServer(QStringLiteral("x")));
            group.add(std::make_unique<FaultyCommand>(when));
            group.add(std::make_unique<RemoveNodesCommand>(std::vector<NodeId>{nodeNamed(d, QStringLiteral("dgx-b"))}));
            QVERIFY(group.apply(d).ok);
            const Design after = d;
            if (when == FaultyCommand::When::Undo) {
                // The removal is undone first, then the fault: the removal is redone, all stays applied.
                QVERIFY_THROWS_EXCEPTION(std::runtime_error, group.undo(d));
                QVERIFY(d == after);
                QVERIFY(group.isApplied());
                QVERIFY(group.undo(d)); // the fault was once: now it goes through
                QVERIFY(d == before);
            } else {
                QVERIFY(group.undo(d));
                QVERIFY(d == before);
                QVERIFY_THROWS_EXCEPTION(std::runtime_error, group.redo(d));
                QVERIFY(d == before);
                QVERIFY(!group.isApplied());
            }
            QVERIFY(group.redo(d));
            QVERIFY(d == after);
            QVERIFY(!d.checkInvariants());
        }
    }

    void compositeRefusesAChildAppliedBefore()
    {
        Design d = test::smallDesign();
        auto child = addServer(QStringLiteral("x"));
        QVERIFY(child->apply(d).ok);
        const Design before = d;
        CompositeCommand group(QStringLiteral("Again"));
        group.add(addServer(QStringLiteral("y")));
        group.add(std::move(child));
        const CommandResult r = group.apply(d);
        QVERIFY(!r.ok);
        QVERIFY2(r.reason.contains(QLatin1String("only once")), qPrintable(r.reason));
        QVERIFY(d == before);
    }

    // Out-of-order calls are programmer errors, refused in every build without touching the design.
    void commandsApplyOnceAndUndoOnlyWhenApplied()
    {
        Design d = test::smallDesign();
        const Design original = d;
        const quint64 revision = d.revision();
        auto cmd = addServer(QStringLiteral("x"));
        QVERIFY(!cmd->undo(d));
        QVERIFY(!cmd->redo(d));
        QVERIFY(d == original);
        QCOMPARE(d.revision(), revision);

        QVERIFY(cmd->apply(d).ok);
        const Design applied = d;
        const CommandResult again = cmd->apply(d);
        QVERIFY(!again.ok);
        QVERIFY2(again.reason.contains(QLatin1String("only once")), qPrintable(again.reason));
        QVERIFY(!cmd->redo(d));
        QVERIFY(d == applied);

        QVERIFY(cmd->undo(d));
        QVERIFY(!cmd->undo(d));
        QVERIFY(!cmd->apply(d).ok);
        QVERIFY(d == original);
        QVERIFY(cmd->redo(d));
        QVERIFY(d == applied);

        // A refused command is spent: it does not apply later, when it would fit.
        RemoveNodesCommand missing({NodeId(d.nodes().lastId() + 1)});
        QVERIFY(!missing.apply(d).ok);
        QVERIFY(!missing.wasApplied());
        QVERIFY(!missing.apply(d).ok);
    }

    void groupAndRemoveRefuseBeforeChangingAnything()
    {
        Design d = test::smallDesign();
        const NodeId gone(d.nodes().lastId() + 5);
        Group rack;
        rack.kind = GroupKind::Rack;
        rack.name = QStringLiteral("R2");
        GroupCommand group(rack, {nodeNamed(d, QStringLiteral("dgx-a")), gone});
        checkRefusedUntouched(d, group, "does not exist"); // no group id taken
        QVERIFY(!group.groupId().isValid());
        Group pod;
        pod.kind = GroupKind::Pod;
        pod.name = QStringLiteral("pod");
        pod.parent = GroupId(1); // the rack of the small design
        GroupCommand podInRack(pod, {});
        checkRefusedUntouched(d, podInRack, "inside a pod");
        Group taken = rack;
        taken.id = GroupId(1); // the rack of the small design
        GroupCommand takenId(taken, {});
        checkRefusedUntouched(d, takenId, "not free");
        RemoveNodesCommand remove({nodeNamed(d, QStringLiteral("dgx-a")), gone});
        checkRefusedUntouched(d, remove, "does not exist");
        QCOMPARE(remove.text(), QStringLiteral("Delete 2 nodes"));
    }

    void addAndEditRefuseFieldsThatCannotStand()
    {
        Design d = test::smallDesign();
        Group pod;
        pod.kind = GroupKind::Pod;
        pod.name = QStringLiteral("pod");
        GroupCommand makePod(pod, {});
        QVERIFY(makePod.apply(d).ok);
        Node n;
        n.rack = makePod.groupId(); // a pod is not a rack
        AddNodeCommand intoPod(*test::shippedCatalog().item(QStringLiteral("dgx-h100")), n);
        checkRefusedUntouched(d, intoPod, "rack does not exist");
        Node nan;
        nan.position = QPointF(std::nan(""), 0);
        AddNodeCommand nowhere(*test::shippedCatalog().item(QStringLiteral("dgx-h100")), nan);
        checkRefusedUntouched(d, nowhere, "finite");
        Node preset;
        preset.id = NodeId(d.nodes().lastId() + 1); // not reserved from the design
        AddNodeCommand unreserved(*test::shippedCatalog().item(QStringLiteral("dgx-h100")), preset);
        checkRefusedUntouched(d, unreserved, "not free");

        Group selfParent = *d.group(makePod.groupId());
        selfParent.parent = selfParent.id; // a cycle
        EditGroupCommand cycle(selfParent);
        checkRefusedUntouched(d, cycle, "inside a pod");
    }

    // Property: long random sequences of every command kind, with undo, redo, merges, faults and
    // out-of-order calls; invariants after every step, exact states on undo and redo, and undoing
    // everything gives back the original (runCommandSequence checks each).
    void randomSequencesUndoToTheStart()
    {
        const std::vector<const CatalogItem*> items = test::shippedCatalog().items();
        fuzz::SequenceStats stats;
        for (quint32 seed : {1u, 2u, 3u, 4u, 5u, 6u}) {
            RandomChooser choose(seed);
            const auto failure = fuzz::runCommandSequence(items, test::smallDesign(), choose, 1500, &stats);
            QVERIFY2(!failure, qPrintable(QStringLiteral("seed %1: %2").arg(seed).arg(failure.value_or(QString()))));
        }
        // The run reached every path it is meant to check.
        QVERIFY2(stats.applied > 1000, qPrintable(QString::number(stats.applied)));
        QVERIFY(stats.refused > 100);
        QVERIFY(stats.undone > 300);
        QVERIFY(stats.redone > 200);
        QVERIFY(stats.threw > 10);
        QVERIFY(stats.merged > 0);
        QVERIFY(stats.misuseRefused > 50);
        QCOMPARE(stats.kindsApplied, (1 << fuzz::kCommandKinds) - 1);
    }
};

QTEST_GUILESS_MAIN(TestCommands)
#include "tst_commands.moc"
