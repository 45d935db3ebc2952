#include "helpers/rulesfixture.h"
#include "helpers/testcatalog.h"

#include "catalog/catalog.h"
#include "commands/setdesignpropertiescommand.h"
#include "floor/rackelevationmodel.h"
#include "generate/fabricgenerator.h"
#include "validate/designrules.h"

#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QtTest>

#include <functional>

using namespace pw;

namespace {

using Mutation = std::function<void(fx::Cluster&)>;

struct Case {
    const char* name;
    const char* code;
    Mutation mutate;
};

bool has(const std::vector<Finding>& fs, const QString& code)
{
    return std::any_of(fs.begin(), fs.end(), [&](const Finding& f) { return f.code == code; });
}

const Finding* find(const std::vector<Finding>& fs, const QString& code)
{
    for (const Finding& f : fs)
        if (f.code == code)
            return &f;
    return nullptr;
}

QString dump(const std::vector<Finding>& fs)
{
    QStringList s;
    for (const Finding& f : fs)
        s << f.code + QStringLiteral(": ") + f.message;
    return s.join(QStringLiteral("\n"));
}

void setIntentKey(fx::Cluster& c, const char* key, const QJsonValue& value)
{
    QJsonObject intent = c.b.d.properties().value("intent").toObject();
    intent[QLatin1String(key)] = value;
    c.b.setIntent(intent);
}

// The fixture's array, slower: 30 GB/s read, 10 GB/s write.
void slowArray(fx::Cluster& c)
{
    c.b.d.forgetItem(QStringLiteral("array"));
    c.b.d.recordItem(fx::storageArray(QStringLiteral("array"), 30, 10));
}

// XDR parts for the section-4 rules (issue 15), with the attributes the rules read: an air-cooled
// 800G InfiniBand switch with twin-port OSFP cages, a twin-port module of a given top, cables.
CatalogItem xdrSwitch()
{
    return fx::ibSwitch(QStringLiteral("xdrsw"), 16, 16, {800}, 20000, 1000, 2);
}

CatalogItem twinModule(const char* sku, const char* top)
{
    QJsonObject o = fx::base(QString::fromLatin1(sku), "transceiver", 30, 2000, 0);
    o["transceiver"] = QJsonObject{{"speed_gbps", 1600}, {"links", 2}, {"connector", "OSFP"}, {"fiber", "singlemode"},
        {"side", "switch"}, {"top", top}, {"max_reach_m", 500}, {"source", "test fixture"}};
    return fx::parse(o);
}

CatalogItem withAttribute(const CatalogItem& item, const QString& sku, const char* key, const QJsonObject& value)
{
    QJsonObject o = item.snapshotJson();
    o["sku"] = sku;
    o[QLatin1String(key)] = value;
    return fx::parse(o);
}

// Two XDR switches joined port 0 to port 0 by `cable` (and `module`).
std::pair<NodeId, NodeId> xdrPair(fx::Cluster& c, const CatalogItem& cable, const QString& module = {})
{
    c.b.d.recordItem(cable);
    const NodeId a = c.b.add(xdrSwitch(), "xdr-a", Network::Compute, FabricTier::Spine);
    const NodeId b = c.b.add(xdrSwitch(), "xdr-b", Network::Compute, FabricTier::Spine);
    c.b.link(PortRef{a, 0}, PortRef{b, 0}, cable.sku, 2, module);
    return {a, b};
}

const std::vector<Case>& cases()
{
    static const std::vector<Case> kCases{
        {"RJ45 cabled to an OSFP cage", "PORT-CONNECTOR",
            [](fx::Cluster& c) {
                const NodeId probe = c.b.add(fx::ibSwitch(), "probe", Network::Compute);
                c.b.link(c.b.freePort(probe, PortRole::Fabric), c.b.freePort(c.oobSw, PortRole::Fabric));
            }},
        {"100G-only port on a 400/200G leaf", "PORT-SPEED",
            [](fx::Cluster& c) {
                const NodeId eth = c.b.add(fx::ethSwitch("eth100", 8, {100}, "OSFP"), "eth100", Network::Compute);
                c.b.link(c.b.freePort(eth, PortRole::Fabric), c.b.freePort(c.leaf1, PortRole::Fabric));
            }},
        {"storage switch cabled into the compute fabric", "PORT-ROLE",
            [](fx::Cluster& c) {
                c.b.link(c.b.freePort(c.storageSw, PortRole::Fabric), c.b.freePort(c.leaf1, PortRole::Fabric));
            }},
        {"HDR switch on an NDR leaf", "PORT-SPEED-DOWNGRADE",
            [](fx::Cluster& c) {
                const NodeId hdr
                    = c.b.add(fx::ibSwitch("hdr", 40, 40, {200}), "hdr", Network::Compute, FabricTier::Spine);
                c.b.connect(c.leaf1, hdr);
            }},
        {"10 m on a 3 m DAC", "PORT-CABLE",
            [](fx::Cluster& c) {
                Link l = *c.b.d.link(c.b.d.linksOf(c.srv1).front());
                l.lengthM = 10;
                c.b.d.replaceLink(l);
            }},
        {"OSFP DAC on QSFP112 ports", "PORT-CABLE",
            [](fx::Cluster& c) {
                for (LinkId id : c.b.d.linksOf(c.array)) {
                    Link l = *c.b.d.link(id);
                    if (l.cableSku == QLatin1String("dac112")) {
                        l.cableSku = QStringLiteral("dac");
                        c.b.d.replaceLink(l);
                        return;
                    }
                }
            }},
        {"800G single-link module on a 400G compute link", "OPTICS-MISMATCH",
            [](fx::Cluster& c) {
                c.b.d.recordItem(fx::cable("mpo", "fiber", "MPO", 400, 50, 60));
                c.b.d.recordItem(fx::transceiver("osfp800", 1, 1500, 15));
                Link l = *c.b.d.link(c.b.d.linksOf(c.srv1).front());
                l.cableSku = QStringLiteral("mpo");
                l.transceiverSku = QStringLiteral("osfp800");
                c.b.d.replaceLink(l);
            }},
        {"DAC on an 800G InfiniBand (XDR) link", "XDR-MEDIA",
            [](fx::Cluster& c) { xdrPair(c, fx::cable("dac800", "dac", "OSFP", 800, 3, 100)); }},
        {"flat-top twin module in an air-cooled XDR switch", "OPTICS-TOP",
            [](fx::Cluster& c) {
                const CatalogItem flat = twinModule("twin-flat", "flat");
                c.b.d.recordItem(flat);
                QJsonObject smf = fx::cable("smf800", "fiber", "MPO", 800, 500, 60).snapshotJson();
                QJsonObject spec = smf.value("cable").toObject();
                spec["fiber"] = "singlemode";
                smf["cable"] = spec;
                xdrPair(c, fx::parse(smf), flat.sku);
            }},
        {"one twin-port cage with a fiber and a copper link", "OPTICS-TWIN-FIBER",
            [](fx::Cluster& c) {
                const CatalogItem finned = twinModule("twin-finned", "finned");
                c.b.d.recordItem(finned);
                QJsonObject smf = fx::cable("smf800", "fiber", "MPO", 800, 500, 60).snapshotJson();
                QJsonObject spec = smf.value("cable").toObject();
                spec["fiber"] = "singlemode";
                smf["cable"] = spec;
                const auto [a, b] = xdrPair(c, fx::parse(smf), finned.sku);
                const CatalogItem lacc = fx::cable("lacc", "acc", "OSFP", 1600, 5, 300);
                c.b.d.recordItem(lacc);
                c.b.link(PortRef{a, 1}, PortRef{b, 1}, lacc.sku, 2);
            }},
        {"rack PDU beside a busbar-fed rack-scale system", "RACK-BUSBAR-PDU",
            [](fx::Cluster& c) {
                const CatalogItem nvl = withAttribute(fx::gpuServer(), QStringLiteral("nvl"), "busbar_rack",
                    QJsonObject{{"value", true}, {"source", "test fixture: fed by its power shelves"}});
                const NodeId rackScale = c.b.add(nvl, "nvl-1");
                const NodeId pdu = c.b.add(fx::pduItem(), "R2-pdu-A1");
                c.b.rack("R2", 0, false, {rackScale, pdu});
            }},
        {"three servers where the generation's RA plans two per rack", "POWER-RACK-GENERATION",
            [](fx::Cluster& c) {
                const CatalogItem gen = withAttribute(fx::gpuServer(), QStringLiteral("gen"), "rack_power",
                    QJsonObject{{"value", 25}, {"servers", 2}, {"source", "test fixture: 2 per rack at 25 kW"}});
                std::vector<NodeId> members;
                for (int i = 1; i <= 3; ++i)
                    members.push_back(c.b.add(gen, QStringLiteral("gen-%1").arg(i)));
                members.push_back(c.b.add(fx::pduItem(), "R3-pdu-A1"));
                c.b.rack("R3", 0, false, members);
            }},
        {"rack of servers without a PDU", "RACK-PDU",
            [](fx::Cluster& c) {
                c.b.d.nodes().forEach([&](const Node& n) {
                    if (n.sku == QLatin1String("pdu")) {
                        Node moved = n;
                        moved.rack = GroupId();
                        c.b.d.replaceNode(moved);
                    }
                });
            }},
        {"switch with more links than its radix", "SWITCH-RADIX",
            [](fx::Cluster& c) {
                const NodeId tiny = c.b.add(fx::ibSwitch("tiny", 4, 2), "tiny", Network::Compute, FabricTier::Spine);
                for (int i = 0; i < 3; ++i)
                    c.b.connect(tiny, c.leaf2);
            }},
        {"a compute link without a cable", "LINK-UNCABLED",
            [](fx::Cluster& c) {
                Link l = *c.b.d.link(c.b.d.linksOf(c.srv1).front());
                l.cableSku.clear();
                c.b.d.replaceLink(l);
            }},
        {"server with an unconnected compute NIC", "PORT-UNCONNECTED-COMPUTE",
            [](fx::Cluster& c) { c.b.removeLinksBetween(c.srv1, c.leaf1, 1); }},
        {"server on a separate fabric", "FABRIC-PARTITION",
            [](fx::Cluster& c) {
                const NodeId s3 = c.b.add(fx::gpuServer(), "srv3");
                const NodeId island = c.b.add(fx::ibSwitch(), "island", Network::Compute, FabricTier::Leaf);
                for (int i = 0; i < 8; ++i)
                    c.b.connect(s3, island);
            }},
        {"rail r of a server not on leaf r", "FABRIC-RAIL",
            [](fx::Cluster& c) {
                for (auto [leaf, rail] : {std::pair{c.leaf1, 0}, std::pair{c.leaf2, 1}}) {
                    Node n = *c.b.d.node(leaf);
                    n.rail = rail;
                    c.b.d.replaceNode(n);
                }
            }},
        {"leaf at 2:1 in a training cluster", "FABRIC-OVERSUB",
            [](fx::Cluster& c) { c.b.removeLinksBetween(c.leaf2, c.spine1); }},
        {"each server on its own leaf, half the uplinks", "FABRIC-BISECTION",
            [](fx::Cluster& c) {
                c.b.removeLinksBetween(c.srv1, c.leaf2);
                c.b.removeLinksBetween(c.srv2, c.leaf1);
                for (int i = 0; i < 4; ++i) {
                    c.b.connect(c.srv1, c.leaf1);
                    c.b.connect(c.srv2, c.leaf2);
                }
                c.b.removeLinksBetween(c.leaf2, c.spine1);
            }},
        {"server hanging off one leaf", "FABRIC-SPOF", [](fx::Cluster& c) { c.b.removeLinksBetween(c.srv2, c.leaf1); }},
        {"subnet manager unplugged", "FABRIC-SM", [](fx::Cluster& c) { c.b.removeNode(c.sm); }},
        {"rack budget below its servers", "POWER-RACK",
            [](fx::Cluster& c) {
                Group g = *c.b.d.group(c.rack);
                g.powerBudgetKw = 15;
                c.b.d.replaceGroup(g);
            }},
        // Issue 26 section 4: a liquid-cooled rack of the default 140 kW budget holding 72 kW of air-cooled
        // switches (6 x 12 kW) passed POWER-RACK (72 <= 140); the air-cooled load is judged against the
        // rack item's 41 kW air budget: 72 > 41.
        {"72 kW of air-cooled switches in a liquid-cooled 140 kW rack", "POWER-RACK-AIR",
            [](fx::Cluster& c) {
                QJsonObject rack = fx::rackItem("lrack").snapshotJson();
                QJsonObject spec = rack.value("rack").toObject();
                spec["budget_air_kw"] = fx::fig(41);
                spec["budget_liquid_kw"] = fx::fig(140);
                rack["rack"] = spec;
                const CatalogItem lrack = fx::parse(rack);
                c.b.d.recordItem(lrack);
                std::vector<NodeId> members;
                for (int i = 1; i <= 6; ++i)
                    members.push_back(c.b.add(fx::ibSwitch("hot", 64, 64, {400, 200}, 20000, 12000),
                        QStringLiteral("hot-%1").arg(i), Network::Compute, FabricTier::Spine));
                members.push_back(c.b.add(fx::pduItem(), "L1-pdu-A1"));
                c.b.rack("L1", 140, true, members, lrack.sku);
            }},
        {"liquid-cooled server in an air rack", "COOLING-LIQUID",
            [](fx::Cluster& c) {
                const NodeId wet = c.b.add(fx::gpuServer("wet", 186, 12000, 12000, 100000, "liquid"), "wet");
                Node n = *c.b.d.node(wet);
                n.rack = c.rack;
                c.b.d.replaceNode(n);
            }},
        {"server placed above the rack's 42 U", "RACK-HEIGHT",
            [](fx::Cluster& c) {
                Node n = *c.b.d.node(c.srv1);
                n.rackUnit = 42;
                c.b.d.replaceNode(n);
            }},
        {"two servers in one U", "RACK-OVERLAP",
            [](fx::Cluster& c) {
                for (NodeId id : {c.srv1, c.srv2}) {
                    Node n = *c.b.d.node(id);
                    n.rackUnit = 10;
                    c.b.d.replaceNode(n);
                }
            }},
        {"site budget below IT load x PUE", "POWER-SITE",
            [](fx::Cluster& c) { setIntentKey(c, "site_power_budget_kw", 30); }},
        {"no storage at all", "STORAGE-NONE", [](fx::Cluster& c) { c.b.removeNode(c.array); }},
        // Two servers need a sixteenth of the SU row but never less than one node's figure
        // (best: 40 read, 20 write); the 30 / 10 GB/s array is below both.
        {"array below the best tier's read", "STORAGE-READ",
            [](fx::Cluster& c) {
                setIntentKey(c, "storage_tier", "best");
                slowArray(c);
            }},
        {"array below the best tier's write", "STORAGE-WRITE",
            [](fx::Cluster& c) {
                setIntentKey(c, "storage_tier", "best");
                slowArray(c);
            }},
        {"server without storage links", "STORAGE-NODE-READ",
            [](fx::Cluster& c) {
                c.b.removeLinksBetween(c.srv1, c.storageSw);
                c.b.removeLinksBetween(c.srv1, c.storageSwB);
            }},
        {"server without storage links (write)", "STORAGE-NODE-WRITE",
            [](fx::Cluster& c) {
                c.b.removeLinksBetween(c.srv1, c.storageSw);
                c.b.removeLinksBetween(c.srv1, c.storageSwB);
            }},
        {"array on one of two links", "STORAGE-FABRIC",
            [](fx::Cluster& c) { c.b.removeLinksBetween(c.array, c.storageSw, 1); }},
        {"dataset larger than the array", "STORAGE-CAPACITY",
            [](fx::Cluster& c) { setIntentKey(c, "dataset_tb", 1000); }},
        // The array's second link moved from the second storage switch to the first: both on one.
        {"storage system on one switch of two", "SERVICE-SINGLE-HOMED",
            [](fx::Cluster& c) {
                c.b.removeLinksBetween(c.array, c.storageSwB);
                c.b.connect(c.array, c.storageSw, "dac112", 2);
            }},
        {"BMC without an out-of-band link", "MGMT-OOB",
            [](fx::Cluster& c) { c.b.removeLinksBetween(c.srv1, c.oobSw); }},
        {"out-of-band switch without an uplink into in-band", "MGMT-OOB-UPLINK",
            [](fx::Cluster& c) { c.b.removeLinksBetween(c.oobSw, c.inbandSw); }},
        {"no in-band network", "MGMT-INBAND", [](fx::Cluster& c) { c.b.removeNode(c.inbandSw); }},
        {"405B training on 16 GPUs", "WORKLOAD-GPU-MEMORY",
            [](fx::Cluster& c) {
                setIntentKey(c, "workload", QJsonObject{{"parameters", 405e9}, {"task", "train"}});
            }},
        {"70B training on 16 GPUs", "WORKLOAD-GPU-COUNT",
            [](fx::Cluster& c) {
                setIntentKey(c, "workload", QJsonObject{{"parameters", 70e9}, {"task", "train"}});
            }},
    };
    return kCases;
}

} // namespace

class TestValidate : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void cleanClusterPassesEveryRule()
    {
        fx::Cluster c;
        QVERIFY2(!c.b.d.checkInvariants(), "fixture is a valid design");
        const auto fs = validate(c.b.d);
        QVERIFY2(fs.empty(), qPrintable(dump(fs)));
    }

    // SERVICE-SINGLE-HOMED names the storage system or management server and its one switch, and
    // is silent once a second switch of the same network carries one of its links.
    void singleHomedServiceNodesWarnByName()
    {
        auto findingsOf = [](const Design& d) {
            QStringList messages;
            for (const Finding& f : validate(d))
                if (f.code == QLatin1String("SERVICE-SINGLE-HOMED"))
                    messages << f.message;
            return messages;
        };
        fx::Cluster c;
        QVERIFY(findingsOf(c.b.d).isEmpty());

        // A management server (head node) with both in-band ports on the one in-band switch.
        QJsonObject o = fx::base(QStringLiteral("mgmt"), "server", 800, 15000);
        o["roles"] = QJsonObject{{"value", QJsonArray{"management-server"}}, {"source", "test fixture"}};
        o["cooling"] = fx::cooling("air");
        o["port_groups"] = QJsonArray{
            fx::portGroup("inband", 2, {100}, "QSFP112", "inband"), fx::portGroup("bmc", 1, {1}, "RJ45", "oob")};
        o["gpu"] = QJsonObject{{"model", "none"}, {"count", 0}, {"memory_gb", 0}, {"bf16_tflops", 0}, {"fp8_tflops", 0},
            {"tdp_w", 0}, {"source", "test fixture"}};
        const NodeId head = c.b.add(fx::parse(o), "head-1");
        c.b.connect(head, c.inbandSw, "dac112", 2);
        c.b.connect(head, c.inbandSw, "dac112", 2);
        c.b.link(c.b.freePort(head, PortRole::OutOfBand), c.b.freePort(c.oobSw, PortRole::Fabric), "cat6", 3);
        QStringList found = findingsOf(c.b.d);
        QCOMPARE(found.size(), 1);
        QCOMPARE(found.front(),
            QStringLiteral("management server head-1 is attached to one switch of the in-band network only "
                           "(inband-sw): a single point of failure"));

        // Its second port on a second in-band switch (joined to the first): dual-homed, no finding.
        const NodeId inbandB
            = c.b.add(fx::ethSwitch("ibdsw", 32, {400, 200, 100}, "QSFP112"), "inband-sw-b", Network::InBand);
        c.b.link(c.b.freePort(inbandB, PortRole::OutOfBand), c.b.freePort(c.oobSw, PortRole::Fabric), "cat6", 3);
        c.b.connect(inbandB, c.inbandSw, "dac112", 2);
        c.b.removeLinksBetween(head, c.inbandSw, 1);
        c.b.connect(head, inbandB, "dac112", 2);
        QVERIFY2(findingsOf(c.b.d).isEmpty(), qPrintable(findingsOf(c.b.d).join(QLatin1Char('\n'))));

        // The storage array with both links on storage-sw: named, with its switch.
        c.b.removeLinksBetween(c.array, c.storageSwB);
        c.b.connect(c.array, c.storageSw, "dac112", 2);
        found = findingsOf(c.b.d);
        QCOMPARE(found.size(), 1);
        QVERIFY2(found.front().startsWith(QStringLiteral("storage system array is attached to one switch of the "
                                                         "storage network only (storage-sw)")),
            qPrintable(found.front()));
    }

    // Generated designs dual-home their storage systems and management servers (ServiceNetworks):
    // a pair of switches when one would hold a network (8 DGX H100), pairs of leaves beyond.
    void generatedDesignsAreNotSingleHomed_data()
    {
        QTest::addColumn<int>("nodes");
        QTest::newRow("8 DGX H100: pairs") << 8;
        QTest::newRow("64 DGX H100: leaves and spines") << 64;
    }
    void generatedDesignsAreNotSingleHomed()
    {
        QFETCH(int, nodes);
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-h100");
        o.nodes = nodes;
        o.switchSku = QStringLiteral("qm9700");
        o.storageSku = QStringLiteral("ddn-ai400x2");
        const GenerateResult r = FabricGenerator::generate(o, test::shippedCatalog());
        QVERIFY2(r.ok(), qPrintable(r.error));
        for (const Finding& f : validate(*r.design))
            QVERIFY2(f.code != QLatin1String("SERVICE-SINGLE-HOMED"), qPrintable(f.message));
    }

    void eachRuleTrips_data()
    {
        QTest::addColumn<int>("index");
        QTest::addColumn<QString>("code");
        for (size_t i = 0; i < cases().size(); ++i)
            QTest::newRow(cases()[i].name) << static_cast<int>(i) << QString::fromLatin1(cases()[i].code);
    }

    void eachRuleTrips()
    {
        QFETCH(int, index);
        QFETCH(QString, code);
        fx::Cluster c;
        cases()[static_cast<size_t>(index)].mutate(c);
        const auto fs = validate(c.b.d);
        const Finding* f = find(fs, code);
        QVERIFY2(f, qPrintable(QStringLiteral("expected %1 in:\n%2").arg(code, dump(fs))));
        QVERIFY(!f->message.isEmpty());
        QVERIFY2(f->explanation.size() > 40, qPrintable(f->explanation));
        QVERIFY(!f->waived());
        // Every rule the UI lists has a stable code; findings only use listed codes.
        QVERIFY(std::any_of(designRules().begin(), designRules().end(),
            [&](const RuleInfo& r) { return code == QLatin1String(r.code); }));
        // The finding's severity is its rule's (issue 13: declared once, as KiCad's DRC_ITEM), so
        // the findings panel, the CLI and the docs cannot show a different one.
        for (const Finding& each : fs) {
            const RuleInfo* rule = ruleInfo(each.code);
            QVERIFY2(rule, qPrintable(each.code));
            const bool raisable
                = each.code == QLatin1String("FABRIC-OVERSUB") || each.code == QLatin1String("FABRIC-BISECTION");
            QVERIFY2(each.severity == rule->severity || (raisable && each.severity == Severity::Error),
                qPrintable(each.code));
        }
    }

    // POWER-RACK-AIR by hand: in a liquid-cooled rack (140 kW budget, 41 kW air budget on its rack
    // item) 6 air-cooled switches of 12 kW = 72 kW > 41 kW trip it; 3 of them, 36 kW, do not; and
    // POWER-RACK stays silent either way (72 kW is under the 140 kW budget).
    void airCooledLoadIsJudgedAgainstTheAirBudget()
    {
        for (const int switches : {6, 3}) {
            fx::Cluster c;
            QJsonObject rack = fx::rackItem("lrack").snapshotJson();
            QJsonObject spec = rack.value("rack").toObject();
            spec["budget_air_kw"] = fx::fig(41);
            rack["rack"] = spec;
            const CatalogItem lrack = fx::parse(rack);
            c.b.d.recordItem(lrack);
            std::vector<NodeId> members;
            for (int i = 1; i <= switches; ++i)
                members.push_back(c.b.add(fx::ibSwitch("hot", 64, 64, {400, 200}, 20000, 12000),
                    QStringLiteral("hot-%1").arg(i), Network::Compute, FabricTier::Spine));
            c.b.rack("L1", 140, true, members, lrack.sku);
            const auto fs = validate(c.b.d);
            const Finding* air = find(fs, QStringLiteral("POWER-RACK-AIR"));
            QVERIFY(!std::any_of(fs.begin(), fs.end(), [](const Finding& f) {
                return f.code == QLatin1String("POWER-RACK") && f.message.startsWith(QLatin1String("rack L1"));
            }));
            if (switches == 3) {
                QVERIFY2(!air, qPrintable(air ? air->message : QString()));
                continue;
            }
            QVERIFY(air);
            QCOMPARE(air->message,
                QStringLiteral("rack L1 holds 72.0 kW of air-cooled equipment; its air budget is 41.0 kW"));
            QVERIFY(air->severity == Severity::Warning);
            QCOMPARE(air->entities.size(), size_t(7)); // the rack and its 6 switches
        }
    }

    // Issue 15, section 4: the XDR media, module-top, twin-port, busbar and per-generation budget
    // rules (and the liquid-cooling and PDU rules) stay silent on the generated DGX B300 XDR
    // SuperPOD (RA-11339, 1 SU on Q3400), which does carry what they judge: 800G InfiniBand links
    // on single-mode optics with finned twin modules at the switches and flat-top modules at the
    // ConnectX-8 hosts, and 4 DGX B300 per rack under the 57 kW budget of the catalog. One
    // multimode patch on an XDR link then trips XDR-MEDIA, so the silence is not a blind rule.
    void generatedB300XdrPassesTheXdrRules()
    {
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-b300");
        o.nodes = 72;
        o.switchSku = QStringLiteral("q3400");
        GenerateResult r = FabricGenerator::generate(o, test::shippedCatalog());
        QVERIFY2(r.ok(), qPrintable(r.error));
        Design& d = *r.design;
        ValidationOptions quick;
        quick.tierChecks = false;
        quick.fabricAnalysis = false;
        const auto fs = validate(d, quick);
        for (const char* code : {"XDR-MEDIA", "OPTICS-TOP", "OPTICS-TWIN-FIBER", "RACK-BUSBAR-PDU",
                 "POWER-RACK-GENERATION", "COOLING-LIQUID", "RACK-PDU", "POWER-RACK", "OPTICS-MISMATCH"})
            QVERIFY2(!has(fs, QLatin1String(code)), qPrintable(QStringLiteral("%1 in:\n%2").arg(code, dump(fs))));

        int xdr = 0;
        QSet<QString> tops;
        LinkId anXdrLink;
        d.links().forEach([&](const Link& l) {
            const CatalogItem* a = d.itemOf(l.a.node);
            const CatalogItem* b = d.itemOf(l.b.node);
            const bool ib = (a->switchSpec && a->switchSpec->technology == QLatin1String("infiniband"))
                || (b->switchSpec && b->switchSpec->technology == QLatin1String("infiniband"));
            if (!ib || d.linkSpeedGbps(l) < 800)
                return;
            ++xdr;
            anXdrLink = l.id;
            if (const CatalogItem* m = d.item(l.transceiverSku))
                tops.insert(m->transceiver->top);
        });
        QVERIFY2(xdr >= 568 + 568, qPrintable(QString::number(xdr))); // node-leaf and leaf-spine
        QVERIFY(tops.contains(QStringLiteral("finned")));
        int b300Racks = 0;
        d.groups().forEach([&](const Group& g) {
            int servers = 0;
            d.nodes().forEach([&](const Node& n) { servers += n.rack == g.id && n.sku == QLatin1String("dgx-b300"); });
            if (servers == 4)
                ++b300Racks;
        });
        QVERIFY2(b300Racks >= 17, qPrintable(QString::number(b300Racks)));

        Link l = *d.link(anXdrLink);
        l.cableSku = QStringLiteral("fiber-mpo-mm");
        d.recordItem(*test::shippedCatalog().item(l.cableSku));
        d.replaceLink(l);
        QVERIFY(has(validate(d, quick), QStringLiteral("XDR-MEDIA")));
    }

    // One table of rules: unique codes, each with a title and a way to resolve it that the studio's
    // findings panel and `validate` print; docs/design-rules.md lists every code.
    void ruleTableIsComplete()
    {
        QSet<QString> codes;
        for (const RuleInfo& r : designRules()) {
            const QString code = QString::fromLatin1(r.code);
            QVERIFY2(!codes.contains(code), r.code);
            codes.insert(code);
            QVERIFY2(QString::fromUtf8(r.summary).size() > 10, r.code);
            QVERIFY2(QString::fromUtf8(r.fix).size() > 10, r.code);
            QCOMPARE(ruleInfo(code), &r);
        }
        QVERIFY(!ruleInfo(QStringLiteral("NO-SUCH-RULE")));
        QFile doc(qEnvironmentVariable("PODWRIGHT_SOURCE_DIR") + QStringLiteral("/docs/design-rules.md"));
        QVERIFY(doc.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(doc.readAll());
        for (const QString& code : codes) {
            const QRegularExpression word(
                QStringLiteral("(?<![A-Z-])%1(?![A-Z-])").arg(QRegularExpression::escape(code)));
            QVERIFY2(word.match(text).hasMatch(), qPrintable(code + QStringLiteral(" is not in docs/design-rules.md")));
        }
    }

    // A rack position above the rack or over another node was accepted silently and stretched
    // the report's rack drawing (a node at U60 made a 60U rack) or printed one name over another.
    void misplacedNodesAreFindingsAndStayOutOfTheDrawing()
    {
        fx::Cluster c;
        for (auto [id, u] : {std::pair{c.srv1, 60}, std::pair{c.srv2, 5}}) {
            Node n = *c.b.d.node(id);
            n.rackUnit = u;
            c.b.d.replaceNode(n);
        }
        const NodeId third = c.b.add(fx::gpuServer(), "srv3");
        Node n3 = *c.b.d.node(third);
        n3.rack = c.rack;
        n3.rackUnit = 5;
        c.b.d.replaceNode(n3);

        const auto fs = validate(c.b.d);
        const Finding* height = find(fs, QStringLiteral("RACK-HEIGHT"));
        const Finding* overlap = find(fs, QStringLiteral("RACK-OVERLAP"));
        QVERIFY2(height && overlap, qPrintable(dump(fs)));
        QVERIFY(height->severity == Severity::Error && overlap->severity == Severity::Error);
        QVERIFY2(height->message.contains(QLatin1String("srv1")) && height->message.contains(QLatin1String("42U")),
            qPrintable(height->message));
        QVERIFY2(overlap->message.contains(QLatin1String("srv3")) && overlap->message.contains(QLatin1String("srv2")),
            qPrintable(overlap->message));
        QVERIFY(std::find(overlap->entities.begin(), overlap->entities.end(), EntityRef::of(third))
            != overlap->entities.end());

        const RackElevationModel model = RackElevationModel::of(c.b.d);
        const RackElevationModel::Rack* rack = model.rack(c.rack);
        QVERIFY(rack);
        QCOMPARE(rack->heightU, RackElevationModel::kDefaultHeightU); // not stretched to U60
        QCOMPARE(int(rack->slots.size()), 1);
        QCOMPARE(rack->slots.front().node, c.srv2);
        QCOMPARE(int(rack->misplaced.size()), 2);
        for (const auto& s : rack->slots)
            QVERIFY(s.lastU() <= rack->heightU);
    }

    // Issue 12, section 4: optics that link, on a hand-drawn design with the shipped catalog's
    // parts. The DGX H100 in-band ports (QSFP112, up to 400G) on an SN4600C (QSFP28, 100G) run at
    // 100G (fabric-rules.md: in-band management is Ethernet at 100 Gb/s); a 400G SR4 module there
    // faces 100GBASE-SR4 and does not interoperate. Also: a multimode module on single-mode fiber,
    // and a host-side single-port module whose switch end has no module.
    void opticsMustLink_data()
    {
        QTest::addColumn<QString>("host");
        QTest::addColumn<QString>("sw");
        QTest::addColumn<int>("role");
        QTest::addColumn<QString>("fiber");
        QTest::addColumn<QStringList>("modules"); // recorded in the design; the first is the link's
        QTest::addColumn<bool>("mismatch");
        const int inband = int(PortRole::InBand);
        const int compute = int(PortRole::Compute);
        QTest::newRow("400G QSFP112 module on a 100G in-band link")
            << "dgx-h100"
            << "sn4600c" << inband << "fiber-mpo-mm" << QStringList{"mma1z00-ns400", "qsfp28-100g-sr4"} << true;
        QTest::newRow("100G modules at both ends of the in-band link")
            << "dgx-h100"
            << "sn4600c" << inband << "fiber-mpo-mm" << QStringList{"qsfp28-100g-sr4"} << false;
        QTest::newRow("multimode twin-port module on single-mode fiber")
            << "dgx-h100"
            << "qm9700" << compute << "fiber-mpo-sm" << QStringList{"mma4z00-ns"} << true;
        // Optics by cage (issue 26): the finned MMA4Z00-NS goes only into air-cooled switch cages; the
        // DGX H100's own twin-port cage takes the flat-top MMA4Z00-NS-FLT (NVIDIA LinkX).
        QTest::newRow("twin-port multimode at both ends of a compute link")
            << "dgx-h100"
            << "qm9700" << compute << "fiber-mpo-mm" << QStringList{"mma4z00-ns", "mma4z00-ns-flt"} << false;
        QTest::newRow("finned twin-port module only: nothing fits the DGX H100's cage")
            << "dgx-h100"
            << "qm9700" << compute << "fiber-mpo-mm" << QStringList{"mma4z00-ns"} << true;
        QTest::newRow("host-side module, no module for the switch cage")
            << "ufm-appliance"
            << "qm9700" << compute << "fiber-mpo-mm" << QStringList{"mma4z00-ns400"} << true;
        QTest::newRow("host-side module facing a twin-port switch module")
            << "ufm-appliance"
            << "qm9700" << compute << "fiber-mpo-mm" << QStringList{"mma4z00-ns400", "mma4z00-ns"} << false;
        // reference-architectures-2025.md section 5: XDR (800G per port) takes 800G-per-port optics only.
        QTest::newRow("2x400G twin-port module on an 800G XDR link")
            << "q3400"
            << "q3400" << int(PortRole::Fabric) << "fiber-mpo-sm" << QStringList{"mms4x00-ns"} << true;
        QTest::newRow("twin-port module on a DAC")
            << "dgx-h100"
            << "qm9700" << compute << "dac-800g-osfp" << QStringList{"mma4z00-ns"} << true;
    }
    void opticsMustLink()
    {
        QFETCH(QString, host);
        QFETCH(QString, sw);
        QFETCH(int, role);
        QFETCH(QString, fiber);
        QFETCH(QStringList, modules);
        QFETCH(bool, mismatch);
        const Catalog& cat = test::shippedCatalog();
        fx::Builder b;
        const Network net = role == int(PortRole::InBand) ? Network::InBand : Network::Compute;
        const NodeId h = b.add(*cat.item(host), QStringLiteral("host"));
        const NodeId s = b.add(*cat.item(sw), QStringLiteral("switch"), net, FabricTier::Leaf);
        for (const QString& sku : modules + QStringList{fiber})
            b.d.recordItem(*cat.item(sku));
        b.link(b.freePort(h, static_cast<PortRole>(role)), b.freePort(s, PortRole::Fabric), fiber, 20, modules.front());
        const auto fs = validate(b.d);
        const Finding* f = find(fs, QStringLiteral("OPTICS-MISMATCH"));
        QVERIFY2(bool(f) == mismatch, qPrintable(dump(fs)));
        if (f) {
            QVERIFY(f->severity == Severity::Error);
            QVERIFY2(f->explanation.size() > 40, qPrintable(f->explanation));
        }
    }

    void explanationsShowTheNumbers()
    {
        fx::Cluster c;
        Group g = *c.b.d.group(c.rack);
        g.powerBudgetKw = 15;
        c.b.d.replaceGroup(g);
        auto fs = validate(c.b.d);
        const Finding* rack = find(fs, QStringLiteral("POWER-RACK"));
        QVERIFY(rack);
        QVERIFY(rack->severity == Severity::Error);
        QVERIFY2(
            rack->explanation.contains(QLatin1String("20.00 kW")) && rack->explanation.contains(QLatin1String("15")),
            qPrintable(rack->explanation));
        QVERIFY(std::find(rack->entities.begin(), rack->entities.end(), EntityRef::of(c.rack)) != rack->entities.end());

        // Site power: IT load 2 x 10 + 4 x 1 (IB) + 4 x 0.5 (Ethernet, the second storage switch
        // included) + 0.7 (SM) + 2 (array) = 28.7 kW; x 1.56 = 44.772 kW.
        fx::Cluster s;
        setIntentKey(s, "site_power_budget_kw", 43);
        fs = validate(s.b.d);
        const Finding* site = find(fs, QStringLiteral("POWER-SITE"));
        QVERIFY(site);
        QVERIFY2(
            site->explanation.contains(QLatin1String("28.70 kW x 1.56 = 44.77 kW")), qPrintable(site->explanation));
        setIntentKey(s, "site_power_budget_kw", 45);
        QVERIFY(!has(validate(s.b.d), QStringLiteral("POWER-SITE")));
    }

    void oversubscriptionFollowsTheIntent()
    {
        // The same 2:1 leaf is an error for a training cluster, and fine for inference (target 0.5).
        fx::Cluster c;
        c.b.removeLinksBetween(c.leaf2, c.spine1);
        const Finding* f = nullptr;
        auto fs = validate(c.b.d);
        QVERIFY((f = find(fs, QStringLiteral("FABRIC-OVERSUB"))));
        QVERIFY(f->severity == Severity::Error);
        QVERIFY2(f->message.contains(QLatin1String("2.00:1")), qPrintable(f->message));
        setIntentKey(c, "cluster_type", "inference");
        QVERIFY(!has(validate(c.b.d), QStringLiteral("FABRIC-OVERSUB")));
        // An explicit target wins over the cluster type.
        setIntentKey(c, "bisection_target", 0.75);
        fs = validate(c.b.d);
        QVERIFY((f = find(fs, QStringLiteral("FABRIC-OVERSUB"))));
        QVERIFY(f->severity == Severity::Warning);
    }

    void bisectionComesFromTheTopologyEngine()
    {
        // Each server's 8 NICs on its own leaf; leaf2 keeps 4 of its 8 uplinks: max-flow between the two
        // servers is 4 x 400 = 1600 Gb/s against 3200 Gb/s of injection, a ratio of 0.5.
        fx::Cluster c;
        c.b.removeLinksBetween(c.srv1, c.leaf2);
        c.b.removeLinksBetween(c.srv2, c.leaf1);
        for (int i = 0; i < 4; ++i) {
            c.b.connect(c.srv1, c.leaf1);
            c.b.connect(c.srv2, c.leaf2);
        }
        c.b.removeLinksBetween(c.leaf2, c.spine1);
        auto fs = validate(c.b.d);
        const Finding* f = find(fs, QStringLiteral("FABRIC-BISECTION"));
        QVERIFY2(f, qPrintable(dump(fs)));
        QVERIFY(f->severity == Severity::Error); // training intent
        QVERIFY2(f->message.contains(QLatin1String("0.500")), qPrintable(f->message));
        QVERIFY2(f->explanation.contains(QLatin1String("1600 Gb/s")), qPrintable(f->explanation));
        // Inference: half bisection is the default target, so it passes.
        setIntentKey(c, "cluster_type", "inference");
        QVERIFY(!has(validate(c.b.d), QStringLiteral("FABRIC-BISECTION")));
        // The analysis can be switched off (e.g. for live revalidation while dragging).
        setIntentKey(c, "cluster_type", "training");
        ValidationOptions quick;
        quick.fabricAnalysis = false;
        QVERIFY(!has(validate(c.b.d, quick), QStringLiteral("FABRIC-BISECTION")));
    }

    void singlePointsOfFailureCountTheServersCutOff()
    {
        // Three servers, each with all NICs on its own leaf, the leaves on one spine: the spine cuts all
        // three apart (2 are cut off from the largest remaining part), each leaf cuts one server off.
        fx::Builder b;
        const NodeId spine = b.add(fx::ibSwitch(), "spine", Network::Compute, FabricTier::Spine);
        std::vector<NodeId> leaves;
        for (int i = 0; i < 3; ++i) {
            const NodeId s = b.add(fx::gpuServer(), QStringLiteral("s%1").arg(i));
            leaves.push_back(
                b.add(fx::ibSwitch(), QStringLiteral("leaf%1").arg(i), Network::Compute, FabricTier::Leaf));
            for (int p = 0; p < 8; ++p) {
                b.connect(s, leaves.back());
                b.connect(leaves.back(), spine);
            }
        }
        const auto fs = validate(b.d);
        const Finding* f = find(fs, QStringLiteral("FABRIC-SPOF"));
        QVERIFY2(f, qPrintable(dump(fs)));
        QCOMPARE(f->entities.size(), size_t(4));
        QVERIFY2(f->message.contains(QLatin1String("losing spine cuts 2 GPU servers off")), qPrintable(f->message));
    }

    void everyInfiniBandFabricNeedsItsOwnSubnetManager()
    {
        // A second, separate IB fabric whose switch shares the OOB network with the first: the first
        // fabric's subnet manager does not manage it.
        fx::Cluster c;
        const NodeId s3 = c.b.add(fx::gpuServer(), "srv3");
        const NodeId island = c.b.add(fx::ibSwitch(), "island", Network::Compute, FabricTier::Leaf);
        for (int i = 0; i < 8; ++i)
            c.b.connect(s3, island);
        c.b.link(c.b.freePort(island, PortRole::OutOfBand), c.b.freePort(c.oobSw, PortRole::Fabric));
        auto fs = validate(c.b.d);
        const Finding* f = find(fs, QStringLiteral("FABRIC-SM"));
        QVERIFY2(f, qPrintable(dump(fs)));
        QCOMPARE(f->entities.size(), size_t(1));
        QVERIFY(f->entities.front() == EntityRef::of(island));
        // A subnet manager on the island fixes it.
        const NodeId sm2 = c.b.add(fx::subnetManager(), "ufm2");
        c.b.connect(sm2, island);
        QVERIFY(!has(validate(c.b.d), QStringLiteral("FABRIC-SM")));
    }

    // Issue 12: the rule joined fabrics through hosts, so an InfiniBand storage fabric reached
    // only through the DGX hosts counted as managed by the compute fabric's UFM. Each IB fabric is
    // its own subnet (DGX SuperPOD RA: compute and storage fabrics each have a UFM pair).
    void storageFabricThroughHostsNeedsItsOwnSubnetManager()
    {
        fx::Cluster c;
        const NodeId ibStorage
            = c.b.add(fx::ibSwitch(QStringLiteral("ibstor"), 32, 32, {400, 200, 100}), "ib-storage", Network::Storage);
        // The servers' and the array's storage ports move from the Ethernet storage switches to it.
        for (NodeId n : {c.srv1, c.srv2, c.array}) {
            c.b.removeLinksBetween(n, c.storageSw);
            c.b.removeLinksBetween(n, c.storageSwB);
            for (int i = 0; i < 2; ++i)
                c.b.link(c.b.freePort(n, PortRole::Storage), c.b.freePort(ibStorage, PortRole::Fabric));
        }
        c.b.link(c.b.freePort(ibStorage, PortRole::OutOfBand), c.b.freePort(c.oobSw, PortRole::Fabric));
        auto fs = validate(c.b.d);
        const Finding* f = find(fs, QStringLiteral("FABRIC-SM"));
        QVERIFY2(f, qPrintable(dump(fs)));
        QCOMPARE(f->entities.size(), size_t(1));
        QVERIFY(f->entities.front() == EntityRef::of(ibStorage));
        QVERIFY2(f->message.contains(QLatin1String("ib-storage")), qPrintable(f->message));
        // Its own subnet manager fixes it; the compute fabric's stays where it is.
        QJsonObject smJson = fx::base(QStringLiteral("sm-storage"), "appliance", 700, 40000);
        smJson["description"] = "InfiniBand fabric manager / subnet manager appliance";
        smJson["cooling"] = fx::cooling("air");
        smJson["port_groups"] = QJsonArray{fx::portGroup("fabric", 2, {400, 200}, "OSFP", "storage")};
        const NodeId sm2 = c.b.add(fx::parse(smJson), "ufm-storage");
        c.b.link(c.b.freePort(sm2, PortRole::Storage), c.b.freePort(ibStorage, PortRole::Fabric));
        fs = validate(c.b.d);
        QVERIFY2(!has(fs, QStringLiteral("FABRIC-SM")), qPrintable(dump(fs)));
    }

    void managementLinksAreNotFabricTraffic()
    {
        // Leaf -> spine -> core at 1:1, every switch's 1 GbE management port on the OOB switch:
        // the management link must not count as a 1 Gb/s "downlink" that tips the spine past 1:1.
        fx::Builder b;
        const NodeId s = b.add(fx::gpuServer(), "s");
        const NodeId leaf = b.add(fx::ibSwitch(), "leaf", Network::Compute, FabricTier::Leaf);
        const NodeId spine = b.add(fx::ibSwitch(), "spine", Network::Compute, FabricTier::Spine);
        const NodeId core = b.add(fx::ibSwitch(), "core", Network::Compute, FabricTier::Core);
        const NodeId oob = b.add(fx::ethSwitch("oobsw", 48, {1}, "RJ45"), "oob", Network::OutOfBand);
        for (int i = 0; i < 8; ++i) {
            b.connect(s, leaf);
            b.connect(leaf, spine);
            b.connect(spine, core);
        }
        for (NodeId n : {leaf, spine, core})
            b.link(b.freePort(n, PortRole::OutOfBand), b.freePort(oob, PortRole::Fabric));
        const auto fs = validate(b.d);
        QVERIFY2(!has(fs, QStringLiteral("FABRIC-OVERSUB")), qPrintable(dump(fs)));
    }

    void cableProblemsAreGroupedByPart()
    {
        // Two links too long for the same 3 m DAC: one finding naming both links and the longest.
        fx::Cluster c;
        const std::vector<LinkId> links = c.b.d.linksOf(c.srv1);
        for (int i = 0; i < 2; ++i) {
            Link l = *c.b.d.link(links[static_cast<size_t>(i)]);
            l.lengthM = 6 + i;
            c.b.d.replaceLink(l);
        }
        const auto fs = validate(c.b.d);
        QCOMPARE(
            std::count_if(fs.begin(), fs.end(), [](const Finding& f) { return f.code == QLatin1String("PORT-CABLE"); }),
            1);
        const Finding* f = find(fs, QStringLiteral("PORT-CABLE"));
        QVERIFY2(f->message.startsWith(QLatin1String("2 links")) && f->message.contains(QLatin1String("longest 7.0 m")),
            qPrintable(f->message));
        for (int i = 0; i < 2; ++i)
            QVERIFY(std::find(f->entities.begin(), f->entities.end(), EntityRef::of(links[static_cast<size_t>(i)]))
                != f->entities.end());
    }

    void railOptimizedWiringPasses()
    {
        // Eight rail leaves, NIC r of each server on leaf r, each leaf 2 up / 2 down to one spine.
        fx::Builder b;
        b.d.recordItem(fx::cable("dac", "dac", "OSFP", 800, 3, 100));
        const NodeId s1 = b.add(fx::gpuServer(), "s1");
        const NodeId s2 = b.add(fx::gpuServer(), "s2");
        const NodeId spine = b.add(fx::ibSwitch(), "spine", Network::Compute, FabricTier::Spine);
        std::vector<NodeId> leaves;
        for (int r = 0; r < 8; ++r) {
            leaves.push_back(
                b.add(fx::ibSwitch(), QStringLiteral("leaf%1").arg(r), Network::Compute, FabricTier::Leaf, r));
            b.connect(leaves.back(), spine);
            b.connect(leaves.back(), spine);
        }
        for (NodeId s : {s1, s2})
            for (int r = 0; r < 8; ++r)
                b.link(PortRef{s, r}, b.freePort(leaves[static_cast<size_t>(r)], PortRole::Fabric));
        auto fs = validate(b.d);
        QVERIFY2(!has(fs, QStringLiteral("FABRIC-RAIL")), qPrintable(dump(fs)));
        QVERIFY(!has(fs, QStringLiteral("FABRIC-OVERSUB")));
        // Servers join the rails (NVLink inside the server), so the single spine cuts no server off.
        QVERIFY(!has(fs, QStringLiteral("FABRIC-SPOF")));
        // Swap two of s2's rails: asymmetric.
        b.d.takeLink(b.d.linkAt(PortRef{s2, 0}));
        b.d.takeLink(b.d.linkAt(PortRef{s2, 1}));
        b.link(PortRef{s2, 0}, b.freePort(leaves[1], PortRole::Fabric));
        b.link(PortRef{s2, 1}, b.freePort(leaves[0], PortRole::Fabric));
        fs = validate(b.d);
        const Finding* f = find(fs, QStringLiteral("FABRIC-RAIL"));
        QVERIFY(f);
        QVERIFY(std::find(f->entities.begin(), f->entities.end(), EntityRef::of(s2)) != f->entities.end());
        QVERIFY(std::find(f->entities.begin(), f->entities.end(), EntityRef::of(s1)) == f->entities.end());
    }

    void waiverMarksButKeepsTheFinding()
    {
        fx::Cluster c;
        c.b.removeLinksBetween(c.srv1, c.oobSw);
        c.b.removeNode(c.sm); // FABRIC-SM: an error
        auto fs = validate(c.b.d);
        QCOMPARE(FindingCounts::of(fs).errors, 1);
        const Finding sm = *find(fs, QStringLiteral("FABRIC-SM"));

        Waiver w;
        w.code = sm.code;
        w.entities = sm.entities;
        w.reason = QStringLiteral("the spine runs the embedded subnet manager");
        w.author = QStringLiteral("alice");
        w.date = QStringLiteral("2026-12-02");
        SetDesignPropertiesCommand cmd(QStringLiteral("Waive"), Waiver::addedTo(c.b.d.properties(), w));
        const QJsonObject before = c.b.d.properties();
        QVERIFY(cmd.apply(c.b.d).ok);

        fs = validate(c.b.d);
        const Finding* waived = find(fs, QStringLiteral("FABRIC-SM"));
        QVERIFY(waived);
        QVERIFY(waived->waived());
        QCOMPARE(waived->waiver->reason, w.reason);
        QCOMPARE(waived->waiver->author, QStringLiteral("alice"));
        const FindingCounts counts = FindingCounts::of(fs);
        QCOMPARE(counts.errors, 0);
        QCOMPARE(counts.waived, 1);
        QVERIFY(!find(fs, QStringLiteral("MGMT-OOB"))->waived()); // other findings are not waived
        const QJsonObject json = findingsToJson(fs);
        QCOMPARE(json.value("errors").toInt(), 0);

        // The waiver is part of the design: undo removes it, redo brings it back.
        cmd.undo(c.b.d);
        QCOMPARE(c.b.d.properties(), before);
        QVERIFY(!find(validate(c.b.d), QStringLiteral("FABRIC-SM"))->waived());
        cmd.redo(c.b.d);
        QVERIFY(find(validate(c.b.d), QStringLiteral("FABRIC-SM"))->waived());

        // A waiver names its entities: it does not cover the same code on another fabric.
        Waiver other = w;
        other.entities = {EntityRef::of(c.srv1)};
        Finding probe = sm;
        QVERIFY(!other.covers(probe));
        // A waiver without entities covers every finding of its code.
        other.entities.clear();
        QVERIFY(other.covers(probe));
    }

    void setPropertiesRefusesANoOp()
    {
        fx::Cluster c;
        SetDesignPropertiesCommand cmd(QStringLiteral("Nothing"), c.b.d.properties());
        const auto r = cmd.apply(c.b.d);
        QVERIFY(!r.ok);
        QVERIFY(!r.reason.isEmpty());
    }

    void findingsJsonHasTheContractFields()
    {
        fx::Cluster c;
        c.b.removeNode(c.sm);
        const QJsonObject o = findingsToJson(validate(c.b.d));
        QVERIFY(o.value("findings").isArray());
        const QJsonObject f = o.value("findings").toArray().first().toObject();
        for (const char* key : {"code", "severity", "message", "entities", "waived"})
            QVERIFY2(f.contains(QLatin1String(key)), key);
        QCOMPARE(f.value("severity").toString(), QStringLiteral("error"));
        QVERIFY(f.value("entities").toArray().first().toString().startsWith(QLatin1String("node:")));
        QCOMPARE(o.value("errors").toInt(), 1);
    }
};

QTEST_GUILESS_MAIN(TestValidate)
#include "tst_validate.moc"
