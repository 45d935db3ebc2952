#include "helpers/testcatalog.h"

#include "commands/addnodecommand.h"
#include "commands/connectcommand.h"
#include "commands/groupcommand.h"

#include <QtTest>

namespace pw::test {

const Catalog& shippedCatalog()
{
    static std::unique_ptr<Catalog> catalog = [] {
        std::vector<CatalogIssue> issues;
        auto c = Catalog::loadDefault(&issues);
        for (const auto& i : issues)
            qWarning("catalog issue: %s", qPrintable(i.toString()));
        return c;
    }();
    return *catalog;
}

NodeId addNode(Design& design, const QString& sku, const QString& name, Network network)
{
    const CatalogItem* item = shippedCatalog().item(sku);
    if (!item)
        qFatal("test catalog has no %s", qPrintable(sku));
    Node n;
    n.name = name;
    n.network = network;
    AddNodeCommand cmd(*item, n);
    const CommandResult r = cmd.apply(design);
    if (!r.ok)
        qFatal("adding %s failed: %s", qPrintable(sku), qPrintable(r.reason));
    return cmd.nodeId();
}

Design smallDesign()
{
    Design d;
    d.setName(QStringLiteral("small"));
    const NodeId a = addNode(d, QStringLiteral("dgx-h100"), QStringLiteral("dgx-a"));
    const NodeId b = addNode(d, QStringLiteral("dgx-h100"), QStringLiteral("dgx-b"));
    const NodeId leaf = addNode(d, QStringLiteral("qm9700"), QStringLiteral("leaf"), Network::Compute);
    const NodeId oob = addNode(d, QStringLiteral("sn2201"), QStringLiteral("oob"), Network::OutOfBand);
    for (NodeId server : {a, b}) {
        for (int i = 0; i < 8; ++i) {
            ConnectCommand c(server, leaf);
            if (!c.apply(d).ok)
                qFatal("connect failed");
        }
        ConnectCommand bmc(server, oob);
        if (!bmc.apply(d).ok)
            qFatal("bmc connect failed");
    }
    Group rack;
    rack.kind = GroupKind::Rack;
    rack.name = QStringLiteral("R1");
    rack.powerBudgetKw = 40;
    GroupCommand g(rack, {a, b, leaf, oob});
    if (!g.apply(d).ok)
        qFatal("group failed");
    return d;
}

} // namespace pw::test
