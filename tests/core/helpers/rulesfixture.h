#pragma once

// Hand-built catalog items and a small, complete cluster for the design-rule, cost and CLI tests.
// Items are defined here rather than read from catalogs/ so prices and figures are fixed and the
// expected numbers can be worked out by hand. Header-only: shared by tests/core and tests/integration.

#include "catalog/catalogitemparser.h"
#include "model/design.h"

#include <QJsonArray>
#include <QJsonObject>

#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <variant>

namespace pw::fx {

inline QJsonObject fig(double v)
{
    return QJsonObject{{"value", v}, {"source", "test fixture"}};
}

inline QJsonObject portGroup(
    const char* name, int count, std::initializer_list<int> speeds, const char* connector, const char* role)
{
    QJsonArray s;
    for (int v : speeds)
        s.append(v);
    return QJsonObject{{"name", name}, {"count", count}, {"speeds_gbps", s}, {"connector", connector}, {"role", role},
        {"source", "test fixture"}};
}

inline QJsonObject base(const QString& sku, const char* kind, double powerMaxW, double price, double rackUnits = 1)
{
    return QJsonObject{{"sku", sku}, {"kind", kind}, {"vendor", "Test"}, {"model", sku.toUpper()},
        {"rack_units", fig(rackUnits)}, {"power_max_w", fig(powerMaxW)},
        {"price",
            QJsonObject{
                {"value", price}, {"currency", "USD"}, {"kind", "estimate"}, {"source", "estimate: test price"}}}};
}

inline CatalogItem parse(const QJsonObject& o)
{
    auto r = CatalogItemParser::parse(o);
    if (auto* err = std::get_if<QString>(&r)) {
        std::fprintf(stderr, "fixture item %s: %s\n", qPrintable(o.value("sku").toString()), qPrintable(*err));
        std::abort();
    }
    return std::get<CatalogItem>(r);
}

inline QJsonObject cooling(const char* v)
{
    return QJsonObject{{"value", v}, {"source", "test fixture"}};
}

// A DGX-H100-like server: 8 GPUs of `memoryGb`, 8 OSFP compute ports, 2 storage, 2 in-band, 1 BMC.
inline CatalogItem gpuServer(const QString& sku = "srv", double memoryGb = 80, double powerW = 10000,
    double typicalW = 8000, double price = 100000, const char* cool = "air")
{
    QJsonObject o = base(sku, "server", powerW, price, 8);
    o["power_typical_w"] = fig(typicalW);
    o["cooling"] = cooling(cool);
    o["port_groups"] = QJsonArray{portGroup("compute", 8, {400, 200}, "OSFP", "compute"),
        portGroup("storage", 2, {400, 200, 100}, "QSFP112", "storage"),
        portGroup("inband", 2, {100}, "QSFP112", "inband"), portGroup("bmc", 1, {1}, "RJ45", "oob")};
    o["gpu"] = QJsonObject{{"model", "H100 SXM5"}, {"count", 8}, {"memory_gb", memoryGb}, {"bf16_tflops", 989},
        {"fp8_tflops", 1979}, {"tdp_w", 700}, {"source", "test fixture"}};
    return parse(o);
}

inline CatalogItem ibSwitch(const QString& sku = "ibsw", int ports = 64, int radix = 64,
    std::initializer_list<int> speeds = {400, 200}, double price = 20000, double powerW = 1000, int portsPerCage = 1)
{
    QJsonObject o = base(sku, "switch", powerW, price);
    o["cooling"] = cooling("air");
    QJsonObject data = portGroup("data", ports, speeds, "OSFP", "fabric");
    data["ports_per_cage"] = portsPerCage;
    o["port_groups"] = QJsonArray{data, portGroup("mgmt", 1, {1}, "RJ45", "oob")};
    o["switch"] = QJsonObject{
        {"radix", radix}, {"capacity_tbps", 51.2}, {"technology", "infiniband"}, {"source", "test fixture"}};
    return parse(o);
}

// `uplinks`: a second fabric group of 100G QSFP112 ports (an out-of-band switch's uplinks).
inline CatalogItem ethSwitch(const QString& sku, int ports, std::initializer_list<int> speeds, const char* connector,
    double price = 10000, int uplinks = 0)
{
    QJsonObject o = base(sku, "switch", 500, price);
    o["cooling"] = cooling("air");
    QJsonArray groups{portGroup("data", ports, speeds, connector, "fabric"), portGroup("mgmt", 1, {1}, "RJ45", "oob")};
    if (uplinks > 0)
        groups.append(portGroup("uplink", uplinks, {100}, "QSFP112", "fabric"));
    o["port_groups"] = groups;
    o["switch"] = QJsonObject{
        {"radix", ports}, {"capacity_tbps", 12.8}, {"technology", "ethernet"}, {"source", "test fixture"}};
    return parse(o);
}

inline CatalogItem subnetManager()
{
    QJsonObject o = base("sm", "appliance", 700, 40000);
    o["description"] = "InfiniBand fabric manager / subnet manager appliance";
    o["cooling"] = cooling("air");
    o["port_groups"]
        = QJsonArray{portGroup("fabric", 2, {400, 200}, "OSFP", "compute"), portGroup("bmc", 1, {1}, "RJ45", "oob")};
    return parse(o);
}

inline CatalogItem storageArray(const QString& sku = "array", double read = 100, double write = 60, double usable = 500,
    const char* protocol = "parallel-fs")
{
    QJsonObject o = base(sku, "storage", 2000, 300000, 2);
    o["cooling"] = cooling("air");
    o["port_groups"] = QJsonArray{
        portGroup("storage", 2, {400, 200, 100}, "QSFP112", "storage"), portGroup("bmc", 1, {1}, "RJ45", "oob")};
    o["storage"] = QJsonObject{
        {"read_gbps", fig(read)}, {"write_gbps", fig(write)}, {"usable_tb", fig(usable)}, {"protocol", protocol}};
    return parse(o);
}

inline CatalogItem cable(
    const QString& sku, const char* medium, const char* connector, int speed, double maxLength, double price)
{
    QJsonObject o = base(sku, "cable", 0, price, 0);
    o["cable"] = QJsonObject{{"medium", medium}, {"speed_gbps", speed}, {"connector", connector},
        {"max_length_m", maxLength}, {"source", "test fixture"}};
    return parse(o);
}

inline CatalogItem transceiver(const QString& sku, int links, double price, double powerW, double reach = 100)
{
    QJsonObject o = base(sku, "transceiver", powerW, price, 0);
    o["transceiver"] = QJsonObject{{"speed_gbps", 800}, {"links", links}, {"connector", "OSFP"},
        {"fiber", "singlemode"}, {"max_reach_m", reach}, {"source", "test fixture"}};
    return parse(o);
}

// A rack PDU without a management port, price or draw: feeds a rack (RACK-PDU) and changes no sum.
inline CatalogItem pduItem(const QString& sku = "pdu")
{
    QJsonObject o = base(sku, "pdu", 0, 0, 0);
    o["pdu"] = QJsonObject{{"capacity_kw", fig(60)}};
    return parse(o);
}

inline CatalogItem rackItem(const QString& sku = "rack", double price = 2000)
{
    QJsonObject o = base(sku, "rack", 0, price, 48);
    o["rack"] = QJsonObject{{"height_u", 48}, {"source", "test fixture"}};
    return parse(o);
}

// Builds designs directly (as a generator or loader does): records items, inserts nodes and links.
class Builder {
public:
    Design d;

    NodeId add(const CatalogItem& item, const QString& name, Network network = Network::None,
        FabricTier tier = FabricTier::None, int rail = -1)
    {
        d.recordItem(item);
        Node n;
        n.id = d.allocateNodeId();
        n.sku = item.sku;
        n.name = name;
        n.network = network;
        n.tier = tier;
        n.rail = rail;
        d.insertNode(n);
        return n.id;
    }

    // First free port of `a` that fits a free port of `b` (as ConnectCommand picks them).
    LinkId connect(
        NodeId a, NodeId b, const QString& cableSku = {}, double lengthM = 0, const QString& transceiverSku = {})
    {
        for (int i = 0; i < d.portCount(a); ++i) {
            const PortRef pa{a, i};
            if (d.linkAt(pa).isValid())
                continue;
            const PortRef pb = d.findFreeCompatiblePort(b, pa);
            if (pb.isValid())
                return link(pa, pb, cableSku, lengthM, transceiverSku);
        }
        std::fprintf(stderr, "fixture: no free compatible ports between %s and %s\n", qPrintable(d.node(a)->name),
            qPrintable(d.node(b)->name));
        std::abort();
    }

    // A link between two given ports, checked or not (fixtures that break rules need unchecked links).
    LinkId link(
        PortRef a, PortRef b, const QString& cableSku = {}, double lengthM = 0, const QString& transceiverSku = {})
    {
        Link l;
        l.id = d.allocateLinkId();
        l.a = a;
        l.b = b;
        l.cableSku = cableSku;
        l.lengthM = lengthM;
        l.transceiverSku = transceiverSku;
        d.insertLink(l);
        return l.id;
    }

    PortRef freePort(NodeId n, PortRole role) const
    {
        int first = 0;
        for (const PortGroup& g : d.itemOf(n)->portGroups) {
            if (g.role == role)
                for (int i = 0; i < g.count; ++i)
                    if (!d.linkAt(PortRef{n, first + i}).isValid())
                        return PortRef{n, first + i};
            first += g.count;
        }
        std::fprintf(stderr, "fixture: no free port\n");
        std::abort();
    }

    GroupId rack(
        const QString& name, double budgetKw, bool liquid, const std::vector<NodeId>& members, const QString& sku = {})
    {
        Group g;
        g.id = d.allocateGroupId();
        g.kind = GroupKind::Rack;
        g.name = name;
        g.powerBudgetKw = budgetKw;
        g.liquidCooled = liquid;
        g.sku = sku;
        d.insertGroup(g);
        for (NodeId id : members) {
            Node n = *d.node(id);
            n.rack = g.id;
            d.replaceNode(n);
        }
        return g.id;
    }

    void removeLinksBetween(NodeId a, NodeId b, int max = 1 << 30)
    {
        for (LinkId id : d.linksOf(a)) {
            if (max == 0)
                return;
            const Link* l = d.link(id);
            if (l->a.node == b || l->b.node == b) {
                d.takeLink(id);
                --max;
            }
        }
    }

    void removeNode(NodeId n)
    {
        for (LinkId id : d.linksOf(n))
            d.takeLink(id);
        d.takeNode(n);
    }

    void setIntent(const QJsonObject& intent)
    {
        QJsonObject p = d.properties();
        p["intent"] = intent;
        d.setProperties(p);
    }
};

// A small training cluster that passes every rule: two 8-GPU servers, two InfiniBand leaves and two
// spines (1:1), a subnet manager, an Ethernet storage fabric with one parallel-FS array, in-band
// and out-of-band networks, the servers in a 25 kW rack.
struct Cluster {
    Builder b;
    NodeId srv1, srv2, leaf1, leaf2, spine1, spine2, sm, storageSw, storageSwB, array, inbandSw, oobSw;
    GroupId rack;

    Cluster()
    {
        const CatalogItem server = gpuServer();
        const CatalogItem ib = ibSwitch();
        const CatalogItem dac = cable("dac", "dac", "OSFP", 800, 3, 100);
        const CatalogItem dac112 = cable("dac112", "dac", "QSFP112", 400, 3, 80);
        const CatalogItem cat6 = cable("cat6", "dac", "RJ45", 1, 100, 5);
        for (const CatalogItem& c : {dac, dac112, cat6})
            b.d.recordItem(c);
        b.d.setName(QStringLiteral("clean"));
        srv1 = b.add(server, "srv1");
        srv2 = b.add(server, "srv2");
        leaf1 = b.add(ib, "leaf1", Network::Compute, FabricTier::Leaf);
        leaf2 = b.add(ib, "leaf2", Network::Compute, FabricTier::Leaf);
        spine1 = b.add(ib, "spine1", Network::Compute, FabricTier::Spine);
        spine2 = b.add(ib, "spine2", Network::Compute, FabricTier::Spine);
        sm = b.add(subnetManager(), "ufm");
        storageSw = b.add(ethSwitch("stsw", 32, {400, 200, 100}, "QSFP112"), "storage-sw", Network::Storage);
        storageSwB = b.add(ethSwitch("stsw", 32, {400, 200, 100}, "QSFP112"), "storage-sw-b", Network::Storage);
        array = b.add(storageArray(), "array");
        inbandSw = b.add(ethSwitch("ibdsw", 32, {400, 200, 100}, "QSFP112"), "inband-sw", Network::InBand);
        oobSw = b.add(ethSwitch("oobsw", 48, {1}, "RJ45", 3000, 2), "oob-sw", Network::OutOfBand);

        for (NodeId s : {srv1, srv2})
            for (NodeId leaf : {leaf1, leaf2})
                for (int i = 0; i < 4; ++i)
                    b.connect(s, leaf, "dac", 2);
        // leaf1 also serves the subnet manager, so it has one more uplink pair to stay 1:1.
        for (NodeId spine : {spine1, spine2}) {
            for (int i = 0; i < 5; ++i)
                b.connect(leaf1, spine, "dac", 2);
            for (int i = 0; i < 4; ++i)
                b.connect(leaf2, spine, "dac", 2);
        }
        b.connect(sm, leaf1, "dac", 2);
        // Storage on a pair of switches, each host on both (SERVICE-SINGLE-HOMED), joined by a link.
        for (NodeId s : {srv1, srv2}) {
            b.connect(s, storageSw, "dac112", 2);
            b.connect(s, storageSwB, "dac112", 2);
            b.connect(s, inbandSw, "dac112", 2);
            b.connect(s, inbandSw, "dac112", 2);
        }
        b.connect(array, storageSw, "dac112", 2);
        b.connect(array, storageSwB, "dac112", 2);
        b.connect(storageSw, storageSwB, "dac112", 2);
        for (NodeId n : {srv1, srv2, leaf1, leaf2, spine1, spine2, sm, storageSw, storageSwB, array, inbandSw})
            b.link(b.freePort(n, PortRole::OutOfBand), b.freePort(oobSw, PortRole::Fabric), "cat6", 3);
        // The OOB switch's uplink into the in-band network (DGX SuperPOD RA: the management
        // servers reach BMCs and PDUs through it).
        b.connect(oobSw, inbandSw, "dac112", 2);
        const NodeId pdu = b.add(pduItem(), "R1-pdu-A1");
        rack = b.rack("R1", 25, false, {srv1, srv2, pdu});
        b.setIntent(QJsonObject{{"cluster_type", "training"}});
    }

    // Grows the cluster by the named servers, each on the compute fabric like srv1 and srv2 (four
    // 2 m DACs to each leaf, so 8 links per server) and nothing else: the "two more servers"
    // revision that the diff, comparison and "changes since" tests compare against.
    void addComputeServers(std::initializer_list<const char*> names)
    {
        const CatalogItem server = *b.d.item(QStringLiteral("srv"));
        for (const char* name : names) {
            const NodeId s = b.add(server, QString::fromLatin1(name));
            for (NodeId leaf : {leaf1, leaf2})
                for (int i = 0; i < 4; ++i)
                    b.connect(s, leaf, QStringLiteral("dac"), 2);
        }
    }
};

} // namespace pw::fx
