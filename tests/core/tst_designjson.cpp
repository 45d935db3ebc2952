#include "helpers/testcatalog.h"

#include "io/designjson.h"
#include "util/errors.h"

#include <QDir>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QtTest>

using namespace pw;

class TestDesignJson : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void roundTripIsLossless()
    {
        Design d = test::smallDesign();
        d.setProperties(QJsonObject{{QStringLiteral("waivers"), QJsonArray{QStringLiteral("x")}}});
        const Design back = DesignJson::fromBytes(DesignJson::toBytes(d));
        QVERIFY(back == d);
        QTemporaryDir dir;
        DesignJson::writeFile(d, dir.filePath(QStringLiteral("d.json")));
        QVERIFY(DesignJson::readFile(dir.filePath(QStringLiteral("d.json"))) == d);
    }

    void exportCarriesTheCatalogSnapshot()
    {
        // A design exported today reopens without the catalog: its items travel with it.
        const QJsonObject json = DesignJson::toJson(test::smallDesign());
        QStringList skus;
        for (const QJsonValue& v : json.value(QLatin1String("catalog")).toArray())
            skus << v.toObject().value(QLatin1String("sku")).toString();
        QCOMPARE(skus, (QStringList{QStringLiteral("dgx-h100"), QStringLiteral("qm9700"), QStringLiteral("sn2201")}));
        const Design back = DesignJson::fromJson(json, nullptr);
        QCOMPARE(back.nodes().size(), size_t(4));
    }

    void missingItemsWithoutACatalogAreAnError()
    {
        QJsonObject json = DesignJson::toJson(test::smallDesign());
        json.remove(QStringLiteral("catalog"));
        QVERIFY_THROWS_EXCEPTION(FormatError, (void)DesignJson::fromJson(json, nullptr));
        QCOMPARE(DesignJson::fromJson(json, &test::shippedCatalog()).nodes().size(), size_t(4));
    }

    void hostileCorpusGivesClearErrors_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("expected");
        const QDir dir(QString::fromLocal8Bit(qgetenv("PODWRIGHT_TEST_DATA")) + QStringLiteral("/hostile"));
        const QStringList files = dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 20);
        for (const QString& f : files) {
            QFile e(dir.filePath(QFileInfo(f).completeBaseName() + QStringLiteral(".expect")));
            QVERIFY(e.open(QIODevice::ReadOnly));
            QTest::newRow(qPrintable(f)) << dir.filePath(f) << QString::fromUtf8(e.readAll()).trimmed();
        }
    }
    void hostileCorpusGivesClearErrors()
    {
        QFETCH(QString, path);
        QFETCH(QString, expected);
        QElapsedTimer timer;
        timer.start();
        if (expected == QLatin1String("accepted")) {
            // Odd but legal: it loads, and what loads also saves (tst_designfile, tst_hostilecorpus).
            const Design d = DesignJson::readFile(path, &test::shippedCatalog());
            QVERIFY(!d.checkInvariants());
            QVERIFY(DesignJson::fromBytes(DesignJson::toBytes(d)) == d);
            return;
        }
        try {
            (void)DesignJson::readFile(path, &test::shippedCatalog());
            QFAIL("a hostile file was accepted");
        } catch (const Error& e) {
            QVERIFY2(e.message().contains(expected), qPrintable(e.message().left(300)));
            QVERIFY(!e.message().isEmpty());
        }
        QVERIFY(timer.elapsed() < 5000); // bounded time, no hang
    }
};

QTEST_GUILESS_MAIN(TestDesignJson)
#include "tst_designjson.moc"
