#include "helpers/testcatalog.h"

#include "catalog/catalogitemparser.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

#include <functional>
#include <variant>

using namespace pw;

namespace {

// Every figure ({"value", ...}) and every block that carries figures must name a source.
void collectUnsourced(const QJsonValue& v, const QString& path, QStringList& out)
{
    if (v.isArray()) {
        const QJsonArray a = v.toArray();
        for (qsizetype i = 0; i < a.size(); ++i)
            collectUnsourced(a[i], QStringLiteral("%1[%2]").arg(path).arg(i), out);
        return;
    }
    if (!v.isObject())
        return;
    const QJsonObject o = v.toObject();
    const bool isFigure = o.contains(QLatin1String("value"));
    const bool isBlock = path.endsWith(QLatin1String(".gpu")) || path.endsWith(QLatin1String(".switch"))
        || path.endsWith(QLatin1String(".cable")) || path.endsWith(QLatin1String(".transceiver"))
        || path.endsWith(QLatin1String(".rack")) || path.contains(QLatin1String("port_groups["));
    if ((isFigure || isBlock) && o.value(QLatin1String("source")).toString().trimmed().isEmpty())
        out << path;
    for (auto it = o.begin(); it != o.end(); ++it)
        collectUnsourced(it.value(), path + QLatin1Char('.') + it.key(), out);
}

QString writeCatalogFile(const QTemporaryDir& dir, const QString& name, const QByteArray& json)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write(json);
    return path;
}

QByteArray validItem(const char* sku)
{
    return QByteArray(R"({"sku":")") + sku + R"(","kind":"switch","vendor":"V","model":"M",
        "rack_units":{"value":1,"source":"doc A"},"power_max_w":{"value":500,"source":"doc B"},
        "cooling":{"value":"air","source":"doc C"},
        "port_groups":[{"name":"data","count":32,"speeds_gbps":[400],"connector":"OSFP","role":"fabric","source":"doc D"}],
        "switch":{"radix":32,"capacity_tbps":12.8,"technology":"infiniband","source":"doc E"},
        "price":{"value":1000,"low":800,"high":1250,"currency":"USD","kind":"estimate","source":"estimate: test",
                 "band_source":"estimate: test band"}})";
}

// The shipped DGX H100 entry as JSON, renamed and repriced (mid; the band scaled with it).
QByteArray dgxPricedAt(const char* sku, double mid)
{
    QJsonObject o = test::shippedCatalog().item(QStringLiteral("dgx-h100"))->snapshotJson();
    o[QStringLiteral("sku")] = QLatin1String(sku);
    QJsonObject price = o.value(QStringLiteral("price")).toObject();
    price[QStringLiteral("value")] = mid;
    price[QStringLiteral("low")] = mid * 0.8;
    price[QStringLiteral("high")] = mid * 1.2;
    o[QStringLiteral("price")] = price;
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

} // namespace

class TestCatalog : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shippedCatalogLoadsWithoutIssues()
    {
        Catalog c;
        const auto issues = c.loadDirectory(Catalog::defaultDirectory());
        QStringList text;
        for (const auto& i : issues)
            text << i.toString();
        QVERIFY2(issues.empty(), qPrintable(text.join(QLatin1Char('\n'))));
        QVERIFY(c.size() >= 40);
    }

    void requiredItemsArePresent_data()
    {
        QTest::addColumn<QString>("sku");
        QTest::addColumn<QString>("kind");
        const char* rows[][2] = {
            {"dgx-h100", "server"},
            {"dgx-h200", "server"},
            {"dgx-b200", "server"},
            {"dgx-gb200-nvl72", "server"},
            {"dell-xe9680", "server"},
            {"smc-421ge-l40s", "server"},
            {"dgx-a100", "server"},
            {"qm8700", "switch"},
            {"qm9700", "switch"},
            {"qm9790", "switch"},
            {"q3400", "switch"},
            {"sn5600", "switch"},
            {"sn4600c", "switch"},
            {"sn2201", "switch"},
            {"connectx-7", "nic"},
            {"bluefield-3", "nic"},
            {"ufm-appliance", "appliance"},
            {"ddn-ai400x2", "storage"},
            {"weka-pod", "storage"},
            {"vast-dbox", "storage"},
            {"netapp-aff-a90", "storage"},
            {"dac-800g-osfp", "cable"},
            {"acc-800g-osfp", "cable"},
            {"aoc-400g", "cable"},
            {"mms4x00-ns", "transceiver"},
            {"mms4x00-ns400", "transceiver"},
            {"rack-48u", "rack"},
            {"pdu-3ph-60kw", "pdu"},
        };
        for (const auto& r : rows)
            QTest::newRow(r[0]) << QString::fromLatin1(r[0]) << QString::fromLatin1(r[1]);
    }
    void requiredItemsArePresent()
    {
        QFETCH(QString, sku);
        QFETCH(QString, kind);
        const CatalogItem* item = test::shippedCatalog().item(sku);
        QVERIFY2(item, qPrintable(sku));
        QCOMPARE(toString(item->kind), kind);
    }

    void everyFigureNamesItsSource()
    {
        for (const CatalogItem* item : test::shippedCatalog().items()) {
            QStringList unsourced;
            collectUnsourced(item->snapshotJson(), item->sku, unsourced);
            QVERIFY2(unsourced.isEmpty(), qPrintable(unsourced.join(QStringLiteral(", "))));
            QVERIFY2(!item->price.source.isEmpty(), qPrintable(item->sku));
        }
    }

    void unconfirmedFiguresStayEstimates()
    {
        // hardware-specs.md marks these unconfirmed: the catalog must not present them as sourced.
        const Catalog& c = test::shippedCatalog();
        QVERIFY(c.item(QStringLiteral("q3400"))->powerMaxW.isEstimate());
        for (const char* sku : {"ddn-ai400x2", "weka-pod", "vast-dbox", "netapp-aff-a90"}) {
            const CatalogItem* s = c.item(QString::fromLatin1(sku));
            QVERIFY2(s->storage->readGBps.isEstimate(), sku);
            QVERIFY2(s->storage->usableTb.isEstimate(), sku);
        }
        // No public list price for a DGX: it must be an estimate.
        QVERIFY(c.item(QStringLiteral("dgx-h100"))->price.kind == PriceKind::Estimate);
        // Sourced figures stay sourced.
        QCOMPARE(c.item(QStringLiteral("dgx-h100"))->powerMaxW.value, 10200.0);
        QVERIFY(!c.item(QStringLiteral("dgx-h100"))->powerMaxW.isEstimate());
        QCOMPARE(c.item(QStringLiteral("qm9700"))->powerMaxW.value, 1720.0);
    }

    void dgxH100PortsFollowTheReferenceArchitecture()
    {
        const CatalogItem* dgx = test::shippedCatalog().item(QStringLiteral("dgx-h100"));
        QCOMPARE(dgx->gpuCount(), 8);
        QCOMPARE(dgx->gpu->memoryGb * dgx->gpu->count, 640.0);
        QCOMPARE(dgx->portCountWithRole(PortRole::Compute), 8);
        QCOMPARE(dgx->portCountWithRole(PortRole::OutOfBand), 1);
        QCOMPARE(dgx->portGroups.front().portsPerCage, 2);
        QCOMPARE(dgx->portGroups.front().maxSpeedGbps(), 400);
        QCOMPARE(test::shippedCatalog().item(QStringLiteral("qm9700"))->switchSpec->radix, 64);
    }

    // Switching capacity as NVIDIA quotes it (hardware-specs.md section 3, [S21] QM97xx user
    // manual): QM9700 and QM9790 51.2 Tb/s (64 x 400 Gb/s, both directions), not 25.6 (issue 12,
    // section 8). The report and `catalog show` print this figure with its source.
    void switchingCapacityAsQuoted_data()
    {
        QTest::addColumn<QString>("sku");
        QTest::addColumn<double>("tbps");
        QTest::newRow("qm9700") << "qm9700" << 51.2;
        QTest::newRow("qm9790") << "qm9790" << 51.2;
        QTest::newRow("qm8700 (hardware-specs.md: 40 x 200 x 2)") << "qm8700" << 16.0;
        QTest::newRow("sn4600c (hardware-specs.md: 64 x 100 x 2)") << "sn4600c" << 12.8;
        QTest::newRow("sn5600 (as NVIDIA quotes Spectrum-4)") << "sn5600" << 51.2;
    }
    void switchingCapacityAsQuoted()
    {
        QFETCH(QString, sku);
        QFETCH(double, tbps);
        const CatalogItem* sw = test::shippedCatalog().item(sku);
        QVERIFY(sw && sw->switchSpec);
        QCOMPARE(sw->switchSpec->capacityTbps, tbps);
        QVERIFY(!sw->switchSpec->source.isEmpty());
        QVERIFY2(sw->switchSpec->source.contains(QString::number(tbps)), qPrintable(sw->switchSpec->source));
    }

    void malformedEntriesAreReportedWithFileAndEntry()
    {
        QTemporaryDir dir;
        QByteArray bad = validItem("good-switch");
        QByteArray noSource = validItem("no-source");
        noSource.replace(R"("source":"doc B")", R"("source":"")");
        QByteArray wrongType = validItem("wrong-type");
        wrongType.replace(R"("count":32)", R"("count":"many")");
        writeCatalogFile(dir, QStringLiteral("a.json"),
            "{\"schema\":1,\"items\":[" + bad + "," + noSource + "," + wrongType + ",{\"kind\":\"switch\"}]}");
        writeCatalogFile(dir, QStringLiteral("b.json"), "{\"schema\":1,\"items\":[");
        Catalog c;
        const auto issues = c.loadDirectory(dir.path());
        QCOMPARE(c.size(), size_t(1));
        QVERIFY(c.item(QStringLiteral("good-switch")));
        QCOMPARE(issues.size(), size_t(4));
        QCOMPARE(issues[0].file, QStringLiteral("a.json"));
        QCOMPARE(issues[0].index, 1);
        QCOMPARE(issues[0].sku, QStringLiteral("no-source"));
        QVERIFY2(issues[0].message.contains(QLatin1String("source")), qPrintable(issues[0].message));
        QCOMPARE(issues[1].index, 2);
        QVERIFY(issues[1].message.contains(QLatin1String("count")));
        QCOMPARE(issues[2].index, 3);
        QVERIFY(issues[2].message.contains(QLatin1String("sku")));
        QVERIFY(issues[3].file.endsWith(QLatin1String("b.json")));
        QVERIFY(issues[3].message.contains(QLatin1String("JSON")));
    }

    // Rack power as the RA states it (issue 26/28): one typed power-mode block on the rack-scale
    // systems, checked when loaded. GB200: max_p 139 kW, derived from RA-11338's 1.2 MW per SU row
    // ((1,200 - 86.9 kW of the row's other equipment) / 8 = 139.1); GB300: 142 kW, the NVL72 AI
    // Factory RA's "up to 142 kW"; both provisioned 8 shelves x 33 kW = 264 kW. The rack draws max_p.
    void rackPowerModesAreTypedAndChecked()
    {
        const Catalog& c = test::shippedCatalog();
        const CatalogItem* gb200 = c.item(QStringLiteral("dgx-gb200-nvl72"));
        const CatalogItem* gb300 = c.item(QStringLiteral("dgx-gb300-nvl72"));
        QVERIFY(gb200 && gb200->powerModes && gb300 && gb300->powerModes);
        QCOMPARE(gb200->powerModes->maxPKw.value, 139.0);
        QCOMPARE(gb200->powerModes->provisionedKw->value, 264.0);
        QCOMPARE(gb200->maxPower().value(), 139000.0);
        QVERIFY(gb200->powerModes->maxPKw.source.contains(QStringLiteral("1.2 Megawatts")));
        QCOMPARE(gb300->powerModes->maxPKw.value, 142.0);
        QCOMPARE(gb300->maxPower().value(), 142000.0);
        QVERIFY(!c.item(QStringLiteral("dgx-h100"))->powerModes);

        auto refusal = [&](const std::function<void(QJsonObject&)>& change) {
            QJsonObject o = gb300->snapshotJson();
            change(o);
            const auto r = CatalogItemParser::parse(o);
            return std::holds_alternative<QString>(r) ? std::get<QString>(r) : QString();
        };
        auto modes = [](QJsonObject& o, const char* key, double kw) {
            QJsonObject m = o.value(QLatin1String("power_modes")).toObject();
            m[QLatin1String(key)] = QJsonObject{{"value", kw}, {"source", "test"}};
            o[QLatin1String("power_modes")] = m;
        };
        QVERIFY(refusal([](QJsonObject&) {}).isEmpty());
        QVERIFY(refusal([&](QJsonObject& o) { modes(o, "max_q", 150); }).contains(QStringLiteral("out of order")));
        QVERIFY(
            refusal([&](QJsonObject& o) { modes(o, "provisioned", 100); }).contains(QStringLiteral("out of order")));
        QVERIFY(refusal([&](QJsonObject& o) { modes(o, "max_q", 120); }).isEmpty());
        QVERIFY(refusal([](QJsonObject& o) {
            o["power_max_w"] = QJsonObject{{"value", 142000}, {"source", "test"}};
        }).contains(QStringLiteral("not both")));
        QVERIFY(refusal([](QJsonObject& o) {
            o.remove(QStringLiteral("power_modes"));
        }).contains(QStringLiteral("power_max_w")));
    }

    // Issue 26/28: the fabric RA-11338 puts the GB200's storage on (its "Storage and In-band
    // Ethernet Fabric") is a typed block of the server entry, with its source; a technology other
    // than Ethernet or InfiniBand, or the block on a switch, is refused when loaded.
    void storageFabricIsTypedAndChecked()
    {
        const Catalog& c = test::shippedCatalog();
        const CatalogItem* gb200 = c.item(QStringLiteral("dgx-gb200-nvl72"));
        QVERIFY(gb200 && gb200->storageFabric);
        QCOMPARE(gb200->storageFabric->technology, QStringLiteral("ethernet"));
        QVERIFY(gb200->storageFabric->convergedWithInBand);
        QVERIFY(gb200->storageFabric->source.contains(QStringLiteral("Storage and In-band Ethernet Fabric")));
        QVERIFY(!c.item(QStringLiteral("dgx-h100"))->storageFabric); // H100: storage on the compute switch

        auto refusal = [](QJsonObject o) {
            const auto r = CatalogItemParser::parse(o);
            return std::holds_alternative<QString>(r) ? std::get<QString>(r) : QString();
        };
        QJsonObject wrong = gb200->snapshotJson();
        wrong[QLatin1String("storage_fabric")] = QJsonObject{{"technology", "fibre-channel"}, {"source", "test"}};
        QVERIFY(refusal(wrong).contains(QStringLiteral("storage_fabric technology")));
        QJsonObject onSwitch = c.item(QStringLiteral("sn5600"))->snapshotJson();
        onSwitch[QLatin1String("storage_fabric")] = QJsonObject{{"technology", "ethernet"}, {"source", "test"}};
        QVERIFY(refusal(onSwitch).contains(QStringLiteral("server only")));
    }

    // hardware-specs.md section 10: every estimate is a band with its sources. The DGX H100 band is
    // the reference's (US$199k / 270k / 320k), never below its eight H100s (US$25k / 27.5k / 30k
    // each) nor far below the HGX H100 OEM server (Dell XE9680).
    void estimatesCarryTheReferenceBands()
    {
        const Catalog& c = test::shippedCatalog();
        QStringList missing;
        for (const CatalogItem* i : c.items())
            if (i->price.kind == PriceKind::Estimate
                && (!i->price.hasBand()
                    || (!i->price.bandSource.contains(QLatin1String("estimate"))
                        && !i->price.bandSource.contains(QLatin1String("section 10")))))
                missing << i->sku;
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QLatin1Char(' '))));

        const CatalogItem* dgx = c.item(QStringLiteral("dgx-h100"));
        QCOMPARE(dgx->price.band(), (Band{199000, 270000, 320000}));
        QVERIFY(dgx->price.bandSource.contains(QLatin1String("section 10")));
        QCOMPARE(*dgx->gpu->unitPrice, (Band{25000, 27500, 30000}));
        QVERIFY(dgx->price.value >= 8 * dgx->gpu->unitPrice->mid);
        QVERIFY(dgx->price.high.value() >= 8 * dgx->gpu->unitPrice->high);
        const CatalogItem* hgx = c.item(QStringLiteral("dell-xe9680"));
        QVERIFY2(dgx->price.value >= 0.85 * hgx->price.value,
            qPrintable(QStringLiteral("DGX H100 %1 vs HGX H100 OEM %2").arg(dgx->price.value).arg(hgx->price.value)));
        QCOMPARE(c.item(QStringLiteral("qm9700"))->price.band(), (Band{36000, 43000, 50000}));
        // Every system with a GPU price passes the rule the loader enforces.
        for (const CatalogItem* i : c.items(ItemKind::Server))
            QVERIFY2(i->priceBelowGpus().isEmpty(), qPrintable(i->sku));
    }

    // A system priced below the sum of its GPUs is refused at load, with a message that says so; an
    // estimate without a band is refused in the shipped catalog but a user's own item may be a point.
    void systemPricedBelowItsGpusIsRefused()
    {
        QTemporaryDir dir;
        QByteArray noBand = validItem("no-band");
        noBand.replace(R"("low":800,"high":1250,)", "");
        writeCatalogFile(dir, QStringLiteral("a.json"),
            R"({"schema":1,"items":[)" + dgxPricedAt("cheap-dgx", 199000) + "," + dgxPricedAt("fair-dgx", 270000) + ","
                + noBand + "]}");
        Catalog c;
        const auto issues = c.loadDirectory(dir.path());
        QCOMPARE(issues.size(), size_t(2));
        QCOMPARE(issues[0].sku, QStringLiteral("cheap-dgx"));
        QVERIFY2(issues[0].message.contains(QLatin1String("below its 8 GPUs")), qPrintable(issues[0].message));
        QVERIFY(!c.item(QStringLiteral("cheap-dgx")));
        QVERIFY(c.item(QStringLiteral("fair-dgx")));
        QCOMPARE(issues[1].sku, QStringLiteral("no-band"));
        QVERIFY2(issues[1].message.contains(QLatin1String("band")), qPrintable(issues[1].message));

        Catalog user;
        const QString userFile
            = writeCatalogFile(dir, QStringLiteral("b.json"), R"({"schema":1,"items":[)" + noBand + "]}");
        QVERIFY(user.loadUserFile(userFile).empty());
        QVERIFY(user.item(QStringLiteral("no-band"))->price.band().isPoint());
    }

    void userCatalogAddsItemsAndOverridesPrices()
    {
        QTemporaryDir dir;
        Catalog c;
        QVERIFY(c.loadDirectory(Catalog::defaultDirectory()).empty());
        const QString qm9700Model = c.item(QStringLiteral("qm9700"))->model;
        const QString user = writeCatalogFile(dir, QStringLiteral("mine.json"),
            "{\"schema\":1,\"items\":[" + validItem("my-switch")
                + R"(,{"sku":"dgx-h100","price":{"value":289000,"currency":"USD","source":"Acme quote 2026-11"}})"
                + R"(,{"sku":"qm9700","model":"hacked","price":{"value":1,"currency":"USD"}}]})");
        const auto issues = c.loadUserFile(user);
        QCOMPARE(issues.size(), size_t(1)); // changing more than the price is refused
        QCOMPARE(issues[0].sku, QStringLiteral("qm9700"));
        QVERIFY(c.item(QStringLiteral("my-switch")));
        const CatalogItem* dgx = c.item(QStringLiteral("dgx-h100"));
        QCOMPARE(dgx->price.value, 289000.0);
        QVERIFY(dgx->price.kind == PriceKind::PriceBook);
        QCOMPARE(dgx->price.source, QStringLiteral("Acme quote 2026-11"));
        QCOMPARE(dgx->powerMaxW.value, 10200.0); // the rest is unchanged
        QCOMPARE(c.item(QStringLiteral("qm9700"))->model, qm9700Model);

        // The SQLite catalog database holds the override too.
        QSqlQuery q(c.database());
        QVERIFY(q.exec(QStringLiteral("SELECT price, price_kind FROM items WHERE sku = 'dgx-h100'")));
        QVERIFY(q.next());
        QCOMPARE(q.value(0).toDouble(), 289000.0);
        QCOMPARE(q.value(1).toString(), QStringLiteral("price-book"));
    }

    void databaseListsAndSearches()
    {
        const Catalog& c = test::shippedCatalog();
        const auto switches = c.items(ItemKind::Switch);
        QVERIFY(switches.size() >= 7);
        for (const CatalogItem* s : switches)
            QVERIFY(s->kind == ItemKind::Switch);
        const auto found = c.search(QStringLiteral("quantum-2"));
        QVERIFY(std::any_of(
            found.begin(), found.end(), [](const CatalogItem* i) { return i->sku == QLatin1String("qm9700"); }));
        QVERIFY(c.search(QStringLiteral("no-such-thing-xyz")).empty());
        QSqlQuery q(c.database());
        QVERIFY(q.exec(QStringLiteral("SELECT COUNT(*) FROM figures WHERE estimate = 1")));
        QVERIFY(q.next());
        QVERIFY(q.value(0).toInt() > 0);
    }
};

QTEST_GUILESS_MAIN(TestCatalog)
#include "tst_catalog.moc"
