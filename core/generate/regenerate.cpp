#include "generate/regenerate.h"

#include "analysis/optionsconsidered.h"
#include "model/designname.h"

#include "catalog/catalog.h"
#include "generate/fabricgenerator.h"
#include "model/design.h"
#include "model/softwarestack.h"

#include <QJsonArray>

#include <algorithm>

namespace pw {

namespace {

QJsonObject generatorRecord(const Design& design)
{
    return design.properties().value(QLatin1String("generator")).toObject();
}

} // namespace

std::optional<GeneratorOptions> Regenerate::optionsOf(const Design& design)
{
    const QJsonObject gen = generatorRecord(design);
    const auto topology = topologyKindFromString(gen.value(QLatin1String("topology")).toString());
    const auto ratio = Oversubscription::parse(gen.value(QLatin1String("oversubscription")).toString());
    if (gen.isEmpty() || !topology || !ratio || gen.value(QLatin1String("server")).toString().isEmpty()
        || gen.value(QLatin1String("switch")).toString().isEmpty())
        return std::nullopt;
    GeneratorOptions o;
    o.topology = *topology;
    o.oversubscription = *ratio;
    o.serverSku = gen.value(QLatin1String("server")).toString();
    o.switchSku = gen.value(QLatin1String("switch")).toString();
    // The servers asked for: a UFM that took one server's slot built one fewer.
    const QJsonObject slot = gen.value(QLatin1String("ufm_slot")).toObject();
    o.nodes = slot.contains(QLatin1String("requested_nodes")) ? slot.value(QLatin1String("requested_nodes")).toInt()
                                                              : gen.value(QLatin1String("nodes")).toInt();
    o.radix = gen.value(QLatin1String("k")).toInt();
    o.suSize = gen.value(QLatin1String("su_size")).toInt(o.suSize);
    o.planes = std::max(0, gen.value(QLatin1String("planes")).toInt(0));
    o.rackPowerKw = gen.value(QLatin1String("rack_power_kw")).toDouble();
    o.management = gen.value(QLatin1String("management")).toBool(true);
    o.keepEveryNode = gen.value(QLatin1String("keep_all_nodes")).toBool(false);
    o.twoSwitches = gen.value(QLatin1String("two_switches")).toBool(false);
    o.storageSku = gen.value(QLatin1String("storage")).toString();
    if (const auto tier = storageTierFromString(gen.value(QLatin1String("storage_tier")).toString()))
        o.storageTier = *tier;
    // The rack item the racks were made of (the generator's default when there are none).
    design.groups().forEach([&](const Group& g) {
        if (g.kind == GroupKind::Rack && !g.sku.isEmpty())
            o.rackSku = g.sku;
    });
    o.properties = design.properties();
    o.properties.remove(QLatin1String("generator"));
    // The options weighed chose the design as it was generated; with other dials it is no longer
    // the option they name, so the record (the proposal's "Options considered") goes.
    o.properties.remove(QLatin1String(OptionsConsidered::kKey));
    // A name the generator derived from the design (DesignName::derived) is derived again.
    if (design.name() != DesignName::derived(design))
        o.name = design.name();
    return o;
}

std::optional<DesignDials> Regenerate::dialsOf(const Design& design)
{
    const auto o = optionsOf(design);
    if (!o)
        return std::nullopt;
    DesignDials d;
    d.nodes = o->nodes;
    d.oversubscription = o->oversubscription;
    d.storageTier = o->storageTier;
    d.clusterType = DesignIntent::ofProperties(design.properties()).clusterType;
    d.keepEveryNode = o->keepEveryNode;
    d.hasStorage = !o->storageSku.isEmpty();
    return d;
}

GenerateResult Regenerate::withDials(const Design& design, const DesignDials& dials, const Catalog& catalog)
{
    auto o = optionsOf(design);
    if (!o)
        return GenerateResult::failure(
            QStringLiteral("the design was not made by the reference-design generator, so it has no dials to change"));
    if (dials.nodes <= 0)
        return GenerateResult::failure(QStringLiteral("the design needs at least one server"));
    o->nodes = dials.nodes;
    o->gpus = 0;
    o->oversubscription = dials.oversubscription;
    o->storageTier = dials.storageTier;
    o->keepEveryNode = dials.keepEveryNode;
    DesignIntent intent = DesignIntent::ofProperties(o->properties);
    if (intent.clusterType != dials.clusterType) {
        const bool defaultStack = !o->properties.contains(QLatin1String("stack"))
            || SoftwareStack::ofProperties(o->properties) == SoftwareStack::defaultFor(intent.clusterType);
        intent.clusterType = dials.clusterType;
        o->properties.insert(QStringLiteral("intent"), intent.toJson());
        if (defaultStack)
            o->properties.insert(QStringLiteral("stack"), SoftwareStack::defaultFor(dials.clusterType).toJson());
    }
    return FabricGenerator::generate(*o, catalog);
}

QString Regenerate::describeChange(const DesignDials& before, const DesignDials& after)
{
    QStringList parts;
    if (before.nodes != after.nodes)
        parts << QStringLiteral("servers %1 → %2").arg(before.nodes).arg(after.nodes);
    if (before.oversubscription != after.oversubscription)
        parts << QStringLiteral("oversubscription %1 → %2")
                     .arg(before.oversubscription.toString(), after.oversubscription.toString());
    if (before.storageTier != after.storageTier)
        parts << QStringLiteral("storage tier %1 → %2").arg(toString(before.storageTier), toString(after.storageTier));
    if (before.clusterType != after.clusterType)
        parts << QStringLiteral("type %1 → %2").arg(toString(before.clusterType), toString(after.clusterType));
    if (before.keepEveryNode != after.keepEveryNode)
        parts << (after.keepEveryNode ? QStringLiteral("keep every server")
                                      : QStringLiteral("UFM takes a server slot"));
    return parts.isEmpty() ? QStringLiteral("Regenerate design")
                           : QStringLiteral("Change %1").arg(parts.join(QStringLiteral(", ")));
}

QStringList Regenerate::notesOf(const Design& design)
{
    QStringList notes;
    for (const QJsonValue& v : generatorRecord(design).value(QLatin1String("notes")).toArray())
        notes << v.toString();
    return notes;
}

} // namespace pw
