#pragma once

#include "commands/command.h"
#include "model/link.h"

#include <optional>
#include <utility>

namespace pw {

// Joins two ports with a link. Given only nodes, it picks the fastest free compatible pair of
// ports, or refuses with the reason none fits (which attribute differs and how to fix it). A link
// given a cable needs a length above zero; its transceiver and cable must be in the design's
// catalog snapshot.
class ConnectCommand : public Command {
public:
    ConnectCommand(PortRef a, PortRef b, QString cableSku = {}, double lengthM = 0.0, QString transceiverSku = {});
    ConnectCommand(NodeId a, NodeId b, QString cableSku = {}, double lengthM = 0.0);
    [[nodiscard]] QString text() const override { return QStringLiteral("Connect"); }
    [[nodiscard]] const Link& link() const { return mLink; }

    // The fastest free compatible pair of ports between two nodes, or the reason there is none.
    struct PortPair {
        PortRef a;
        PortRef b;
        QString why; // empty when a pair was found
    };
    [[nodiscard]] static PortPair bestPorts(const Design& design, NodeId a, NodeId b);

protected:
    [[nodiscard]] CommandResult performApply(Design& design) override;
    void performUndo(Design& design) override;
    void performRedo(Design& design) override;

private:
    Link mLink;
    NodeId mNodeA;
    NodeId mNodeB;
};

} // namespace pw
