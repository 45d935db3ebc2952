#include "statuspanel.h"

#include "designanalysis.h"

#include "util/money.h"
#include "util/plural.h"
#include "validate/designrules.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QRegularExpression>

namespace pw::ui {

StatusPanel::StatusPanel(DesignAnalysis* analysis, QWidget* parent)
    : QWidget(parent),
      mAnalysis(analysis),
      mCounts(new QLabel(this)),
      mPower(new QLabel(this)),
      mCost(new QLabel(this)),
      mFindings(new QLabel(this))
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(14);
    for (QLabel* l : {mCounts, mPower, mCost, mFindings})
        layout->addWidget(l);
    mCost->setToolTip(tr("Capital cost from the cost model: sum of catalog list prices and estimates "
                         "(or your price overrides) for every node, rack, cable and transceiver; the band adds every "
                         "estimate at the low and high end of its price band"));
    mPower->setToolTip(tr("Sum of the catalog's maximum power of every node"));
    mFindings->setToolTip(tr("Unwaived design-rule findings (click: show the Findings panel)"));
    mFindings->setCursor(Qt::PointingHandCursor);
    connect(mFindings, &QLabel::linkActivated, this, [this] { Q_EMIT findingsClicked(); });
    connect(mAnalysis, &DesignAnalysis::updated, this, &StatusPanel::refresh);
    refresh();
}

void StatusPanel::recompute()
{
    mAnalysis->recompute();
}

void StatusPanel::refresh()
{
    const DesignSummary& s = mAnalysis->summary();
    mGpus = s.gpus;
    mFull.counts = tr("<b>%L1</b> %2 · <b>%L3</b> %4 · <b>%L5</b> %6 · %L7 %8")
                       .arg(s.gpus)
                       .arg(plural(s.gpus, "GPU", "GPUs"))
                       .arg(s.servers)
                       .arg(plural(s.servers, "server", "servers"))
                       .arg(s.switches)
                       .arg(plural(s.switches, "switch", "switches"))
                       .arg(s.links)
                       .arg(plural(s.links, "link", "links"));
    mCompact.counts = mFull.counts;
    // The scale-up domains (model/nvlinkdomains.h): what a tensor-parallel job can stay inside.
    if (s.nvlink.count() > 0)
        mFull.counts += QStringLiteral(" · %1").arg(s.nvlink.text().toHtmlEscaped());
    mPowerKw = mAnalysis->maxPowerKw();
    if (const auto ratio = mAnalysis->bisectionRatio())
        mFull.power = tr("<b>%L1</b> kW max · bisection <b>%L2</b>").arg(mPowerKw, 0, 'f', 1).arg(*ratio, 0, 'f', 2);
    else
        mFull.power = tr("<b>%L1</b> kW max").arg(mPowerKw, 0, 'f', 1);
    mCompact.power = mFull.power;
    if (const auto planes = mAnalysis->planes(); planes && planes->onePlaneLostRatio)
        mFull.power
            += tr(" · <b>%L1</b> planes (one lost: %L2)").arg(planes->count).arg(*planes->onePlaneLostRatio, 0, 'f', 2);
    if (const auto& cost = mAnalysis->cost()) {
        mCapex = cost->capex;
        // The mid in bold, the band from every estimate's low and high end beside it.
        const Money& usd = Money::usd();
        mFull.cost = tr("list/estimate hardware total <b>%1</b> (band %2–%3)")
                         .arg(usd.exact(cost->capex), usd.exact(cost->capexBand.low), usd.exact(cost->capexBand.high));
        mCompact.cost = tr("hardware <b>%1</b>").arg(usd.exact(cost->capex));
    } else {
        mCapex = 0;
        mFull.cost = tr("cost unavailable: %1").arg(mAnalysis->costError().toHtmlEscaped());
        mCompact.cost = tr("cost unavailable");
    }
    if (mAnalysis->rulesAvailable()) {
        const FindingCounts counts = FindingCounts::of(mAnalysis->findings());
        mErrors = counts.errors;
        // A link (styled as plain text) so a click on the counts can open the findings.
        mFull.findings = tr("<a href='findings' style='text-decoration:none'>"
                            "<span style='color:%1'><b>%2</b> %3</span> · "
                            "<span style='color:%4'><b>%5</b> %6</span></a>")
                             .arg(counts.errors ? QStringLiteral("#c62828") : QStringLiteral("#2e7d32"))
                             .arg(counts.errors)
                             .arg(plural(counts.errors, "error", "errors"))
                             .arg(counts.warnings ? QStringLiteral("#b26a00") : QStringLiteral("#2e7d32"))
                             .arg(counts.warnings)
                             .arg(plural(counts.warnings, "warning", "warnings"));
        mCompact.findings = mFull.findings;
    } else {
        mErrors = 0;
        mFull.findings = tr("rules unavailable: %1").arg(mAnalysis->rulesError().toHtmlEscaped());
        mCompact.findings = tr("rules unavailable");
    }
    updateGeometry(); // the status bar asks again how wide the panel wants to be
    showFitting();
}

QSize StatusPanel::minimumSizeHint() const
{
    return {widthOf(mCompact), QWidget::minimumSizeHint().height()};
}

QSize StatusPanel::sizeHint() const
{
    return {widthOf(mFull), QWidget::sizeHint().height()};
}

void StatusPanel::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    showFitting();
}

void StatusPanel::showFitting()
{
    mCompactShown = width() < widthOf(mFull);
    display(mCompactShown ? mCompact : mFull);
}

void StatusPanel::display(const Texts& texts)
{
    mCounts->setText(texts.counts);
    mPower->setText(texts.power);
    mCost->setText(texts.cost);
    mFindings->setText(texts.findings);
}

int StatusPanel::widthOf(const Texts& texts) const
{
    // A label's width is what its rich text lays out to in the panel's font: measured on a probe.
    QLabel probe;
    probe.setFont(mCounts->font());
    int width = 3 * layout()->spacing();
    for (const QString& text : {texts.counts, texts.power, texts.cost, texts.findings}) {
        probe.setText(text);
        width += probe.sizeHint().width();
    }
    return width;
}

QString StatusPanel::text() const
{
    QStringList parts;
    for (QString t : {mFull.counts, mFull.power, mFull.cost, mFull.findings}) {
        t.remove(QRegularExpression(QStringLiteral("<[^>]*>")));
        parts << t;
    }
    return parts.join(QStringLiteral(" | "));
}

} // namespace pw::ui
