#include "analysis/designcomparison.h"

#include "analysis/designfigures.h"
#include "cost/costmodel.h"
#include "model/design.h"
#include "util/money.h"
#include "util/numbertext.h"
#include "util/plural.h"

#include <QJsonArray>
#include <QLocale>
#include <QTextStream>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

namespace pw {

namespace {

// Figures are equal when they print the same: a few float operations apart is not a change.
bool same(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max({1.0, std::abs(a), std::abs(b)});
}

QString numberText(double v, int decimals)
{
    QLocale c(QLocale::English);
    c.setNumberOptions(QLocale::DefaultNumberOptions);
    return withoutTrailingZeros(c.toString(v, 'f', decimals));
}

QString signedText(double v, const QString& magnitude)
{
    return (v > 0 ? QStringLiteral("+") : v < 0 ? QStringLiteral("-") : QString()) + magnitude;
}

QJsonValue optionalJson(const std::optional<double>& v)
{
    return v ? QJsonValue(*v) : QJsonValue();
}

QJsonValue optionalJson(const std::optional<Band>& b)
{
    return b ? QJsonValue(b->toJson()) : QJsonValue();
}

// Key of a BOM line across the two designs: what a buyer orders.
using BomKey = std::tuple<QString, QString, QString>; // category, sku, length class

struct BomTotal {
    const BomLine* first = nullptr; // for the description
    int quantity = 0;
    Band extended;
    int order = 0;
};

std::map<BomKey, BomTotal> bomTotals(const DesignFigures& f)
{
    std::map<BomKey, BomTotal> out;
    if (!f.cost)
        return out;
    int order = 0;
    for (const BomLine& line : f.cost->bom.lines()) {
        BomTotal& t = out[BomKey{line.category, line.sku, line.lengthClass}];
        if (!t.first) {
            t.first = &line;
            t.order = order++;
        }
        t.quantity += line.quantity;
        t.extended += line.extendedBand();
    }
    return out;
}

struct LinkEnds {
    std::uint32_t nodeA = 0;
    int portA = -1;
    std::uint32_t nodeB = 0;
    int portB = -1;
    bool operator<(const LinkEnds& o) const
    {
        return std::tie(nodeA, portA, nodeB, portB) < std::tie(o.nodeA, o.portA, o.nodeB, o.portB);
    }
};

LinkEnds ends(std::uint32_t na, int pa, std::uint32_t nb, int pb)
{
    if (std::tie(nb, pb) < std::tie(na, pa)) {
        std::swap(na, nb);
        std::swap(pa, pb);
    }
    return LinkEnds{na, pa, nb, pb};
}

LinkDifference linkDifference(const Design& d, const Link& l)
{
    auto end = [&](const PortRef& p) {
        const Node* n = d.node(p.node);
        return QStringLiteral("%1:%2").arg(n ? n->name : QStringLiteral("?"), d.portName(p));
    };
    return LinkDifference{l.id, end(l.a), end(l.b), l.cableSku, l.lengthM};
}

QJsonObject differenceJson(const NodeDifference& n)
{
    return {{QStringLiteral("id"), static_cast<double>(n.id.value())}, {QStringLiteral("name"), n.name},
        {QStringLiteral("sku"), n.sku}};
}

QJsonObject differenceJson(const LinkDifference& l)
{
    return {{QStringLiteral("id"), static_cast<double>(l.id.value())}, {QStringLiteral("from"), l.from},
        {QStringLiteral("to"), l.to}, {QStringLiteral("cable"), l.cableSku}, {QStringLiteral("length_m"), l.lengthM}};
}

QJsonObject differenceJson(const LinkChange& l)
{
    auto side = [](const LinkDifference& d, const QString& transceiver) {
        return QJsonObject{{QStringLiteral("id"), static_cast<double>(d.id.value())},
            {QStringLiteral("cable"), d.cableSku}, {QStringLiteral("transceiver"), transceiver},
            {QStringLiteral("length_m"), d.lengthM}};
    };
    return {{QStringLiteral("from"), l.after.from}, {QStringLiteral("to"), l.after.to},
        {QStringLiteral("before"), side(l.before, l.transceiverBefore)},
        {QStringLiteral("after"), side(l.after, l.transceiverAfter)}, {QStringLiteral("what"), l.what()}};
}

QString fabricNote(const DesignFigures& f)
{
    if (f.fabricSkipped)
        return QStringLiteral("fabric not analysed (design too large for the live analysis)");
    if (!f.fabricError.isEmpty())
        return QStringLiteral("fabric analysis failed: %1").arg(f.fabricError);
    if (f.fabric && !f.fabric->bisectionComputed)
        return QStringLiteral("no bisection: no GPU servers on a compute fabric");
    return {};
}

void addFigures(DesignComparison& c, const DesignFigures& b, const DesignFigures& a)
{
    using Unit = FigureDifference::Unit;
    auto add = [&](const char* key, const char* label, Unit unit, std::optional<double> before,
                   std::optional<double> after) {
        c.figures.push_back(FigureDifference{
            QString::fromLatin1(key), QString::fromLatin1(label), unit, std::move(before), std::move(after)});
    };
    add("nodes", "Nodes", Unit::Count, b.summary.nodes, a.summary.nodes);
    add("servers", "Servers", Unit::Count, b.summary.servers, a.summary.servers);
    add("gpus", "GPUs", Unit::Count, b.summary.gpus, a.summary.gpus);
    add("switches", "Switches", Unit::Count, b.summary.switches, a.summary.switches);
    add("links", "Links", Unit::Count, b.summary.links, a.summary.links);
    add("racks", "Racks", Unit::Count, b.summary.racks, a.summary.racks);

    auto power = [](const DesignFigures& f, double PowerFigures::*field) -> std::optional<double> {
        if (!f.cost)
            return std::nullopt;
        return f.cost->power.*field;
    };
    add("it_power_max_kw", "IT power (maximum)", Unit::Kilowatts, power(b, &PowerFigures::itMaxKw),
        power(a, &PowerFigures::itMaxKw));
    add("it_power_typical_kw", "IT power (typical)", Unit::Kilowatts, power(b, &PowerFigures::itTypicalKw),
        power(a, &PowerFigures::itTypicalKw));
    add("facility_power_kw", "Facility power (IT x PUE)", Unit::Kilowatts, power(b, &PowerFigures::facilityMaxKw),
        power(a, &PowerFigures::facilityMaxKw));

    auto fabric = [](const DesignFigures& f, auto get) -> std::optional<double> {
        if (!f.fabric || !f.fabric->bisectionComputed)
            return std::nullopt;
        return get(*f.fabric);
    };
    const auto bisectionGbps = [](const FabricReport& r) -> std::optional<double> { return r.bisectionGbps; };
    const auto bisection = [](const FabricReport& r) -> std::optional<double> { return r.bisectionRatio; };
    const auto spine = [](const FabricReport& r) { return r.oneSpineLostRatio; };
    const auto leaf = [](const FabricReport& r) { return r.oneLeafLostRatio; };
    const auto plane = [](const FabricReport& r) { return r.onePlaneLostRatio; };
    add("bisection_gbps", "Bisection bandwidth", Unit::Gbps, fabric(b, bisectionGbps), fabric(a, bisectionGbps));
    add("bisection_ratio", "Bisection (share of injection)", Unit::Ratio, fabric(b, bisection), fabric(a, bisection));
    add("one_spine_lost_ratio", "Bisection with one spine lost", Unit::Ratio, fabric(b, spine), fabric(a, spine));
    add("one_leaf_lost_ratio", "Bisection with one leaf lost", Unit::Ratio, fabric(b, leaf), fabric(a, leaf));
    add("one_plane_lost_ratio", "Bisection with one plane lost", Unit::Ratio, fabric(b, plane), fabric(a, plane));

    auto count = [](const DesignFigures& f, int FindingCounts::*field) -> std::optional<double> {
        if (!f.rulesError.isEmpty())
            return std::nullopt;
        return f.findingCounts.*field;
    };
    add("findings_errors", "Design-rule errors", Unit::Count, count(b, &FindingCounts::errors),
        count(a, &FindingCounts::errors));
    add("findings_warnings", "Design-rule warnings", Unit::Count, count(b, &FindingCounts::warnings),
        count(a, &FindingCounts::warnings));
    add("findings_waived", "Waived findings", Unit::Count, count(b, &FindingCounts::waived),
        count(a, &FindingCounts::waived));
}

void addBands(DesignComparison& c, const DesignFigures& b, const DesignFigures& a)
{
    auto band = [](const DesignFigures& f, Band CostReport::*field) -> std::optional<Band> {
        if (!f.cost)
            return std::nullopt;
        return (*f.cost).*field;
    };
    c.bands.push_back(BandDifference{QStringLiteral("capex_usd"), QStringLiteral("Capital cost"),
        band(b, &CostReport::capexBand), band(a, &CostReport::capexBand)});
    c.bands.push_back(BandDifference{QStringLiteral("all_in_usd"), QStringLiteral("Capital cost with support"),
        band(b, &CostReport::allInBand), band(a, &CostReport::allInBand)});
    c.bands.push_back(BandDifference{QStringLiteral("tco_usd"), QStringLiteral("Total cost of ownership"),
        band(b, &CostReport::tcoBand), band(a, &CostReport::tcoBand)});
}

void addFindings(DesignComparison& c, const DesignFigures& b, const DesignFigures& a)
{
    // A multiset by code and message: the same finding on both sides pairs up once, in order; a pair
    // whose waiver came or went is listed as (un)waived, the rest as added or removed.
    using Key = std::pair<QString, QString>;
    std::map<Key, std::vector<const Finding*>> before;
    for (const Finding& f : b.findings)
        before[{f.code, f.message}].push_back(&f);
    std::map<Key, size_t> taken;
    for (const Finding& f : a.findings) {
        const Key key{f.code, f.message};
        const auto it = before.find(key);
        size_t& n = taken[key];
        if (it == before.end() || n >= it->second.size()) {
            c.findingsAdded.push_back(f);
            continue;
        }
        const Finding* old = it->second[n++];
        if (f.waived() && !old->waived())
            c.findingsWaived.push_back(f);
        else if (!f.waived() && old->waived())
            c.findingsUnwaived.push_back(f);
    }
    std::vector<const Finding*> gone;
    for (const auto& [key, list] : before)
        for (size_t i = taken[key]; i < list.size(); ++i)
            gone.push_back(list[i]);
    std::sort(gone.begin(), gone.end(), std::less<const Finding*>()); // the before design's order
    for (const Finding* f : gone)
        c.findingsRemoved.push_back(*f);
}

QString bandText(const std::optional<Band>& b)
{
    if (!b)
        return QStringLiteral("—");
    return CostReport::bandText(*b, [](double usd) { return Money::usd().rounded(usd); });
}

QString signedMoney(double usd)
{
    return signedText(usd, Money::usd().exact(std::abs(usd)));
}

} // namespace

Band BomLineDifference::extendedDelta() const
{
    return Band{extendedAfter.low - extendedBefore.low, extendedAfter.mid - extendedBefore.mid,
        extendedAfter.high - extendedBefore.high};
}

QString LinkChange::what() const
{
    auto part = [](const QString& sku) { return sku.isEmpty() ? QStringLiteral("none") : sku; };
    QStringList parts;
    if (before.cableSku != after.cableSku)
        parts << QStringLiteral("cable %1 → %2").arg(part(before.cableSku), part(after.cableSku));
    if (transceiverBefore != transceiverAfter)
        parts << QStringLiteral("optics %1 → %2").arg(part(transceiverBefore), part(transceiverAfter));
    if (before.lengthM != after.lengthM)
        parts << QStringLiteral("%1 m → %2 m").arg(numberText(before.lengthM, 1), numberText(after.lengthM, 1));
    return parts.join(QStringLiteral(", "));
}

std::optional<double> FigureDifference::delta() const
{
    if (!before || !after)
        return std::nullopt;
    return *after - *before;
}

bool FigureDifference::changed() const
{
    if (before.has_value() != after.has_value())
        return true;
    return before && !same(*before, *after);
}

QString FigureDifference::unitName(Unit unit)
{
    switch (unit) {
    case Unit::Count:
        return QStringLiteral("count");
    case Unit::Kilowatts:
        return QStringLiteral("kW");
    case Unit::Gbps:
        return QStringLiteral("Gb/s");
    case Unit::Ratio:
        return QStringLiteral("ratio");
    }
    return {};
}

QString FigureDifference::text(const std::optional<double>& value) const
{
    if (!value)
        return QStringLiteral("—");
    switch (unit) {
    case Unit::Count:
        return numberText(*value, 0);
    case Unit::Kilowatts:
        return numberText(*value, 1) + QStringLiteral(" kW");
    case Unit::Gbps:
        return numberText(*value, 0) + QStringLiteral(" Gb/s");
    case Unit::Ratio:
        return numberText(*value * 100.0, 1) + QLatin1Char('%');
    }
    return {};
}

QString FigureDifference::deltaText() const
{
    if (!changed())
        return {};
    const std::optional<double> d = delta();
    if (!d)
        return before ? QStringLiteral("no longer computed") : QStringLiteral("now computed");
    const double m = std::abs(*d);
    switch (unit) {
    case Unit::Count:
        return signedText(*d, numberText(m, 0));
    case Unit::Kilowatts:
        return signedText(*d, numberText(m, 1) + QStringLiteral(" kW"));
    case Unit::Gbps:
        return signedText(*d, numberText(m, 0) + QStringLiteral(" Gb/s"));
    case Unit::Ratio:
        return signedText(*d, numberText(m * 100.0, 1) + QStringLiteral(" points"));
    }
    return {};
}

std::optional<Band> BandDifference::delta() const
{
    if (!before || !after)
        return std::nullopt;
    return Band{after->low - before->low, after->mid - before->mid, after->high - before->high};
}

bool BandDifference::changed() const
{
    if (before.has_value() != after.has_value())
        return true;
    return before
        && !(same(before->low, after->low) && same(before->mid, after->mid) && same(before->high, after->high));
}

DesignComparison DesignComparison::of(const ComparedDesign& before, const ComparedDesign& after)
{
    Q_ASSERT(before.design && before.figures && after.design && after.figures);
    const Design& b = *before.design;
    const Design& a = *after.design;
    DesignComparison c;
    c.beforeLabel = before.label;
    c.afterLabel = after.label;
    c.beforeName = b.name();
    c.afterName = a.name();

    // Nodes: identity first, then name and catalog item among those left.
    std::unordered_map<std::uint32_t, std::uint32_t> toAfter; // before node id -> after node id
    std::unordered_set<std::uint32_t> afterTaken;
    b.nodes().forEach([&](const Node& n) {
        const Node* m = a.node(n.id);
        if (m && m->sku == n.sku) {
            toAfter.emplace(n.id.value(), m->id.value());
            afterTaken.insert(m->id.value());
            ++c.nodesMatchedById;
        }
    });
    std::map<std::pair<QString, QString>, std::vector<std::uint32_t>> afterByName;
    a.nodes().forEach([&](const Node& n) {
        if (!afterTaken.count(n.id.value()))
            afterByName[{n.name, n.sku}].push_back(n.id.value());
    });
    for (auto& [key, ids] : afterByName)
        std::reverse(ids.begin(), ids.end()); // taken from the back: lowest id first
    b.nodes().forEach([&](const Node& n) {
        if (toAfter.count(n.id.value()))
            return;
        auto it = afterByName.find({n.name, n.sku});
        if (it == afterByName.end() || it->second.empty()) {
            c.nodesRemoved.push_back(NodeDifference{n.id, n.name, n.sku});
            return;
        }
        toAfter.emplace(n.id.value(), it->second.back());
        afterTaken.insert(it->second.back());
        it->second.pop_back();
        ++c.nodesMatchedByName;
    });
    a.nodes().forEach([&](const Node& n) {
        if (!afterTaken.count(n.id.value()))
            c.nodesAdded.push_back(NodeDifference{n.id, n.name, n.sku});
    });

    // Links: by their ends, the before side's ends translated to the after side's node ids. A link
    // matched by its ends but built with another cable, optics or length is a changed link.
    std::map<LinkEnds, std::vector<const Link*>> afterLinks; // unmatched after links by ends, in id order
    a.links().forEach([&](const Link& l) {
        afterLinks[ends(l.a.node.value(), l.a.index, l.b.node.value(), l.b.index)].push_back(&l);
    });
    std::set<std::uint32_t> afterMatched;
    std::map<std::uint32_t, LinkChange> recabled; // by after link id
    b.links().forEach([&](const Link& l) {
        const auto na = toAfter.find(l.a.node.value());
        const auto nb = toAfter.find(l.b.node.value());
        if (na != toAfter.end() && nb != toAfter.end()) {
            auto it = afterLinks.find(ends(na->second, l.a.index, nb->second, l.b.index));
            if (it != afterLinks.end() && !it->second.empty()) {
                const Link* other = it->second.front();
                it->second.erase(it->second.begin());
                afterMatched.insert(other->id.value());
                if (other->cableSku != l.cableSku || other->transceiverSku != l.transceiverSku
                    || other->lengthM != l.lengthM)
                    recabled.emplace(other->id.value(),
                        LinkChange{
                            linkDifference(b, l), linkDifference(a, *other), l.transceiverSku, other->transceiverSku});
                return;
            }
        }
        c.linksRemoved.push_back(linkDifference(b, l));
    });
    a.links().forEach([&](const Link& l) {
        if (!afterMatched.count(l.id.value()))
            c.linksAdded.push_back(linkDifference(a, l));
    });
    for (auto& [id, change] : recabled)
        c.linksChanged.push_back(std::move(change));

    // Bill of materials: the after design's lines in its order, then lines only the before had.
    const DesignFigures& fb = *before.figures;
    const DesignFigures& fa = *after.figures;
    const auto bomBefore = bomTotals(fb);
    const auto bomAfter = bomTotals(fa);
    std::vector<std::pair<int, BomLineDifference>> ordered;
    auto unitOf = [](const BomTotal& t) { return t.quantity ? t.extended.mid / t.quantity : 0.0; };
    for (const auto& [key, t] : bomAfter) {
        BomLineDifference d{std::get<0>(key), std::get<1>(key), t.first->description, std::get<2>(key), 0, t.quantity,
            0, unitOf(t), Band{}, t.extended};
        if (auto it = bomBefore.find(key); it != bomBefore.end()) {
            d.quantityBefore = it->second.quantity;
            d.unitPriceBefore = unitOf(it->second);
            d.extendedBefore = it->second.extended;
        }
        const bool changed = d.quantityBefore != d.quantityAfter || !same(d.extendedBefore.low, d.extendedAfter.low)
            || !same(d.extendedBefore.mid, d.extendedAfter.mid) || !same(d.extendedBefore.high, d.extendedAfter.high);
        if (changed)
            ordered.emplace_back(t.order, d);
    }
    for (const auto& [key, t] : bomBefore) {
        if (bomAfter.count(key))
            continue;
        ordered.emplace_back(1000000 + t.order,
            BomLineDifference{std::get<0>(key), std::get<1>(key), t.first->description, std::get<2>(key), t.quantity, 0,
                unitOf(t), 0, t.extended, Band{}});
    }
    std::stable_sort(ordered.begin(), ordered.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    for (auto& [order, d] : ordered)
        c.bomLines.push_back(std::move(d));

    addFigures(c, fb, fa);
    addBands(c, fb, fa);
    c.tierBefore = fb.cost && fb.cost->tier ? fb.cost->tier->name : QString();
    c.tierAfter = fa.cost && fa.cost->tier ? fa.cost->tier->name : QString();
    c.fabricNoteBefore = fabricNote(fb);
    c.fabricNoteAfter = fabricNote(fa);
    addFindings(c, fb, fa);
    return c;
}

const FigureDifference* DesignComparison::figure(const QString& key) const
{
    for (const FigureDifference& f : figures)
        if (f.key == key)
            return &f;
    return nullptr;
}

const BandDifference* DesignComparison::band(const QString& key) const
{
    for (const BandDifference& b : bands)
        if (b.key == key)
            return &b;
    return nullptr;
}

bool DesignComparison::isEmpty() const
{
    return nodesAdded.empty() && nodesRemoved.empty() && linksAdded.empty() && linksRemoved.empty()
        && linksChanged.empty() && bomLines.empty() && findingsAdded.empty() && findingsRemoved.empty()
        && tierBefore == tierAfter
        && std::none_of(figures.begin(), figures.end(), [](const FigureDifference& f) { return f.changed(); })
        && std::none_of(bands.begin(), bands.end(), [](const BandDifference& b) { return b.changed(); });
}

QJsonObject DesignComparison::toJson() const
{
    auto list = [](const auto& items) {
        QJsonArray out;
        for (const auto& i : items)
            out.append(differenceJson(i));
        return out;
    };
    QJsonArray bom;
    for (const BomLineDifference& l : bomLines)
        bom.append(QJsonObject{{QStringLiteral("category"), l.category}, {QStringLiteral("sku"), l.sku},
            {QStringLiteral("description"), l.description}, {QStringLiteral("length_class"), l.lengthClass},
            {QStringLiteral("quantity"),
                QJsonObject{{QStringLiteral("before"), l.quantityBefore}, {QStringLiteral("after"), l.quantityAfter},
                    {QStringLiteral("delta"), l.quantityDelta()}}},
            {QStringLiteral("unit_price_usd"),
                QJsonObject{
                    {QStringLiteral("before"), l.unitPriceBefore}, {QStringLiteral("after"), l.unitPriceAfter}}},
            {QStringLiteral("extended_usd"),
                QJsonObject{{QStringLiteral("before"), l.extendedBefore.toJson()},
                    {QStringLiteral("after"), l.extendedAfter.toJson()},
                    {QStringLiteral("delta"), l.extendedDelta().toJson()}}}});
    QJsonObject figs;
    for (const FigureDifference& f : figures)
        figs.insert(f.key,
            QJsonObject{{QStringLiteral("label"), f.label},
                {QStringLiteral("unit"), FigureDifference::unitName(f.unit)},
                {QStringLiteral("before"), optionalJson(f.before)}, {QStringLiteral("after"), optionalJson(f.after)},
                {QStringLiteral("delta"), optionalJson(f.delta())}, {QStringLiteral("changed"), f.changed()}});
    QJsonObject money;
    for (const BandDifference& b : bands)
        money.insert(b.key,
            QJsonObject{{QStringLiteral("label"), b.label}, {QStringLiteral("before"), optionalJson(b.before)},
                {QStringLiteral("after"), optionalJson(b.after)}, {QStringLiteral("delta"), optionalJson(b.delta())},
                {QStringLiteral("changed"), b.changed()}});
    QJsonArray added;
    for (const Finding& f : findingsAdded)
        added.append(f.toJson());
    QJsonArray removed;
    for (const Finding& f : findingsRemoved)
        removed.append(f.toJson());
    QJsonArray waived;
    for (const Finding& f : findingsWaived)
        waived.append(f.toJson());
    QJsonArray unwaived;
    for (const Finding& f : findingsUnwaived)
        unwaived.append(f.toJson());
    auto orNull = [](const QString& s) { return s.isEmpty() ? QJsonValue() : QJsonValue(s); };
    return QJsonObject{
        {QStringLiteral("before"),
            QJsonObject{{QStringLiteral("label"), beforeLabel}, {QStringLiteral("name"), beforeName},
                {QStringLiteral("fabric_note"), orNull(fabricNoteBefore)}}},
        {QStringLiteral("after"),
            QJsonObject{{QStringLiteral("label"), afterLabel}, {QStringLiteral("name"), afterName},
                {QStringLiteral("fabric_note"), orNull(fabricNoteAfter)}}},
        {QStringLiteral("unchanged"), isEmpty()},
        {QStringLiteral("nodes"),
            QJsonObject{{QStringLiteral("added"), list(nodesAdded)}, {QStringLiteral("removed"), list(nodesRemoved)},
                {QStringLiteral("matched_by_id"), nodesMatchedById},
                {QStringLiteral("matched_by_name"), nodesMatchedByName}}},
        {QStringLiteral("links"),
            QJsonObject{{QStringLiteral("added"), list(linksAdded)}, {QStringLiteral("removed"), list(linksRemoved)},
                {QStringLiteral("changed"), list(linksChanged)}}},
        {QStringLiteral("bom"), bom},
        {QStringLiteral("figures"), figs},
        {QStringLiteral("cost"), money},
        {QStringLiteral("tier"),
            QJsonObject{{QStringLiteral("before"), orNull(tierBefore)}, {QStringLiteral("after"), orNull(tierAfter)}}},
        {QStringLiteral("findings"),
            QJsonObject{{QStringLiteral("added"), added}, {QStringLiteral("removed"), removed},
                {QStringLiteral("waived"), waived}, {QStringLiteral("unwaived"), unwaived}}},
    };
}

QString DesignComparison::toText(int maxListed) const
{
    QString t;
    QTextStream s(&t);
    s << "Before: " << beforeLabel << " (" << beforeName << ")\n";
    s << "After:  " << afterLabel << " (" << afterName << ")\n";
    if (isEmpty()) {
        s << "\nNo differences: the two designs have the same nodes, links, bill of materials, figures and "
             "findings.\n";
        return t;
    }
    auto more = [&](size_t n) {
        if (n > size_t(maxListed))
            s << "    ... and " << (n - size_t(maxListed)) << " more\n";
    };

    s << "\nNodes: " << nodesAdded.size() << " added, " << nodesRemoved.size() << " removed (" << nodesMatchedById
      << " matched by id, " << nodesMatchedByName << " by name and model)\n";
    for (size_t i = 0; i < nodesAdded.size() && i < size_t(maxListed); ++i)
        s << "  + " << nodesAdded[i].name << " (" << nodesAdded[i].sku << ")\n";
    more(nodesAdded.size());
    for (size_t i = 0; i < nodesRemoved.size() && i < size_t(maxListed); ++i)
        s << "  - " << nodesRemoved[i].name << " (" << nodesRemoved[i].sku << ")\n";
    more(nodesRemoved.size());

    s << "\nLinks: " << linksAdded.size() << " added, " << linksRemoved.size() << " removed, " << linksChanged.size()
      << " changed\n";
    auto link = [&](const char* sign, const LinkDifference& l) {
        s << "  " << sign << ' ' << l.from << " — " << l.to;
        if (!l.cableSku.isEmpty())
            s << " (" << l.cableSku << ", " << numberText(l.lengthM, 1) << " m)";
        s << '\n';
    };
    for (size_t i = 0; i < linksAdded.size() && i < size_t(maxListed); ++i)
        link("+", linksAdded[i]);
    more(linksAdded.size());
    for (size_t i = 0; i < linksRemoved.size() && i < size_t(maxListed); ++i)
        link("-", linksRemoved[i]);
    more(linksRemoved.size());
    for (size_t i = 0; i < linksChanged.size() && i < size_t(maxListed); ++i)
        s << "  ~ " << linksChanged[i].after.from << " — " << linksChanged[i].after.to << ": " << linksChanged[i].what()
          << '\n';
    more(linksChanged.size());

    s << QStringLiteral("\n%1 %2 %3 %4\n")
             .arg(QStringLiteral("Figures"), -34)
             .arg(QStringLiteral("before"), 14)
             .arg(QStringLiteral("after"), 14)
             .arg(QStringLiteral("change"), 16);
    for (const FigureDifference& f : figures)
        s << QStringLiteral("  %1 %2 %3 %4\n")
                 .arg(f.label, -32)
                 .arg(f.text(f.before), 14)
                 .arg(f.text(f.after), 14)
                 .arg(f.changed() ? f.deltaText() : QStringLiteral("same"), 16);
    if (!fabricNoteBefore.isEmpty())
        s << "  before: " << fabricNoteBefore << '\n';
    if (!fabricNoteAfter.isEmpty())
        s << "  after: " << fabricNoteAfter << '\n';

    s << "\nCost (USD; bands low-high with the mid)\n";
    for (const BandDifference& b : bands) {
        s << "  " << b.label << ": " << bandText(b.before) << " -> " << bandText(b.after);
        if (const std::optional<Band> d = b.delta(); d && b.changed())
            s << "; change " << signedMoney(d->mid) << " (low " << signedMoney(d->low) << ", high "
              << signedMoney(d->high) << ")";
        else if (!b.changed())
            s << "; same";
        s << '\n';
    }
    s << "  Tier: " << (tierBefore.isEmpty() ? QStringLiteral("none") : tierBefore) << " -> "
      << (tierAfter.isEmpty() ? QStringLiteral("none") : tierAfter) << '\n';

    s << "\nBill of materials: " << bomLines.size() << ' ' << plural(qsizetype(bomLines.size()), "line", "lines")
      << " changed\n";
    for (size_t i = 0; i < bomLines.size() && i < size_t(maxListed); ++i) {
        const BomLineDifference& l = bomLines[i];
        s << "  " << l.category << ' ' << l.sku
          << (l.lengthClass.isEmpty() ? QString() : QStringLiteral(" ") + l.lengthClass) << ": quantity "
          << l.quantityBefore << " -> " << l.quantityAfter << " ("
          << signedText(l.quantityDelta(), QString::number(std::abs(l.quantityDelta()))) << "), unit "
          << Money::usd().exact(l.unitPriceBefore) << " -> " << Money::usd().exact(l.unitPriceAfter) << ", extended "
          << Money::usd().exact(l.extendedBefore.mid) << " -> " << Money::usd().exact(l.extendedAfter.mid) << " ("
          << signedMoney(l.extendedDelta().mid) << ")\n";
    }
    more(bomLines.size());

    s << "\nFindings: " << findingsAdded.size() << " new, " << findingsRemoved.size() << " resolved";
    if (!findingsWaived.empty() || !findingsUnwaived.empty())
        s << ", " << findingsWaived.size() << " waived, " << findingsUnwaived.size() << " no longer waived";
    s << '\n';
    for (const Finding& f : findingsAdded)
        s << "  + " << toString(f.severity) << ' ' << f.code << ": " << f.message << '\n';
    for (const Finding& f : findingsRemoved)
        s << "  - " << toString(f.severity) << ' ' << f.code << ": " << f.message << '\n';
    for (const Finding& f : findingsWaived)
        s << "  waived: " << toString(f.severity) << ' ' << f.code << ": " << f.message << " (" << f.waiver->reason
          << ")\n";
    for (const Finding& f : findingsUnwaived)
        s << "  no longer waived: " << toString(f.severity) << ' ' << f.code << ": " << f.message << '\n';
    return t;
}

} // namespace pw
