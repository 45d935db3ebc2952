#pragma once

#include "commands/command.h"
#include "model/link.h"

namespace pw {

// Joins two ports with a link. Given only nodes, it picks the first free compatible pair of
// ports, or refuses with the reason none fits.
class ConnectCommand : public Command {
public:
    ConnectCommand(PortRef a, PortRef b, QString cableSku = {}, double lengthM = 0.0);
    ConnectCommand(NodeId a, NodeId b, QString cableSku = {}, double lengthM = 0.0);
    [[nodiscard]] QString text() const override { return QStringLiteral("Connect"); }
    [[nodiscard]] const Link& link() const { return mLink; }

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
