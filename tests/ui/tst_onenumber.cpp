// One definition per number: the studio's status bar, `podwright-cli cost/analyze/validate --json`
// and the PDF proposal (pdftotext) show the same IT power, bisection ratio, capital cost and its
// band, and finding counts for the bundled sample and for a generated 1,024-GPU SuperPOD. Before the analysis
// of record, IT power had three definitions and the bisection ratio three option sets.
#include "helpers/uitest.h"
#include "helpers/windowfixture.h"
#include "integration/helpers/clirunner.h"

#include "chartspanel.h"
#include "designanalysis.h"
#include "mainwindow.h"
#include "statuspanel.h"

#include <QJsonArray>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtCharts/QChart>
#include <QtCharts/QPieSeries>
#include <QtCharts/QPieSlice>
#include <QtTest>

#include <cmath>

using namespace pw;
using namespace pw::ui;

namespace {

// The first number captured by `pattern` in `text` (thousands separators removed), or NaN.
double numberIn(const QString& text, const QString& pattern)
{
    const QRegularExpressionMatch m = QRegularExpression(pattern).match(text);
    if (!m.hasMatch())
        return std::nan("");
    QString n = m.captured(1);
    n.remove(QLatin1Char(','));
    return n.toDouble();
}

QString pdfText(const QString& pdf)
{
    QProcess p;
    p.start(QStringLiteral("pdftotext"), {QStringLiteral("-layout"), pdf, QStringLiteral("-")});
    if (!p.waitForFinished(60000))
        return {};
    return QString::fromUtf8(p.readAllStandardOutput()).simplified();
}

double rounded(double v, int decimals)
{
    const double f = std::pow(10.0, decimals);
    return std::round(v * f) / f;
}

} // namespace

class TestOneNumber : public QObject {
    Q_OBJECT

private:
    QTemporaryDir mDir;

private Q_SLOTS:
    void studioCliAndReportAgree_data()
    {
        QTest::addColumn<QString>("design");
        QTest::newRow("sample") << testing::samplePath();
        const QString generated = mDir.filePath(QStringLiteral("superpod-1024.podwright"));
        const test::CliResult g = test::runCli({QStringLiteral("generate"), QStringLiteral("--server"),
            QStringLiteral("dgx-h100"), QStringLiteral("--gpus"), QStringLiteral("1024"), QStringLiteral("--switch"),
            QStringLiteral("qm9700"), QStringLiteral("-o"), generated});
        QVERIFY2(g.exitCode == 0, g.err.constData());
        QTest::newRow("generated 1,024 GPUs") << generated;
    }

    void studioCliAndReportAgree()
    {
        QFETCH(QString, design);

        // The CLI.
        const QJsonObject cost = test::runCli({QStringLiteral("cost"), design, QStringLiteral("--json")}).json();
        const QJsonObject analysis = test::runCli({QStringLiteral("analyze"), design, QStringLiteral("--json")}).json();
        const test::CliResult validated = test::runCli({QStringLiteral("validate"), design, QStringLiteral("--json")});
        const QJsonObject findings = validated.json();
        QVERIFY(!cost.isEmpty() && !analysis.isEmpty() && !findings.isEmpty());
        const double itKw = cost.value("power_kw").toObject().value("it").toDouble();
        const double capex = cost.value("capex").toDouble();
        QVERIFY(itKw > 0);
        QVERIFY(capex > 0);

        // The studio, as the status bar displays it.
        auto w = testing::makeWindow();
        QVERIFY(w->openFile(design));
        w->analysis()->recompute();
        const QString status = w->statusPanel()->text();

        // The PDF, as a customer reads it.
        const QString pdf = mDir.filePath(QStringLiteral("proposal.pdf"));
        const test::CliResult report
            = test::runCli({QStringLiteral("report"), design, QStringLiteral("-o"), pdf}, 300000);
        QVERIFY2(report.exitCode == 0, report.err.constData());
        const QString text = pdfText(pdf);
        QVERIFY(!text.isEmpty());

        // IT power: one definition (PowerFigures) in the status bar, cost, analyze and the report.
        QCOMPARE(numberIn(status, QStringLiteral("([\\d,.]+) kW max")), rounded(itKw, 1));
        QCOMPARE(rounded(analysis.value("power_kw").toObject().value("max").toDouble(), 1), rounded(itKw, 1));
        QCOMPARE(numberIn(text, QStringLiteral("At most it draws ([\\d,.]+) kW of IT power")), rounded(itKw, 1));

        // Capital cost: to the dollar in the status bar, to the cent in the report's cost
        // table (its prose rounds for reading: tst_report customerReadyProposal).
        QCOMPARE(numberIn(status, QStringLiteral("hardware total \\$([\\d,]+)")), rounded(capex, 0));
        QCOMPARE(numberIn(text, QStringLiteral("Capital cost \\$([\\d,.]+) 100%")), rounded(capex, 2));

        // Capital cost by area and by category: one grouping (CostReport::capexByArea) in the
        // studio's pie, `cost --json` and the report's cost table.
        const QJsonArray areas = cost.value("capex_by_area").toArray();
        QCOMPARE(areas.size(), 4);
        auto* pie = w->chartsPanel()->breakdownChart()->findChild<QPieSeries*>(QStringLiteral("breakdown"));
        QVERIFY(pie);
        QCOMPARE(pie->count(), 4);
        double areaSum = 0;
        for (int i = 0; i < areas.size(); ++i) {
            const QJsonObject a = areas.at(i).toObject();
            QCOMPARE(pie->slices().at(i)->objectName(), a.value("name").toString());
            QCOMPARE(rounded(pie->slices().at(i)->value(), 2), rounded(a.value("usd").toDouble(), 2));
            areaSum += a.value("usd").toDouble();
        }
        QCOMPARE(rounded(areaSum, 2), rounded(capex, 2));
        const QJsonArray categories = cost.value("capex_by_category").toArray();
        QVERIFY(!categories.isEmpty());
        for (const QJsonValue& v : categories) {
            const QJsonObject c = v.toObject();
            const QString name = c.value("name").toString();
            QCOMPARE(numberIn(text, QStringLiteral("Capital: %1 \\$([\\d,.]+)").arg(name)),
                rounded(c.value("usd").toDouble(), 2));
        }

        // Capital-cost band (issue 12, section 7): CostReport::capexBand in `cost --json`, the status
        // bar and the report's cost table, to the dollar.
        const QJsonObject band = cost.value("capex_band").toObject();
        QCOMPARE(band.value("mid").toDouble(), capex);
        QVERIFY(band.value("low").toDouble() <= capex && capex <= band.value("high").toDouble());
        QCOMPARE(numberIn(status, QStringLiteral("band \\$([\\d,]+)")), rounded(band.value("low").toDouble(), 0));
        QCOMPARE(numberIn(status, QStringLiteral("band \\$[\\d,]+–\\$([\\d,]+)")),
            rounded(band.value("high").toDouble(), 0));
        QCOMPARE(numberIn(text, QStringLiteral("Capital cost band \\$([\\d,.]+) to")),
            rounded(band.value("low").toDouble(), 0));
        QCOMPARE(numberIn(text, QStringLiteral("Capital cost band \\$[\\d,.]+ to \\$([\\d,.]+)")),
            rounded(band.value("high").toDouble(), 0));
        QCOMPARE(w->statusPanel()->capex(), capex);
        QCOMPARE(w->analysis()->cost()->capexBand.toJson(), band);

        // Bisection: one analysis with the default options.
        const QJsonValue ratio = analysis.value("bisection").toObject().value("ratio");
        if (ratio.isDouble()) {
            QCOMPARE(numberIn(status, QStringLiteral("bisection ([\\d.]+)")), rounded(ratio.toDouble(), 2));
            QCOMPARE(
                numberIn(text, QStringLiteral("Gb/s \\(ratio ([\\d.]+) of full\\)")), rounded(ratio.toDouble(), 3));
        } else {
            QVERIFY2(!status.contains(QLatin1String("bisection")), qPrintable(status));
        }

        // Findings: the rules the studio runs are the ones `validate` runs.
        QCOMPARE(numberIn(status, QStringLiteral("(\\d+) errors?")), double(findings.value("errors").toInt()));
        QCOMPARE(numberIn(status, QStringLiteral("(\\d+) warnings?")), double(findings.value("warnings").toInt()));
    }
};

QTEST_MAIN(TestOneNumber)
#include "tst_onenumber.moc"
