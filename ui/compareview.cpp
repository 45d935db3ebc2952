#include "compareview.h"

#include "designanalysis.h"
#include "designdocument.h"
#include "tierchart.h"

#include "util/money.h"
#include "util/plural.h"

#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QtCharts/QBarCategoryAxis>
#include <QtCharts/QBarSeries>
#include <QtCharts/QBarSet>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QValueAxis>

#include <algorithm>
#include <cmath>

namespace pw::ui {

namespace {

// The compared file and the open design, the same two colours in every chart of the window.
const QColor kOtherColor(0x8d, 0x6e, 0x63);
const QColor kCurrentColor(0x1f, 0x5f, 0xbf);

QChartView* makeView(QWidget* parent, const QString& name)
{
    auto* chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(4, 4, 4, 4));
    auto* view = new QChartView(chart, parent);
    view->setObjectName(name);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumHeight(220);
    return view;
}

QString bandText(const std::optional<Band>& b)
{
    if (!b)
        return QStringLiteral("—");
    return CostReport::bandText(*b, [](double usd) { return Money::usd().rounded(usd); });
}

QString signedMoney(double usd)
{
    if (usd == 0)
        return QStringLiteral("same");
    return (usd > 0 ? QStringLiteral("+") : QStringLiteral("-")) + Money::usd().exact(std::abs(usd));
}

QTableWidgetItem* cell(const QString& text, Qt::Alignment align = Qt::AlignRight | Qt::AlignVCenter)
{
    auto* item = new QTableWidgetItem(text);
    item->setTextAlignment(align);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    return item;
}

} // namespace

CompareView::CompareView(DesignDocument* document, DesignAnalysis* analysis, QWidget* parent)
    : QWidget(parent, Qt::Window),
      mDocument(document),
      mAnalysis(analysis),
      mHeading(new QLabel(this)),
      mFigures(new QTableWidget(this)),
      mChanges(new QTreeWidget(this)),
      mTierView(makeView(this, QStringLiteral("compareTierChart"))),
      mCostView(makeView(this, QStringLiteral("compareCostChart")))
{
    setObjectName(QStringLiteral("compareView"));
    setWindowTitle(tr("Compare Designs"));
    resize(1100, 760);
    mHeading->setObjectName(QStringLiteral("compareHeading"));
    mHeading->setWordWrap(true);
    mFigures->setObjectName(QStringLiteral("compareFigures"));
    mFigures->setColumnCount(4);
    mFigures->verticalHeader()->hide();
    mFigures->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    mFigures->setEditTriggers(QAbstractItemView::NoEditTriggers);
    mFigures->setAlternatingRowColors(true);
    mFigures->verticalHeader()->setDefaultSectionSize(mFigures->fontMetrics().height() + 6);
    mChanges->setObjectName(QStringLiteral("compareChanges"));
    mChanges->setHeaderLabels({QStringLiteral("What changed"), QStringLiteral("Detail")});
    mChanges->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);

    auto* charts = new QTabWidget(this);
    charts->setDocumentMode(true);
    charts->addTab(mTierView, QStringLiteral("Cost vs tiers"));
    charts->addTab(mCostView, QStringLiteral("Cost by area"));
    auto* sides = new QSplitter(Qt::Horizontal, this);
    sides->addWidget(mFigures);
    sides->addWidget(mChanges);
    sides->setStretchFactor(0, 3);
    sides->setStretchFactor(1, 2);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(sides);
    split->addWidget(charts);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(mHeading);
    layout->addWidget(split, 1);
    mHeading->setText(tr("Choose a design file to compare the open design with."));
    connect(mAnalysis, &DesignAnalysis::updated, this, &CompareView::refresh);
}

CompareView::~CompareView() = default;

QChart* CompareView::tierChart() const
{
    return mTierView->chart();
}

QChart* CompareView::costChart() const
{
    return mCostView->chart();
}

void CompareView::compareWith(Design other, const QString& label)
{
    mOther = std::make_unique<Design>(std::move(other));
    // The other design's figures of record, computed the way the studio computes the open one's.
    FiguresRequest request = FiguresRequest::forDesign(*mOther);
    request.fabricAnalysisMaxNodes = DesignAnalysis::kFabricAnalysisMaxNodes;
    mOtherFigures = std::make_unique<DesignFigures>(DesignFigures::of(*mOther, request));
    mOtherLabel = label;
    refresh();
}

void CompareView::refresh()
{
    if (!mOther)
        return;
    mComparison = DesignComparison::of(ComparedDesign{mOtherLabel, mOther.get(), mOtherFigures.get()},
        ComparedDesign{QStringLiteral("current design"), &mDocument->design(), &mAnalysis->figures()});
    const DesignComparison& c = *mComparison;
    mHeading->setText(c.isEmpty()
            ? QStringLiteral("<b>%1</b> and the current design are the same: no node, link, cost, figure or finding "
                             "differs.")
                  .arg(mOtherLabel.toHtmlEscaped())
            : QStringLiteral("<b>%1</b> (left) against the current design <b>%2</b> (right): %3 %4 added, %5 "
                             "removed; %6 %7 added, %8 removed, %9 changed; %10 bill-of-materials %11 changed.")
                  .arg(mOtherLabel.toHtmlEscaped(), c.afterName.toHtmlEscaped())
                  .arg(c.nodesAdded.size())
                  .arg(plural(qsizetype(c.nodesAdded.size()), "node", "nodes"))
                  .arg(c.nodesRemoved.size())
                  .arg(c.linksAdded.size())
                  .arg(plural(qsizetype(c.linksAdded.size()), "link", "links"))
                  .arg(c.linksRemoved.size())
                  .arg(c.linksChanged.size())
                  .arg(c.bomLines.size())
                  .arg(plural(qsizetype(c.bomLines.size()), "line", "lines")));
    fillFigures();
    fillChanges();
    fillCharts();
}

void CompareView::fillFigures()
{
    const DesignComparison& c = *mComparison;
    mFigures->setHorizontalHeaderLabels(
        {QStringLiteral("Figure"), mOtherLabel, QStringLiteral("Current design"), QStringLiteral("Change")});
    mFigures->setRowCount(int(c.figures.size() + c.bands.size() + 1));
    int row = 0;
    for (const FigureDifference& f : c.figures) {
        auto* label = cell(f.label, Qt::AlignLeft | Qt::AlignVCenter);
        label->setData(Qt::UserRole, f.key);
        mFigures->setItem(row, 0, label);
        mFigures->setItem(row, 1, cell(f.text(f.before)));
        mFigures->setItem(row, 2, cell(f.text(f.after)));
        mFigures->setItem(row, 3, cell(f.changed() ? f.deltaText() : QStringLiteral("same")));
        ++row;
    }
    for (const BandDifference& b : c.bands) {
        auto* label = cell(b.label, Qt::AlignLeft | Qt::AlignVCenter);
        label->setData(Qt::UserRole, b.key);
        mFigures->setItem(row, 0, label);
        mFigures->setItem(row, 1, cell(bandText(b.before)));
        mFigures->setItem(row, 2, cell(bandText(b.after)));
        const std::optional<Band> d = b.delta();
        mFigures->setItem(row, 3, cell(d ? signedMoney(d->mid) : QStringLiteral("—")));
        ++row;
    }
    auto* tier = cell(QStringLiteral("Tier"), Qt::AlignLeft | Qt::AlignVCenter);
    tier->setData(Qt::UserRole, QStringLiteral("tier"));
    mFigures->setItem(row, 0, tier);
    mFigures->setItem(row, 1, cell(c.tierBefore.isEmpty() ? QStringLiteral("—") : c.tierBefore));
    mFigures->setItem(row, 2, cell(c.tierAfter.isEmpty() ? QStringLiteral("—") : c.tierAfter));
    mFigures->setItem(row, 3, cell(c.tierBefore == c.tierAfter ? QStringLiteral("same") : QStringLiteral("changed")));
    mFigures->resizeColumnsToContents();
    mFigures->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
}

void CompareView::fillChanges()
{
    const DesignComparison& c = *mComparison;
    mChanges->clear();
    auto group = [this](const QString& key, const QString& title, size_t count) {
        auto* item = new QTreeWidgetItem(mChanges, {QStringLiteral("%1 (%2)").arg(title).arg(count)});
        item->setData(0, Qt::UserRole, key);
        item->setExpanded(count > 0 && count <= 50);
        return item;
    };
    QTreeWidgetItem* added = group(QStringLiteral("nodesAdded"), QStringLiteral("Nodes added"), c.nodesAdded.size());
    for (const NodeDifference& n : c.nodesAdded)
        new QTreeWidgetItem(added, {n.name, n.sku});
    QTreeWidgetItem* removed
        = group(QStringLiteral("nodesRemoved"), QStringLiteral("Nodes removed"), c.nodesRemoved.size());
    for (const NodeDifference& n : c.nodesRemoved)
        new QTreeWidgetItem(removed, {n.name, n.sku});
    auto linkText = [](const LinkDifference& l) {
        return l.cableSku.isEmpty() ? QString() : QStringLiteral("%1, %2 m").arg(l.cableSku).arg(l.lengthM);
    };
    QTreeWidgetItem* linksAdded
        = group(QStringLiteral("linksAdded"), QStringLiteral("Links added"), c.linksAdded.size());
    for (const LinkDifference& l : c.linksAdded)
        new QTreeWidgetItem(linksAdded, {QStringLiteral("%1 — %2").arg(l.from, l.to), linkText(l)});
    QTreeWidgetItem* linksRemoved
        = group(QStringLiteral("linksRemoved"), QStringLiteral("Links removed"), c.linksRemoved.size());
    for (const LinkDifference& l : c.linksRemoved)
        new QTreeWidgetItem(linksRemoved, {QStringLiteral("%1 — %2").arg(l.from, l.to), linkText(l)});
    // The same connection built with another cable, optics or length.
    QTreeWidgetItem* linksChanged = group(QStringLiteral("linksChanged"), tr("Links changed"), c.linksChanged.size());
    for (const LinkChange& l : c.linksChanged)
        new QTreeWidgetItem(linksChanged, {QStringLiteral("%1 — %2").arg(l.after.from, l.after.to), l.what()});
    QTreeWidgetItem* bom
        = group(QStringLiteral("bom"), QStringLiteral("Bill-of-materials lines changed"), c.bomLines.size());
    for (const BomLineDifference& l : c.bomLines)
        new QTreeWidgetItem(bom,
            {QStringLiteral("%1 %2").arg(l.sku, l.lengthClass).trimmed(),
                QStringLiteral("quantity %1 → %2, %3")
                    .arg(l.quantityBefore)
                    .arg(l.quantityAfter)
                    .arg(signedMoney(l.extendedDelta().mid))});
    QTreeWidgetItem* fresh
        = group(QStringLiteral("findingsAdded"), QStringLiteral("New findings"), c.findingsAdded.size());
    for (const Finding& f : c.findingsAdded)
        new QTreeWidgetItem(fresh, {f.code, f.message});
    QTreeWidgetItem* gone
        = group(QStringLiteral("findingsRemoved"), QStringLiteral("Resolved findings"), c.findingsRemoved.size());
    for (const Finding& f : c.findingsRemoved)
        new QTreeWidgetItem(gone, {f.code, f.message});
    QTreeWidgetItem* waived
        = group(QStringLiteral("findingsWaived"), QStringLiteral("Findings now waived"), c.findingsWaived.size());
    for (const Finding& f : c.findingsWaived)
        new QTreeWidgetItem(waived, {f.code, QStringLiteral("%1 (%2)").arg(f.message, f.waiver->reason)});
    QTreeWidgetItem* unwaived = group(
        QStringLiteral("findingsUnwaived"), QStringLiteral("Findings no longer waived"), c.findingsUnwaived.size());
    for (const Finding& f : c.findingsUnwaived)
        new QTreeWidgetItem(unwaived, {f.code, f.message});
}

void CompareView::fillCharts()
{
    const DesignFigures& current = mAnalysis->figures();
    const DesignFigures& other = *mOtherFigures;
    // Both designs on the tier chart, each by its all-in band (as the Charts dock places one).
    std::vector<TierChartDesign> designs;
    bool inference = false;
    auto place = [&](const DesignFigures& f, const QString& name, const QString& objectName, const QColor& color) {
        if (!f.cost)
            return;
        inference = inference || (f.cost->tier && f.cost->tier->id == QLatin1String("inference"));
        // No point labels: two of them overlap where the designs are close; the legend names both.
        designs.push_back(TierChartDesign{name, objectName, QString(), f.summary.gpus, f.cost->allInBand, color});
    };
    place(other, mOtherLabel, QStringLiteral("other"), kOtherColor);
    place(current, QStringLiteral("Current design"), QStringLiteral("current"), kCurrentColor);
    drawTierChart(tierChart(), designs, inference);
    tierChart()->setTitle(
        tr("All-in cost against the tier table: %1 and the current design").arg(mOtherLabel.toHtmlEscaped()));

    // Capital cost by area (CostReport::capexByArea, the Charts dock's slices) as bars side by side.
    QChart* chart = costChart();
    clearChart(chart);
    if (!current.cost || !other.cost) {
        chart->setTitle(tr("Cost by area unavailable"));
        return;
    }
    chart->setTitle(tr("Capital cost by area (USD): %1 against the current design").arg(mOtherLabel.toHtmlEscaped()));
    auto* before = new QBarSet(mOtherLabel);
    before->setObjectName(QStringLiteral("other"));
    before->setColor(kOtherColor);
    auto* after = new QBarSet(QStringLiteral("Current design"));
    after->setObjectName(QStringLiteral("current"));
    after->setColor(kCurrentColor);
    QStringList areas;
    double top = 0;
    for (size_t i = 0; i < current.cost->capexByArea.size() && i < other.cost->capexByArea.size(); ++i) {
        areas << current.cost->capexByArea[i].name;
        *before << other.cost->capexByArea[i].usd;
        *after << current.cost->capexByArea[i].usd;
        top = std::max({top, other.cost->capexByArea[i].usd, current.cost->capexByArea[i].usd});
    }
    auto* bars = new QBarSeries;
    bars->setObjectName(QStringLiteral("compareAreas"));
    bars->append(before);
    bars->append(after);
    chart->addSeries(bars);
    auto* categories = new QBarCategoryAxis;
    categories->append(areas);
    auto* y = new QValueAxis;
    y->setRange(0, top > 0 ? top * 1.1 : 1.0);
    y->setLabelFormat(QStringLiteral("%.3g"));
    y->setTitleText(tr("USD"));
    chart->addAxis(categories, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    bars->attachAxis(categories);
    bars->attachAxis(y);
}

} // namespace pw::ui
