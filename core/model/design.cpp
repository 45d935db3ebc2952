#include "model/design.h"

#include <algorithm>
#include <cassert>

namespace pw {

std::optional<Network> networkOfHostRole(PortRole role)
{
    switch (role) {
    case PortRole::Compute:
        return Network::Compute;
    case PortRole::Storage:
        return Network::Storage;
    case PortRole::InBand:
        return Network::InBand;
    case PortRole::OutOfBand:
        return Network::OutOfBand;
    case PortRole::Fabric:
        return std::nullopt;
    }
    return std::nullopt;
}

namespace {

bool isPluggable(const QString& connector)
{
    return connector != QLatin1String("RJ45");
}

QString speedList(const PortGroup& g)
{
    QStringList speeds;
    for (int s : g.speedsGbps)
        speeds << QString::number(s);
    return speeds.join(QLatin1Char('/'));
}

} // namespace

Design::Design() = default;

Design::Design(const Design& other)
    : mName(other.mName),
      mProperties(other.mProperties),
      mItems(other.mItems),
      mNodes(other.mNodes),
      mLinks(other.mLinks),
      mGroups(other.mGroups),
      mPortLinks(other.mPortLinks),
      mRevision(other.mRevision)
{
    for (const auto& [sku, entry] : mItems)
        mItemIndex.insert(sku, &entry);
    mNodeItems.assign(other.mNodeItems.size(), nullptr);
    mNodes.forEach([&](const Node& n) { mNodeItems[n.id.value() - 1] = item(n.sku); });
}

Design& Design::operator=(const Design& other)
{
    if (this != &other) {
        Design copy(other);
        *this = std::move(copy);
    }
    return *this;
}

void Design::recordItem(const CatalogItem& item)
{
    if (mItems.find(item.sku) == mItems.end()) {
        const auto inserted = mItems.emplace(item.sku, item).first;
        mItemIndex.insert(item.sku, &inserted->second);
        // Nodes that name the sku (a snapshot entry replaced) point at the new entry.
        mNodes.forEach([&](const Node& n) {
            if (n.sku == item.sku)
                mNodeItems[n.id.value() - 1] = &inserted->second;
        });
        touch();
    }
}

void Design::forgetItem(const QString& sku)
{
    // No node may keep a pointer into the erased entry.
    mNodes.forEach([&](const Node& n) {
        if (n.sku == sku)
            mNodeItems[n.id.value() - 1] = nullptr;
    });
    mItems.erase(sku);
    mItemIndex.remove(sku);
    touch();
}

const CatalogItem* Design::item(const QString& sku) const
{
    return mItemIndex.value(sku, nullptr);
}

const CatalogItem* Design::itemOf(NodeId id) const
{
    return mNodes.contains(id) ? mNodeItems[id.value() - 1] : nullptr;
}

void Design::reserve(size_t nodes, size_t links)
{
    mNodes.reserve(nodes);
    mLinks.reserve(links);
    mPortLinks.reserve(nodes);
}

std::vector<LinkId>* Design::portLinks(NodeId id)
{
    return mNodes.contains(id) ? &mPortLinks[id.value() - 1] : nullptr;
}

const std::vector<LinkId>* Design::portLinks(NodeId id) const
{
    return mNodes.contains(id) ? &mPortLinks[id.value() - 1] : nullptr;
}

void Design::insertNode(Node node)
{
    const CatalogItem* it = item(node.sku);
    assert(it && "record the catalog item before inserting a node");
    const size_t slot = node.id.value() - 1;
    if (mPortLinks.size() <= slot) {
        mPortLinks.resize(slot + 1);
        mNodeItems.resize(slot + 1, nullptr);
    }
    mNodeItems[slot] = it;
    mPortLinks[slot].assign(it ? it->portCount() : 0, LinkId());
    mNodes.insert(node.id, std::move(node));
    touch();
}

Node Design::takeNode(NodeId id)
{
    assert(linksOf(id).empty());
    mPortLinks[id.value() - 1].clear();
    mNodeItems[id.value() - 1] = nullptr;
    touch();
    return mNodes.take(id);
}

void Design::replaceNode(const Node& node)
{
    Node* existing = mNodes.find(node.id);
    assert(existing && existing->sku == node.sku);
    *existing = node;
    touch();
}

int Design::portCount(NodeId id) const
{
    const auto* p = portLinks(id);
    return p ? static_cast<int>(p->size()) : 0;
}

int Design::portGroupIndex(PortRef port) const
{
    const CatalogItem* it = itemOf(port.node);
    if (!it || port.index < 0)
        return -1;
    int first = 0;
    for (size_t g = 0; g < it->portGroups.size(); ++g) {
        if (port.index < first + it->portGroups[g].count)
            return static_cast<int>(g);
        first += it->portGroups[g].count;
    }
    return -1;
}

PortRef Design::cageOf(PortRef port) const
{
    const CatalogItem* it = itemOf(port.node);
    if (!it || port.index < 0)
        return {};
    int first = 0;
    for (const PortGroup& g : it->portGroups) {
        if (port.index < first + g.count) {
            const int perCage = std::max(1, g.portsPerCage);
            return PortRef{port.node, first + (port.index - first) / perCage * perCage};
        }
        first += g.count;
    }
    return {};
}

const PortGroup* Design::portGroup(PortRef port) const
{
    const int g = portGroupIndex(port);
    return g < 0 ? nullptr : &itemOf(port.node)->portGroups[static_cast<size_t>(g)];
}

QString Design::portName(PortRef port) const
{
    const CatalogItem* it = itemOf(port.node);
    const int g = portGroupIndex(port);
    if (g < 0)
        return QStringLiteral("?");
    int first = 0;
    for (int i = 0; i < g; ++i)
        first += it->portGroups[static_cast<size_t>(i)].count;
    return QStringLiteral("%1/%2").arg(it->portGroups[static_cast<size_t>(g)].name).arg(port.index - first + 1);
}

LinkId Design::linkAt(PortRef port) const
{
    const auto* p = portLinks(port.node);
    if (!p || port.index < 0 || port.index >= static_cast<int>(p->size()))
        return {};
    return (*p)[static_cast<size_t>(port.index)];
}

std::vector<LinkId> Design::linksOf(NodeId id) const
{
    std::vector<LinkId> result;
    if (const auto* p = portLinks(id))
        for (LinkId l : *p)
            if (l.isValid())
                result.push_back(l);
    return result;
}

int Design::linkSpeedGbps(PortRef a, PortRef b) const
{
    const PortGroup* ga = portGroup(a);
    const PortGroup* gb = portGroup(b);
    if (!ga || !gb)
        return 0;
    int best = 0;
    for (int s : ga->speedsGbps)
        for (int t : gb->speedsGbps)
            if (s == t)
                best = std::max(best, s);
    return best;
}

Network Design::linkNetwork(const Link& link) const
{
    for (PortRef p : {link.a, link.b}) {
        const PortGroup* g = portGroup(p);
        if (g && g->role != PortRole::Fabric)
            return *networkOfHostRole(g->role);
    }
    const Node* n = node(link.a.node);
    return n ? n->network : Network::None;
}

Network Design::portNetwork(PortRef port) const
{
    const PortGroup* g = portGroup(port);
    if (!g)
        return Network::None;
    if (const auto host = networkOfHostRole(g->role))
        return *host;
    const Node* n = node(port.node);
    return n ? n->network : Network::None;
}

std::optional<QString> Design::whyCannotConnect(PortRef a, PortRef b) const
{
    const Node* na = node(a.node);
    const Node* nb = node(b.node);
    if (!na || !nb)
        return QStringLiteral("no such node");
    if (a.node == b.node)
        return QStringLiteral("a link cannot join a node to itself");
    const PortGroup* ga = portGroup(a);
    const PortGroup* gb = portGroup(b);
    if (!ga || !gb)
        return QStringLiteral("no such port");
    if (linkAt(a).isValid())
        return QStringLiteral("port %1 of %2 already carries a link").arg(portName(a), na->name);
    if (linkAt(b).isValid())
        return QStringLiteral("port %1 of %2 already carries a link").arg(portName(b), nb->name);
    return whyIncompatible(a, b);
}

std::optional<QString> Design::whyIncompatible(PortRef a, PortRef b) const
{
    const Node* na = node(a.node);
    const Node* nb = node(b.node);
    if (!na || !nb)
        return QStringLiteral("no such port");
    return whyIncompatible(a, *na, b, *nb);
}

std::optional<QString> Design::whyIncompatible(PortRef a, const Node& nodeA, PortRef b, const Node& nodeB) const
{
    const Node* na = &nodeA;
    const Node* nb = &nodeB;
    const PortGroup* ga = portGroup(a);
    const PortGroup* gb = portGroup(b);
    if (!ga || !gb)
        return QStringLiteral("no such port");
    if (isPluggable(ga->connector) != isPluggable(gb->connector))
        return QStringLiteral("connector differs: %1 (%2) cannot be cabled to %3 (%4); use a port with %5 connector")
            .arg(portName(a), ga->connector, portName(b), gb->connector,
                isPluggable(ga->connector) ? QStringLiteral("a pluggable (QSFP/OSFP)") : QStringLiteral("an RJ45"));
    if (linkSpeedGbps(a, b) == 0)
        return QStringLiteral("speed differs: %1 and %2 share no speed (%3 vs %4 Gb/s); use a switch with ports at "
                              "one of %3 Gb/s")
            .arg(portName(a), portName(b), speedList(*ga), speedList(*gb));

    // Role: a host port joins a switch of its own network or a host port of the same role;
    // two switches join when they serve the same network. Network::None on a switch is a wildcard.
    const auto netA = ga->role == PortRole::Fabric ? std::optional(na->network) : networkOfHostRole(ga->role);
    const auto netB = gb->role == PortRole::Fabric ? std::optional(nb->network) : networkOfHostRole(gb->role);
    if (ga->role == PortRole::OutOfBand && gb->role == PortRole::OutOfBand)
        return QStringLiteral("%1 and %2 are both management ports; they connect through an out-of-band switch")
            .arg(portName(a), portName(b));
    // DGX SuperPOD RA: the out-of-band switches uplink into the in-band network.
    const bool oobUplink = ga->role == PortRole::Fabric && gb->role == PortRole::Fabric
        && ((*netA == Network::OutOfBand && *netB == Network::InBand)
            || (*netA == Network::InBand && *netB == Network::OutOfBand));
    if (*netA != Network::None && *netB != Network::None && *netA != *netB && !oobUplink) {
        // The fix is on the switch side: its network is a choice, a host port's role is not.
        const Node* sw = ga->role == PortRole::Fabric ? na : nb;
        const Network wanted = ga->role == PortRole::Fabric ? *netB : *netA;
        const QString fix = ga->role == PortRole::Fabric && gb->role == PortRole::Fabric
            ? QStringLiteral("put both switches on the same network in the inspector")
            : QStringLiteral("set %1's network to %2 in the inspector, or use a %2 switch")
                  .arg(sw->name, toString(wanted));
        return QStringLiteral("network differs: %1 is on the %2 network and %3 on the %4 network; %5")
            .arg(portName(a), toString(*netA), portName(b), toString(*netB), fix);
    }
    return std::nullopt;
}

PortRef Design::findFreeCompatiblePort(NodeId nodeId, PortRef other) const
{
    const int n = portCount(nodeId);
    for (int i = 0; i < n; ++i) {
        const PortRef candidate{nodeId, i};
        if (!linkAt(candidate).isValid() && !whyCannotConnect(candidate, other))
            return candidate;
    }
    return {};
}

void Design::insertLink(Link link)
{
    assert(!linkAt(link.a).isValid() && !linkAt(link.b).isValid());
    auto* pa = portLinks(link.a.node);
    auto* pb = portLinks(link.b.node);
    assert(pa && pb && link.a.index < static_cast<int>(pa->size()) && link.b.index < static_cast<int>(pb->size()));
    (*pa)[static_cast<size_t>(link.a.index)] = link.id;
    (*pb)[static_cast<size_t>(link.b.index)] = link.id;
    mLinks.insert(link.id, std::move(link));
    touch();
}

Link Design::takeLink(LinkId id)
{
    Link l = mLinks.take(id);
    (*portLinks(l.a.node))[static_cast<size_t>(l.a.index)] = LinkId();
    (*portLinks(l.b.node))[static_cast<size_t>(l.b.index)] = LinkId();
    touch();
    return l;
}

void Design::replaceLink(const Link& link)
{
    Link* existing = mLinks.find(link.id);
    assert(existing && existing->a == link.a && existing->b == link.b);
    *existing = link;
    touch();
}

void Design::insertGroup(Group group)
{
    mGroups.insert(group.id, std::move(group));
    touch();
}

Group Design::takeGroup(GroupId id)
{
    touch();
    return mGroups.take(id);
}

void Design::replaceGroup(const Group& group)
{
    Group* existing = mGroups.find(group.id);
    assert(existing);
    *existing = group;
    touch();
}

std::vector<NodeId> Design::membersOf(GroupId id) const
{
    std::vector<NodeId> result;
    mNodes.forEach([&](const Node& n) {
        if (n.rack == id || n.unit == id)
            result.push_back(n.id);
    });
    return result;
}

std::optional<QString> Design::checkInvariants() const
{
    std::optional<QString> problem;
    mNodes.forEach([&](const Node& n) {
        if (!problem && !item(n.sku))
            problem
                = QStringLiteral("node %1 uses %2, which is not in the design's catalog").arg(n.id.value()).arg(n.sku);
        if (!problem && n.rack.isValid() && (!group(n.rack) || group(n.rack)->kind != GroupKind::Rack))
            problem = QStringLiteral("node %1 names a rack that does not exist").arg(n.id.value());
        if (!problem && n.unit.isValid() && (!group(n.unit) || group(n.unit)->kind == GroupKind::Rack))
            problem = QStringLiteral("node %1 names a scalable unit or pod that does not exist").arg(n.id.value());
    });
    mLinks.forEach([&](const Link& l) {
        if (problem)
            return;
        if (!node(l.a.node) || !node(l.b.node) || l.a.node == l.b.node)
            problem = QStringLiteral("link %1 does not join two existing nodes").arg(l.id.value());
        else if (l.a.index < 0 || l.a.index >= portCount(l.a.node) || l.b.index < 0 || l.b.index >= portCount(l.b.node))
            problem = QStringLiteral("link %1 names a port that does not exist").arg(l.id.value());
        else if (linkAt(l.a) != l.id || linkAt(l.b) != l.id)
            problem = QStringLiteral("link %1 shares a port with another link").arg(l.id.value());
        else if (auto why = whyIncompatible(l.a, l.b))
            problem = QStringLiteral("link %1: %2").arg(l.id.value()).arg(*why);
    });
    mGroups.forEach([&](const Group& g) {
        if (!problem && g.parent.isValid() && !group(g.parent))
            problem = QStringLiteral("group %1 names a parent that does not exist").arg(g.id.value());
    });
    return problem;
}

bool Design::operator==(const Design& o) const
{
    return mName == o.mName && mProperties == o.mProperties && mItems == o.mItems && mNodes == o.mNodes
        && mLinks == o.mLinks && mGroups == o.mGroups;
}

} // namespace pw
