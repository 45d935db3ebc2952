#include "model/opticsrules.h"
#include "validate/rulehelpers.h"

#include <algorithm>
#include <functional>
#include <map>

namespace pw::rules {

namespace {

bool isPluggable(const QString& connector)
{
    return connector != QLatin1String("RJ45");
}

QString describe(const Design& d, PortRef p)
{
    const Node* n = d.node(p.node);
    return QStringLiteral("%1 %2").arg(n ? n->name : QStringLiteral("?"), d.portName(p));
}

// Cable and optics problems, grouped by kind and part so a generator's systematic mistake is one
// finding listing every link, not hundreds.
using Text = std::function<QString(int links, const QString& worst, const QString& example)>;
struct CableProblem {
    Text message;
    Text explanation;
    std::vector<EntityRef> entities;
    double worst = 0;
    QString example;
};

void checkCable(const Design& d, const Link& l, const PortGroup& ga, const PortGroup& gb, int speed,
    std::map<QString, CableProblem>& problems)
{
    auto note = [&](const QString& key, Text message, Text explanation, double value) {
        CableProblem& p = problems[key];
        if (p.entities.empty()) {
            p.message = std::move(message);
            p.explanation = std::move(explanation);
        }
        p.entities.push_back(EntityRef::of(l.id));
        p.entities.push_back(EntityRef::of(l.a.node));
        p.entities.push_back(EntityRef::of(l.b.node));
        if (p.example.isEmpty() || value > p.worst) {
            p.worst = value;
            p.example = QStringLiteral("%1 to %2").arg(describe(d, l.a), describe(d, l.b));
        }
    };
    if (!l.cableSku.isEmpty()) {
        const CatalogItem* cable = d.item(l.cableSku);
        if (cable && cable->cable) {
            const CableSpec& c = *cable->cable; // the notes' lambdas copy it, only when they are made
            const QString sku = l.cableSku;
            const QString ca = ga.connector;
            const QString cb = gb.connector;
            const bool direct = c.medium == QLatin1String("dac") || c.medium == QLatin1String("acc")
                || c.medium == QLatin1String("aoc");
            if (direct && (c.connector != ca || c.connector != cb) && !OpticsRules::copperJoins(*cable, ga, gb, 0))
                note(
                    QStringLiteral("connector|%1|%2|%3").arg(sku, ca, cb),
                    [=](int n, const QString&, const QString&) {
                        return QStringLiteral("%1 links use %2 cable %3 on %4 and %5 ports")
                            .arg(n)
                            .arg(c.connector, sku, ca, cb);
                    },
                    [=](int, const QString&, const QString& example) {
                        return QStringLiteral("A %1 cable has %2 ends; the ports are %3 and %4 (e.g. %5).")
                            .arg(c.medium, c.connector, ca, cb, example);
                    },
                    0);
            if (c.speedGbps / std::max(1, c.split) < speed)
                note(
                    QStringLiteral("speed|%1|%2").arg(sku).arg(speed),
                    [=](int n, const QString&, const QString&) {
                        return QStringLiteral("%1 links run at %2 Gb/s on cable %3, rated %4 Gb/s")
                            .arg(n)
                            .arg(speed)
                            .arg(sku)
                            .arg(c.speedGbps);
                    },
                    [=](int, const QString&, const QString& example) {
                        return QStringLiteral("Link speed = fastest speed both ports share = %1 Gb/s > cable rating %2 "
                                              "Gb/s of %3 (e.g. %4).")
                            .arg(speed)
                            .arg(c.speedGbps)
                            .arg(sku, example);
                    },
                    speed);
            if (c.maxLengthM > 0 && l.lengthM > c.maxLengthM)
                note(
                    QStringLiteral("length|%1").arg(sku),
                    [=](int n, const QString& worst, const QString&) {
                        return QStringLiteral("%1 links are longer than cable %2 reaches (%3 m; longest %4 m)")
                            .arg(n)
                            .arg(sku, fmt(c.maxLengthM), worst);
                    },
                    [=](int, const QString& worst, const QString& example) {
                        return QStringLiteral("Link length > maximum length %1 m of %2 (%3); longest %4 m, %5.")
                            .arg(fmt(c.maxLengthM), sku, c.source, worst, example);
                    },
                    l.lengthM);
        }
    }
    if (!l.transceiverSku.isEmpty()) {
        const CatalogItem* t = d.item(l.transceiverSku);
        if (t && t->transceiver && t->transceiver->maxReachM > 0 && l.lengthM > t->transceiver->maxReachM) {
            const TransceiverSpec tr = *t->transceiver;
            const QString sku = l.transceiverSku;
            note(
                QStringLiteral("reach|%1").arg(sku),
                [=](int n, const QString& worst, const QString&) {
                    return QStringLiteral("%1 links are beyond the %2 m reach of transceiver %3 (longest %4 m)")
                        .arg(n)
                        .arg(fmt(tr.maxReachM), sku, worst);
                },
                [=](int, const QString& worst, const QString& example) {
                    return QStringLiteral("Link length > reach %1 m of %2 (%3); longest %4 m, %5.")
                        .arg(fmt(tr.maxReachM), sku, tr.source, worst, example);
                },
                l.lengthM);
        }
    }
}

struct Downgrade {
    Network network = Network::None;
    int speed = 0;
    int fastest = 0;
    QString example;
    QString explanation;
    std::vector<EntityRef> entities;
};

} // namespace

void portRules(const Design& d, std::vector<Finding>& out)
{
    // Both ends of every link, sorted by port below: a port named twice is a run of two.
    std::vector<std::pair<PortRef, LinkId>> ends;
    ends.reserve(2 * d.links().size());
    std::map<QString, CableProblem> cableProblems;
    std::map<QString, Downgrade> downgrades;
    d.links().forEach([&](const Link& l) {
        ends.emplace_back(l.a, l.id);
        ends.emplace_back(l.b, l.id);
        const PortGroup* ga = d.portGroup(l.a);
        const PortGroup* gb = d.portGroup(l.b);
        if (!ga || !gb)
            return;
        // Texts and entity lists only for a link with a finding (a million-GPU design has millions
        // of links and few findings).
        const auto ents = [&] {
            return std::vector<EntityRef>{EntityRef::of(l.id), EntityRef::of(l.a.node), EntityRef::of(l.b.node)};
        };
        const auto where = [&] { return QStringLiteral("%1 to %2").arg(describe(d, l.a), describe(d, l.b)); };
        if (isPluggable(ga->connector) != isPluggable(gb->connector)) {
            out.push_back(make("PORT-CONNECTOR",
                QStringLiteral("%1 (%2) cannot be cabled to %3 (%4)")
                    .arg(describe(d, l.a), ga->connector, describe(d, l.b), gb->connector),
                ents(),
                QStringLiteral(
                    "A pluggable cage (OSFP, QSFP) takes a DAC, AOC or transceiver; an RJ45 jack takes twisted pair. "
                    "Ports: %1 and %2.")
                    .arg(ga->connector, gb->connector)));
            return;
        }
        const int speed = d.linkSpeedGbps(l);
        auto speeds = [](const PortGroup& g) {
            QStringList s;
            for (int v : g.speedsGbps)
                s << QString::number(v);
            return s.join(QLatin1Char('/'));
        };
        if (speed == 0) {
            out.push_back(make("PORT-SPEED", QStringLiteral("%1 share no speed").arg(where()), ents(),
                QStringLiteral("Port speeds: %1 supports %2 Gb/s, %3 supports %4 Gb/s; a link needs one in common.")
                    .arg(describe(d, l.a), speeds(*ga), describe(d, l.b), speeds(*gb))));
            return;
        }
        const Network na = d.portNetwork(l.a);
        const Network nb = d.portNetwork(l.b);
        // DGX SuperPOD RA: out-of-band switches uplink into the in-band network.
        const bool oobUplink = ga->role == PortRole::Fabric && gb->role == PortRole::Fabric
            && ((na == Network::OutOfBand && nb == Network::InBand)
                || (na == Network::InBand && nb == Network::OutOfBand));
        if (na != Network::None && nb != Network::None && na != nb && !oobUplink) {
            out.push_back(make("PORT-ROLE",
                QStringLiteral("%1 joins the %2 and %3 networks").arg(where(), toString(na), toString(nb)), ents(),
                QStringLiteral(
                    "A host port joins a switch of its own network (its catalog role); switches join switches "
                    "of the same network. %1 is on %2, %3 on %4.")
                    .arg(describe(d, l.a), toString(na), describe(d, l.b), toString(nb))));
            return;
        }
        const int fastest = std::max(ga->maxSpeedGbps(), gb->maxSpeedGbps());
        const Network net = na != Network::None ? na : nb;
        if (speed < fastest && (net == Network::Compute || net == Network::Storage)) {
            // One finding per (network, speed, fastest): a cluster wired at one speed is one decision,
            // not one warning per cable.
            Downgrade& g = downgrades[QStringLiteral("%1|%2|%3").arg(toString(net)).arg(speed).arg(fastest)];
            if (g.entities.empty()) {
                g.network = net;
                g.speed = speed;
                g.fastest = fastest;
                g.example = where();
                g.explanation = QStringLiteral(
                    "Link speed = fastest speed both ports share: %1 Gb/s (%2) and %3 Gb/s (%4) give %5 Gb/s.")
                                    .arg(speeds(*ga), describe(d, l.a), speeds(*gb), describe(d, l.b))
                                    .arg(speed);
            }
            for (const EntityRef& e : ents())
                g.entities.push_back(e);
        }
        checkCable(d, l, *ga, *gb, speed, cableProblems);
    });
    for (auto& [key, g] : downgrades) {
        const int links = static_cast<int>(g.entities.size() / 3);
        out.push_back(make("PORT-SPEED-DOWNGRADE",
            links == 1 ? QStringLiteral("%1 runs at %2 Gb/s; one end supports %3 Gb/s")
                             .arg(g.example)
                             .arg(g.speed)
                             .arg(g.fastest)
                       : QStringLiteral("%1 %2 links run at %3 Gb/s where one end supports %4 Gb/s (e.g. %5)")
                             .arg(links)
                             .arg(toString(g.network))
                             .arg(g.speed)
                             .arg(g.fastest)
                             .arg(g.example),
            std::move(g.entities),
            QStringLiteral("%1 Applies to %2 links; the fabric's bandwidth is computed at the speed the links run at.")
                .arg(g.explanation)
                .arg(links)));
    }
    for (auto& [key, p] : cableProblems) {
        const int links = static_cast<int>(p.entities.size() / 3);
        const QString worst = fmt(p.worst);
        out.push_back(make("PORT-CABLE", p.message(links, worst, p.example), std::move(p.entities),
            p.explanation(links, worst, p.example)));
    }

    // By port, each port's links in the order the design holds them.
    std::stable_sort(ends.begin(), ends.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    for (size_t first = 0; first < ends.size();) {
        size_t last = first + 1;
        while (last < ends.size() && ends[last].first == ends[first].first)
            ++last;
        const size_t links = last - first;
        if (links >= 2) {
            const PortRef port = ends[first].first;
            std::vector<EntityRef> ents{EntityRef::of(port.node)};
            for (size_t i = first; i < last; ++i)
                ents.push_back(EntityRef::of(ends[i].second));
            out.push_back(make("PORT-DOUBLE", QStringLiteral("%1 carries %2 links").arg(describe(d, port)).arg(links),
                ents, QStringLiteral("A port takes one cable; %1 links name this port.").arg(links)));
        }
        first = last;
    }

    std::vector<NodeId> unconnected;
    int unconnectedPorts = 0;
    int totalPorts = 0;
    d.nodes().forEach([&](const Node& n) {
        const CatalogItem* item = d.item(n.sku);
        if (!item)
            return;
        if (item->kind == ItemKind::Switch && item->switchSpec) {
            // The radix counts all data ports, unless the catalog lists more data ports than the radix:
            // then (catalog convention, e.g. SN2201: 48 RJ45 + 4 QSFP28 uplinks, radix 48) it counts
            // the largest data-port group, and the other groups are extra uplinks.
            int fabricPorts = 0;
            int radixGroup = -1;
            for (size_t gi = 0; gi < item->portGroups.size(); ++gi) {
                const PortGroup& g = item->portGroups[gi];
                if (g.role != PortRole::Fabric)
                    continue;
                fabricPorts += g.count;
                if (radixGroup < 0 || g.count > item->portGroups[static_cast<size_t>(radixGroup)].count)
                    radixGroup = static_cast<int>(gi);
            }
            const bool allGroups = fabricPorts <= item->switchSpec->radix;
            int used = 0;
            for (LinkId id : d.linksOf(n.id)) {
                const PortRef mine = endAt(*d.link(id), n.id);
                const PortGroup* g = d.portGroup(mine);
                if (g && g->role == PortRole::Fabric && (allGroups || d.portGroupIndex(mine) == radixGroup))
                    ++used;
            }
            if (used > item->switchSpec->radix)
                out.push_back(make("SWITCH-RADIX",
                    QStringLiteral("%1 has %2 fabric links; its radix is %3")
                        .arg(n.name)
                        .arg(used)
                        .arg(item->switchSpec->radix),
                    {EntityRef::of(n.id)},
                    QStringLiteral("Links on data ports = %1 > radix %2 of %3 (%4).")
                        .arg(used)
                        .arg(item->switchSpec->radix)
                        .arg(item->model, item->switchSpec->source)));
        }
        if (item->gpuCount() > 0) {
            int free = 0;
            int first = 0;
            for (const PortGroup& g : item->portGroups) {
                if (g.role == PortRole::Compute)
                    for (int i = 0; i < g.count; ++i)
                        if (!d.linkAt(PortRef{n.id, first + i}).isValid())
                            ++free;
                first += g.count;
            }
            if (free > 0) {
                unconnected.push_back(n.id);
                unconnectedPorts += free;
                totalPorts += item->portCountWithRole(PortRole::Compute);
            }
        }
    });
    if (!unconnected.empty()) {
        std::vector<EntityRef> ents;
        for (NodeId n : unconnected)
            ents.push_back(EntityRef::of(n));
        out.push_back(make("PORT-UNCONNECTED-COMPUTE",
            QStringLiteral("%1 GPU servers have %2 unconnected compute NICs")
                .arg(unconnected.size())
                .arg(unconnectedPorts),
            ents,
            QStringLiteral("%1 of the %2 compute ports of these servers have no link, so their GPUs cannot reach the "
                           "compute fabric at full bandwidth: %3.")
                .arg(unconnectedPorts)
                .arg(totalPorts)
                .arg(nameList(d, unconnected))));
    }
}

} // namespace pw::rules
