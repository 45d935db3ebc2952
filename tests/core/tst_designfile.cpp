#include "helpers/testcatalog.h"

#include "generate/fabricgenerator.h"
#include "io/designfile.h"
#include "io/designjson.h"
#include "util/errors.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

using namespace pw;

namespace {

void execSql(const QString& path, const QStringList& statements)
{
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("tamper"));
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        for (const QString& s : statements)
            QVERIFY2(q.exec(s), qPrintable(s));
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("tamper"));
}

template <typename E>
QString expectThrow(const QString& path)
{
    try {
        (void)DesignFile::load(path);
    } catch (const E& e) {
        return e.message();
    } catch (const Error& e) {
        return QStringLiteral("WRONG TYPE: ") + e.message();
    }
    return QStringLiteral("NO ERROR");
}

// Every row of a table, each value with its SQLite type (a number stays a number), in row order:
// two files that give the same rows hold the same design, whatever their page size.
QStringList tableRows(const QString& path, const QString& table)
{
    QStringList rows;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("rows"));
        db.setDatabaseName(path);
        if (!db.open())
            return {QStringLiteral("cannot open ") + path};
        QSqlQuery q(db);
        q.exec(QStringLiteral("SELECT * FROM %1 ORDER BY rowid").arg(table));
        while (q.next()) {
            QStringList values;
            for (int i = 0; i < q.record().count(); ++i) {
                const QVariant v = q.value(i);
                values << QStringLiteral("%1:%2").arg(QLatin1String(v.typeName()),
                    v.typeId() == QMetaType::Double ? QString::number(v.toDouble(), 'g', 17) : v.toString());
            }
            rows << values.join(QLatin1Char('|'));
        }
    }
    QSqlDatabase::removeDatabase(QStringLiteral("rows"));
    return rows;
}

Design generated(const char* server, int nodes, TopologyKind topology)
{
    GeneratorOptions o;
    o.serverSku = QLatin1String(server);
    o.nodes = nodes;
    o.switchSku = QStringLiteral("qm9700");
    o.topology = topology;
    GenerateResult r = FabricGenerator::generate(o, test::shippedCatalog());
    if (!r.ok())
        qFatal("generate failed: %s", qPrintable(r.error));
    return std::move(*r.design);
}

Design sampleDesign()
{
    return DesignJson::readFile(QString::fromLocal8Bit(qgetenv("PODWRIGHT_SOURCE_DIR"))
            + QStringLiteral("/resources/samples/minimum-viable-cluster.json"),
        &test::shippedCatalog());
}

} // namespace

class TestDesignFile : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void saveAndLoadAreEqual()
    {
        QTemporaryDir dir;
        Design d = test::smallDesign();
        QJsonObject props{
            {QStringLiteral("intent"), QJsonObject{{QStringLiteral("type"), QStringLiteral("training")}}}};
        d.setProperties(props);
        Node n = *d.node(NodeId(1));
        n.priceOverride = 123456.5;
        n.rackUnit = 7;
        d.replaceNode(n);
        const QString path = dir.filePath(QStringLiteral("d.podwright"));
        DesignFile::save(d, path);
        QVERIFY(DesignFile::isDesignFile(path));
        const Design back = DesignFile::load(path);
        QVERIFY(back == d);
        QCOMPARE(back.node(NodeId(1))->priceOverride.value(), 123456.5);
        QCOMPARE(back.properties(), props);
        // No temporary files are left behind.
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);
    }

    void sampleRoundTripsThroughFileAndJson()
    {
        QTemporaryDir dir;
        const Design d = sampleDesign();
        QCOMPARE(d.nodes().size(), size_t(11));
        QCOMPARE(d.links().size(), size_t(43));
        QVERIFY(!d.checkInvariants());
        DesignFile::save(d, dir.filePath(QStringLiteral("s.podwright")));
        const Design back = DesignFile::load(dir.filePath(QStringLiteral("s.podwright")));
        QVERIFY(back == d);
        // JSON is lossless: export, import, equal; and a second export is byte-identical.
        const QByteArray json = DesignJson::toBytes(back);
        const Design again = DesignJson::fromBytes(json);
        QVERIFY(again == d);
        QCOMPARE(DesignJson::toBytes(again), json);
    }

    // Issue 29: nodes and links are written 64 rows to a statement (io/bulkinsert.h). Designs whose
    // rows end on and off that boundary come back equal (every node, link, group, item and
    // property), and a second save gives the same rows in every table. The 1,024-GPU SuperPOD has
    // 306 nodes (4 statements of 64 and one of 50) and 2,718 links (42 of 64 and one of 30); the
    // sample 11 nodes and 43 links, under one statement; the NVL72 designs are rack-scale systems
    // on a leaf-spine fabric.
    void designsRoundTripRowForRow_data()
    {
        QTest::addColumn<QString>("server"); // empty: the sample
        QTest::addColumn<int>("nodes");
        QTest::newRow("sample") << QString() << 0;
        QTest::newRow("superpod 1024 GPUs") << QStringLiteral("dgx-h100") << 128;
        QTest::newRow("gb200 nvl72 x8") << QStringLiteral("dgx-gb200-nvl72") << 8;
        QTest::newRow("gb300 nvl72 x8") << QStringLiteral("dgx-gb300-nvl72") << 8;
    }
    void designsRoundTripRowForRow()
    {
        QFETCH(QString, server);
        QFETCH(int, nodes);
        const Design design = server.isEmpty()
            ? sampleDesign()
            : generated(qPrintable(server), nodes,
                server.contains(QLatin1String("nvl72")) ? TopologyKind::LeafSpine : TopologyKind::RailOptimized);
        QVERIFY(design.links().size() > 40);
        QTemporaryDir dir;
        const QString first = dir.filePath(QStringLiteral("first.podwright"));
        const QString second = dir.filePath(QStringLiteral("second.podwright"));
        DesignFile::save(design, first);
        const Design back = DesignFile::load(first);
        QVERIFY(back == design);
        QCOMPARE(back.properties(), design.properties());
        DesignFile::save(back, second);
        for (const char* table : {"meta", "catalog_items", "groups", "nodes", "links", "floor_rows", "floor_racks"}) {
            const QStringList rows = tableRows(first, QLatin1String(table));
            QCOMPARE(tableRows(second, QLatin1String(table)), rows);
            if (QLatin1String(table) == QLatin1String("nodes"))
                QCOMPARE(rows.size(), qsizetype(design.nodes().size()));
            if (QLatin1String(table) == QLatin1String("links"))
                QCOMPARE(rows.size(), qsizetype(design.links().size()));
        }
    }

    // A design of 100,000 links or more (about 25,000 GPUs) is written in 64 KiB pages, a
    // sixteenth of the page writes of 4 KiB pages (issue 29); a small one keeps 4 KiB pages, so
    // that its file stays small (every table and index takes at least one page: the sample, 11
    // nodes, is 86 KB in 4 KiB pages; its schema page, 7 tables and 2 indexes, a page each at
    // least, would take 10 x 64 KiB = 640 KiB in 64 KiB pages). The large one: 1,563 pairs of
    // QM9700 joined port to port, 64 links a pair, 100,032 links; it loads back equal.
    void largeDesignsAreWrittenInLargePages()
    {
        const CatalogItem* qm9700 = test::shippedCatalog().item(QStringLiteral("qm9700"));
        QVERIFY(qm9700);
        Design large;
        large.recordItem(*qm9700);
        const int pairs = 1563;
        const int ports = qm9700->portCountWithRole(PortRole::Fabric); // its 65th is the management port
        QCOMPARE(ports, 64);
        large.reserve(size_t(2 * pairs), size_t(pairs * ports));
        quint32 linkId = 0;
        for (int p = 0; p < pairs; ++p) {
            for (int side = 0; side < 2; ++side) {
                Node n;
                n.id = NodeId(quint32(2 * p + side + 1));
                n.sku = qm9700->sku;
                n.name = QStringLiteral("sw-%1").arg(2 * p + side + 1);
                n.network = Network::Compute;
                large.insertNode(n);
            }
            for (int port = 0; port < ports; ++port)
                large.insertLink(Link{LinkId(++linkId), PortRef{NodeId(quint32(2 * p + 1)), port},
                    PortRef{NodeId(quint32(2 * p + 2)), port}, QString(), QString(), 2.0});
        }
        QCOMPARE(large.links().size(), size_t(100'032));
        QTemporaryDir dir;
        const auto pageSize = [](const QString& path) {
            QFile f(path);
            if (!f.open(QIODevice::ReadOnly))
                return -1;
            const QByteArray header = f.read(18);
            const int raw = (quint8(header.at(16)) << 8) | quint8(header.at(17));
            return raw == 1 ? 65536 : raw; // SQLite's header: 1 means 65536
        };
        const QString largePath = dir.filePath(QStringLiteral("large.podwright"));
        DesignFile::save(large, largePath);
        QCOMPARE(pageSize(largePath), 65536);
        QVERIFY(DesignFile::load(largePath) == large);

        const QString smallPath = dir.filePath(QStringLiteral("small.podwright"));
        DesignFile::save(sampleDesign(), smallPath);
        QCOMPARE(pageSize(smallPath), 4096);
        QVERIFY2(QFileInfo(smallPath).size() < 200'000, qPrintable(QString::number(QFileInfo(smallPath).size())));
    }

    void saveIsAtomicOverAnExistingFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("d.podwright"));
        Design first = test::smallDesign();
        DesignFile::save(first, path);
        Design second = sampleDesign();
        DesignFile::save(second, path);
        QVERIFY(DesignFile::load(path) == second);
        // A failing save (folder vanished) throws and leaves the old file intact.
        QVERIFY_THROWS_EXCEPTION(IoError, DesignFile::save(first, dir.filePath(QStringLiteral("missing/x.podwright"))));
        QVERIFY(DesignFile::load(path) == second);
    }

    void newerFormatIsRefusedClearly()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("new.podwright"));
        DesignFile::save(test::smallDesign(), path);
        execSql(path, {QStringLiteral("PRAGMA user_version = 7")});
        const QString msg = expectThrow<NewerFormatError>(path);
        QVERIFY2(msg.contains(QLatin1String("format 7")) && msg.contains(QLatin1String("newer")), qPrintable(msg));
        QVERIFY2(msg.contains(QLatin1String("Update Podwright")), qPrintable(msg));
    }

    void foreignAndBrokenFilesAreRefused_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("expected");
        QTest::newRow("empty") << QByteArray() << QStringLiteral("empty");
        QTest::newRow("text") << QByteArray("hello, I am not a design\n") << QStringLiteral("not an SQLite");
        // Cut inside the 100-byte header: truncated, not another application's (issue 31 §6).
        QTest::newRow("sqlite header only")
            << QByteArray("SQLite format 3\0", 16) << QStringLiteral("is truncated or damaged: it has 16 bytes");
    }
    void foreignAndBrokenFilesAreRefused()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("x.podwright"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(content);
        f.close();
        const QString msg = expectThrow<FormatError>(path);
        QVERIFY2(msg.contains(expected), qPrintable(msg));
    }

    void sqliteOfAnotherApplicationIsRefused()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("other.db"));
        execSql(path, {QStringLiteral("CREATE TABLE t (x)"), QStringLiteral("INSERT INTO t VALUES (1)")});
        const QString msg = expectThrow<FormatError>(path);
        QVERIFY2(msg.contains(QLatin1String("another application")), qPrintable(msg));
    }

    void truncatedFilesNeverCrash()
    {
        QTemporaryDir dir;
        const QString good = dir.filePath(QStringLiteral("good.podwright"));
        DesignFile::save(sampleDesign(), good);
        QFile f(good);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        int refused = 0;
        for (qsizetype cut :
            {qsizetype(50), qsizetype(100), qsizetype(1024), qsizetype(4096), bytes.size() / 2, bytes.size() - 1}) {
            const QString path = dir.filePath(QStringLiteral("cut-%1.podwright").arg(cut));
            QFile out(path);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(bytes.left(cut));
            out.close();
            try {
                const Design d = DesignFile::load(path);
                QVERIFY(!d.checkInvariants()); // whatever loads is consistent
            } catch (const Error& e) {
                QVERIFY(!e.message().isEmpty());
                ++refused;
            }
        }
        QVERIFY(refused >= 4);
    }

    void tamperedContentIsRefused_data()
    {
        QTest::addColumn<QString>("sql");
        QTest::addColumn<QString>("expected");
        QTest::newRow("dangling link node")
            << QStringLiteral("UPDATE links SET a_node = 999 WHERE id = 1") << QStringLiteral("does not exist");
        QTest::newRow("port out of range")
            << QStringLiteral("UPDATE links SET a_port = 500 WHERE id = 1") << QStringLiteral("port");
        QTest::newRow("port used twice") << QStringLiteral(
            "UPDATE links SET a_node = (SELECT a_node FROM links WHERE id = 2), a_port = (SELECT a_port FROM links "
            "WHERE id = 2) WHERE id = 1") << QStringLiteral("already carries");
        QTest::newRow("unknown sku") << QStringLiteral("UPDATE nodes SET sku = 'nope' WHERE id = 1")
                                     << QStringLiteral("not in the design's catalog");
        QTest::newRow("text in number column")
            << QStringLiteral("UPDATE nodes SET x = 'left' WHERE id = 1") << QStringLiteral("number column");
        QTest::newRow("huge id") << QStringLiteral("UPDATE nodes SET id = 3000000000 WHERE id = 11")
                                 << QStringLiteral("out of range");
        QTest::newRow("dangling rack") << QStringLiteral("UPDATE nodes SET rack = 77 WHERE id = 1")
                                       << QStringLiteral("rack");
        QTest::newRow("missing table") << QStringLiteral("DROP TABLE links") << QStringLiteral("damaged");
        QTest::newRow("bad catalog json")
            << QStringLiteral("UPDATE catalog_items SET json = '{\"sku\": 5}'") << QStringLiteral("catalog");
        QTest::newRow("bad properties") << QStringLiteral("UPDATE meta SET value = '[1,2' WHERE key = 'properties'")
                                        << QStringLiteral("properties");
        QTest::newRow("nan position") << QStringLiteral("UPDATE nodes SET x = 1e400 WHERE id = 1")
                                      << QStringLiteral("position");
        // The links' skus are measured as each row is read (issue 29: no scan of every link first).
        QTest::newRow("link sku too long")
            << QStringLiteral("UPDATE links SET cable = '%1' WHERE id = 3").arg(QString(65, QLatin1Char('m')))
            << QStringLiteral("table links holds a name or text longer");
        QTest::newRow("number as link sku") << QStringLiteral("UPDATE links SET transceiver = 5 WHERE id = 2")
                                            << QStringLiteral("not in the design's catalog");
        QTest::newRow("blob in a number column") << QStringLiteral("UPDATE links SET length_m = X'00' WHERE id = 1")
                                                 << QStringLiteral("a number column of links holds a blob");
        QTest::newRow("text in an id column") << QStringLiteral("UPDATE links SET a_node = 'one' WHERE id = 1")
                                              << QStringLiteral("a number column of links holds one");
    }
    void tamperedContentIsRefused()
    {
        QFETCH(QString, sql);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("t.podwright"));
        DesignFile::save(sampleDesign(), path);
        execSql(path, {sql});
        const QString msg = expectThrow<FormatError>(path);
        QVERIFY2(msg.contains(expected), qPrintable(msg));
    }

    // Issue 29: a link's skus are read into one string per sku that every link shares, not a copy
    // per link (3.77 million links at 1,000,000 GPUs, two skus each). The sample has 43 links of
    // a few cables: two links with the same cable share its text.
    void linksShareOneStringPerSku()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.podwright"));
        DesignFile::save(sampleDesign(), path);
        const Design back = DesignFile::load(path);
        std::vector<const Link*> cabled;
        back.links().forEach([&](const Link& l) {
            if (!l.cableSku.isEmpty())
                cabled.push_back(&l);
        });
        int pairs = 0;
        for (size_t i = 0; i < cabled.size(); ++i)
            for (size_t j = i + 1; j < cabled.size(); ++j)
                if (cabled[i]->cableSku == cabled[j]->cableSku) {
                    ++pairs;
                    QVERIFY(cabled[i]->cableSku.isSharedWith(cabled[j]->cableSku));
                }
        QVERIFY(pairs > 0);
    }

    // tests/data/hostile/*.podwright (written by make-podwright-corpus.py): views, triggers,
    // altered tables, cyclic groups, wrong kinds, huge strings, port amplification. A refusal names
    // the file and the reason, in bounded time; an accepted file saves and reopens unchanged.
    void hostileCorpus_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("expected");
        const QDir dir(QString::fromLocal8Bit(qgetenv("PODWRIGHT_TEST_DATA")) + QStringLiteral("/hostile"));
        const QStringList files = dir.entryList({QStringLiteral("*.podwright")}, QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 15);
        for (const QString& f : files) {
            QFile e(dir.filePath(QFileInfo(f).completeBaseName() + QStringLiteral(".expect")));
            QVERIFY2(e.open(QIODevice::ReadOnly), qPrintable(f));
            QTest::newRow(qPrintable(f)) << dir.filePath(f) << QString::fromUtf8(e.readAll()).trimmed();
        }
    }
    void hostileCorpus()
    {
        QFETCH(QString, path);
        QFETCH(QString, expected);
        QElapsedTimer timer;
        timer.start();
        if (expected == QLatin1String("accepted")) {
            const Design d = DesignFile::load(path);
            QVERIFY(!d.checkInvariants());
            QTemporaryDir dir;
            const QString copy = dir.filePath(QStringLiteral("copy.podwright"));
            DesignFile::save(d, copy);
            QVERIFY(DesignFile::load(copy) == d);
        } else {
            try {
                (void)DesignFile::load(path);
                QFAIL("a hostile file was accepted");
            } catch (const Error& e) {
                QVERIFY2(e.message().contains(expected), qPrintable(e.message().left(300)));
                QVERIFY2(e.message().contains(path), qPrintable(e.message().left(300)));
            }
        }
        QVERIFY2(timer.elapsed() < 5000, "bounded time, no view or allocation may run long");
    }

    void aDesignWithoutANameSaves()
    {
        // A JSON design with no name (or nodes and groups with none) loads, so it must save too:
        // the NOT NULL columns once refused it and the work could not be kept.
        QJsonObject json = DesignJson::toJson(sampleDesign());
        json.remove(QStringLiteral("name"));
        QJsonArray nodes = json.value(QLatin1String("nodes")).toArray();
        QJsonObject first = nodes.at(0).toObject();
        first.remove(QStringLiteral("name"));
        nodes[0] = first;
        json.insert(QStringLiteral("nodes"), nodes);
        const Design d = DesignJson::fromJson(json, &test::shippedCatalog());
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("unnamed.podwright"));
        DesignFile::save(d, path);
        const Design back = DesignFile::load(path);
        QVERIFY(back.name().isEmpty());
        QCOMPARE(back.nodes().size(), d.nodes().size());
    }

    void twoPodsThatAreEachOthersParentAreRefused()
    {
        // Opening such a file once hung the studio (CanvasScene::updateVisibility walked the cycle).
        Design d = sampleDesign();
        d.insertGroup(Group{GroupId(2), GroupKind::Pod, QStringLiteral("A"), GroupId(3), {}, 0, false});
        d.insertGroup(Group{GroupId(3), GroupKind::Pod, QStringLiteral("B"), GroupId(2), {}, 0, false});
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("cycle.podwright"));
        DesignFile::save(d, path);
        const QString msg = expectThrow<FormatError>(path);
        QVERIFY2(msg.contains(path) && msg.contains(QLatin1String("acyclic")), qPrintable(msg));
        // The same in JSON.
        QVERIFY_THROWS_EXCEPTION(FormatError, (void)DesignJson::fromBytes(DesignJson::toBytes(d)));
    }

    // SQLite itself is bounded while it reads an untrusted file (io/sqliteguard.h): a load that
    // runs past its time budget is interrupted and refused with the path and the reason, and what
    // the interrupted statements returned is never kept as a design.
    void aLoadPastItsTimeBudgetIsInterruptedAndRefused()
    {
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-h100");
        o.switchSku = QStringLiteral("qm9700");
        o.gpus = 4096;
        GenerateResult g = FabricGenerator::generate(o, test::shippedCatalog());
        QVERIFY2(g.ok(), qPrintable(g.error));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("big.podwright"));
        DesignFile::save(*g.design, path);

        const auto restore = qScopeGuard([] { DesignFile::setLoadBudget(DesignFile::kDefaultLoadBudget); });
        DesignFile::setLoadBudget(std::chrono::milliseconds(1)); // thousands of rows take far longer
        const QString msg = expectThrow<FormatError>(path);
        QVERIFY2(msg.startsWith(path) && msg.contains(QLatin1String("took longer than 0.001 s")), qPrintable(msg));

        DesignFile::setLoadBudget(DesignFile::kDefaultLoadBudget);
        QCOMPARE(DesignFile::load(path), *g.design); // the same file within the budget
    }

    void saveKeepsModeAndSymlink()
    {
        QTemporaryDir dir;
        const QString real = dir.filePath(QStringLiteral("real.podwright"));
        const QString link = dir.filePath(QStringLiteral("link.podwright"));
        DesignFile::save(sampleDesign(), real);
        QVERIFY(::chmod(QFile::encodeName(real).constData(), 0600) == 0);
        QVERIFY(QFile::link(real, link));
        DesignFile::save(test::smallDesign(), link);
        QVERIFY(QFileInfo(link).isSymLink());
        QCOMPARE(DesignFile::load(real).nodes().size(), test::smallDesign().nodes().size());
        struct stat st {};
        QVERIFY(::stat(QFile::encodeName(real).constData(), &st) == 0);
        QCOMPARE(st.st_mode & 07777, mode_t(0600)); // a save never widens who may read the design
    }
};

QTEST_GUILESS_MAIN(TestDesignFile)
#include "tst_designfile.moc"
