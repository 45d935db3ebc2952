#include "catalog/catalogitemparser.h"

#include "catalog/itemrole.h"
#include "catalog/network.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace pw {

namespace {

// Collects the first error; later reads become no-ops so the parser reads straight through.
class Reader {
public:
    QString error;

    bool ok() const { return error.isEmpty(); }
    void fail(const QString& message)
    {
        if (error.isEmpty())
            error = message;
    }

    QString string(const QJsonObject& o, const char* key, bool required = true)
    {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isUndefined()) {
            if (required)
                fail(QStringLiteral("missing field '%1'").arg(QLatin1String(key)));
            return {};
        }
        if (!v.isString()) {
            fail(QStringLiteral("field '%1' must be a string").arg(QLatin1String(key)));
            return {};
        }
        return v.toString();
    }

    double number(const QJsonObject& o, const char* key, bool required = true, double min = 0.0)
    {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isUndefined()) {
            if (required)
                fail(QStringLiteral("missing field '%1'").arg(QLatin1String(key)));
            return 0.0;
        }
        if (!v.isDouble()) {
            fail(QStringLiteral("field '%1' must be a number").arg(QLatin1String(key)));
            return 0.0;
        }
        const double d = v.toDouble();
        if (!(d >= min) || d > 1e12) {
            fail(QStringLiteral("field '%1' is out of range (%2)").arg(QLatin1String(key)).arg(d));
            return 0.0;
        }
        return d;
    }

    int integer(const QJsonObject& o, const char* key, bool required = true, int min = 0, int max = 1000000)
    {
        const double d = number(o, key, required, min);
        if (d != static_cast<int>(d) || d > max) {
            fail(QStringLiteral("field '%1' must be a whole number between %2 and %3")
                     .arg(QLatin1String(key))
                     .arg(min)
                     .arg(max));
            return 0;
        }
        return static_cast<int>(d);
    }

    QString source(const QJsonObject& o, const QString& where)
    {
        const QString s = string(o, "source");
        if (ok() && s.trimmed().isEmpty())
            fail(QStringLiteral("%1 has an empty source").arg(where));
        return s;
    }

    QJsonObject object(const QJsonObject& o, const char* key)
    {
        const QJsonValue v = o.value(QLatin1String(key));
        if (!v.isObject()) {
            fail(QStringLiteral("field '%1' must be an object").arg(QLatin1String(key)));
            return {};
        }
        return v.toObject();
    }

    // A figure is {"value": ..., "source": "..."}.
    Figure figure(const QJsonObject& o, const char* key)
    {
        const QJsonObject f = object(o, key);
        if (!ok())
            return {};
        Figure fig;
        fig.value = number(f, "value");
        fig.source = source(f, QStringLiteral("figure '%1'").arg(QLatin1String(key)));
        return fig;
    }
};

const QRegularExpression& skuPattern()
{
    static const QRegularExpression re(QStringLiteral("^[a-z0-9][a-z0-9-]{0,63}$"));
    return re;
}

bool isKnownConnector(const QString& c)
{
    static const QStringList known{QStringLiteral("OSFP"), QStringLiteral("QSFP112"), QStringLiteral("QSFP56"),
        QStringLiteral("QSFP28"), QStringLiteral("SFP28"), QStringLiteral("RJ45"),
        QStringLiteral("MPO")}; // MPO: a co-packaged-optics port, fibre straight into the switch
    return known.contains(c);
}

// "breakouts": the other ways a port group's cages run, each with its ports per cage, speed and
// source ([{"ports_per_cage": 2, "speed_gbps": 200, "source": "..."}]).
std::vector<PortBreakout> parseBreakouts(Reader& r, const QJsonValue& list, int index)
{
    if (list.isUndefined())
        return {};
    if (!list.isArray()) {
        r.fail(QStringLiteral("port group %1: 'breakouts' must be an array").arg(index));
        return {};
    }
    std::vector<PortBreakout> out;
    for (const QJsonValue& v : list.toArray()) {
        const QJsonObject o = v.toObject();
        PortBreakout b;
        b.portsPerCage = r.integer(o, "ports_per_cage", true, 1, 8);
        b.speedGbps = r.integer(o, "speed_gbps", true, 1, 100000);
        b.source = r.source(o, QStringLiteral("port group %1 breakout").arg(index));
        out.push_back(b);
    }
    return out;
}

// {"fiber", "fiber_connector", "max_reach_m", "pluggable_w_saved": {"value", "source"}, "source"}
// on a switch's fabric port group: the port's optics are in the package (CoPackagedOptics).
CoPackagedOptics parseCoPackagedOptics(Reader& r, const QJsonObject& o, const PortGroup& g, int index)
{
    CoPackagedOptics cpo;
    cpo.fiber = r.string(o, "fiber");
    if (r.ok() && cpo.fiber != QLatin1String("singlemode") && cpo.fiber != QLatin1String("multimode"))
        r.fail(QStringLiteral("port group %1: co_packaged_optics fiber must be singlemode or multimode").arg(index));
    cpo.fiberConnector = r.string(o, "fiber_connector");
    cpo.maxReachM = r.number(o, "max_reach_m");
    const Figure saved = r.figure(o, "pluggable_w_saved");
    cpo.pluggableSavedW = saved.value;
    cpo.savedSource = saved.source;
    cpo.source = r.source(o, QStringLiteral("port group %1 co_packaged_optics").arg(index));
    if (r.ok() && (g.role != PortRole::Fabric || g.connector != cpo.fiberConnector))
        r.fail(QStringLiteral("port group %1: co_packaged_optics is a switch port (role fabric) whose connector is "
                              "its fiber_connector (%2)")
                   .arg(index)
                   .arg(cpo.fiberConnector));
    return cpo;
}

PortGroup parsePortGroup(Reader& r, const QJsonObject& o, int index)
{
    PortGroup g;
    g.name = r.string(o, "name");
    g.count = r.integer(o, "count", true, 1, 4096);
    const QJsonValue speeds = o.value(QLatin1String("speeds_gbps"));
    if (!speeds.isArray() || speeds.toArray().isEmpty()) {
        r.fail(QStringLiteral("port group %1: 'speeds_gbps' must be a non-empty array").arg(index));
        return g;
    }
    for (const QJsonValue& s : speeds.toArray()) {
        if (!s.isDouble() || s.toDouble() < 1 || s.toDouble() > 100000 || s.toDouble() != s.toInt()) {
            r.fail(QStringLiteral("port group %1: speeds must be whole Gb/s").arg(index));
            return g;
        }
        g.speedsGbps.push_back(s.toInt());
    }
    g.connector = r.string(o, "connector");
    if (r.ok() && !isKnownConnector(g.connector))
        r.fail(QStringLiteral("port group %1: unknown connector '%2'").arg(index).arg(g.connector));
    const auto role = portRoleFromString(r.string(o, "role"));
    if (r.ok() && !role)
        r.fail(QStringLiteral("port group %1: unknown role '%2'")
                   .arg(index)
                   .arg(o.value(QLatin1String("role")).toString()));
    g.role = role.value_or(PortRole::Compute);
    g.portsPerCage = o.contains(QLatin1String("ports_per_cage")) ? r.integer(o, "ports_per_cage", true, 1, 8) : 1;
    g.source = r.source(o, QStringLiteral("port group %1").arg(index));
    g.breakouts = parseBreakouts(r, o.value(QLatin1String("breakouts")), index);
    if (o.contains(QLatin1String("co_packaged_optics")))
        g.coPackagedOptics = parseCoPackagedOptics(r, r.object(o, "co_packaged_optics"), g, index);
    else if (r.ok() && g.connector == QLatin1String("MPO"))
        r.fail(QStringLiteral("port group %1: an MPO port is a co-packaged-optics port; give its "
                              "co_packaged_optics block")
                   .arg(index));
    return g;
}

// "lengths_m": the lengths a cable is made in, ascending, above 0 and at most 100 km.
std::vector<double> parseLengths(Reader& r, const QJsonValue& lengths)
{
    if (lengths.isUndefined())
        return {};
    if (!lengths.isArray() || lengths.toArray().isEmpty() || lengths.toArray().size() > 100) {
        r.fail(QStringLiteral("'lengths_m' must list 1 to 100 lengths in metres"));
        return {};
    }
    std::vector<double> out;
    double previous = 0;
    for (const QJsonValue& v : lengths.toArray()) {
        const double m = v.toDouble(-1);
        if (!v.isDouble() || !(m > previous) || m > 100000) {
            r.fail(QStringLiteral("'lengths_m' must list lengths in metres, ascending, above 0 and at most 100 km"));
            return {};
        }
        out.push_back(m);
        previous = m;
    }
    return out;
}

QStringList stringsOf(const QJsonValue& list)
{
    QStringList out;
    for (const QJsonValue& v : list.toArray())
        out << v.toString();
    return out;
}

// {"value": <number>, "source": "..."} inside `block`, read as its consumers always have: present
// when the block names a number, no further check (a figure the loader does not check yet).
std::optional<Figure> optionalFigure(const QJsonObject& block, const char* key)
{
    const QJsonObject f = block.value(QLatin1String(key)).toObject();
    const QJsonValue v = f.value(QLatin1String("value"));
    if (!v.isDouble())
        return std::nullopt;
    return Figure{v.toDouble(), f.value(QLatin1String("source")).toString()};
}

std::optional<QJsonObject> blockOf(const QJsonObject& entry, const char* key)
{
    const QJsonValue v = entry.value(QLatin1String(key));
    return v.isObject() ? std::optional<QJsonObject>(v.toObject()) : std::nullopt;
}

QString text(const QJsonObject& o, const char* key)
{
    return o.value(QLatin1String(key)).toString();
}

int whole(const QJsonObject& o, const char* key, int fallback = 0)
{
    return o.value(QLatin1String(key)).toInt(fallback);
}

// The blocks that say how a system is built into its reference design (catalog/catalogblocks.h).
// Read as their consumers read them before they were typed, so every entry that loaded still loads
// the same; the loader's checks of them are their own work (issue 28).
void parseBuildBlocks(const QJsonObject& entry, CatalogItem& item)
{
    if (const auto o = blockOf(entry, "scalable_unit"))
        item.scalableUnitServers = Sourced<int>{whole(*o, "servers"), text(*o, "source")};
    if (const auto o = blockOf(entry, "compute_trays"))
        item.computeTrays = ComputeTrays{whole(*o, "value"), whole(*o, "nics_per_tray"), text(*o, "source")};
    if (const auto o = blockOf(entry, "power_shelves"))
        item.powerShelves
            = PowerShelves{whole(*o, "value"), o->value(QLatin1String("capacity_kw")).toDouble(), text(*o, "source")};
    if (const auto o = blockOf(entry, "liquid_heat_share")) {
        const QJsonValue v = o->value(QLatin1String("value"));
        if (v.isDouble() && v.toDouble() >= 0 && v.toDouble() <= 1)
            item.liquidHeatShare = Sourced<double>{v.toDouble(), text(*o, "source")};
    }
    if (const auto o = blockOf(entry, "cooling_capacity_kw"))
        item.coolingCapacityKw = Sourced<double>{o->value(QLatin1String("value")).toDouble(), text(*o, "source")};
    if (const auto o = blockOf(entry, "busbar_rack"))
        item.busbarRack = Sourced<bool>{o->value(QLatin1String("value")).toBool(), text(*o, "source")};
    if (const auto o = blockOf(entry, "superpod_certified"))
        item.superpodCertified = Sourced<bool>{o->value(QLatin1String("value")).toBool(), text(*o, "source")};
    if (const auto o = blockOf(entry, "compute_planes"))
        item.computePlanes = ComputePlanes{whole(*o, "value", 1), text(*o, "technology"), text(*o, "source")};
    if (const auto o = blockOf(entry, "multi_plane_form"))
        item.multiPlaneForm = MultiPlaneForm{text(*o, "sku"), text(*o, "differs"), text(*o, "source")};
    if (const auto o = blockOf(entry, "published_designs")) {
        PublishedDesigns table{text(*o, "switch"), {}, text(*o, "differences"), text(*o, "source")};
        auto column = [](const QJsonObject& row, const char* key) {
            return row.contains(QLatin1String(key)) ? std::optional<int>(whole(row, key)) : std::nullopt;
        };
        for (const QJsonValue& v : o->value(QLatin1String("rows")).toArray()) {
            const QJsonObject row = v.toObject();
            table.rows.push_back(
                {whole(row, "units"), whole(row, "nodes"), row.value(QLatin1String("gpus")).toInteger(),
                    column(row, "leaf"), column(row, "spine"), column(row, "node_leaf"), column(row, "leaf_spine")});
        }
        item.publishedDesigns = table;
    }
    if (const auto o = blockOf(entry, "reference_design")) {
        ReferenceDesign ref{
            text(*o, "document"), whole(*o, "scalable_units"), whole(*o, "nodes"), {}, text(*o, "source")};
        const QJsonObject lines = o->value(QLatin1String("lines")).toObject();
        for (auto it = lines.begin(); it != lines.end(); ++it)
            ref.lines[it.key()] = it.value().toInt();
        item.referenceDesign = ref;
    }
    for (const QJsonValue& v : entry.value(QLatin1String("deliberate_differences")).toArray()) {
        const QJsonObject d = v.toObject();
        item.deliberateDifferences.push_back({text(d, "check"), text(d, "document"), text(d, "differs"), text(d, "why"),
            text(d, "sku"), text(d, "technology"), whole(d, "servers_at_most"), text(d, "source")});
    }
}

} // namespace

CatalogItemParser::Result CatalogItemParser::parse(const QJsonObject& entry)
{
    Reader r;
    CatalogItem item;
    item.mSnapshot = entry;
    item.sku = r.string(entry, "sku");
    if (r.ok() && !skuPattern().match(item.sku).hasMatch())
        r.fail(QStringLiteral("sku '%1' must be lower-case letters, digits and dashes").arg(item.sku));
    const auto kind = itemKindFromString(r.string(entry, "kind"));
    if (r.ok() && !kind)
        r.fail(QStringLiteral("unknown kind '%1'").arg(entry.value(QLatin1String("kind")).toString()));
    item.kind = kind.value_or(ItemKind::Server);
    item.vendor = r.string(entry, "vendor");
    item.model = r.string(entry, "model");
    item.description = r.string(entry, "description", false);
    item.rackUnits = r.figure(entry, "rack_units");
    if (r.ok() && (item.rackUnits.value != static_cast<int>(item.rackUnits.value) || item.rackUnits.value > 60))
        r.fail(QStringLiteral("rack_units must be a whole number of U up to 60"));
    if (entry.contains(QLatin1String("power_modes"))) {
        // A rack-scale system's power as its RA states it: the rack draws its max_p figure; no
        // parallel power_max_w, so the two cannot disagree.
        if (entry.contains(QLatin1String("power_max_w")))
            r.fail(QStringLiteral("give 'power_modes' or 'power_max_w', not both (the rack draws its max_p)"));
        const QJsonObject pm = r.object(entry, "power_modes");
        PowerModes modes;
        if (r.ok() && pm.contains(QLatin1String("max_q")))
            modes.maxQKw = r.figure(pm, "max_q");
        modes.maxPKw = r.figure(pm, "max_p");
        if (r.ok() && pm.contains(QLatin1String("provisioned")))
            modes.provisionedKw = r.figure(pm, "provisioned");
        if (r.ok() && modes.maxPKw.value <= 0)
            r.fail(QStringLiteral("power_modes max_p must be positive"));
        if (r.ok() && modes.maxQKw && modes.maxQKw->value > modes.maxPKw.value)
            r.fail(QStringLiteral("power_modes out of order: max_q %1 kW above max_p %2 kW")
                       .arg(modes.maxQKw->value)
                       .arg(modes.maxPKw.value));
        if (r.ok() && modes.provisionedKw && modes.provisionedKw->value < modes.maxPKw.value)
            r.fail(QStringLiteral("power_modes out of order: provisioned %1 kW below max_p %2 kW")
                       .arg(modes.provisionedKw->value)
                       .arg(modes.maxPKw.value));
        item.powerMaxW
            = Figure{modes.maxPKw.value * 1000.0, QStringLiteral("power_modes max_p: ") + modes.maxPKw.source};
        item.powerModes = modes;
    } else {
        item.powerMaxW = r.figure(entry, "power_max_w");
    }
    if (entry.contains(QLatin1String("power_typical_w")))
        item.powerTypicalW = r.figure(entry, "power_typical_w");

    const bool needsCooling = item.kind == ItemKind::Server || item.kind == ItemKind::Switch
        || item.kind == ItemKind::Storage || item.kind == ItemKind::Appliance;
    if (entry.contains(QLatin1String("cooling")) || needsCooling) {
        const QJsonObject c = r.object(entry, "cooling");
        const QString value = c.value(QLatin1String("value")).toString();
        if (r.ok()) {
            if (value == QLatin1String("air"))
                item.cooling = Cooling::Air;
            else if (value == QLatin1String("liquid"))
                item.cooling = Cooling::Liquid;
            else
                r.fail(QStringLiteral("cooling must be \"air\" or \"liquid\""));
            item.coolingSource = r.source(c, QStringLiteral("figure 'cooling'"));
        }
    }

    const QJsonValue groups = entry.value(QLatin1String("port_groups"));
    if (!groups.isUndefined()) {
        if (!groups.isArray())
            r.fail(QStringLiteral("'port_groups' must be an array"));
        int i = 0;
        for (const QJsonValue& g : groups.toArray()) {
            if (!g.isObject()) {
                r.fail(QStringLiteral("port group %1 must be an object").arg(i));
                break;
            }
            item.portGroups.push_back(parsePortGroup(r, g.toObject(), i++));
        }
        if (r.ok() && item.portCount() > 4096)
            r.fail(QStringLiteral("more than 4096 ports"));
    }

    auto section = [&](const char* key, bool required) -> std::optional<QJsonObject> {
        if (!entry.contains(QLatin1String(key))) {
            if (required)
                r.fail(QStringLiteral("a %1 needs a '%2' section").arg(toString(item.kind), QLatin1String(key)));
            return std::nullopt;
        }
        return r.object(entry, key);
    };

    if (auto g = section("gpu", item.kind == ItemKind::Server)) {
        GpuSpec gpu;
        gpu.model = r.string(*g, "model");
        gpu.count = r.integer(*g, "count", true, 0, 100000);
        gpu.memoryGb = r.number(*g, "memory_gb");
        gpu.bf16Tflops = r.number(*g, "bf16_tflops", false);
        gpu.fp8Tflops = r.number(*g, "fp8_tflops", false);
        gpu.tdpW = r.number(*g, "tdp_w", false);
        gpu.nvlinkGBps = r.number(*g, "nvlink_gbps", false);
        gpu.source = r.source(*g, QStringLiteral("gpu"));
        if (g->contains(QLatin1String("unit_price_usd"))) {
            // {"low", "value", "high", "source"}: one GPU's street price band.
            const QJsonObject up = r.object(*g, "unit_price_usd");
            const Band b{r.number(up, "low"), r.number(up, "value"), r.number(up, "high")};
            if (r.ok() && !(b.low <= b.mid && b.mid <= b.high))
                r.fail(QStringLiteral("gpu unit_price_usd must have low <= value <= high"));
            gpu.unitPriceSource = r.source(up, QStringLiteral("gpu unit_price_usd"));
            gpu.unitPrice = b;
        }
        if (g->contains(QLatin1String("cloud_price_usd_per_gpu_hour"))) {
            // {"low", "value", "high", "source"}: one GPU-hour of this generation rented.
            const QJsonObject cp = r.object(*g, "cloud_price_usd_per_gpu_hour");
            const Band b{r.number(cp, "low"), r.number(cp, "value"), r.number(cp, "high")};
            if (r.ok() && !(b.low <= b.mid && b.mid <= b.high && b.mid > 0))
                r.fail(QStringLiteral("gpu cloud_price_usd_per_gpu_hour must have 0 < value and low <= value <= high"));
            gpu.cloudPriceSource = r.source(cp, QStringLiteral("gpu cloud_price_usd_per_gpu_hour"));
            gpu.cloudPricePerHour = b;
        }
        item.gpu = gpu;
    }
    if (auto s = section("switch", item.kind == ItemKind::Switch)) {
        SwitchSpec sw;
        sw.radix = r.integer(*s, "radix", true, 1, 4096);
        sw.capacityTbps = r.number(*s, "capacity_tbps");
        sw.technology = r.string(*s, "technology");
        sw.source = r.source(*s, QStringLiteral("switch"));
        if (s->contains(QLatin1String("embedded_subnet_manager"))) {
            // {"max_nodes": N, "source": "..."}: the switch runs a subnet manager of its own.
            const QJsonObject sm = r.object(*s, "embedded_subnet_manager");
            sw.embeddedSmMaxNodes = r.integer(sm, "max_nodes", true, 1, 1000000);
            sw.embeddedSmSource = r.source(sm, QStringLiteral("switch embedded_subnet_manager"));
            if (r.ok() && sw.technology != QLatin1String("infiniband"))
                r.fail(QStringLiteral("switch embedded_subnet_manager applies to an InfiniBand switch only"));
        }
        item.switchSpec = sw;
    }
    if (entry.contains(QLatin1String("roles"))) {
        // {"value": ["subnet-manager"], "source": "..."}: what the generator picks this item for.
        const QJsonObject ro = r.object(entry, "roles");
        const QJsonValue list = ro.value(QLatin1String("value"));
        if (r.ok() && (!list.isArray() || list.toArray().isEmpty()))
            r.fail(QStringLiteral("'roles' needs a non-empty 'value' array"));
        for (const QJsonValue& v : list.toArray()) {
            const auto role = itemRoleFromString(v.toString());
            if (r.ok() && !role)
                r.fail(QStringLiteral("unknown role '%1'").arg(v.toString()));
        }
        if (r.ok())
            item.roles = Sourced<QStringList>{stringsOf(list), r.source(ro, QStringLiteral("roles"))};
    }
    if (entry.contains(QLatin1String("networks"))) {
        // {"value": ["inband", "storage"], "source": "..."}: the networks a switch serves, usual
        // first. Checked here; NetworkChoice reads the names.
        const QJsonObject n = r.object(entry, "networks");
        const QJsonValue list = n.value(QLatin1String("value"));
        if (r.ok() && (!list.isArray() || list.toArray().isEmpty()))
            r.fail(QStringLiteral("'networks' needs a non-empty 'value' array"));
        for (const QJsonValue& v : list.toArray()) {
            const auto network = networkFromString(v.toString());
            if (r.ok() && (!network || *network == Network::None))
                r.fail(QStringLiteral("unknown network '%1' (compute, storage, inband or oob)").arg(v.toString()));
        }
        if (r.ok())
            item.networks = Sourced<QStringList>{stringsOf(list), r.source(n, QStringLiteral("networks"))};
    }
    if (auto f = section("storage_fabric", false)) {
        StorageFabricSpec fabric;
        fabric.technology = r.string(*f, "technology");
        if (r.ok() && fabric.technology != QLatin1String("ethernet")
            && fabric.technology != QLatin1String("infiniband"))
            r.fail(QStringLiteral("storage_fabric technology must be 'ethernet' or 'infiniband'"));
        const QJsonValue converged = f->value(QLatin1String("converged_with_inband"));
        if (r.ok() && !converged.isUndefined() && !converged.isBool())
            r.fail(QStringLiteral("storage_fabric converged_with_inband must be true or false"));
        fabric.convergedWithInBand = converged.toBool();
        fabric.source = r.source(*f, QStringLiteral("storage_fabric"));
        if (r.ok() && item.kind != ItemKind::Server)
            r.fail(QStringLiteral("storage_fabric applies to a server only"));
        item.storageFabric = fabric;
    }
    if (auto d = section("rdma_devices", false)) {
        // {"<port group>": ["mlx5_0", ...], "source": "..."}: one name per port of the group.
        RdmaDevices devices;
        devices.source = r.source(*d, QStringLiteral("rdma_devices"));
        QSet<QString> seen;
        for (auto it = d->begin(); it != d->end() && r.ok(); ++it) {
            if (it.key() == QLatin1String("source"))
                continue;
            const auto group = std::find_if(
                item.portGroups.begin(), item.portGroups.end(), [&](const PortGroup& g) { return g.name == it.key(); });
            if (group == item.portGroups.end()) {
                r.fail(
                    QStringLiteral("rdma_devices names port group '%1', which the item does not have").arg(it.key()));
                break;
            }
            QStringList names;
            for (const QJsonValue& v : it.value().toArray())
                names << v.toString();
            if (!it.value().isArray() || names.size() != group->count || names.contains(QString())) {
                r.fail(
                    QStringLiteral("rdma_devices '%1' needs one name per port (%2)").arg(it.key()).arg(group->count));
                break;
            }
            for (const QString& n : names) {
                if (seen.contains(n))
                    r.fail(QStringLiteral("rdma_devices names %1 twice").arg(n));
                seen.insert(n);
            }
            devices.byPortGroup.emplace_back(it.key(), names);
        }
        if (r.ok() && item.kind != ItemKind::Server)
            r.fail(QStringLiteral("rdma_devices applies to a server only"));
        item.rdmaDevices = devices;
    }
    if (auto s = section("storage", item.kind == ItemKind::Storage)) {
        StorageSpec st;
        st.readGBps = r.figure(*s, "read_gbps");
        st.writeGBps = r.figure(*s, "write_gbps");
        st.usableTb = r.figure(*s, "usable_tb");
        st.protocol = r.string(*s, "protocol");
        item.storage = st;
    }
    if (auto c = section("cable", item.kind == ItemKind::Cable)) {
        CableSpec cable;
        cable.medium = r.string(*c, "medium");
        cable.speedGbps = r.integer(*c, "speed_gbps", true, 1, 100000);
        cable.connector = r.string(*c, "connector");
        cable.maxLengthM = r.number(*c, "max_length_m");
        cable.fiber = r.string(*c, "fiber", false);
        cable.split = r.integer(*c, "split", false, 1, 8);
        cable.linksPerCable = r.integer(*c, "links_per_cable", false, 1, 8);
        cable.top = r.string(*c, "top", false);
        if (!cable.top.isEmpty() && cable.top != QLatin1String("finned") && cable.top != QLatin1String("flat"))
            r.fail(QStringLiteral("cable top must be \"finned\" or \"flat\""));
        cable.lengthsM = parseLengths(r, c->value(QLatin1String("lengths_m")));
        cable.farCages = stringsOf(c->value(QLatin1String("far_cages")));
        cable.lossDbPerKm = optionalFigure(*c, "loss_db_per_km");
        if (cable.split < 1)
            cable.split = 1;
        if (cable.linksPerCable < 1)
            cable.linksPerCable = 1;
        cable.source = r.source(*c, QStringLiteral("cable"));
        item.cable = cable;
    }
    if (auto t = section("transceiver", item.kind == ItemKind::Transceiver)) {
        TransceiverSpec tr;
        tr.speedGbps = r.integer(*t, "speed_gbps", true, 1, 100000);
        tr.links = r.integer(*t, "links", true, 1, 8);
        tr.connector = r.string(*t, "connector");
        tr.fiber = r.string(*t, "fiber", false);
        tr.maxReachM = r.number(*t, "max_reach_m");
        tr.side = r.string(*t, "side", false);
        tr.top = r.string(*t, "top", false);
        if (!tr.top.isEmpty() && tr.top != QLatin1String("finned") && tr.top != QLatin1String("flat"))
            r.fail(QStringLiteral("transceiver top must be \"finned\" or \"flat\""));
        if (!tr.side.isEmpty() && tr.side != QLatin1String("host") && tr.side != QLatin1String("switch"))
            r.fail(QStringLiteral("transceiver side must be \"host\" or \"switch\""));
        const QJsonValue cages = t->value(QLatin1String("cages"));
        if (cages.isArray())
            for (const QJsonValue& c : cages.toArray())
                tr.cages << c.toString();
        else if (!cages.isUndefined())
            r.fail(QStringLiteral("transceiver cages must be an array of connectors"));
        tr.fiberConnector = text(*t, "fiber_connector");
        tr.powerBudgetDb = optionalFigure(*t, "power_budget_db");
        tr.source = r.source(*t, QStringLiteral("transceiver"));
        item.transceiver = tr;
    }
    if (auto rk = section("rack", item.kind == ItemKind::Rack)) {
        Figure h;
        h.value = r.integer(*rk, "height_u", true, 1, 60);
        h.source = r.source(*rk, QStringLiteral("rack"));
        item.rackHeightU = h;
        if (rk->contains(QLatin1String("width_mm")))
            item.rackWidthMm = r.figure(*rk, "width_mm");
        if (rk->contains(QLatin1String("budget_air_kw")))
            item.rackBudgetAirKw = r.figure(*rk, "budget_air_kw");
        if (rk->contains(QLatin1String("budget_liquid_kw")))
            item.rackBudgetLiquidKw = r.figure(*rk, "budget_liquid_kw");
        // Read by the generator's floor plan (generate/floorplan.h); checked here as a sourced figure.
        if (rk->contains(QLatin1String("rows_per_block"))) {
            item.rackRowsPerBlock = r.figure(*rk, "rows_per_block");
            if (item.rackRowsPerBlock->value < 1)
                r.fail(QStringLiteral("rack rows_per_block must be at least 1"));
        }
        item.rackDepthMm = optionalFigure(*rk, "depth_mm");
    }
    // Servers per row of racks (generate/floorplan.h), a whole number with its source.
    if (entry.contains(QLatin1String("rack_row"))) {
        const QJsonObject row = r.object(entry, "rack_row");
        if (r.ok()) {
            const int servers = r.integer(row, "servers", true, 1, 4096);
            item.rackRowServers = Sourced<int>{servers, r.source(row, QStringLiteral("rack_row"))};
        }
    }
    if (entry.contains(QLatin1String("rack_power"))) {
        // {"value": kW, "servers": n, "source": "..."}: the RA's rack of this server.
        const QJsonObject rp = r.object(entry, "rack_power");
        Figure f;
        f.value = r.number(rp, "value");
        item.serversPerRack = r.integer(rp, "servers", false, 0, 1000);
        f.source = r.source(rp, QStringLiteral("figure 'rack_power'"));
        if (r.ok() && f.value <= 0)
            r.fail(QStringLiteral("rack_power must be positive"));
        if (r.ok() && item.serversPerRack > 0 && item.serversPerRack * item.powerMaxW.value > f.value * 1000 + 1e-6)
            r.fail(QStringLiteral("rack_power of %1 kW does not carry %2 servers of %3 W")
                       .arg(f.value)
                       .arg(item.serversPerRack)
                       .arg(item.powerMaxW.value));
        item.rackPowerKw = f;
    }
    if (entry.contains(QLatin1String("nvlink_domain"))) {
        // {"gpus": n, "source": "..."}: the GPUs of one NVLink domain (model/nvlinkdomains.h), a
        // whole number of this server's GPUs (an NVL72 of 18 four-GPU trays: 72).
        const QJsonObject nd = r.object(entry, "nvlink_domain");
        const int gpus = r.integer(nd, "gpus", true, 1, 100000);
        item.nvlinkDomainGpus = Sourced<int>{gpus, r.source(nd, QStringLiteral("nvlink_domain"))};
        if (r.ok() && (item.gpuCount() <= 0 || gpus % item.gpuCount() != 0))
            r.fail(QStringLiteral("nvlink_domain of %1 GPUs is not a whole number of this server's %2 GPUs")
                       .arg(gpus)
                       .arg(item.gpuCount()));
    }
    if (auto p = section("pdu", item.kind == ItemKind::Pdu)) {
        item.pduCapacityKw = r.figure(*p, "capacity_kw");
        if (p->contains(QLatin1String("per_server_rack")))
            item.pdusPerServerRack = r.figure(*p, "per_server_rack");
        if (p->contains(QLatin1String("per_other_rack")))
            item.pdusPerOtherRack = r.figure(*p, "per_other_rack");
    }

    parseBuildBlocks(entry, item);
    if (entry.contains(QLatin1String("laser_sources"))) {
        // {"value": n, "sku": "...", "spares": {"value", "low", "high", "source"}, "source"}.
        const QJsonObject ls = r.object(entry, "laser_sources");
        LaserSources lasers;
        lasers.perSwitch = r.integer(ls, "value", true, 1, 1000);
        lasers.sku = r.string(ls, "sku");
        const QJsonObject spares = r.object(ls, "spares");
        lasers.spareShare = r.number(spares, "value");
        lasers.spareShareLow = r.number(spares, "low");
        lasers.spareShareHigh = r.number(spares, "high");
        lasers.spareSource = r.source(spares, QStringLiteral("laser_sources spares"));
        lasers.source = r.source(ls, QStringLiteral("laser_sources"));
        if (r.ok()
            && !(lasers.spareShareLow <= lasers.spareShare && lasers.spareShare <= lasers.spareShareHigh
                && lasers.spareShareHigh <= 1))
            r.fail(QStringLiteral("laser_sources spares must have low <= value <= high <= 1"));
        if (r.ok() && item.kind != ItemKind::Switch)
            r.fail(QStringLiteral("laser_sources applies to a switch only"));
        item.laserSources = lasers;
    }
    if (entry.contains(QLatin1String("internal_planes"))) {
        // {"value": ASICs, "lane_gbps": each port's lane per ASIC, "source"}: checked against the
        // fastest fabric port, which is one lane on each plane.
        const QJsonObject ip = r.object(entry, "internal_planes");
        InternalPlanes planes;
        planes.planes = r.integer(ip, "value", true, 2, 64);
        planes.laneGbps = r.integer(ip, "lane_gbps", true, 1, 100000);
        planes.source = r.source(ip, QStringLiteral("internal_planes"));
        int fastest = 0;
        for (const PortGroup& g : item.portGroups)
            if (g.role == PortRole::Fabric)
                fastest = std::max(fastest, g.maxSpeedGbps());
        if (r.ok() && planes.planes * planes.laneGbps != fastest)
            r.fail(QStringLiteral("internal_planes: %1 planes x %2 Gb/s lanes is not the %3 Gb/s port")
                       .arg(planes.planes)
                       .arg(planes.laneGbps)
                       .arg(fastest));
        item.internalPlanes = planes;
    }

    if (entry.contains(QLatin1String("sidecar_power"))) {
        // {"capacity_kw": {"value", "source"}, "racks_fed": {...}, "efficiency_gain": {...}, "source"}.
        const QJsonObject sp = r.object(entry, "sidecar_power");
        SidecarPower sidecar;
        const Figure capacity = r.figure(sp, "capacity_kw");
        const Figure fed = r.figure(sp, "racks_fed");
        const Figure gain = r.figure(sp, "efficiency_gain");
        sidecar.capacityKw = capacity.value;
        sidecar.capacitySource = capacity.source;
        sidecar.racksFed = static_cast<int>(fed.value);
        sidecar.racksFedSource = fed.source;
        sidecar.efficiencyGain = gain.value;
        sidecar.efficiencySource = gain.source;
        sidecar.source = r.source(sp, QStringLiteral("sidecar_power"));
        if (r.ok() && !(capacity.value > 0))
            r.fail(QStringLiteral("sidecar_power capacity_kw must be positive"));
        if (r.ok() && (fed.value < 1 || fed.value != static_cast<int>(fed.value)))
            r.fail(QStringLiteral("sidecar_power racks_fed must be a whole number of at least 1"));
        if (r.ok() && !(gain.value >= 0 && gain.value < 0.5))
            r.fail(QStringLiteral("sidecar_power efficiency_gain must be a share between 0 and 0.5"));
        if (r.ok() && item.kind != ItemKind::Appliance)
            r.fail(QStringLiteral("sidecar_power applies to an appliance only"));
        item.sidecarPower = sidecar;
    }
    if (entry.contains(QLatin1String("power_chains"))) {
        // {"value": ["800vdc"], "source"}: the distributions a rack-scale system accepts besides 54 V shelves.
        const QJsonObject pc = r.object(entry, "power_chains");
        Sourced<std::vector<PowerDistribution>> chains;
        const QJsonValue values = pc.value(QLatin1String("value"));
        if (!values.isArray())
            r.fail(QStringLiteral("power_chains value must be an array of \"54v-shelves\" or \"800vdc\""));
        for (const QJsonValue& v : values.toArray()) {
            const auto d = powerDistributionFromString(v.toString());
            if (!d)
                r.fail(
                    QStringLiteral("power_chains: unknown power chain '%1' (54v-shelves, 800vdc)").arg(v.toString()));
            else
                chains.value.push_back(*d);
        }
        chains.source = r.source(pc, QStringLiteral("power_chains"));
        if (r.ok() && !item.powerModes)
            r.fail(QStringLiteral("power_chains applies to a rack-scale system (an entry with power_modes) only"));
        item.powerChains = chains;
    }

    const QJsonObject price = r.object(entry, "price");
    if (r.ok()) {
        item.price.value = r.number(price, "value");
        item.price.currency = r.string(price, "currency");
        const QString kindText = r.string(price, "kind");
        if (kindText == QLatin1String("list"))
            item.price.kind = PriceKind::List;
        else if (kindText == QLatin1String("estimate"))
            item.price.kind = PriceKind::Estimate;
        else if (kindText == QLatin1String("price-book"))
            item.price.kind = PriceKind::PriceBook;
        else
            r.fail(QStringLiteral("price kind must be \"list\" or \"estimate\""));
        item.price.source = r.source(price, QStringLiteral("price"));
        // A band: "low" and "high" around "value" (the mid), with "band_source" naming where each end
        // comes from. Optional here (designs saved before bands existed keep their point prices);
        // Catalog requires it for every estimate it ships.
        const bool low = price.contains(QLatin1String("low"));
        const bool high = price.contains(QLatin1String("high"));
        if (r.ok() && low != high)
            r.fail(QStringLiteral("price band needs both 'low' and 'high'"));
        if (r.ok() && low) {
            item.price.low = r.number(price, "low");
            item.price.high = r.number(price, "high");
            if (r.ok() && !(*item.price.low <= item.price.value && item.price.value <= *item.price.high))
                r.fail(QStringLiteral("price band must have low <= value <= high (%1 <= %2 <= %3)")
                           .arg(*item.price.low)
                           .arg(item.price.value)
                           .arg(*item.price.high));
            item.price.bandSource = r.string(price, "band_source");
            if (r.ok() && item.price.bandSource.trimmed().isEmpty())
                r.fail(QStringLiteral("price band has an empty band_source"));
        }
    }

    if (!r.ok())
        return r.error;
    return item;
}

} // namespace pw
