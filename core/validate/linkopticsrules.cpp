#include "model/opticsrules.h"
#include "util/plural.h"
#include "validate/rulehelpers.h"

#include <map>

namespace pw::rules {

namespace {

QString endName(const Design& d, PortRef p)
{
    const Node* n = d.node(p.node);
    return QStringLiteral("%1 %2").arg(n ? n->name : QStringLiteral("?"), d.portName(p));
}

QString cageText(const PortGroup& g)
{
    return QStringLiteral("%1 %2 (%3 port%4 per cage)")
        .arg(g.role == PortRole::Fabric ? QStringLiteral("switch") : QStringLiteral("host"), g.connector)
        .arg(g.portsPerCage)
        .arg(g.portsPerCage == 1 ? QString() : QStringLiteral("s"));
}

QString moduleText(const CatalogItem& m)
{
    const TransceiverSpec& t = *m.transceiver;
    return QStringLiteral("%1 (%2, %3 x %4G, %5%6)")
        .arg(m.sku, t.connector)
        .arg(t.links)
        .arg(t.linkGbps())
        .arg(t.fiber, t.side == QLatin1String("host") ? QStringLiteral(", host side") : QString());
}

// One finding per kind of problem and part, listing every link it affects.
struct Problem {
    QString message;
    QString explanation;
    std::vector<EntityRef> entities;
    int links = 0;
};

} // namespace

// LINK-UNCABLED: a link without a cable buys nothing: neither its cable nor its optics are in the
// bill of materials, so the cost and the power leave them out. One finding, counted per network,
// with the longest such run (the usual cause in a generated design: no catalog part reaches) and
// the pairs of ends (model and connector) no catalog cable joins, which name the part to add.
void uncabledLinksRule(const Design& d, std::vector<Finding>& out)
{
    std::map<Network, int> byNetwork;
    // The ends no catalog cable joins, by model and connector ("ufm-appliance OSFP"), each pair in
    // a fixed order: they name the part to add. Shared strings, no formatting per link.
    using End = std::pair<QString, QString>;
    std::map<std::pair<End, End>, int> byEnds;
    std::vector<EntityRef> entities;
    double longest = 0;
    int count = 0;
    auto endOf = [&](PortRef p) {
        const Node* n = d.node(p.node);
        const PortGroup* g = d.portGroup(p);
        return End{n ? n->sku : QStringLiteral("?"), g ? g->connector : QStringLiteral("?")};
    };
    d.links().forEach([&](const Link& l) {
        if (!l.cableSku.isEmpty())
            return;
        ++count;
        ++byNetwork[d.linkNetwork(l)];
        longest = std::max(longest, l.lengthM);
        entities.push_back(EntityRef::of(l.id));
        const End a = endOf(l.a);
        const End b = endOf(l.b);
        ++byEnds[a < b ? std::pair{a, b} : std::pair{b, a}];
    });
    if (count == 0)
        return;
    QStringList parts;
    for (const auto& [network, n] : byNetwork)
        parts << QStringLiteral("%1 %2").arg(n).arg(displayName(network));
    QStringList ends;
    for (const auto& [pair, n] : byEnds)
        ends << QStringLiteral("%1 %2 to %3 %4 (%5)")
                    .arg(pair.first.first, pair.first.second, pair.second.first, pair.second.second)
                    .arg(n);
    out.push_back(make("LINK-UNCABLED",
        QStringLiteral("%1 link%2 without a cable: not in the bill of materials or the cost (%3)")
            .arg(count)
            .arg(count == 1 ? QString() : QStringLiteral("s"), ends.mid(0, 2).join(QStringLiteral("; "))),
        std::move(entities),
        QStringLiteral("Ends with no cable: %3. Links by network: %1%2. A link's cable and transceivers are what is "
                       "bought and priced; "
                       "without them the bill of materials, the capital cost and the power leave these links out. "
                       "Fix: choose a cable for each (the cable list offers the parts that fit its ports and "
                       "length); where no part of the catalog reaches the length, add one that does or move "
                       "the racks closer.")
            .arg(parts.join(QStringLiteral(", ")),
                longest > 0 ? QStringLiteral("; the longest is %1 m").arg(fmt(longest, 0)) : QString(),
                ends.join(QStringLiteral("; ")))));
}

// OPTICS-MISMATCH: a link's transceivers and fiber must work together and with its ports. The
// link's module serves at least one end (its cage, the link's speed); every end has a module of
// the link's fiber kind that serves it; the fiber patch is of the modules' kind; a copper cable
// (DAC, ACC) has its own ends and takes no module. The same attribute test the generator uses
// to choose (OpticsRules), so a generated design passes and a hand-drawn mistake does not.
void linkOpticsRules(const Design& d, std::vector<Finding>& out)
{
    uncabledLinksRule(d, out);
    const OpticsRules::Items parts = OpticsRules::partsOf(d);
    OpticsRules::EndsByKind endsOf(d, parts);
    std::map<QString, Problem> problems;
    auto note = [&](const QString& key, const Link& l, const QString& message, const QString& explanation) {
        Problem& p = problems[key];
        if (p.links == 0) {
            p.message = message;
            p.explanation = explanation;
        }
        ++p.links;
        p.entities.push_back(EntityRef::of(l.id));
        p.entities.push_back(EntityRef::of(l.a.node));
        p.entities.push_back(EntityRef::of(l.b.node));
    };
    d.links().forEach([&](const Link& l) {
        const PortGroup* ga = d.portGroup(l.a);
        const PortGroup* gb = d.portGroup(l.b);
        if (!ga || !gb)
            return;
        // Named only for a link with a finding (millions of optical links at 1,000,000 GPUs).
        const auto where = [&] { return QStringLiteral("%1 to %2").arg(endName(d, l.a), endName(d, l.b)); };
        // A co-packaged-optics port takes its fibre straight in: a fibre of its kind and connector,
        // never copper or another fibre (and no module of its own, below).
        const bool coPackaged = ga->coPackagedOptics || gb->coPackagedOptics;
        const CatalogItem* cableItem = coPackaged ? d.item(l.cableSku) : nullptr;
        for (const PortGroup* g : {ga, gb}) {
            if (!g->coPackagedOptics || !cableItem || !cableItem->cable)
                continue;
            const CoPackagedOptics& cpo = *g->coPackagedOptics;
            const CableSpec& c = *cableItem->cable;
            if (c.medium == QLatin1String("fiber") && c.fiber == cpo.fiber && c.connector == cpo.fiberConnector)
                continue;
            note(QStringLiteral("cpo|%1|%2").arg(l.cableSku, cpo.fiber), l,
                QStringLiteral("%1: co-packaged-optics port on %2 cable %3").arg(where(), c.medium, l.cableSku),
                QStringLiteral("A co-packaged-optics switch port (its optics in the switch package) takes %1 fiber "
                               "with an %2 connector straight in, and no transceiver; %3 is %4 %5 %6 (e.g. %7).")
                    .arg(cpo.fiber, cpo.fiberConnector, l.cableSku, c.medium, c.fiber, c.connector, where()));
        }
        if (l.transceiverSku.isEmpty())
            return;
        const CatalogItem* module = d.item(l.transceiverSku);
        if (!module || !module->transceiver) {
            note(QStringLiteral("not-a-module|%1").arg(l.transceiverSku), l,
                QStringLiteral("%1 is named as the transceiver of %2 but is not one").arg(l.transceiverSku, where()),
                QStringLiteral("The design's snapshot has no transceiver %1.").arg(l.transceiverSku));
            return;
        }
        const TransceiverSpec& t = *module->transceiver;
        const int speed = d.linkSpeedGbps(l);
        const CatalogItem* cable = d.item(l.cableSku);
        if (cable && cable->cable && cable->cable->medium != QLatin1String("fiber")) {
            note(QStringLiteral("copper|%1|%2").arg(l.cableSku, l.transceiverSku), l,
                QStringLiteral("%1 carries transceiver %2 on %3 cable %4")
                    .arg(where(), l.transceiverSku, cable->cable->medium.toUpper(), l.cableSku),
                QStringLiteral("A %1 cable has its own ends; a transceiver needs a fiber patch (e.g. %2).")
                    .arg(cable->cable->medium.toUpper(), where()));
        } else if (cable && cable->cable && !cable->cable->fiber.isEmpty() && cable->cable->fiber != t.fiber) {
            note(QStringLiteral("fiber|%1|%2").arg(l.cableSku, l.transceiverSku), l,
                QStringLiteral("%1: %2 module %3 on %4 fiber %5")
                    .arg(where(), t.fiber, l.transceiverSku, cable->cable->fiber, l.cableSku),
                QStringLiteral("Module fiber (%1, %2) = patch fiber (%3, %4) is required (e.g. %5).")
                    .arg(t.fiber, l.transceiverSku, cable->cable->fiber, l.cableSku, where()));
        }
        if (!OpticsRules::carriesEnd(t, *ga, speed) && !OpticsRules::carriesEnd(t, *gb, speed)) {
            note(QStringLiteral("link|%1|%2|%3|%4").arg(l.transceiverSku, ga->connector, gb->connector).arg(speed), l,
                QStringLiteral("%1 runs at %2 Gb/s; its transceiver %3 fits neither end")
                    .arg(where())
                    .arg(speed)
                    .arg(moduleText(*module)),
                QStringLiteral("A module serves an end when it plugs into the cage (connector, one link per port of "
                               "the cage, no host-side module in a switch) and each of its links runs at the link's "
                               "speed: %1 Gb/s here. Ends: %2 and %3 (e.g. %4).")
                    .arg(speed)
                    .arg(cageText(*ga), cageText(*gb), where()));
            return;
        }
        const OpticsRules::Ends ends = endsOf.of(l);
        for (const auto& [p, g, chosen] : {std::tuple{l.a, ga, ends.a}, std::tuple{l.b, gb, ends.b}}) {
            if (chosen || g->coPackagedOptics)
                continue;
            note(QStringLiteral("end|%1|%2|%3").arg(l.transceiverSku, g->connector).arg(speed), l,
                QStringLiteral("%1: no %2 module at %3 Gb/s for %4 faces %5")
                    .arg(where(), t.fiber)
                    .arg(speed)
                    .arg(cageText(*g), moduleText(*module)),
                QStringLiteral("Both ends of an optical link need modules of one fiber kind at the link's speed "
                               "(%1 Gb/s); the design has none that fits %2 at %3, so the far end's %4 has nothing "
                               "to talk to. Add a matching module to the design or change the link's speed.")
                    .arg(speed)
                    .arg(cageText(*g), endName(d, p), l.transceiverSku));
        }
    });
    for (auto& [key, p] : problems) {
        QString message = p.message;
        if (p.links > 1)
            message = QStringLiteral("%1 links: %2 (and %3 more)").arg(p.links).arg(p.message).arg(p.links - 1);
        out.push_back(make("OPTICS-MISMATCH", message, std::move(p.entities),
            QStringLiteral("%1 Applies to %2.").arg(p.explanation, counted(p.links, "link", "links"))));
    }
}

} // namespace pw::rules
