#include "helpers/testcatalog.h"

#include "catalog/catalogitemcheck.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

#include <functional>

using namespace pw;

namespace {

// A shipped entry as written, changed by `change`.
QJsonObject shippedEntry(const char* sku, const std::function<void(QJsonObject&)>& change)
{
    const CatalogItem* item = test::shippedCatalog().item(QLatin1String(sku));
    if (!item)
        qFatal("no shipped entry %s", sku);
    QJsonObject o = item->snapshotJson();
    change(o);
    return o;
}

void set(QJsonObject& o, const char* block, const char* key, const QJsonValue& value)
{
    QJsonObject b = o.value(QLatin1String(block)).toObject();
    b[QLatin1String(key)] = value;
    o[QLatin1String(block)] = b;
}

void setFirstPortGroup(QJsonObject& o, const char* key, const QJsonValue& value)
{
    QJsonArray groups = o.value(QLatin1String("port_groups")).toArray();
    QJsonObject g = groups.at(0).toObject();
    g[QLatin1String(key)] = value;
    groups[0] = g;
    o[QLatin1String("port_groups")] = groups;
}

// Writes the entries as one catalog file, broken.json, in a folder of its own, and loads the folder.
std::vector<CatalogIssue> loadBroken(const std::vector<QJsonObject>& entries, Catalog& catalog)
{
    QTemporaryDir dir;
    QJsonArray items;
    for (const QJsonObject& e : entries)
        items.append(e);
    QFile f(dir.filePath(QStringLiteral("broken.json")));
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write the test catalog");
    f.write(QJsonDocument(QJsonObject{{"schema", 1}, {"items", items}}).toJson());
    f.close();
    return catalog.loadDirectory(dir.path());
}

struct Broken {
    const char* check;
    const char* sku;
    std::function<void(QJsonObject&)> change;
    const char* expected; // in the issue's message
};

} // namespace

// Issue 28: each entry checks itself when loaded and reports what is inconsistent with the file and
// the SKU; the entry is left out. Every case takes a real shipped entry, breaks one figure and loads
// it from a catalog file in a temporary folder.
class TestCatalogCheck : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // Control: the entries the cases break load cleanly as shipped, so each issue below comes from
    // the one change of its case.
    void shippedEntriesAreConsistent()
    {
        for (const char* sku : {"dgx-h100", "connectx-7", "mma1z00-ns400", "mms4x00-ns", "dac-400g-splitter", "qm9700",
                 "sn2201", "rack-48u", "sn5600", "dgx-gb300-nvl72", "sn5610"}) {
            Catalog c;
            const auto issues = loadBroken({shippedEntry(sku, [](QJsonObject&) {})}, c);
            QVERIFY2(issues.empty(), issues.empty() ? "" : qPrintable(issues.front().toString()));
            QVERIFY(c.item(QLatin1String(sku)));
            QVERIFY(!CatalogItemCheck::problem(*c.item(QLatin1String(sku))));
        }
    }

    void eachInconsistencyIsReportedWithFileAndSku()
    {
        const std::vector<Broken> cases{
            // The DGX H100's compute ports list 400 Gb/s only; 200 before 400 is out of order.
            {"speeds fastest first", "dgx-h100",
                [](QJsonObject& o) {
                    setFirstPortGroup(o, "speeds_gbps", QJsonArray{200, 400});
                },
                "fastest first"},
            // ConnectX-7's 400G port in a QSFP56 cage: a QSFP56 cage carries 4 x 50G = 200 Gb/s.
            {"port against its connector", "connectx-7",
                [](QJsonObject& o) { setFirstPortGroup(o, "connector", "QSFP56"); },
                "exceed the 200 Gb/s a QSFP56 cage carries"},
            // QM9700: 64 ports of 400G, 2 per OSFP cage (800G each); at 1,600G per port a cage
            // would carry 3,200 Gb/s, twice an OSFP cage's 1,600.
            {"twin-port cage against its connector", "qm9700",
                [](QJsonObject& o) { setFirstPortGroup(o, "speeds_gbps", QJsonArray{1600}); },
                "exceed the 1600 Gb/s a OSFP cage carries"},
            // An 800G module in a QSFP112 cage (400 Gb/s at most).
            {"transceiver against its cage", "mma1z00-ns400",
                [](QJsonObject& o) { set(o, "transceiver", "speed_gbps", 800); }, "transceiver of 800 Gb/s exceeds"},
            // 800G over 3 links is not whole Gb/s per link.
            {"transceiver links", "mms4x00-ns", [](QJsonObject& o) { set(o, "transceiver", "links", 3); },
                "does not split evenly into 3 links"},
            {"cable split", "dac-400g-splitter", [](QJsonObject& o) { set(o, "cable", "split", 3); },
                "does not split evenly into 3 far ends"},
            // SN5610: an 800G cage runs 2 x 400G at most; 2 x 800G would be 1,600 Gb/s from an 800G cage.
            {"breakout against the cage", "sn5610",
                [](QJsonObject& o) {
                    setFirstPortGroup(o, "breakouts",
                        QJsonArray{QJsonObject{{"ports_per_cage", 2}, {"speed_gbps", 800}, {"source", "test"}}});
                },
                "a breakout of 2 x 800 Gb/s per cage exceeds the cage's 800 Gb/s"},
            // QM9700 has 64 fabric ports; a radix of 65 names a port it does not have.
            {"switch radix", "qm9700", [](QJsonObject& o) { set(o, "switch", "radix", 65); },
                "radix 65 is more than its 64 fabric ports"},
            // QM9700: 64 x 400G = 25.6 Tb/s one way, 51.2 both ways; 40 is neither.
            {"switch capacity", "qm9700", [](QJsonObject& o) { set(o, "switch", "capacity_tbps", 40); },
                "neither one way (25.6 Tb/s) nor both ways (51.2 Tb/s)"},
            // SN2201: 48 x 1G + 4 x 100G = 448 Gb/s, 0.896 Tb/s both ways as shipped; 1.2 is wrong.
            {"switch capacity, two port groups", "sn2201",
                [](QJsonObject& o) { set(o, "switch", "capacity_tbps", 1.2); }, "neither one way (0.448 Tb/s)"},
            {"rack units against the rack", "rack-48u",
                [](QJsonObject& o) {
                    o["rack_units"] = QJsonObject{{"value", 42}, {"source", "test"}};
                },
                "rack_units 42 U differs from the rack's height_u 48 U"},
            // SN5600: typical above its maximum.
            {"typical power against maximum", "sn5600",
                [](QJsonObject& o) {
                    o["power_typical_w"] = QJsonObject{{"value", 1e6}, {"source", "test"}};
                },
                "above power_max_w"},
            // GB300 NVL72: max_q above max_p (142 kW).
            {"power modes ordered", "dgx-gb300-nvl72",
                [](QJsonObject& o) {
                    set(o, "power_modes", "max_q", QJsonObject{{"value", 150}, {"source", "t"}});
                },
                "out of order: max_q 150 kW above max_p 142 kW"},
            // GB300 NVL72: 8 shelves of 33 kW = 264 kW provisioned; 7 shelves give 231 kW.
            {"power shelves against provisioned", "dgx-gb300-nvl72",
                [](QJsonObject& o) { set(o, "power_shelves", "value", 7); },
                "7 x 33 kW = 231 kW differ from power_modes provisioned 264 kW"},
            // 72 GPUs over 16 trays is 4.5 a tray.
            {"compute trays against GPUs", "dgx-gb300-nvl72",
                [](QJsonObject& o) { set(o, "compute_trays", "value", 16); },
                "72 GPUs do not divide evenly over 16 compute trays"},
            // 72 compute ports over 18 trays of 3 NICs (54) is not whole.
            {"compute trays against ports", "dgx-gb300-nvl72",
                [](QJsonObject& o) { set(o, "compute_trays", "nics_per_tray", 3); },
                "72 compute ports do not divide evenly over 18 trays of 3 NICs"},
        };
        for (const Broken& b : cases) {
            Catalog c;
            const auto issues = loadBroken({shippedEntry(b.sku, b.change)}, c);
            QVERIFY2(issues.size() == 1, b.check);
            // ... and reported with the file, the entry's index and its SKU.
            QCOMPARE(issues.front().file, QStringLiteral("broken.json"));
            QCOMPARE(issues.front().index, 0);
            QCOMPARE(issues.front().sku, QLatin1String(b.sku));
            QVERIFY2(issues.front().message.contains(QLatin1String(b.expected)),
                qPrintable(QStringLiteral("%1: %2").arg(QLatin1String(b.check), issues.front().message)));
            QVERIFY2(!c.item(QLatin1String(b.sku)), b.check); // left out
        }
    }

    // Rack units against the racks of the catalog: a 50U part stands in no 48U rack. Found once the
    // folder is read, reported with the part's file and SKU.
    void partTallerThanEveryRackIsReported()
    {
        Catalog c;
        const auto issues = loadBroken({shippedEntry("rack-48u", [](QJsonObject&) {}),
                                           shippedEntry("generic-host",
                                               [](QJsonObject& o) {
                                                   o["rack_units"] = QJsonObject{{"value", 50}, {"source", "test"}};
                                               })},
            c);
        QCOMPARE(issues.size(), size_t(1));
        QCOMPARE(issues.front().file, QStringLiteral("broken.json"));
        QCOMPARE(issues.front().sku, QStringLiteral("generic-host"));
        QVERIFY2(
            issues.front().message.contains(QLatin1String("50 U is taller than the catalog's tallest rack (48 U)")),
            qPrintable(issues.front().message));
    }

    // Every bundled catalog file passes every check (tst_catalog loads the folder the same way).
    void bundledCatalogsPass()
    {
        for (const CatalogItem* item : test::shippedCatalog().items())
            QVERIFY2(!CatalogItemCheck::problem(*item),
                qPrintable(item->sku + QStringLiteral(": ") + CatalogItemCheck::problem(*item).value_or(QString())));
        QVERIFY(CatalogItemCheck::tallerThanRacks(test::shippedCatalog().items()).empty());
    }
};

QTEST_GUILESS_MAIN(TestCatalogCheck)
#include "tst_catalogcheck.moc"
