#pragma once

#include "catalog/catalogitem.h"
#include "model/group.h"
#include "model/link.h"
#include "model/node.h"
#include "util/entitytable.h"

#include <QHash>
#include <QJsonObject>
#include <QString>

#include <map>
#include <optional>
#include <vector>

namespace pw {

// The document: every node, link and group of one cluster design, keyed by strong ids, plus a
// snapshot of the catalog items it uses and its design properties. Only commands change a design
// that a user edits; generators and loaders build one directly. Invariants (checked by
// checkInvariants): every node's sku is in the snapshot, every link joins two existing, distinct
// ports, and a port carries at most one link.
// The network a host port of this role is on; nullopt for switch (fabric) ports, whose network is
// their node's.
[[nodiscard]] std::optional<Network> networkOfHostRole(PortRole role);

class Design {
public:
    // Names (design, nodes, groups) are at most this many characters: the loaders refuse longer
    // ones, so the commands and generators never create them (docs/file-format.md).
    static constexpr qsizetype kMaxNameLength = 256;

    Design();
    Design(const Design& other);
    Design& operator=(const Design& other);
    Design(Design&&) noexcept = default;
    Design& operator=(Design&&) noexcept = default;

    [[nodiscard]] const QString& name() const { return mName; }
    void setName(const QString& name)
    {
        mName = name;
        touch();
    }

    // Design-wide properties (intent, assumptions, waivers) as JSON; later modules give them types.
    [[nodiscard]] const QJsonObject& properties() const { return mProperties; }
    void setProperties(const QJsonObject& p)
    {
        mProperties = p;
        touch();
    }

    // Catalog snapshot.
    void recordItem(const CatalogItem& item);
    [[nodiscard]] const CatalogItem* item(const QString& sku) const;
    // Drops an item from the snapshot (undo of the command that recorded it).
    void forgetItem(const QString& sku);
    [[nodiscard]] const std::map<QString, CatalogItem>& items() const { return mItems; }

    // Nodes.
    [[nodiscard]] NodeId allocateNodeId() { return mNodes.allocate(); }
    void insertNode(Node node);
    Node takeNode(NodeId id); // the node must have no links
    void replaceNode(const Node& node); // same id and sku
    [[nodiscard]] const Node* node(NodeId id) const { return mNodes.find(id); }
    [[nodiscard]] const EntityTable<NodeId, Node>& nodes() const { return mNodes; }
    [[nodiscard]] const CatalogItem* itemOf(NodeId id) const;

    // Ports.
    [[nodiscard]] int portCount(NodeId id) const;
    [[nodiscard]] const PortGroup* portGroup(PortRef port) const;
    [[nodiscard]] int portGroupIndex(PortRef port) const;
    // The cage holding a port, as its first port (the port itself in a single-port cage): the two
    // ports of a twin-port cage share one module or one twin-port cable. Invalid for no such port.
    [[nodiscard]] PortRef cageOf(PortRef port) const;
    [[nodiscard]] QString portName(PortRef port) const;
    [[nodiscard]] LinkId linkAt(PortRef port) const;
    [[nodiscard]] std::vector<LinkId> linksOf(NodeId id) const;
    // Why the two ports cannot be joined by a link, or nothing when they can.
    [[nodiscard]] std::optional<QString> whyCannotConnect(PortRef a, PortRef b) const;
    // Why the two ports are not compatible (connector, speed, network), ignoring whether they are free.
    [[nodiscard]] std::optional<QString> whyIncompatible(PortRef a, PortRef b) const;
    // The same, as if the two ports' nodes had the given states (same ids and skus): lets an edit
    // be checked before it changes anything.
    [[nodiscard]] std::optional<QString> whyIncompatible(
        PortRef a, const Node& nodeA, PortRef b, const Node& nodeB) const;
    // The speed a link between the two ports runs at: the fastest speed both support, 0 if none.
    [[nodiscard]] int linkSpeedGbps(PortRef a, PortRef b) const;
    [[nodiscard]] int linkSpeedGbps(const Link& link) const { return linkSpeedGbps(link.a, link.b); }
    // The network a link belongs to (the host port's role, or the switches' network).
    [[nodiscard]] Network linkNetwork(const Link& link) const;
    // The network of one port: a host port's role, a switch port's node network (None if unknown).
    [[nodiscard]] Network portNetwork(PortRef port) const;
    // First free port of the node that could join `other`, or an invalid ref.
    [[nodiscard]] PortRef findFreeCompatiblePort(NodeId node, PortRef other) const;

    // Links.
    [[nodiscard]] LinkId allocateLinkId() { return mLinks.allocate(); }
    void insertLink(Link link);
    Link takeLink(LinkId id);
    void replaceLink(const Link& link); // same id and ports
    [[nodiscard]] const Link* link(LinkId id) const { return mLinks.find(id); }
    [[nodiscard]] const EntityTable<LinkId, Link>& links() const { return mLinks; }

    // Groups.
    [[nodiscard]] GroupId allocateGroupId() { return mGroups.allocate(); }
    void insertGroup(Group group);
    Group takeGroup(GroupId id);
    void replaceGroup(const Group& group);
    [[nodiscard]] const Group* group(GroupId id) const { return mGroups.find(id); }
    [[nodiscard]] const EntityTable<GroupId, Group>& groups() const { return mGroups; }
    [[nodiscard]] std::vector<NodeId> membersOf(GroupId id) const;

    // Counts every change, so views and analyses can tell whether they are stale.
    [[nodiscard]] quint64 revision() const { return mRevision; }
    void reserve(size_t nodes, size_t links);

    // A description of the first broken invariant, or nothing. Used by tests and the loader.
    [[nodiscard]] std::optional<QString> checkInvariants() const;

    bool operator==(const Design& o) const;

private:
    void touch() { ++mRevision; }
    std::vector<LinkId>* portLinks(NodeId id);
    [[nodiscard]] const std::vector<LinkId>* portLinks(NodeId id) const;

    QString mName;
    QJsonObject mProperties;
    std::map<QString, CatalogItem> mItems;
    EntityTable<NodeId, Node> mNodes;
    EntityTable<LinkId, Link> mLinks;
    EntityTable<GroupId, Group> mGroups;
    std::vector<std::vector<LinkId>> mPortLinks; // by node slot, then port index
    // By node slot: the node's item in mItems. std::map nodes never move, so the pointers stay
    // valid until the item is erased (only when no node uses it) and survive a move of the design;
    // a copy rebuilds them. Saves a string-keyed lookup on every port and link query.
    std::vector<const CatalogItem*> mNodeItems;
    // mItems by sku for item(): one hash instead of a descent of string compares, asked for every
    // link's cable and module (a twelfth of `report` at 100,000 GPUs). Rebuilt by a copy, as above.
    QHash<QString, const CatalogItem*> mItemIndex;
    quint64 mRevision = 0;
};

} // namespace pw
