// The report's "Floor plan and cabling" section (issue 17): the hall's rows, the cable length
// distribution, the optics by part and the optical budget, checked in the PDF with pdftotext against
// the CLI's own cable plan and bill of materials (the figures a reader can cross-check).
#include "helpers/clirunner.h"

#include <QJsonArray>
#include <QLocale>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <map>
#include <set>

using pw::test::runCli;

namespace {

QString pdfText(const QString& pdf)
{
    QProcess p;
    p.start(QStringLiteral("pdftotext"), {QStringLiteral("-layout"), pdf, QStringLiteral("-")});
    if (!p.waitForStarted(10000) || !p.waitForFinished(60000))
        return {};
    // The PDF's font sets "fi" and "fl" as ligatures; read them as the letters.
    return QString::fromUtf8(p.readAllStandardOutput())
        .replace(QChar(0xFB01), QLatin1String("fi"))
        .replace(QChar(0xFB02), QLatin1String("fl"))
        .simplified();
}

QString number(double v)
{
    return QLocale(QLocale::English, QLocale::UnitedStates).toString(v, 'f', 0);
}

} // namespace

class TestReportFloor : public QObject {
    Q_OBJECT

    QTemporaryDir mDir;

private Q_SLOTS:
    void theFloorSectionShowsRowsLengthsOpticsAndBudget()
    {
        const QString design = mDir.filePath(QStringLiteral("pod.podwright"));
        const auto g = runCli({QStringLiteral("generate"), QStringLiteral("--server"), QStringLiteral("dgx-h100"),
            QStringLiteral("--gpus"), QStringLiteral("256"), QStringLiteral("--switch"), QStringLiteral("qm9700"),
            QStringLiteral("-o"), design});
        QVERIFY2(g.exitCode == 0, g.err.constData());
        const QString pdf = mDir.filePath(QStringLiteral("floor.pdf"));
        const auto r = runCli({QStringLiteral("report"), design, QStringLiteral("-o"), pdf,
            QStringLiteral("--sections"), QStringLiteral("floor")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QString text = pdfText(pdf);
        QVERIFY2(text.contains(QLatin1String("Floor plan and cabling")), qPrintable(text.left(400)));

        // Rows: every row the cable plan names, with its rack count.
        const auto plan = runCli({QStringLiteral("cable-plan"), design, QStringLiteral("--json")});
        QVERIFY2(plan.exitCode == 0, plan.err.constData());
        const QJsonArray runs = plan.json().value(QLatin1String("runs")).toArray();
        std::map<QString, std::set<QString>> racksByRow;
        // Lengths by the section's bins (up to 3, 3 to 5, 5 to 10, 10 to 30, 30 to 50, 50 to 100 m, ...),
        // worked here from the run-list's routed lengths.
        const std::vector<std::pair<double, QString>> bins{{3, QStringLiteral("up to 3 m")},
            {5, QStringLiteral("3 to 5 m")}, {10, QStringLiteral("5 to 10 m")}, {30, QStringLiteral("10 to 30 m")},
            {50, QStringLiteral("30 to 50 m")}, {100, QStringLiteral("50 to 100 m")},
            {500, QStringLiteral("100 to 500 m")}};
        std::map<QString, int> byBin;
        int withLength = 0;
        for (const QJsonValue& v : runs) {
            const QJsonObject run = v.toObject();
            for (const char* end : {"a", "z"}) {
                const QJsonObject e = run.value(QLatin1String(end)).toObject();
                racksByRow[e.value(QLatin1String("row")).toString()].insert(e.value(QLatin1String("rack")).toString());
            }
            const double m = run.value(QLatin1String("length_m")).toDouble();
            if (m <= 0)
                continue;
            ++withLength;
            for (const auto& [end, label] : bins)
                if (m <= end) {
                    ++byBin[label];
                    break;
                }
        }
        QVERIFY(racksByRow.size() > 1);
        for (const auto& [row, racks] : racksByRow)
            QVERIFY2(text.contains(row), qPrintable(row));
        QVERIFY2(
            text.contains(QStringLiteral("%1 cables have a routed length").arg(number(withLength))), qPrintable(text));
        // ... and the median and longest runs are lengths (they once printed "have").
        static const QRegularExpression runLengths(
            QStringLiteral("the median run is [0-9.,]+ m, the longest [0-9.,]+ m"));
        QVERIFY2(
            runLengths.match(QString(text).replace(QLatin1Char('\n'), QLatin1Char(' '))).hasMatch(), qPrintable(text));
        // The chart labels each bin with its count.
        for (const auto& [label, n] : byBin)
            QVERIFY2(text.contains(label), qPrintable(label));

        // Optics by part: the transceiver lines of the bill of materials, with their counts.
        const auto bom = runCli({QStringLiteral("bom"), design, QStringLiteral("--json")});
        int modules = 0;
        for (const QJsonValue& v : bom.json().value(QLatin1String("lines")).toArray()) {
            const QJsonObject line = v.toObject();
            if (line.value(QLatin1String("category")).toString() != QLatin1String("transceivers"))
                continue;
            const QString sku = line.value(QLatin1String("sku")).toString();
            const int n = line.value(QLatin1String("quantity")).toInt();
            modules += n;
            QVERIFY2(text.contains(sku), qPrintable(sku));
        }
        QVERIFY(modules > 0);
        QVERIFY2(text.contains(QStringLiteral("Total %1").arg(number(modules))), qPrintable(text));

        // The optical budget: every fibre run with a budget, none over it (cable-plan says so too).
        int budgeted = 0;
        for (const QJsonValue& v : runs)
            budgeted += v.toObject().contains(QLatin1String("margin_db"));
        QCOMPARE(plan.json().value(QLatin1String("over_budget_links")).toInt(-1), 0);
        QVERIFY2(text.contains(QStringLiteral("%1 fibre runs have a loss budget; 0 exceed it").arg(number(budgeted))),
            qPrintable(text));
    }
};

QTEST_GUILESS_MAIN(TestReportFloor)
#include "tst_report_floor.moc"
