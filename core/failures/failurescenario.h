#pragma once

#include "util/strongid.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace pw {

// What fails in a failure scenario: one compute switch, one plane of the compute fabric, one power
// feed (PDU or busbar power shelf), one coolant loop, one rack, one row of the floor plan.
enum class FailureKind { Switch, Plane, Pdu, CduLoop, Rack, Row };

// "switch", "plane", "pdu", "cdu-loop", "rack", "row": the CLI's JSON `kind`.
[[nodiscard]] QString toString(FailureKind kind);

// One failure and what it takes down. A plain value; FailureDomains computes it. Where several
// failures have the same signature (e.g. every spine of a symmetric fabric), one scenario stands
// for all of them: `equivalent` counts them and the figures are the representative's.
struct FailureScenario {
    FailureKind kind = FailureKind::Switch;
    QString entity; // the failed switch, plane, feed, loop, rack or row (the representative's name)
    QString detail; // e.g. "spine, QM9700, 32 links" or "4 racks"
    int equivalent = 1; // failures this scenario stands for, itself included

    // The blast radius, for the studio's highlight: what fails and what is cut off or degraded.
    std::vector<NodeId> failedNodes; // nodes that are down (the switch, everything in the racks)
    std::vector<GroupId> failedRacks;
    std::vector<GroupId> degradedRacks; // running on without their redundancy (a feed lost)
    std::vector<NodeId> cutOffServers; // up, but left without a compute link
    std::vector<NodeId> degradedServers; // up, with some of their compute links gone

    int gpusLost = 0; // GPUs of servers that are down or cut off from the compute fabric
    int serversLost = 0;
    double injectionLostGbps = 0; // compute bandwidth of the servers still up that went with it
    QStringList blocksAffected; // scheduler blocks with a host lost or degraded
    std::optional<double> bisectionRatio; // of the fabric after the failure; empty: not computed

    double powerLeftKw = 0; // IT load (maximum) still running
    double liquidLeftKw = 0; // its heat carried by liquid (the power chain's split)
    double airLeftKw = 0; // and by the room's air
    double liquidCapacityLeftKw = 0; // CDU capacity still in service, every loop

    [[nodiscard]] QJsonObject toJson() const;
};

} // namespace pw
