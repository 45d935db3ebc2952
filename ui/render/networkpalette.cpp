#include "networkpalette.h"

namespace pw {

namespace {

// The studio's colours since its first release; the PDF and the export used to draw a second set.
const std::array<NetworkLook, 5>& table()
{
    static const std::array<NetworkLook, 5> t{{
        {Network::Compute, QColor(0x1f, 0x6f, 0xc5), "Compute fabric"},
        {Network::Storage, QColor(0xe0, 0x7b, 0x00), "Storage"},
        {Network::InBand, QColor(0x2e, 0x9d, 0x4a), "In-band mgmt"},
        {Network::OutOfBand, QColor(0x80, 0x80, 0x80), "Out-of-band mgmt"},
        {Network::None, QColor(0x30, 0x30, 0x30), "Other"},
    }};
    return t;
}

} // namespace

const NetworkLook& NetworkPalette::look(Network network)
{
    for (const NetworkLook& l : table())
        if (l.network == network)
            return l;
    return table().back();
}

QColor NetworkPalette::color(Network network)
{
    return look(network).color;
}

QString NetworkPalette::label(Network network)
{
    return QString::fromUtf8(look(network).label);
}

const std::array<Network, 4>& NetworkPalette::legendNetworks()
{
    static const std::array<Network, 4> n{Network::Compute, Network::Storage, Network::InBand, Network::OutOfBand};
    return n;
}

} // namespace pw
