#pragma once

#include <QByteArray>
#include <QString>

#include <optional>
#include <vector>

namespace pw {

// A fabric as `ibnetdiscover` prints it (infiniband-diags; man ibnetdiscover, "TOPOLOGY FILE
// FORMAT"): node records `Switch|Ca|Rt <ports> "<guid id>" # "<node description>" ...`, each followed
// by its connected ports `[port](port guid) "<far guid id>"[far port] # ... <width>x<speed>`. GUIDs
// only tie the records together here: the design cannot know them, so every node is known by its
// description, normalised (normalisedDescription) to what the design writes.
struct IbnetdiscoverTopology {
    struct Node {
        QString description; // normalised
        QString rawDescription; // as reported
        bool isSwitch = false;
        int ports = 0;
    };
    struct End {
        int node = -1; // index into nodes
        int port = 0;
        bool operator==(const End&) const = default;
        bool operator<(const End& o) const { return node != o.node ? node < o.node : port < o.port; }
    };
    struct Link {
        End a;
        End b;
        int width = 0; // lanes: 1, 2, 4, 8, 12 (0: not reported)
        QString speed; // "SDR", "NDR", ... as reported (empty: not reported)
        [[nodiscard]] double gbps() const; // width x the speed's lane rate; 0 when unknown
    };
    std::vector<Node> nodes;
    std::vector<Link> links; // each cable once

    // The topology, or the reason the text is not ibnetdiscover output (line number and what is wrong).
    [[nodiscard]] static struct IbnetdiscoverParse parse(const QByteArray& text);
    // A real switch reports "MF0;<hostname>:MQM9700/U1" (its system name, model and chip): the host
    // name is what the design knows it by. Any other description is kept as it is.
    [[nodiscard]] static QString normalisedDescription(const QString& description);
    // The lane rate of an InfiniBand speed name in Gb/s ("NDR" -> 100), 0 when unknown.
    [[nodiscard]] static double laneGbps(const QString& speed);
};

struct IbnetdiscoverParse {
    std::optional<IbnetdiscoverTopology> topology;
    QString error; // why there is none
};

} // namespace pw
