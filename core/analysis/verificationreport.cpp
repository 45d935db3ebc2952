#include "analysis/verificationreport.h"

#include "analysis/fabricverification.h"
#include "export/cablingcsv.h"
#include "export/ibfabric.h"
#include "model/design.h"
#include "util/plural.h"

#include <QCryptographicHash>
#include <QJsonArray>

#include <map>
#include <set>

namespace pw {

namespace {

using Key = std::pair<QString, int>; // node description, port

Key keyOf(const FabricVerification::Port& p)
{
    return {p.node, p.port};
}

// Resolves descriptions to the design's devices and their places.
class Ends {
public:
    Ends(const Design& design, const IbFabric& fabric) : mDesign(design)
    {
        for (const IbFabric::Node& n : fabric.nodes())
            mNodes.emplace(n.description, n.node);
    }
    [[nodiscard]] VerificationEnd operator()(const FabricVerification::Port& p) const
    {
        VerificationEnd e{p.node, p.port, {}, 0, {}};
        const auto it = mNodes.find(p.node);
        if (it == mNodes.end())
            return e;
        e.node = it->second;
        if (const Node* n = mDesign.node(e.node)) {
            e.rack = CablingCsv::rackOf(mDesign, PortRef{e.node, 0});
            e.unit = std::max(0, n->rackUnit);
        }
        return e;
    }

private:
    const Design& mDesign;
    std::map<QString, NodeId> mNodes;
};

QJsonObject endJson(const VerificationEnd& e)
{
    return {{QStringLiteral("device"), e.device}, {QStringLiteral("port"), e.port}, {QStringLiteral("rack"), e.rack},
        {QStringLiteral("unit"), e.unit}, {QStringLiteral("node"), static_cast<qint64>(e.node.value())}};
}

std::optional<VerificationEnd> endFromJson(const QJsonValue& v)
{
    if (!v.isObject())
        return std::nullopt;
    const QJsonObject o = v.toObject();
    const double port = o.value(QLatin1String("port")).toDouble(-1);
    const double unit = o.value(QLatin1String("unit")).toDouble(-1);
    const double node = o.value(QLatin1String("node")).toDouble(-1);
    if (!o.value(QLatin1String("device")).isString() || port < 0 || port > 65535 || unit < 0 || unit > 60 || node < 0
        || node > 4294967295.0)
        return std::nullopt;
    return VerificationEnd{o.value(QLatin1String("device")).toString(), static_cast<int>(port),
        o.value(QLatin1String("rack")).toString(), static_cast<int>(unit), NodeId(static_cast<quint32>(node))};
}

QString cable(const QString& label)
{
    return label.isEmpty() ? QStringLiteral("the cable") : QStringLiteral("cable %1").arg(label);
}

} // namespace

QString toString(DifferenceKind kind)
{
    switch (kind) {
    case DifferenceKind::Missing:
        return QStringLiteral("missing");
    case DifferenceKind::Miscabled:
        return QStringLiteral("miscabled");
    case DifferenceKind::Unexpected:
        return QStringLiteral("unexpected");
    case DifferenceKind::Degraded:
        return QStringLiteral("degraded");
    case DifferenceKind::Ambiguous:
        return QStringLiteral("ambiguous");
    }
    return {};
}

std::optional<DifferenceKind> differenceKindFromString(const QString& text)
{
    for (DifferenceKind k : {DifferenceKind::Missing, DifferenceKind::Miscabled, DifferenceKind::Unexpected,
             DifferenceKind::Degraded, DifferenceKind::Ambiguous})
        if (toString(k) == text)
            return k;
    return std::nullopt;
}

QString VerificationEnd::text() const
{
    QString s = QStringLiteral("%1 port %2").arg(device).arg(port);
    if (!rack.isEmpty())
        s += unit > 0 ? QStringLiteral(" (rack %1, U%2)").arg(rack).arg(unit) : QStringLiteral(" (rack %1)").arg(rack);
    return s;
}

VerificationReport VerificationReport::of(const Design& design, const IbFabric& fabric,
    const FabricVerification& verification, const QString& source, const QDateTime& when)
{
    VerificationReport r;
    r.network = fabric.network();
    r.source = source;
    r.when = QDateTime::fromSecsSinceEpoch(when.toSecsSinceEpoch(), Qt::UTC); // whole seconds, as stored
    r.fingerprint = fabricFingerprint(fabric);
    r.designedLinks = verification.designedLinks();
    r.discoveredLinks = verification.discoveredLinks();
    r.missing = static_cast<int>(verification.missing().size());
    r.miscabled = static_cast<int>(verification.miscabled().size());
    r.unexpected = static_cast<int>(verification.unexpected().size());
    r.degraded = static_cast<int>(verification.degraded().size());
    r.ambiguous = static_cast<int>(verification.ambiguous().size());

    // The designed links by both ends, and which of them reach a UFM appliance.
    std::map<std::pair<Key, Key>, size_t> designed;
    std::vector<bool> toUfm(fabric.links().size(), false);
    for (size_t i = 0; i < fabric.links().size(); ++i) {
        const IbFabric::Link& l = fabric.links()[i];
        const IbFabric::Node& a = fabric.nodes()[static_cast<size_t>(l.a.node)];
        const IbFabric::Node& b = fabric.nodes()[static_cast<size_t>(l.b.node)];
        designed[{{a.description, l.a.port}, {b.description, l.b.port}}] = i;
        designed[{{b.description, l.b.port}, {a.description, l.a.port}}] = i;
        for (const IbFabric::Node* n : {&a, &b})
            if (const CatalogItem* item = design.itemOf(n->node); item && item->kind == ItemKind::Appliance)
                toUfm[i] = true;
    }
    for (bool u : toUfm)
        r.ufmLinks += u ? 1 : 0;
    auto linkOf = [&](const FabricVerification::Port& a, const FabricVerification::Port& b) -> std::optional<size_t> {
        const auto it = designed.find({keyOf(a), keyOf(b)});
        return it == designed.end() ? std::nullopt : std::optional<size_t>(it->second);
    };
    std::set<std::pair<Key, Key>> slow;
    for (const FabricVerification::Degraded& d : verification.degraded())
        slow.insert({keyOf(d.a), keyOf(d.b)});
    for (const auto& [a, b] : verification.matched()) {
        if (slow.count({keyOf(a), keyOf(b)}))
            continue;
        ++r.asDesignedLinks;
        if (const auto i = linkOf(a, b); i && toUfm[*i])
            ++r.ufmAsDesigned;
    }

    const Ends ends(design, fabric);
    auto designedLink = [&](const FabricVerification::Port& a, const FabricVerification::Port& b) {
        const auto i = linkOf(a, b);
        return i ? fabric.links()[*i].link : LinkId();
    };
    const Network network = fabric.network();
    for (const QString& description : verification.ambiguous()) {
        VerificationDifference d{DifferenceKind::Ambiguous, network, ends({description, 0, {}}), {}, {}, {}, {}, {}};
        d.fix
            = QStringLiteral("Several nodes report \"%1\": give each its own name and discover again").arg(description);
        r.differences.push_back(std::move(d));
    }
    for (const FabricVerification::Miscabled& m : verification.miscabled()) {
        VerificationDifference d{DifferenceKind::Miscabled, network, ends(m.at), ends(m.found), ends(m.expected),
            designedLink(m.at, m.expected), {}, {}};
        r.differences.push_back(std::move(d));
    }
    for (const auto& [a, b] : verification.missing())
        r.differences.push_back({DifferenceKind::Missing, network, ends(a), ends(b), {}, designedLink(a, b), {}, {}});
    for (const auto& [a, b] : verification.unexpected())
        r.differences.push_back({DifferenceKind::Unexpected, network, ends(a), ends(b), {}, {}, {}, {}});
    for (const FabricVerification::Degraded& g : verification.degraded()) {
        VerificationDifference d{
            DifferenceKind::Degraded, network, ends(g.a), ends(g.b), {}, designedLink(g.a, g.b), {}, {}};
        d.fix = QStringLiteral("runs at %1, designed for %2 Gb/s").arg(g.found).arg(g.designedGbps);
        r.differences.push_back(std::move(d));
    }

    std::vector<LinkId> labelled;
    for (const VerificationDifference& d : r.differences)
        if (d.link.isValid())
            labelled.push_back(d.link);
    const std::map<LinkId, QString> labels = CablingCsv::labelsOf(design, labelled);
    for (VerificationDifference& d : r.differences) {
        if (const auto it = labels.find(d.link); it != labels.end())
            d.label = it->second;
        switch (d.kind) {
        case DifferenceKind::Missing:
            d.fix = QStringLiteral("Run %1 from %2 to %3").arg(cable(d.label), d.a.text(), d.b.text());
            break;
        case DifferenceKind::Miscabled:
            d.fix
                = QStringLiteral("Move the end of %1 at %2 to %3").arg(cable(d.label), d.b.text(), d.expected->text());
            break;
        case DifferenceKind::Unexpected:
            d.fix = QStringLiteral("Remove the cable from %1 to %2 (the design has none there)")
                        .arg(d.a.text(), d.b.text());
            break;
        case DifferenceKind::Degraded:
            d.fix = QStringLiteral("Reseat or replace %1: it %2").arg(cable(d.label), d.fix);
            break;
        case DifferenceKind::Ambiguous:
            break;
        }
    }
    return r;
}

QString VerificationReport::headline() const
{
    QString s = QStringLiteral("%1 of %2 %3 links as designed")
                    .arg(asDesignedLinks)
                    .arg(designedLinks)
                    .arg(toString(network));
    if (ufmLinks > 0)
        s += QStringLiteral(" (UFM links: %1 of %2)").arg(ufmAsDesigned).arg(ufmLinks);
    if (isAsDesigned())
        return s;
    QStringList kinds;
    for (const auto& [count, word] : {std::pair{missing, "missing"}, std::pair{miscabled, "miscabled"},
             std::pair{unexpected, "unexpected"}, std::pair{degraded, "degraded"}, std::pair{ambiguous, "ambiguous"}})
        if (count > 0)
            kinds << QStringLiteral("%1 %2").arg(count).arg(QLatin1String(word));
    return s
        + QStringLiteral("; %1: %2")
              .arg(counted(differenceCount(), "difference", "differences"), kinds.join(QStringLiteral(", ")));
}

QJsonObject VerificationReport::storedJson() const
{
    QJsonArray rows;
    for (const VerificationDifference& d : differences) {
        if (rows.size() >= kMaxStoredDifferences)
            break;
        QJsonObject row{{QStringLiteral("kind"), toString(d.kind)},
            {QStringLiteral("network"), pw::toString(d.network)}, {QStringLiteral("a"), endJson(d.a)},
            {QStringLiteral("b"), endJson(d.b)}, {QStringLiteral("link"), static_cast<qint64>(d.link.value())},
            {QStringLiteral("label"), d.label}, {QStringLiteral("fix"), d.fix}};
        if (d.expected)
            row[QStringLiteral("expected")] = endJson(*d.expected);
        rows.append(row);
    }
    return {{QStringLiteral("network"), pw::toString(network)}, {QStringLiteral("source"), source},
        {QStringLiteral("when"), when.toString(Qt::ISODate)}, {QStringLiteral("fingerprint"), fingerprint},
        {QStringLiteral("designed_links"), designedLinks}, {QStringLiteral("as_designed_links"), asDesignedLinks},
        {QStringLiteral("ufm_links"), ufmLinks}, {QStringLiteral("ufm_as_designed"), ufmAsDesigned},
        {QStringLiteral("discovered_links"), discoveredLinks}, {QStringLiteral("missing"), missing},
        {QStringLiteral("miscabled"), miscabled}, {QStringLiteral("unexpected"), unexpected},
        {QStringLiteral("degraded"), degraded}, {QStringLiteral("ambiguous"), ambiguous},
        {QStringLiteral("differences"), rows}};
}

std::optional<VerificationReport> VerificationReport::fromStoredJson(const QJsonObject& o)
{
    VerificationReport r;
    const auto network = networkFromString(o.value(QLatin1String("network")).toString());
    if (!network)
        return std::nullopt;
    r.network = *network;
    r.source = o.value(QLatin1String("source")).toString();
    r.when = QDateTime::fromString(o.value(QLatin1String("when")).toString(), Qt::ISODate);
    r.fingerprint = o.value(QLatin1String("fingerprint")).toString();
    // Every count a whole number from 0 to 20,000,000 (the most links a design file holds).
    bool countsOk = true;
    auto count = [&](const char* key, int& into) {
        const double v = o.value(QLatin1String(key)).toDouble(-1);
        countsOk = countsOk && v >= 0 && v <= 20'000'000 && v == static_cast<int>(v);
        into = countsOk ? static_cast<int>(v) : 0;
    };
    count("designed_links", r.designedLinks);
    count("as_designed_links", r.asDesignedLinks);
    count("ufm_links", r.ufmLinks);
    count("ufm_as_designed", r.ufmAsDesigned);
    count("discovered_links", r.discoveredLinks);
    count("missing", r.missing);
    count("miscabled", r.miscabled);
    count("unexpected", r.unexpected);
    count("degraded", r.degraded);
    count("ambiguous", r.ambiguous);
    const QJsonArray rows = o.value(QLatin1String("differences")).toArray();
    if (!countsOk || r.fingerprint.isEmpty() || rows.size() > kMaxStoredDifferences
        || rows.size() > r.differenceCount())
        return std::nullopt;
    for (const QJsonValue& v : rows) {
        const QJsonObject row = v.toObject();
        const auto kind = differenceKindFromString(row.value(QLatin1String("kind")).toString());
        const auto rowNetwork = networkFromString(row.value(QLatin1String("network")).toString());
        const auto a = endFromJson(row.value(QLatin1String("a")));
        const auto b = endFromJson(row.value(QLatin1String("b")));
        const double link = row.value(QLatin1String("link")).toDouble(-1);
        if (!kind || !rowNetwork || !a || !b || link < 0 || link > 4294967295.0)
            return std::nullopt;
        VerificationDifference d{*kind, *rowNetwork, *a, *b, {}, LinkId(static_cast<quint32>(link)),
            row.value(QLatin1String("label")).toString(), row.value(QLatin1String("fix")).toString()};
        if (row.contains(QLatin1String("expected"))) {
            d.expected = endFromJson(row.value(QLatin1String("expected")));
            if (!d.expected)
                return std::nullopt;
        }
        if (d.kind == DifferenceKind::Miscabled && !d.expected)
            return std::nullopt;
        r.differences.push_back(std::move(d));
    }
    return r;
}

QString VerificationReport::fabricFingerprint(const IbFabric& fabric)
{
    // Sorted, so the fingerprint does not depend on the order links were made in.
    QStringList cables;
    for (const IbFabric::Link& l : fabric.links()) {
        QString a
            = QStringLiteral("%1[%2]").arg(fabric.nodes()[static_cast<size_t>(l.a.node)].description).arg(l.a.port);
        QString b
            = QStringLiteral("%1[%2]").arg(fabric.nodes()[static_cast<size_t>(l.b.node)].description).arg(l.b.port);
        if (b < a)
            std::swap(a, b);
        cables << QStringLiteral("%1-%2@%3").arg(a, b).arg(l.speedGbps);
    }
    cables.sort();
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(pw::toString(fabric.network()).toUtf8());
    for (const QString& c : cables) {
        hash.addData(c.toUtf8());
        hash.addData(QByteArrayView("\n"));
    }
    return QString::fromLatin1(hash.result().toHex().left(16));
}

QJsonObject VerificationReport::storedIn(QJsonObject properties) const
{
    properties[QLatin1String(kPropertyKey)] = storedJson();
    return properties;
}

namespace {

// The stored report and whether it still describes the design.
std::optional<std::pair<VerificationReport, bool>> storedWithFreshness(const Design& design)
{
    const QJsonValue v = design.properties().value(QLatin1String(VerificationReport::kPropertyKey));
    if (!v.isObject())
        return std::nullopt;
    auto r = VerificationReport::fromStoredJson(v.toObject());
    if (!r)
        return std::nullopt;
    const bool fresh = VerificationReport::fabricFingerprint(IbFabric::of(design, r->network)) == r->fingerprint;
    return std::pair{std::move(*r), fresh};
}

} // namespace

std::optional<VerificationReport> VerificationReport::stored(const Design& design)
{
    auto s = storedWithFreshness(design);
    if (!s || !s->second)
        return std::nullopt;
    return std::move(s->first);
}

bool VerificationReport::isStale(const Design& design)
{
    const auto s = storedWithFreshness(design);
    return s && !s->second;
}

} // namespace pw
