#include "cli.h"

#include "floor/cableplan.h"
#include "io/atomicfile.h"

#include <QJsonDocument>

namespace pw::cli {

int runCablePlan(Context& ctx)
{
    QCommandLineParser p;
    const QCommandLineOption csv(QStringLiteral("csv"), QStringLiteral("Write the run-list as CSV (RFC 4180)."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Write the run-list as JSON."));
    const QCommandLineOption output(QStringList{QStringLiteral("o"), QStringLiteral("output")},
        QStringLiteral("Output file (default: standard output)."), QStringLiteral("FILE"));
    p.addOptions({csv, json, output});
    p.addPositionalArgument(QStringLiteral("design"), QStringLiteral("A .podwright design file (or .json)."));
    ctx.parse(p,
        QStringLiteral("The cable plan a cabling contractor works from: for every link both ends' rack, floor row "
                       "and position, U and port, the label, the part, the routed and the ordered length, and the "
                       "optical loss against the modules' budget."),
        1, 1, QStringLiteral("one design file"));
    if (p.isSet(csv) && p.isSet(json))
        throw UsageError(QStringLiteral("cable-plan takes --csv or --json, not both"));
    const CablePlan plan = CablePlan::of(ctx.loadDesign(p.positionalArguments().at(0)));
    for (const QString& w : plan.nameWarnings()) // device names made unique (export/exportnames.h)
        ctx.err << "podwright-cli cable-plan: warning: " << w << '\n';
    QByteArray bytes;
    if (p.isSet(json)) {
        bytes = QJsonDocument(plan.toJson()).toJson(QJsonDocument::Indented);
    } else if (p.isSet(csv)) {
        bytes = plan.csv();
    } else {
        QString s;
        for (const CablePlan::Run& r : plan.runs())
            s += QStringLiteral("%1  %2 %3 U%4 %5  ->  %6 %7 U%8 %9  %10 %11 (%12)\n")
                     .arg(r.label, r.a.rack,
                         r.a.row.isEmpty() ? QString() : QStringLiteral("[%1/%2]").arg(r.a.row).arg(r.a.slot))
                     .arg(r.a.unit)
                     .arg(r.a.port, r.z.rack,
                         r.z.row.isEmpty() ? QString() : QStringLiteral("[%1/%2]").arg(r.z.row).arg(r.z.slot))
                     .arg(r.z.unit)
                     .arg(
                         r.z.port, r.cable.isEmpty() ? QStringLiteral("UNCABLED") : r.cable, r.orderedLength, r.medium);
        s += QStringLiteral("%1 runs, %2 uncabled, %3 over their optical budget\n")
                 .arg(plan.runs().size())
                 .arg(plan.uncabled())
                 .arg(plan.overBudget());
        bytes = s.toUtf8();
    }
    if (const QString out = p.value(output); !out.isEmpty())
        AtomicFile::writeBytes(out, bytes);
    else
        ctx.out << QString::fromUtf8(bytes);
    return 0;
}

} // namespace pw::cli
