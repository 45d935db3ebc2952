// The power and cooling chain in the studio (issue 17, section 3): the Power dock shows the figures
// `podwright-cli power` prints and the report's "Power and cooling" block reads (one PowerChain),
// the tier chart names the same facility power, and the limits are edited as undoable commands.
#include "helpers/uitest.h"
#include "helpers/windowfixture.h"
#include "integration/helpers/clirunner.h"

#include "chartspanel.h"
#include "designanalysis.h"
#include "designdocument.h"
#include "mainwindow.h"
#include "powerpanel.h"

#include "facility/facilityassumptions.h"

#include <QAction>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QJsonArray>
#include <QProcess>
#include <QRegularExpression>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtCharts/QChart>
#include <QtTest>

#include <cmath>

using namespace pw;
using namespace pw::ui;

namespace {

double numberIn(const QString& text, const QString& pattern)
{
    const QRegularExpressionMatch m = QRegularExpression(pattern).match(text);
    if (!m.hasMatch())
        return std::nan("");
    QString n = m.captured(1);
    n.remove(QLatin1Char(','));
    return n.toDouble();
}

double rounded(double v)
{
    return std::round(v * 10) / 10;
}

int countOf(const std::vector<Finding>& findings, const char* code)
{
    return static_cast<int>(std::count_if(
        findings.begin(), findings.end(), [&](const Finding& f) { return f.code == QLatin1String(code); }));
}

} // namespace

class TestPowerPanel : public QObject {
    Q_OBJECT

    QTemporaryDir mDir;
    QString mFile;

private Q_SLOTS:
    void initTestCase()
    {
        // Two scalable units of GB300 NVL72 (16 racks, 1,152 GPUs) on two planes. One row per unit
        // would draw 1,216.4 kW (below), over the default 1,200 kW row limit, so the generator
        // splits each unit over two rows of 4 liquid-cooled racks (tst_rowpowersplit).
        mFile = mDir.filePath(QStringLiteral("nvl72.podwright"));
        const test::CliResult g = test::runCli({QStringLiteral("generate"), QStringLiteral("--server"),
            QStringLiteral("dgx-gb300-nvl72"), QStringLiteral("--switch"), QStringLiteral("sn5600"),
            QStringLiteral("--nodes"), QStringLiteral("16"), QStringLiteral("-o"), mFile});
        QVERIFY2(g.exitCode == 0, g.err.constData());
    }

    void studioCliAndReportShowOneChain()
    {
        const QJsonObject power = test::runCli({QStringLiteral("power"), mFile, QStringLiteral("--json")}).json();
        const double facility = power.value(QLatin1String("facility_max_kw")).toDouble();
        const double liquid = power.value(QLatin1String("liquid_kw")).toDouble();
        QVERIFY(facility > 0);
        // 16 racks x 142 kW x 0.85 = 1,931.2 kW to liquid (the rest of the IT load is air-cooled network gear)
        QCOMPARE(rounded(liquid), 1931.2);
        QCOMPARE(power.value(QLatin1String("cdus_planned")).toInt(), 8); // 4 rows, one loop each: 4 x (1 + 1 spare)
        // The same facility figure in `cost` (which prices energy and facility on it) and `analyze`.
        const QJsonObject cost = test::runCli({QStringLiteral("cost"), mFile, QStringLiteral("--json")}).json();
        QCOMPARE(rounded(cost.value("power_kw").toObject().value("facility").toDouble()), rounded(facility));
        const QJsonObject analyze = test::runCli(
            {QStringLiteral("analyze"), mFile, QStringLiteral("--json"), QStringLiteral("--no-bisection")})
                                        .json();
        QCOMPARE(rounded(analyze.value("power").toObject().value("facility_max_kw").toDouble()), rounded(facility));

        auto w = testing::makeWindow();
        QVERIFY(w->openFile(mFile));
        w->analysis()->recompute();
        auto* panel = w->findChild<PowerPanel*>();
        QVERIFY(panel);
        w->action(QStringLiteral("actionShowPower"))->trigger();
        QVERIFY(w->findChild<QDockWidget*>(QStringLiteral("PowerDock"))->isVisible());
        const QString summary = panel->summaryText();
        QCOMPARE(numberIn(summary, QStringLiteral("PUE [\\d.]+: ([\\d,.]+) kW maximum")), rounded(facility));
        QCOMPARE(numberIn(summary, QStringLiteral("Heat: ([\\d,.]+) kW to liquid")), rounded(liquid));
        QCOMPARE(panel->rowsTable()->rowCount(), power.value(QLatin1String("rows")).toArray().size());
        QCOMPARE(panel->loopsTable()->rowCount(), 4);
        QCOMPARE(numberIn(w->chartsPanel()->tierChart()->title(), QStringLiteral("facility ([\\d,.]+) kW")),
            rounded(facility));

        const QString pdf = mDir.filePath(QStringLiteral("proposal.pdf"));
        const test::CliResult report = test::runCli({QStringLiteral("report"), mFile, QStringLiteral("--sections"),
            QStringLiteral("racks"), QStringLiteral("-o"), pdf});
        QVERIFY2(report.exitCode == 0, report.err.constData());
        QProcess p;
        p.start(QStringLiteral("pdftotext"), {QStringLiteral("-layout"), pdf, QStringLiteral("-")});
        QVERIFY(p.waitForFinished(60000));
        const QString text = QString::fromUtf8(p.readAllStandardOutput()).simplified();
        QVERIFY(text.contains(QLatin1String("Power and cooling")));
        QCOMPARE(numberIn(text, QStringLiteral("the facility draws ([\\d,.]+) kW maximum")), rounded(facility));
        QCOMPARE(numberIn(text, QStringLiteral("([\\d,.]+) kW of heat goes to liquid")), rounded(liquid));
        // The generator places the 8 CDUs the plan asks for (one loop assignment, tst_cduplacement).
        QVERIFY(text.contains(QLatin1String("8 coolant distribution units (1,350 kW each) stand on the")));
        QVERIFY(text.contains(QLatin1String("for 4 coolant loops (8 planned)")));
    }

    void rowLimitIsAnUndoableEditAndAFinding()
    {
        auto w = testing::makeWindow();
        QVERIFY(w->openFile(mFile));
        w->analysis()->recompute();
        auto* panel = w->findChild<PowerPanel*>();
        QVERIFY(panel);
        // The generator kept every row under the default 1,200 kW: one row per unit would carry 8
        // GB300 NVL72 racks (1,136 kW), the network rack of its two planes' leaves (24 x 2.1 =
        // 50.4 kW) and 2 CDUs' pumps (30 kW), 1,216.4 kW; split, each unit's first row carries the
        // network rack, 4 racks and 2 CDUs, 50.4 + 568 + 30 = 648.4 kW (and its PDUs' 20 W
        // each), its second row 4 racks and 2 CDUs, 598 kW.
        QCOMPARE(countOf(w->analysis()->findings(), "POWER-ROW-LIMIT"), 0);
        QUndoStack* undo = w->document()->undoStack();
        const int steps = undo->index();
        // Typed into the spin box: one undo step, stored in the design's power_chain properties.
        panel->rowLimit()->setFocus();
        panel->rowLimit()->selectAll();
        QTest::keyClicks(panel->rowLimit(), QStringLiteral("620"));
        QTest::keyClick(panel->rowLimit(), Qt::Key_Return);
        QCOMPARE(undo->index(), steps + 1);
        QCOMPARE(w->document()
                     ->design()
                     .properties()
                     .value(QLatin1String(FacilityAssumptions::kKey))
                     .toObject()
                     .value(QLatin1String("row_limit_kw"))
                     .toDouble(),
            620.0);
        w->analysis()->recompute();
        // A site row feed of 620 kW: each unit's first row (648.4 kW) is over it, its second
        // (598 kW) is not. The racks stay where they are: the limit moves the findings, not racks.
        QCOMPARE(countOf(w->analysis()->findings(), "POWER-ROW-LIMIT"), 2);
        QCOMPARE(panel->rowLimit()->value(), 620.0);
        undo->undo();
        w->analysis()->recompute();
        QCOMPARE(countOf(w->analysis()->findings(), "POWER-ROW-LIMIT"), 0);
        QCOMPARE(panel->rowLimit()->value(), 1200.0);
        QVERIFY(!panel->setValue(QStringLiteral("racks_per_loop"), 0)); // refused: at least 1
        QCOMPARE(undo->index(), steps);
    }
};

QTEST_MAIN(TestPowerPanel)
#include "tst_powerpanel.moc"
