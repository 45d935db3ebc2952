#include "powerpanel.h"

#include "designanalysis.h"
#include "designdocument.h"

#include "commands/setdesignpropertiescommand.h"
#include "facility/powerchain.h"

#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

namespace pw::ui {

namespace {

QString kw(double v)
{
    return QLocale().toString(v, 'f', 1);
}

QTableWidget* makeTable(QWidget* parent, const QString& name, const QStringList& headers)
{
    auto* t = new QTableWidget(parent);
    t->setObjectName(name);
    t->setColumnCount(static_cast<int>(headers.size()));
    t->setHorizontalHeaderLabels(headers);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setAlternatingRowColors(true);
    t->verticalHeader()->hide();
    t->horizontalHeader()->setStretchLastSection(true);
    return t;
}

void setCell(QTableWidget* t, int row, int col, const QString& text, bool right = true)
{
    auto* item = new QTableWidgetItem(text);
    if (right)
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    t->setItem(row, col, item);
}

} // namespace

PowerPanel::PowerPanel(DesignDocument* document, DesignAnalysis* analysis, QWidget* parent)
    : QWidget(parent),
      mDocument(document),
      mAnalysis(analysis),
      mSummary(new QLabel(this)),
      mRowLimit(new QDoubleSpinBox(this)),
      mHallLimit(new QDoubleSpinBox(this)),
      mRacksPerLoop(new QSpinBox(this)),
      mCduSpares(new QSpinBox(this)),
      mRows(makeTable(this, QStringLiteral("powerRows"),
          {tr("Row"), tr("Racks"), tr("GPUs"), tr("Max kW"), tr("Typical kW"), tr("Liquid kW"), tr("Air kW")})),
      mLoops(makeTable(this, QStringLiteral("powerLoops"),
          {tr("Coolant loop"), tr("Racks"), tr("Liquid kW"), tr("CDUs needed"), tr("CDUs with spares"),
              tr("CDUs feeding it")}))
{
    mSummary->setObjectName(QStringLiteral("powerSummary"));
    mSummary->setWordWrap(true);
    mSummary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    mRowLimit->setObjectName(QStringLiteral("rowLimitKw"));
    mHallLimit->setObjectName(QStringLiteral("hallLimitKw"));
    mRacksPerLoop->setObjectName(QStringLiteral("racksPerLoop"));
    mCduSpares->setObjectName(QStringLiteral("cduSpares"));
    for (QDoubleSpinBox* box : {mRowLimit, mHallLimit}) {
        box->setRange(0, 1e7);
        box->setDecimals(1);
        box->setSuffix(tr(" kW"));
        box->setSpecialValueText(tr("no limit"));
        box->setKeyboardTracking(false);
    }
    mRowLimit->setToolTip(tr("IT maximum a row's power distribution is built for (POWER-ROW-LIMIT); 0: no limit"));
    mHallLimit->setToolTip(tr("IT maximum of the data hall (POWER-HALL-LIMIT); 0: no limit"));
    mRacksPerLoop->setRange(1, 10'000);
    mRacksPerLoop->setKeyboardTracking(false);
    mRacksPerLoop->setToolTip(tr("Liquid-cooled racks sharing one coolant loop, within a row"));
    mCduSpares->setRange(0, 100);
    mCduSpares->setKeyboardTracking(false);
    mCduSpares->setToolTip(tr("CDUs per loop beyond those its heat needs (1: N+1)"));

    auto* form = new QFormLayout;
    form->addRow(tr("Row limit:"), mRowLimit);
    form->addRow(tr("Hall limit:"), mHallLimit);
    form->addRow(tr("Racks per loop:"), mRacksPerLoop);
    form->addRow(tr("Spare CDUs per loop:"), mCduSpares);
    auto* left = new QVBoxLayout;
    left->addWidget(mSummary);
    left->addLayout(form);
    left->addStretch();
    auto* tables = new QVBoxLayout;
    tables->addWidget(mRows, 3);
    tables->addWidget(mLoops, 2);
    auto* layout = new QHBoxLayout(this);
    layout->addLayout(left, 2);
    layout->addLayout(tables, 5);

    connect(mRowLimit, &QDoubleSpinBox::valueChanged, this,
        [this](double v) { (void)setValue(QStringLiteral("row_limit_kw"), v); });
    connect(mHallLimit, &QDoubleSpinBox::valueChanged, this,
        [this](double v) { (void)setValue(QStringLiteral("hall_limit_kw"), v); });
    connect(mRacksPerLoop, &QSpinBox::valueChanged, this,
        [this](int v) { (void)setValue(QStringLiteral("racks_per_loop"), v); });
    connect(
        mCduSpares, &QSpinBox::valueChanged, this, [this](int v) { (void)setValue(QStringLiteral("cdu_spares"), v); });
    connect(mAnalysis, &DesignAnalysis::updated, this, &PowerPanel::refresh);
    refresh();
}

QString PowerPanel::summaryText() const
{
    return mSummary->text();
}

bool PowerPanel::setValue(const QString& key, double value)
{
    if (FacilityAssumptions::whyInvalid(key, value))
        return false;
    const Design& design = mDocument->design();
    if (FacilityAssumptions::of(design).toJson().value(key).toDouble() == value)
        return false;
    QJsonObject stored = design.properties().value(QLatin1String(FacilityAssumptions::kKey)).toObject();
    stored.insert(key, value);
    QJsonObject props = design.properties();
    props.insert(QLatin1String(FacilityAssumptions::kKey), stored);
    return mDocument
        ->execute(std::make_unique<SetDesignPropertiesCommand>(tr("Change power chain setting %1").arg(key), props))
        .ok;
}

void PowerPanel::refresh()
{
    const std::optional<PowerChain>& power = mAnalysis->figures().power;
    const FacilityAssumptions a = FacilityAssumptions::of(mDocument->design());
    {
        const QSignalBlocker b1(mRowLimit);
        const QSignalBlocker b2(mHallLimit);
        const QSignalBlocker b3(mRacksPerLoop);
        const QSignalBlocker b4(mCduSpares);
        mRowLimit->setValue(a.rowLimitKw.value);
        mHallLimit->setValue(a.hallLimitKw.value);
        mRacksPerLoop->setValue(static_cast<int>(a.racksPerLoop.value));
        mCduSpares->setValue(static_cast<int>(a.cduSpares.value));
    }
    mRows->setRowCount(0);
    mLoops->setRowCount(0);
    if (!power) {
        mSummary->setText(mAnalysis->costError().isEmpty()
                ? tr("No figures yet.")
                : tr("Power figures unavailable: %1").arg(mAnalysis->costError()));
        return;
    }
    const PowerChain& c = *power;
    int survive = 0;
    for (const RackChain& r : c.racks)
        survive += r.survivesOneFeedLost(c.feeds);
    mSummary->setText(tr("IT load %1 kW maximum, %2 kW typical. Facility at PUE %3: %4 kW maximum, %5 kW typical.\n"
                         "Heat: %6 kW to liquid, %7 kW to air.\n"
                         "%8 of %9 racks carry their maximum with one feed lost.\n"
                         "CDUs: %10 planned (%11 kW each), %12 placed.")
                          .arg(kw(c.figures.itMaxKw), kw(c.figures.itTypicalKw))
                          .arg(c.figures.pue)
                          .arg(kw(c.figures.facilityMaxKw), kw(c.facilityTypicalKw), kw(c.liquidKw), kw(c.airKw))
                          .arg(survive)
                          .arg(c.racks.size())
                          .arg(c.cdusPlanned())
                          .arg(kw(a.cduCapacityKw.value))
                          .arg(c.cdusPlaced)
        + (c.sidecars.empty() ? QString()
                              : tr("\nPower chain 800 VDC: %1 sidecar power racks; %2")
                                    .arg(c.sidecars.size())
                                    .arg(c.figures.distributionNote())));
    mSummary->setToolTip(c.assumptionLines().join(QLatin1Char('\n')));
    mRows->setRowCount(static_cast<int>(c.rows.size()));
    for (int i = 0; i < static_cast<int>(c.rows.size()); ++i) {
        const RowChain& r = c.rows[size_t(i)];
        setCell(mRows, i, 0, r.name, false);
        setCell(mRows, i, 1, QString::number(r.racks.size()));
        setCell(mRows, i, 2, QString::number(r.gpus));
        setCell(mRows, i, 3, kw(r.maxKw));
        setCell(mRows, i, 4, kw(r.typicalKw));
        setCell(mRows, i, 5, kw(r.liquidKw));
        setCell(mRows, i, 6, kw(r.airKw));
        if (a.rowOverLimit(r.maxKw)) {
            mRows->item(i, 3)->setForeground(QColor(0xc6, 0x28, 0x28));
            mRows->item(i, 3)->setToolTip(
                tr("Above the row limit of %1 kW (POWER-ROW-LIMIT)").arg(kw(a.rowLimitKw.value)));
        }
    }
    mLoops->setRowCount(static_cast<int>(c.loops.size()));
    for (int i = 0; i < static_cast<int>(c.loops.size()); ++i) {
        const CoolantLoop& l = c.loops[size_t(i)];
        setCell(mLoops, i, 0, l.name, false);
        setCell(mLoops, i, 1, QString::number(l.racks.size()));
        setCell(mLoops, i, 2, kw(l.liquidKw));
        setCell(mLoops, i, 3, QString::number(l.cdusNeeded));
        setCell(mLoops, i, 4, QString::number(l.cdus));
        // The placed CDUs the power chain gives this loop (standing after its racks in the row).
        setCell(mLoops, i, 5, l.cduNames.isEmpty() ? tr("none placed") : l.cduNames.join(QStringLiteral(", ")), false);
    }
}

} // namespace pw::ui
