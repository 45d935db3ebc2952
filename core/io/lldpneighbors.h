#pragma once

#include <QByteArray>
#include <QString>

#include <optional>
#include <vector>

namespace pw {

// The Ethernet cabling LLDP agents saw, from the JSON of `lldpcli -f json show neighbors` (lldpd
// 1.0.16): `{"lldp": {"interface": {<local ifname>: {"chassis": {<system name>: {...}}, "port":
// {"id": {"type": "ifname", "value": "swp1"}, "descr": "..."}}}}}`, where "interface" is an array
// of one-key objects when there are several. Every system is known by its name and every port by
// the name it advertises (its port id when the id is an interface name or a locally assigned one,
// otherwise its description), never by a MAC address, which no design can know.
//
// A neighbours document tells who is on the far side of each local interface but not the local
// system's own name: that comes from a `lldpcli -f json show chassis` document before it in the
// same file (so files of many hosts can be concatenated), or else from the file's name without
// its extension (one file per host, "leaf-001.json"). A cable seen from both ends is one cable;
// its ends carry the names their own agents advertise (a host that advertises "mlx5_3" on its
// interface ens1f0 is "mlx5_3" at both ends).
struct LldpNeighbors {
    struct End {
        int node = -1; // index into nodes
        QString port;
    };
    struct Link {
        End a;
        End b;
    };
    struct File {
        QString name; // the path, for its base name and the messages
        QByteArray text;
    };
    std::vector<QString> nodes; // system names
    std::vector<Link> links; // each cable once

    // The cabling, or why the files are not lldpcli JSON (which file and what is wrong).
    [[nodiscard]] static struct LldpNeighborsParse parse(const std::vector<File>& files);
};

struct LldpNeighborsParse {
    std::optional<LldpNeighbors> neighbors;
    QString error; // why there are none
};

} // namespace pw
