#include "floor/cableplan.h"

#include "catalog/orderablelengths.h"
#include "cost/billofmaterials.h"
#include "export/cablingcsv.h"
#include "export/csv.h"
#include "export/exportnames.h"
#include "export/ibports.h"
#include "floor/floorlayout.h"
#include "model/design.h"
#include "model/opticsrules.h"
#include "model/sharedcables.h"

#include <QJsonArray>

#include <algorithm>
#include <map>
#include <optional>
#include <tuple>
#include <unordered_map>
#include <utility>

namespace pw {

namespace {

// A catalog figure's value, -1 where the entry gives none.
double valueOr(const std::optional<Figure>& f)
{
    return f ? f->value : -1;
}

QString mediumOf(const CatalogItem* cable, const CatalogItem* module)
{
    if (!cable || !cable->cable)
        return module ? QStringLiteral("optical") : QString();
    const CableSpec& c = *cable->cable;
    if (c.connector == QLatin1String("RJ45"))
        return QStringLiteral("twisted pair");
    if (c.medium == QLatin1String("dac"))
        return QStringLiteral("passive copper");
    if (c.medium == QLatin1String("acc"))
        return QStringLiteral("active copper");
    if (c.medium == QLatin1String("aoc"))
        return QStringLiteral("active optical");
    if (c.fiber == QLatin1String(OpticsRules::kMultimode))
        return QStringLiteral("multimode");
    if (c.fiber == QLatin1String(OpticsRules::kSinglemode)) {
        const double reach = module && module->transceiver ? module->transceiver->maxReachM : 0;
        return reach >= 1000 ? QStringLiteral("single-mode %1 km").arg(reach / 1000)
                             : QStringLiteral("single-mode %1 m").arg(reach);
    }
    return c.medium;
}

} // namespace

double CablePlan::opticalLossDb(double metres, double dbPerKm)
{
    return metres / 1000.0 * dbPerKm + kMatedPairs * kLossPerMatedPairDb;
}

CablePlan CablePlan::of(const Design& design, Detail detail)
{
    return of(design, detail, {});
}

CablePlan CablePlan::of(const Design& design, Detail detail, const std::function<void(const Run&)>& visit)
{
    CablePlan plan;
    const std::optional<FloorLayout> floor = FloorLayout::of(design);
    if (floor)
        plan.mAssumptions = floor->hall.assumptions();
    plan.mAssumptions << QStringLiteral(
        "estimate: optical loss = fibre attenuation x length + %1 mated connector pairs x %2 dB, against the smaller "
        "of the two modules' power budgets (catalog, with sources)")
                             .arg(kMatedPairs)
                             .arg(kLossPerMatedPairDb);
    const OpticsRules::Items parts = OpticsRules::partsOf(design);
    const bool named = detail == Detail::Full;
    const std::optional<ExportNames> names = named ? std::optional<ExportNames>(std::in_place, design) : std::nullopt;
    if (names)
        plan.mNameWarnings = names->deviceWarnings();
    const int count = static_cast<int>(design.links().size());
    if (!visit)
        plan.mRuns.reserve(static_cast<size_t>(count));
    auto end = [&](PortRef p) {
        End e;
        e.device = names->name(p.node);
        e.port = IbPorts::planPort(design, p); // the firmware number (InfiniBand), swpN (Ethernet)
        e.rack = CablingCsv::rackOf(design, p);
        const Node* n = design.node(p.node);
        e.unit = n && n->rackUnit > 0 ? n->rackUnit : -1;
        if (floor && n)
            if (const RackPlace* place = floor->place(n->rack)) {
                e.row = floor->rows[static_cast<size_t>(place->row)].name;
                e.slot = place->slot + 1;
            }
        return e;
    };
    std::map<std::tuple<QString, const PortGroup*, const PortGroup*>, OpticsRules::Ends> endsOf;
    std::tuple<QString, const PortGroup*, const PortGroup*> lastKind;
    const OpticsRules::Ends* lastEnds = nullptr; // endsOf's entry of lastKind (map entries never move)
    std::map<std::pair<const CatalogItem*, const CatalogItem*>, QString> media;
    int row = 0;
    SharedCables shared(design); // both links of a twin-port cable print its one label
    design.links().forEach([&](const Link& l) {
        Run r;
        r.link = l.id;
        const CatalogItem* cable = l.cableSku.isEmpty() ? nullptr : design.item(l.cableSku);
        ++row;
        if (named)
            r.label = CablingCsv::label(shared.cableRow(l, cable, row), count);
        if (named) {
            r.a = end(l.a);
            r.z = end(l.b);
        }
        r.network = toString(design.linkNetwork(l));
        r.speedGbps = design.linkSpeedGbps(l);
        r.cable = l.cableSku;
        r.lengthM = l.lengthM;
        r.orderedLength = OrderableLengths::lengthClass(cable, l.lengthM);
        // Links of one kind (module, both ends' port groups) share their end modules: looked up once.
        OpticsRules::Ends modules;
        if (!l.transceiverSku.isEmpty()) {
            auto key = std::make_tuple(l.transceiverSku, design.portGroup(l.a), design.portGroup(l.b));
            if (!lastEnds || key != lastKind) { // links come in runs of one kind: the map is asked once per run
                auto it = endsOf.find(key);
                if (it == endsOf.end())
                    it = endsOf.emplace(key, OpticsRules::endModules(design, parts, l)).first;
                lastEnds = &it->second;
                lastKind = std::move(key);
            }
            modules = *lastEnds;
        }
        if (modules.a)
            r.a.module = modules.a->sku;
        if (modules.b)
            r.z.module = modules.b->sku;
        const CatalogItem* module = modules.a ? modules.a : modules.b;
        auto medium = media.find({cable, module});
        if (medium == media.end())
            medium = media.emplace(std::make_pair(cable, module), mediumOf(cable, module)).first;
        r.medium = medium->second;
        if (!cable)
            ++plan.mUncabled;
        if (cable && cable->cable && cable->cable->medium == QLatin1String("fiber") && modules.a && modules.b) {
            const double dbPerKm = valueOr(cable->cable ? cable->cable->lossDbPerKm : std::nullopt);
            const double budgetA
                = valueOr(modules.a->transceiver ? modules.a->transceiver->powerBudgetDb : std::nullopt);
            const double budgetB
                = valueOr(modules.b->transceiver ? modules.b->transceiver->powerBudgetDb : std::nullopt);
            if (dbPerKm >= 0)
                r.lossDb = opticalLossDb(l.lengthM, dbPerKm);
            if (budgetA >= 0 && budgetB >= 0)
                r.budgetDb = std::min(budgetA, budgetB);
            if (r.marginDb() && *r.marginDb() < 0)
                ++plan.mOverBudget;
        }
        if (visit)
            visit(r);
        else
            plan.mRuns.push_back(std::move(r));
    });
    return plan;
}

QStringList CablePlan::csvHeader()
{
    return {QStringLiteral("label"), QStringLiteral("a_device"), QStringLiteral("a_rack"), QStringLiteral("a_row"),
        QStringLiteral("a_position"), QStringLiteral("a_u"), QStringLiteral("a_port"), QStringLiteral("a_module"),
        QStringLiteral("z_device"), QStringLiteral("z_rack"), QStringLiteral("z_row"), QStringLiteral("z_position"),
        QStringLiteral("z_u"), QStringLiteral("z_port"), QStringLiteral("z_module"), QStringLiteral("network"),
        QStringLiteral("speed_gbps"), QStringLiteral("medium"), QStringLiteral("cable_sku"), QStringLiteral("length_m"),
        QStringLiteral("ordered_length"), QStringLiteral("loss_db"), QStringLiteral("budget_db"),
        QStringLiteral("margin_db")};
}

namespace {

QString number(int v)
{
    return v >= 0 ? QString::number(v) : QString();
}

QString decibels(std::optional<double> v)
{
    return v ? QString::number(*v, 'f', 2) : QString();
}

} // namespace

QByteArray CablePlan::csv() const
{
    QString s = csv::record(csvHeader());
    for (const Run& r : mRuns)
        s += csv::record({r.label, r.a.device, r.a.rack, r.a.row, number(r.a.slot), number(r.a.unit), r.a.port,
            r.a.module, r.z.device, r.z.rack, r.z.row, number(r.z.slot), number(r.z.unit), r.z.port, r.z.module,
            r.network, QString::number(r.speedGbps), r.medium, r.cable,
            r.lengthM > 0 ? QString::number(r.lengthM, 'f', 1) : QString(), r.orderedLength, decibels(r.lossDb),
            decibels(r.budgetDb), decibels(r.marginDb())});
    return s.toUtf8();
}

QJsonObject CablePlan::toJson() const
{
    auto endJson = [](const End& e) {
        QJsonObject o{
            {QStringLiteral("device"), e.device}, {QStringLiteral("port"), e.port}, {QStringLiteral("rack"), e.rack}};
        if (!e.row.isEmpty()) {
            o.insert(QStringLiteral("row"), e.row);
            o.insert(QStringLiteral("position"), e.slot);
        }
        if (e.unit > 0)
            o.insert(QStringLiteral("u"), e.unit);
        if (!e.module.isEmpty())
            o.insert(QStringLiteral("module"), e.module);
        return o;
    };
    QJsonArray runs;
    for (const Run& r : mRuns) {
        QJsonObject o{{QStringLiteral("label"), r.label}, {QStringLiteral("a"), endJson(r.a)},
            {QStringLiteral("z"), endJson(r.z)}, {QStringLiteral("network"), r.network},
            {QStringLiteral("speed_gbps"), r.speedGbps}, {QStringLiteral("medium"), r.medium},
            {QStringLiteral("cable"), r.cable}, {QStringLiteral("length_m"), r.lengthM},
            {QStringLiteral("ordered_length"), r.orderedLength}};
        if (r.lossDb)
            o.insert(QStringLiteral("loss_db"), *r.lossDb);
        if (r.budgetDb)
            o.insert(QStringLiteral("budget_db"), *r.budgetDb);
        if (r.marginDb())
            o.insert(QStringLiteral("margin_db"), *r.marginDb());
        runs.append(o);
    }
    return {{QStringLiteral("runs"), runs}, {QStringLiteral("uncabled_links"), mUncabled},
        {QStringLiteral("over_budget_links"), mOverBudget},
        {QStringLiteral("assumptions"), QJsonArray::fromStringList(mAssumptions)}};
}

} // namespace pw
