#include "floor/floorlayout.h"

#include "catalog/rackheight.h"
#include "model/design.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>

namespace pw {

namespace {

double number(const QJsonObject& o, const char* key, double fallback)
{
    const QJsonValue v = o.value(QLatin1String(key));
    return v.isDouble() ? v.toDouble() : (v.isUndefined() ? fallback : std::nan(""));
}

bool within(double v, double lo, double hi)
{
    return std::isfinite(v) && v >= lo && v <= hi;
}

} // namespace

HallParameters HallParameters::forRack(const CatalogItem& rack)
{
    HallParameters h;
    if (rack.rackWidthMm && rack.rackWidthMm->value > 0)
        h.rackWidthM = rack.rackWidthMm->value / 1000.0;
    if (rack.rackDepthMm && rack.rackDepthMm->value > 0)
        h.rackDepthM = rack.rackDepthMm->value / 1000.0;
    if (const int u = pw::rackHeightU(rack); u > 0)
        h.rackHeightU = u;
    return h;
}

QStringList HallParameters::assumptions() const
{
    return {
        QStringLiteral("rack footprint %1 x %2 m, %3U (the rack catalog item)")
            .arg(rackWidthM)
            .arg(rackDepthM)
            .arg(rackHeightU),
        QStringLiteral("estimate: cold aisle %1 m, hot aisle %2 m (rows alternate front to front and back to back; "
                       "row pitch %3 m)")
            .arg(coldAisleM)
            .arg(hotAisleM)
            .arg(rowPitchM()),
        QStringLiteral("estimate: cables between racks run up the rack to an overhead tray %1 m above the racks, "
                       "along the rows and aisles (rack centre to rack centre, at right angles), and down the other "
                       "rack, with %2 m of slack at each end; inside a rack %3 m of dressing plus 44.45 mm per U")
            .arg(trayAboveRackM)
            .arg(slackPerEndM)
            .arg(inRackDressingM),
    };
}

std::optional<FloorLayout> FloorLayout::of(const Design& design)
{
    const QJsonValue v = design.properties().value(QLatin1String(kKey));
    if (!v.isObject())
        return std::nullopt;
    // A loaded design was checked by the assembler; a damaged object here is a programmer error.
    return fromJson(v.toObject(), design, nullptr);
}

QJsonValue FloorLayout::storedJson(const Design& design)
{
    const QJsonValue v = design.properties().value(QLatin1String(kKey));
    if (!v.isObject())
        return v;
    const std::optional<FloorLayout> f = fromJson(v.toObject(), design, nullptr);
    return f ? QJsonValue(f->toJson()) : v;
}

std::optional<FloorLayout> FloorLayout::fromJson(
    const QJsonObject& json, const Design& design, QString* error, MissingRacks missing)
{
    auto fail = [&](const QString& why) -> std::optional<FloorLayout> {
        if (error)
            *error = QStringLiteral("the floor plan is damaged: %1").arg(why);
        return std::nullopt;
    };
    FloorLayout f;
    const QJsonObject hall = json.value(QLatin1String("hall")).toObject();
    HallParameters& h = f.hall;
    h.rackWidthM = number(hall, "rack_width_m", h.rackWidthM);
    h.rackDepthM = number(hall, "rack_depth_m", h.rackDepthM);
    const double height = number(hall, "rack_height_u", h.rackHeightU);
    h.coldAisleM = number(hall, "cold_aisle_m", h.coldAisleM);
    h.hotAisleM = number(hall, "hot_aisle_m", h.hotAisleM);
    h.trayAboveRackM = number(hall, "tray_above_rack_m", h.trayAboveRackM);
    h.slackPerEndM = number(hall, "slack_per_end_m", h.slackPerEndM);
    h.inRackDressingM = number(hall, "in_rack_dressing_m", h.inRackDressingM);
    if (!within(h.rackWidthM, 0.3, 3) || !within(h.rackDepthM, 0.3, 3))
        return fail(QStringLiteral("a rack footprint must be 0.3 to 3 m a side"));
    if (!within(height, 1, 100) || height != std::floor(height))
        return fail(QStringLiteral("a rack height must be a whole number of U from 1 to 100"));
    h.rackHeightU = static_cast<int>(height);
    for (double aisle : {h.coldAisleM, h.hotAisleM})
        if (!within(aisle, 0.3, 20))
            return fail(QStringLiteral("an aisle must be 0.3 to 20 m wide"));
    for (double m : {h.trayAboveRackM, h.slackPerEndM, h.inRackDressingM})
        if (!within(m, 0, 20))
            return fail(QStringLiteral("tray height, slack and dressing must be 0 to 20 m"));
    const QJsonArray rows = json.value(QLatin1String("rows")).toArray();
    if (rows.size() > kMaxRows)
        return fail(QStringLiteral("more than %1 rows").arg(kMaxRows));
    f.rows.reserve(static_cast<size_t>(rows.size()));
    for (const QJsonValue& rv : rows) {
        const QJsonObject r = rv.toObject();
        FloorRow row;
        row.name = r.value(QLatin1String("name")).toString();
        row.xM = number(r, "x_m", std::nan(""));
        row.yM = number(r, "y_m", std::nan(""));
        const double slots = number(r, "slots", std::nan(""));
        row.facesNorth = r.value(QLatin1String("faces")).toString() == QLatin1String("north");
        if (row.name.isEmpty() || row.name.size() > Design::kMaxNameLength)
            return fail(QStringLiteral("row %1 has no name or one too long").arg(f.rows.size() + 1));
        if (!within(row.xM, -kMaxHallM, kMaxHallM) || !within(row.yM, -kMaxHallM, kMaxHallM))
            return fail(QStringLiteral("row %1 stands outside the hall (±%2 m)").arg(row.name).arg(kMaxHallM));
        if (!within(slots, 1, kMaxSlotsPerRow) || slots != std::floor(slots))
            return fail(QStringLiteral("row %1 must have 1 to %2 rack positions").arg(row.name).arg(kMaxSlotsPerRow));
        row.slots = static_cast<int>(slots);
        f.rows.push_back(row);
    }
    const QJsonArray racks = json.value(QLatin1String("racks")).toArray();
    for (const QJsonValue& pv : racks) {
        const QJsonArray p = pv.toArray();
        if (p.size() != 3 || !p.at(0).isDouble() || !p.at(1).isDouble() || !p.at(2).isDouble())
            return fail(QStringLiteral("a rack's place is not [rack id, row, slot]"));
        const double id = p.at(0).toDouble();
        const double row = p.at(1).toDouble();
        const double slot = p.at(2).toDouble();
        if (!within(id, 1, 4e9) || id != std::floor(id) || !within(row, 0, kMaxRows) || row != std::floor(row)
            || !within(slot, 0, kMaxSlotsPerRow) || slot != std::floor(slot))
            return fail(QStringLiteral("a rack's place holds a number out of range"));
        const auto key = static_cast<quint32>(id);
        // A rack removed since (ungrouped, deleted) leaves its place behind in a live design:
        // dropped, not damage. A file never holds one (savers write storedJson): there it is damage.
        if (!design.group(GroupId(key))) {
            if (missing == MissingRacks::Refuse)
                return fail(QStringLiteral("it places rack %1, which the design does not have").arg(key));
            continue;
        }
        if (f.racks.contains(key))
            return fail(QStringLiteral("rack %1 is placed twice").arg(key));
        f.racks.emplace(key, RackPlace{static_cast<int>(row), static_cast<int>(slot)});
    }
    if (auto why = f.whyInvalid(design))
        return fail(*why);
    return f;
}

std::optional<QString> FloorLayout::whyInvalid(const Design& design) const
{
    // Sized by the racks, never by rows x slots (a hostile file may claim huge rows).
    std::unordered_map<quint64, quint32> taken;
    taken.reserve(racks.size());
    for (const auto& [id, p] : racks) {
        const Group* g = design.group(GroupId(id));
        if (!g || g->kind != GroupKind::Rack)
            return QStringLiteral("it places %1, which is not a rack of the design").arg(id);
        if (p.row < 0 || p.row >= static_cast<int>(rows.size()))
            return QStringLiteral("rack %1 is in row %2, which does not exist").arg(g->name).arg(p.row + 1);
        const FloorRow& row = rows[static_cast<size_t>(p.row)];
        if (p.slot < 0 || p.slot >= row.slots)
            return QStringLiteral("rack %1 is at position %2 of row %3, which has %4")
                .arg(g->name)
                .arg(p.slot + 1)
                .arg(row.name)
                .arg(row.slots);
        const auto [it, fresh] = taken.emplace((quint64(p.row) << 32) | quint64(p.slot), id);
        if (!fresh)
            return QStringLiteral("racks %1 and %2 stand in the same place (row %3, position %4)")
                .arg(design.group(GroupId(it->second))->name, g->name, row.name)
                .arg(p.slot + 1);
    }
    return std::nullopt;
}

QJsonObject FloorLayout::toJson() const
{
    QJsonArray rowArray;
    for (const FloorRow& r : rows)
        rowArray.append(QJsonObject{{QStringLiteral("name"), r.name}, {QStringLiteral("x_m"), r.xM},
            {QStringLiteral("y_m"), r.yM}, {QStringLiteral("slots"), r.slots},
            {QStringLiteral("faces"), r.facesNorth ? QStringLiteral("north") : QStringLiteral("south")}});
    // By rack id, so the same floor always writes the same text.
    std::vector<std::pair<quint32, RackPlace>> sorted(racks.begin(), racks.end());
    std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    QJsonArray rackArray;
    for (const auto& [id, p] : sorted)
        rackArray.append(QJsonArray{static_cast<double>(id), p.row, p.slot});
    return {
        {QStringLiteral("hall"),
            QJsonObject{{QStringLiteral("rack_width_m"), hall.rackWidthM},
                {QStringLiteral("rack_depth_m"), hall.rackDepthM}, {QStringLiteral("rack_height_u"), hall.rackHeightU},
                {QStringLiteral("cold_aisle_m"), hall.coldAisleM}, {QStringLiteral("hot_aisle_m"), hall.hotAisleM},
                {QStringLiteral("tray_above_rack_m"), hall.trayAboveRackM},
                {QStringLiteral("slack_per_end_m"), hall.slackPerEndM},
                {QStringLiteral("in_rack_dressing_m"), hall.inRackDressingM}}},
        {QStringLiteral("rows"), rowArray},
        {QStringLiteral("racks"), rackArray},
    };
}

QJsonObject FloorLayout::storedIn(const QJsonObject& properties) const
{
    QJsonObject p = properties;
    p.insert(QLatin1String(kKey), toJson());
    return p;
}

const RackPlace* FloorLayout::place(GroupId rack) const
{
    const auto it = racks.find(rack.value());
    return it == racks.end() ? nullptr : &it->second;
}

std::optional<QPointF> FloorLayout::rackCentre(GroupId rack) const
{
    const RackPlace* p = place(rack);
    if (!p || p->row < 0 || p->row >= static_cast<int>(rows.size()))
        return std::nullopt;
    const FloorRow& r = rows[static_cast<size_t>(p->row)];
    return QPointF(r.xM + (p->slot + 0.5) * hall.rackWidthM, r.yM);
}

GroupId FloorLayout::rackAt(int row, int slot) const
{
    for (const auto& [id, p] : racks)
        if (p.row == row && p.slot == slot)
            return GroupId(id);
    return GroupId();
}

QRectF FloorLayout::extent() const
{
    QRectF e;
    for (const FloorRow& r : rows)
        e |= QRectF(r.xM, r.yM - hall.rackDepthM / 2, r.slots * hall.rackWidthM, hall.rackDepthM);
    return e;
}

} // namespace pw
