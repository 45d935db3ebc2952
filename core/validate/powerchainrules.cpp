#include "validate/rulehelpers.h"

#include "facility/powerchain.h"
#include "util/numbertext.h"

namespace pw::rules {

namespace {

// 163.44, 150, 965.6: the figures of a formula as the user would write them.
QString num(double v, int precision = 2)
{
    return withoutTrailingZeros(QString::number(v, 'f', precision));
}

// COOLING-CDU-CAPACITY when the CDUs stand on the floor: each loop against the CDUs that feed it
// (PowerChain's loop assignment: a CDU feeds the loop of the liquid-cooled racks just before it in
// its row).
void cduLoopRule(const Design& d, const PowerChain& chain, std::vector<Finding>& out)
{
    const FacilityAssumptions& a = chain.assumptions;
    std::vector<EntityRef> ents;
    QStringList terms;
    QStringList fixes;
    const CoolantLoop* first = nullptr;
    int missing = 0;
    for (const CoolantLoop& l : chain.loops) {
        if (l.cdusInService >= l.cdus)
            continue;
        first = first ? first : &l;
        missing += l.cdus - l.cdusInService;
        for (GroupId id : l.racks)
            ents.push_back(EntityRef::of(id));
        for (NodeId id : l.cduNodes)
            ents.push_back(EntityRef::of(id));
        const Group* last = l.racks.empty() ? nullptr : d.group(l.racks.back());
        terms << QStringLiteral("%1 (%2 racks, %3 kW): ceil(%3 / %4) + %5 = %6 CDUs, %7 placed (%8)")
                     .arg(l.name)
                     .arg(l.racks.size())
                     .arg(num(l.liquidKw, 1), num(l.cduCapacityKw))
                     .arg(a.cduSpares.value)
                     .arg(l.cdus)
                     .arg(l.cdusInService)
                     .arg(l.cduNames.isEmpty() ? QStringLiteral("none") : l.cduNames.join(QStringLiteral(", ")));
        fixes << QStringLiteral("%1 after rack %2").arg(l.cdus - l.cdusInService).arg(last ? last->name : l.name);
    }
    if (!first)
        return;
    out.push_back(make("COOLING-CDU-CAPACITY",
        terms.size() == 1 ? QStringLiteral("coolant %1 has %2 of the %3 CDUs its %4 kW of liquid heat needs")
                                .arg(first->name)
                                .arg(first->cdusInService)
                                .arg(first->cdus)
                                .arg(num(first->liquidKw, 1))
                          : QStringLiteral("%1 coolant loops have fewer CDUs than they need (%2 missing)")
                                .arg(terms.size())
                                .arg(missing),
        std::move(ents),
        QStringLiteral("CDUs per loop = ceil(liquid heat / CDU capacity) + spares (%1 spare: %2; CDU capacity: %3). "
                       "A CDU on the floor feeds the loop of the liquid-cooled racks just before it in its row. %4. "
                       "Place the missing CDUs in the row: %5.")
            .arg(a.cduSpares.value)
            .arg(a.cduSpares.source, a.cduCapacityKw.source, QStringList(terms.mid(0, 5)).join(QStringLiteral("; ")),
                QStringList(fixes.mid(0, 5)).join(QStringLiteral("; ")))));
}

// POWER-SIDECAR on an 800 VDC power chain: 800 VDC racks with no sidecar power rack in their row,
// and sidecars carrying more racks or more kW than their catalog entry allows (PowerChain's
// SidecarChain: a rack is fed by the sidecar nearest after it in its row).
void sidecarRule(const PowerChain& chain, std::vector<Finding>& out)
{
    std::vector<EntityRef> ents;
    QStringList terms;
    for (GroupId id : chain.racksWithoutSidecar) {
        ents.push_back(EntityRef::of(id));
        if (const RackChain* r = chain.rack(id))
            terms << QStringLiteral("%1: no sidecar in its row").arg(r->name);
    }
    for (const SidecarChain& s : chain.sidecars) {
        const bool tooMany = static_cast<int>(s.racks.size()) > s.racksFedLimit;
        const bool tooMuch = s.loadKw > s.capacityKw + 1e-9;
        if (!tooMany && !tooMuch)
            continue;
        ents.push_back(EntityRef::of(s.node));
        for (GroupId id : s.racks)
            ents.push_back(EntityRef::of(id));
        terms << QStringLiteral("%1: %2 racks (at most %3), %4 kW of %5 kW")
                     .arg(s.name)
                     .arg(s.racks.size())
                     .arg(s.racksFedLimit)
                     .arg(num(s.loadKw, 1), num(s.capacityKw));
    }
    if (terms.isEmpty())
        return;
    out.push_back(make("POWER-SIDECAR",
        terms.size() == 1
            ? QStringLiteral("800 VDC power chain: %1").arg(terms.front())
            : QStringLiteral("800 VDC power chain: %1 racks or sidecars are not fed as they need").arg(terms.size()),
        std::move(ents),
        QStringLiteral("On 800 VDC each rack is fed by the sidecar power rack standing nearest after it in its row; a "
                       "sidecar feeds at most its catalog racks_fed and capacity_kw (the racks' draw in the design's "
                       "power mode): %1. Place a sidecar after the racks it should feed.")
            .arg(QStringList(terms.mid(0, 5)).join(QStringLiteral("; ")))));
}

} // namespace

// The limits of the power and cooling chain (facility/powerchain.h), judged on the same figures
// `power`, the studio's Power panel and the report show:
// POWER-ROW-LIMIT: a floor row's IT maximum above the row limit (design assumption row_limit_kw).
// POWER-HALL-LIMIT: the hall's IT maximum above the hall limit (hall_limit_kw, when set).
// POWER-FEED-REDUNDANCY: racks with two or more feeds that cannot carry their maximum with the largest
// feed lost.
// COOLING-CDU-CAPACITY: a coolant loop fed by fewer placed CDUs than it needs (CDUs on the floor),
// or a design that places CDUs off the floor places fewer than its loops need in all.
// POWER-SIDECAR: on 800 VDC, a rack with no sidecar power rack, or a sidecar over its racks or kW.
void powerChainRules(const Design& d, const PowerFigures& power, std::vector<Finding>& out)
{
    const PowerChain chain = PowerChain::of(d, power, FacilityAssumptions::of(d));
    const FacilityAssumptions& a = chain.assumptions;
    for (const RowChain& row : chain.rows) {
        if (!a.rowOverLimit(row.maxKw))
            continue;
        std::vector<EntityRef> ents;
        for (GroupId id : row.racks)
            ents.push_back(EntityRef::of(id));
        // A rack over the limit on its own: no placement keeps its row under it (the generator's
        // rows split a scalable unit only where that helps).
        const RackChain* alone = nullptr;
        for (GroupId id : row.racks)
            if (const RackChain* r = chain.rack(id);
                r && a.rowOverLimit(r->maxKw) && (!alone || r->maxKw > alone->maxKw))
                alone = r;
        const QString why = alone
            ? QStringLiteral("Rack %1 alone draws %2 kW, more than the row limit: no placement of the racks keeps "
                             "this row under it; raise row_limit_kw to the site's row feed or lower the rack's load.")
                  .arg(alone->name, num(alone->maxKw, 2))
            : QStringLiteral("Move racks to another row, or raise row_limit_kw if the row's power distribution is "
                             "built for more.");
        out.push_back(make("POWER-ROW-LIMIT",
            QStringLiteral("row %1 draws up to %2 kW; the row limit is %3 kW%4")
                .arg(row.name, num(row.maxKw), num(a.rowLimitKw.value),
                    alone ? QStringLiteral(" (rack %1 alone draws %2 kW)").arg(alone->name, num(alone->maxKw))
                          : QString()),
            std::move(ents),
            QStringLiteral("Row IT maximum = sum of its %1 racks' maximum = %2 kW > row limit %3 kW (%4). %5")
                .arg(row.racks.size())
                .arg(num(row.maxKw, 2), num(a.rowLimitKw.value), a.rowLimitKw.source, why)));
    }
    if (a.hallLimitKw.value > 0 && power.itMaxKw > a.hallLimitKw.value + 1e-9)
        out.push_back(make("POWER-HALL-LIMIT",
            QStringLiteral("the hall draws up to %1 kW of IT load; the hall limit is %2 kW")
                .arg(num(power.itMaxKw), num(a.hallLimitKw.value)),
            {},
            QStringLiteral("Hall IT maximum = racks %1 kW + unracked %2 kW = %3 kW > hall limit %4 kW (%5). Split "
                           "the design over two halls or reduce the load.")
                .arg(num(power.itMaxKw - power.unrackedMaxKw, 2), num(power.unrackedMaxKw, 2), num(power.itMaxKw, 2),
                    num(a.hallLimitKw.value), a.hallLimitKw.source)));

    std::vector<EntityRef> weak;
    QStringList weakTerms;
    for (const RackChain& r : chain.racks) {
        // A rack with one feed has no redundancy to lose (the Power dock and `power --racks` say so,
        // and RACK-PDU asks for PDUs where none are); the rule judges racks given two or more.
        if (r.feeds.size() < 2 || r.feedRatingKw <= 0 || r.survivesOneFeedLost(chain.feeds))
            continue;
        double largest = 0;
        for (int f : r.feeds)
            largest = std::max(largest, chain.feeds[f].ratingKw);
        weak.push_back(EntityRef::of(r.id));
        for (int f : r.feeds)
            if (chain.feeds[f].node.isValid())
                weak.push_back(EntityRef::of(chain.feeds[f].node));
        weakTerms << QStringLiteral("%1: %2 feeds, %3 kW - largest %4 kW = %5 kW < %6 kW")
                         .arg(r.name)
                         .arg(r.feeds.size())
                         .arg(num(r.feedRatingKw), num(largest), num(r.feedRatingKw - largest), num(r.maxKw, 2));
    }
    if (!weakTerms.isEmpty())
        out.push_back(make("POWER-FEED-REDUNDANCY",
            weakTerms.size() == 1
                ? QStringLiteral("rack %1 goes down when one of its feeds fails")
                      .arg(weakTerms.front().section(QLatin1Char(':'), 0, 0))
                : QStringLiteral("%1 racks go down when one of their feeds fails").arg(weakTerms.size()),
            std::move(weak),
            QStringLiteral("With its largest feed lost, a rack's other feeds (PDU capacity_kw, or power shelves) "
                           "must carry its maximum: %1. Add a PDU to each, or use larger ones.")
                .arg(QStringList(weakTerms.mid(0, 5)).join(QStringLiteral("; ")))));

    sidecarRule(chain, out);
    if (chain.cdusOnFloor)
        cduLoopRule(d, chain, out);
    else if (chain.cdusPlaced > 0 && chain.cdusPlaced < chain.cdusPlanned()) {
        // CDUs placed off the floor plan feed no loop in particular: the totals are compared.
        QStringList terms;
        for (const CoolantLoop& l : chain.loops)
            terms << QStringLiteral("%1: ceil(%2 / %3) + %4 = %5")
                         .arg(l.name, num(l.liquidKw, 1), num(l.cduCapacityKw))
                         .arg(a.cduSpares.value)
                         .arg(l.cdus);
        out.push_back(make("COOLING-CDU-CAPACITY",
            QStringLiteral("%1 CDUs placed; the coolant loops need %2").arg(chain.cdusPlaced).arg(chain.cdusPlanned()),
            {},
            QStringLiteral("CDUs per loop = ceil(liquid heat / CDU capacity) + spares: %1 (%2 liquid-cooled racks per "
                           "loop; CDU capacity: %3). Place %4 more CDUs.")
                .arg(QStringList(terms.mid(0, 5)).join(QStringLiteral("; ")))
                .arg(a.racksPerLoop.value)
                .arg(a.cduCapacityKw.source)
                .arg(chain.cdusPlanned() - chain.cdusPlaced)));
    }
}

} // namespace pw::rules
