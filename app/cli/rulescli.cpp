#include "cli.h"

#include "commands/setdesignpropertiescommand.h"
#include "io/designfile.h"
#include "io/designjson.h"

#include "analysis/designfigures.h"
#include "cost/billofmaterials.h"
#include "cost/costmodel.h"
#include "cost/pricebook.h"
#include "export/bomcsv.h"
#include "repo/repository.h"
#include "sizing/workloadsizer.h"
#include "topology/fabricanalyzer.h"
#include "util/plural.h"
#include "validate/designrules.h"
#include "validate/tierrules.h"

#include <QDate>
#include <QFileInfo>
#include <QJsonArray>

#include <cmath>

namespace pw::cli {

namespace {

double numberOption(const QCommandLineParser& p, const QCommandLineOption& o, double min, double max)
{
    bool ok = false;
    const double v = p.value(o).toDouble(&ok);
    if (!ok || !(v >= min && v <= max))
        throw UsageError(QStringLiteral("--%1 must be a number from %2 to %3 (got '%4')")
                             .arg(o.names().constLast())
                             .arg(min)
                             .arg(max)
                             .arg(p.value(o)));
    return v;
}

} // namespace

int runValidate(Context& ctx)
{
    QCommandLineParser p;
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON."));
    p.addOption(json);
    p.addPositionalArgument(QStringLiteral("design"), QStringLiteral("A .podwright design file (or .json)."));
    ctx.parse(p,
        QStringLiteral(
            "Check a design against the design rules. Exit 0: no unwaived errors; 1: errors; 2: unreadable input."),
        1, 1, QStringLiteral("one design file"));
    const Design design = ctx.loadDesign(p.positionalArguments().at(0));
    // The figures the studio and the report judge the design on (one computation, DesignFigures).
    const DesignFigures figures = DesignFigures::of(design, FiguresRequest::forDesign(design));
    if (figures.rulesFailure)
        std::rethrow_exception(figures.rulesFailure);
    const std::vector<Finding>& findings = figures.findings;
    const FindingCounts& counts = figures.findingCounts;
    if (p.isSet(json)) {
        ctx.writeJson(findingsToJson(findings));
    } else {
        for (const Finding& f : findings) {
            QStringList ents;
            for (const EntityRef& e : f.entities)
                ents << e.toString();
            ctx.out << QStringLiteral("%1 %2 %3%4\n")
                           .arg(toString(f.severity), -8)
                           .arg(f.code, -26)
                           .arg(withFlags(f.message),
                               f.waived() ? QStringLiteral(" [waived: %1]").arg(f.waiver->reason) : QString());
            ctx.out << QStringLiteral("    %1\n").arg(withFlags(f.explanation));
            if (const RuleInfo* rule = ruleInfo(f.code))
                ctx.out << QStringLiteral("    to resolve: %1\n").arg(QString::fromUtf8(rule->fix));
            if (!ents.isEmpty())
                ctx.out << QStringLiteral("    entities: %1\n")
                               .arg(ents.mid(0, 20).join(QLatin1Char(' '))
                                   + (ents.size() > 20 ? QStringLiteral(" ...") : QString()));
        }
        ctx.out << QStringLiteral("%1 %2, %3 %4, %5 info, %6 waived\n")
                       .arg(counts.errors)
                       .arg(plural(counts.errors, "error", "errors"))
                       .arg(counts.warnings)
                       .arg(plural(counts.warnings, "warning", "warnings"))
                       .arg(counts.infos)
                       .arg(counts.waived);
    }
    return counts.errors > 0 ? 1 : 0;
}

int runBom(Context& ctx)
{
    QCommandLineParser p;
    const QCommandLineOption csv(
        QStringLiteral("csv"), QStringLiteral("Print CSV (one line per item and cable length class)."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON."));
    p.addOptions({csv, json});
    p.addPositionalArgument(QStringLiteral("design"), QStringLiteral("A .podwright design file (or .json)."));
    ctx.parse(p, QStringLiteral("The bill of materials derived from a design, with each price's source."), 1, 1,
        QStringLiteral("one design file"));
    const BillOfMaterials bom = BillOfMaterials::of(ctx.loadDesign(p.positionalArguments().at(0)));
    if (p.isSet(csv))
        ctx.out << QString::fromUtf8(BomCsv::write(bom));
    else if (p.isSet(json))
        ctx.writeJson(bom.toJson());
    else
        ctx.out << bom.toText();
    return 0;
}

int runCost(Context& ctx)
{
    QCommandLineParser p;
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON."));
    const QCommandLineOption years(
        QStringLiteral("years"), QStringLiteral("Ownership horizon in years."), QStringLiteral("N"));
    const QCommandLineOption pue(
        QStringLiteral("pue"), QStringLiteral("Power usage effectiveness."), QStringLiteral("X"));
    const QCommandLineOption price(QStringLiteral("power-price"), QStringLiteral("Electricity price, USD per kWh."),
        QStringLiteral("USD_PER_KWH"));
    const QCommandLineOption util(
        QStringLiteral("utilization"), QStringLiteral("Sustained GPU utilization, 0..1."), QStringLiteral("U"));
    const QCommandLineOption cloud(QStringLiteral("cloud-price"),
        QStringLiteral("Cloud price per GPU-hour, USD (default: the catalog's band for the design's GPU generation)."),
        QStringLiteral("USD_PER_GPU_HOUR"));
    const QCommandLineOption support(QStringLiteral("support-share"),
        QStringLiteral("Support per year as a share of capital cost."), QStringLiteral("S"));
    const QCommandLineOption staff(QStringLiteral("staff"),
        QStringLiteral("Staff cost per year, USD (replaces the per-GPU estimate)."), QStringLiteral("USD"));
    const QCommandLineOption facility(QStringLiteral("facility-price"),
        QStringLiteral("Colocation price per kW of IT maximum per month, USD (0: not counted)."),
        QStringLiteral("USD_PER_KW_MONTH"));
    const QCommandLineOption gpusPerEngineer(QStringLiteral("gpus-per-engineer"),
        QStringLiteral("GPUs one operations engineer looks after (0: staff not counted)."), QStringLiteral("N"));
    const QCommandLineOption engineerCost(
        QStringLiteral("engineer-cost"), QStringLiteral("Cost of one engineer per year, USD."), QStringLiteral("USD"));
    const QCommandLineOption repo(QStringLiteral("repo"),
        QStringLiteral("Price with the team price book of this repository (a PostgreSQL URI, key=value string or "
                       "service name; see repo --help). Its prices replace the design's for the items it lists."),
        QStringLiteral("URI"));
    const QCommandLineOption teamPrices(QStringLiteral("team-prices"),
        QStringLiteral("Price with the team price book of $PODWRIGHT_REPO (as --repo)."));
    p.addOptions({json, years, pue, price, util, cloud, support, staff, facility, gpusPerEngineer, engineerCost, repo,
        teamPrices});
    p.addPositionalArgument(QStringLiteral("design"), QStringLiteral("A .podwright design file (or .json)."));
    ctx.parse(p, QStringLiteral("Capital, power and operating cost, TCO, cloud break-even and tier of a design."), 1, 1,
        QStringLiteral("one design file"));
    // Validate options before reading the design, so a typo is a usage error whatever the file.
    QJsonObject overrides;
    auto take = [&](const QCommandLineOption& o, const char* key, double min, double max) {
        if (p.isSet(o))
            overrides.insert(QLatin1String(key), numberOption(p, o, min, max));
    };
    take(years, "years", 1, 50);
    take(pue, "pue", 1, 5);
    take(price, "power_price_usd_per_kwh", 0, 10);
    take(util, "utilization", 0, 1);
    take(cloud, "cloud_price_per_gpu_hour", 0, 1000);
    take(support, "support_share", 0, 1);
    take(staff, "staff_per_year", 0, 1e10);
    take(facility, "facility_usd_per_kw_month", 0, 10000);
    take(gpusPerEngineer, "gpus_per_engineer", 0, 1e6);
    take(engineerCost, "engineer_usd_per_year", 0, 1e8);
    if (p.isSet(teamPrices) && !p.isSet(repo)
        && qEnvironmentVariable(RepoLocation::kEnvironmentVariable).trimmed().isEmpty())
        throw UsageError(QStringLiteral("--team-prices needs $%1 (or use --repo URI)")
                             .arg(QLatin1String(RepoLocation::kEnvironmentVariable)));
    const Design design = ctx.loadDesign(p.positionalArguments().at(0));
    CostAssumptions a = CostAssumptions::ofProperties(design.properties());
    a.overlay(overrides, QStringLiteral("command line"));
    if (p.isSet(repo) || p.isSet(teamPrices)) {
        Repository repository(RepoLocation::fromArgumentOrEnvironment(p.value(repo)));
        a.priceBook = std::make_shared<const PriceBook>(repository.priceBook());
    }
    const CostReport r = CostModel::compute(design, a);
    if (p.isSet(json)) {
        QJsonObject o = r.toJson();
        QJsonArray findings;
        for (const Finding& f : checkTier(TierInputs::of(design, r.allInBand)))
            findings.append(f.toJson());
        o.insert(QStringLiteral("tier_findings"), findings);
        ctx.writeJson(o);
    } else {
        ctx.out << r.toText();
    }
    return 0;
}

int runSize(Context& ctx)
{
    QCommandLineParser p;
    const QCommandLineOption params(
        QStringLiteral("model-params"), QStringLiteral("Model parameters, e.g. 70e9."), QStringLiteral("N"));
    const QCommandLineOption task(
        QStringLiteral("task"), QStringLiteral("train, finetune or inference."), QStringLiteral("TASK"));
    const QCommandLineOption tokens(QStringLiteral("tokens"),
        QStringLiteral("Training tokens (default 20 per parameter, Chinchilla)."), QStringLiteral("T"));
    const QCommandLineOption days(
        QStringLiteral("days"), QStringLiteral("Target training days (default 30)."), QStringLiteral("D"));
    const QCommandLineOption gpu(QStringLiteral("gpu"),
        QStringLiteral("GPU server catalog sku (default: the catalog's default GPU server)."), QStringLiteral("SKU"));
    const QCommandLineOption mfu(
        QStringLiteral("mfu"), QStringLiteral("Model-FLOPs utilization (default 0.4)."), QStringLiteral("U"));
    const QCommandLineOption designOpt(QStringLiteral("design"),
        QStringLiteral("A design whose GPUs, per-GPU bandwidth and bisection to use."), QStringLiteral("FILE"));
    const QCommandLineOption method(QStringLiteral("finetune-method"),
        QStringLiteral("Fine-tuning: full, lora or qlora (default lora)."), QStringLiteral("METHOD"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON."));
    p.addOptions({params, task, tokens, days, gpu, mfu, method, designOpt, json});
    ctx.parse(
        p, QStringLiteral("Size a workload: GPU memory, GPU count, training time, all-reduce time."), 0, 0, QString());
    if (!p.isSet(params) || !p.isSet(task))
        throw UsageError(QStringLiteral("size needs --model-params and --task"));
    const double parameters = numberOption(p, params, 1e6, 1e14);
    const auto t = workloadTaskFromString(p.value(task));
    if (!t)
        throw UsageError(QStringLiteral("--task must be train, finetune or inference"));
    std::optional<FineTuneMethod> ftMethod;
    if (p.isSet(method)) {
        ftMethod = fineTuneMethodFromString(p.value(method));
        if (!ftMethod)
            throw UsageError(QStringLiteral("--finetune-method must be full, lora or qlora"));
    }

    // The server: --gpu, else the design's main GPU server, else the DGX H100. SizingRequest's
    // forServer/forDesign are the one place a request learns the GPU and GPUs per server.
    SizingRequest rq;
    std::optional<Design> design;
    if (p.isSet(designOpt)) {
        design = ctx.loadDesign(p.value(designOpt));
        rq = SizingRequest::forDesign(*design);
        AnalysisOptions options;
        options.degraded = false;
        const FabricReport fabric = analyzeFabric(*design, options);
        if (fabric.bisectionComputed) {
            rq.bisectionRatio = fabric.bisectionRatio;
            rq.bisectionSource = QStringLiteral("the design's worst balanced cut, exact max-flow");
        } else {
            rq.bisectionSource = QStringLiteral("assumed full: %1").arg(fabric.bisectionMethod);
        }
    }
    if (p.isSet(gpu) || rq.serverSku.isEmpty()) {
        const CatalogItem* preferred = ctx.catalog().withRole(ItemRole::DefaultGpuServer);
        const QString sku = p.isSet(gpu) ? p.value(gpu) : preferred ? preferred->sku : QString();
        const CatalogItem* server = ctx.catalog().item(sku);
        if (!server || !server->gpu || server->gpu->count == 0)
            throw UsageError(QStringLiteral("'%1' is not a GPU server in the catalog").arg(sku));
        const SizingRequest forServer = SizingRequest::forServer(server);
        rq.gpu = forServer.gpu;
        rq.serverSku = forServer.serverSku;
        rq.gpusPerServer = forServer.gpusPerServer;
    }
    // The command line states the workload (a design's stated workload is only the default).
    rq.parameters = parameters;
    rq.task = *t;
    if (ftMethod)
        rq.fineTuneMethod = *ftMethod;
    if (p.isSet(tokens))
        rq.tokens = numberOption(p, tokens, 1, 1e16);
    else
        rq.tokens.reset();
    if (p.isSet(days))
        rq.targetDays = numberOption(p, days, 0.01, 36500);
    else
        rq.targetDays.reset();
    if (p.isSet(mfu))
        rq.mfu = numberOption(p, mfu, 0.01, 1);
    const SizingResult r = WorkloadSizer::size(rq);
    if (p.isSet(json)) {
        ctx.writeJson(r.toJson());
    } else {
        ctx.out << QStringLiteral("GPU memory needed   %1 GB\n    %2\n")
                       .arg(r.memoryNeededGb, 0, 'f', 1)
                       .arg(r.memoryFormula);
        ctx.out
            << QStringLiteral("GPUs recommended    %1 (%2 x %3)\n").arg(r.gpusRecommended).arg(r.gpuModel, r.serverSku);
        if (r.trainingDays)
            ctx.out << QStringLiteral("Training time       %1 days\n    %2\n")
                           .arg(*r.trainingDays, 0, 'f', 1)
                           .arg(r.timeFormula);
        if (r.trainingDaysOnDesign)
            ctx.out << QStringLiteral("On the design       %1 days on its %2 GPUs\n")
                           .arg(*r.trainingDaysOnDesign, 0, 'f', 1)
                           .arg(*rq.designGpus);
        if (r.allReduceSeconds)
            ctx.out << QStringLiteral("All-reduce          %1\n    %2\n")
                           .arg(WorkloadSizer::durationText(*r.allReduceSeconds), r.allReduceFormula);
        if (!r.ruleOfThumb.isEmpty())
            ctx.out << QStringLiteral("Rule of thumb       %1 (source document)\n    %2\n")
                           .arg(r.ruleOfThumb, r.ruleOfThumbWhy);
        for (const QString& a : r.assumptions)
            ctx.out << QStringLiteral("assumption: %1\n").arg(withFlags(a));
    }
    return 0;
}

} // namespace pw::cli

namespace pw::cli {

int runWaive(Context& ctx)
{
    QCommandLineParser p;
    const QCommandLineOption code(
        QStringLiteral("code"), QStringLiteral("The finding's code, e.g. FABRIC-SM."), QStringLiteral("CODE"));
    const QCommandLineOption entity(QStringLiteral("entity"),
        QStringLiteral("An entity of the finding (node:12, link:3, group:2); repeat. "
                       "None: every finding of the code."),
        QStringLiteral("REF"));
    const QCommandLineOption reason(
        QStringLiteral("reason"), QStringLiteral("Why the finding is accepted (required)."), QStringLiteral("TEXT"));
    const QCommandLineOption author(
        QStringLiteral("author"), QStringLiteral("Who accepts it (default: $USER)."), QStringLiteral("NAME"));
    const QCommandLineOption remove(
        QStringLiteral("remove"), QStringLiteral("Remove the waiver of that code and entities instead."));
    p.addOptions({code, entity, reason, author, remove});
    p.addPositionalArgument(
        QStringLiteral("design"), QStringLiteral("A .podwright design file (or .json); rewritten in place."));
    ctx.parse(p, QStringLiteral("Waive a design-rule finding with a written reason, stored in the design."), 1, 1,
        QStringLiteral("one design file"));
    if (!p.isSet(code))
        throw UsageError(QStringLiteral("waive needs --code"));
    std::vector<EntityRef> entities;
    for (const QString& e : p.values(entity)) {
        const auto ref = EntityRef::fromString(e);
        if (!ref)
            throw UsageError(QStringLiteral("'%1' is not an entity reference (node:12, link:3, group:2)").arg(e));
        entities.push_back(*ref);
    }
    if (!p.isSet(remove) && p.value(reason).trimmed().isEmpty())
        throw UsageError(QStringLiteral("a waiver needs --reason"));
    const QString path = p.positionalArguments().at(0);
    Design design = ctx.loadDesign(path);
    QJsonObject props;
    if (p.isSet(remove)) {
        props = Waiver::removedFrom(design.properties(), p.value(code), entities);
    } else {
        Waiver w;
        w.code = p.value(code);
        w.entities = entities;
        w.reason = p.value(reason).trimmed();
        w.author = p.isSet(author) ? p.value(author) : qEnvironmentVariable("USER");
        w.date = QDate::currentDate().toString(Qt::ISODate);
        props = Waiver::addedTo(design.properties(), w);
    }
    SetDesignPropertiesCommand cmd(QStringLiteral("Waive %1").arg(p.value(code)), props);
    const CommandResult r = cmd.apply(design);
    if (!r.ok) {
        ctx.err << "podwright-cli waive: " << r.reason << '\n';
        return 1;
    }
    Context::saveDesign(design, path);
    return 0;
}

} // namespace pw::cli
