#include "commands/connectcommand.h"

#include "model/design.h"

namespace pw {

ConnectCommand::ConnectCommand(PortRef a, PortRef b, QString cableSku, double lengthM, QString transceiverSku)
{
    mLink.a = a;
    mLink.b = b;
    mLink.cableSku = std::move(cableSku);
    mLink.lengthM = lengthM;
    mLink.transceiverSku = std::move(transceiverSku);
}

ConnectCommand::ConnectCommand(NodeId a, NodeId b, QString cableSku, double lengthM) : mNodeA(a), mNodeB(b)
{
    mLink.cableSku = std::move(cableSku);
    mLink.lengthM = lengthM;
}

ConnectCommand::PortPair ConnectCommand::bestPorts(const Design& design, NodeId nodeA, NodeId nodeB)
{
    const Node* a = design.node(nodeA);
    const Node* b = design.node(nodeB);
    if (!a || !b)
        return {{}, {}, QStringLiteral("no such node")};
    if (nodeA == nodeB)
        return {{}, {}, QStringLiteral("a link cannot join a node to itself")};
    // Prefer the fastest pairing: try every free port of A against B's free ports.
    PortPair best;
    int bestSpeed = 0;
    const int na = design.portCount(nodeA);
    const int nb = design.portCount(nodeB);
    // The most fixable reason a free pair does not fit: a network the user can change beats a
    // speed or a connector, which need other hardware.
    QString reason;
    int reasonRank = -1;
    auto rank = [](const QString& why) {
        if (why.startsWith(QLatin1String("network")))
            return 3;
        if (why.startsWith(QLatin1String("speed")))
            return 2;
        if (why.startsWith(QLatin1String("connector")))
            return 1;
        return 0;
    };
    for (int i = 0; i < na; ++i) {
        const PortRef pa{nodeA, i};
        if (design.linkAt(pa).isValid())
            continue;
        // One probe per port group of B is enough to explain a refusal.
        int lastGroup = -1;
        for (int j = 0; j < nb; ++j) {
            const PortRef pb{nodeB, j};
            if (design.linkAt(pb).isValid())
                continue;
            const auto why = design.whyIncompatible(pa, pb);
            if (!why) {
                const int speed = design.linkSpeedGbps(pa, pb);
                if (speed > bestSpeed) {
                    bestSpeed = speed;
                    best = {pa, pb, {}};
                }
                break;
            }
            const int group = design.portGroupIndex(pb);
            if (group != lastGroup && rank(*why) > reasonRank) {
                reason = *why;
                reasonRank = rank(*why);
            }
            lastGroup = group;
        }
    }
    if (best.a.isValid())
        return best;
    const bool freeA = na > static_cast<int>(design.linksOf(nodeA).size());
    const bool freeB = nb > static_cast<int>(design.linksOf(nodeB).size());
    if (!freeA)
        return {{}, {}, QStringLiteral("%1 has no free port").arg(a->name)};
    if (!freeB)
        return {{}, {}, QStringLiteral("%1 has no free port").arg(b->name)};
    return {{}, {},
        QStringLiteral("no free port of %1 is compatible with a free port of %2: %3").arg(a->name, b->name, reason)};
}

CommandResult ConnectCommand::performApply(Design& design)
{
    if (mNodeA.isValid()) {
        const PortPair pair = bestPorts(design, mNodeA, mNodeB);
        if (!pair.why.isEmpty())
            return CommandResult::refused(pair.why);
        mLink.a = pair.a;
        mLink.b = pair.b;
    }
    if (auto why = design.whyCannotConnect(mLink.a, mLink.b))
        return CommandResult::refused(*why);
    for (const QString& sku : {mLink.cableSku, mLink.transceiverSku})
        if (!sku.isEmpty() && !design.item(sku))
            return CommandResult::refused(QStringLiteral("%1 is not in the design's catalog").arg(sku));
    if (!(mLink.lengthM >= 0 && mLink.lengthM <= 10000))
        return CommandResult::refused(QStringLiteral("a cable length must be between 0 and 10,000 m"));
    if (!mLink.cableSku.isEmpty() && !(mLink.lengthM > 0))
        return CommandResult::refused(
            QStringLiteral("a cable needs a length: type it, or let Podwright derive it from the positions"));
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
