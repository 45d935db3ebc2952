#include "presentation/reportdata.h"

#include "catalog/orderablelengths.h"
#include "floor/rackelevationmodel.h"

#include "analysis/designfigures.h"
#include "cost/billofmaterials.h"
#include "export/cablingcsv.h"
#include "model/design.h"
#include "model/designname.h"
#include "topology/fabricanalyzer.h"
#include "util/numbertext.h"
#include "util/plural.h"

#include <QCollator>
#include <QJsonArray>
#include <QLocale>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>
#include <tuple>

namespace pw {

namespace {

const QLocale& numbers()
{
    static const QLocale l(QLocale::English, QLocale::UnitedStates);
    return l;
}

// As many decimals as the value has, up to three: 0.12, 1.5, 250,000.
QString readableNumber(double v)
{
    return withoutTrailingZeros(numbers().toString(v, 'f', std::abs(v) >= 1000 ? 0 : 3));
}

QString percent(double ratio, int decimals = 1)
{
    return numbers().toString(ratio * 100.0, 'f', decimals) + QLatin1Char('%');
}

} // namespace

std::vector<ReportSection> ReportOptions::allSections()
{
    return {ReportSection::Cover, ReportSection::Summary, ReportSection::Stack, ReportSection::Topology,
        ReportSection::Options, ReportSection::Racks, ReportSection::Bom, ReportSection::Cabling, ReportSection::Floor,
        ReportSection::Failures, ReportSection::Validation, ReportSection::Cost, ReportSection::Sources};
}

std::vector<ReportSection> ReportOptions::printedSections() const
{
    std::vector<ReportSection> out = sections;
    if (!changesSince.isEmpty())
        out.push_back(ReportSection::Changes);
    if (sourcingAppendix)
        out.push_back(ReportSection::Appendix);
    return out;
}

bool ReportOptions::has(ReportSection s) const
{
    return std::find(sections.begin(), sections.end(), s) != sections.end();
}

QString ReportOptions::sectionId(ReportSection s)
{
    switch (s) {
    case ReportSection::Cover:
        return QStringLiteral("cover");
    case ReportSection::Summary:
        return QStringLiteral("summary");
    case ReportSection::Stack:
        return QStringLiteral("stack");
    case ReportSection::Topology:
        return QStringLiteral("topology");
    case ReportSection::Options:
        return QStringLiteral("options");
    case ReportSection::Racks:
        return QStringLiteral("racks");
    case ReportSection::Bom:
        return QStringLiteral("bom");
    case ReportSection::Cabling:
        return QStringLiteral("cabling");
    case ReportSection::Floor:
        return QStringLiteral("floor");
    case ReportSection::Failures:
        return QStringLiteral("failures");
    case ReportSection::Validation:
        return QStringLiteral("validation");
    case ReportSection::Cost:
        return QStringLiteral("cost");
    case ReportSection::Sources:
        return QStringLiteral("sources");
    case ReportSection::Changes:
        return QStringLiteral("changes");
    case ReportSection::Appendix:
        return QStringLiteral("sourcing-appendix");
    }
    return {};
}

QString ReportOptions::sectionTitle(ReportSection s)
{
    switch (s) {
    case ReportSection::Cover:
        return QStringLiteral("Cluster design proposal");
    case ReportSection::Summary:
        return QStringLiteral("Executive summary");
    case ReportSection::Stack:
        return QStringLiteral("Cluster type and software stack");
    case ReportSection::Topology:
        return QStringLiteral("Topology");
    case ReportSection::Options:
        return QStringLiteral("Options considered");
    case ReportSection::Racks:
        return QStringLiteral("Rack elevations");
    case ReportSection::Bom:
        return QStringLiteral("Bill of materials");
    case ReportSection::Cabling:
        return QStringLiteral("Cabling summary");
    case ReportSection::Floor:
        return QStringLiteral("Floor plan and cabling");
    case ReportSection::Failures:
        return QStringLiteral("Failure domains");
    case ReportSection::Validation:
        return QStringLiteral("Validation scorecard");
    case ReportSection::Cost:
        return QStringLiteral("Cost and TCO");
    case ReportSection::Sources:
        return QStringLiteral("Assumptions and sources");
    case ReportSection::Changes:
        return QStringLiteral("Changes since the previous proposal");
    case ReportSection::Appendix:
        return QStringLiteral("Appendix: sourcing notes");
    }
    return {};
}

QString ReportOptions::heading(ReportSection s) const
{
    if (s == ReportSection::Changes && !changesSince.isEmpty())
        return QStringLiteral("Changes since %1").arg(changesSince);
    return sectionTitle(s);
}

std::optional<std::vector<ReportSection>> ReportOptions::parseSections(const QString& list, QString* error)
{
    std::vector<ReportSection> out;
    for (QString part : list.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        part = part.trimmed().toLower();
        if (part == QLatin1String("all")) {
            out = allSections();
            continue;
        }
        bool found = false;
        for (ReportSection s : allSections())
            if (sectionId(s) == part) {
                if (std::find(out.begin(), out.end(), s) == out.end())
                    out.push_back(s);
                found = true;
            }
        if (!found) {
            if (error) {
                QStringList names;
                for (ReportSection s : allSections())
                    names << sectionId(s);
                *error = QStringLiteral("unknown section '%1' (available: %2, all)")
                             .arg(part, names.join(QStringLiteral(", ")));
            }
            return std::nullopt;
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

QString ClusterStackBlock::needsOf(ClusterType type)
{
    // gpu-clusters-source.txt, GPU Cluster Types.
    switch (type) {
    case ClusterType::Training:
        return QStringLiteral("A training cluster needs a high-bandwidth, low-latency interconnect (InfiniBand or "
                              "RoCEv2) for all-reduce, "
                              "a parallel file system for training data and a job scheduler for multi-user access.");
    case ClusterType::Inference:
        return QStringLiteral("An inference cluster needs orchestration with autoscaling to match serving demand "
                              "(Kubernetes is the dominant platform); "
                              "its interconnect requirements are lower than training's.");
    case ClusterType::Mixed:
        return QStringLiteral(
            "A mixed training and inference cluster needs resource partitioning (priority queues and reservations) "
            "so that training jobs do not starve inference capacity.");
    case ClusterType::Development:
        return QStringLiteral("A development cluster needs ease of use and fast iteration: notebooks (Jupyter) and "
                              "experiment tracking (MLflow); "
                              "its interconnect requirements are lower.");
    case ClusterType::Unspecified:
        break;
    }
    return {};
}

namespace {

ClusterStackBlock clusterStackBlock(const Design& design, const DesignIntent& intent)
{
    ClusterStackBlock b;
    b.json = describeClusterTypeAndStack(design);
    b.type = intent.clusterType;
    b.typeText = b.type == ClusterType::Unspecified ? QStringLiteral("not stated") : toString(b.type);
    b.typeNeeds = ClusterStackBlock::needsOf(b.type);
    b.users = intent.users;
    if (b.type == ClusterType::Mixed) {
        b.inferenceShare = intent.inferenceShare;
        if (b.json.contains(QLatin1String("inference_gpus")))
            b.inferenceGpus = b.json.value(QLatin1String("inference_gpus")).toInt();
    }
    b.gpus = b.json.value(QLatin1String("gpus")).toInt();
    b.stackStored = b.json.value(QLatin1String("stack_stored")).toBool();
    b.stack = SoftwareStack::ofProperties(design.properties());
    b.components = b.stack.components();
    // One layer per part of the stack; each layer's names come from components() so they match `intent --json`.
    auto layer = [&](const QString& name, const SoftwareStack& part) {
        const QStringList names = part.components();
        if (!names.isEmpty())
            b.layers.push_back({name, names});
    };
    SoftwareStack part;
    part.scheduler = b.stack.scheduler;
    part.priorityQueues = b.stack.priorityQueues;
    part.reservations = b.stack.reservations;
    layer(QStringLiteral("Job scheduler"), part);
    part = {};
    part.orchestration = b.stack.orchestration;
    part.gpuOperator = b.stack.gpuOperator;
    part.autoscaling = b.stack.autoscaling;
    layer(QStringLiteral("Container orchestration"), part);
    part = {};
    part.baseCommandManager = b.stack.baseCommandManager;
    layer(QStringLiteral("Cluster manager"), part);
    part = {};
    part.frameworks = b.stack.frameworks;
    layer(QStringLiteral("Frameworks"), part);
    part = {};
    part.monitoring = b.stack.monitoring;
    layer(QStringLiteral("Monitoring"), part);
    part = {};
    part.devTools = b.stack.devTools;
    layer(QStringLiteral("Notebooks and experiment tracking"), part);
    for (const QJsonValue& v : b.json.value(QLatin1String("management_roles")).toArray()) {
        const QJsonObject o = v.toObject();
        b.neededRoles.push_back(
            {o.value(QLatin1String("role")).toString(), o.value(QLatin1String("name_prefix")).toString(),
                o.value(QLatin1String("count")).toInt(), o.value(QLatin1String("reason")).toString()});
    }
    for (const QJsonValue& v : b.json.value(QLatin1String("management_nodes")).toArray()) {
        const QJsonObject o = v.toObject();
        b.nodes.push_back({o.value(QLatin1String("name")).toString(), o.value(QLatin1String("role")).toString(),
            o.value(QLatin1String("sku")).toString(), o.value(QLatin1String("power_max_w")).toDouble(),
            o.value(QLatin1String("price_usd")).toDouble()});
    }
    // By role (as the stack lists them, then other heads, then fabric managers), then by name, numbers in order.
    auto rank = [&](const QString& role) {
        for (size_t i = 0; i < b.neededRoles.size(); ++i)
            if (b.neededRoles[i].id == role)
                return static_cast<int>(i);
        return role == QLatin1String("fabric-manager") ? 1001 : 1000;
    };
    QCollator natural(QLocale(QLocale::English, QLocale::UnitedStates));
    natural.setNumericMode(true);
    std::stable_sort(b.nodes.begin(), b.nodes.end(), [&](const auto& x, const auto& y) {
        const int rx = rank(x.role);
        const int ry = rank(y.role);
        return rx != ry ? rx < ry : natural.compare(x.name, y.name) < 0;
    });
    b.powerMaxW = b.json.value(QLatin1String("management_power_max_w")).toDouble();
    b.priceUsd = b.json.value(QLatin1String("management_price_usd")).toDouble();
    b.footnote = QStringLiteral("management node counts are estimates, from common high-availability practice for "
                                "the software stack");
    return b;
}

} // namespace

QString ReportData::number(double v, int decimals)
{
    return numbers().toString(v, 'f', decimals);
}

QString ReportData::tierSwitches(int leaves, int spines, int cores)
{
    QStringList tiers;
    for (const auto& [count, tier] : {std::pair{leaves, "leaf"}, {spines, "spine"}, {cores, "core"}})
        if (count > 0)
            tiers << number(count) + QLatin1Char(' ') + QLatin1String(tier);
    if (tiers.isEmpty())
        return QStringLiteral("no switches");
    const QString last = tiers.takeLast();
    const QString listed = tiers.isEmpty() ? last : tiers.join(QStringLiteral(", ")) + QStringLiteral(" and ") + last;
    return listed + QLatin1Char(' ') + plural(leaves + spines + cores, "switch", "switches");
}

Money ReportData::moneyFormat() const
{
    return Money(options.currency, options.exchangeRate);
}

QString ReportData::money(double usd, int decimals) const
{
    return moneyFormat().exact(usd, decimals);
}

QString ReportData::roundedMoney(double usd) const
{
    return moneyFormat().rounded(usd);
}

QString ReportData::customerText(const QString& text)
{
    static const QRegularExpression inParens(QStringLiteral("\\s*\\([^()]*\\b[\\w-]+\\.(?:md|txt)\\b[^()]*\\)"));
    static const QRegularExpression tags(QStringLiteral("\\s*\\[S\\d+[a-z]?\\](?:/\\[S\\d+[a-z]?\\])*"));
    static const QRegularExpression sourceClause(
        QStringLiteral(";?\\s*sources?:\\s*[\\w-]+\\.(?:md|txt)\\b(?:\\s*\\([^()]*\\))?[^;.()]*"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression bare(QStringLiteral("\\b[\\w-]+\\.(?:md|txt)\\b(?:,?\\s+sections?\\s+[\\d.]+)?"));
    QString t = text;
    t.remove(inParens);
    t.remove(tags);
    t.remove(sourceClause);
    t.replace(bare, QStringLiteral("published guidance"));
    static const QRegularExpression spaceBeforePunct(QStringLiteral("\\s+([.,;:)])"));
    t.replace(spaceBeforePunct, QStringLiteral("\\1"));
    static const QRegularExpression spaces(QStringLiteral("[ \\t]{2,}"));
    t.replace(spaces, QStringLiteral(" "));
    return t.trimmed();
}

ReportData ReportData::build(const Design& design, const CostAssumptions& assumptions, const ReportOptions& options,
    const AnalysisOptions& analysis, const Design* changesSince)
{
    ReportData r;
    r.options = options;
    r.designName = options.title.trimmed().isEmpty() ? DesignName::forReader(design) : options.title.trimmed();
    r.documentVersion = options.documentVersion;
    if (r.documentVersion.isEmpty())
        r.documentVersion = design.properties().value(QStringLiteral("version")).toString();
    if (r.documentVersion.isEmpty())
        r.documentVersion = QStringLiteral("1.0");
    r.date = options.date.isValid() ? options.date : QDate::currentDate();

    r.intent = DesignIntent::ofProperties(design.properties());
    // The figures the studio and `validate` show (one computation); the rules judge what is printed.
    FiguresRequest request;
    request.assumptions = assumptions;
    request.analysis = analysis;
    request.failureDomains = options.has(ReportSection::Failures);
    DesignFigures figures = DesignFigures::of(design, request);
    for (const std::exception_ptr& failure :
        {figures.fabricFailure, figures.costFailure, figures.rulesFailure, figures.failuresFailure})
        if (failure)
            std::rethrow_exception(failure);
    if (changesSince) {
        // The earlier design's own figures of record, with the same analysis options.
        FiguresRequest earlier = FiguresRequest::forDesign(*changesSince);
        earlier.analysis = analysis;
        const DesignFigures before = DesignFigures::of(*changesSince, earlier);
        for (const std::exception_ptr& failure : {before.fabricFailure, before.costFailure, before.rulesFailure})
            if (failure)
                std::rethrow_exception(failure);
        r.changes = DesignComparison::of(ComparedDesign{options.changesSince, changesSince, &before},
            ComparedDesign{QStringLiteral("this proposal"), &design, &figures});
    }
    r.summary = std::move(figures.summary);
    r.fabric = std::move(*figures.fabric);
    r.failures = std::move(figures.failures);
    r.cost = std::move(*figures.cost);
    r.power = std::move(*figures.power);
    r.findings = std::move(figures.findings);
    r.findingCounts = figures.findingCounts;
    r.diagram = DiagramModel::of(design);
    r.tiers = TierTable::rows();
    r.clusterType = r.intent.clusterType == ClusterType::Unspecified ? QStringLiteral("not stated")
                                                                     : toString(r.intent.clusterType);
    r.clusterTypeAndStack = clusterStackBlock(design, r.intent);

    // Racks, grouped by identical contents so a large design prints each layout once. The
    // elevations are the studio's (RackElevationModel), with the cost report's power.
    std::map<QString, size_t> bySignature;
    for (const RackElevationModel::Rack& rack : RackElevationModel::of(design, r.cost.power).racks) {
        ++r.rackCount;
        RackElevation e;
        e.name = rack.name;
        e.model = rack.model;
        e.heightU = rack.heightU;
        e.powerBudgetKw = rack.budgetKw;
        e.powerKw = rack.powerKw;
        e.liquidCooled = rack.liquidCooled;
        QStringList sig{e.model, QString::number(e.heightU)};
        for (const RackElevationModel::Slot& slot : rack.slots) {
            RackElevation::Slot s;
            s.u = slot.firstU;
            s.heightU = slot.heightU;
            s.name = slot.name;
            s.model = slot.model;
            s.sku = slot.sku;
            s.kind = slot.kind == ItemKind::Server ? DiagramModel::Kind::Server
                : slot.kind == ItemKind::Switch    ? DiagramModel::Kind::Switch
                : slot.kind == ItemKind::Storage   ? DiagramModel::Kind::Storage
                : slot.kind == ItemKind::Appliance ? DiagramModel::Kind::Appliance
                                                   : DiagramModel::Kind::Other;
            e.slots.push_back(s);
        }
        std::sort(e.slots.begin(), e.slots.end(), [](const auto& x, const auto& y) { return x.u > y.u; });
        for (const auto& s : e.slots)
            sig << QStringLiteral("%1:%2:%3").arg(s.u).arg(s.heightU).arg(s.model);
        for (const RackElevationModel::Slot& slot : rack.misplaced) {
            const Node* other = design.node(slot.overlaps);
            e.misplaced << (other ? QStringLiteral("%1 (U%2, over %3)").arg(slot.name).arg(slot.firstU).arg(other->name)
                                  : QStringLiteral("%1 (U%2-%3, above the %4U rack)")
                                        .arg(slot.name)
                                        .arg(slot.firstU)
                                        .arg(slot.lastU())
                                        .arg(rack.heightU));
        }
        sig << e.misplaced;
        const QString key = sig.join(QLatin1Char('|'));
        auto it = bySignature.find(key);
        if (it == bySignature.end()) {
            e.rackNames << rack.name;
            bySignature.emplace(key, r.racks.size());
            r.racks.push_back(std::move(e));
        } else {
            r.racks[it->second].rackNames << rack.name;
        }
    }

    if (options.has(ReportSection::Floor))
        r.floor = FloorSummary::of(design, r.fabric.transceiversByModel);
    // "Options considered" prints for a design that records what was weighed, and only then.
    if (options.has(ReportSection::Options))
        r.optionsConsidered = OptionsConsidered::ofProperties(design.properties());
    if (!r.optionsConsidered)
        std::erase(r.options.sections, ReportSection::Options);
    r.verification = VerificationReport::stored(design);

    // Cabling by network, type and length class. The type and the length class depend only on the
    // network, the cable, whether the link has optics and its length: links are counted by those
    // first and the texts made once per kind (made per link they were a twentieth of `report` at
    // 100,000 GPUs).
    struct Kind {
        Link link; // the first link of this kind, for the texts
        int count = 0;
    };
    std::map<std::tuple<Network, QString, bool, double>, Kind> kinds;
    design.links().forEach([&](const Link& l) {
        // Every length that is not positive (NaN included) is one kind, "unspecified".
        const double length = l.lengthM > 0 ? l.lengthM : 0.0;
        Kind& k = kinds[{design.linkNetwork(l), l.cableSku, l.transceiverSku.isEmpty(), length}];
        if (k.count++ == 0)
            k.link = l;
        ++r.linkCount;
    });
    std::map<std::tuple<QString, QString, double, QString>, int> cables;
    for (const auto& [key, kind] : kinds) {
        const Link& l = kind.link;
        const QString lc = OrderableLengths::lengthClass(design.item(l.cableSku), l.lengthM);
        const double order = OrderableLengths::metresOf(lc).value_or(l.lengthM > 0 ? l.lengthM : 1e9);
        const Network net = std::get<0>(key);
        const QString netName = net == Network::InBand ? QStringLiteral("in-band management")
            : net == Network::OutOfBand                ? QStringLiteral("out-of-band management")
                                                       : toString(net);
        cables[{netName, CablingCsv::cableType(design, l), order, lc}] += kind.count;
    }
    for (const auto& [key, n] : cables)
        r.cabling.push_back(CablingLine{std::get<0>(key), std::get<1>(key), std::get<3>(key), n});
    for (const auto& [part, n] : BillOfMaterials::cablesOf(design).bought)
        r.cablesBought += n;

    // Sources: the cost assumptions, the tier table, then every figure of every catalog item used.
    const QJsonObject aj = assumptions.toJson();
    const QJsonObject as = assumptions.sourcesJson();
    const std::pair<const char*, const char*> assumptionNames[] = {
        {"pue", "power usage effectiveness"},
        {"power_price_usd_per_kwh", "electricity price (USD/kWh)"},
        {"years", "ownership horizon (years)"},
        {"utilization", "GPU utilization"},
        {"cloud_price_per_gpu_hour", "cloud price per GPU-hour (USD)"},
        {"support_share", "support per year (share of capex)"},
        {"staff_per_year", "staff per year (USD)"},
        {"facility_usd_per_kw_month", "colocation per kW of IT maximum per month (USD)"},
        {"gpus_per_engineer", "GPUs per operations engineer"},
        {"engineer_usd_per_year", "cost of one engineer per year (USD)"},
        {"support_prepaid_years", "years of support bought with the hardware (all-in cost)"},
    };
    for (const auto& [key, label] : assumptionNames) {
        const QString src = as.value(QLatin1String(key)).toString();
        r.sources.push_back(SourceLine{QStringLiteral("Cost assumption"), QLatin1String(label),
            readableNumber(aj.value(QLatin1String(key)).toDouble()), src,
            src.startsWith(QLatin1String("estimate"), Qt::CaseInsensitive)});
    }
    r.sources.push_back(SourceLine{QStringLiteral("Tier table"), QStringLiteral("GPU counts and typical cost per tier"),
        QStringLiteral("%1 tiers").arg(r.tiers.size()),
        QStringLiteral("gpu-clusters-source.txt, GPU Cluster Scale Tiers table"), false});
    if (!r.clusterTypeAndStack.neededRoles.empty()) {
        QStringList counts;
        for (const ClusterStackBlock::Role& role : r.clusterTypeAndStack.neededRoles)
            counts << QStringLiteral("%1 %2").arg(role.count).arg(role.id);
        r.sources.push_back(SourceLine{QStringLiteral("Management nodes"),
            QStringLiteral("servers per stack component"), counts.join(QStringLiteral(", ")),
            QStringLiteral("estimate: common HA practice (software stack from gpu-clusters-source.txt)"), true});
    }
    for (const auto& entry : design.items()) {
        // Not a structured binding: clang 14 (the fuzz build) cannot capture those in a lambda.
        const QString& sku = entry.first;
        const CatalogItem& it = entry.second;
        auto add = [&](const QString& figure, const QString& value, const QString& source) {
            r.sources.push_back(
                SourceLine{sku, figure, value, source.isEmpty() ? QStringLiteral("estimate (no source given)") : source,
                    source.isEmpty() || source.startsWith(QLatin1String("estimate"), Qt::CaseInsensitive)});
        };
        add(QStringLiteral("price (%1)").arg(toString(it.price.kind)),
            Money(it.price.currency, 1.0).exact(it.price.value), it.price.source);
        if (it.powerMaxW.value > 0)
            add(QStringLiteral("maximum power"), number(it.powerMaxW.value) + QStringLiteral(" W"),
                it.powerMaxW.source);
        if (it.powerTypicalW)
            add(QStringLiteral("typical power"), number(it.powerTypicalW->value) + QStringLiteral(" W"),
                it.powerTypicalW->source);
        if (it.rackUnits.value > 0)
            add(QStringLiteral("height"),
                number(it.rackUnits.value, it.rackUnits.value == std::floor(it.rackUnits.value) ? 0 : 1)
                    + QStringLiteral(" U"),
                it.rackUnits.source);
        if (it.gpu)
            add(QStringLiteral("GPUs"),
                QStringLiteral("%1 x %2, %3 GB").arg(it.gpu->count).arg(it.gpu->model).arg(number(it.gpu->memoryGb)),
                it.gpu->source);
        if (it.switchSpec)
            add(QStringLiteral("switch"),
                QStringLiteral("%1 ports, %2 Tb/s")
                    .arg(it.switchSpec->radix)
                    .arg(number(it.switchSpec->capacityTbps, 1)),
                it.switchSpec->source);
        if (it.cable)
            add(QStringLiteral("cable"),
                QStringLiteral("%1 %2G, up to %3 m")
                    .arg(it.cable->medium.toUpper())
                    .arg(it.cable->speedGbps)
                    .arg(number(it.cable->maxLengthM, 1)),
                it.cable->source);
        if (it.transceiver)
            add(QStringLiteral("transceiver"),
                QStringLiteral("%1G, reach %2 m").arg(it.transceiver->speedGbps).arg(number(it.transceiver->maxReachM)),
                it.transceiver->source);
        if (it.storage) {
            add(QStringLiteral("read bandwidth"), number(it.storage->readGBps.value, 1) + QStringLiteral(" GB/s"),
                it.storage->readGBps.source);
            add(QStringLiteral("usable capacity"), number(it.storage->usableTb.value, 1) + QStringLiteral(" TB"),
                it.storage->usableTb.source);
        }
        for (const PortGroup& g : it.portGroups)
            if (!g.source.isEmpty())
                add(QStringLiteral("ports %1").arg(g.name),
                    QStringLiteral("%1 x %2G %3").arg(g.count).arg(g.maxSpeedGbps()).arg(g.connector), g.source);
    }

    // The customer's source list: how each item is priced, and the vendor documents the published
    // figures come from (the appendix keeps every figure's own note).
    for (const auto& entry : design.items()) {
        const CatalogItem& it = entry.second;
        if (it.price.value <= 0)
            continue;
        PriceBasis pb;
        pb.item = it.model.isEmpty() ? entry.first
            : it.vendor.isEmpty()    ? it.model
                                     : it.vendor + QLatin1Char(' ') + it.model;
        pb.estimate = it.price.kind == PriceKind::Estimate;
        pb.basis = it.price.kind == PriceKind::List ? QStringLiteral("list price")
            : it.price.kind == PriceKind::PriceBook ? QStringLiteral("price book")
                                                    : QStringLiteral("estimate");
        if (it.price.hasBand() && *it.price.low < *it.price.high)
            pb.range = QStringLiteral("%1 to %2").arg(r.roundedMoney(*it.price.low), r.roundedMoney(*it.price.high));
        r.prices.push_back(pb);
    }
    static const QRegularExpression vendorDocument(
        QStringLiteral("\\b(?:NVIDIA|Supermicro|Dell|NetApp|DDN|WEKA|VAST|IBM)\\s[^;:,()\\[\\]]+?\\s(?:reference "
                       "architecture|user guide|user manual|specifications|data ?sheet|overview|RA)\\b"),
        QRegularExpression::CaseInsensitiveOption);
    std::map<QString, QString> documents; // lower case -> as written
    for (const SourceLine& line : r.sources) {
        (line.estimate ? r.estimatedFigures : r.publishedFigures) += 1;
        if (line.estimate)
            continue;
        for (auto m = vendorDocument.globalMatch(line.source); m.hasNext();) {
            const QString doc = m.next().captured(0).simplified();
            documents.emplace(doc.toLower(), doc);
        }
    }
    for (const auto& [key, doc] : documents)
        r.publishedSources << doc;

    // Owning against renting, year by year.
    const int years = std::max(1, static_cast<int>(std::ceil(r.cost.assumptions.years.value)));
    for (int y = 0; y <= years; ++y) {
        r.ownCumulative.push_back(r.cost.capex + r.cost.opexPerYear * y);
        r.cloudCumulative.push_back(r.cost.cloudCostPerYear * y);
    }

    // The executive summary, in sentences a CTO reads first.
    const CostReport& c = r.cost;
    QStringList models;
    for (const auto& [sku, n] : r.summary.serversByModel) {
        const CatalogItem* it = design.item(sku);
        models << QStringLiteral("%1 x %2").arg(number(n)).arg(it ? it->vendor + QLatin1Char(' ') + it->model : sku);
    }
    QString tierText;
    if (c.tier) {
        const QString range = c.tier->typicalCostMax
            ? QStringLiteral("%1 to %2")
                  .arg(r.roundedMoney(c.tier->typicalCostMin), r.roundedMoney(*c.tier->typicalCostMax))
            : QStringLiteral("%1 and more").arg(r.roundedMoney(c.tier->typicalCostMin));
        tierText = QStringLiteral(" It falls in the %1 tier of the scale-tier table (typical cost %2); with %3 years "
                                  "of support its all-in cost is %4 to %5, %6 that range.")
                       .arg(c.tier->name, range,
                           number(std::min(c.assumptions.supportPrepaidYears.value, c.assumptions.years.value)),
                           r.roundedMoney(c.allInBand.low), r.roundedMoney(c.allInBand.high),
                           c.withinTypicalCost ? QStringLiteral("within") : QStringLiteral("outside"));
    }
    // The noun phrase is built from its parts (never by editing the finished sentence, which would
    // also change the design's own name): "a training GPU cluster", "an inference GPU cluster".
    const QString kind = r.intent.clusterType == ClusterType::Unspecified
        ? QStringLiteral("GPU cluster")
        : toString(r.intent.clusterType) + QStringLiteral(" GPU cluster");
    const QString article = QStringLiteral("aeiou").contains(kind.front()) ? QStringLiteral("an") : QStringLiteral("a");
    r.summaryText << QStringLiteral("%1 is %2 %3 of %4 %5 in %6 %7%8.%9")
                         .arg(r.designName, article, kind, number(r.summary.gpus),
                             plural(r.summary.gpus, "GPU", "GPUs"), number(r.summary.servers),
                             plural(r.summary.servers, "server", "servers"),
                             models.isEmpty() ? QString()
                                              : QStringLiteral(" (%1)").arg(models.join(QStringLiteral(", "))),
                             tierText);
    {
        const ClusterStackBlock& cs = r.clusterTypeAndStack;
        QString t = cs.type == ClusterType::Unspecified ? QStringLiteral("The cluster type is not stated")
                                                        : QStringLiteral("Cluster type: %1").arg(cs.typeText);
        QStringList who;
        if (cs.users)
            who << QStringLiteral("%1 user%2 or team%2 share it")
                       .arg(number(*cs.users), *cs.users == 1 ? QString() : QStringLiteral("s"));
        if (cs.inferenceShare)
            who << QStringLiteral("%1 of its GPUs%2 are reserved for inference serving")
                       .arg(percent(*cs.inferenceShare, 0),
                           cs.inferenceGpus ? QStringLiteral(" (%1)").arg(number(*cs.inferenceGpus)) : QString());
        if (!who.isEmpty())
            t += QStringLiteral("; ") + who.join(QStringLiteral(" and "));
        t += QLatin1Char('.');
        if (!cs.components.isEmpty())
            t += QStringLiteral(" %1 software stack: %2.")
                     .arg(cs.stackStored ? QStringLiteral("Its") : QStringLiteral("The default"),
                         cs.components.join(QStringLiteral(", ")));
        if (!cs.nodes.empty())
            t += QStringLiteral(" %1 management node%2 draw%3 at most %4 kW and cost %5.")
                     .arg(number(static_cast<double>(cs.nodes.size())),
                         cs.nodes.size() == 1 ? QString() : QStringLiteral("s"),
                         cs.nodes.size() == 1 ? QStringLiteral("s") : QString(), number(cs.powerMaxW / 1000.0, 1),
                         r.roundedMoney(cs.priceUsd));
        r.summaryText << t;
    }
    QString fabricText = QStringLiteral("The compute fabric has %1 (%2).")
                             .arg(counted(r.fabric.tiers, "switch tier", "switch tiers"),
                                 tierSwitches(r.fabric.leafSwitches, r.fabric.spineSwitches, r.fabric.coreSwitches));
    if (r.fabric.bisectionComputed)
        fabricText
            += QStringLiteral(" Its bisection bandwidth is %1 Gb/s, %2 of full bisection (%3, each an exact max-flow).")
                   .arg(number(r.fabric.bisectionGbps), percent(r.fabric.bisectionRatio),
                       r.fabric.cutsExamined == 1
                           ? QStringLiteral("one balanced cut examined")
                           : QStringLiteral("the worst of %1 balanced cuts").arg(r.fabric.cutsExamined));
    r.summaryText << fabricText;
    r.summaryText << QStringLiteral(
        "At most it draws %1 kW of IT power, %2 kW at the facility with a PUE of %3, in %4.")
                         .arg(number(c.itPowerKw, 1), number(c.facilityPowerKw, 1), number(c.assumptions.pue.value, 2),
                             r.rackCount == 1 ? QStringLiteral("one rack") : counted(r.rackCount, "rack", "racks"));
    r.summaryText
        << QStringLiteral(
               "The capital cost is estimated at %1 (%2 per GPU): between %3 and %4 with every estimated price at "
               "the low or high end of its range. Over %5 years the total cost of ownership is about %6 (%7 to %8), "
               "or %9 per GPU-hour")
                .arg(r.roundedMoney(c.capex), r.roundedMoney(c.costPerGpu), r.roundedMoney(c.capexBand.low),
                    r.roundedMoney(c.capexBand.high), number(c.assumptions.years.value), r.roundedMoney(c.tco),
                    r.roundedMoney(c.tcoBand.low), r.roundedMoney(c.tcoBand.high), r.roundedMoney(c.costPerGpuHour))
            + QStringLiteral(" (%1 to %2) at %3 utilization; renting the same GPU-hours at %4 per GPU-hour would "
                             "cost %5. Owning breaks even with the cloud %6. Ownership counts energy, support, "
                             "colocation at %7 per kW-month and staff; %8.")
                  .arg(r.roundedMoney(c.costPerGpuHourBand.low), r.roundedMoney(c.costPerGpuHourBand.high),
                      percent(c.assumptions.utilization.value, 0),
                      r.roundedMoney(c.assumptions.cloudPricePerGpuHour.value),
                      r.roundedMoney(c.cloudCostPerYear * c.assumptions.years.value), c.breakEvenText(),
                      r.roundedMoney(c.assumptions.facilityUsdPerKwMonth.value), CostAssumptions::omissions());
    r.summaryText << QStringLiteral("Validation found %1 error%2, %3 warning%4 and %5 informational finding%6; %7 "
                                    "finding%8 waived with a written reason.")
                         .arg(r.findingCounts.errors)
                         .arg(r.findingCounts.errors == 1 ? QString() : QStringLiteral("s"))
                         .arg(r.findingCounts.warnings)
                         .arg(r.findingCounts.warnings == 1 ? QString() : QStringLiteral("s"))
                         .arg(r.findingCounts.infos)
                         .arg(r.findingCounts.infos == 1 ? QString() : QStringLiteral("s"))
                         .arg(r.findingCounts.waived)
                         .arg(r.findingCounts.waived == 1 ? QStringLiteral(" is") : QStringLiteral("s are"));
    return r;
}

} // namespace pw
