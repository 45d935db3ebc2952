#include "generate/rowpowersplit.h"

#include "facility/facilityassumptions.h"
#include "facility/powerchain.h"

#include <algorithm>
#include <cmath>

namespace pw {

double RowPowerSplit::rowKw(const std::vector<PlannedRack>& racks, const RowCdus& cdus)
{
    double kw = 0;
    double loopLiquid = 0;
    int inLoop = 0;
    const int perLoop = std::max(1, cdus.racksPerLoop);
    auto closeLoop = [&] {
        if (inLoop > 0 && cdus.kw > 0)
            kw += (CoolantLoop::cdusFor(loopLiquid, cdus.capacityKw) + cdus.spares) * cdus.kw;
        loopLiquid = 0;
        inLoop = 0;
    };
    for (const PlannedRack& r : racks) {
        kw += r.maxKw;
        if (r.liquidKw <= 1e-9)
            continue;
        loopLiquid += r.liquidKw;
        if (++inLoop == perLoop)
            closeLoop();
    }
    closeLoop();
    return kw;
}

RowPowerSplit::Split RowPowerSplit::of(const std::vector<PlannedRack>& head, const std::vector<PlannedRack>& servers,
    const RowCdus& cdus, const FacilityAssumptions& assumptions)
{
    const int n = static_cast<int>(servers.size());
    std::vector<PlannedRack> all = head;
    all.insert(all.end(), servers.begin(), servers.end());
    Split split;
    split.serverRacks = {n};
    split.unsplitKw = rowKw(all, cdus);
    if (!assumptions.rowOverLimit(split.unsplitKw))
        return split;
    if (n < 2) {
        split.cannotHelp = true; // one server rack (or none): nothing to split
        return split;
    }
    // Rows of k: n / k server racks each, the n % k larger ones last (the first row holds the head).
    auto sizes = [n](int k) {
        std::vector<int> s(static_cast<size_t>(k), n / k);
        for (int i = k - n % k; i < k; ++i)
            ++s[static_cast<size_t>(i)];
        return s;
    };
    auto fits = [&](const std::vector<int>& s) {
        size_t next = 0;
        for (size_t row = 0; row < s.size(); ++row) {
            std::vector<PlannedRack> racks = row == 0 ? head : std::vector<PlannedRack>();
            for (int i = 0; i < s[row]; ++i)
                racks.push_back(servers[next++]);
            if (assumptions.rowOverLimit(rowKw(racks, cdus)))
                return false;
        }
        return true;
    };
    // No fewer rows than the load over the limit asks for.
    const int least = std::max(2, static_cast<int>(std::ceil(split.unsplitKw / assumptions.rowLimitKw.value - 1e-9)));
    for (int k = std::min(least, n); k <= n; ++k)
        if (const std::vector<int> s = sizes(k); fits(s)) {
            split.serverRacks = s;
            return split;
        }
    split.cannotHelp = true;
    return split;
}

} // namespace pw
