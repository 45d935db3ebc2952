#include "cli.h"

#include "commands/setdesignpropertiescommand.h"
#include "cost/costassumptions.h"
#include "facility/powerchain.h"
#include "io/designfile.h"
#include "io/designjson.h"
#include "util/plural.h"

#include <QFileInfo>

namespace pw::cli {

namespace {

QString kw(double v)
{
    return QString::number(v, 'f', 1);
}

QString text(const PowerChain& c, bool listRacks)
{
    QString s;
    const FacilityAssumptions& a = c.assumptions;
    s += QStringLiteral("IT load: %1 kW maximum, %2 kW typical; PUE %3: facility %4 kW maximum, %5 kW typical\n")
             .arg(kw(c.figures.itMaxKw), kw(c.figures.itTypicalKw))
             .arg(c.figures.pue)
             .arg(kw(c.figures.facilityMaxKw), kw(c.facilityTypicalKw));
    s += QStringLiteral("heat at maximum: %1 kW to liquid, %2 kW to air\n").arg(kw(c.liquidKw), kw(c.airKw));
    s += QStringLiteral("power mode: %1 (rack-scale systems at their %1 draw; feeds sized from their power shelves); "
                        "facility defaults: %2\n")
             .arg(toString(c.figures.mode), a.generation);
    if (c.figures.unrackedMaxKw > 0)
        s += QStringLiteral("unracked load: %1 kW (in no rack, so in no row)\n").arg(kw(c.figures.unrackedMaxKw));
    if (a.hallLimitKw.value > 0)
        s += QStringLiteral("hall limit %1 kW: %2\n")
                 .arg(kw(a.hallLimitKw.value),
                     c.figures.itMaxKw > a.hallLimitKw.value ? QStringLiteral("OVER") : QStringLiteral("ok"));
    if (c.rows.empty())
        s += QStringLiteral("rows: none (the design has no floor plan)\n");
    else
        s += QStringLiteral("rows (limit %1 kW):\n")
                 .arg(a.rowLimitKw.value > 0 ? kw(a.rowLimitKw.value) : QStringLiteral("none"));
    for (const RowChain& r : c.rows)
        s += QStringLiteral("  %1  %2 racks  %3 GPUs  %4 kW max  %5 kW typical  %6 kW liquid  %7 kW air%8\n")
                 .arg(r.name)
                 .arg(r.racks.size())
                 .arg(r.gpus)
                 .arg(kw(r.maxKw), kw(r.typicalKw), kw(r.liquidKw), kw(r.airKw),
                     a.rowOverLimit(r.maxKw) ? QStringLiteral("  OVER LIMIT") : QString());
    int fed = 0;
    int survive = 0;
    for (const RackChain& r : c.racks) {
        fed += !r.feeds.empty();
        survive += r.survivesOneFeedLost(c.feeds);
    }
    s += QStringLiteral("racks: %1, %2 with feeds (%3 feeds), %4 carry their maximum with one feed lost\n")
             .arg(c.racks.size())
             .arg(fed)
             .arg(c.feeds.size())
             .arg(survive);
    if (listRacks)
        for (const RackChain& r : c.racks) {
            QString feeds;
            if (!r.feeds.empty()) {
                const PowerFeed& f = c.feeds[r.feeds.front()];
                feeds = QStringLiteral("%1 x %2 %3 kW = %4 kW%5")
                            .arg(r.feeds.size())
                            .arg(toString(f.kind), kw(f.ratingKw), kw(r.feedRatingKw),
                                r.survivesOneFeedLost(c.feeds) ? QStringLiteral(" (one may fail)")
                                                               : QStringLiteral(" (NO spare)"));
            } else {
                feeds = QStringLiteral("no feeds");
            }
            s += QStringLiteral("  %1  %2  %3 GPUs  %4 kW max  %5 kW liquid%6  %7 kW air  %8%9\n")
                     .arg(r.name, r.row >= 0 ? c.rows[r.row].name : QStringLiteral("-"))
                     .arg(r.gpus)
                     .arg(kw(r.maxKw), kw(r.liquidKw), r.liquidEstimated ? QStringLiteral(" (est.)") : QString(),
                         kw(r.airKw), feeds,
                         r.loop >= 0 ? QStringLiteral("  %1").arg(c.loops[r.loop].name) : QString());
        }
    if (!c.loops.empty())
        s += QStringLiteral("coolant loops (CDU %1 kW, %2 spare per loop):\n")
                 .arg(kw(a.cduCapacityKw.value))
                 .arg(a.cduSpares.value);
    for (const CoolantLoop& l : c.loops)
        s += QStringLiteral("  %1  %2 racks  %3 kW liquid  CDUs ceil(%3 / %4) = %5 + %6 spare = %7\n")
                 .arg(l.name)
                 .arg(l.racks.size())
                 .arg(kw(l.liquidKw), kw(l.cduCapacityKw))
                 .arg(l.cdusNeeded)
                 .arg(l.cdus - l.cdusNeeded)
                 .arg(l.cdus)
            + (c.cdusOnFloor
                    ? QStringLiteral("    fed by %1\n")
                          .arg(l.cduNames.isEmpty() ? QStringLiteral("no CDU") : l.cduNames.join(QStringLiteral(", ")))
                    : QString());
    s += QStringLiteral("CDUs: %1 planned, %2 placed in the design\n").arg(c.cdusPlanned()).arg(c.cdusPlaced);
    s += QStringLiteral("power chain: %1\n").arg(toString(c.figures.distribution));
    for (const SidecarChain& sc : c.sidecars)
        s += QStringLiteral("  sidecar %1  %2\n").arg(sc.name, c.sidecarText(sc));
    if (!c.racksWithoutSidecar.empty())
        s += QStringLiteral("  %1 on 800 VDC with no sidecar power rack in their row\n")
                 .arg(counted(static_cast<long long>(c.racksWithoutSidecar.size()), "rack", "racks"));
    s += QStringLiteral("assumptions:\n");
    for (const QString& line : c.assumptionLines())
        s += QStringLiteral("  - %1\n").arg(line);
    return s;
}

} // namespace

int runPower(Context& ctx)
{
    QCommandLineParser p;
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print one JSON object."));
    const QCommandLineOption racks(QStringLiteral("racks"), QStringLiteral("List every rack with its feeds."));
    const QCommandLineOption pue(QStringLiteral("pue"),
        QStringLiteral("Power usage effectiveness (default: the design's cost assumption)."), QStringLiteral("X"));
    const QCommandLineOption set(QStringLiteral("set"),
        QStringLiteral("Store a power chain setting in the design file: %1 (repeatable; 0 turns a limit off).")
            .arg(FacilityAssumptions::keys().join(QStringLiteral(", "))),
        QStringLiteral("KEY=VALUE"));
    p.addOptions({json, racks, pue, set});
    p.addPositionalArgument(QStringLiteral("design"), QStringLiteral("A .podwright design file (or .json)."));
    ctx.parse(p,
        QStringLiteral("The power and cooling chain: kW per rack, row, hall and facility (maximum and typical, with "
                       "PUE), each rack's feeds (PDUs or power shelves) and whether one may fail, the liquid and air "
                       "heat, the coolant loops and their CDUs, and the assumptions behind them."),
        1, 1, QStringLiteral("one design file"));
    const QString path = p.positionalArguments().at(0);
    Design design = ctx.loadDesign(path);
    CostAssumptions costs = CostAssumptions::ofProperties(design.properties());
    if (p.isSet(pue)) {
        bool ok = false;
        const double v = p.value(pue).toDouble(&ok);
        if (!ok || v < 1 || v > 5)
            throw UsageError(QStringLiteral("--pue needs a number from 1 to 5 (got '%1')").arg(p.value(pue)));
        costs.pue = Assumption{v, QStringLiteral("command line")};
    }
    bool changed = false;
    if (p.isSet(set)) {
        QJsonObject values = design.properties().value(QLatin1String(FacilityAssumptions::kKey)).toObject();
        for (const QString& pair : p.values(set)) {
            const qsizetype eq = pair.indexOf(QLatin1Char('='));
            if (eq <= 0)
                throw UsageError(QStringLiteral("--set needs KEY=VALUE (got '%1')").arg(pair));
            const QString key = pair.left(eq);
            bool ok = false;
            const double v = pair.mid(eq + 1).toDouble(&ok);
            if (!ok)
                throw UsageError(QStringLiteral("--set %1: '%2' is not a number").arg(key, pair.mid(eq + 1)));
            if (const auto why = FacilityAssumptions::whyInvalid(key, v))
                throw UsageError(QStringLiteral("--set: %1").arg(*why));
            values.insert(key, v);
        }
        FacilityAssumptions updated = FacilityAssumptions::of(design);
        (void)updated.overlay(values);
        SetDesignPropertiesCommand cmd(
            QStringLiteral("Change power chain settings"), updated.storedIn(design.properties()));
        if (cmd.apply(design).ok) {
            changed = true;
            if (QFileInfo(path).suffix().compare(QLatin1String("json"), Qt::CaseInsensitive) == 0)
                DesignJson::writeFile(design, path);
            else
                Context::saveDesign(design, path);
        }
    }
    const PowerChain chain = PowerChain::of(design, costs.pue.value);
    if (p.isSet(json)) {
        QJsonObject o = chain.toJson();
        if (p.isSet(set))
            o.insert(QStringLiteral("changed"), changed);
        ctx.writeJson(o);
        return 0;
    }
    ctx.out << text(chain, p.isSet(racks));
    if (changed)
        ctx.out << "wrote " << path << '\n';
    return 0;
}

} // namespace pw::cli
