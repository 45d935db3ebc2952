#include "commandsequence.h"

#include "catalog/catalog.h"
#include "commands/addnodecommand.h"
#include "commands/compositecommand.h"
#include "commands/connectcommand.h"
#include "commands/disconnectcommand.h"
#include "commands/editfloorcommand.h"
#include "commands/editlinkcommand.h"
#include "commands/editnodecommand.h"
#include "commands/groupcommand.h"
#include "commands/recorditemcommand.h"
#include "commands/removenodescommand.h"
#include "commands/renamedesigncommand.h"
#include "commands/replacedesigncommand.h"
#include "commands/setdesignpropertiescommand.h"
#include "model/design.h"

#include <QJsonValue>

#include <cmath>
#include <iterator>
#include <limits>
#include <memory>
#include <stdexcept>
#include <vector>

namespace pw::fuzz {

namespace {

enum Kind {
    KAddNode,
    KConnectNodes,
    KConnectPorts,
    KDisconnect,
    KEditLink,
    KEditNodes,
    KRemoveNodes,
    KGroup,
    KUngroup,
    KEditGroup,
    KRecordItem,
    KSetProperties,
    KRenameDesign,
    KReplaceDesign,
    KEditFloor,
    KComposite,
    KThrowing,
};
static_assert(KThrowing + 1 == kCommandKinds);

// The exception a test command throws; anything else escaping a command is a bug.
class InjectedFault : public std::runtime_error {
public:
    InjectedFault() : std::runtime_error("injected fault") {}
};

// A command that changes nothing and throws once, while applying, undoing or redoing: inside a
// composite it makes the siblings already run roll back. Undo and redo throw only while `armed`
// (the driver's own undo and redo calls), never inside the rollback of a refused composite: a
// rollback that throws ends the program by design, and one fault per command tree is what is tested.
class ThrowingCommand : public Command {
public:
    enum class When { Apply, FirstUndo, FirstRedo };
    ThrowingCommand(When when, const bool& armed) : mWhen(when), mArmed(armed) {}
    [[nodiscard]] QString text() const override { return QStringLiteral("Throw"); }

protected:
    [[nodiscard]] CommandResult performApply(Design&) override
    {
        if (mWhen == When::Apply)
            throw InjectedFault();
        return CommandResult::done();
    }
    void performUndo(Design&) override { throwOnce(When::FirstUndo); }
    void performRedo(Design&) override { throwOnce(When::FirstRedo); }

private:
    void throwOnce(When when)
    {
        if (mWhen == when && mArmed && !mThrown) {
            mThrown = true;
            throw InjectedFault();
        }
    }
    When mWhen;
    const bool& mArmed;
    bool mThrown = false;
};

struct IdCounters {
    std::uint32_t nodes, links, groups;
    bool operator==(const IdCounters&) const = default;
};

IdCounters counters(const Design& d)
{
    return {d.nodes().lastId(), d.links().lastId(), d.groups().lastId()};
}

// Arms the injected faults for the scope of one undo or redo.
class Armed {
public:
    explicit Armed(bool& flag) : mFlag(flag) { mFlag = true; }
    ~Armed() { mFlag = false; }
    Armed(const Armed&) = delete;
    Armed& operator=(const Armed&) = delete;

private:
    bool& mFlag;
};

struct Entry {
    std::unique_ptr<Command> command;
    Design before;
    Design after;
};

class Sequence {
public:
    Sequence(const std::vector<const CatalogItem*>& items, Design design, Chooser& choose, SequenceStats& stats)
        : mDesign(std::move(design)), mChoose(choose), mStats(stats), mItems(items)
    {
    }

    std::optional<QString> run(int maxSteps)
    {
        mOriginal = mDesign;
        const Design& original = mOriginal;
        if (auto why = mDesign.checkInvariants())
            return QStringLiteral("the starting design is broken: %1").arg(*why);
        for (mStep = 0; mStep < maxSteps && !mChoose.exhausted(); ++mStep) {
            const std::uint32_t op = mChoose.pick(20);
            std::optional<QString> failure;
            if (op < 13)
                failure = applyNew();
            else if (op < 16)
                failure = undoTop();
            else if (op < 19)
                failure = redoTop();
            else
                failure = misuse();
            if (!failure)
                failure = invariantsBroken();
            if (failure)
                return QStringLiteral("step %1: %2").arg(mStep).arg(*failure);
        }
        // Back to the start, forward to the end, and back again. Commands undone at the end are
        // dropped first, so "the end" is the state the sequence stopped in.
        mRedo.clear();
        const Design last = mDesign;
        if (auto f = undoAll())
            return f;
        if (!(mDesign == original))
            return QStringLiteral("undoing every command did not give back the original design");
        while (!mRedo.empty())
            if (auto f = redoTop(); f || (f = invariantsBroken()))
                return QStringLiteral("redoing to the end: %1").arg(*f);
        if (!(mDesign == last))
            return QStringLiteral("redoing every command did not give back the final design");
        if (auto f = undoAll())
            return f;
        if (!(mDesign == original))
            return QStringLiteral("undoing a second time did not give back the original design");
        return std::nullopt;
    }

private:
    std::optional<QString> invariantsBroken() const
    {
        if (auto why = mDesign.checkInvariants())
            return QStringLiteral("invariant broken: %1").arg(*why);
        return std::nullopt;
    }

    std::optional<QString> undoAll()
    {
        while (!mUndo.empty())
            if (auto f = undoTop(); f || (f = invariantsBroken()))
                return QStringLiteral("undoing to the start: %1").arg(*f);
        return std::nullopt;
    }

    std::optional<QString> applyNew()
    {
        auto [command, kind] = makeTopCommand();
        const Design before = mDesign;
        const quint64 revision = mDesign.revision();
        const IdCounters ids = counters(mDesign);
        CommandResult result;
        bool threw = false;
        try {
            result = command->apply(mDesign);
        } catch (const InjectedFault&) {
            threw = true;
        }
        if (threw || !result.ok) {
            threw ? ++mStats.threw : ++mStats.refused;
            if (!threw && result.reason.trimmed().isEmpty())
                return QStringLiteral("%1 refused without a reason").arg(command->text());
            if (!(mDesign == before))
                return QStringLiteral("%1 %2 but changed the design")
                    .arg(command->text(), threw ? QStringLiteral("threw") : QStringLiteral("refused"));
            // A leaf checks everything before it changes anything: not even the revision or an id
            // counter moves. A composite may have run and rolled back children.
            if (kind != KComposite && (mDesign.revision() != revision || !(counters(mDesign) == ids)))
                return QStringLiteral("%1 refused (%2) but moved the revision or an id counter")
                    .arg(command->text(), result.reason);
            if (command->apply(mDesign).ok || !(mDesign == before))
                return QStringLiteral("a spent %1 applied a second time").arg(command->text());
            return std::nullopt;
        }
        ++mStats.applied;
        mStats.kindsApplied |= 1 << kind;
        mRedo.clear();
        // As QUndoStack::push: a command with the top's merge id folds into it.
        if (!mUndo.empty() && command->mergeId() >= 0 && command->mergeId() == mUndo.back().command->mergeId()
            && mUndo.back().command->mergeWith(*command)) {
            ++mStats.merged;
            mUndo.back().after = mDesign;
            return std::nullopt;
        }
        mUndo.push_back({std::move(command), before, mDesign});
        return std::nullopt;
    }

    std::optional<QString> undoTop()
    {
        if (mUndo.empty())
            return std::nullopt;
        Entry& e = mUndo.back();
        try {
            Armed armed(mFaultsArmed);
            if (!e.command->undo(mDesign))
                return QStringLiteral("undo of an applied %1 was refused").arg(e.command->text());
        } catch (const InjectedFault&) {
            ++mStats.threw;
            if (!(mDesign == e.after))
                return QStringLiteral("a throwing undo of %1 did not roll back").arg(e.command->text());
            return std::nullopt; // still applied: a later undo tries again
        }
        ++mStats.undone;
        if (!(mDesign == e.before))
            return QStringLiteral("undo of %1 did not give the state before it").arg(e.command->text());
        mRedo.push_back(std::move(e));
        mUndo.pop_back();
        return std::nullopt;
    }

    std::optional<QString> redoTop()
    {
        if (mRedo.empty())
            return std::nullopt;
        Entry& e = mRedo.back();
        try {
            Armed armed(mFaultsArmed);
            if (!e.command->redo(mDesign))
                return QStringLiteral("redo of an undone %1 was refused").arg(e.command->text());
        } catch (const InjectedFault&) {
            ++mStats.threw;
            if (!(mDesign == e.before))
                return QStringLiteral("a throwing redo of %1 did not roll back").arg(e.command->text());
            return std::nullopt;
        }
        ++mStats.redone;
        if (!(mDesign == e.after))
            return QStringLiteral("redo of %1 did not give the state after it").arg(e.command->text());
        mUndo.push_back(std::move(e));
        mRedo.pop_back();
        return std::nullopt;
    }

    // Calls out of order must be refused and change nothing.
    std::optional<QString> misuse()
    {
        const Design before = mDesign;
        const quint64 revision = mDesign.revision();
        bool accepted = false;
        QString what;
        switch (mChoose.pick(3)) {
        case 0:
            if (mUndo.empty())
                return std::nullopt;
            what = QStringLiteral("a second apply or a redo of an applied command");
            accepted = mUndo.back().command->apply(mDesign).ok || mUndo.back().command->redo(mDesign);
            break;
        case 1:
            if (mRedo.empty())
                return std::nullopt;
            what = QStringLiteral("an apply or an undo of an undone command");
            accepted = mRedo.back().command->apply(mDesign).ok || mRedo.back().command->undo(mDesign);
            break;
        default: {
            auto fresh = makeTopCommand().first;
            what = QStringLiteral("an undo or redo of a command never applied");
            accepted = fresh->undo(mDesign) || fresh->redo(mDesign);
            break;
        }
        }
        if (accepted || !(mDesign == before) || mDesign.revision() != revision)
            return QStringLiteral("%1 was not refused cleanly").arg(what);
        ++mStats.misuseRefused;
        return std::nullopt;
    }

    // --- choices ---

    template <typename Id, typename T>
    Id pickId(const EntityTable<Id, T>& table)
    {
        std::vector<Id> ids;
        table.forEach([&](const T& e) { ids.push_back(e.id); });
        const std::uint32_t r = mChoose.pick(static_cast<std::uint32_t>(ids.size()) + 1);
        if (r < ids.size())
            return ids[r];
        // Now and then an id the design does not hold (never allocated, or deleted).
        return Id(mChoose.pick(table.lastId() + 3));
    }
    NodeId pickNode() { return pickId(mDesign.nodes()); }
    LinkId pickLink() { return pickId(mDesign.links()); }
    GroupId pickGroup() { return pickId(mDesign.groups()); }

    double pickNumber()
    {
        static const double odd[] = {-1.0, 0.0, 1e12, std::numeric_limits<double>::quiet_NaN(),
            std::numeric_limits<double>::infinity(), 20000.0};
        if (mChoose.pick(16) == 0)
            return odd[mChoose.pick(6)];
        return mChoose.pick(1000) / 4.0;
    }
    QPointF pickPosition()
    {
        if (mChoose.pick(32) == 0)
            return QPointF(pickNumber(), pickNumber());
        return QPointF(
            static_cast<double>(mChoose.pick(2001)) - 1000.0, static_cast<double>(mChoose.pick(2001)) - 1000.0);
    }
    QString pickName()
    {
        switch (mChoose.pick(12)) {
        case 0:
            return {};
        case 1:
            return QStringLiteral("  ");
        default:
            return QStringLiteral("n%1").arg(mChoose.pick(100));
        }
    }
    const CatalogItem* pickItem()
    {
        if (mItems.empty())
            return nullptr;
        return mItems[mChoose.pick(static_cast<std::uint32_t>(mItems.size()))];
    }
    QString pickSku()
    {
        // Mostly an item the design holds, sometimes one it does not, or none.
        const std::uint32_t r = mChoose.pick(4);
        if (r == 0)
            return {};
        if (r == 1) {
            const CatalogItem* item = pickItem();
            return item ? item->sku : QString();
        }
        const auto& items = mDesign.items();
        if (items.empty())
            return {};
        auto it = items.begin();
        std::advance(it, mChoose.pick(static_cast<std::uint32_t>(items.size())));
        return it->first;
    }
    Network pickNetwork() { return static_cast<Network>(mChoose.pick(5)); }
    std::vector<NodeId> pickNodes(std::uint32_t most)
    {
        std::vector<NodeId> ids;
        for (std::uint32_t i = mChoose.pick(most + 1); i > 0; --i)
            ids.push_back(pickNode());
        return ids;
    }

    void editNodeFields(Node& n)
    {
        switch (mChoose.pick(8)) {
        case 0:
            n.position = pickPosition();
            break;
        case 1:
            n.name = pickName();
            break;
        case 2:
            n.network = pickNetwork();
            break;
        case 3:
            n.rack = mChoose.pick(3) ? pickGroup() : GroupId();
            n.rackUnit = static_cast<int>(mChoose.pick(64)) - 2;
            break;
        case 4:
            n.unit = mChoose.pick(3) ? pickGroup() : GroupId();
            break;
        case 5:
            n.priceOverride = mChoose.pick(3) ? std::optional(pickNumber()) : std::nullopt;
            break;
        case 6:
            n.tier = static_cast<FabricTier>(mChoose.pick(4));
            n.rail = static_cast<int>(mChoose.pick(9)) - 1;
            break;
        default:
            if (mChoose.pick(4) == 0)
                n.sku = QStringLiteral("not-") + n.sku; // a model change is refused
            break;
        }
    }

    // What the dials of a regenerated design might give: the design itself (refused: nothing would
    // change), an empty design, the design the sequence started from, or the design with nodes
    // added or removed (its id counters then differ from the design's).
    Design pickReplacement()
    {
        switch (mChoose.pick(4)) {
        case 0:
            return mDesign;
        case 1: {
            Design empty;
            empty.setName(QStringLiteral("empty"));
            return empty;
        }
        case 2:
            return mOriginal;
        default: {
            Design changed = mDesign;
            if (const CatalogItem* item = mChoose.pick(2) ? pickItem() : nullptr) {
                Node n;
                n.position = pickPosition();
                (void)AddNodeCommand(*item, n).apply(changed);
            } else {
                (void)RemoveNodesCommand(pickNodes(3)).apply(changed);
            }
            return changed;
        }
        }
    }

    // A floor plan for EditFloorCommand: the design's own with one edit (a rack moved, the hall's
    // figures or a row's length changed, not always valid), or a new one with every rack of the
    // design in a row (some moves then refused: taken, or out of the row).
    FloorLayout pickFloor()
    {
        const std::optional<FloorLayout> current = FloorLayout::of(mDesign);
        if (!current || mChoose.pick(6) == 0) {
            FloorLayout f;
            f.rows.push_back(FloorRow{QStringLiteral("A"), 0, 0, 2 + static_cast<int>(mChoose.pick(6)), false});
            f.rows.push_back(FloorRow{QStringLiteral("B"), 0, f.hall.rowPitchM(), 4, true});
            int slot = 0;
            mDesign.groups().forEach([&](const Group& g) {
                if (g.kind == GroupKind::Rack || mChoose.pick(8) == 0) // now and then a group that is no rack
                    f.racks[g.id.value()] = RackPlace{slot / 4 % 2, slot % 4};
                ++slot;
            });
            return f;
        }
        const GroupId rack = current->racks.empty() ? pickGroup() : GroupId(current->racks.begin()->first);
        QString why;
        std::optional<FloorLayout> edited;
        switch (mChoose.pick(3)) {
        case 0:
            edited = EditFloorCommand::withRackMoved(
                *current, rack, static_cast<int>(mChoose.pick(3)) - 1, static_cast<int>(mChoose.pick(6)) - 1, &why);
            break;
        case 1: {
            HallParameters hall = current->hall;
            hall.coldAisleM = 0.6 + 0.3 * mChoose.pick(4);
            hall.slackPerEndM = pickNumber();
            hall.trayAboveRackM = 0.1 * mChoose.pick(5);
            edited = EditFloorCommand::withHall(*current, hall, &why);
            break;
        }
        default:
            edited = EditFloorCommand::withRowLength(
                *current, static_cast<int>(mChoose.pick(3)), 1 + static_cast<int>(mChoose.pick(6)), &why);
            break;
        }
        return edited.value_or(*current); // a refused edit: the same floor, which the command refuses
    }

    std::pair<std::unique_ptr<Command>, int> makeTopCommand()
    {
        mThrowerPlaced = false;
        return makeCommand(0);
    }

    std::pair<std::unique_ptr<Command>, int> makeCommand(int depth)
    {
        // Extra weight on adding and connecting, so designs grow while they are also cut down.
        int kind = static_cast<int>(mChoose.pick(kCommandKinds + 4));
        if (kind >= kCommandKinds)
            kind = kind % 2 ? KAddNode : KConnectNodes;
        if ((depth >= 2 && kind == KComposite) || (kind == KThrowing && mThrowerPlaced))
            kind = KAddNode;
        switch (kind) {
        case KAddNode: {
            const CatalogItem* item = pickItem();
            if (!item)
                break;
            Node n;
            n.position = pickPosition();
            n.name = mChoose.pick(4) ? QString() : pickName();
            if (mChoose.pick(4) == 0)
                editNodeFields(n);
            if (mChoose.pick(16) == 0)
                n.id = pickNode();
            return {std::make_unique<AddNodeCommand>(*item, n), kind};
        }
        case KConnectNodes:
            return {std::make_unique<ConnectCommand>(
                        pickNode(), pickNode(), mChoose.pick(4) ? QString() : pickSku(), pickNumber()),
                kind};
        case KConnectPorts: {
            const NodeId a = pickNode();
            const NodeId b = pickNode();
            const PortRef pa{
                a, static_cast<int>(mChoose.pick(static_cast<std::uint32_t>(mDesign.portCount(a)) + 2)) - 1};
            const PortRef pb{
                b, static_cast<int>(mChoose.pick(static_cast<std::uint32_t>(mDesign.portCount(b)) + 2)) - 1};
            return {std::make_unique<ConnectCommand>(pa, pb, mChoose.pick(2) ? QString() : pickSku()), kind};
        }
        case KDisconnect: {
            std::vector<LinkId> links;
            for (std::uint32_t i = mChoose.pick(4); i > 0; --i)
                links.push_back(pickLink());
            return {std::make_unique<DisconnectCommand>(links), kind};
        }
        case KEditLink: {
            const LinkId id = pickLink();
            Link l;
            if (const Link* existing = mDesign.link(id))
                l = *existing;
            l.id = id;
            switch (mChoose.pick(4)) {
            case 0:
                l.cableSku = pickSku();
                break;
            case 1:
                l.transceiverSku = pickSku();
                break;
            case 2:
                l.lengthM = pickNumber();
                break;
            default:
                l.a.index += 1; // moving a link is refused
                break;
            }
            return {std::make_unique<EditLinkCommand>(l), kind};
        }
        case KEditNodes: {
            // Often the nodes edited last, so that mergeable edits (nudges) do merge.
            if (mLastEdited.empty() || mChoose.pick(2))
                mLastEdited = pickNodes(3);
            std::vector<Node> states;
            for (NodeId id : mLastEdited) {
                Node n;
                if (const Node* existing = mDesign.node(id))
                    n = *existing;
                n.id = id;
                for (std::uint32_t e = 1 + mChoose.pick(2); e > 0; --e)
                    editNodeFields(n);
                states.push_back(n);
            }
            return {std::make_unique<EditNodesCommand>(QStringLiteral("Edit"), states, mChoose.pick(2) == 0), kind};
        }
        case KRemoveNodes:
            return {std::make_unique<RemoveNodesCommand>(pickNodes(3)), kind};
        case KGroup: {
            Group g;
            g.kind = static_cast<GroupKind>(mChoose.pick(3));
            g.name = mChoose.pick(8) ? QStringLiteral("g%1").arg(mStep) : pickName();
            if (mChoose.pick(3) == 0)
                g.parent = pickGroup();
            if (mChoose.pick(3) == 0)
                g.powerBudgetKw = pickNumber();
            if (mChoose.pick(16) == 0)
                g.id = pickGroup();
            return {std::make_unique<GroupCommand>(g, pickNodes(4)), kind};
        }
        case KUngroup:
            return {std::make_unique<UngroupCommand>(pickGroup()), kind};
        case KEditGroup: {
            const GroupId id = pickGroup();
            Group g;
            if (const Group* existing = mDesign.group(id))
                g = *existing;
            g.id = id;
            switch (mChoose.pick(5)) {
            case 0:
                g.name = pickName();
                break;
            case 1:
                g.powerBudgetKw = pickNumber();
                g.liquidCooled = mChoose.pick(2);
                break;
            case 2:
                g.parent = mChoose.pick(3) ? pickGroup() : GroupId();
                break;
            case 3:
                g.kind = static_cast<GroupKind>(mChoose.pick(3));
                break;
            default:
                g.name = QStringLiteral("G%1").arg(mStep);
                break;
            }
            return {std::make_unique<EditGroupCommand>(g), kind};
        }
        case KRecordItem:
            if (const CatalogItem* item = pickItem())
                return {std::make_unique<RecordItemCommand>(*item), kind};
            break;
        case KSetProperties: {
            QJsonObject p = mDesign.properties();
            const QString key = QStringLiteral("k%1").arg(mChoose.pick(3));
            if (mChoose.pick(4) == 0)
                p.remove(key);
            else if (mChoose.pick(4))
                p.insert(key, static_cast<int>(mChoose.pick(4)));
            return {std::make_unique<SetDesignPropertiesCommand>(QStringLiteral("Properties"), p), kind};
        }
        case KRenameDesign:
            return {std::make_unique<RenameDesignCommand>(mChoose.pick(4) ? pickName() : mDesign.name()), kind};
        case KReplaceDesign:
            return {std::make_unique<ReplaceDesignCommand>(QStringLiteral("Replace"), pickReplacement()), kind};
        case KEditFloor:
            return {std::make_unique<EditFloorCommand>(QStringLiteral("Floor"), pickFloor()), kind};
        case KComposite: {
            auto composite = std::make_unique<CompositeCommand>(QStringLiteral("Composite"));
            for (std::uint32_t i = mChoose.pick(5); i > 0; --i)
                composite->add(makeCommand(depth + 1).first);
            return {std::move(composite), kind};
        }
        case KThrowing:
            mThrowerPlaced = true;
            return {
                std::make_unique<ThrowingCommand>(static_cast<ThrowingCommand::When>(mChoose.pick(3)), mFaultsArmed),
                kind};
        }
        return {std::make_unique<UngroupCommand>(GroupId()), KUngroup}; // an empty catalog: refused
    }

    Design mDesign;
    Design mOriginal; // the design the sequence started from
    Chooser& mChoose;
    SequenceStats& mStats;
    const std::vector<const CatalogItem*>& mItems;
    std::vector<Entry> mUndo;
    std::vector<Entry> mRedo;
    int mStep = 0;
    std::vector<NodeId> mLastEdited;
    bool mFaultsArmed = false;
    bool mThrowerPlaced = false;
};

} // namespace

std::optional<QString> runCommandSequence(
    const std::vector<const CatalogItem*>& items, Design design, Chooser& choose, int maxSteps, SequenceStats* stats)
{
    SequenceStats local;
    Sequence sequence(items, std::move(design), choose, stats ? *stats : local);
    return sequence.run(maxSteps);
}

Design seedDesign(const Catalog& catalog)
{
    Design d;
    d.setName(QStringLiteral("seed"));
    const CatalogItem* server = catalog.item(QStringLiteral("dgx-h100"));
    const CatalogItem* leaf = catalog.item(QStringLiteral("qm9700"));
    const CatalogItem* oob = catalog.item(QStringLiteral("sn2201"));
    if (!server || !leaf || !oob)
        return d;
    auto add = [&](const CatalogItem& item, Network network) {
        Node n;
        n.network = network;
        AddNodeCommand cmd(item, n);
        (void)cmd.apply(d);
        return cmd.nodeId();
    };
    const NodeId a = add(*server, Network::None);
    const NodeId b = add(*server, Network::None);
    const NodeId l = add(*leaf, Network::Compute);
    const NodeId o = add(*oob, Network::OutOfBand);
    for (NodeId s : {a, b}) {
        for (int i = 0; i < 4; ++i) {
            ConnectCommand c(s, l);
            (void)c.apply(d);
        }
        ConnectCommand bmc(s, o);
        (void)bmc.apply(d);
    }
    Group rack;
    rack.name = QStringLiteral("R1");
    GroupCommand g(rack, {a, b, l, o});
    (void)g.apply(d);
    return d;
}

} // namespace pw::fuzz
