#include "workloaddialog.h"

#include "catalog/catalog.h"
#include "model/useroption.h"
#include "util/plural.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLocale>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>

namespace pw::ui {

namespace {

// The sizer's assumption with each setting it names as this dialog's field for it.
QString asFields(const QString& coreText)
{
    return UserOptions::rewrite(coreText, [](UserOption o) {
        switch (o) {
        case UserOption::TrainingTokens:
            return QObject::tr("“Training tokens” field");
        case UserOption::TrainingDays:
            return QObject::tr("“Target days” field");
        case UserOption::FineTuneMethod:
            return QObject::tr("“Fine-tuning” field");
        default:
            return UserOptions::name(o);
        }
    });
}

} // namespace

WorkloadDialog::WorkloadDialog(const Catalog& catalog, QWidget* parent)
    : QDialog(parent),
      mCatalog(catalog),
      mParameters(new QDoubleSpinBox(this)),
      mTask(new QComboBox(this)),
      mMethod(new QComboBox(this)),
      mTokens(new QDoubleSpinBox(this)),
      mDays(new QDoubleSpinBox(this)),
      mServer(new QComboBox(this)),
      mOutput(new QTextBrowser(this)),
      mGenerate(new QPushButton(tr("&Generate design…"), this))
{
    setWindowTitle(tr("New from workload"));
    mParameters->setObjectName(QStringLiteral("parameters"));
    mTask->setObjectName(QStringLiteral("task"));
    mMethod->setObjectName(QStringLiteral("fineTuneMethod"));
    mTokens->setObjectName(QStringLiteral("tokens"));
    mDays->setObjectName(QStringLiteral("targetDays"));
    mServer->setObjectName(QStringLiteral("gpuServer"));
    mOutput->setObjectName(QStringLiteral("sizingResult"));
    mGenerate->setObjectName(QStringLiteral("generateDesign"));

    mParameters->setRange(0.1, 100000);
    mParameters->setDecimals(1);
    mParameters->setSuffix(tr(" B parameters"));
    mParameters->setValue(70);
    for (WorkloadTask t : {WorkloadTask::Train, WorkloadTask::FineTune, WorkloadTask::Inference})
        mTask->addItem(toString(t), int(t));
    mMethod->addItem(tr("LoRA (adapters, frozen BF16 weights)"), int(FineTuneMethod::Lora));
    mMethod->addItem(tr("QLoRA (adapters, frozen 4-bit weights)"), int(FineTuneMethod::Qlora));
    mMethod->addItem(tr("Full (every weight)"), int(FineTuneMethod::Full));
    // 0 (the minimum) means "the default rule": 20 tokens per parameter (Chinchilla).
    mTokens->setRange(0, 1e6);
    mTokens->setDecimals(1);
    mTokens->setSuffix(tr(" B tokens"));
    mTokens->setSpecialValueText(tr("%1 per parameter (Chinchilla)").arg(SizingRequest::kTokensPerParameter));
    mTokens->setValue(0);
    mDays->setRange(0.1, 3650);
    mDays->setDecimals(1);
    mDays->setSuffix(tr(" days"));
    mDays->setValue(SizingRequest::kDefaultTargetDays);
    for (const CatalogItem* item : catalog.items(ItemKind::Server))
        if (item->gpuCount() > 0)
            mServer->addItem(QStringLiteral("%1 — %2").arg(item->sku, item->model), item->sku);
    if (const CatalogItem* preferred = catalog.withRole(ItemRole::DefaultGpuServer))
        if (const int i = mServer->findData(preferred->sku); i >= 0)
            mServer->setCurrentIndex(i);

    auto* form = new QFormLayout;
    form->addRow(tr("&Model size:"), mParameters);
    form->addRow(tr("&Task:"), mTask);
    form->addRow(tr("&Fine-tuning:"), mMethod);
    form->addRow(tr("Training t&okens:"), mTokens);
    form->addRow(tr("Target &days:"), mDays);
    form->addRow(tr("GPU &server:"), mServer); // Alt+G is Generate
    mOutput->setMinimumSize(520, 260);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(mGenerate, QDialogButtonBox::ActionRole);
    mGenerate->setDefault(true);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(mGenerate, &QPushButton::clicked, this, [this] {
        remember();
        done(GenerateRequested);
    });
    auto* root = new QVBoxLayout(this);
    root->addLayout(form);
    root->addWidget(mOutput, 1);
    root->addWidget(buttons);

    connect(mParameters, &QDoubleSpinBox::valueChanged, this, &WorkloadDialog::recompute);
    connect(mTokens, &QDoubleSpinBox::valueChanged, this, &WorkloadDialog::recompute);
    connect(mDays, &QDoubleSpinBox::valueChanged, this, &WorkloadDialog::recompute);
    connect(mTask, &QComboBox::currentIndexChanged, this, &WorkloadDialog::recompute);
    connect(mMethod, &QComboBox::currentIndexChanged, this, &WorkloadDialog::recompute);
    connect(mServer, &QComboBox::currentIndexChanged, this, &WorkloadDialog::recompute);
    recompute();
}

namespace {
const QString kRememberedKey = QStringLiteral("wizards/workload");
} // namespace

void WorkloadDialog::remember() const
{
    const QJsonObject o{{QStringLiteral("parameters_b"), mParameters->value()},
        {QStringLiteral("task"), mTask->currentData().toInt()},
        {QStringLiteral("method"), mMethod->currentData().toInt()}, {QStringLiteral("tokens_b"), mTokens->value()},
        {QStringLiteral("days"), mDays->value()}, {QStringLiteral("server"), mServer->currentData().toString()}};
    QSettings().setValue(kRememberedKey, QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact)));
}

void WorkloadDialog::restoreRemembered()
{
    const QJsonObject o = QJsonDocument::fromJson(QSettings().value(kRememberedKey).toString().toUtf8()).object();
    if (o.isEmpty())
        return;
    auto pick = [](QComboBox* box, const QVariant& value) {
        if (const int i = box->findData(value); i >= 0)
            box->setCurrentIndex(i);
    };
    mParameters->setValue(o.value(QLatin1String("parameters_b")).toDouble(mParameters->value()));
    pick(mTask, o.value(QLatin1String("task")).toInt());
    pick(mMethod, o.value(QLatin1String("method")).toInt());
    mTokens->setValue(o.value(QLatin1String("tokens_b")).toDouble(mTokens->value()));
    mDays->setValue(o.value(QLatin1String("days")).toDouble(mDays->value()));
    pick(mServer, o.value(QLatin1String("server")).toString());
    recompute();
}

SizingRequest WorkloadDialog::request() const
{
    SizingRequest r = SizingRequest::forServer(mCatalog.item(mServer->currentData().toString()));
    r.parameters = mParameters->value() * 1e9;
    r.task = WorkloadTask(mTask->currentData().toInt());
    r.fineTuneMethod = FineTuneMethod(mMethod->currentData().toInt());
    if (mTokens->value() > 0)
        r.tokens = mTokens->value() * 1e9;
    r.targetDays = mDays->value();
    return r;
}

void WorkloadDialog::recompute()
{
    const WorkloadTask task = WorkloadTask(mTask->currentData().toInt());
    const bool training = task != WorkloadTask::Inference;
    mMethod->setEnabled(task == WorkloadTask::FineTune);
    mTokens->setEnabled(training);
    mDays->setEnabled(training);
    mResult = WorkloadSizer::size(request());
    mOutput->setHtml(resultText());
    mGenerate->setEnabled(mResult.gpusRecommended > 0);
}

QString WorkloadDialog::resultText() const
{
    const QLocale l;
    const SizingResult& r = mResult;
    QString html = QStringLiteral("<h3>%1 %2 recommended</h3>")
                       .arg(l.toString(r.gpusRecommended), plural(r.gpusRecommended, "GPU", "GPUs"));
    html += QStringLiteral("<p>%1 × %2 (%3 per server) · %4 for memory · %5 for the time target</p>")
                .arg(l.toString((r.gpusRecommended + std::max(1, r.gpusPerServer) - 1) / std::max(1, r.gpusPerServer)),
                    r.serverSku.toHtmlEscaped())
                .arg(r.gpusPerServer)
                .arg(l.toString(r.gpusForMemory), l.toString(r.gpusForTime));
    html += QStringLiteral("<p><b>Memory</b>: %1 GB needed<br><code>%2</code></p>")
                .arg(r.memoryNeededGb, 0, 'f', 1)
                .arg(r.memoryFormula.toHtmlEscaped());
    if (r.trainingDays)
        html += QStringLiteral("<p><b>Training time</b>: %1 days<br><code>%2</code></p>")
                    .arg(*r.trainingDays, 0, 'f', 1)
                    .arg(r.timeFormula.toHtmlEscaped());
    if (!r.assumptions.isEmpty()) {
        html += QStringLiteral("<p><b>Assumptions</b></p><ul>");
        for (const QString& a : r.assumptions)
            html += QStringLiteral("<li>%1</li>").arg(asFields(a).toHtmlEscaped());
        html += QStringLiteral("</ul>");
    }
    return html;
}

} // namespace pw::ui
