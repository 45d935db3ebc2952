#include "catalog/catalog.h"
#include "catalog/catalogtables.h"
#include "cost/tiertable.h"
#include "facility/facilityassumptions.h"

#include <QDir>
#include <QFile>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace pw;

namespace {

// A copy of the shipped catalogs/tables folder in `dir`, with `from` replaced by `to` in `file`.
void copyTablesBroken(const QTemporaryDir& dir, const QString& file, const QByteArray& from, const QByteArray& to)
{
    const QDir shipped(QDir(Catalog::defaultDirectory()).filePath(QStringLiteral("tables")));
    QDir(dir.path()).mkdir(QStringLiteral("tables"));
    for (const QString& name : shipped.entryList({QStringLiteral("*.json")}, QDir::Files)) {
        QFile in(shipped.filePath(name));
        if (!in.open(QIODevice::ReadOnly))
            qFatal("cannot read the shipped tables");
        QByteArray text = in.readAll();
        if (name == file) {
            if (!text.contains(from))
                qFatal("the shipped %s no longer holds the text the test breaks", qPrintable(name));
            text.replace(from, to);
        }
        QFile out(QDir(dir.filePath(QStringLiteral("tables"))).filePath(name));
        if (!out.open(QIODevice::WriteOnly))
            qFatal("cannot write the test tables");
        out.write(text);
    }
}

} // namespace

// Issue 28: the tier table and the power and cooling defaults are catalog data
// (catalogs/tables/*.json), typed and checked in core/catalog, found where the catalog files are.
class TestCatalogTables : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // The defaults are the figures the C++ used to hold (behaviour unchanged): a 1,200 kW row (one
    // GB200 SU of 8 NVL72 racks at 1.2 MW, RA-11338), 8 racks per coolant loop, N+1 CDUs of 1,350 kW,
    // 85% (80-90%) of a liquid-cooled system's heat to liquid, no hall limit; each with its source.
    void facilityDefaultsComeFromTheTable()
    {
        const FacilityDefaults& table = CatalogTables::shipped().facility;
        QCOMPARE(table.generation, QStringLiteral("GB200 NVL72"));
        const FacilityAssumptions a = FacilityAssumptions::defaults();
        QCOMPARE(a.rowLimitKw.value, 1200.0);
        QCOMPARE(a.hallLimitKw.value, 0.0);
        QCOMPARE(a.racksPerLoop.value, 8.0);
        QCOMPARE(a.cduSpares.value, 1.0);
        QCOMPARE(a.cduCapacityKw.value, 1350.0);
        QCOMPARE(a.liquidShare.value, 0.85);
        QCOMPARE(a.liquidShareLow, 0.8);
        QCOMPARE(a.liquidShareHigh, 0.9);
        QCOMPARE(a.rowLimitKw.source, table.rowLimitKw.source);
        QVERIFY(a.rowLimitKw.source.startsWith(QLatin1String("estimate: a row built for one NVIDIA GB200")));
        QVERIFY(a.cduCapacityKw.source.contains(QLatin1String("cdu-inrow-1350kw")));
        for (const FacilityDefault* d :
            {&table.rowLimitKw, &table.racksPerLoop, &table.cduSpares, &table.cduCapacityKw, &table.liquidShare}) {
            QVERIFY(d->source.startsWith(QLatin1String("estimate")));
            QVERIFY(d->low <= d->value && d->value <= d->high);
        }
        // A row of 8 GB200 NVL72 at 139 kW (1,112 kW) is within the limit; 9 (1,251 kW) are over.
        QVERIFY(!a.rowOverLimit(8 * 139.0));
        QVERIFY(a.rowOverLimit(9 * 139.0));
    }

    // One set of defaults per generation, chosen by the design's rack-scale system; any other
    // system (or none) takes the GB200 set. GB300 NVL72 keeps GB200's figures (same Oberon rack and
    // 8-rack SU); Vera Rubin NVL72's row is built for 8 racks x 440 kW of power shelves = 3,520 kW
    // (so 8 racks at their 227 kW Max-P, 1,816 kW, stand in one row where the GB200 row's 1,200 kW
    // would split them), and all its heat goes to liquid (100% liquid cooled).
    void facilityDefaultsPerGeneration()
    {
        const CatalogTables& t = CatalogTables::shipped();
        QStringList generations;
        for (const FacilityDefaults& f : t.facilitySets)
            generations << f.generation;
        QCOMPARE(generations, QStringList({"GB200 NVL72", "GB300 NVL72", "Vera Rubin NVL72"}));
        QCOMPARE(t.facilityFor(QStringLiteral("dgx-gb300-nvl72-multiplane")).generation, QStringLiteral("GB300 NVL72"));
        QCOMPARE(t.facilityFor(QStringLiteral("dgx-h100")).generation, QStringLiteral("GB200 NVL72"));
        QCOMPARE(t.facilityFor(QString()).generation, QStringLiteral("GB200 NVL72"));

        const FacilityAssumptions rubin = FacilityAssumptions::defaults(QStringLiteral("vera-rubin-nvl72"));
        QCOMPARE(rubin.generation, QStringLiteral("Vera Rubin NVL72"));
        QCOMPARE(rubin.rowLimitKw.value, 8 * 440.0);
        QVERIFY(!rubin.rowOverLimit(8 * 227.0));
        QVERIFY(FacilityAssumptions::defaults().rowOverLimit(8 * 227.0));
        QCOMPARE(rubin.liquidShare.value, 1.0);
        QVERIFY(rubin.rowLimitKw.source.startsWith(QLatin1String("estimate")));
        const FacilityAssumptions gb300 = FacilityAssumptions::defaults(QStringLiteral("dgx-gb300-nvl72"));
        QCOMPARE(gb300.rowLimitKw.value, 1200.0);
        QCOMPARE(gb300.generation, QStringLiteral("GB300 NVL72"));
        // A design's own value still wins over its generation's default.
        const QJsonObject props{{QStringLiteral("power_chain"), QJsonObject{{QStringLiteral("row_limit_kw"), 900}}}};
        const FacilityAssumptions own
            = FacilityAssumptions::ofProperties(props, nullptr, QStringLiteral("vera-rubin-nvl72"));
        QCOMPARE(own.rowLimitKw.value, 900.0);
        QCOMPARE(own.liquidShare.value, 1.0);
    }

    // The tier table as gpu-clusters-source.txt writes it, in its order, with its source; the rule
    // places designs by the rows' upper bounds as before: up to 32 development, 256 mid-scale,
    // 4,096 large-scale, above that hyperscale.
    void tierTableComesFromTheTable()
    {
        const CatalogTables& t = CatalogTables::shipped();
        QVERIFY(t.tiersSource.contains(QLatin1String("gpu-clusters-source.txt")));
        QStringList ids;
        for (const Tier& row : TierTable::rows())
            ids << row.id;
        QCOMPARE(ids, QStringList({"development", "mid-scale", "large-scale", "hyperscale", "inference"}));
        QCOMPARE(&TierTable::rows(), &t.tiers);
        QCOMPARE(TierTable::row(QStringLiteral("large-scale")).typicalCostMax.value_or(0), 300e6);
        QVERIFY(!TierTable::row(QStringLiteral("hyperscale")).maxGpus);
        const std::pair<int, const char*> placed[]
            = {{8, "development"}, {32, "development"}, {33, "mid-scale"}, {256, "mid-scale"}, {257, "large-scale"},
                {4096, "large-scale"}, {4097, "hyperscale"}, {100000, "hyperscale"}};
        for (const auto& [gpus, id] : placed)
            QCOMPARE(TierTable::classify(gpus, ClusterType::Training).id, QLatin1String(id));
        QCOMPARE(TierTable::classify(4097, ClusterType::Inference).id, QStringLiteral("inference"));
    }

    // A broken table is a catalog issue naming its file (what `catalog check` prints).
    void brokenTablesAreReported_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QByteArray>("from");
        QTest::addColumn<QByteArray>("to");
        QTest::addColumn<QString>("expected");
        QTest::newRow("tier bounds") << QStringLiteral("tiers.json") << QByteArray(R"("max_gpus": 256)")
                                     << QByteArray(R"("max_gpus": 16)")
                                     << QStringLiteral("row 1 (mid-scale): max_gpus 16 below min_gpus 64");
        QTest::newRow("tier missing") << QStringLiteral("tiers.json") << QByteArray(R"("id": "inference")")
                                      << QByteArray(R"("id": "serving")")
                                      << QStringLiteral("no row with id 'inference'");
        QTest::newRow("default band") << QStringLiteral("facility-defaults.json")
                                      << QByteArray(R"("value": 1350, "low": 1200)")
                                      << QByteArray(R"("value": 1350, "low": 1400)")
                                      << QStringLiteral("cdu_capacity_kw: band must have low <= value <= high");
        QTest::newRow("fallback names no set")
            << QStringLiteral("facility-defaults.json") << QByteArray(R"("fallback": "GB200 NVL72")")
            << QByteArray(R"("fallback": "GB100 NVL72")") << QStringLiteral("fallback 'GB100 NVL72' names no set");
        QTest::newRow("system in two sets")
            << QStringLiteral("facility-defaults.json") << QByteArray(R"("systems": ["vera-rubin-nvl72"])")
            << QByteArray(R"("systems": ["dgx-gb200-nvl72"])")
            << QStringLiteral("set 2 (Vera Rubin NVL72): system 'dgx-gb200-nvl72' is listed by another set too");
        QTest::newRow("default unsourced")
            << QStringLiteral("facility-defaults.json") << QByteArray(R"("source": "estimate: N+1)")
            << QByteArray(R"("unsourced": "estimate: N+1)")
            << QStringLiteral("cdu_spares: 'source' must be a non-empty string");
    }
    void brokenTablesAreReported()
    {
        QFETCH(QString, file);
        QFETCH(QByteArray, from);
        QFETCH(QByteArray, to);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        copyTablesBroken(dir, file, from, to);
        CatalogTables clean;
        Catalog c;
        const auto issues = c.loadDirectory(dir.path());
        std::vector<CatalogIssue> tableIssues;
        for (const CatalogIssue& i : issues)
            if (i.file.startsWith(QLatin1String("tables/")))
                tableIssues.push_back(i);
        QCOMPARE(tableIssues.size(), size_t(1));
        QCOMPARE(tableIssues.front().file, QStringLiteral("tables/") + file);
        QVERIFY2(tableIssues.front().message.contains(expected), qPrintable(tableIssues.front().message));
        // The same folder unbroken reads cleanly.
        QTemporaryDir good;
        copyTablesBroken(good, file, from, from);
        QVERIFY(CatalogTables::load(good.path(), clean).empty());
        QCOMPARE(clean.tiers.size(), size_t(5));
    }

    // A folder without its tables cannot be used for costing: the problem names the file.
    void missingTablesAreReported()
    {
        QTemporaryDir dir;
        QDir(dir.path()).mkdir(QStringLiteral("tables"));
        CatalogTables t;
        const auto issues = CatalogTables::load(dir.path(), t);
        QCOMPARE(issues.size(), size_t(2));
        QCOMPARE(issues[0].file, QStringLiteral("tables/tiers.json"));
        QCOMPARE(issues[1].file, QStringLiteral("tables/facility-defaults.json"));
        QVERIFY(issues[0].message.contains(QLatin1String("cannot read")));
    }

    // `catalog check` (Catalog::loadDefault) on a catalog folder with no tables/ says so, rather
    // than passing and leaving `generate` to fail on the missing tier table.
    void defaultFolderWithoutTablesIsReported()
    {
        QTemporaryDir dir;
        QVERIFY(QFile::copy(QDir(Catalog::defaultDirectory()).filePath(QStringLiteral("facility.json")),
            dir.filePath(QStringLiteral("facility.json"))));
        const QByteArray shipped = qgetenv("PODWRIGHT_CATALOG_DIR");
        qputenv("PODWRIGHT_CATALOG_DIR", dir.path().toLocal8Bit());
        std::vector<CatalogIssue> issues;
        const auto catalog = Catalog::loadDefault(&issues);
        qputenv("PODWRIGHT_CATALOG_DIR", shipped);
        QVERIFY(catalog->item(QStringLiteral("rack-48u")));
        QCOMPARE(issues.size(), size_t(1));
        QVERIFY2(
            issues.front().message.contains(QLatin1String("no tables/ folder")), qPrintable(issues.front().message));
    }
};

QTEST_GUILESS_MAIN(TestCatalogTables)
#include "tst_catalogtables.moc"
