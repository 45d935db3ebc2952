#include "analysis/fabricverification.h"

#include <QJsonArray>

#include <map>
#include <set>

namespace pw {

namespace {

using Key = std::pair<QString, int>; // node description, port

QJsonObject portJson(const FabricVerification::Port& p)
{
    return {{QStringLiteral("node"), p.node}, {QStringLiteral("port"), p.port}};
}

QJsonObject pairJson(const std::pair<FabricVerification::Port, FabricVerification::Port>& l)
{
    return {{QStringLiteral("a"), portJson(l.first)}, {QStringLiteral("b"), portJson(l.second)}};
}

} // namespace

QString FabricVerification::Port::text() const
{
    return QStringLiteral("%1 port %2").arg(node).arg(port);
}

FabricVerification FabricVerification::of(
    const IbFabric& design, const IbnetdiscoverTopology& discovered, Options options)
{
    FabricVerification v;
    v.mDesignedLinks = static_cast<int>(design.links().size());
    v.mDiscoveredLinks = static_cast<int>(discovered.links.size());

    std::map<QString, int> nodesReporting; // description -> nodes
    for (const auto& n : discovered.nodes)
        if (++nodesReporting[n.description] == 2)
            v.mAmbiguous << n.description;

    // Discovered cables by each of their ends.
    std::map<Key, std::pair<Key, size_t>> found; // end -> (far end, cable index)
    for (size_t i = 0; i < discovered.links.size(); ++i) {
        const auto& l = discovered.links[i];
        const Key a{discovered.nodes[static_cast<size_t>(l.a.node)].description, l.a.port};
        const Key b{discovered.nodes[static_cast<size_t>(l.b.node)].description, l.b.port};
        found[a] = {b, i};
        found[b] = {a, i};
    }
    std::set<size_t> explained; // discovered cables a designed link accounts for
    auto port = [](const Key& k) { return Port{k.first, k.second}; };
    auto designedKey = [&](const IbFabric::End& e) {
        return Key{design.nodes()[static_cast<size_t>(e.node)].description, e.port};
    };

    std::vector<const IbFabric::Link*> unmatched;
    for (const IbFabric::Link& l : design.links()) {
        const Key a = designedKey(l.a);
        const Key b = designedKey(l.b);
        const auto at = found.find(a);
        if (at == found.end() || at->second.first != b) {
            unmatched.push_back(&l);
            continue;
        }
        explained.insert(at->second.second);
        v.mMatched.emplace_back(port(a), port(b));
        const auto& cable = discovered.links[at->second.second];
        if (!options.ignoreSpeed && cable.gbps() < l.speedGbps)
            v.mDegraded.push_back({port(a), port(b), l.speedGbps,
                cable.width > 0 ? QStringLiteral("%1x%2").arg(cable.width).arg(cable.speed)
                                : QStringLiteral("unknown")});
    }
    // Links not where designed: anchored at an end that has a cable to somewhere else (the host's
    // end first: a server's cable stays in its adapter, the switch end is the one to move).
    for (const IbFabric::Link* l : unmatched) {
        Key a = designedKey(l->a);
        Key b = designedKey(l->b);
        if (design.nodes()[static_cast<size_t>(l->a.node)].isSwitch
            && !design.nodes()[static_cast<size_t>(l->b.node)].isSwitch)
            std::swap(a, b);
        bool reported = false;
        for (const auto& [anchor, expected] : {std::pair{a, b}, std::pair{b, a}}) {
            const auto at = found.find(anchor);
            if (at == found.end() || explained.count(at->second.second))
                continue;
            explained.insert(at->second.second);
            v.mMiscabled.push_back({port(anchor), port(at->second.first), port(expected)});
            reported = true;
            break;
        }
        if (!reported)
            v.mMissing.emplace_back(port(designedKey(l->a)), port(designedKey(l->b)));
    }
    for (size_t i = 0; i < discovered.links.size(); ++i)
        if (!explained.count(i)) {
            const auto& l = discovered.links[i];
            v.mUnexpected.emplace_back(Port{discovered.nodes[static_cast<size_t>(l.a.node)].description, l.a.port},
                Port{discovered.nodes[static_cast<size_t>(l.b.node)].description, l.b.port});
        }
    return v;
}

int FabricVerification::differences() const
{
    return static_cast<int>(
        mMissing.size() + mUnexpected.size() + mMiscabled.size() + mDegraded.size() + mAmbiguous.size());
}

QString FabricVerification::text() const
{
    QString s = QStringLiteral("%1 of %2 designed links as designed (%3 cables discovered)\n")
                    .arg(mMatched.size() - mDegraded.size())
                    .arg(mDesignedLinks)
                    .arg(mDiscoveredLinks);
    s += QStringLiteral("matched %1, missing %2, unexpected %3, miscabled %4, degraded %5\n")
             .arg(mMatched.size())
             .arg(mMissing.size())
             .arg(mUnexpected.size())
             .arg(mMiscabled.size())
             .arg(mDegraded.size());
    for (const QString& d : mAmbiguous)
        s += QStringLiteral("ambiguous: several nodes report \"%1\"; name them apart and discover again\n").arg(d);
    for (const Miscabled& m : mMiscabled)
        s += QStringLiteral("miscabled: %1 reaches %2; it should reach %3\n")
                 .arg(m.at.text(), m.found.text(), m.expected.text());
    for (const auto& [a, b] : mMissing)
        s += QStringLiteral("missing: %1 to %2 (no cable at either end)\n").arg(a.text(), b.text());
    for (const auto& [a, b] : mUnexpected)
        s += QStringLiteral("unexpected: %1 to %2 (not in the design)\n").arg(a.text(), b.text());
    for (const Degraded& d : mDegraded)
        s += QStringLiteral("degraded: %1 to %2 runs at %3, designed for %4 Gb/s\n")
                 .arg(d.a.text(), d.b.text(), d.found)
                 .arg(d.designedGbps);
    return s;
}

QJsonObject FabricVerification::json() const
{
    QJsonArray matched;
    for (const auto& l : mMatched)
        matched.append(pairJson(l));
    QJsonArray missing;
    for (const auto& l : mMissing)
        missing.append(pairJson(l));
    QJsonArray unexpected;
    for (const auto& l : mUnexpected)
        unexpected.append(pairJson(l));
    QJsonArray miscabled;
    for (const Miscabled& m : mMiscabled)
        miscabled.append(QJsonObject{{QStringLiteral("at"), portJson(m.at)},
            {QStringLiteral("found"), portJson(m.found)}, {QStringLiteral("expected"), portJson(m.expected)}});
    QJsonArray degraded;
    for (const Degraded& d : mDegraded)
        degraded.append(QJsonObject{{QStringLiteral("a"), portJson(d.a)}, {QStringLiteral("b"), portJson(d.b)},
            {QStringLiteral("designed_gbps"), d.designedGbps}, {QStringLiteral("found"), d.found}});
    return {{QStringLiteral("designed_links"), mDesignedLinks}, {QStringLiteral("discovered_links"), mDiscoveredLinks},
        {QStringLiteral("as_designed"), asDesigned()}, {QStringLiteral("differences"), differences()},
        {QStringLiteral("matched"), matched}, {QStringLiteral("missing"), missing},
        {QStringLiteral("unexpected"), unexpected}, {QStringLiteral("miscabled"), miscabled},
        {QStringLiteral("degraded"), degraded}, {QStringLiteral("ambiguous"), QJsonArray::fromStringList(mAmbiguous)}};
}

} // namespace pw
