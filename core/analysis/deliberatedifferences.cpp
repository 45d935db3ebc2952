#include "analysis/deliberatedifferences.h"

#include "catalog/switchbreakout.h"
#include "model/design.h"
#include "util/money.h"
#include "util/plural.h"
#include "validate/rulehelpers.h"

#include <QLocale>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace pw {

namespace {

constexpr size_t kMaxNodes = 20; // enough to select and show; the message gives the count

bool isComputeSwitch(const Design& d, const Node& n)
{
    const CatalogItem* item = d.item(n.sku);
    return item && item->kind == ItemKind::Switch && n.network == Network::Compute;
}

void keep(std::vector<NodeId>& nodes, NodeId id)
{
    if (nodes.size() < kMaxNodes)
        nodes.push_back(id);
}

// The nodes that show the difference; empty when the design does not have it.
std::vector<NodeId> evidence(const Design& d, const QString& server, const DeliberateDifference& entry)
{
    const QString& check = entry.check;
    std::vector<NodeId> nodes;
    if (check == QLatin1String("twin-cage-400g")) {
        // Servers of this model with compute links on a twin-port cage.
        d.nodes().forEach([&](const Node& n) {
            if (n.sku != server)
                return;
            for (LinkId id : d.linksOf(n.id)) {
                const Link* l = d.link(id);
                const PortGroup* g = l ? d.portGroup(rules::endAt(*l, n.id)) : nullptr;
                if (g && g->role == PortRole::Compute && g->portsPerCage == 2) {
                    keep(nodes, n.id);
                    return;
                }
            }
        });
    } else if (check == QLatin1String("compute-switch-other-than")) {
        const QString& named = entry.sku;
        bool anyNamed = false;
        d.nodes().forEach([&](const Node& n) {
            if (!isComputeSwitch(d, n))
                return;
            if (SwitchBreakout::isSwitch(n.sku, named))
                anyNamed = true;
            else
                keep(nodes, n.id);
        });
        if (anyNamed)
            nodes.clear();
    } else if (check == QLatin1String("rack-pdus")) {
        d.nodes().forEach([&](const Node& n) {
            if (const CatalogItem* item = d.item(n.sku); item && item->kind == ItemKind::Pdu)
                keep(nodes, n.id);
        });
    } else if (check == QLatin1String("subnet-manager-on-leaf")
        || check == QLatin1String("subnet-manager-above-leaf")) {
        // The subnet managers on a compute leaf, or above the leaves (spine or core: the leaves are full).
        const bool onLeaf = check == QLatin1String("subnet-manager-on-leaf");
        d.nodes().forEach([&](const Node& n) {
            const CatalogItem* item = d.item(n.sku);
            if (!item || !rules::isSubnetManager(*item))
                return;
            for (LinkId id : d.linksOf(n.id)) {
                const Node* far = d.node(rules::otherEnd(*d.link(id), n.id).node);
                if (far && (far->tier == FabricTier::Leaf) == onLeaf && far->tier != FabricTier::None
                    && isComputeSwitch(d, *far)) {
                    keep(nodes, n.id);
                    return;
                }
            }
        });
    } else if (check == QLatin1String("separate-compute-fabric")) {
        // A compute fabric of its own, on the entry's "technology" if it names one (the RA's
        // fabric), in a design no larger than its "servers_at_most" (where the RA merges the
        // compute fabric into the converged one).
        const QString& technology = entry.technology;
        int servers = 0;
        d.nodes().forEach([&](const Node& n) { servers += n.sku == server ? 1 : 0; });
        if (servers <= entry.serversAtMost)
            d.nodes().forEach([&](const Node& n) {
                const CatalogItem* item = d.item(n.sku);
                const bool onTechnology
                    = technology.isEmpty() || (item && item->switchSpec && item->switchSpec->technology == technology);
                if (isComputeSwitch(d, n) && n.tier == FabricTier::Leaf && onTechnology)
                    keep(nodes, n.id);
            });
    } else if (check == QLatin1String("leaves-split-across-racks")) {
        // The compute leaves of a unit that stand outside the unit's first leaf's rack, in a unit
        // whose leaves stand in two or more racks.
        std::map<quint32, quint32> home;
        std::map<quint32, std::set<quint32>> racks;
        d.nodes().forEach([&](const Node& n) {
            if (isComputeSwitch(d, n) && n.tier == FabricTier::Leaf && n.unit.isValid() && n.rack.isValid()) {
                home.try_emplace(n.unit.value(), n.rack.value());
                racks[n.unit.value()].insert(n.rack.value());
            }
        });
        d.nodes().forEach([&](const Node& n) {
            if (isComputeSwitch(d, n) && n.tier == FabricTier::Leaf && n.unit.isValid() && n.rack.isValid()
                && racks[n.unit.value()].size() >= 2 && n.rack.value() != home[n.unit.value()])
                keep(nodes, n.id);
        });
    } else if (check == QLatin1String("storage-fabric-derived")) {
        // The storage fabric's switches, of the technology the server's entry names for it: the RA
        // names that fabric but publishes no count for them.
        const CatalogItem* serverItem = d.item(server);
        const QString technology
            = serverItem && serverItem->storageFabric ? serverItem->storageFabric->technology : QString();
        d.nodes().forEach([&](const Node& n) {
            const CatalogItem* item = d.item(n.sku);
            if (item && item->kind == ItemKind::Switch && n.network == Network::Storage
                && (technology.isEmpty() || (item->switchSpec && item->switchSpec->technology == technology)))
                keep(nodes, n.id);
        });
    } else if (check == QLatin1String("co-packaged-compute-switch")) {
        // Compute switches with co-packaged optics, on the entry's "technology" if it names one:
        // the RAs' tables are for pluggable-port switches.
        d.nodes().forEach([&](const Node& n) {
            const CatalogItem* item = d.item(n.sku);
            const bool coPackaged = item
                && std::any_of(item->portGroups.begin(), item->portGroups.end(),
                    [](const PortGroup& g) { return g.coPackagedOptics.has_value(); });
            const bool onTechnology = entry.technology.isEmpty()
                || (item && item->switchSpec && item->switchSpec->technology == entry.technology);
            if (coPackaged && onTechnology && isComputeSwitch(d, n))
                keep(nodes, n.id);
        });
    } else if (check == QLatin1String("derived-switch-counts")) {
        d.nodes().forEach([&](const Node& n) {
            if (isComputeSwitch(d, n) && n.tier != FabricTier::Leaf)
                keep(nodes, n.id);
        });
    }
    return nodes;
}

// A link's parts at their catalog prices: the cable and a module at each end.
double linkPrice(const Design& d, const Link& l)
{
    double usd = 0;
    if (const CatalogItem* cable = l.cableSku.isEmpty() ? nullptr : d.item(l.cableSku))
        usd += cable->price.value;
    // A module at each end but a co-packaged-optics one, which takes none.
    int pluggableEnds = 0;
    for (PortRef end : {l.a, l.b})
        if (const PortGroup* g = d.portGroup(end); g && !g->coPackagedOptics)
            ++pluggableEnds;
    if (const CatalogItem* module = l.transceiverSku.isEmpty() ? nullptr : d.item(l.transceiverSku))
        usd += pluggableEnds * module->price.value;
    return usd;
}

// What splitting the units' leaves costs against the RA's one network rack per unit: each server
// link to a leaf outside its unit's first leaf's rack, against the mean of the same server's links
// into that rack (length as routed, parts at catalog prices).
QString splitLeavesMeasured(const Design& d)
{
    std::map<quint32, quint32> home;
    d.nodes().forEach([&](const Node& n) {
        if (isComputeSwitch(d, n) && n.tier == FabricTier::Leaf && n.unit.isValid() && n.rack.isValid())
            home.try_emplace(n.unit.value(), n.rack.value());
    });
    int moved = 0;
    double metres = 0;
    double usd = 0;
    d.nodes().forEach([&](const Node& n) {
        const CatalogItem* item = d.item(n.sku);
        if (!item || item->gpuCount() <= 0)
            return;
        std::vector<const Link*> near;
        std::vector<const Link*> far;
        for (LinkId id : d.linksOf(n.id)) {
            const Link* l = d.link(id);
            const Node* leaf = d.node(rules::otherEnd(*l, n.id).node);
            if (!leaf || !isComputeSwitch(d, *leaf) || leaf->tier != FabricTier::Leaf || !leaf->unit.isValid())
                continue;
            const auto h = home.find(leaf->unit.value());
            (h != home.end() && leaf->rack.value() == h->second ? near : far).push_back(l);
        }
        if (near.empty() || far.empty())
            return;
        double nearM = 0;
        double nearUsd = 0;
        for (const Link* l : near) {
            nearM += l->lengthM;
            nearUsd += linkPrice(d, *l);
        }
        nearM /= static_cast<double>(near.size());
        nearUsd /= static_cast<double>(near.size());
        for (const Link* l : far) {
            ++moved;
            metres += l->lengthM - nearM;
            usd += linkPrice(d, *l) - nearUsd;
        }
    });
    if (moved == 0)
        return QString();
    // Grouped digits and the studio's dollars ("+1,315 m", "+$10,880"), signed: it is a difference.
    static const QLocale english(QLocale::English, QLocale::UnitedStates);
    const auto sign = [](double v) { return v < 0 ? QStringLiteral("-") : QStringLiteral("+"); };
    return QStringLiteral("%1 server links run to the other rack: %2%3 m of cable in all (%4 m each on average) and "
                          "%5%6 in cables and optics (catalog prices) against links into the unit's own network rack")
        .arg(english.toString(moved), sign(metres), english.toString(std::abs(metres), 'f', 0),
            QString::asprintf("%+.1f", metres / moved), sign(usd), Money::usd().exact(std::abs(usd)));
}

// The ports the leaf a subnet manager hangs on uses, of its fabric ports, named by the design's own
// leaf model ("a Quantum-X800 Q3400 leaf uses 37 of its 144 fabric ports"): the catalog's sentence
// cannot know which switch the design was built on.
QString leafPortsMeasured(const Design& d, const std::vector<NodeId>& managers)
{
    for (NodeId id : managers)
        for (LinkId linkId : d.linksOf(id)) {
            const Node* leaf = d.node(rules::otherEnd(*d.link(linkId), id).node);
            const CatalogItem* item = leaf ? d.item(leaf->sku) : nullptr;
            if (!item || !isComputeSwitch(d, *leaf) || leaf->tier != FabricTier::Leaf)
                continue;
            int used = 0; // on fabric ports: its out-of-band management port is not one
            for (LinkId onLeaf : d.linksOf(leaf->id))
                if (const PortGroup* g = d.portGroup(rules::endAt(*d.link(onLeaf), leaf->id));
                    g && g->role == PortRole::Fabric)
                    ++used;
            return QStringLiteral("on this design a %1 leaf uses %2 of its %3 fabric ports")
                .arg(item->model)
                .arg(used)
                .arg(item->portCountWithRole(PortRole::Fabric));
        }
    return QString();
}

// The models of the compute switches a difference is about, each once ("this design: Spectrum-4
// SN5640"): the catalog's sentence lists the switches a design might be built on, the finding names
// the one this design is.
QString switchModelsMeasured(const Design& d, const std::vector<NodeId>& switches)
{
    QStringList models;
    for (NodeId id : switches)
        if (const Node* n = d.node(id))
            if (const CatalogItem* item = d.item(n->sku); item && !models.contains(item->model))
                models << item->model;
    return models.isEmpty() ? QString() : QStringLiteral("this design: %1").arg(models.join(QLatin1String(", ")));
}

// What one compute leaf of the design takes, by its own model ("on this design a Quantum-X800
// Q3400-RA leaf takes 72 server links from 4 racks and 72 uplinks"): the catalog's sentence
// explains the rule, the design says where its leaves landed.
QString leafRailMeasured(const Design& d)
{
    QString out;
    d.nodes().forEach([&](const Node& leaf) {
        const CatalogItem* item = d.item(leaf.sku);
        if (!out.isEmpty() || !item || !isComputeSwitch(d, leaf) || leaf.tier != FabricTier::Leaf)
            return;
        int down = 0;
        int up = 0;
        std::set<std::uint32_t> racks;
        for (LinkId id : d.linksOf(leaf.id)) {
            const Node* other = d.node(rules::otherEnd(*d.link(id), leaf.id).node);
            const CatalogItem* otherItem = other ? d.item(other->sku) : nullptr;
            if (otherItem && otherItem->gpuCount() > 0) {
                ++down;
                racks.insert(other->rack.value());
            } else if (other && isComputeSwitch(d, *other)) {
                ++up;
            }
        }
        if (down > 0)
            out = QStringLiteral("on this design a %1 leaf takes %2 from %3 and %4")
                      .arg(item->model, counted(down, "server link", "server links"),
                          counted(static_cast<long long>(racks.size()), "rack", "racks"),
                          counted(up, "uplink", "uplinks"));
    });
    return out;
}

} // namespace

std::vector<DeliberateDifferences::Difference> DeliberateDifferences::of(const Design& d)
{
    // The GPU server models of the design, each once.
    std::set<QString> servers;
    d.nodes().forEach([&](const Node& n) {
        if (const CatalogItem* item = d.item(n.sku); item && item->gpuCount() > 0)
            servers.insert(n.sku);
    });
    std::vector<Difference> out;
    for (const QString& sku : servers) {
        for (const DeliberateDifference& entry : d.item(sku)->deliberateDifferences) {
            std::vector<NodeId> nodes = evidence(d, sku, entry);
            if (nodes.empty())
                continue;
            QString differs = entry.differs;
            if (entry.check == QLatin1String("leaves-split-across-racks"))
                if (const QString measured = splitLeavesMeasured(d); !measured.isEmpty())
                    differs += QStringLiteral(" (%1)").arg(measured);
            if (entry.check == QLatin1String("compute-switch-other-than"))
                if (const QString measured = switchModelsMeasured(d, nodes); !measured.isEmpty())
                    differs += QStringLiteral(" (%1)").arg(measured);
            QString why = entry.why;
            if (entry.check == QLatin1String("derived-switch-counts")
                || entry.check == QLatin1String("subnet-manager-above-leaf"))
                if (const QString measured = leafRailMeasured(d); !measured.isEmpty())
                    why += QStringLiteral(" (%1)").arg(measured);
            if (entry.check == QLatin1String("subnet-manager-on-leaf"))
                if (const QString measured = leafPortsMeasured(d, nodes); !measured.isEmpty())
                    why += QStringLiteral(" (%1)").arg(measured);
            out.push_back({sku, entry.document, differs, why, std::move(nodes)});
        }
    }
    return out;
}

QString DeliberateDifferences::note(const Difference& difference)
{
    return QStringLiteral("differs from %1 on purpose: %2; why: %3")
        .arg(difference.document, difference.differs, difference.why);
}

} // namespace pw
