// The floor plan in the design file (issue 17): format 2 keeps it in its own tables, so the floor
// of a hall larger than the bounded properties object (1 MiB, about 60,000 racks as JSON) survives
// save and open; a damaged floor table is refused with a message; format 1 files (the floor in the
// properties) still open.
#include "helpers/testcatalog.h"

#include "floor/floorlayout.h"
#include "io/designassembler.h"
#include "io/designfile.h"
#include "io/designjson.h"
#include "model/design.h"
#include "util/errors.h"

#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

using namespace pw;

namespace {

void execSql(const QString& path, const QString& statement)
{
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("tamper"));
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY2(q.exec(statement), qPrintable(statement));
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("tamper"));
}

QString testData(const char* file)
{
    return QString::fromLocal8Bit(qgetenv("PODWRIGHT_TEST_DATA")) + QStringLiteral("/designs/") + QLatin1String(file);
}

} // namespace

class TestFloorFile : public QObject {
    Q_OBJECT

    // 70,000 empty racks in 700 rows of 100 positions: a cheap design whose floor plan takes
    // more than the 1 MiB the properties may hold (about 15 bytes per rack as JSON).
    static constexpr int kRacks = 70'000;
    static constexpr int kPerRow = 100;

    static Design bigHall()
    {
        Design d;
        d.setName(QStringLiteral("Big hall"));
        FloorLayout floor;
        for (int r = 0; r < kRacks / kPerRow; ++r)
            floor.rows.push_back(
                FloorRow{QStringLiteral("R%1").arg(r + 1), 0, r * floor.hall.rowPitchM(), kPerRow, r % 2 == 1});
        for (int i = 0; i < kRacks; ++i) {
            Group g;
            g.id = d.allocateGroupId();
            g.kind = GroupKind::Rack;
            g.name = QStringLiteral("rack-%1").arg(i + 1);
            d.insertGroup(g);
            // Not in id order, so the test sees every place kept, not a pattern re-derived.
            floor.racks.emplace(g.id.value(), RackPlace{(i * 3) % (kRacks / kPerRow), i / (kRacks / kPerRow)});
        }
        d.setProperties(floor.storedIn({{QStringLiteral("description"), QStringLiteral("a large hall")}}));
        return d;
    }

private Q_SLOTS:
    void aHallAboveThePropertiesBoundSurvivesSaveAndOpen()
    {
        const Design d = bigHall();
        const std::optional<FloorLayout> floor = FloorLayout::of(d);
        QVERIFY(floor);
        QCOMPARE(floor->racks.size(), size_t(kRacks));
        // The old place of the floor plan could not have held it.
        QVERIFY(QJsonDocument(floor->toJson()).toJson(QJsonDocument::Compact).size()
            > DesignAssembler::kMaxPropertiesBytes);

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("hall.podwright"));
        DesignFile::save(d, path);
        const Design back = DesignFile::load(path);
        const std::optional<FloorLayout> reread = FloorLayout::of(back);
        QVERIFY(reread);
        QCOMPARE(reread->racks.size(), size_t(kRacks));
        QCOMPARE(*reread, *floor); // every rack's row and position, every row, the hall
        QCOMPARE(back.properties().value(QLatin1String("description")).toString(), QStringLiteral("a large hall"));
        QVERIFY(back == d);

        // The JSON interchange carries it beside the properties, and reads it back.
        const QJsonObject json = DesignJson::toJson(d);
        QVERIFY(json.value(QLatin1String("floor")).isObject());
        QVERIFY(!json.value(QLatin1String("properties")).toObject().contains(QLatin1String("floor")));
        const Design fromJson = DesignJson::fromBytes(DesignJson::toBytes(d));
        QCOMPARE(*FloorLayout::of(fromJson), *floor);
    }

    void theFileKeepsTheFloorInItsOwnTables()
    {
        const Design d = DesignFile::load(testData("format-1-floor-plan.podwright"));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("small.podwright"));
        DesignFile::save(d, path);
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("look"));
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("PRAGMA user_version")) && q.next());
            QCOMPARE(q.value(0).toInt(), DesignFile::kFormatVersion);
            QVERIFY(q.exec(QStringLiteral("SELECT rack, row_index, position FROM floor_racks")) && q.next());
            QCOMPARE(q.value(0).toInt(), 1);
            QCOMPARE(q.value(1).toInt(), 1);
            QCOMPARE(q.value(2).toInt(), 2);
            QVERIFY(q.exec(QStringLiteral("SELECT value FROM meta WHERE key = 'properties'")) && q.next());
            QVERIFY(!q.value(0).toString().contains(QLatin1String("floor")));
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("look"));
        QVERIFY(DesignFile::load(path) == d);
    }

    void aFormatOneFloorInThePropertiesIsMigrated()
    {
        // Frozen: format 1 kept the floor plan in the properties (rack 1 in row R2, position 3).
        const Design d = DesignFile::load(testData("format-1-floor-plan.podwright"));
        const std::optional<FloorLayout> floor = FloorLayout::of(d);
        QVERIFY(floor);
        QCOMPARE(floor->rows.size(), size_t(2));
        QCOMPARE(*floor->place(GroupId(1)), (RackPlace{1, 2}));
        QVERIFY(DesignJson::readFile(testData("format-1-floor-plan.json")) == d);
        // Frozen at format 2 (written from the format 1 file): the same design, floor and all.
        QVERIFY(DesignFile::load(testData("format-2-floor-plan.podwright")) == d);
    }

    void aDamagedFloorTableIsRefusedOnOpen_data()
    {
        QTest::addColumn<QString>("sql");
        QTest::addColumn<QString>("message");
        QTest::newRow("rack in a row that does not exist")
            << "UPDATE floor_racks SET row_index = 9 WHERE rack = 1"
            << "the floor plan is damaged: rack Rack A1 is in row 10, which does not exist";
        QTest::newRow("rack beyond its row") << "UPDATE floor_racks SET position = 4 WHERE rack = 1"
                                             << "position 5 of row R2, which has 4";
        QTest::newRow("text for a number") << "UPDATE floor_rows SET slots = 'many' WHERE id = 0"
                                           << "a number column of floor_rows holds many";
        QTest::newRow("rows not numbered from 0") << "UPDATE floor_rows SET id = 5 WHERE id = 1"
                                                  << "its rows are not numbered 0 to 1";
        QTest::newRow("a row facing up") << "UPDATE floor_rows SET faces = 'up' WHERE id = 0"
                                         << "row 1 faces 'up'";
        QTest::newRow("racks without a hall") << "DELETE FROM meta WHERE key = 'floor_hall'"
                                              << "no hall figures";
        QTest::newRow("hall not JSON") << "UPDATE meta SET value = '[1' WHERE key = 'floor_hall'"
                                       << "hall figures (meta floor_hall) are not a JSON object";
        QTest::newRow("aisle of a kilometre")
            << "UPDATE meta SET value = '{\"cold_aisle_m\": 1000}' WHERE key = 'floor_hall'"
            << "an aisle must be 0.3 to 20 m wide";
    }
    void aDamagedFloorTableIsRefusedOnOpen()
    {
        QFETCH(QString, sql);
        QFETCH(QString, message);
        const Design d = DesignFile::load(testData("format-1-floor-plan.podwright"));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("damaged.podwright"));
        DesignFile::save(d, path);
        execSql(path, sql);
        try {
            (void)DesignFile::load(path);
            QFAIL("a damaged floor table was accepted");
        } catch (const FormatError& e) {
            QVERIFY2(e.message().startsWith(path), qPrintable(e.message()));
            QVERIFY2(e.message().contains(message), qPrintable(e.message()));
        }
    }
};

QTEST_GUILESS_MAIN(TestFloorFile)
#include "tst_floorfile.moc"
