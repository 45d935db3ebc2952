#pragma once

#include "model/node.h"

#include <QColor>
#include <QString>

#include <array>

namespace pw {

// One colour and one name per network, for every picture of a design: the studio's canvas and its
// legend, the charts, the PDF report's diagram and the SVG/PNG export read this table, so the
// compute fabric is the same blue wherever a customer sees it. (Core never names a colour; this is
// the lowest layer that draws, shared by the studio and the CLI.)
struct NetworkLook {
    Network network = Network::None;
    QColor color;
    const char* label = ""; // as a legend names it
};

class NetworkPalette {
public:
    [[nodiscard]] static QColor color(Network network);
    [[nodiscard]] static QString label(Network network);
    // The networks a legend lists, in its order (every network but None).
    [[nodiscard]] static const std::array<Network, 4>& legendNetworks();
    [[nodiscard]] static const NetworkLook& look(Network network);
};

} // namespace pw
