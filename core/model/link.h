#pragma once

#include "model/portref.h"

#include <QString>

namespace pw {

// A cable between two ports. The cable (and, for optical links, the transceiver at each end) is
// a catalog item; the length is estimated by the generator or typed by the user.
struct Link {
    LinkId id;
    PortRef a;
    PortRef b;
    QString cableSku; // may be empty: not chosen yet
    QString transceiverSku; // optics at each end, empty for copper
    double lengthM = 0.0;

    bool operator==(const Link&) const = default;
};

} // namespace pw
