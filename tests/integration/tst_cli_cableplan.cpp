// podwright-cli cable-plan (issue 17): the contractor's run-list from a generated design's floor plan.
#include "helpers/clirunner.h"

#include "export/csv.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>

using pw::test::runCli;

class TestCliCablePlan : public QObject {
    Q_OBJECT

    QTemporaryDir mDir;
    QString mFile;

private Q_SLOTS:
    void initTestCase()
    {
        mFile = mDir.filePath(QStringLiteral("pod.podwright"));
        const auto g = runCli({QStringLiteral("generate"), QStringLiteral("--server"), QStringLiteral("dgx-h100"),
            QStringLiteral("--gpus"), QStringLiteral("1024"), QStringLiteral("--switch"), QStringLiteral("qm9700"),
            QStringLiteral("-o"), mFile});
        QVERIFY2(g.exitCode == 0, g.err.constData());
    }

    void jsonListsEveryLinkWithBothEndsOnTheFloor()
    {
        const auto r = runCli({QStringLiteral("cable-plan"), mFile, QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject plan = r.json();
        QCOMPARE(plan.value(QLatin1String("uncabled_links")).toInt(-1), 0);
        QCOMPARE(plan.value(QLatin1String("over_budget_links")).toInt(-1), 0);
        const QJsonArray runs = plan.value(QLatin1String("runs")).toArray();
        const auto bom = runCli({QStringLiteral("bom"), mFile, QStringLiteral("--json")});
        QCOMPARE(bom.json().value(QLatin1String("uncabled_links")).toInt(-1), 0);
        const auto info = runCli({QStringLiteral("info"), mFile, QStringLiteral("--json")});
        QCOMPARE(runs.size(), info.json().value(QLatin1String("links")).toInt());
        int optical = 0;
        for (const QJsonValue& v : runs) {
            const QJsonObject run = v.toObject();
            for (const char* end : {"a", "z"}) {
                const QJsonObject e = run.value(QLatin1String(end)).toObject();
                QVERIFY(!e.value(QLatin1String("rack")).toString().isEmpty());
                QVERIFY(!e.value(QLatin1String("row")).toString().isEmpty());
                QVERIFY(e.value(QLatin1String("position")).toInt() >= 1);
            }
            QVERIFY(!run.value(QLatin1String("cable")).toString().isEmpty());
            QVERIFY(run.value(QLatin1String("length_m")).toDouble() > 0);
            if (run.contains(QLatin1String("margin_db"))) {
                ++optical;
                QCOMPARE(run.value(QLatin1String("margin_db")).toDouble(),
                    run.value(QLatin1String("budget_db")).toDouble() - run.value(QLatin1String("loss_db")).toDouble());
            }
        }
        QVERIFY(optical > 0);
        QVERIFY(!plan.value(QLatin1String("assumptions")).toArray().isEmpty());
    }

    void csvHasTheContractorsColumns()
    {
        const auto r = runCli({QStringLiteral("cable-plan"), mFile, QStringLiteral("--csv")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QList<QStringList> rows = pw::csv::parse(QString::fromUtf8(r.out));
        QVERIFY(rows.size() > 1);
        for (const char* column : {"label", "a_rack", "a_row", "a_position", "a_u", "a_port", "z_rack", "z_u", "z_port",
                 "cable_sku", "length_m", "ordered_length", "loss_db", "budget_db", "margin_db"})
            QVERIFY2(rows.front().contains(QLatin1String(column)), column);
    }

    void exportWritesTheSameRunList()
    {
        const auto plan = runCli({QStringLiteral("cable-plan"), mFile, QStringLiteral("--csv")});
        const auto exported
            = runCli({QStringLiteral("export"), mFile, QStringLiteral("--format"), QStringLiteral("cable-plan-csv")});
        QCOMPARE(exported.exitCode, 0);
        QCOMPARE(exported.out, plan.out);
    }

    void badUseExitsTwoWithAMessage()
    {
        const auto both
            = runCli({QStringLiteral("cable-plan"), mFile, QStringLiteral("--csv"), QStringLiteral("--json")});
        QCOMPARE(both.exitCode, 2);
        QVERIFY(both.err.contains("not both"));
        const auto missing = runCli({QStringLiteral("cable-plan"), mDir.filePath(QStringLiteral("none.podwright"))});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY(missing.err.contains("does not exist"));
    }
};

QTEST_GUILESS_MAIN(TestCliCablePlan)
#include "tst_cli_cableplan.moc"
