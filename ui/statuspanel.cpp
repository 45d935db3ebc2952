#include "statuspanel.h"

#include "designdocument.h"

#include "cost/costmodel.h"
#include "model/design.h"
#include "model/designsummary.h"
#include "validate/designrules.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QRegularExpression>
#include <QTimer>

namespace pw::ui {

StatusPanel::StatusPanel(DesignDocument* document, QWidget* parent)
    : QWidget(parent), mDocument(document), mDebounce(new QTimer(this)), mCounts(new QLabel(this)),
      mPower(new QLabel(this)), mCost(new QLabel(this)), mFindings(new QLabel(this))
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(14);
    for (QLabel* l : {mCounts, mPower, mCost, mFindings})
        layout->addWidget(l);
    mCost->setToolTip(QStringLiteral("Capital cost from the cost model: sum of catalog list prices and estimates "
                                     "(or your price overrides) for every node, rack, cable and transceiver"));
    mPower->setToolTip(QStringLiteral("Sum of the catalog's maximum power of every node"));
    mDebounce->setSingleShot(true);
    mDebounce->setInterval(250);
    connect(mDebounce, &QTimer::timeout, this, &StatusPanel::recompute);
    connect(document, &DesignDocument::changed, this, [this] {
        // Big designs take a noticeable fraction of a second to cost and check: wait for a pause.
        mDebounce->start(mDocument->design().nodes().size() > 5000 ? 1500 : 250);
    });
    recompute();
}

void StatusPanel::recompute()
{
    const Design& d = mDocument->design();
    const DesignSummary s = DesignSummary::of(d);
    mGpus = s.gpus;
    mCounts->setText(QStringLiteral("<b>%L1</b> GPUs · <b>%L2</b> servers · <b>%L3</b> switches · %L4 links")
                         .arg(s.gpus).arg(s.servers).arg(s.switches).arg(s.links));
    double watts = 0;
    d.nodes().forEach([&](const Node& n) {
        if (const CatalogItem* item = d.item(n.sku))
            watts += item->maxPower().value();
    });
    mPowerKw = watts / 1000.0;
    mPower->setText(QStringLiteral("<b>%L1</b> kW max").arg(mPowerKw, 0, 'f', 1));
    QString findings;
    try {
        const CostReport cost = CostModel::compute(d, CostAssumptions::ofProperties(d.properties()));
        mCapex = cost.capex;
        mCost->setText(QStringLiteral("list/estimate hardware total <b>$%L1</b>").arg(cost.capex, 0, 'f', 0));
        ValidationOptions options;
        options.fabricAnalysis = d.nodes().size() <= 300; // the max-flow checks are for the Validate panel
        const FindingCounts counts = FindingCounts::of(validate(d, options));
        findings = QStringLiteral("<span style='color:%1'><b>%2</b> errors</span> · <span style='color:%3'><b>%4</b> warnings</span>")
                       .arg(counts.errors ? QStringLiteral("#c62828") : QStringLiteral("#2e7d32")).arg(counts.errors)
                       .arg(counts.warnings ? QStringLiteral("#b26a00") : QStringLiteral("#2e7d32")).arg(counts.warnings);
    } catch (const std::exception& e) {
        mCost->setText(QStringLiteral("cost unavailable"));
        findings = QStringLiteral("rules unavailable: %1").arg(QString::fromUtf8(e.what()));
    }
    mFindings->setText(findings);
}

QString StatusPanel::text() const
{
    QStringList parts;
    for (const QLabel* l : {mCounts, mPower, mCost, mFindings}) {
        QString t = l->text();
        t.remove(QRegularExpression(QStringLiteral("<[^>]*>")));
        parts << t;
    }
    return parts.join(QStringLiteral(" | "));
}

} // namespace pw::ui
