// Issue 14, item 6: how the proposal words what it prints for a customer. Amounts rounded for
// reading, internal references kept out of customer text, and a title that reads as a name.

#include "helpers/testcatalog.h"

#include "generate/fabricgenerator.h"
#include "model/designname.h"
#include "model/designsummary.h"
#include "presentation/reportdata.h"
#include "util/plural.h"

#include <QtTest>

using namespace pw;

class TestProposalWording : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void roundedMoney_data()
    {
        QTest::addColumn<double>("usd");
        QTest::addColumn<QString>("currency");
        QTest::addColumn<double>("rate");
        QTest::addColumn<QString>("expected");
        const QString usd = QStringLiteral("USD");
        QTest::newRow("millions") << 32'712'345.67 << usd << 1.0 << QStringLiteral("$32.7M");
        QTest::newRow("trailing zeros dropped") << 1'500'000.0 << usd << 1.0 << QStringLiteral("$1.5M");
        QTest::newRow("whole") << 10'000'000.0 << usd << 1.0 << QStringLiteral("$10M");
        QTest::newRow("three digits") << 327'400'000.0 << usd << 1.0 << QStringLiteral("$327M");
        QTest::newRow("thousands") << 950'123.0 << usd << 1.0 << QStringLiteral("$950K");
        QTest::newRow("rounds up a unit") << 999'960.0 << usd << 1.0 << QStringLiteral("$1M");
        QTest::newRow("billions") << 1'234'000'000.0 << usd << 1.0 << QStringLiteral("$1.2B");
        QTest::newRow("cents below a hundred") << 2.134 << usd << 1.0 << QStringLiteral("$2.13");
        QTest::newRow("no cents to show") << 48.0 << usd << 1.0 << QStringLiteral("$48"); // a price band's end
        QTest::newRow("hundreds") << 450.4 << usd << 1.0 << QStringLiteral("$450");
        QTest::newRow("negative") << -2'500'000.0 << usd << 1.0 << QStringLiteral("-$2.5M");
        QTest::newRow("converted") << 2'000'000.0 << QStringLiteral("EUR") << 0.5 << QStringLiteral("\u20ac1M");
        QTest::newRow("other code") << 3'000'000.0 << QStringLiteral("CHF") << 1.0 << QStringLiteral("3M CHF");
    }
    void roundedMoney()
    {
        QFETCH(double, usd);
        QFETCH(QString, currency);
        QFETCH(double, rate);
        QFETCH(QString, expected);
        ReportData d;
        d.options.currency = currency;
        d.options.exchangeRate = rate;
        QCOMPARE(d.roundedMoney(usd), expected);
    }

    void customerTextDropsInternalReferences_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("file in parentheses")
            << QStringLiteral("Guidance: NVIDIA DGX SuperPOD H100 RA, guidelines for storage performance "
                              "(fabric-rules.md).")
            << QStringLiteral("Guidance: NVIDIA DGX SuperPOD H100 RA, guidelines for storage performance.");
        QTest::newRow("file and tag in parentheses")
            << QStringLiteral("storage I/O per node must exceed 40 GB/s (hardware-specs.md section 6, [S4] quoting "
                              "RA-11334-001), above the tier's 10 GB/s")
            << QStringLiteral("storage I/O per node must exceed 40 GB/s, above the tier's 10 GB/s");
        QTest::newRow("source clause") << QStringLiteral(
            "counts are estimates; source: gpu-clusters-source.txt (cluster types)")
                                       << QStringLiteral("counts are estimates");
        QTest::newRow("bare tag") << QStringLiteral("a 1U switch [S21] with fans")
                                  << QStringLiteral("a 1U switch with fans");
        QTest::newRow("plain text stays")
            << QStringLiteral("Add a spine switch.") << QStringLiteral("Add a spine switch.");
    }
    void customerTextDropsInternalReferences()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        QCOMPARE(ReportData::customerText(text), expected);
    }

    // A person's name is kept; a placeholder or SKU codes give way to a name derived from the design.
    void designNameForReader()
    {
        Design d = test::smallDesign();
        d.setName(QStringLiteral("Acme pilot"));
        QCOMPARE(DesignName::forReader(d), QStringLiteral("Acme pilot"));
        d.setName(DesignName::placeholder());
        QCOMPARE(DesignName::forReader(d), QStringLiteral("16-GPU cluster, NVIDIA DGX H100"));
        d.setName(QString());
        QCOMPARE(DesignName::forReader(d), QStringLiteral("16-GPU cluster, NVIDIA DGX H100"));
        d.setName(QStringLiteral("2 x dgx-h100, leaf-spine qm9700"));
        QVERIFY(!DesignName::isReadable(d));
        QCOMPARE(DesignName::forReader(d), QStringLiteral("16-GPU cluster, NVIDIA DGX H100"));
    }

    // A generated design is named for a reader from the start.
    void generatedDesignHasAReadableName()
    {
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-h100");
        o.nodes = 32;
        o.switchSku = QStringLiteral("qm9700");
        const GenerateResult r = FabricGenerator::generate(o, test::shippedCatalog());
        QVERIFY2(r.ok(), qPrintable(r.error));
        const int gpus = DesignSummary::of(*r.design).gpus;
        QVERIFY(gpus > 200);
        QCOMPARE(r.design->name(), QStringLiteral("%1-GPU cluster, NVIDIA DGX H100").arg(gpus));
        QVERIFY(DesignName::isReadable(*r.design));
    }

    // Issue 30: one helper writes every counted noun (CLI, studio, PDF): "1 racks in 1 distinct
    // layouts" read wrong on a one-rack design.
    void countedNounsAgree_data()
    {
        QTest::addColumn<long long>("count");
        QTest::addColumn<QString>("expected");
        QTest::newRow("one") << 1LL << QStringLiteral("1 rack");
        QTest::newRow("none") << 0LL << QStringLiteral("0 racks");
        QTest::newRow("two") << 2LL << QStringLiteral("2 racks");
        QTest::newRow("grouped digits") << 1024LL << QStringLiteral("1,024 racks");
    }
    void countedNounsAgree()
    {
        QFETCH(long long, count);
        QFETCH(QString, expected);
        QCOMPARE(counted(count, "rack", "racks"), expected);
    }

    // Issue 30: the proposal's amounts are whole dollars ($2,126,374, not $2,126,374.16); cents
    // only where asked for (a cost per GPU-hour, $2.13).
    void amountsAreWholeDollars()
    {
        ReportData d;
        QCOMPARE(d.money(2'126'374.16), QStringLiteral("$2,126,374"));
        QCOMPARE(d.money(2'126'374.56), QStringLiteral("$2,126,375"));
        QCOMPARE(d.money(2.134, 2), QStringLiteral("$2.13"));
    }
};

QTEST_GUILESS_MAIN(TestProposalWording)
#include "tst_proposalwording.moc"
