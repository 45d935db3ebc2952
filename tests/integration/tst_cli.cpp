#include "helpers/clirunner.h"

#include "catalog/catalog.h"
#include "commands/removenodescommand.h"
#include "io/designfile.h"
#include "io/designjson.h"
#include "model/design.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace pw;
using pw::test::runCli;

namespace {
const QString kSample = QStringLiteral("resources/samples/minimum-viable-cluster.json");
}

class TestCli : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void version()
    {
        const auto r = runCli({QStringLiteral("--version")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.startsWith("podwright-cli " PW_VERSION));
    }

    void catalogListAndShow()
    {
        auto r = runCli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("--kind"),
            QStringLiteral("switch"), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonArray items = QJsonDocument::fromJson(r.out).array();
        QVERIFY(items.size() >= 7);
        for (const QJsonValue& v : items)
            QCOMPARE(v.toObject().value(QLatin1String("kind")).toString(), QStringLiteral("switch"));

        r = runCli({QStringLiteral("catalog"), QStringLiteral("list")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("dgx-h100") && r.out.contains("qm9700") && r.out.contains("rack-48u"));
        // Prices grouped for reading ("$270,000"), never "2.7e+05".
        QVERIFY(!r.out.contains("e+0"));
        for (const QByteArray& line : r.out.split('\n'))
            if (line.startsWith("dgx-h100 "))
                QVERIFY2(QRegularExpression(QStringLiteral("[ $]\\d{1,3},\\d{3} "))
                             .match(QString::fromUtf8(line))
                             .hasMatch(),
                    line.constData());

        r = runCli({QStringLiteral("catalog"), QStringLiteral("show"), QStringLiteral("dgx-h100")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("10,200 W"));
        QVERIFY(r.out.contains("(estimate)")); // the price is an estimate and says so
        QVERIFY(QRegularExpression(QStringLiteral("Price: +\\$\\d{1,3}(,\\d{3})+ "))
                    .match(QString::fromUtf8(r.out))
                    .hasMatch());

        // A switch lists the breakouts its cages run, each with its source (SN5610: 64 OSFP cages).
        r = runCli({QStringLiteral("catalog"), QStringLiteral("show"), QStringLiteral("sn5610")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("breakout:  64 cages as 2 x 200G  [NVIDIA Cumulus Linux"), r.out.constData());
        QVERIFY2(r.out.contains("breakout:  64 cages as 2 x 400G"), r.out.constData());

        r = runCli(
            {QStringLiteral("catalog"), QStringLiteral("show"), QStringLiteral("qm9700"), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json().value(QLatin1String("sku")).toString(), QStringLiteral("qm9700"));
    }

    void catalogShowPrintsPlainPrices()
    {
        // The dearest item: its price has seven digits or more, where a double prints as "3e+06".
        auto r = runCli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        QString sku;
        double price = 0;
        for (const QJsonValue& v : QJsonDocument::fromJson(r.out).array()) {
            const double p = v.toObject().value(QLatin1String("price_usd")).toDouble();
            if (p > price) {
                price = p;
                sku = v.toObject().value(QLatin1String("sku")).toString();
            }
        }
        QVERIFY2(price >= 1e6, qPrintable(sku));
        QCOMPARE(price, std::floor(price)); // whole dollars, as every catalog price is today
        QLocale grouped = QLocale::c();
        grouped.setNumberOptions(QLocale::DefaultNumberOptions);
        const QString expected = grouped.toString(qint64(price)); // e.g. 3,000,000
        QVERIFY(expected.contains(QLatin1Char(',')));
        r = runCli({QStringLiteral("catalog"), QStringLiteral("show"), sku});
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY2(out.contains(QStringLiteral("Price:       $%1 (").arg(expected)), qPrintable(out));
        QVERIFY2(!out.contains(QLatin1String("e+")), qPrintable(out));
    }

    void noQStandardPathsNoiseOnStderr()
    {
        // Without XDG_RUNTIME_DIR, Qt warns about it when a painting command starts; a script that
        // reads stderr for errors must not see Qt's view of the environment on success.
        QTemporaryDir dir;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("XDG_RUNTIME_DIR"));
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        const QString svg = dir.filePath(QStringLiteral("mvc.svg"));
        const QString pdf = dir.filePath(QStringLiteral("mvc.pdf"));
        const QList<QStringList> commands{
            {QStringLiteral("export"), test::sourcePath(kSample), QStringLiteral("--format"), QStringLiteral("svg"),
                QStringLiteral("-o"), svg},
            {QStringLiteral("report"), test::sourcePath(kSample), QStringLiteral("-o"), pdf},
            {QStringLiteral("info"), test::sourcePath(kSample)},
        };
        for (const QStringList& args : commands) {
            QProcess p;
            p.setProcessEnvironment(env);
            p.start(qEnvironmentVariable("PODWRIGHT_CLI"), args);
            QVERIFY(p.waitForFinished(120000));
            const QByteArray err = p.readAllStandardError();
            QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0, err.constData());
            QVERIFY2(!err.contains("QStandardPaths") && !err.contains("XDG_RUNTIME_DIR"), err.constData());
            // What is left is the command's own progress line, if any ("podwright-cli: wrote ...").
            for (const QByteArray& line : err.split('\n'))
                QVERIFY2(line.isEmpty() || line.startsWith("podwright-cli"), err.constData());
        }
        QVERIFY(QFileInfo(svg).size() > 0);
        QVERIFY(QFileInfo(pdf).size() > 0);
    }

    void countsAgreeWithTheirNouns()
    {
        // The sample cut down to one server: "1 node, 0 links", not "1 nodes".
        QTemporaryDir dir;
        const std::unique_ptr<Catalog> catalog = Catalog::loadDefault();
        Design d = DesignJson::readFile(test::sourcePath(kSample), catalog.get());
        std::vector<NodeId> others;
        NodeId kept;
        d.nodes().forEach([&](const Node& n) {
            if (!kept.isValid() && d.item(n.sku) && d.item(n.sku)->kind == ItemKind::Server)
                kept = n.id;
            else
                others.push_back(n.id);
        });
        QVERIFY(kept.isValid());
        RemoveNodesCommand remove(others);
        QVERIFY(remove.apply(d).ok);
        QCOMPARE(d.nodes().size(), size_t(1));
        const QString json = dir.filePath(QStringLiteral("one.json"));
        DesignJson::writeFile(d, json);
        const QString design = dir.filePath(QStringLiteral("one.podwright"));
        auto r = runCli({QStringLiteral("import"), json, QStringLiteral("-o"), design});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.contains("(1 node, 0 links)"), r.err.constData());

        r = runCli({QStringLiteral("info"), design});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("Servers:  1 ("), r.out.constData());

        // Whatever the counts, validate's summary line never says "1 errors" or "1 warnings".
        static const QRegularExpression onePlural(QStringLiteral("(^|[^0-9.,])1 (errors|warnings)\\b"));
        for (const QString& path : {design, test::sourcePath(kSample)}) {
            r = runCli({QStringLiteral("validate"), path});
            QVERIFY2(r.exitCode == 0 || r.exitCode == 1, r.err.constData());
            const QString out = QString::fromUtf8(r.out);
            QVERIFY2(
                out.contains(QRegularExpression(QStringLiteral("\\d+ errors?, \\d+ warnings?, "))), qPrintable(out));
            QVERIFY2(!onePlural.match(out).hasMatch(), qPrintable(out));
        }
    }

    // Issue 12, section 7: `catalog check` passes the shipped catalog (every estimate with a band) and
    // refuses, with exit 1 and the reason, a system whose estimate is below its GPUs' (hardware-specs.md
    // section 10: "A system's estimate can never be below the sum of its GPUs' estimates").
    void catalogCheckRefusesASystemBelowItsGpus()
    {
        auto r = runCli({QStringLiteral("catalog"), QStringLiteral("check")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(" 0 refused"), r.out.constData());
        r = runCli({QStringLiteral("catalog"), QStringLiteral("show"), QStringLiteral("dgx-h100")});
        QVERIFY2(r.out.contains("Price band:  $199,000 - $320,000"), r.out.constData());

        r = runCli(
            {QStringLiteral("catalog"), QStringLiteral("show"), QStringLiteral("dgx-h100"), QStringLiteral("--json")});
        QJsonObject cheap = r.json();
        cheap[QStringLiteral("sku")] = QStringLiteral("cheap-dgx");
        QJsonObject price = cheap.value(QLatin1String("price")).toObject();
        price[QStringLiteral("value")] = 199000;
        price[QStringLiteral("low")] = 150000;
        cheap[QStringLiteral("price")] = price;
        QTemporaryDir dir;
        const QString user = dir.filePath(QStringLiteral("user.json"));
        QFile f(user);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(QJsonObject{{QStringLiteral("schema"), 1}, {QStringLiteral("items"), QJsonArray{cheap}}})
                    .toJson());
        f.close();
        qputenv("PODWRIGHT_USER_CATALOG", user.toLocal8Bit());
        r = runCli({QStringLiteral("catalog"), QStringLiteral("check")});
        qunsetenv("PODWRIGHT_USER_CATALOG");
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.out.contains("cheap-dgx") && r.out.contains("below its 8 GPUs"), r.out.constData());
        QVERIFY2(r.out.contains(" 1 refused"), r.out.constData());
    }

    void catalogErrors()
    {
        auto r = runCli({QStringLiteral("catalog"), QStringLiteral("show"), QStringLiteral("no-such-sku")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("no-such-sku"));
        r = runCli(
            {QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("--kind"), QStringLiteral("toaster")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("unknown kind"));
    }

    void importExportInfoRoundTrip()
    {
        QTemporaryDir dir;
        const QString design = dir.filePath(QStringLiteral("mvc.podwright"));
        auto r = runCli({QStringLiteral("import"), test::sourcePath(kSample), QStringLiteral("-o"), design});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(DesignFile::isDesignFile(design));

        r = runCli({QStringLiteral("info"), design, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject info = r.json();
        QCOMPARE(info.value(QLatin1String("gpus")).toInt(), 16);
        QCOMPARE(info.value(QLatin1String("servers")).toInt(), 3);
        QCOMPARE(info.value(QLatin1String("switches")).toInt(), 4);
        QCOMPARE(info.value(QLatin1String("links")).toInt(), 43);
        QCOMPARE(info.value(QLatin1String("racks")).toInt(), 1);
        QCOMPARE(info.value(QLatin1String("switches_by_model")).toObject().value(QLatin1String("sn4600c")).toInt(), 2);
        QCOMPARE(info.value(QLatin1String("servers_by_model")).toObject().value(QLatin1String("dgx-h100")).toInt(), 2);

        r = runCli({QStringLiteral("info"), design});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("16 GPUs"));

        const QString json = dir.filePath(QStringLiteral("out.json"));
        r = runCli({QStringLiteral("export"), design, QStringLiteral("--format"), QStringLiteral("json"),
            QStringLiteral("-o"), json});
        QCOMPARE(r.exitCode, 0);
        // The exported JSON carries its catalog snapshot and re-imports to an equal design.
        QVERIFY(DesignJson::readFile(json) == DesignFile::load(design));
        const QString again = dir.filePath(QStringLiteral("again.podwright"));
        QCOMPARE(runCli({QStringLiteral("import"), json, QStringLiteral("-o"), again}).exitCode, 0);
        QVERIFY(DesignFile::load(again) == DesignFile::load(design));

        r = runCli({QStringLiteral("export"), design, QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json().value(QLatin1String("nodes")).toArray().size(), 11);
    }

    // Issue 31: a design's name and its nodes' names reach a colleague's terminal through every
    // listing. Control characters (ESC starting an escape sequence that clears the screen or sets the
    // window title, BEL, C1's CSI, a bidi override that reorders the line) are shown escaped on
    // standard output and standard error; CSV's \r\n line ends stay as they are.
    void designTextIsEscapedOnTheTerminal()
    {
        QTemporaryDir dir;
        QFile sample(test::sourcePath(kSample));
        QVERIFY(sample.open(QIODevice::ReadOnly));
        QJsonObject doc = QJsonDocument::fromJson(sample.readAll()).object();
        const QString title = QStringLiteral("Evil\x1b]0;pwned\x07 ") + QChar(0x202e) + QStringLiteral("cod.exe")
            + QChar(0x9b) + QStringLiteral("2J");
        doc.insert(QLatin1String("name"), title);
        QJsonArray nodes = doc.value(QLatin1String("nodes")).toArray();
        QJsonObject first = nodes.at(0).toObject();
        first.insert(QLatin1String("name"), QStringLiteral("dgx\x1b[2J-01"));
        nodes.replace(0, first);
        doc.insert(QLatin1String("nodes"), nodes);
        const QString json = dir.filePath(QStringLiteral("evil.json"));
        QFile out(json);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(QJsonDocument(doc).toJson());
        out.close();

        auto clean = [](const QByteArray& bytes) {
            const QString text = QString::fromUtf8(bytes);
            return !bytes.contains('\x1b') && !bytes.contains('\x07') && !text.contains(QChar(0x202e))
                && !text.contains(QChar(0x9b));
        };
        for (const QStringList& args : {QStringList{QStringLiteral("info"), json},
                 QStringList{QStringLiteral("validate"), json}, QStringList{QStringLiteral("bom"), json},
                 QStringList{QStringLiteral("info"), json, QStringLiteral("--nonsense")}}) {
            const auto r = runCli(args);
            QVERIFY2(clean(r.out), r.out.toHex().constData());
            QVERIFY2(clean(r.err), r.err.toHex().constData());
        }
        const auto info = runCli({QStringLiteral("info"), json});
        QCOMPARE(info.exitCode, 0);
        QVERIFY2(QString::fromUtf8(info.out).contains(QLatin1String("Evil\\e]0;pwned\\x07 \\u202ecod.exe\\x9b2J")),
            info.out.constData());
        // CSV to standard output keeps its line ends.
        const auto csv = runCli({QStringLiteral("bom"), json, QStringLiteral("--csv")});
        QCOMPARE(csv.exitCode, 0);
        QVERIFY2(csv.out.contains("\r\n"), csv.out.constData());
        QVERIFY(!csv.out.contains("\\r"));
    }

    void badInputGivesAClearErrorAndExitTwo_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("no command") << QStringList{} << QStringLiteral("Usage");
        QTest::newRow("unknown command") << QStringList{QStringLiteral("frobnicate")}
                                         << QStringLiteral("unknown command");
        QTest::newRow("missing file") << QStringList{QStringLiteral("info"), QStringLiteral("/nonexistent/x.podwright")}
                                      << QStringLiteral("does not exist");
        QTest::newRow("not a design") << QStringList{QStringLiteral("info"),
            test::sourcePath(QStringLiteral("tests/check_layering.cmake"))}
                                      << QStringLiteral("not a Podwright design");
        QTest::newRow("unknown option") << QStringList{QStringLiteral("info"), QStringLiteral("--frob"),
            QStringLiteral("x")} << QStringLiteral("frob");
        QTest::newRow("export format") << QStringList{QStringLiteral("export"), test::sourcePath(kSample),
            QStringLiteral("--format"), QStringLiteral("docx")}
                                       << QStringLiteral("unknown export format");
        QTest::newRow("import without -o")
            << QStringList{QStringLiteral("import"), test::sourcePath(kSample)} << QStringLiteral("-o");
        QTest::newRow("hostile json") << QStringList{QStringLiteral("info"),
            QString::fromLocal8Bit(qgetenv("PODWRIGHT_TEST_DATA")) + QStringLiteral("/hostile/dangling-link.json")}
                                      << QStringLiteral("does not exist");
    }
    void badInputGivesAClearErrorAndExitTwo()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const auto r = runCli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
        QVERIFY(!r.err.contains("internal error"));
    }

    void helpExitsZero()
    {
        auto r = runCli({QStringLiteral("--help")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("catalog"));
        r = runCli({QStringLiteral("info"), QStringLiteral("--help")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("--json"));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
