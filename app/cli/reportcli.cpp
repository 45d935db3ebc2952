#include "cli.h"

#include "cost/costassumptions.h"
#include "pdfreportwriter.h"
#include "presentation/reportdata.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QRegularExpression>

#include <optional>

namespace pw::cli {

int runReport(Context& ctx)
{
    QCommandLineParser p;
    const QCommandLineOption output(QStringList{QStringLiteral("o"), QStringLiteral("output")},
        QStringLiteral("The PDF to write."), QStringLiteral("FILE"));
    const QCommandLineOption customer(
        QStringLiteral("customer"), QStringLiteral("Who the proposal is for."), QStringLiteral("NAME"));
    const QCommandLineOption preparedBy(
        QStringLiteral("prepared-by"), QStringLiteral("Who prepared it."), QStringLiteral("NAME"));
    const QCommandLineOption logo(
        QStringLiteral("logo"), QStringLiteral("Logo image for the cover (PNG, JPEG, SVG)."), QStringLiteral("FILE"));
    const QCommandLineOption pageSize(
        QStringLiteral("page-size"), QStringLiteral("A4 (default) or Letter."), QStringLiteral("SIZE"));
    const QCommandLineOption sections(QStringLiteral("sections"),
        QStringLiteral("Comma-separated sections (default all): cover, summary, stack, topology, racks, bom, cabling, "
                       "validation, cost, sources."),
        QStringLiteral("LIST"));
    const QCommandLineOption version(QStringLiteral("doc-version"),
        QStringLiteral("Document version in the footer (default: the design's, else 1.0)."), QStringLiteral("V"));
    const QCommandLineOption date(
        QStringLiteral("date"), QStringLiteral("Date printed, YYYY-MM-DD (default today)."), QStringLiteral("DATE"));
    const QCommandLineOption currency(QStringLiteral("currency"),
        QStringLiteral("Currency code shown with amounts (default USD)."), QStringLiteral("CODE"));
    const QCommandLineOption rate(QStringLiteral("exchange-rate"),
        QStringLiteral("Units of --currency per USD (required with a currency other than USD)."), QStringLiteral("X"));
    const QCommandLineOption title(QStringLiteral("title"),
        QStringLiteral("The proposal's title (default: the design's name, or one derived from the design when it has "
                       "none)."),
        QStringLiteral("TEXT"));
    const QCommandLineOption appendix(QStringLiteral("sourcing-appendix"),
        QStringLiteral("Append the internal sourcing notes (every figure's source as the catalog records it). Off by "
                       "default: the proposal is for the customer."));
    const QCommandLineOption changesSince(QStringLiteral("changes-since"),
        QStringLiteral(
            "Append \"Changes since ...\": what differs from an earlier design, a file or NAME@N (revision N "
            "in the repository given by --repo or $PODWRIGHT_REPO)."),
        QStringLiteral("FILE|NAME@N"));
    const QCommandLineOption repoOption(QStringLiteral("repo"),
        QStringLiteral("The repository --changes-since NAME@N comes from (default $PODWRIGHT_REPO)."),
        QStringLiteral("URI"));
    p.addOptions({output, customer, preparedBy, logo, pageSize, sections, version, date, currency, rate, title,
        appendix, changesSince, repoOption});
    p.addPositionalArgument(QStringLiteral("design"), QStringLiteral("A .podwright design file (or .json)."));
    ctx.parse(p,
        QStringLiteral("Write the customer proposal: a PDF with cover, executive summary, cluster type and software "
                       "stack, topology, racks, bill of materials, "
                       "cabling, validation, cost and sources. Figures are those of 'analyze' and 'cost'."),
        1, 1, QStringLiteral("one design file"));
    if (!p.isSet(output))
        throw UsageError(QStringLiteral("report needs -o proposal.pdf"));
    ReportOptions o;
    o.customer = p.value(customer);
    o.preparedBy = p.value(preparedBy);
    if (p.isSet(logo)) {
        if (!QFileInfo(p.value(logo)).isReadable())
            throw UsageError(QStringLiteral("cannot read the logo %1").arg(p.value(logo)));
        o.logoPath = p.value(logo);
    }
    if (p.isSet(pageSize)) {
        const QString s = p.value(pageSize);
        if (s.compare(QLatin1String("A4"), Qt::CaseInsensitive) == 0)
            o.pageSize = QStringLiteral("A4");
        else if (s.compare(QLatin1String("Letter"), Qt::CaseInsensitive) == 0)
            o.pageSize = QStringLiteral("Letter");
        else
            throw UsageError(QStringLiteral("--page-size must be A4 or Letter"));
    }
    if (p.isSet(sections)) {
        QString error;
        const auto list = ReportOptions::parseSections(p.value(sections), &error);
        if (!list || list->empty())
            throw UsageError(error.isEmpty() ? QStringLiteral("--sections names no section") : error);
        o.sections = *list;
    }
    if (p.isSet(currency)) {
        o.currency = p.value(currency).trimmed().toUpper();
        static const QRegularExpression code(QStringLiteral("^[A-Z]{3}$"));
        if (!code.match(o.currency).hasMatch())
            throw UsageError(QStringLiteral("--currency takes a three-letter code such as EUR"));
    }
    if (o.currency != QLatin1String("USD")) {
        bool ok = false;
        o.exchangeRate = p.value(rate).toDouble(&ok);
        if (!p.isSet(rate) || !ok || !(o.exchangeRate > 0 && o.exchangeRate < 1e6))
            throw UsageError(
                QStringLiteral("--currency %1 needs --exchange-rate (units per USD, e.g. 0.92)").arg(o.currency));
    }
    o.documentVersion = p.value(version);
    o.title = p.value(title).trimmed();
    if (p.isSet(title) && o.title.isEmpty())
        throw UsageError(QStringLiteral("--title needs a text"));
    o.sourcingAppendix = p.isSet(appendix);
    if (p.isSet(date)) {
        o.date = QDate::fromString(p.value(date), Qt::ISODate);
        if (!o.date.isValid())
            throw UsageError(QStringLiteral("--date must be YYYY-MM-DD"));
    }
    QElapsedTimer t;
    t.start();
    const Design design = ctx.loadDesign(p.positionalArguments().at(0));
    std::optional<DesignSource> earlier;
    if (p.isSet(changesSince)) {
        earlier = DesignSources(ctx, p.value(repoOption)).load(p.value(changesSince));
        // What a customer calls it: "revision 3" of this proposal, or the file it was sent as.
        o.changesSince = earlier->revision ? QStringLiteral("revision %1").arg(earlier->revision) : earlier->fileName;
    }
    // The same assumptions `cost` uses without overrides, so the figures agree to the cent.
    const ReportData data = ReportData::build(
        design, CostAssumptions::ofProperties(design.properties()), o, {}, earlier ? &earlier->design : nullptr);
    const double built = t.nsecsElapsed() / 1e9;
    const PdfReportWriter::Result r = PdfReportWriter::write(data, p.value(output));
    if (!r.error.isEmpty()) {
        ctx.err << "podwright-cli report: " << r.error << '\n';
        return 2;
    }
    ctx.err << QStringLiteral("podwright-cli: wrote %1 (%2 pages; data %3 s, total %4 s)\n")
                   .arg(p.value(output))
                   .arg(r.pages)
                   .arg(built, 0, 'f', 2)
                   .arg(t.nsecsElapsed() / 1e9, 0, 'f', 2);
    return 0;
}

} // namespace pw::cli
