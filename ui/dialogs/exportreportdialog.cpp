#include "dialogs/exportreportdialog.h"

#include "designpicturerenderer.h"
#include "export/exportformats.h"
#include "io/atomicfile.h"
#include "model/design.h"
#include "model/designname.h"
#include "pdfreportwriter.h"
#include "util/errors.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

namespace pw {

namespace {

QWidget* withBrowse(QLineEdit* edit, QWidget* parent, const std::function<void()>& browse)
{
    auto* w = new QWidget(parent);
    auto* l = new QHBoxLayout(w);
    l->setContentsMargins(0, 0, 0, 0);
    l->addWidget(edit, 1);
    auto* b = new QPushButton(QObject::tr("Browse…"), w);
    QObject::connect(b, &QPushButton::clicked, w, browse);
    l->addWidget(b);
    return w;
}

QString suggestedName(const Design& design, const QString& filePath, const QString& suffix)
{
    QString dir = QSettings().value(QStringLiteral("export/lastFolder")).toString();
    QString base;
    if (!filePath.isEmpty()) {
        const QFileInfo fi(filePath);
        base = fi.completeBaseName();
        if (dir.isEmpty())
            dir = fi.absolutePath();
    } else {
        base = design.name().isEmpty() ? QStringLiteral("design") : design.name();
        base.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]+")), QStringLiteral("-"));
    }
    if (dir.isEmpty())
        dir = QDir::homePath();
    return QDir(dir).filePath(base + suffix);
}

} // namespace

ExportReportDialog::ExportReportDialog(const QString& title, const QString& suggestedPath, QWidget* parent)
    : QDialog(parent),
      mTitle(new QLineEdit(title, this)),
      mCustomer(new QLineEdit(this)),
      mPreparedBy(new QLineEdit(this)),
      mLogo(new QLineEdit(this)),
      mCurrency(new QComboBox(this)),
      mRate(new QDoubleSpinBox(this)),
      mPageSize(new QComboBox(this)),
      mAppendix(new QCheckBox(tr("Add the internal sourcing &appendix (for the team, not for customers)"), this)),
      mChanges(new QCheckBox(tr("Add \"Changes since &revision\":"), this)),
      mChangesRevision(new QSpinBox(this)),
      mOutput(new QLineEdit(this))
{
    setWindowTitle(tr("Export Report"));
    setObjectName(QStringLiteral("exportReportDialog"));
    auto* layout = new QVBoxLayout(this);

    auto* who = new QGroupBox(tr("Proposal"), this);
    auto* form = new QFormLayout(who);
    mTitle->setObjectName(QStringLiteral("title"));
    mTitle->setPlaceholderText(title);
    mTitle->setToolTip(tr("The title on the cover and in every page header"));
    form->addRow(tr("&Title:"), mTitle);
    mCustomer->setObjectName(QStringLiteral("customer"));
    mCustomer->setPlaceholderText(tr("Customer name"));
    form->addRow(tr("Custo&mer:"), mCustomer); // Alt+C is Cancel, Alt+U Currency
    mPreparedBy->setObjectName(QStringLiteral("preparedBy"));
    mPreparedBy->setPlaceholderText(tr("Your name and company"));
    form->addRow(tr("Prepared &by:"), mPreparedBy);
    mLogo->setObjectName(QStringLiteral("logo"));
    mLogo->setPlaceholderText(tr("PNG, JPEG or SVG shown on the cover (optional)"));
    form->addRow(tr("&Logo:"), withBrowse(mLogo, this, [this] {
        const QString f
            = QFileDialog::getOpenFileName(this, tr("Logo"), mLogo->text(), tr("Images (*.png *.jpg *.jpeg *.svg)"));
        if (!f.isEmpty())
            mLogo->setText(f);
    }));
    mCurrency->setObjectName(QStringLiteral("currency"));
    mCurrency->addItems({QStringLiteral("USD"), QStringLiteral("EUR"), QStringLiteral("GBP")});
    mCurrency->setEditable(true);
    mRate->setObjectName(QStringLiteral("exchangeRate"));
    mRate->setDecimals(4);
    mRate->setRange(0.0001, 100000);
    mRate->setValue(1.0);
    mRate->setToolTip(tr("Units of the currency per US dollar: every price is in USD and converted at this rate."));
    auto* money = new QWidget(this);
    auto* ml = new QHBoxLayout(money);
    ml->setContentsMargins(0, 0, 0, 0);
    ml->addWidget(mCurrency);
    ml->addWidget(new QLabel(tr("per USD:"), money));
    ml->addWidget(mRate, 1);
    form->addRow(tr("C&urrency:"), money);
    mPageSize->setObjectName(QStringLiteral("pageSize"));
    mPageSize->addItems({QStringLiteral("A4"), QStringLiteral("Letter")});
    form->addRow(tr("&Page size:"), mPageSize);
    layout->addWidget(who);

    auto* sections = new QGroupBox(tr("Sections"), this);
    auto* grid = new QGridLayout(sections);
    int i = 0;
    for (ReportSection s : ReportOptions::allSections()) {
        auto* box = new QCheckBox(
            s == ReportSection::Cover ? tr("Cover and contents") : ReportOptions::sectionTitle(s), sections);
        box->setObjectName(QStringLiteral("section_") + ReportOptions::sectionId(s));
        box->setChecked(true);
        connect(box, &QCheckBox::toggled, this, &ExportReportDialog::updateState);
        grid->addWidget(box, i / 2, i % 2);
        mSections.emplace_back(s, box);
        ++i;
    }
    layout->addWidget(sections);
    mAppendix->setObjectName(QStringLiteral("sourcingAppendix"));
    mAppendix->setToolTip(tr("Every figure's source as the catalog records it, with its reliability notes"));
    layout->addWidget(mAppendix);
    // What changed since the revision the customer has (a design from the team repository only).
    auto* changes = new QWidget(this);
    changes->setObjectName(QStringLiteral("changesSinceRow"));
    auto* cl = new QHBoxLayout(changes);
    cl->setContentsMargins(0, 0, 0, 0);
    mChanges->setObjectName(QStringLiteral("changesSince"));
    mChanges->setToolTip(tr("An appendix with what differs from an earlier revision of this design in the team "
                            "repository: equipment, figures, cost and findings"));
    mChangesRevision->setObjectName(QStringLiteral("changesSinceRevision"));
    mChangesRevision->setPrefix(tr("r"));
    mChangesRevision->setEnabled(false);
    cl->addWidget(mChanges);
    cl->addWidget(mChangesRevision);
    cl->addStretch(1);
    changes->hide();
    connect(mChanges, &QCheckBox::toggled, mChangesRevision, &QWidget::setEnabled);
    layout->addWidget(changes);

    auto* out = new QFormLayout;
    mOutput->setObjectName(QStringLiteral("output"));
    mOutput->setText(suggestedPath);
    out->addRow(tr("&Save to:"), withBrowse(mOutput, this, [this] {
        const QString f = QFileDialog::getSaveFileName(this, tr("Save Report"), mOutput->text(), tr("PDF (*.pdf)"));
        if (!f.isEmpty())
            mOutput->setText(f.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive) ? f : f + QStringLiteral(".pdf"));
    }));
    layout->addLayout(out);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    mOk = buttons->button(QDialogButtonBox::Ok);
    mOk->setText(tr("&Export"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    setMinimumWidth(480);
    connect(mCurrency, &QComboBox::currentTextChanged, this, &ExportReportDialog::updateState);
    connect(mOutput, &QLineEdit::textChanged, this, &ExportReportDialog::updateState);
    updateState();
}

void ExportReportDialog::updateState()
{
    const bool usd = mCurrency->currentText().trimmed().compare(QLatin1String("USD"), Qt::CaseInsensitive) == 0;
    mRate->setEnabled(!usd);
    if (usd)
        mRate->setValue(1.0);
    bool any = false;
    for (const auto& [s, box] : mSections)
        any = any || box->isChecked();
    mOk->setEnabled(any && !mOutput->text().trimmed().isEmpty());
}

ReportOptions ExportReportDialog::options() const
{
    ReportOptions o;
    o.title = mTitle->text().trimmed();
    o.sourcingAppendix = mAppendix->isChecked();
    o.customer = mCustomer->text().trimmed();
    o.preparedBy = mPreparedBy->text().trimmed();
    o.logoPath = mLogo->text().trimmed();
    o.currency = mCurrency->currentText().trimmed().toUpper();
    if (o.currency.isEmpty())
        o.currency = QStringLiteral("USD");
    o.exchangeRate = o.currency == QLatin1String("USD") ? 1.0 : mRate->value();
    o.pageSize = mPageSize->currentText();
    if (const std::optional<int> r = changesSinceRevision())
        o.changesSince = QStringLiteral("revision %1").arg(*r); // as `report --changes-since NAME@N` says it
    o.sections.clear();
    for (const auto& [s, box] : mSections)
        if (box->isChecked())
            o.sections.push_back(s);
    return o;
}

void ExportReportDialog::setOptions(const ReportOptions& o)
{
    mCustomer->setText(o.customer);
    mPreparedBy->setText(o.preparedBy);
    mLogo->setText(o.logoPath);
    mCurrency->setCurrentText(o.currency);
    mRate->setValue(o.exchangeRate);
    mPageSize->setCurrentText(o.pageSize);
    for (const auto& [s, box] : mSections)
        box->setChecked(o.has(s));
    if (!o.title.isEmpty())
        mTitle->setText(o.title);
    mAppendix->setChecked(o.sourcingAppendix);
    updateState();
}

QString ExportReportDialog::outputPath() const
{
    return mOutput->text().trimmed();
}
void ExportReportDialog::setOutputPath(const QString& path)
{
    mOutput->setText(path);
}

void ExportReportDialog::offerChangesSince(int revision)
{
    mChangesRevision->setRange(1, std::max(1, revision));
    mChangesRevision->setValue(std::max(1, revision - 1));
    mChangesOffered = revision > 0;
    findChild<QWidget*>(QStringLiteral("changesSinceRow"))->setVisible(mChangesOffered);
}

std::optional<int> ExportReportDialog::changesSinceRevision() const
{
    if (!mChangesOffered || !mChanges->isChecked())
        return std::nullopt;
    return mChangesRevision->value();
}

QString runExportReportDialog(
    QWidget* parent, const Design& design, const QString& designFilePath, const ReportRevisionSource* repository)
{
    QSettings settings;
    ExportReportDialog dialog(
        DesignName::forReader(design), suggestedName(design, designFilePath, QStringLiteral("-proposal.pdf")), parent);
    ReportOptions remembered;
    remembered.customer = settings.value(QStringLiteral("report/customer")).toString();
    remembered.preparedBy = settings.value(QStringLiteral("report/preparedBy")).toString();
    remembered.logoPath = settings.value(QStringLiteral("report/logo")).toString();
    remembered.currency = settings.value(QStringLiteral("report/currency"), QStringLiteral("USD")).toString();
    remembered.exchangeRate = settings.value(QStringLiteral("report/exchangeRate"), 1.0).toDouble();
    remembered.pageSize = settings.value(QStringLiteral("report/pageSize"), QStringLiteral("A4")).toString();
    dialog.setOptions(remembered);
    if (repository && repository->revision > 0 && repository->pull)
        dialog.offerChangesSince(repository->revision);
    if (dialog.exec() != QDialog::Accepted)
        return {};
    const ReportOptions o = dialog.options();
    QString path = dialog.outputPath();
    if (!path.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive))
        path += QStringLiteral(".pdf");
    settings.setValue(QStringLiteral("report/customer"), o.customer);
    settings.setValue(QStringLiteral("report/preparedBy"), o.preparedBy);
    settings.setValue(QStringLiteral("report/logo"), o.logoPath);
    settings.setValue(QStringLiteral("report/currency"), o.currency);
    settings.setValue(QStringLiteral("report/exchangeRate"), o.exchangeRate);
    settings.setValue(QStringLiteral("report/pageSize"), o.pageSize);
    settings.setValue(QStringLiteral("export/lastFolder"), QFileInfo(path).absolutePath());

    QApplication::setOverrideCursor(Qt::WaitCursor);
    PdfReportWriter::Result r;
    try {
        std::optional<Design> earlier;
        if (const std::optional<int> since = dialog.changesSinceRevision())
            earlier = repository->pull(*since);
        const ReportData data = ReportData::build(
            design, CostAssumptions::ofProperties(design.properties()), o, {}, earlier ? &*earlier : nullptr);
        r = PdfReportWriter::write(data, path);
    } catch (const std::exception& e) {
        r.error = QString::fromUtf8(e.what());
    }
    QApplication::restoreOverrideCursor();
    if (!r.error.isEmpty()) {
        QMessageBox::warning(parent, QObject::tr("Export Report"), r.error);
        return {};
    }
    return path;
}

namespace {

// Every export goes through the one atomic writer (keeps the old file on failure, the mode, the
// symlink); its message names the path and the system's reason.
void writeBytes(const QString& path, const QByteArray& bytes)
{
    if (bytes.isEmpty())
        throw IoError(QStringLiteral("cannot write %1: nothing was drawn").arg(path));
    AtomicFile::writeBytes(path, bytes);
}

} // namespace

QMenu* addExportMenu(QMenu* file, QWidget* parent, std::function<const Design*()> design)
{
    QMenu* menu = file->addMenu(QObject::tr("&Export"));
    menu->setObjectName(QStringLiteral("menuExport"));
    // The formats, their filters and suggested names come from core's registry, as the CLI's do.
    for (const ExportFormat& format : exportFormats()) {
        const ExportFormat* f = &format;
        QAction* a = menu->addAction(QObject::tr(f->title) + QStringLiteral("..."));
        a->setObjectName(
            QStringLiteral("actionExport_%1").arg(QLatin1String(f->id)).replace(QLatin1Char('-'), QLatin1Char('_')));
        a->setProperty("exportFormat", QLatin1String(f->id));
        a->setProperty("exportFilter", f->filter());
        QObject::connect(a, &QAction::triggered, parent, [parent, design, f] {
            const Design* d = design ? design() : nullptr;
            if (!d)
                return;
            const QString path = QFileDialog::getSaveFileName(
                parent, QObject::tr("Export"), suggestedName(*d, QString(), QLatin1String(f->suffix)), f->filter());
            if (path.isEmpty())
                return;
            QSettings().setValue(QStringLiteral("export/lastFolder"), QFileInfo(path).absolutePath());
            const QString id = QLatin1String(f->id);
            QApplication::setOverrideCursor(Qt::WaitCursor);
            QString error;
            QStringList warnings;
            try {
                if (!f->isPicture()) {
                    const ExportResult result = f->write(*d);
                    writeBytes(path, result.bytes);
                    warnings = result.warnings;
                } else if (id == QLatin1String("svg")) // the same picture as `podwright-cli export`
                    error = DesignPictureRenderer::writeSvg(DesignPicture::of(*d), DesignName::forReader(*d), path);
                else
                    error = DesignPictureRenderer::writePng(DesignPicture::of(*d), DesignName::forReader(*d), path);
            } catch (const Error& e) {
                error = e.message();
            } catch (const std::exception& e) {
                error = QString::fromUtf8(e.what());
            }
            QApplication::restoreOverrideCursor();
            if (!error.isEmpty())
                QMessageBox::warning(parent, QObject::tr("Export"), error);
            else if (!warnings.isEmpty()) // names made unique (export/exportnames.h)
                QMessageBox::information(parent, QObject::tr("Export"),
                    QObject::tr("Exported. Some names were changed so that each device keeps its own:\n%1")
                        .arg(warnings.join(QLatin1Char('\n'))));
        });
    }
    return menu;
}

} // namespace pw
