#pragma once

#include "model/node.h"
#include "util/strongid.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace pw {

// What fails in a failure scenario: one switch (of the compute fabric, the storage fabric or a
// management network), one plane of the compute fabric, one power
// feed (PDU or busbar power shelf), one coolant loop, one rack, one row of the floor plan.
// Sidecar: a sidecar power rack of an 800 VDC power chain, with every rack it feeds.
enum class FailureKind { Switch, Plane, Pdu, CduLoop, Rack, Row, Sidecar };

// "switch", "plane", "pdu", "cdu-loop", "rack", "row", "sidecar": the CLI's JSON `kind`.
[[nodiscard]] QString toString(FailureKind kind);

// One failure and what it takes down. A plain value; FailureDomains computes it. Where several
// failures have the same signature (e.g. every spine of a symmetric fabric), one scenario stands
// for all of them: `equivalent` counts them and the figures are the representative's.
struct FailureScenario {
    FailureKind kind = FailureKind::Switch;
    QString entity; // the failed switch, plane, feed, loop, rack or row (the representative's name)
    QString detail; // e.g. "spine, QM9700, 32 links" or "4 racks"
    int equivalent = 1; // failures this scenario stands for, itself included
    // The network of a failed switch or plane (compute, storage, in-band, out-of-band); None for
    // the failures of power, cooling and space.
    Network network = Network::None;
    QString effect; // what the failure means, in a sentence (who is cut off from what, what runs on)

    // The blast radius, for the studio's highlight: what fails and what is cut off or degraded.
    std::vector<NodeId> failedNodes; // nodes that are down (the switch, everything in the racks)
    std::vector<GroupId> failedRacks;
    std::vector<GroupId> degradedRacks; // running on without their redundancy (a feed lost)
    std::vector<NodeId> cutOffServers; // up, but left without a compute link
    std::vector<NodeId> degradedServers; // up, with some of their compute links gone

    // GPUs of servers that are down or left unusable: cut off from the compute fabric, from
    // storage, or from in-band management (the scheduler cannot reach them). Servers that lose
    // only out-of-band management run on and are not counted.
    int gpusLost = 0;
    int serversLost = 0;
    // Link bandwidth of the failed network that went with it: for compute, of the servers still
    // up; for a service network, of every host it cut off or left with fewer links.
    double injectionLostGbps = 0;
    int hostsCutOff = 0; // service networks: devices of any kind (not only servers) cut off from it
    double networkGbpsLeft = 0; // service networks: host links of the network that still reach it
    double networkGbps = 0; // and before the failure
    QStringList blocksAffected; // scheduler blocks with a host lost or degraded
    std::optional<double> bisectionRatio; // of the fabric after the failure; empty: not computed

    double powerLeftKw = 0; // IT load (maximum) still running
    double liquidLeftKw = 0; // its heat carried by liquid (the power chain's split)
    double airLeftKw = 0; // and by the room's air
    double liquidCapacityLeftKw = 0; // CDU capacity still in service, every loop

    [[nodiscard]] QJsonObject toJson() const;
};

} // namespace pw
