#pragma once

#include <QStringList>

namespace pw {

class DesignBuilder;
class FloorLayout;

// Chooses a cable (and optics) for every link of a placed design by reach (CableChoice): copper (DAC,
// then ACC; no DAC at XDR) inside a rack and to the next rack of its row, transceivers with multimode fiber between racks while every part reaches,
// single-mode beyond (per the catalog's max_reach_m and max_length_m, so 500 m and 2 km modules
// where the runs need them); RJ45 ports take Cat6 within its length. Lengths are routed on the floor
// plan (CableRouting). A link is never given a cable or module shorter than its length. Sets
// Link::cableSku, transceiverSku and lengthM, and records the items used. Links whose ports have no matching cable in the catalog keep an empty cable.
class CablePlanner {
public:
    static void assign(DesignBuilder& builder, const FloorLayout& floor, QStringList& notes);
};

} // namespace pw
