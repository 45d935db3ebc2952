// The Bill of materials dock: the cost model's lines and total (the capital cost), sorting by
// value, Copy as TSV through the window's Ctrl+C, Export CSV as core writes it, live updates.
#include "helpers/waituntil.h"
#include "helpers/windowfixture.h"

#include "bompanel.h"
#include "bomtablemodel.h"
#include "designanalysis.h"
#include "designdocument.h"

#include "commands/addnodecommand.h"
#include "cost/costmodel.h"
#include "export/bomcsv.h"
#include "util/money.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDockWidget>
#include <QFile>
#include <QHeaderView>
#include <QRegularExpression>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTemporaryDir>

using namespace pw;
using namespace pw::ui;

class TestBomPanel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void linesAndTotalAreTheCostModels()
    {
        auto w = testing::makeWindow();
        QVERIFY(w->openFile(testing::samplePath()));
        w->analysis()->recompute();
        const Design& d = w->document()->design();
        const CostReport cost = CostModel::compute(d, CostAssumptions::ofProperties(d.properties()));
        BomPanel* panel = w->bomPanel();
        QCOMPARE(panel->model()->rowCount(), int(cost.bom.lines().size()));
        QCOMPARE(panel->view()->model()->rowCount(), int(cost.bom.lines().size()));
        int items = 0;
        double sum = 0;
        for (int r = 0; r < panel->model()->rowCount(); ++r) {
            items += panel->model()->lines()[size_t(r)].quantity;
            sum += panel->model()
                       ->data(panel->model()->index(r, BomTableModel::ExtendedColumn), BomTableModel::SortRole)
                       .toDouble();
        }
        int expectedItems = 0;
        for (const BomLine& l : cost.bom.lines())
            expectedItems += l.quantity;
        QCOMPARE(items, expectedItems);
        QVERIFY(qAbs(sum - cost.capex) < 0.005);
        // Issue 30: whole dollars, the very text the status bar and the proposal print ("$1,607,550",
        // never "$1,607,550.00"), in the total and every cell.
        QVERIFY2(panel->totalText().contains(Money::usd().exact(cost.capex) + QLatin1Char(' ')),
            qPrintable(panel->totalText()));
        static const QRegularExpression cents(QStringLiteral("\\$[\\d,]+\\.\\d"));
        QVERIFY2(!panel->totalText().contains(cents), qPrintable(panel->totalText()));
        for (int r = 0; r < panel->model()->rowCount(); ++r)
            for (int c : {int(BomTableModel::UnitPriceColumn), int(BomTableModel::ExtendedColumn)}) {
                const QString cell = panel->model()->data(panel->model()->index(r, c)).toString();
                QVERIFY2(cell.startsWith(QLatin1Char('$')) && !cell.contains(cents), qPrintable(cell));
            }
        QVERIFY(panel->totalText().contains(QStringLiteral("%1 lines").arg(cost.bom.lines().size())));
    }

    void sortsByExtendedPriceAsNumbers()
    {
        auto w = testing::makeWindow();
        QVERIFY(w->openFile(testing::samplePath()));
        w->analysis()->recompute();
        QTableView* view = w->bomPanel()->view();
        // Click the header as a user would: ascending first, then descending.
        w->action(QStringLiteral("actionShowBom"))->trigger();
        QVERIFY(view->isVisible());
        QHeaderView* header = view->horizontalHeader();
        const int x = header->sectionViewportPosition(BomTableModel::ExtendedColumn)
            + header->sectionSize(BomTableModel::ExtendedColumn) / 2;
        QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, QPoint(x, header->height() / 2));
        QCOMPARE(header->sortIndicatorSection(), int(BomTableModel::ExtendedColumn));
        auto extended = [&](int row) {
            return view->model()
                ->data(view->model()->index(row, BomTableModel::ExtendedColumn), BomTableModel::SortRole)
                .toDouble();
        };
        const int rows = view->model()->rowCount();
        QVERIFY(rows > 3);
        const Qt::SortOrder first = header->sortIndicatorOrder();
        for (int r = 1; r < rows; ++r)
            QVERIFY(first == Qt::AscendingOrder ? extended(r - 1) <= extended(r) : extended(r - 1) >= extended(r));
        QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, QPoint(x, header->height() / 2));
        QVERIFY(header->sortIndicatorOrder() != first);
        for (int r = 1; r < rows; ++r)
            QVERIFY(first == Qt::AscendingOrder ? extended(r - 1) >= extended(r) : extended(r - 1) <= extended(r));
        // Descending puts the costliest line first (by value, not "$99..." sorted as text).
        view->sortByColumn(BomTableModel::ExtendedColumn, Qt::DescendingOrder);
        const BomLine* top = nullptr;
        for (const BomLine& l : w->bomPanel()->model()->lines())
            if (!top || l.extendedPrice() > top->extendedPrice())
                top = &l;
        QCOMPARE(view->model()->data(view->model()->index(0, BomTableModel::SkuColumn)).toString(), top->sku);
        QVERIFY(top->extendedPrice() >= 100000);
    }

    void copiesSelectedRowsAsTsvAndExportsCsv()
    {
        auto w = testing::makeWindow();
        QVERIFY(w->openFile(testing::samplePath()));
        w->analysis()->recompute();
        BomPanel* panel = w->bomPanel();
        w->action(QStringLiteral("actionShowBom"))->trigger();
        QTableView* view = panel->view();
        view->sortByColumn(BomTableModel::ExtendedColumn, Qt::DescendingOrder);
        view->selectRow(0);
        view->selectionModel()->select(
            view->model()->index(1, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
        view->setFocus();
        QApplication::clipboard()->clear();
        w->action(QStringLiteral("actionCopy"))->trigger(); // the window's Ctrl+C, routed by focus
        const QStringList lines = QApplication::clipboard()->text().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 3);
        QCOMPARE(lines[0].split(QLatin1Char('\t')).size(), int(BomTableModel::ColumnCount));
        // The two rows shown first, in the shown order: the two costliest lines.
        std::vector<BomLine> sorted = panel->model()->lines();
        std::stable_sort(sorted.begin(), sorted.end(),
            [](const BomLine& a, const BomLine& b) { return a.extendedPrice() > b.extendedPrice(); });
        for (int i = 0; i < 2; ++i) {
            const QStringList cells = lines[i + 1].split(QLatin1Char('\t'));
            QCOMPARE(cells[BomTableModel::SkuColumn], sorted[size_t(i)].sku);
            QCOMPARE(cells[BomTableModel::QuantityColumn], QString::number(sorted[size_t(i)].quantity));
            QCOMPARE(cells[BomTableModel::ExtendedColumn], QString::number(sorted[size_t(i)].extendedPrice(), 'f', 2));
        }

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bom.csv"));
        QVERIFY(panel->exportCsv(path));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), BomCsv::write(w->document()->design()));
    }

    void updatesLiveAfterAnEdit()
    {
        auto w = testing::makeWindow();
        QVERIFY(w->openFile(testing::samplePath()));
        w->analysis()->recompute();
        BomPanel* panel = w->bomPanel();
        const double before = w->analysis()->cost()->capex;
        Node n;
        n.position = QPointF(900, 400);
        QVERIFY(
            w->document()
                ->execute(std::make_unique<AddNodeCommand>(*testing::testCatalog().item(QStringLiteral("dgx-h100")), n))
                .ok);
        QVERIFY2(testing::waitUntil(
                     [&] { return w->analysis()->cost()->capex > before; }, w->analysis(), &DesignAnalysis::updated),
            "the cost after the analysis update");
        const double after = w->analysis()->cost()->capex;
        QVERIFY(panel->totalText().contains(Money::usd().exact(after) + QLatin1Char(' ')));
        int dgx = 0;
        for (const BomLine& l : panel->model()->lines())
            dgx += l.sku == QLatin1String("dgx-h100") ? l.quantity : 0;
        QCOMPARE(dgx, 3);
    }
};

QTEST_MAIN(TestBomPanel)
#include "tst_bompanel.moc"
