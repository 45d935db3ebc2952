#include "bompanel.h"

#include "bomtablemodel.h"
#include "designanalysis.h"

#include "export/bomcsv.h"
#include "io/atomicfile.h"
#include "util/errors.h"
#include "util/money.h"
#include "util/plural.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

#include <set>

namespace pw::ui {

BomPanel::BomPanel(DesignAnalysis* analysis, QWidget* parent)
    : QWidget(parent),
      mAnalysis(analysis),
      mModel(new BomTableModel(this)),
      mProxy(new QSortFilterProxyModel(this)),
      mView(new QTableView(this)),
      mTotal(new QLabel(this))
{
    mReportError = [this](const QString& title, const QString& message) { QMessageBox::warning(this, title, message); };
    mProxy->setSourceModel(mModel);
    mProxy->setSortRole(BomTableModel::SortRole);
    mView->setObjectName(QStringLiteral("bomTable"));
    mView->setModel(mProxy);
    mView->setSortingEnabled(true);
    mView->sortByColumn(-1, Qt::AscendingOrder); // the cost model's order until the user sorts
    mView->setSelectionBehavior(QAbstractItemView::SelectRows);
    mView->setSelectionMode(QAbstractItemView::ExtendedSelection);
    mView->setAlternatingRowColors(true);
    mView->verticalHeader()->hide();
    mView->verticalHeader()->setDefaultSectionSize(mView->fontMetrics().height() + 6);
    mView->setWordWrap(false);
    QHeaderView* header = mView->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setSectionResizeMode(BomTableModel::ItemColumn, QHeaderView::Stretch);
    header->resizeSection(BomTableModel::SkuColumn, 150);
    header->resizeSection(BomTableModel::QuantityColumn, 80);
    header->resizeSection(BomTableModel::UnitPriceColumn, 130);
    header->resizeSection(BomTableModel::ExtendedColumn, 140);
    header->resizeSection(BomTableModel::SourceColumn, 220);
    mTotal->setObjectName(QStringLiteral("bomTotal"));
    mTotal->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* copy = new QPushButton(tr("Copy"), this);
    copy->setToolTip(tr("Copy the selected rows (all rows when none are selected) as tab-separated text (Ctrl+C)"));
    auto* exportCsvButton = new QPushButton(tr("Export CSV…"), this);
    exportCsvButton->setObjectName(QStringLiteral("bomExportCsv"));
    connect(copy, &QPushButton::clicked, this, &BomPanel::copySelection);
    connect(exportCsvButton, &QPushButton::clicked, this, [this] { exportCsv(); });

    auto* top = new QHBoxLayout;
    mTotal->setWordWrap(true); // wraps rather than hold the panel wide (beside Findings in the design workspace)
    top->addWidget(mTotal, 1);
    top->addWidget(copy);
    top->addWidget(exportCsvButton);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(mView, 1);

    connect(mAnalysis, &DesignAnalysis::updated, this, &BomPanel::refresh);
    refresh();
}

void BomPanel::refresh()
{
    const auto& cost = mAnalysis->cost();
    if (!cost) {
        mModel->setLines({});
        mTotal->setText(tr("Bill of materials unavailable: %1").arg(mAnalysis->costError().toHtmlEscaped()));
        return;
    }
    mModel->setLines(cost->bom.lines());
    int items = 0;
    for (const BomLine& l : cost->bom.lines())
        items += l.quantity;
    const QLocale locale;
    const int lines = int(cost->bom.lines().size());
    QString text = QStringLiteral("<b>%1</b> %2 · <b>%3</b> %4 · total <b>%5</b> (the capital cost)")
                       .arg(locale.toString(lines), plural(lines, "line", "lines"), locale.toString(items),
                           plural(items, "item", "items"), Money::usd().exact(cost->bom.total()));
    if (const int uncabled = cost->bom.uncabledLinks())
        text
            += QStringLiteral(" · <span style='color:#b26a00'>%1 %2 no cable chosen: the total is a lower bound</span>")
                   .arg(uncabled)
                   .arg(plural(uncabled, "link has", "links have"));
    mTotal->setText(text);
}

QString BomPanel::totalText() const
{
    return mTotal->text().remove(QRegularExpression(QStringLiteral("<[^>]*>")));
}

QString BomPanel::selectionAsTsv() const
{
    std::set<int> rows;
    for (const QModelIndex& i : mView->selectionModel()->selectedRows())
        rows.insert(i.row());
    if (rows.empty())
        for (int r = 0; r < mProxy->rowCount(); ++r)
            rows.insert(r);
    QStringList out;
    QStringList header;
    for (int c = 0; c < BomTableModel::ColumnCount; ++c)
        header << mModel->headerData(c, Qt::Horizontal).toString();
    out << header.join(QLatin1Char('\t'));
    for (int r : rows) {
        const int source = mProxy->mapToSource(mProxy->index(r, 0)).row();
        QStringList cells;
        for (int c = 0; c < BomTableModel::ColumnCount; ++c)
            cells << mModel->plainText(source, c).replace(QLatin1Char('\t'), QLatin1Char(' '));
        out << cells.join(QLatin1Char('\t'));
    }
    return out.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

void BomPanel::copySelection()
{
    QApplication::clipboard()->setText(selectionAsTsv());
}

bool BomPanel::exportCsv(const QString& target)
{
    const auto& cost = mAnalysis->cost();
    if (!cost)
        return false;
    QString path = target;
    if (path.isEmpty()) {
        path = QFileDialog::getSaveFileName(
            this, tr("Export bill of materials"), QStringLiteral("bom.csv"), QStringLiteral("CSV (*.csv)"));
        if (path.isEmpty())
            return false;
    }
    const QByteArray bytes = BomCsv::write(cost->bom);
    return runGuarded(
        mReportError, tr("Cannot export the bill of materials"), [&] { AtomicFile::writeBytes(path, bytes); });
}

} // namespace pw::ui
