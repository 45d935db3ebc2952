#include "commands/connectcommand.h"

#include "model/design.h"

namespace pw {

ConnectCommand::ConnectCommand(PortRef a, PortRef b, QString cableSku, double lengthM)
{
    mLink.a = a;
    mLink.b = b;
    mLink.cableSku = std::move(cableSku);
    mLink.lengthM = lengthM;
}

ConnectCommand::ConnectCommand(NodeId a, NodeId b, QString cableSku, double lengthM) : mNodeA(a), mNodeB(b)
{
    mLink.cableSku = std::move(cableSku);
    mLink.lengthM = lengthM;
}

CommandResult ConnectCommand::performApply(Design& design)
{
    if (mNodeA.isValid()) {
        const Node* a = design.node(mNodeA);
        const Node* b = design.node(mNodeB);
        if (!a || !b)
            return CommandResult::refused(QStringLiteral("no such node"));
        if (mNodeA == mNodeB)
            return CommandResult::refused(QStringLiteral("a link cannot join a node to itself"));
        // Prefer the fastest pairing: try every free port of A against B's free ports.
        PortRef bestA, bestB;
        int bestSpeed = 0;
        QString lastReason;
        const int na = design.portCount(mNodeA);
        for (int i = 0; i < na; ++i) {
            const PortRef pa{mNodeA, i};
            if (design.linkAt(pa).isValid())
                continue;
            const PortRef pb = design.findFreeCompatiblePort(mNodeB, pa);
            if (!pb.isValid())
                continue;
            const int speed = design.linkSpeedGbps(pa, pb);
            if (speed > bestSpeed) {
                bestSpeed = speed;
                bestA = pa;
                bestB = pb;
            }
        }
        if (!bestA.isValid()) {
            const bool freeA = design.portCount(mNodeA) > static_cast<int>(design.linksOf(mNodeA).size());
            const bool freeB = design.portCount(mNodeB) > static_cast<int>(design.linksOf(mNodeB).size());
            if (!freeA)
                return CommandResult::refused(QStringLiteral("%1 has no free port").arg(a->name));
            if (!freeB)
                return CommandResult::refused(QStringLiteral("%1 has no free port").arg(b->name));
            return CommandResult::refused(QStringLiteral(
                "no free port of %1 is compatible with a free port of %2 (connector, speed or network differ)")
                                              .arg(a->name, b->name));
        }
        mLink.a = bestA;
        mLink.b = bestB;
    }
    if (auto why = design.whyCannotConnect(mLink.a, mLink.b))
        return CommandResult::refused(*why);
    if (!mLink.cableSku.isEmpty() && !design.item(mLink.cableSku))
        return CommandResult::refused(QStringLiteral("cable %1 is not in the design's catalog").arg(mLink.cableSku));
    if (!(mLink.lengthM >= 0 && mLink.lengthM <= 10000))
        return CommandResult::refused(QStringLiteral("a cable length must be between 0 and 10,000 m"));
    if (!mLink.id.isValid())
        mLink.id = design.allocateLinkId();
    performRedo(design);
    return CommandResult::done();
}

void ConnectCommand::performUndo(Design& design)
{
    design.takeLink(mLink.id);
}
void ConnectCommand::performRedo(Design& design)
{
    design.insertLink(mLink);
}

} // namespace pw
