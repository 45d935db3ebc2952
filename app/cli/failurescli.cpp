#include "cli.h"

#include "failures/failuredomains.h"

namespace pw::cli {

namespace {

QString ratioText(const std::optional<double>& r)
{
    return r ? QString::number(*r, 'f', 3) : QStringLiteral("-");
}

} // namespace

int runFailures(Context& ctx)
{
    QCommandLineParser p;
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Write the scenarios as JSON."));
    p.addOption(json);
    p.addPositionalArgument(QStringLiteral("design"), QStringLiteral("A .podwright design file (or .json)."));
    ctx.parse(p,
        QStringLiteral("What one failure takes down: for one switch, plane, PDU or power shelf, CDU loop, rack and "
                       "row, the GPUs lost, the scheduler blocks affected, the bisection left and the power and "
                       "cooling left. Equivalent failures are computed once and counted."),
        1, 1, QStringLiteral("one design file"));
    const FailureDomains domains = FailureDomains::of(ctx.loadDesign(p.positionalArguments().at(0)));
    if (p.isSet(json)) {
        ctx.writeJson(domains.toJson());
        return 0;
    }
    ctx.out << QStringLiteral("%1 GPUs, %2 kW IT, bisection %3, %4 scheduler blocks (%5)\n")
                   .arg(domains.gpus)
                   .arg(domains.itMaxKw, 0, 'f', 1)
                   .arg(domains.intactBisectionRatio, 0, 'f', 3)
                   .arg(domains.blocks)
                   .arg(domains.blockKind);
    ctx.out << QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8  %9\n")
                   .arg(QStringLiteral("kind"), -9)
                   .arg(QStringLiteral("entity"), -28)
                   .arg(QStringLiteral("x"), 5)
                   .arg(QStringLiteral("GPUs lost"), 10)
                   .arg(QStringLiteral("degraded"), 9)
                   .arg(QStringLiteral("blocks"), 7)
                   .arg(QStringLiteral("bisection"), 10)
                   .arg(QStringLiteral("kW left"), 10)
                   .arg(QStringLiteral("detail"));
    for (const FailureScenario& s : domains.scenarios)
        ctx.out << QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8  %9\n")
                       .arg(toString(s.kind), -9)
                       .arg(s.entity, -28)
                       .arg(s.equivalent, 5)
                       .arg(s.gpusLost, 10)
                       .arg(s.degradedServers.size(), 9)
                       .arg(s.blocksAffected.size(), 7)
                       .arg(ratioText(s.bisectionRatio), 10)
                       .arg(QString::number(s.powerLeftKw, 'f', 1), 10)
                       .arg(s.detail);
    for (const QString& note : domains.notes)
        ctx.out << QStringLiteral("note: %1\n").arg(note);
    return 0;
}

} // namespace pw::cli
