#include "generate/failuredomainplacement.h"

#include "catalog/rackheight.h"
#include "failures/placementcheck.h"
#include "generate/computelayout.h"
#include "generate/rackplanner.h"
#include "model/design.h"
#include "util/plural.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace pw {

namespace {

class Spreader {
public:
    Spreader(RackPlanner& racks, const Design& design) : mRacks(racks), mDesign(design)
    {
        mTiers.assign(static_cast<size_t>(racks.rackCount()), 0);
        // The compute fabric's separate planes: the switches joined by switch links (servers do not
        // forward), one union-find pass over the links.
        mPlane.resize(design.nodes().slotCount() + 1);
        for (size_t i = 0; i < mPlane.size(); ++i)
            mPlane[i] = static_cast<quint32>(i);
        auto isSwitch = [&](NodeId n) {
            const Node* node = design.node(n);
            return node && node->network == Network::Compute && node->tier != FabricTier::None;
        };
        design.links().forEach([&](const Link& l) {
            if (isSwitch(l.a.node) && isSwitch(l.b.node))
                mPlane[root(l.a.node.value())] = root(l.b.node.value());
        });
    }

    quint32 root(quint32 v)
    {
        while (mPlane[v] != v) {
            mPlane[v] = mPlane[mPlane[v]];
            v = mPlane[v];
        }
        return v;
    }

    void markCompute(const std::vector<NodeId>& nodes)
    {
        for (NodeId n : nodes)
            if (const int r = mRacks.rackIndexOf(n); r >= 0)
                mark(r, n);
    }

    // Which members of a leaf group trade places (or move, for a group with no partner): colours
    // the members so that every server wired to two or more of them has some of each colour. A
    // server whose leaves are all uncoloured gets them alternately (a DGX's 8 rails: 2, 4, 6 and 8
    // trade); one with some coloured gets the rest to the colour it lacks. Rail-optimized units
    // (every server on every leaf) and NVL72 units (a rack on one leaf of each rail) both split
    // each server's rails over the two racks. One pass over the group's links.
    std::vector<bool> tradeMask(const std::vector<NodeId>& group)
    {
        std::unordered_map<quint32, size_t> index;
        for (size_t i = 0; i < group.size(); ++i)
            index.emplace(group[i].value(), i);
        std::vector<int> colour(group.size(), -1);
        std::unordered_set<quint32> seen;
        for (NodeId leaf : group)
            for (LinkId id : mDesign.linksOf(leaf)) {
                const Link* l = mDesign.link(id);
                const NodeId server = l->a.node == leaf ? l->b.node : l->a.node;
                const CatalogItem* item = mDesign.itemOf(server);
                if (!item || item->gpuCount() <= 0 || !seen.insert(server.value()).second)
                    continue;
                std::vector<size_t> mine;
                for (LinkId sid : mDesign.linksOf(server)) {
                    const Link* sl = mDesign.link(sid);
                    const NodeId far = sl->a.node == server ? sl->b.node : sl->a.node;
                    if (const auto it = index.find(far.value());
                        it != index.end() && std::find(mine.begin(), mine.end(), it->second) == mine.end())
                        mine.push_back(it->second);
                }
                if (mine.size() < 2)
                    continue;
                // Within each plane the server is on two or more leaves of, both colours (a plane
                // lost from one rack would cut the servers left on the other plane off from those
                // left on this one); its single leaves of other planes together the same way.
                std::map<quint32, std::vector<size_t>> byPlane;
                for (size_t m : mine)
                    byPlane[root(group[m].value())].push_back(m);
                std::vector<size_t> singles;
                for (auto& [plane, leaves] : byPlane) {
                    if (leaves.size() < 2)
                        singles.push_back(leaves.front());
                    else
                        colourBoth(leaves, colour);
                }
                if (singles.size() >= 2)
                    colourBoth(singles, colour);
            }
        std::vector<bool> mask(group.size(), false);
        bool any = false;
        for (size_t i = 0; i < group.size(); ++i) {
            mask[i] = colour[i] == 1;
            any = any || mask[i];
        }
        if (!any) { // no server on two of them (spines; single-homed hosts): every other member of
            // each pod, by its place in the pod (a pod's k-th spine joins core group k)
            std::unordered_map<quint32, int> inPod;
            for (size_t i = 0; i < group.size(); ++i)
                mask[i] = inPod[mDesign.node(group[i])->unit.value()]++ % 2 == 1;
        }
        return mask;
    }

    // Colours the uncoloured of `members` so that both colours are among them: the colours they
    // lack first, then alternately.
    static void colourBoth(const std::vector<size_t>& members, std::vector<int>& colour)
    {
        bool has[2] = {false, false};
        for (size_t m : members)
            if (colour[m] >= 0)
                has[colour[m]] = true;
        int k = 0;
        for (size_t m : members)
            if (colour[m] < 0) {
                const int c = !has[0] ? 0 : !has[1] ? 1 : k % 2;
                colour[m] = c;
                has[c] = true;
                ++k;
            }
    }

    // Pairs the groups of two or more switches (the last three a ring when their count is odd) and
    // trades the members `tradeMask` picks, in order; returns the groups left without a partner.
    std::vector<const std::vector<NodeId>*> pairUp(
        const std::vector<std::vector<NodeId>>& groups, bool sameColumns = false)
    {
        std::vector<const std::vector<NodeId>*> many;
        for (const auto& g : groups)
            if (g.size() >= 2)
                many.push_back(&g);
        if (many.size() < 2)
            return many;
        std::vector<std::vector<NodeId>> traded(many.size());
        std::vector<std::vector<NodeId>> kept(many.size());
        for (size_t i = 0; i < many.size(); ++i) {
            const std::vector<bool> mask = tradeMask(*many[i]);
            for (size_t j = 0; j < mask.size(); ++j)
                (mask[j] ? traded[i] : kept[i]).push_back((*many[i])[j]);
        }
        std::vector<const std::vector<NodeId>*> alone;
        for (size_t i = 0; i < many.size();) {
            if (sameColumns) {
                // Spines: the racks of a block (two, or the last three) each take one class of
                // columns (a spine's place in its pod, modulo the block) of every pod of the
                // block: pod p of row x gives its class-y spines for pod p of row y's class-x ones.
                // A rack lost then leaves every pod the same other columns, which reach the same
                // core groups (a pod's k-th spine joins core group k).
                const size_t block = many.size() - i == 3 ? 3 : 2;
                if (many.size() - i == 1) {
                    alone.push_back(many[i]);
                    break;
                }
                std::vector<std::vector<std::vector<NodeId>>> pods(block);
                bool oddPod = false;
                for (size_t x = 0; x < block; ++x) {
                    pods[x] = podsOf(*many[i + x]);
                    for (const auto& pod : pods[x])
                        oddPod = oddPod || (pod.size() % 2 == 1 && pod.size() > 1);
                }
                // Pods of an odd size (3 spines) need three classes: in two racks one pod would
                // keep 1 of 3. The class no rack of the block takes goes to a rack of its own.
                const size_t classes = std::max(block, oddPod ? size_t(3) : size_t(2));
                for (size_t x = 0; x < block; ++x)
                    for (size_t y = x + 1; y < block; ++y)
                        for (size_t p = 0; p < std::min(pods[x].size(), pods[y].size()); ++p) {
                            const std::vector<NodeId> give = columns(pods[x][p], y, classes);
                            const std::vector<NodeId> take = columns(pods[y][p], x, classes);
                            for (size_t j = 0; j < std::min(give.size(), take.size()); ++j)
                                mTraded += mRacks.swapPlaces(give[j], take[j]) ? 1 : 0;
                        }
                std::set<int> blockRacks;
                for (size_t x = 0; x < block; ++x)
                    for (NodeId n : *many[i + x])
                        blockRacks.insert(mRacks.rackIndexOf(n));
                for (size_t cls = block; cls < classes; ++cls) {
                    int target = -1;
                    for (size_t x = 0; x < block; ++x)
                        for (const auto& pod : pods[x])
                            for (NodeId m : columns(pod, cls, classes)) {
                                const int from = mRacks.rackIndexOf(m);
                                if (target < 0 || !mRacks.hasRoomFor(target, m))
                                    target = targetFor(from, m, blockRacks);
                                mRacks.moveTo(m, target);
                                mark(target, m);
                                ++mMoved;
                            }
                    blockRacks.insert(target);
                }
                i += block;
                continue;
            }
            const size_t block = many.size() - i == 3 ? 3 : 2;
            // Ring: A's traded members go to B's rack, B's to C's, C's to A's (two trades).
            for (size_t k = 1; k < block; ++k)
                for (size_t j = 0; j < std::min(traded[i].size(), traded[i + k].size()); ++j)
                    mTraded += mRacks.swapPlaces(traded[i][j], traded[i + k][j]) ? 1 : 0;
            if (block == 2) {
                // Groups of unequal size (a leaf-spine's rows: 16 and 10 leaves): the larger one's
                // traded members past the pairs' move on their own, else they would stay beside the
                // other colour (a DGX on 8 of them kept 7 of 8 rails in one rack).
                moveRest(traded[i], traded[i + 1]);
                moveRest(traded[i + 1], traded[i]);
            }
            i += block;
        }
        return alone;
    }

    // The members of `traded` past `partner`'s count go to the rack the traded ones went to, or,
    // when it is full, to the nearest free rack (not one of the group's own).
    void moveRest(const std::vector<NodeId>& traded, const std::vector<NodeId>& partner)
    {
        if (traded.size() <= partner.size() || partner.empty())
            return;
        const int to = mRacks.rackIndexOf(traded.front());
        std::set<int> home{mRacks.rackIndexOf(partner.front())};
        for (size_t j = partner.size(); j < traded.size(); ++j) {
            const NodeId m = traded[j];
            const int from = mRacks.rackIndexOf(m);
            home.insert(from);
            const int target = to >= 0 && to != from && mRacks.hasRoomFor(to, m) ? to : targetFor(from, m, home);
            mRacks.moveTo(m, target);
            mark(target, m);
            ++mMoved;
        }
    }

    // A row of spines as its pods (by unit), in order, each pod's spines in order.
    std::vector<std::vector<NodeId>> podsOf(const std::vector<NodeId>& row) const
    {
        std::vector<std::vector<NodeId>> pods;
        std::unordered_map<quint32, size_t> index;
        for (NodeId n : row) {
            const auto [it, fresh] = index.try_emplace(mDesign.node(n)->unit.value(), pods.size());
            if (fresh)
                pods.emplace_back();
            pods[it->second].push_back(n);
        }
        return pods;
    }
    static std::vector<NodeId> columns(const std::vector<NodeId>& pod, size_t cls, size_t block)
    {
        std::vector<NodeId> out;
        for (size_t k = cls; k < pod.size(); k += block)
            out.push_back(pod[k]);
        return out;
    }

    // A group with no partner: the members tradeMask picks move to another rack (split keeps the
    // rest within `maxPer` of any rack).
    void splitByMask(const std::vector<NodeId>& group)
    {
        if (group.size() < 2)
            return;
        const std::vector<bool> mask = tradeMask(group);
        std::vector<NodeId> moving;
        std::vector<NodeId> staying;
        for (size_t j = 0; j < group.size(); ++j)
            (mask[j] ? moving : staying).push_back(group[j]);
        std::set<int> home;
        for (NodeId n : staying)
            home.insert(mRacks.rackIndexOf(n));
        int target = -1;
        for (NodeId m : moving) {
            const int from = mRacks.rackIndexOf(m);
            if (from < 0 || !home.count(from))
                continue; // already apart from the rest
            if (target < 0 || !mRacks.hasRoomFor(target, m))
                target = targetFor(from, m, home);
            mRacks.moveTo(m, target);
            mark(target, m);
            ++mMoved;
        }
    }

    // Moves members off every rack that holds more than `maxPer` of the group: to the group's
    // other racks with room, else to the nearest rack with neither GPU servers nor compute switches
    // that has room, else to a new rack in the line of the rack they leave.
    void split(const std::vector<NodeId>& group, size_t maxPer)
    {
        if (group.size() < 2 || maxPer < 1)
            return;
        std::map<int, std::vector<NodeId>> byRack;
        for (NodeId n : group)
            if (const int r = mRacks.rackIndexOf(n); r >= 0)
                byRack[r].push_back(n);
        std::map<int, size_t> count;
        for (const auto& [r, members] : byRack)
            count[r] = members.size();
        for (auto& [r, members] : byRack) {
            if (members.size() <= maxPer)
                continue;
            // From the top down, so the rack closes up behind the moves.
            std::sort(members.begin(), members.end(),
                [&](NodeId x, NodeId y) { return mDesign.node(x)->rackUnit > mDesign.node(y)->rackUnit; });
            for (NodeId m : members) {
                if (count[r] <= maxPer)
                    break;
                int target = -1;
                for (const auto& [t, c] : count)
                    if (t != r && c < maxPer && mRacks.hasRoomFor(t, m)) {
                        target = t;
                        break;
                    }
                if (target < 0) {
                    std::set<int> own;
                    for (const auto& [t, c] : count)
                        if (c > 0)
                            own.insert(t);
                    target = nearestFree(r, m, own);
                    std::set<int> full{r}; // a trade does not add to the rack's load: only its count counts
                    for (const auto& [t, c] : count)
                        if (c >= maxPer)
                            full.insert(t);
                    if (target < 0 && tradeWithService(r, m, full)) {
                        --count[r];
                        ++count[mRacks.rackIndexOf(m)];
                        continue;
                    }
                    if (target < 0)
                        target = targetFor(r, m, own);
                }
                mRacks.moveTo(m, target);
                mark(target, m);
                --count[r];
                ++count[target];
                ++mMoved;
            }
        }
    }

    // Where a member leaving rack `from` goes: the nearest rack with room that holds no GPU servers,
    // none of `avoid` (its group's racks) and no compute switch; else one whose compute switches are
    // all of the member's tier (another pod's spines); else a new rack at the end of `from`'s line.
    // Never a rack of another tier's switches: a rack holding half a unit's leaves and a spine
    // would take both (an NVL72 unit's racks reach each other only over the spines: half the leaves
    // and 1 of 9 spines lost leave 0.5 x 8/9 = 0.44).
    int targetFor(int from, NodeId m, const std::set<int>& avoid)
    {
        if (const int t = nearestFree(from, m, avoid); t >= 0)
            return t;
        ++mOpened;
        return mRacks.openRackInLineOf(from);
    }
    int nearestFree(int from, NodeId m, const std::set<int>& avoid)
    {
        const FabricTier tier = mDesign.node(m)->tier;
        for (const bool sameTierToo : {false, true}) {
            const int t = mRacks.nearestRack(from, [&](int r) {
                const int tiers = tiersOf(r);
                return !avoid.count(r) && !mRacks.holdsGpuServers(r) && mRacks.hasRoomFor(r, m)
                    && (tiers == 0 || (sameTierToo && tiers == (1 << static_cast<int>(tier))));
            });
            if (t >= 0)
                return t;
        }
        return -1;
    }

    // Before a rack is opened: `m` trades places with a node of another network (a storage or
    // management switch, an appliance) of its height in the nearest rack that takes no other
    // tier's compute switches, where both racks stay within their budgets (in the DGX SuperPOD
    // with storage the management rack has room for 5 of the 8 spines; 3 trade with the storage
    // spines, also QM9700s). True when it did.
    bool tradeWithService(int from, NodeId m, const std::set<int>& avoid)
    {
        if (mService.empty()) {
            mService.resize(static_cast<size_t>(mRacks.rackCount()));
            mDesign.nodes().forEach([&](const Node& n) {
                const CatalogItem* item = mDesign.itemOf(n.id);
                const int r = mRacks.rackIndexOf(n.id);
                if (r >= 0 && item && item->gpuCount() <= 0 && rackHeightU(*item) > 0 && n.network != Network::Compute
                    && item->kind != ItemKind::Pdu)
                    mService[static_cast<size_t>(r)].push_back(n.id);
            });
        }
        const FabricTier tier = mDesign.node(m)->tier;
        auto partnerIn = [&](int r) {
            for (NodeId x : mService[static_cast<size_t>(r)])
                if (mRacks.rackIndexOf(x) == r && mRacks.canSwap(m, x))
                    return x;
            return NodeId();
        };
        const int rack = mRacks.nearestRack(from, [&](int r) {
            return !avoid.count(r) && !mRacks.holdsGpuServers(r) && static_cast<size_t>(r) < mService.size()
                && (tiersOf(r) == 0 || tiersOf(r) == (1 << static_cast<int>(tier))) && partnerIn(r).isValid();
        });
        const NodeId partner = rack >= 0 ? partnerIn(rack) : NodeId();
        if (!partner.isValid())
            return false;
        const int to = mRacks.rackIndexOf(partner);
        mRacks.swapPlaces(m, partner);
        if (static_cast<size_t>(from) < mService.size())
            mService[static_cast<size_t>(from)].push_back(partner);
        mark(to, m);
        ++mTradedWithService;
        return true;
    }

    // True when every placed member of `group` stands in one rack (two groups of one rack traded
    // with each other change nothing: the leaf rows of a leaf-spine often share a network rack).
    [[nodiscard]] bool inOneRack(const std::vector<NodeId>& group) const
    {
        int rack = -1;
        for (NodeId n : group) {
            const int r = mRacks.rackIndexOf(n);
            if (r >= 0 && rack >= 0 && r != rack)
                return false;
            if (r >= 0)
                rack = r;
        }
        return rack >= 0;
    }

    [[nodiscard]] int traded() const { return mTraded + mTradedWithService; }
    [[nodiscard]] int moved() const { return mMoved; }
    [[nodiscard]] int opened() const { return mOpened; }

private:
    // The compute tiers a rack holds, a bit per FabricTier.
    int& tiersOf(int r)
    {
        if (static_cast<size_t>(r) >= mTiers.size())
            mTiers.resize(static_cast<size_t>(r) + 1, 0);
        return mTiers[static_cast<size_t>(r)];
    }
    void mark(int r, NodeId n) { tiersOf(r) |= 1 << static_cast<int>(mDesign.node(n)->tier); }

    RackPlanner& mRacks;
    const Design& mDesign;
    std::vector<std::vector<NodeId>> mService; // by rack index: nodes of other networks (built on first use)
    int mTradedWithService = 0;
    std::vector<quint32> mPlane; // by node id: union-find parent; the root names the plane
    std::vector<int> mTiers; // by rack index: the compute tiers it holds (FabricTier bits)
    int mTraded = 0;
    int mMoved = 0;
    int mOpened = 0;
};

} // namespace

void FailureDomainPlacement::spread(
    RackPlanner& racks, const Design& design, const ComputeLayout& layout, QStringList& notes)
{
    Spreader s(racks, design);
    for (const auto& g : layout.leafRows)
        s.markCompute(g);
    for (const auto& g : layout.spineRows)
        s.markCompute(g);
    s.markCompute(layout.cores);
    // Leaves: a unit with no partner keeps at most half (rounded up) in any rack, so each server's
    // rails still land in two racks.
    for (const std::vector<NodeId>* g : s.pairUp(layout.leafRows))
        s.splitByMask(*g);
    for (const std::vector<NodeId>& g : layout.leafRows)
        if (s.inOneRack(g))
            s.splitByMask(g);
    // An odd group split over two racks leaves one with more than half (13 leaves: 7 and 6; the 7
    // lost leave 6/13 = 0.46 of the leaves' uplinks): the surplus goes to a third rack.
    for (const std::vector<NodeId>& g : layout.leafRows)
        if (g.size() >= 3 && g.size() % 2 == 1)
            s.split(g, g.size() / 2);
    // Servers whose leaves still share one rack not their own (a leaf-spine's blocks of leaves
    // straddle its rows, so the rows' trades miss them): those leaves split, half of each server's
    // over another rack. One more structural pass, O(nodes + links).
    for (const PlacementConcentration& c : PlacementCheck::of(design)) {
        std::vector<NodeId> leaves;
        std::unordered_set<quint32> seen;
        for (NodeId server : c.cutOffServers)
            for (LinkId id : design.linksOf(server)) {
                const Link* l = design.link(id);
                const NodeId far = l->a.node == server ? l->b.node : l->a.node;
                const Node* node = design.node(far);
                if (node && node->network == Network::Compute && node->tier == FabricTier::Leaf
                    && seen.insert(far.value()).second)
                    leaves.push_back(far);
            }
        s.splitByMask(leaves);
    }
    // Two or more leaves never share one rack when the design has more than one (issue 26 section
    // 1): a small cluster's two leaves (joined by inter-switch links, or an MLAG pair) in one rack
    // would go together and cut every server off; half of them move to another rack.
    if (PlacementCheck::networkRacks(design) == 1 && racks.rackCount() > 1) {
        std::vector<NodeId> leaves;
        for (const auto& g : layout.leafRows)
            leaves.insert(leaves.end(), g.begin(), g.end());
        s.splitByMask(leaves);
    }
    // Spines and cores: no rack holds more than half a group (odd groups spread over three racks).
    const auto spinesAlone = s.pairUp(layout.spineRows, /*sameColumns=*/true);
    for (const std::vector<NodeId>* g : spinesAlone)
        s.split(*g, g->size() / 2);
    s.split(layout.cores, layout.cores.size() / 2);
    // Only the moves made: "0 switch pairs traded places" told the reader nothing.
    QStringList moves;
    if (s.traded() > 0)
        moves << QStringLiteral("%1 traded places (each unit's leaves over its own and a neighbouring unit's network "
                                "rack, half of every server's rails in each; spines by column between spine racks or "
                                "with service switches of their height)")
                     .arg(counted(s.traded(), "switch pair", "switch pairs"));
    if (s.moved() > 0)
        moves << QStringLiteral("%1 moved so that no rack holds more than half a spine or core tier%2")
                     .arg(counted(s.moved(), "switch", "switches"),
                         s.opened() > 0
                             ? QStringLiteral(" (%1 opened for them)").arg(counted(s.opened(), "rack", "racks"))
                             : QString());
    if (!moves.isEmpty())
        notes << QStringLiteral(
            "placement for failure domains: %1: no single rack lost cuts off a server in another rack")
                     .arg(moves.join(QStringLiteral(" and ")));
    // The structural check: whatever could not be spread is named.
    for (const PlacementConcentration& c : PlacementCheck::of(design))
        notes << QStringLiteral("%1 (PLACEMENT-FAILURE-DOMAIN)").arg(c.message());
}

} // namespace pw
