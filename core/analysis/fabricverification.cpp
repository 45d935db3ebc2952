#include "analysis/fabricverification.h"

#include <QJsonArray>

#include <map>

namespace pw {

namespace {

// A port as a map key: node, then number, then name (one of the two is set).
struct PortLess {
    bool operator()(const FabricVerification::Port& x, const FabricVerification::Port& y) const
    {
        if (x.node != y.node)
            return x.node < y.node;
        return x.port != y.port ? x.port < y.port : x.name < y.name;
    }
};

bool samePort(const FabricVerification::Port& x, const FabricVerification::Port& y)
{
    return x.port == y.port && x.node == y.node && x.name == y.name;
}

QJsonObject portJson(const FabricVerification::Port& p)
{
    return {{QStringLiteral("node"), p.node},
        {QStringLiteral("port"), p.name.isEmpty() ? QJsonValue(p.port) : QJsonValue(p.name)}};
}

QJsonObject pairJson(const std::pair<FabricVerification::Port, FabricVerification::Port>& l)
{
    return {{QStringLiteral("a"), portJson(l.first)}, {QStringLiteral("b"), portJson(l.second)}};
}

} // namespace

// A designed cable, its ends as the discovery will name them.
struct FabricVerification::DesignedLink {
    Port a;
    Port b;
    bool aIsSwitch = false;
    bool bIsSwitch = false;
    int speedGbps = 0;
};

// A discovered cable; `rate` is empty when the discovery reports none (LLDP).
struct FabricVerification::FoundLink {
    Port a;
    Port b;
    double gbps = 0;
    QString rate; // "4xSDR", "unknown"
};

QString FabricVerification::Port::text() const
{
    return name.isEmpty() ? QStringLiteral("%1 port %2").arg(node).arg(port) : QStringLiteral("%1 %2").arg(node, name);
}

FabricVerification FabricVerification::of(
    const IbFabric& design, const IbnetdiscoverTopology& discovered, Options options)
{
    std::vector<DesignedLink> designed;
    designed.reserve(design.links().size());
    for (const IbFabric::Link& l : design.links()) {
        const IbFabric::Node& a = design.nodes()[static_cast<size_t>(l.a.node)];
        const IbFabric::Node& b = design.nodes()[static_cast<size_t>(l.b.node)];
        designed.push_back(
            {{a.description, l.a.port, {}}, {b.description, l.b.port, {}}, a.isSwitch, b.isSwitch, l.speedGbps});
    }
    std::vector<FoundLink> found;
    found.reserve(discovered.links.size());
    for (const auto& l : discovered.links)
        found.push_back({{discovered.nodes[static_cast<size_t>(l.a.node)].description, l.a.port, {}},
            {discovered.nodes[static_cast<size_t>(l.b.node)].description, l.b.port, {}}, l.gbps(),
            l.width > 0 ? QStringLiteral("%1x%2").arg(l.width).arg(l.speed) : QStringLiteral("unknown")});
    FabricVerification v = compare(designed, found, options);
    std::map<QString, int> nodesReporting; // description -> nodes
    for (const auto& n : discovered.nodes)
        if (++nodesReporting[n.description] == 2)
            v.mAmbiguous << n.description;
    return v;
}

FabricVerification FabricVerification::of(const EthernetFabric& design, const LldpNeighbors& discovered)
{
    std::vector<DesignedLink> designed;
    designed.reserve(design.links().size());
    for (const EthernetFabric::Link& l : design.links()) {
        const EthernetFabric::Node& a = design.nodes()[static_cast<size_t>(l.a.node)];
        const EthernetFabric::Node& b = design.nodes()[static_cast<size_t>(l.b.node)];
        designed.push_back({{a.name, 0, l.a.port}, {b.name, 0, l.b.port}, a.isSwitch, b.isSwitch, l.speedGbps});
    }
    std::vector<FoundLink> found;
    found.reserve(discovered.links.size());
    for (const LldpNeighbors::Link& l : discovered.links)
        found.push_back({{discovered.nodes[static_cast<size_t>(l.a.node)], 0, l.a.port},
            {discovered.nodes[static_cast<size_t>(l.b.node)], 0, l.b.port}, 0, {}});
    return compare(designed, found, {true}); // LLDP reports no rate
}

FabricVerification FabricVerification::compare(
    const std::vector<DesignedLink>& designed, const std::vector<FoundLink>& found, Options options)
{
    FabricVerification v;
    v.mDesignedLinks = static_cast<int>(designed.size());
    v.mDiscoveredLinks = static_cast<int>(found.size());

    // Discovered cables by each of their ends: the far end and the cable.
    std::map<Port, std::pair<Port, size_t>, PortLess> farOf;
    for (size_t i = 0; i < found.size(); ++i) {
        farOf[found[i].a] = {found[i].b, i};
        farOf[found[i].b] = {found[i].a, i};
    }
    std::vector<bool> explained(found.size(), false); // cables a designed link accounts for

    std::vector<const DesignedLink*> unmatched;
    for (const DesignedLink& l : designed) {
        const auto at = farOf.find(l.a);
        if (at == farOf.end() || !samePort(at->second.first, l.b)) {
            unmatched.push_back(&l);
            continue;
        }
        explained[at->second.second] = true;
        v.mMatched.emplace_back(l.a, l.b);
        const FoundLink& cable = found[at->second.second];
        if (!options.ignoreSpeed && cable.gbps < l.speedGbps)
            v.mDegraded.push_back({l.a, l.b, l.speedGbps, cable.rate});
    }
    // Links not where designed: anchored at an end that has a cable to somewhere else (the host's
    // end first: a server's cable stays in its adapter, the switch end is the one to move).
    for (const DesignedLink* l : unmatched) {
        const bool hostFirst = l->aIsSwitch && !l->bIsSwitch;
        const Port& first = hostFirst ? l->b : l->a;
        const Port& second = hostFirst ? l->a : l->b;
        bool reported = false;
        for (const auto& [anchor, expected] : {std::pair{&first, &second}, std::pair{&second, &first}}) {
            const auto at = farOf.find(*anchor);
            if (at == farOf.end() || explained[at->second.second])
                continue;
            explained[at->second.second] = true;
            v.mMiscabled.push_back({*anchor, at->second.first, *expected});
            reported = true;
            break;
        }
        if (!reported)
            v.mMissing.emplace_back(l->a, l->b);
    }
    for (size_t i = 0; i < found.size(); ++i)
        if (!explained[i])
            v.mUnexpected.emplace_back(found[i].a, found[i].b);
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
