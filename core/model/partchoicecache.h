#pragma once

#include "model/opticsrules.h"

#include <cstddef>
#include <unordered_map>
#include <vector>

namespace pw {

// OpticsRules' choice of a link's copper cable or optics, made once per kind of link. The choice
// reads a link's length only through the parts' reach limits (max_reach_m, max_length_m): lengths
// within the same limits (one reach class) get the same parts. So the answer for two ends' port
// groups, a speed and a reach class is computed once and reused for every link alike in them,
// which is what lets the generator cable 368,000 links in a fraction of the time a catalog scan per
// link took. The cache keeps the port groups by address: they must outlive it (the generator's
// design snapshot holds them in a std::map, whose nodes never move).
class PartChoiceCache {
public:
    explicit PartChoiceCache(OpticsRules::Items parts);

    // As OpticsRules::copperFor and OpticsRules::opticalFor over the parts given.
    [[nodiscard]] const CatalogItem* copperFor(const PortGroup& a, const PortGroup& b, int linkGbps, double metres);
    [[nodiscard]] OpticsRules::Optical opticalFor(const PortGroup& a, const PortGroup& b, int linkGbps, double metres);

    // How many of the parts' distinct reach limits are shorter than `metres`: two lengths of one
    // class are within exactly the same parts' reach.
    [[nodiscard]] int reachClass(double metres) const;
    // Choices computed so far (each a scan of the parts); the rest were answered from the cache.
    [[nodiscard]] size_t choicesMade() const { return mCopper.size() + mOptical.size(); }
    [[nodiscard]] const OpticsRules::Items& parts() const { return mParts; }

private:
    struct Key {
        const PortGroup* a;
        const PortGroup* b;
        int linkGbps;
        int reachClass;
        bool operator==(const Key&) const = default;
    };
    struct KeyHash {
        size_t operator()(const Key& k) const noexcept;
    };

    OpticsRules::Items mParts;
    std::vector<double> mLimits; // the parts' distinct positive reach limits, ascending
    std::unordered_map<Key, const CatalogItem*, KeyHash> mCopper;
    std::unordered_map<Key, OpticsRules::Optical, KeyHash> mOptical;
};

} // namespace pw
