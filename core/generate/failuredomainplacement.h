#pragma once

#include <QStringList>

namespace pw {

class Design;
class RackPlanner;
struct ComputeLayout;

// Spreads the compute fabric's switches over racks once the generator has placed them (issue 26
// section 2), by construction and in one pass (O(switches + links)), so that in a design whose
// compute switches stand in two or more racks no single rack concentrates a failure domain:
// - leaves: the scalable units pair up (the last three form a ring when their count is odd) and
//   trade half their leaves, chosen so that every server has leaves of both halves in each plane
//   (a DGX's rails 2, 4, 6, 8; each NVL72 rack's rails 2 and 4): a unit's leaves stand half in its
//   own network rack and half in its neighbour's, and a network rack lost leaves the servers of
//   two units on half their rails (degraded) instead of cutting one unit off;
// - spines: the pods' spine racks pair up and trade by column (a spine's place in its pod, which
//   names the core group it joins), so that a rack lost leaves every pod the same other columns;
//   pods of an odd size (3 spines) put their third column in a rack of its own;
// - a group with no partner (the one spine group of a two-tier fabric, the cores, the leaves of a
//   design of one unit) is split so that no rack holds more than half of it: the surplus goes to
//   the nearest rack without GPU servers or compute switches with room (the management row), else
//   trades places with a service switch of its height there (storage spines are QM9700s too), else
//   a rack holding only switches of its own tier, else a new rack at the end of its line. A rack
//   never takes switches of two tiers: half a unit's leaves and a spine in one rack would go
//   together (NVL72 racks reach each other only over the spines: 0.5 x 8/9 = 0.44).
// - leaf groups the pairs could not split (rows that share one rack, an odd count, paired groups
//   of unequal size, a leaf-spine's blocks that straddle rows): split too, an odd group's surplus
//   in a third rack, and a last structural pass (PlacementCheck) splits the leaves of any server
//   still cut off by a rack not its own.
// Trades keep every rack's height and power (the traded switches are of one model), so the
// published designs keep their rack count (DGX SuperPOD H100, 4 SU: 38). What it cannot spread
// it leaves, and the structural check (PlacementCheck) names it in the notes.
class FailureDomainPlacement {
public:
    static void spread(RackPlanner& racks, const Design& design, const ComputeLayout& layout, QStringList& notes);
};

} // namespace pw
