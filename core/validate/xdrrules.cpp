#include "floor/cablechoice.h"
#include "model/opticsrules.h"
#include "util/plural.h"
#include "validate/rulehelpers.h"

#include <map>

// The XDR cabling rules of NVIDIA's LinkX 800G/200G PAM4 list (reference-architectures-2025.md
// section 5), judged on catalog attributes only (cable medium and fiber, module top and fiber,
// switch cooling, cage width): XDR-MEDIA, OPTICS-TOP and OPTICS-TWIN-FIBER.
namespace pw::rules {

namespace {

constexpr int kEthernetCageGbps = 800; // a twin-port cage of two 400G ports (SN5600, ConnectX-8)

// An XDR link: 800 Gb/s or faster with an InfiniBand switch at one end (the generator's test too).
bool isXdr(const Design& d, const Link& l)
{
    return CableChoice::isXdr(d.linkSpeedGbps(l), d.itemOf(l.a.node), d.itemOf(l.b.node));
}

// A link of an 800G Ethernet twin-port cage: a Spectrum-4 class switch (Ethernet) at one end.
bool onEthernetSwitch(const Design& d, const Link& l)
{
    for (NodeId n : {l.a.node, l.b.node})
        if (const CatalogItem* it = d.itemOf(n); it && it->kind == ItemKind::Switch && it->switchSpec
            && it->switchSpec->technology == QLatin1String("ethernet"))
            return true;
    return false;
}

QString where(const Design& d, const Link& l)
{
    auto end = [&](PortRef p) {
        const Node* n = d.node(p.node);
        return QStringLiteral("%1 %2").arg(n ? n->name : QStringLiteral("?"), d.portName(p));
    };
    return QStringLiteral("%1 to %2").arg(end(l.a), end(l.b));
}

// Findings of one rule grouped by their message key, each listing every link it affects.
class Grouped {
public:
    void note(const QString& key, const Design& d, const Link& l, const QString& message, const QString& why)
    {
        Entry& e = mEntries[key];
        if (e.links == 0) {
            e.message = message;
            e.why = why;
            e.example = where(d, l);
        }
        ++e.links;
        e.entities.push_back(EntityRef::of(l.id));
        e.entities.push_back(EntityRef::of(l.a.node));
        e.entities.push_back(EntityRef::of(l.b.node));
    }
    void emit(const char* code, std::vector<Finding>& out)
    {
        for (auto& [key, e] : mEntries)
            out.push_back(make(code,
                e.links == 1 ? QStringLiteral("%1: %2").arg(e.example, e.message)
                             : QStringLiteral("%1 links: %2 (e.g. %3)").arg(e.links).arg(e.message, e.example),
                std::move(e.entities),
                QStringLiteral("%1 Applies to %2.").arg(e.why, counted(e.links, "link", "links"))));
    }

private:
    struct Entry {
        QString message;
        QString why;
        QString example;
        std::vector<EntityRef> entities;
        int links = 0;
    };
    std::map<QString, Entry> mEntries;
};

const QString kLinkX = QStringLiteral("NVIDIA LinkX 800G/200G PAM4 list (reference-architectures-2025.md section 5)");

// The media a port's link runs on: the cable's medium, or its fiber kind for optics.
QString mediaOf(const Design& d, const Link& l)
{
    const CatalogItem* cable = d.item(l.cableSku);
    if (!cable || !cable->cable)
        return QString();
    return cable->cable->medium == QLatin1String("fiber") ? cable->cable->fiber : cable->cable->medium;
}

// The cage a plug of that top does not belong in, empty where it fits: finned (IHS) only in
// air-cooled switch cages, flat-top (RHS) in host cages and liquid-cooled switches.
QString wrongCageFor(const QString& top, const CatalogItem& holder)
{
    const bool isSwitch = holder.kind == ItemKind::Switch;
    const bool liquid = holder.cooling == Cooling::Liquid;
    if (top == QLatin1String("finned") && !isSwitch)
        return QStringLiteral("a host cage");
    if (top == QLatin1String("finned") && liquid)
        return QStringLiteral("a liquid-cooled switch");
    if (top == QLatin1String("flat") && isSwitch && !liquid)
        return QStringLiteral("an air-cooled switch");
    return QString();
}

QString cageExplanation(const QString& part, const QString& top, const CatalogItem& holder)
{
    return QStringLiteral("%1: finned (IHS) plugs go only into air-cooled switch cages, flat-top (RHS) "
                          "ones into host cages (ConnectX-7/8, DGX H100) and liquid-cooled switches. %2 is "
                          "%3-top; %4 is %5 (cooling: %6).")
        .arg(kLinkX, part, top, holder.sku,
            holder.kind == ItemKind::Switch ? QStringLiteral("a switch") : QStringLiteral("a host"),
            holder.cooling ? toString(*holder.cooling) : QStringLiteral("not stated"));
}

} // namespace

void xdrRules(const Design& d, std::vector<Finding>& out)
{
    const OpticsRules::Items parts = OpticsRules::partsOf(d);
    OpticsRules::EndsByKind endsOf(d, parts);
    Grouped media;
    Grouped tops;
    d.links().forEach([&](const Link& l) {
        // XDR-MEDIA: only LACC copper and single-mode optics at XDR.
        if (isXdr(d, l)) {
            const CatalogItem* cable = d.item(l.cableSku);
            const int speed = d.linkSpeedGbps(l);
            if (cable && cable->cable) {
                const QString& medium = cable->cable->medium;
                if (medium == QLatin1String("dac") || medium == QLatin1String("aoc"))
                    media.note(QStringLiteral("medium|") + medium, d, l,
                        QStringLiteral("%1 cable %2 at %3 Gb/s XDR").arg(medium.toUpper(), l.cableSku).arg(speed),
                        QStringLiteral("No DAC or AOC at XDR (%1): only LACC copper (up to about 5 m) and "
                                       "single-mode optics. Here: %2 (%3).")
                            .arg(kLinkX, l.cableSku, medium));
                if (cable->cable->fiber == QLatin1String(OpticsRules::kMultimode))
                    media.note(QStringLiteral("fiber|") + l.cableSku, d, l,
                        QStringLiteral("multimode fiber %1 at %2 Gb/s XDR").arg(l.cableSku).arg(speed),
                        QStringLiteral("No multimode at XDR (%1): single-mode fiber only. Here: %2 is %3.")
                            .arg(kLinkX, l.cableSku, cable->cable->fiber));
            }
            if (const CatalogItem* m = d.item(l.transceiverSku); m && m->transceiver) {
                if (m->transceiver->fiber == QLatin1String(OpticsRules::kMultimode))
                    media.note(QStringLiteral("module|") + l.transceiverSku, d, l,
                        QStringLiteral("multimode module %1 at %2 Gb/s XDR").arg(l.transceiverSku).arg(speed),
                        QStringLiteral("No multimode at XDR (%1): single-mode modules only. Here: %2 is %3.")
                            .arg(kLinkX, l.transceiverSku, m->transceiver->fiber));
                if (m->transceiver->connector == QLatin1String("QSFP112"))
                    media.note(QStringLiteral("qsfp112|") + l.transceiverSku, d, l,
                        QStringLiteral("QSFP112 module %1 at %2 Gb/s XDR").arg(l.transceiverSku).arg(speed),
                        QStringLiteral("No QSFP112 at XDR (%1): OSFP modules only. Here: %2.")
                            .arg(kLinkX, l.transceiverSku));
            }
        }
        // OPTICS-TOP: finned (IHS) plugs only in air-cooled switch cages; flat-top (RHS) ones in
        // host cages and liquid-cooled switches. A cable's own plug (NVIDIA MFA7U10 and its -FLT)
        // sits at each end whose cage takes its connector (a splitter's: the cage of `split` ports).
        if (const CatalogItem* cable = d.item(l.cableSku); cable && cable->cable && !cable->cable->top.isEmpty()) {
            const CableSpec& c = *cable->cable;
            for (PortRef p : {l.a, l.b}) {
                const PortGroup* g = d.portGroup(p);
                const CatalogItem* holder = d.itemOf(p.node);
                if (!g || !holder || g->connector != c.connector || (c.split > 1 && g->portsPerCage != c.split))
                    continue;
                const QString cage = wrongCageFor(c.top, *holder);
                if (!cage.isEmpty())
                    tops.note(QStringLiteral("%1|%2").arg(cable->sku, holder->sku), d, l,
                        QStringLiteral("%1-top cable plug %2 in %3 (%4)").arg(c.top, cable->sku, cage, holder->sku),
                        cageExplanation(cable->sku, c.top, *holder));
            }
        }
        if (l.transceiverSku.isEmpty())
            return;
        const OpticsRules::Ends ends = endsOf.of(l);
        for (const auto& [p, module] : {std::pair{l.a, ends.a}, std::pair{l.b, ends.b}}) {
            const CatalogItem* host = d.itemOf(p.node);
            if (!module || !module->transceiver || !host || module->transceiver->top.isEmpty())
                continue;
            const QString& top = module->transceiver->top;
            const QString cage = wrongCageFor(top, *host);
            if (cage.isEmpty())
                continue;
            tops.note(QStringLiteral("%1|%2").arg(module->sku, host->sku), d, l,
                QStringLiteral("%1-top module %2 in %3 (%4)").arg(top, module->sku, cage, host->sku),
                cageExplanation(module->sku, top, *host));
        }
    });
    media.emit("XDR-MEDIA", out);
    tops.emit("OPTICS-TOP", out);

    // OPTICS-TWIN-FIBER: at XDR a twin-port cage holds one module (or one copper cable) for its two
    // ports, so both links run on the same media.
    Grouped twins;
    d.nodes().forEach([&](const Node& n) {
        const CatalogItem* item = d.item(n.sku);
        if (!item)
            return;
        int first = 0;
        for (const PortGroup& g : item->portGroups) {
            if (g.portsPerCage == 2)
                for (int i = 0; i + 1 < g.count; i += 2) {
                    const LinkId la = d.linkAt(PortRef{n.id, first + i});
                    const LinkId lb = d.linkAt(PortRef{n.id, first + i + 1});
                    if (!la.isValid() || !lb.isValid())
                        continue;
                    const Link& a = *d.link(la);
                    const Link& b = *d.link(lb);
                    // XDR, where the LinkX list states it, and 800G Ethernet cages (Spectrum-4:
                    // the twin-port modules' spec sheets say the same, "both fibers ... must be the
                    // same type"); NDR InfiniBand cages' splitter cables are modelled per port and
                    // are not judged here.
                    const bool ethernet800
                        = g.maxSpeedGbps() * 2 >= kEthernetCageGbps && onEthernetSwitch(d, a) && onEthernetSwitch(d, b);
                    if (!(isXdr(d, a) && isXdr(d, b)) && !ethernet800)
                        continue;
                    const QString ma = mediaOf(d, a);
                    const QString mb = mediaOf(d, b);
                    if (ma.isEmpty() || mb.isEmpty() || ma == mb)
                        continue;
                    twins.note(QStringLiteral("%1|%2|%3").arg(n.sku, std::min(ma, mb), std::max(ma, mb)), d, b,
                        QStringLiteral("the twin-port cage of %1 ports %2 and %3 mixes %4 and %5")
                            .arg(n.name, d.portName(PortRef{n.id, first + i}), d.portName(PortRef{n.id, first + i + 1}),
                                ma, mb),
                        QStringLiteral(
                            "A twin-port module uses the same fiber type on both ports (%1; NVIDIA's 800G "
                            "twin-port module specifications: both fibers must be the same type); a twin-port "
                            "cage holds one module or one copper cable for its two links. Put links of "
                            "one media in each cage (%2: %3, %4).")
                            .arg(kLinkX, item->sku, ma, mb));
                    twins.note(QStringLiteral("%1|%2|%3").arg(n.sku, std::min(ma, mb), std::max(ma, mb)), d, a,
                        QString(), QString());
                }
            first += g.count;
        }
    });
    twins.emit("OPTICS-TWIN-FIBER", out);
}

} // namespace pw::rules
