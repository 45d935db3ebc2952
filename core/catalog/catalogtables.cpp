#include "catalog/catalogtables.h"

#include "util/errors.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <cmath>

namespace pw {

namespace {

// Reads one table file; collects the first problem of each file, as the item parser does.
class TableReader {
public:
    explicit TableReader(QString fileName) : mFile(std::move(fileName)) {}

    [[nodiscard]] bool ok() const { return mProblem.isEmpty(); }
    void fail(const QString& message)
    {
        if (mProblem.isEmpty())
            mProblem = message;
    }
    [[nodiscard]] std::vector<CatalogIssue> issues() const
    {
        if (ok())
            return {};
        return {CatalogIssue{mFile, -1, {}, mProblem}};
    }

    QJsonObject open(const QString& path, const char* table, int schema = 1)
    {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            fail(QStringLiteral("cannot read: %1").arg(file.errorString()));
            return {};
        }
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &error);
        if (!doc.isObject()) {
            fail(QStringLiteral("not valid JSON at offset %1: %2").arg(error.offset).arg(error.errorString()));
            return {};
        }
        const QJsonObject root = doc.object();
        if (root.value(QLatin1String("schema")).toInt() != schema
            || root.value(QLatin1String("table")).toString() != QLatin1String(table))
            fail(QStringLiteral("expected {\"schema\": %1, \"table\": \"%2\", ...}")
                     .arg(schema)
                     .arg(QLatin1String(table)));
        return root;
    }

    QString text(const QJsonObject& o, const char* key, const QString& where)
    {
        const QJsonValue v = o.value(QLatin1String(key));
        if (!v.isString() || v.toString().trimmed().isEmpty())
            fail(QStringLiteral("%1: '%2' must be a non-empty string").arg(where, QLatin1String(key)));
        return v.toString();
    }

    double number(const QJsonObject& o, const char* key, const QString& where)
    {
        const QJsonValue v = o.value(QLatin1String(key));
        if (!v.isDouble() || !std::isfinite(v.toDouble()) || v.toDouble() < 0)
            fail(QStringLiteral("%1: '%2' must be a number of 0 or more").arg(where, QLatin1String(key)));
        return v.toDouble();
    }

    int whole(const QJsonObject& o, const char* key, const QString& where)
    {
        const double d = number(o, key, where);
        if (ok() && (d != std::floor(d) || d > 1e9))
            fail(QStringLiteral("%1: '%2' must be a whole number").arg(where, QLatin1String(key)));
        return static_cast<int>(d);
    }

    bool flag(const QJsonObject& o, const char* key, const QString& where)
    {
        const QJsonValue v = o.value(QLatin1String(key));
        if (!v.isBool())
            fail(QStringLiteral("%1: '%2' must be true or false").arg(where, QLatin1String(key)));
        return v.toBool();
    }

private:
    QString mFile;
    QString mProblem;
};

Tier parseTier(TableReader& r, const QJsonObject& o, int index)
{
    const QString where = QStringLiteral("row %1").arg(index);
    Tier t;
    t.id = r.text(o, "id", where);
    t.name = r.text(o, "name", where);
    t.minGpus = r.whole(o, "min_gpus", where);
    if (o.contains(QLatin1String("max_gpus")))
        t.maxGpus = r.whole(o, "max_gpus", where);
    const QJsonObject cost = o.value(QLatin1String("typical_cost_usd")).toObject();
    t.typicalCostMin = r.number(cost, "min", where + QStringLiteral(" typical_cost_usd"));
    if (cost.contains(QLatin1String("max")))
        t.typicalCostMax = r.number(cost, "max", where + QStringLiteral(" typical_cost_usd"));
    t.primaryUse = r.text(o, "primary_use", where);
    t.interconnect = r.text(o, "interconnect", where);
    t.storage = r.text(o, "storage", where);
    t.minLinkGbps = r.whole(o, "min_link_gbps", where);
    t.expectsInfiniBand = r.flag(o, "expects_infiniband", where);
    t.expectsParallelFs = r.flag(o, "expects_parallel_fs", where);
    if (r.ok() && t.maxGpus && *t.maxGpus < t.minGpus)
        r.fail(
            QStringLiteral("%1 (%2): max_gpus %3 below min_gpus %4").arg(where, t.id).arg(*t.maxGpus).arg(t.minGpus));
    if (r.ok() && t.typicalCostMax && *t.typicalCostMax < t.typicalCostMin)
        r.fail(QStringLiteral("%1 (%2): typical cost max below min").arg(where, t.id));
    return t;
}

void loadTiers(TableReader& r, const QString& path, CatalogTables& out)
{
    const QJsonObject root = r.open(path, "tiers");
    if (!r.ok())
        return;
    out.tiersSource = r.text(root, "source", QStringLiteral("the table"));
    (void)r.text(root, "reading_source", QStringLiteral("the table"));
    const QJsonArray rows = root.value(QLatin1String("rows")).toArray();
    if (rows.isEmpty())
        r.fail(QStringLiteral("'rows' must be a non-empty array"));
    std::vector<Tier> tiers;
    for (int i = 0; i < rows.size() && r.ok(); ++i)
        tiers.push_back(parseTier(r, rows.at(i).toObject(), i));
    // The rule that places a design (TierTable::classify) asks for these rows by id.
    for (const char* id : {"development", "mid-scale", "large-scale", "hyperscale", "inference"})
        if (r.ok()
            && std::none_of(tiers.begin(), tiers.end(), [&](const Tier& t) { return t.id == QLatin1String(id); }))
            r.fail(QStringLiteral("no row with id '%1'").arg(QLatin1String(id)));
    if (r.ok())
        out.tiers = std::move(tiers);
}

FacilityDefault parseDefault(TableReader& r, const QJsonObject& root, const char* key, const QString& set)
{
    const QString where = QStringLiteral("%1 %2").arg(set, QLatin1String(key));
    const QJsonObject o = root.value(QLatin1String(key)).toObject();
    FacilityDefault d;
    d.value = r.number(o, "value", where);
    d.low = r.number(o, "low", where);
    d.high = r.number(o, "high", where);
    d.source = r.text(o, "source", where);
    (void)r.text(o, "band_source", where);
    if (r.ok() && !(d.low <= d.value && d.value <= d.high))
        r.fail(QStringLiteral("%1: band must have low <= value <= high (%2 <= %3 <= %4)")
                   .arg(where)
                   .arg(d.low)
                   .arg(d.value)
                   .arg(d.high));
    return d;
}

FacilityDefaults parseFacilitySet(TableReader& r, const QJsonObject& o, int index)
{
    FacilityDefaults f;
    f.generation = r.text(o, "generation", QStringLiteral("set %1").arg(index));
    const QString set = QStringLiteral("set %1 (%2)").arg(index).arg(f.generation);
    f.appliesTo = r.text(o, "applies_to", set);
    const QJsonArray systems = o.value(QLatin1String("systems")).toArray();
    for (const QJsonValue& v : systems)
        if (v.isString() && !v.toString().isEmpty())
            f.systems << v.toString();
    if (r.ok() && (systems.isEmpty() || f.systems.size() != systems.size()))
        r.fail(QStringLiteral("%1: 'systems' must be a non-empty array of skus").arg(set));
    f.rowLimitKw = parseDefault(r, o, "row_limit_kw", set);
    f.hallLimitKw = parseDefault(r, o, "hall_limit_kw", set);
    f.racksPerLoop = parseDefault(r, o, "racks_per_loop", set);
    f.cduSpares = parseDefault(r, o, "cdu_spares", set);
    f.cduCapacityKw = parseDefault(r, o, "cdu_capacity_kw", set);
    f.liquidShare = parseDefault(r, o, "liquid_share", set);
    if (r.ok() && (f.racksPerLoop.value < 1 || f.racksPerLoop.value != std::floor(f.racksPerLoop.value)))
        r.fail(QStringLiteral("%1: racks_per_loop must be a whole number of 1 or more").arg(set));
    if (r.ok() && f.cduSpares.value != std::floor(f.cduSpares.value))
        r.fail(QStringLiteral("%1: cdu_spares must be a whole number").arg(set));
    if (r.ok() && f.cduCapacityKw.value <= 0)
        r.fail(QStringLiteral("%1: cdu_capacity_kw must be positive").arg(set));
    if (r.ok() && f.liquidShare.high > 1)
        r.fail(QStringLiteral("%1: liquid_share is a share: at most 1").arg(set));
    return f;
}

// One set of defaults per generation ("sets"), the one named "fallback" for designs no set lists.
void loadFacility(TableReader& r, const QString& path, CatalogTables& out)
{
    const QJsonObject root = r.open(path, "facility-defaults", 2);
    if (!r.ok())
        return;
    const QString fallback = r.text(root, "fallback", QStringLiteral("the table"));
    (void)r.text(root, "applies_to", QStringLiteral("the table"));
    const QJsonArray sets = root.value(QLatin1String("sets")).toArray();
    if (r.ok() && sets.isEmpty())
        r.fail(QStringLiteral("'sets' must be a non-empty array"));
    std::vector<FacilityDefaults> parsed;
    QStringList listed;
    for (int i = 0; i < sets.size() && r.ok(); ++i) {
        FacilityDefaults f = parseFacilitySet(r, sets.at(i).toObject(), i);
        for (const QString& sku : f.systems) {
            if (r.ok() && listed.contains(sku))
                r.fail(QStringLiteral("set %1 (%2): system '%3' is listed by another set too")
                           .arg(i)
                           .arg(f.generation, sku));
            listed << sku;
        }
        parsed.push_back(std::move(f));
    }
    const auto fb = std::find_if(
        parsed.begin(), parsed.end(), [&](const FacilityDefaults& f) { return f.generation == fallback; });
    if (r.ok() && fb == parsed.end())
        r.fail(QStringLiteral("fallback '%1' names no set").arg(fallback));
    if (!r.ok())
        return;
    out.facility = *fb;
    out.facilitySets = std::move(parsed);
}

} // namespace

std::vector<CatalogIssue> CatalogTables::load(const QString& catalogDir, CatalogTables& out)
{
    const QDir tables(QDir(catalogDir).filePath(QLatin1String(kFolder)));
    std::vector<CatalogIssue> issues;
    TableReader tiers(QStringLiteral("%1/tiers.json").arg(QLatin1String(kFolder)));
    loadTiers(tiers, tables.filePath(QStringLiteral("tiers.json")), out);
    TableReader facility(QStringLiteral("%1/facility-defaults.json").arg(QLatin1String(kFolder)));
    loadFacility(facility, tables.filePath(QStringLiteral("facility-defaults.json")), out);
    for (const TableReader* r : {&tiers, &facility})
        for (const CatalogIssue& issue : r->issues())
            issues.push_back(issue);
    return issues;
}

const CatalogTables& CatalogTables::shipped()
{
    static const CatalogTables kTables = [] {
        CatalogTables t;
        const QString dir = Catalog::defaultDirectory();
        const std::vector<CatalogIssue> issues = load(dir, t);
        if (!issues.empty())
            throw IoError(QStringLiteral("catalog tables in %1: %2").arg(dir, issues.front().toString()));
        return t;
    }();
    return kTables;
}

const FacilityDefaults& CatalogTables::facilityFor(const QString& systemSku) const
{
    for (const FacilityDefaults& f : facilitySets)
        if (!systemSku.isEmpty() && f.systems.contains(systemSku))
            return f;
    return facility;
}

} // namespace pw
