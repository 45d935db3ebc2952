#include "model/partchoicecache.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace pw {

PartChoiceCache::PartChoiceCache(OpticsRules::Items parts) : mParts(std::move(parts))
{
    for (const CatalogItem* p : mParts) {
        // The limits OpticsRules compares a length with (a limit of 0 or less reaches any length).
        if (p->transceiver && p->transceiver->maxReachM > 0)
            mLimits.push_back(p->transceiver->maxReachM);
        if (p->cable && p->cable->maxLengthM > 0)
            mLimits.push_back(p->cable->maxLengthM);
    }
    std::sort(mLimits.begin(), mLimits.end());
    mLimits.erase(std::unique(mLimits.begin(), mLimits.end()), mLimits.end());
}

int PartChoiceCache::reachClass(double metres) const
{
    // A part reaches `metres` when metres <= its limit: the same for every length with the same
    // number of limits below it. A length that is not a number reaches no limit, as one beyond all.
    if (std::isnan(metres))
        return static_cast<int>(mLimits.size());
    return static_cast<int>(std::lower_bound(mLimits.begin(), mLimits.end(), metres) - mLimits.begin());
}

size_t PartChoiceCache::KeyHash::operator()(const Key& k) const noexcept
{
    size_t h = std::hash<const void*>{}(k.a);
    for (size_t v : {std::hash<const void*>{}(k.b), size_t(k.linkGbps), size_t(k.reachClass)})
        h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    return h;
}

const CatalogItem* PartChoiceCache::copperFor(const PortGroup& a, const PortGroup& b, int linkGbps, double metres)
{
    const Key key{&a, &b, linkGbps, reachClass(metres)};
    if (const auto it = mCopper.find(key); it != mCopper.end())
        return it->second;
    return mCopper.emplace(key, OpticsRules::copperFor(mParts, a, b, linkGbps, metres)).first->second;
}

OpticsRules::Optical PartChoiceCache::opticalFor(const PortGroup& a, const PortGroup& b, int linkGbps, double metres)
{
    // A co-packaged-optics end has a reach of its own, not among the parts' limits: whether the
    // length is within it is part of the class.
    auto withinCpo = [&](const PortGroup& g) {
        return g.coPackagedOptics && OpticsRules::builtInServes(g, g.coPackagedOptics->fiber, metres) ? 1 : 0;
    };
    const Key key{&a, &b, linkGbps, reachClass(metres) * 4 + withinCpo(a) * 2 + withinCpo(b)};
    if (const auto it = mOptical.find(key); it != mOptical.end())
        return it->second;
    return mOptical.emplace(key, OpticsRules::opticalFor(mParts, a, b, linkGbps, metres)).first->second;
}

} // namespace pw
