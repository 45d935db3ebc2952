#include "helpers/rulesfixture.h"

#include "catalog/catalog.h"
#include "cost/billofmaterials.h"
#include "cost/costmodel.h"
#include "cost/tiertable.h"
#include "generate/fabricgenerator.h"
#include "model/designintent.h"
#include "model/softwarestack.h"
#include "validate/designrules.h"

#include <QJsonArray>
#include <QtTest>

#include <functional>

using namespace pw;

// Cluster types, the software stack and the rules the source document draws from them
// (gpu-clusters-source.txt): per type a passing fixture and one fixture per rule that trips it,
// the tier row that follows the type, and the generator's management plane for each type.
namespace {

const QStringList kClusterCodes{QStringLiteral("STACK-SCHEDULER"), QStringLiteral("STACK-ORCHESTRATION"),
    QStringLiteral("STACK-PARTITION"), QStringLiteral("MGMT-DCGM"), QStringLiteral("STORAGE-NFS-TRAINING"),
    QStringLiteral("STORAGE-AGGREGATE-TRAINING"), QStringLiteral("FABRIC-CLASS")};

void setIntent(fx::Cluster& c, const QString& type, const QJsonObject& more = {})
{
    QJsonObject intent = more;
    intent["cluster_type"] = type;
    c.b.setIntent(intent);
}

void setStack(fx::Cluster& c, const SoftwareStack& s)
{
    QJsonObject p = c.b.d.properties();
    p["stack"] = s.toJson();
    c.b.d.setProperties(p);
}

SoftwareStack stackFor(const QString& type)
{
    return SoftwareStack::defaultFor(*clusterTypeFromString(type));
}

// More GPU servers, without compute or storage links: they raise the GPU count past a size
// threshold. A few (up to 10) also get in-band and BMC links, so only size-driven rules change.
void addIdleServers(fx::Cluster& c, int n)
{
    const CatalogItem server = fx::gpuServer();
    for (int i = 0; i < n; ++i) {
        const NodeId s = c.b.add(server, QStringLiteral("idle%1").arg(i));
        if (n <= 10) {
            c.b.connect(s, c.inbandSw, "dac112", 2);
            c.b.link(c.b.freePort(s, PortRole::OutOfBand), c.b.freePort(c.oobSw, PortRole::Fabric), "cat6", 3);
        }
    }
}

// The parallel-FS array replaced by an NFS filer (or a slow array) on the same storage switches.
void replaceArray(fx::Cluster& c, const char* protocol, double read)
{
    c.b.removeNode(c.array);
    c.array = c.b.add(fx::storageArray(QStringLiteral("filer"), read, read / 2, 500, protocol), "filer");
    c.b.connect(c.array, c.storageSw, "dac112", 2);
    c.b.connect(c.array, c.storageSwB, "dac112", 2);
    c.b.link(c.b.freePort(c.array, PortRole::OutOfBand), c.b.freePort(c.oobSw, PortRole::Fabric), "cat6", 3);
}

struct Case {
    const char* name;
    const char* type;
    const char* code; // nullptr: passes (no cluster-rule finding, no error or warning)
    std::function<void(fx::Cluster&)> mutate;
    bool onlyClusterRules = false; // passing case: fixture shortcuts may leave other warnings, not cluster-rule ones
};

const std::vector<Case>& cases()
{
    static const std::vector<Case> kCases{
        // Passing fixture per type: the type's default stack, stated or stored.
        {"training passes", "training", nullptr, [](fx::Cluster&) {}},
        {"training with stored default stack passes", "training", nullptr,
            [](fx::Cluster& c) { setStack(c, stackFor("training")); }},
        {"inference passes", "inference", nullptr, [](fx::Cluster&) {}},
        {"mixed passes", "mixed", nullptr,
            [](fx::Cluster& c) {
                setIntent(c, "mixed", {{"inference_share", 0.5}, {"users", 4}});
            }},
        {"development passes", "development", nullptr, [](fx::Cluster&) {}},
        {"single-user training needs no scheduler", "training", nullptr,
            [](fx::Cluster& c) {
                setIntent(c, "training", {{"users", 1}});
                SoftwareStack s = stackFor("training");
                s.scheduler = Scheduler::None;
                s.priorityQueues = false;
                setStack(c, s);
            }},
        {"inference on NFS at 40 GPUs is fine", "inference", nullptr,
            [](fx::Cluster& c) {
                addIdleServers(c, 3);
                replaceArray(c, "nfs", 100);
            },
            true},
        {"development on NFS at 40 GPUs is fine", "development", nullptr,
            [](fx::Cluster& c) {
                addIdleServers(c, 3);
                replaceArray(c, "nfs", 100);
            },
            true},
        {"training on NFS at 32 GPUs is fine", "training", nullptr,
            [](fx::Cluster& c) {
                addIdleServers(c, 2);
                replaceArray(c, "nfs", 100);
            },
            true},
        {"inference at half bisection is fine", "inference", nullptr,
            [](fx::Cluster& c) {
                setIntent(c, "inference", {{"bisection_target", 0.5}});
            }},

        // One fixture per rule.
        {"training without a scheduler", "training", "STACK-SCHEDULER",
            [](fx::Cluster& c) {
                SoftwareStack s = stackFor("training");
                s.scheduler = Scheduler::None;
                setStack(c, s);
            }},
        {"training, Slurm without priority queues, 12 teams", "training", "STACK-SCHEDULER",
            [](fx::Cluster& c) {
                setIntent(c, "training", {{"users", 12}});
                SoftwareStack s = stackFor("training");
                s.priorityQueues = false;
                setStack(c, s);
            }},
        {"mixed without a scheduler", "mixed", "STACK-SCHEDULER",
            [](fx::Cluster& c) {
                SoftwareStack s = stackFor("mixed");
                s.scheduler = Scheduler::None;
                setStack(c, s);
            }},
        {"inference without orchestration", "inference", "STACK-ORCHESTRATION",
            [](fx::Cluster& c) { setStack(c, stackFor("training")); }},
        {"inference on Kubernetes without autoscaling", "inference", "STACK-ORCHESTRATION",
            [](fx::Cluster& c) {
                SoftwareStack s = stackFor("inference");
                s.autoscaling = false;
                setStack(c, s);
            }},
        {"mixed without reservations", "mixed", "STACK-PARTITION",
            [](fx::Cluster& c) {
                SoftwareStack s = stackFor("mixed");
                s.reservations = false;
                setStack(c, s);
            }},
        {"mixed share reserving no server", "mixed", "STACK-PARTITION",
            [](fx::Cluster& c) {
                setIntent(c, "mixed", {{"inference_share", 0.1}});
            }},
        {"training without DCGM", "training", "MGMT-DCGM",
            [](fx::Cluster& c) {
                SoftwareStack s = stackFor("training");
                s.monitoring = {QStringLiteral("prometheus"), QStringLiteral("grafana")};
                setStack(c, s);
            }},
        {"inference without DCGM", "inference", "MGMT-DCGM",
            [](fx::Cluster& c) {
                SoftwareStack s = stackFor("inference");
                s.monitoring.clear();
                setStack(c, s);
            }},
        {"development server without in-band link", "development", "MGMT-DCGM",
            [](fx::Cluster& c) { c.b.removeLinksBetween(c.srv1, c.inbandSw); }},
        {"BMC unreachable (existing rule)", "mixed", "MGMT-OOB",
            [](fx::Cluster& c) { c.b.removeLinksBetween(c.srv2, c.oobSw); }},
        {"training on NFS at 40 GPUs", "training", "STORAGE-NFS-TRAINING",
            [](fx::Cluster& c) {
                addIdleServers(c, 3);
                replaceArray(c, "nfs", 100);
            }},
        {"mixed on NFS at 40 GPUs", "mixed", "STORAGE-NFS-TRAINING",
            [](fx::Cluster& c) {
                addIdleServers(c, 3);
                replaceArray(c, "nfs", 100);
            }},
        {"512-GPU training at 60 GB/s", "training", "STORAGE-AGGREGATE-TRAINING",
            [](fx::Cluster& c) {
                addIdleServers(c, 62);
                replaceArray(c, "parallel-fs", 60);
            }},
        {"training at half bisection", "training", "FABRIC-CLASS",
            [](fx::Cluster& c) {
                setIntent(c, "training", {{"bisection_target", 0.5}});
            }},
        {"training without compute links", "training", "FABRIC-CLASS",
            [](fx::Cluster& c) {
                for (NodeId leaf : {c.leaf1, c.leaf2})
                    for (NodeId s : {c.srv1, c.srv2})
                        c.b.removeLinksBetween(s, leaf);
            }},
    };
    return kCases;
}

QString dump(const std::vector<Finding>& fs)
{
    QStringList s;
    for (const Finding& f : fs)
        s << QStringLiteral("%1 [%2] %3").arg(f.code, toString(f.severity), f.message);
    return s.join(QLatin1Char('\n'));
}

} // namespace

class TestClusterIntent : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<Catalog> mCatalog;

private Q_SLOTS:
    void initTestCase()
    {
        mCatalog = std::make_unique<Catalog>();
        (void)mCatalog->loadDirectory(qEnvironmentVariable("PODWRIGHT_CATALOG_DIR"));
        QVERIFY(mCatalog->item(QStringLiteral("mgmt-server-1u")));
    }

    void intentAndStackRoundTrip()
    {
        const QJsonObject json{{"cluster_type", "mixed"}, {"users", 7}, {"inference_share", 0.25}, {"future_key", 3}};
        const DesignIntent intent = DesignIntent::fromJson(json);
        QCOMPARE(intent.users, std::optional<int>(7));
        QCOMPARE(intent.inferenceShare, std::optional<double>(0.25));
        QCOMPARE(intent.toJson(), json);
        // Out-of-range values are dropped, not clamped.
        const DesignIntent bad = DesignIntent::fromJson({{"users", 0}, {"inference_share", 1.5}});
        QVERIFY(!bad.users && !bad.inferenceShare);

        for (ClusterType t :
            {ClusterType::Training, ClusterType::Inference, ClusterType::Mixed, ClusterType::Development}) {
            SoftwareStack s = SoftwareStack::defaultFor(t);
            s.extra.insert(QStringLiteral("later"), true);
            QCOMPARE(SoftwareStack::fromJson(s.toJson()), s);
        }
        // Without a stored stack, the design runs its type's default.
        QCOMPARE(SoftwareStack::ofProperties({{"intent", QJsonObject{{"cluster_type", "inference"}}}}),
            SoftwareStack::defaultFor(ClusterType::Inference));
        const SoftwareStack dev = SoftwareStack::defaultFor(ClusterType::Development);
        QVERIFY(dev.devTools.contains(QStringLiteral("jupyter")) && dev.devTools.contains(QStringLiteral("mlflow")));
        QVERIFY(SoftwareStack::defaultFor(ClusterType::Mixed)
                    .components()
                    .join(';')
                    .contains(QLatin1String("Slurm (priority queues, reservations)")));
    }

    void managementRolesPerStack()
    {
        auto total = [](const std::vector<ManagementRole>& roles) {
            int n = 0;
            for (const auto& r : roles)
                n += r.count;
            return n;
        };
        QCOMPARE(total(managementRoles(SoftwareStack::defaultFor(ClusterType::Training), 8)), 2 + 1);
        QCOMPARE(total(managementRoles(SoftwareStack::defaultFor(ClusterType::Training), 128)),
            2 + 2); // monitoring scales out
        QCOMPARE(total(managementRoles(SoftwareStack::defaultFor(ClusterType::Inference), 8)), 3 + 1);
        QCOMPARE(total(managementRoles(SoftwareStack::defaultFor(ClusterType::Mixed), 8)), 2 + 3 + 1);
        SoftwareStack bcm;
        bcm.baseCommandManager = true;
        QCOMPARE(total(managementRoles(bcm, 8)), 2);
    }

    void rules_data()
    {
        QTest::addColumn<int>("index");
        for (size_t i = 0; i < cases().size(); ++i)
            QTest::newRow(cases()[i].name) << static_cast<int>(i);
    }

    void rules()
    {
        QFETCH(int, index);
        const Case& k = cases()[static_cast<size_t>(index)];
        fx::Cluster c;
        setIntent(c, QString::fromLatin1(k.type));
        k.mutate(c);
        ValidationOptions quick;
        quick.fabricAnalysis = false;
        quick.tierChecks = false;
        const auto fs = validate(c.b.d, quick);
        if (!k.code) {
            for (const Finding& f : fs) {
                QVERIFY2(!kClusterCodes.contains(f.code), qPrintable(dump(fs)));
                QVERIFY2(f.severity == Severity::Info || (k.onlyClusterRules && f.severity == Severity::Warning),
                    qPrintable(dump(fs)));
            }
            return;
        }
        const auto it
            = std::find_if(fs.begin(), fs.end(), [&](const Finding& f) { return f.code == QLatin1String(k.code); });
        QVERIFY2(
            it != fs.end(), qPrintable(QStringLiteral("expected %1 in:\n%2").arg(QLatin1String(k.code), dump(fs))));
        QVERIFY(!it->message.isEmpty());
        // The explanation quotes the source document's reason and shows the numbers used.
        QVERIFY2(it->explanation.size() > 80, qPrintable(it->explanation));
        if (QString::fromLatin1(k.code) != QLatin1String("MGMT-OOB"))
            QVERIFY2(it->explanation.contains(QLatin1String("gpu-clusters-source.txt")), qPrintable(it->explanation));
        QVERIFY(std::any_of(designRules().begin(), designRules().end(),
            [&](const RuleInfo& r) { return it->code == QLatin1String(r.code); }));
    }

    void explanationsShowTheNumbers()
    {
        fx::Cluster c;
        setIntent(c, "training");
        addIdleServers(c, 62);
        replaceArray(c, "parallel-fs", 60);
        ValidationOptions quick;
        quick.fabricAnalysis = false;
        const auto fs = validate(c.b.d, quick);
        const auto it = std::find_if(fs.begin(), fs.end(),
            [](const Finding& f) { return f.code == QLatin1String("STORAGE-AGGREGATE-TRAINING"); });
        QVERIFY(it != fs.end());
        QVERIFY2(it->explanation.contains(QLatin1String("60.0 GB/s < 100 GB/s"))
                && it->explanation.contains(QLatin1String("512 GPUs")),
            qPrintable(it->explanation));

        fx::Cluster m;
        setIntent(m, "mixed", {{"inference_share", 0.1}});
        const auto ms = validate(m.b.d, quick);
        const auto p = std::find_if(
            ms.begin(), ms.end(), [](const Finding& f) { return f.code == QLatin1String("STACK-PARTITION"); });
        QVERIFY(p != ms.end());
        QVERIFY2(
            p->explanation.contains(QLatin1String("0.10 x 2 GPU servers = 0 servers")), qPrintable(p->explanation));
    }

    void anonymousDesignsAreNotJudged()
    {
        // No cluster type and no stored stack: the cluster rules stay silent (as before this issue).
        fx::Cluster c;
        c.b.setIntent({});
        for (const Finding& f : validate(c.b.d))
            QVERIFY2(!kClusterCodes.contains(f.code), qPrintable(f.code));
    }

    void tierFollowsTheType_data()
    {
        QTest::addColumn<int>("gpus");
        QTest::addColumn<QString>("type");
        QTest::addColumn<QString>("row");
        QTest::newRow("64 inference") << 64 << "inference"
                                      << "inference";
        QTest::newRow("64 training") << 64 << "training"
                                     << "mid-scale";
        QTest::newRow("64 mixed") << 64 << "mixed"
                                  << "mid-scale";
        QTest::newRow("64 development") << 64 << "development"
                                        << "development";
        QTest::newRow("16 development") << 16 << "development"
                                        << "development";
        QTest::newRow("16 unspecified") << 16 << "unspecified"
                                        << "development";
        QTest::newRow("1024 training") << 1024 << "training"
                                       << "large-scale";
    }

    void tierFollowsTheType()
    {
        QFETCH(int, gpus);
        QFETCH(QString, type);
        QFETCH(QString, row);
        QCOMPARE(TierTable::classify(gpus, clusterTypeFromString(type).value_or(ClusterType::Unspecified)).id, row);
    }

    void costTierFollowsTheType()
    {
        fx::Cluster c;
        setIntent(c, "inference");
        const CostReport r = CostModel::compute(c.b.d, CostAssumptions{});
        QCOMPARE(r.toJson().value("tier").toObject().value("id").toString(), QStringLiteral("inference"));
    }

    void generatorPlacesTheManagementPlane_data()
    {
        QTest::addColumn<QString>("type");
        QTest::addColumn<QStringList>("names");
        QTest::newRow("training") << "training" << QStringList{"slurm-head-1", "slurm-head-2", "monitor-1"};
        QTest::newRow("inference") << "inference" << QStringList{"k8s-cp-1", "k8s-cp-2", "k8s-cp-3", "monitor-1"};
        QTest::newRow("mixed") << "mixed"
                               << QStringList{
                                      "slurm-head-1", "slurm-head-2", "k8s-cp-1", "k8s-cp-2", "k8s-cp-3", "monitor-1"};
        QTest::newRow("development") << "development" << QStringList{"slurm-head-1", "slurm-head-2", "monitor-1"};
    }

    void generatorPlacesTheManagementPlane()
    {
        QFETCH(QString, type);
        QFETCH(QStringList, names);
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-h100");
        o.nodes = 8;
        o.switchSku = QStringLiteral("qm9700");
        o.storageSku = QStringLiteral("ddn-ai400x2");
        DesignIntent intent;
        intent.clusterType = *clusterTypeFromString(type);
        if (intent.clusterType == ClusterType::Mixed)
            intent.inferenceShare = 0.25;
        o.properties = QJsonObject{
            {"intent", intent.toJson()}, {"stack", SoftwareStack::defaultFor(intent.clusterType).toJson()}};
        GenerateResult r = FabricGenerator::generate(o, *mCatalog);
        QVERIFY2(r.ok(), qPrintable(r.error));
        const Design& d = *r.design;
        QCOMPARE(d.checkInvariants(), std::nullopt);
        QVERIFY(DesignIntent::ofProperties(d.properties()).clusterType == intent.clusterType);

        QStringList mgmt;
        d.nodes().forEach([&](const Node& n) {
            if (n.sku != QLatin1String("mgmt-server-1u"))
                return;
            mgmt << n.name;
            // Each management server is in a rack and on both management networks.
            QVERIFY2(n.rack.isValid(), qPrintable(n.name));
            bool inBand = false;
            bool oob = false;
            for (LinkId id : d.linksOf(n.id)) {
                inBand = inBand || d.linkNetwork(*d.link(id)) == Network::InBand;
                oob = oob || d.linkNetwork(*d.link(id)) == Network::OutOfBand;
            }
            QVERIFY2(inBand && oob, qPrintable(n.name));
        });
        mgmt.sort();
        QStringList expected = names;
        expected.sort();
        QCOMPARE(mgmt, expected); // the in-band builder's two head nodes are folded in, not doubled

        // The bill of materials counts them, with their price.
        const BillOfMaterials bom = BillOfMaterials::of(d);
        const auto line = std::find_if(bom.lines().begin(), bom.lines().end(),
            [](const BomLine& l) { return l.sku == QLatin1String("mgmt-server-1u"); });
        QVERIFY(line != bom.lines().end());
        QCOMPARE(line->quantity, static_cast<int>(names.size()));
        QVERIFY(line->unitPrice > 0);

        // The report block lists them with power and cost.
        const QJsonObject block = describeClusterTypeAndStack(d);
        QCOMPARE(block.value("cluster_type").toString(), type);
        int servers = 0;
        for (const QJsonValue& v : block.value("management_nodes").toArray())
            servers += v.toObject().value("role").toString() != QLatin1String("fabric-manager");
        QCOMPARE(servers, static_cast<int>(names.size()));
        QVERIFY(block.value("management_power_max_w").toDouble() >= 800.0 * names.size());

        // The generated design passes validation without errors (warnings allowed).
        const auto fs = validate(d);
        const FindingCounts counts = FindingCounts::of(fs);
        QVERIFY2(counts.errors == 0, qPrintable(dump(fs)));
        for (const Finding& f : fs)
            QVERIFY2(!kClusterCodes.contains(f.code), qPrintable(dump(fs)));
    }

    void generatorWithoutTypeKeepsTwoHeadNodes()
    {
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-h100");
        o.nodes = 4;
        o.switchSku = QStringLiteral("qm9700");
        GenerateResult r = FabricGenerator::generate(o, *mCatalog);
        QVERIFY2(r.ok(), qPrintable(r.error));
        QStringList mgmt;
        r.design->nodes().forEach([&](const Node& n) {
            if (n.sku == QLatin1String("mgmt-server-1u"))
                mgmt << n.name;
        });
        mgmt.sort();
        QCOMPARE(mgmt, (QStringList{"head-1", "head-2"}));
    }
};

QTEST_GUILESS_MAIN(TestClusterIntent)
#include "tst_clusterintent.moc"
