#include "model/designintent.h"

#include <QJsonObject>
#include <QtTest>

using namespace pw;

class TestDesignIntent : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void roundTripKeepsEveryField()
    {
        const QJsonObject json{
            {"cluster_type", "inference"}, {"bisection_target", 0.25}, {"site_power_budget_kw", 800},
            {"dataset_tb", 120}, {"storage_tier", "better"},
            {"workload", QJsonObject{{"parameters", 70e9}, {"task", "finetune"}, {"tokens", 1e9}, {"target_days", 3}}},
            {"future_field", "kept"}, // a later version's key survives this one
        };
        const DesignIntent intent = DesignIntent::fromJson(json);
        QVERIFY(intent.clusterType == ClusterType::Inference);
        QCOMPARE(*intent.bisectionTarget, 0.25);
        QCOMPARE(*intent.sitePowerBudgetKw, 800.0);
        QCOMPARE(*intent.datasetTb, 120.0);
        QVERIFY(*intent.storageTier == StorageTier::Better);
        QVERIFY(intent.workload->task == WorkloadTask::FineTune);
        QCOMPARE(*intent.workload->targetDays, 3.0);
        QCOMPARE(intent.toJson(), json);
        QVERIFY(DesignIntent::fromJson(intent.toJson()) == intent);
    }

    void defaultsFollowTheClusterType()
    {
        DesignIntent intent;
        QCOMPARE(intent.effectiveBisectionTarget(), 1.0); // unspecified: full, as the SuperPOD RA builds
        intent.clusterType = ClusterType::Training;
        QCOMPARE(intent.effectiveBisectionTarget(), 1.0);
        intent.clusterType = ClusterType::Inference;
        QCOMPARE(intent.effectiveBisectionTarget(), 0.5);
        intent.bisectionTarget = 0.8;
        QCOMPARE(intent.effectiveBisectionTarget(), 0.8);
        QVERIFY(intent.effectiveStorageTier() == StorageTier::Good);
    }

    void invalidValuesAreIgnored()
    {
        const DesignIntent intent = DesignIntent::fromJson(QJsonObject{{"cluster_type", "spaceship"},
            {"bisection_target", -1}, {"site_power_budget_kw", "lots"}, {"workload", QJsonObject{{"task", "train"}}}});
        QVERIFY(intent.clusterType == ClusterType::Unspecified);
        QVERIFY(!intent.bisectionTarget);
        QVERIFY(!intent.sitePowerBudgetKw);
        QVERIFY(!intent.workload); // a workload needs its parameter count
        QVERIFY(DesignIntent::ofProperties(QJsonObject{}) == DesignIntent{});
    }
};

QTEST_GUILESS_MAIN(TestDesignIntent)
#include "tst_designintent.moc"
