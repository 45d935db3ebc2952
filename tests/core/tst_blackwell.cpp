#include "catalog/catalog.h"
#include "catalog/catalogitemparser.h"
#include "cost/powerfigures.h"
#include "generate/fabricgenerator.h"
#include "model/opticsrules.h"
#include "topology/fabricanalyzer.h"
#include "validate/designrules.h"

#include <QJsonArray>
#include <QtTest>

#include <map>

using namespace pw;

// Issue 15: the Blackwell generation (DGX B300 on Quantum-X800 XDR) against NVIDIA's published
// DGX SuperPOD B300 XDR reference architecture (RA-11339, "DGX SuperPOD with DGX B300 and
// Quantum-X800 InfiniBand, AC power"; reference-architectures-2025.md section 1), generated from the
// catalog entries alone: the scalable unit (72), the rack (4 per rack at about 56 kW) and the
// subnet manager come from the data, not from dials.
class TestBlackwell : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<Catalog> mCatalog;

    GenerateResult generate(int nodes, bool management)
    {
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-b300");
        o.nodes = nodes;
        o.switchSku = QStringLiteral("q3400");
        o.management = management;
        return FabricGenerator::generate(o, *mCatalog);
    }
    static AnalysisOptions countsOnly()
    {
        AnalysisOptions a;
        a.bisection = false;
        return a;
    }
    static QStringList notesOf(const GenerateResult& r) { return r.notes; }

private Q_SLOTS:
    void initTestCase()
    {
        mCatalog = std::make_unique<Catalog>();
        const auto issues = mCatalog->loadDirectory(qEnvironmentVariable("PODWRIGHT_CATALOG_DIR"));
        for (const auto& i : issues)
            qWarning("%s", qPrintable(i.toString()));
        QVERIFY(issues.empty());
        for (const char* sku : {"dgx-b300", "dgx-gb300-nvl72", "asus-xa-nb3i-e12", "amd-mi355x-platform", "connectx-8",
                 "bluefield-3-supernic", "q3400", "q3200", "sn5600", "sn5610", "ufm-appliance-xdr",
                 "xdr-1600g-dr8-finned", "xdr-1600g-dr8-flat", "xdr-800g-dr4-flat", "xdr-1600g-fr8-2km-finned",
                 "xdr-800g-fr4-2km-flat", "lacc-1600g-osfp", "pollara-400", "cdu-inrow-1350kw"})
            QVERIFY2(mCatalog->item(QLatin1String(sku)), sku);
    }

    // The new catalog fields are checked as they are read: a rack budget that cannot carry the
    // servers it claims, or a module top that is neither finned nor flat, is refused with the reason.
    void newFieldsAreChecked()
    {
        QJsonObject server = mCatalog->item(QStringLiteral("dgx-b300"))->snapshotJson();
        QJsonObject budget = server.value(QLatin1String("rack_power")).toObject();
        budget[QStringLiteral("value")] = 40;
        server[QStringLiteral("rack_power")] = budget;
        const auto refused = CatalogItemParser::parse(server);
        QVERIFY(std::holds_alternative<QString>(refused));
        QVERIFY2(std::get<QString>(refused).contains(QLatin1String("does not carry 4 servers")),
            qPrintable(std::get<QString>(refused)));
        QJsonObject module = mCatalog->item(QStringLiteral("xdr-1600g-dr8-finned"))->snapshotJson();
        QJsonObject spec = module.value(QLatin1String("transceiver")).toObject();
        spec[QStringLiteral("top")] = QStringLiteral("ribbed");
        module[QStringLiteral("transceiver")] = spec;
        const auto bad = CatalogItemParser::parse(module);
        QVERIFY(std::holds_alternative<QString>(bad));
        QVERIFY2(std::get<QString>(bad).contains(QLatin1String("finned")), qPrintable(std::get<QString>(bad)));
        // A finned module never fits a host cage; the flat-top host module does.
        const PortGroup& cx8 = mCatalog->item(QStringLiteral("dgx-b300"))->portGroups.front();
        TransceiverSpec host = *mCatalog->item(QStringLiteral("xdr-800g-dr4-flat"))->transceiver;
        QVERIFY(OpticsRules::servesEnd(host, cx8, 800));
        host.top = QStringLiteral("finned");
        QVERIFY(!OpticsRules::fitsCage(host, cx8));
    }

    // RA-11339, compute fabric table (reference-architectures-2025.md section 1): SU of 72 DGX
    // B300, Q3400 leaves with 72 ports down and 72 up, spines by the divisibility rule (4 SU: 72
    // uplinks over 18 spines, 4 links each; 16 would have enough ports but 72/16 is not whole).
    // Every published row, with no dial but the node count (management off: the table counts the
    // compute fabric alone). The 18-SU row's GPU column is the published table's own error and is
    // checked by publishedTableContradictsItself.
    void b300XdrTable_data()
    {
        QTest::addColumn<int>("units");
        QTest::addColumn<int>("nodes");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<int>("leaves");
        QTest::addColumn<int>("spines");
        QTest::addColumn<int>("nodeLeaf");
        QTest::addColumn<int>("leafSpine");
        QTest::newRow("1 SU") << 1 << 72 << 576 << 8 << 4 << 576 << 576;
        QTest::newRow("2 SU") << 2 << 144 << 1152 << 16 << 8 << 1152 << 1152;
        QTest::newRow("4 SU") << 4 << 288 << 2304 << 32 << 18 << 2304 << 2304;
        QTest::newRow("8 SU") << 8 << 576 << 4608 << 64 << 36 << 4608 << 4608;
        // Published GPUs: 9,216; 1,296 x 8 = 10,368, which the cable columns match.
        QTest::newRow("18 SU") << 18 << 1296 << 10368 << 144 << 72 << 10368 << 10368;
    }
    void b300XdrTable()
    {
        QFETCH(int, units);
        QFETCH(int, nodes);
        QFETCH(int, gpus);
        QFETCH(int, leaves);
        QFETCH(int, spines);
        QFETCH(int, nodeLeaf);
        QFETCH(int, leafSpine);
        const GenerateResult r = generate(nodes, false);
        QVERIFY2(r.ok(), qPrintable(r.error));
        const FabricReport f = analyzeFabric(*r.design, countsOnly());
        QCOMPARE(f.servers, nodes);
        QCOMPARE(f.gpus, gpus);
        QCOMPARE(f.leafSwitches, leaves);
        QCOMPARE(f.spineSwitches, spines);
        QCOMPARE(f.coreSwitches, 0);
        QCOMPARE(f.tiers, 2);
        QCOMPARE(f.nodeLeafLinks, nodeLeaf);
        QCOMPARE(f.leafSpineLinks, leafSpine);
        QCOMPARE(f.oversubscription.at(QStringLiteral("leaf")).text(), QStringLiteral("1:1"));
        const QJsonObject gen = r.design->properties().value(QLatin1String("generator")).toObject();
        QCOMPARE(gen.value(QLatin1String("su_size")).toInt(), 72); // from the catalog entry, no --su-size
        // The tool says that the design matches the published row.
        const QString matches = QStringLiteral("matches NVIDIA DGX SuperPOD B300 XDR RA (RA-11339), compute fabric "
                                               "table, %1-SU row")
                                    .arg(units);
        bool said = false;
        for (const QString& n : r.notes)
            said = said || n.startsWith(matches);
        QVERIFY2(said, qPrintable(r.notes.join(QLatin1Char('\n'))));
    }

    // RA-11339's 18-SU row lists 9,216 GPUs for 1,296 nodes of 8 GPUs (10,368, which its own cable
    // columns match): the table contradicts itself. The design has 10,368 GPUs, and the generator
    // says so in a note that names the published figure and the arithmetic.
    void publishedTableContradictsItself()
    {
        const GenerateResult r = generate(1296, false);
        QVERIFY2(r.ok(), qPrintable(r.error));
        QString note;
        for (const QString& n : r.notes)
            if (n.contains(QLatin1String("contradicts itself")))
                note = n;
        QVERIFY2(!note.isEmpty(), qPrintable(r.notes.join(QLatin1Char('\n'))));
        QVERIFY2(note.contains(QLatin1String("9,216 GPUs as published")), qPrintable(note));
        QVERIFY2(note.contains(QLatin1String("1,296 nodes x 8 GPUs = 10,368")), qPrintable(note));
        QVERIFY2(note.contains(QLatin1String("this design has 10,368 GPUs")), qPrintable(note));
        // The note reaches the design (the CLI's generate --json and the report read it there).
        const QJsonArray stored = r.design->properties()
                                      .value(QLatin1String("generator"))
                                      .toObject()
                                      .value(QLatin1String("notes"))
                                      .toArray();
        QVERIFY(stored.contains(note));
        // A consistent row gives no such note.
        const GenerateResult four = generate(288, false);
        for (const QString& n : four.notes)
            QVERIFY2(!n.contains(QLatin1String("contradicts")), qPrintable(n));
    }

    // With management on, the subnet manager must join the XDR fabric: the generator stopped on an
    // internal error (the NDR UFM appliance's 400G port on a Q3400 leaf, whose ports run at 800G
    // only). The UFM pair is now the catalog's subnet manager with XDR ports, chosen by attribute,
    // every one of its links at 800 Gb/s; every leaf port is taken at 1:1 (72 down, 72 up), so the
    // pair takes one server's slot as the DGX SuperPOD RA does ("a DGX system must be removed to
    // accommodate for UFM connectivity"), and the tool says how that differs from the published row.
    void managementJoinsTheXdrFabric()
    {
        const GenerateResult r = generate(288, true);
        QVERIFY2(r.ok(), qPrintable(r.error));
        const Design& d = *r.design;
        int ufms = 0;
        int ufmLinks = 0;
        d.nodes().forEach([&](const Node& n) {
            if (n.sku == QLatin1String("ufm-appliance"))
                QFAIL("the NDR appliance cannot join an XDR fabric");
            if (n.sku != QLatin1String("ufm-appliance-xdr"))
                return;
            ++ufms;
            for (LinkId id : d.linksOf(n.id)) {
                const Link* l = d.link(id);
                const PortRef far = l->a.node == n.id ? l->b : l->a;
                if (d.node(far.node)->network != Network::Compute)
                    continue;
                ++ufmLinks;
                QCOMPARE(d.linkSpeedGbps(*l), 800);
                QCOMPARE(d.node(far.node)->sku, QStringLiteral("q3400"));
            }
        });
        QCOMPARE(ufms, 2);
        QCOMPARE(ufmLinks, 4);
        const FabricReport f = analyzeFabric(d, countsOnly());
        QCOMPARE(f.servers, 287);
        QCOMPARE(f.leafSwitches, 32);
        QCOMPARE(f.spineSwitches, 18);
        bool said = false;
        for (const QString& n : r.notes)
            said = said
                || (n.startsWith(QLatin1String("differs from NVIDIA DGX SuperPOD B300 XDR RA (RA-11339)"))
                    && n.contains(QLatin1String("287 of the row's 288 nodes built")));
        QVERIFY2(said, qPrintable(r.notes.join(QLatin1Char('\n'))));
        ValidationOptions vo;
        vo.fabricAnalysis = false;
        for (const Finding& finding : validate(d, vo))
            QVERIFY2(
                finding.severity != Severity::Error, qPrintable(finding.code + QStringLiteral(": ") + finding.message));
    }

    // XDR links get XDR media: every 800 Gb/s link of the B300 design has a single-mode fibre rated
    // for 800G and at each end a module whose link runs at 800G; finned (IHS) modules only in the
    // (air-cooled) Q3400 cages, flat-top (RHS) in the ConnectX-8 cages; no multimode, no 400G part
    // (NVIDIA LinkX 800G/200G list, reference-architectures-2025.md section 5). Before, 400G optics
    // and fibre landed on 800G links.
    void xdrLinksGetXdrOptics()
    {
        const GenerateResult r = generate(144, true);
        QVERIFY2(r.ok(), qPrintable(r.error));
        const Design& d = *r.design;
        const OpticsRules::Items parts = OpticsRules::partsOf(d);
        int xdr = 0;
        d.links().forEach([&](const Link& l) {
            if (d.linkSpeedGbps(l) != 800)
                return;
            ++xdr;
            const CatalogItem* cable = d.item(l.cableSku);
            QVERIFY2(cable && cable->cable, qPrintable(d.portName(l.a)));
            QVERIFY(cable->cable->speedGbps >= 800);
            QVERIFY(cable->cable->medium != QLatin1String("dac") && cable->cable->medium != QLatin1String("aoc"));
            if (cable->cable->medium != QLatin1String("fiber"))
                return;
            QCOMPARE(cable->cable->fiber, QStringLiteral("singlemode"));
            const OpticsRules::Ends ends = OpticsRules::endModules(d, parts, l);
            QVERIFY(ends.a && ends.b);
            for (const auto& [p, m] : {std::pair{l.a, ends.a}, std::pair{l.b, ends.b}}) {
                QCOMPARE(m->transceiver->linkGbps(), 800);
                const PortGroup* g = d.portGroup(p);
                QCOMPARE(m->transceiver->top,
                    g->role == PortRole::Fabric ? QStringLiteral("finned") : QStringLiteral("flat"));
            }
        });
        // 144 x 8 node links less the UFM slot's, 1,152 leaf-spine links, 4 UFM links.
        QCOMPARE(xdr, 143 * 8 + 1152 + 4);
    }

    // RA-11339: 4 DGX B300 per rack at about 56 kW. The rack budget comes from the server's catalog
    // entry; the rack default (41 kW, four DGX H100) put two per rack.
    void fourDgxB300PerRack()
    {
        const GenerateResult r = generate(72, true);
        QVERIFY2(r.ok(), qPrintable(r.error));
        const Design& d = *r.design;
        std::map<quint32, int> perRack;
        std::map<quint32, double> watts;
        d.nodes().forEach([&](const Node& n) {
            if (!n.rack.isValid())
                return;
            watts[n.rack.value()] += d.item(n.sku)->powerMaxW.value;
            perRack[n.rack.value()] += n.sku == QLatin1String("dgx-b300");
        });
        int full = 0;
        for (const auto& [rack, count] : perRack) {
            QVERIFY(count <= 4);
            if (count == 4) {
                ++full;
                QVERIFY2(watts[rack] >= 55000 && watts[rack] <= 57000, qPrintable(QString::number(watts[rack])));
            }
        }
        QVERIFY2(full >= 17, qPrintable(QString::number(full))); // 71 servers (one slot for the UFM pair)
        const QJsonObject gen = r.design->properties().value(QLatin1String("generator")).toObject();
        QCOMPARE(gen.value(QLatin1String("rack_power_kw")).toDouble(), 57.0);
    }

    // Issue 15, section 3 (in part): a DGX GB200 or GB300 NVL72 is its own busbar-fed rack (GB200:
    // [S5] NVIDIA DGX GB200 User Guide, power shelves and bus bar; GB300: NVIDIA NVL72 AI Factory
    // enterprise RA, 8 power shelves of 33 kW, trays with no PSU of their own). The generator gave
    // each a 48U rack item and three rack PDUs. Eight racks, the SU of the DGX SuperPOD GB200 RA
    // (RA-11338), on a leaf-spine QM9700 fabric: each NVL72 stands alone in a rack group that names
    // no rack item, with its own draw as the budget, liquid-cooled, no PDU; the design has no rack
    // finding.
    void nvl72IsItsOwnRack_data()
    {
        QTest::addColumn<QString>("sku");
        QTest::newRow("gb200") << QStringLiteral("dgx-gb200-nvl72");
        QTest::newRow("gb300") << QStringLiteral("dgx-gb300-nvl72");
    }
    void nvl72IsItsOwnRack()
    {
        QFETCH(QString, sku);
        GeneratorOptions o;
        o.serverSku = sku;
        o.nodes = 8;
        o.switchSku = QStringLiteral("qm9700");
        o.topology = TopologyKind::LeafSpine;
        const GenerateResult r = FabricGenerator::generate(o, *mCatalog);
        QVERIFY2(r.ok(), qPrintable(r.error));
        const Design& d = *r.design;
        std::map<quint32, int> members;
        d.nodes().forEach([&](const Node& n) {
            if (n.rack.isValid())
                ++members[n.rack.value()];
        });
        int systems = 0;
        d.nodes().forEach([&](const Node& n) {
            if (n.sku != sku)
                return;
            ++systems;
            const Group* rack = d.group(n.rack);
            QVERIFY(rack);
            QVERIFY2(rack->sku.isEmpty(), qPrintable(rack->sku));
            QCOMPARE(members[n.rack.value()], 1); // no PDU, nothing else
            // The rack is fed for its power shelves (provisioned: 8 x 33 = 264 kW), not its draw.
            QCOMPARE(rack->powerBudgetKw, PowerFigures::feedKwOf(*d.item(sku)));
            QVERIFY(rack->powerBudgetKw >= d.item(sku)->powerMaxW.value / 1000.0);
            QVERIFY(rack->liquidCooled);
            QCOMPARE(n.rackUnit, 1);
        });
        QCOMPARE(systems, 8);
        ValidationOptions vo;
        vo.fabricAnalysis = false;
        for (const Finding& f : validate(d, vo)) {
            QVERIFY2(f.severity != Severity::Error, qPrintable(f.code + QStringLiteral(": ") + f.message));
            QVERIFY2(!f.code.startsWith(QLatin1String("RACK-")), qPrintable(f.code + QStringLiteral(": ") + f.message));
        }
    }
};

QTEST_GUILESS_MAIN(TestBlackwell)
#include "tst_blackwell.moc"
