#include "helpers/testcatalog.h"

#include "catalog/catalog.h"
#include "cost/billofmaterials.h"
#include "cost/costassumptions.h"
#include "cost/costmodel.h"
#include "generate/fabricgenerator.h"
#include "model/opticsrules.h"
#include "topology/fabricanalyzer.h"
#include "validate/designrules.h"

#include <QtTest>

#include <algorithm>
#include <map>

using namespace pw;

// HDR InfiniBand cabling (issue 26, section 1): the source document's minimum viable cluster is
// 2 DGX H100 "connected via InfiniBand HDR, with a shared Lustre or WEKA file system", for
// "approximately $1.5M-$2.5M for hardware" (gpu-clusters-source.txt). Every one of its links has a
// catalog part: the DGX H100's twin-port OSFP cages, which take flat-top plugs, take the flat-top
// NVIDIA MFA7U10-FLT splitter (2 x 200G QSFP56) to the QM8700 (the finned MFA7U10 is for switch
// cages); the BlueField-3 and WEKA QSFP112 ports take the MFS1S00 HDR QSFP56 active optical cable,
// as do QM8700-to-QM8700 runs beyond the 2 m of a DAC; the subnet managers of an HDR fabric are the
// HDR UFM appliance, whose QSFP56 ports take the same HDR cables.
class TestHdrCabling : public QObject {
    Q_OBJECT

private:
    static Design make(int nodes, const char* storage, const char* server = "dgx-h100")
    {
        GeneratorOptions o;
        o.serverSku = QLatin1String(server);
        o.nodes = nodes;
        o.switchSku = QStringLiteral("qm8700");
        o.storageSku = QLatin1String(storage);
        GenerateResult r = FabricGenerator::generate(o, test::shippedCatalog());
        if (!r.ok())
            qFatal("generate failed: %s", qPrintable(r.error));
        return std::move(*r.design);
    }
    // Links per cable part, and the links with none.
    static std::map<QString, int> cablesOf(const Design& d)
    {
        std::map<QString, int> out;
        d.links().forEach([&](const Link& l) { ++out[l.cableSku]; });
        return out;
    }
    static const Finding* finding(const std::vector<Finding>& all, const char* code)
    {
        for (const Finding& f : all)
            if (f.code == QLatin1String(code))
                return &f;
        return nullptr;
    }

private Q_SLOTS:
    // 2 DGX H100 on QM8700 with a WEKA pod (the source document's minimum cluster): no link
    // without a cable (before: the 20 storage links had none, so the capex left them out).
    //   Compute: 2 servers x 8 rails = 16 links on 8 flat-top MFA7U10-FLT splitters (two ports of
    //   a DGX H100 cage each; before: the finned MFA7U10, which fits switch cages only).
    //   Storage: 2 servers x 2 BlueField-3 ports + 16 WEKA ports = 20 links, 6.5-9.5 m runs to
    //   the storage QM8700 pair: 20 MFS1S00 HDR AOCs at $500 = $10,000.
    // Capital cost, line by line at the catalog's prices:
    //   2 DGX H100 x $270,000 = $540,000; 2 management servers x $15,000 = $30,000;
    //   WEKA pod $900,000; 3 QM8700 x $15,000 = $45,000; 1 SN2201 $6,000; 2 SN4600C x $20,000
    //   = $40,000; 3 racks x $2,500 = $7,500; 7 PDUs x $4,500 = $31,500;
    //   20 HDR AOCs x $500 = $10,000; 8 MFA7U10-FLT x $1,000 = $8,000; 24 Cat6 x $5 = $120;
    //   4 100G DACs x $80 = $320; 2 HDR DACs x $150 = $300; 8 MPO fibers x $60 = $480;
    //   16 100G SR4 modules x $150 = $2,400.
    //   Total $1,621,620: inside the source document's $1.5M-$2.5M.
    void minimumClusterIsCabledAndCosted()
    {
        const Design d = make(2, "weka-pod");
        const std::map<QString, int> cables = cablesOf(d);
        QCOMPARE(cables.count(QString()), size_t(0));
        QCOMPARE(cables.at(QStringLiteral("aoc-200g-qsfp56")), 20);
        QCOMPARE(cables.at(QStringLiteral("aoc-2x200g-qsfp56-splitter-flt")), 16);
        QCOMPARE(cables.count(QStringLiteral("aoc-2x200g-qsfp56-splitter")), size_t(0));
        QVERIFY(finding(validate(d), "LINK-UNCABLED") == nullptr);

        const BillOfMaterials bom = BillOfMaterials::of(d);
        QCOMPARE(bom.uncabledLinks(), 0);
        int aocs = 0;
        for (const BomLine& line : bom.lines())
            if (line.sku == QLatin1String("aoc-200g-qsfp56"))
                aocs += line.quantity;
        QCOMPARE(aocs, 20);
        const CostReport cost = CostModel::compute(d, CostAssumptions::defaults());
        QCOMPARE(cost.capex, 1621620.0);
        QVERIFY(cost.capex >= 1.5e6 && cost.capex <= 2.5e6);
    }

    // 64 DGX H100 on QM8700 (SUs of 20, 32 leaves, 20 spines): the 640 leaf-spine links run between
    // network racks, beyond a DAC's 2 m: each takes an HDR AOC (before: none, so the switches'
    // cables were missing from the cost). The subnet managers are the HDR UFM pair (before: the NDR
    // appliance, whose single-port OSFP cages no catalog part joins to a QSFP56 port, so its 4
    // links had no cable): 2 appliances x 2 QSFP56 ports = 4 links on HDR cables, so no link of
    // the design lacks one. Every one of the 64 x 8 = 512 DGX H100 links is on the flat-top splitter.
    void hdrFabricIsCabledEndToEnd()
    {
        const Design d = make(64, "");
        AnalysisOptions a;
        a.bisection = false;
        QCOMPARE(analyzeFabric(d, a).leafSpineLinks, 640);
        const std::map<QString, int> cables = cablesOf(d);
        QCOMPARE(cables.count(QString()), size_t(0));
        QVERIFY(cables.at(QStringLiteral("aoc-200g-qsfp56")) >= 640);
        QCOMPARE(cables.at(QStringLiteral("aoc-2x200g-qsfp56-splitter-flt")), 512);
        QCOMPARE(cables.count(QStringLiteral("aoc-2x200g-qsfp56-splitter")), size_t(0));
        int ufm = 0;
        int ufmLinks = 0;
        d.nodes().forEach([&](const Node& n) {
            if (n.sku != QLatin1String("ufm-appliance-hdr"))
                return;
            ++ufm;
            for (LinkId id : d.linksOf(n.id)) {
                const Link& l = *d.link(id);
                const CatalogItem* cable = d.item(l.cableSku);
                ufmLinks += d.linkNetwork(l) == Network::Compute && cable && cable->cable
                    && cable->cable->connector == QLatin1String("QSFP56");
            }
        });
        QCOMPARE(ufm, 2);
        QCOMPARE(ufmLinks, 4);
        const std::vector<Finding> findings = validate(d); // kept: a finding may point into it
        QVERIFY(finding(findings, "LINK-UNCABLED") == nullptr);
        QCOMPARE(BillOfMaterials::of(d).uncabledLinks(), 0);
    }

    // 512 DGX H100 on QM8700 (16 SUs of 32 servers, 26 SUs of 20 by the HDR leaf's 40 ports): the
    // three-tier fabric's network racks stand far enough apart that 333 leaf-to-spine runs are
    // longer than 30 m (the generator's layout: up to 35.5 m). NVIDIA's MFS1S00 HDR AOC comes in 50 and
    // 100 m as well (before: the catalog stopped at 30 m, so those 333 links had no cable and the
    // capex left them out). Every link now has a part:
    //   compute hosts: 512 servers x 8 rails = 4,096 links on 4,096 / 2 = 2,048 flat-top MFA7U10-FLT
    //   splitters (two ports of a DGX H100 cage each);
    //   the 333 runs beyond 30 m: MFS1S00 ordered at 50 m (the next orderable length above 35.5 m).
    void longHdrRunsTakeTheLongAoc()
    {
        const Design d = make(512, "");
        const std::map<QString, int> cables = cablesOf(d);
        QCOMPARE(cables.count(QString()), size_t(0));
        QCOMPARE(cables.at(QStringLiteral("aoc-2x200g-qsfp56-splitter-flt")), 4096);
        int beyond30 = 0;
        double longest = 0;
        d.links().forEach([&](const Link& l) {
            const bool hdrSwitches
                = d.node(l.a.node)->sku == QLatin1String("qm8700") && d.node(l.b.node)->sku == QLatin1String("qm8700");
            if (!hdrSwitches || l.lengthM <= 30.0)
                return;
            ++beyond30;
            longest = std::max(longest, l.lengthM);
            QCOMPARE(l.cableSku, QStringLiteral("aoc-200g-qsfp56"));
        });
        QCOMPARE(beyond30, 333);
        QVERIFY(longest <= 50.0);
        const std::vector<Finding> findings = validate(d); // kept: a finding may point into it
        QVERIFY(finding(findings, "LINK-UNCABLED") == nullptr);
        const BillOfMaterials bom = BillOfMaterials::of(d);
        QCOMPARE(bom.uncabledLinks(), 0);
        int splitters = 0;
        int at50 = 0;
        for (const BomLine& line : bom.lines()) {
            if (line.sku == QLatin1String("aoc-2x200g-qsfp56-splitter-flt"))
                splitters += line.quantity;
            if (line.sku == QLatin1String("aoc-200g-qsfp56") && line.lengthClass == QLatin1String("50 m"))
                at50 += line.quantity;
        }
        QCOMPARE(splitters, 2048);
        QCOMPARE(at50, 333);
    }

    // A single-port OSFP ConnectX-7/8 host on the HDR QM8700 (QSFP56) has no LinkX cable: the
    // OSFP-to-QSFP56 HDR splitters (MCP7Y60, MFA7U10) have a twin-port OSFP end, and the single-port
    // OSFP ends (MCP7Y00, MCP7Y50) pair with NDR/400G switch cages. The generator refuses the
    // combination, saying why and what to use (before: it built the design with every host link
    // uncabled, e.g. 32 XE9680 x 8 = 256 links with no cable, so the capex left them out). The DGX
    // H100's twin-port cages keep their flat-top MFA7U10 (the tests above).
    void singlePortOsfpHostOnHdrIsRefused_data()
    {
        QTest::addColumn<QString>("server");
        QTest::addColumn<int>("nodes");
        QTest::newRow("Dell XE9680 (ConnectX-7 OSFP)") << QStringLiteral("dell-xe9680") << 32;
        QTest::newRow("DGX B300 (ConnectX-8)") << QStringLiteral("dgx-b300") << 32;
        QTest::newRow("GB200 NVL72") << QStringLiteral("dgx-gb200-nvl72") << 2;
        QTest::newRow("GB300 NVL72") << QStringLiteral("dgx-gb300-nvl72") << 2;
    }
    void singlePortOsfpHostOnHdrIsRefused()
    {
        QFETCH(QString, server);
        QFETCH(int, nodes);
        GeneratorOptions o;
        o.serverSku = server;
        o.nodes = nodes;
        o.switchSku = QStringLiteral("qm8700");
        const GenerateResult r = FabricGenerator::generate(o, test::shippedCatalog());
        QVERIFY(!r.ok());
        QVERIFY2(r.error.contains(QStringLiteral("no cable or optics joins the compute ports of %1 (OSFP, 1 per cage) "
                                                 "to the fabric ports of qm8700 (QSFP56)")
                                      .arg(server)),
            qPrintable(r.error));
        QVERIFY2(r.error.contains(QStringLiteral("NDR or XDR InfiniBand")), qPrintable(r.error));
    }

    // The same with an InfiniBand storage fabric (DDN AI400X2 on its own QM8700s) and on DGX A100
    // (ConnectX-6 QSFP56 HDR ports straight to the QM8700): every link has a catalog part, at the
    // source document's minimum of 2 servers and above one SU, where the UFM pairs come in.
    void everyHdrLinkIsCabled_data()
    {
        QTest::addColumn<int>("nodes");
        QTest::addColumn<QString>("storage");
        QTest::addColumn<QString>("server");
        QTest::newRow("2 DGX H100") << 2 << QString() << QStringLiteral("dgx-h100");
        QTest::newRow("2 DGX H100, DDN") << 2 << QStringLiteral("ddn-ai400x2") << QStringLiteral("dgx-h100");
        QTest::newRow("40 DGX H100, DDN") << 40 << QStringLiteral("ddn-ai400x2") << QStringLiteral("dgx-h100");
        QTest::newRow("2 DGX A100") << 2 << QString() << QStringLiteral("dgx-a100");
        QTest::newRow("40 DGX A100, DDN") << 40 << QStringLiteral("ddn-ai400x2") << QStringLiteral("dgx-a100");
    }
    void everyHdrLinkIsCabled()
    {
        QFETCH(int, nodes);
        QFETCH(QString, storage);
        QFETCH(QString, server);
        const Design d = make(nodes, qPrintable(storage), qPrintable(server));
        const std::map<QString, int> cables = cablesOf(d);
        QCOMPARE(cables.count(QString()), size_t(0));
        QCOMPARE(BillOfMaterials::of(d).uncabledLinks(), 0);
        int ndrUfm = 0;
        d.nodes().forEach([&](const Node& n) { ndrUfm += n.sku == QLatin1String("ufm-appliance"); });
        QCOMPARE(ndrUfm, 0);
    }

    // The top of a cable's OSFP plug decides the cage it goes in (NVIDIA LinkX: the finned MFA7U10
    // head "for use in Quantum-2 and Spectrum-4 switch cages", the flat-top -FLT for DGX H100
    // cages): from an SN5600 twin-port cage (switch) to a 200G QSFP56 host only the finned one
    // joins; from a DGX H100 twin-port cage (host) to a QM8700 QSFP56 port only the flat-top one.
    void cablePlugTopFollowsTheCage()
    {
        const Catalog& catalog = test::shippedCatalog();
        const CatalogItem& finned = *catalog.item(QStringLiteral("aoc-2x200g-qsfp56-splitter"));
        const CatalogItem& flat = *catalog.item(QStringLiteral("aoc-2x200g-qsfp56-splitter-flt"));
        auto cage = [](const char* connector, int perCage, PortRole role) {
            PortGroup g;
            g.count = 1;
            g.speedsGbps = {400, 200};
            g.connector = QLatin1String(connector);
            g.portsPerCage = perCage;
            g.role = role;
            return g;
        };
        const PortGroup switchOsfp = cage("OSFP", 2, PortRole::Fabric);
        const PortGroup hostOsfp = cage("OSFP", 2, PortRole::Compute);
        const PortGroup switchQsfp56 = cage("QSFP56", 1, PortRole::Fabric);
        const PortGroup hostQsfp56 = cage("QSFP56", 1, PortRole::Compute);
        QVERIFY(OpticsRules::copperJoins(finned, switchOsfp, hostQsfp56, 200));
        QVERIFY(!OpticsRules::copperJoins(flat, switchOsfp, hostQsfp56, 200));
        QVERIFY(OpticsRules::copperJoins(flat, hostOsfp, switchQsfp56, 200));
        QVERIFY(!OpticsRules::copperJoins(finned, hostOsfp, switchQsfp56, 200));
    }

    // OPTICS-TOP judges a cable's own plug as it judges a module: the generated minimum cluster has
    // none (its 16 DGX H100 links are on the flat-top splitter); a hand-made swap of one link to the
    // finned MFA7U10 puts a finned plug in the DGX H100's host cage, and the finding names both.
    void finnedPlugInAHostCageIsFlagged()
    {
        Design d = make(2, "");
        auto topFindings = [](const Design& design) {
            std::vector<Finding> out;
            for (const Finding& f : validate(design))
                if (f.code == QLatin1String("OPTICS-TOP"))
                    out.push_back(f);
            return out;
        };
        QVERIFY(topFindings(d).empty());
        const CatalogItem* finned = test::shippedCatalog().item(QStringLiteral("aoc-2x200g-qsfp56-splitter"));
        QVERIFY(finned);
        d.recordItem(*finned);
        bool swapped = false;
        d.links().forEach([&](const Link& l) {
            if (swapped || l.cableSku != QLatin1String("aoc-2x200g-qsfp56-splitter-flt"))
                return;
            Link edited = l;
            edited.cableSku = finned->sku;
            d.replaceLink(edited);
            swapped = true;
        });
        QVERIFY(swapped);
        const std::vector<Finding> found = topFindings(d);
        QCOMPARE(found.size(), size_t(1));
        QVERIFY2(found.front().message.contains(
                     QStringLiteral("finned-top cable plug aoc-2x200g-qsfp56-splitter in a host cage (dgx-h100)")),
            qPrintable(found.front().message));
    }
};

QTEST_GUILESS_MAIN(TestHdrCabling)
#include "tst_hdrcabling.moc"
