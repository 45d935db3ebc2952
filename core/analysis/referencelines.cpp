#include "analysis/referencelines.h"

#include "catalog/catalogitem.h"
#include "cost/opticsplan.h"
#include "model/design.h"
#include "validate/rulehelpers.h"

#include <QJsonObject>

#include <algorithm>
#include <cmath>

namespace pw {

namespace {

struct LineInfo {
    const char* key;
    const char* label;
    // Why the generator builds the line differently from the RA (empty: it should not).
    const char* why;
};

// RA-11333-001: Table 7 (major components), Table 4 (compute fabric), Table 8 (cables).
const std::vector<LineInfo>& lineInfo()
{
    static const std::vector<LineInfo> kLines{
        {"racks", "racks", ""},
        {"gpu_nodes", "GPU nodes", ""},
        {"ufm_appliances", "UFM appliances", ""},
        {"management_servers", "management servers",
            "the management plane is sized from the design's software stack (head, control-plane and monitoring "
            "servers); the RA's count differs between its versions (V11: 4 BCM servers with Slurm)"},
        {"inband_switches", "in-band management switches",
            "the in-band network is built as leaves of 48 host ports with 16 uplinks and spines for the hosts the "
            "design has, at 100 Gb/s per DGX in-band port; the RA builds its in-band network from 8 SN4600C"},
        {"oob_switches", "out-of-band management switches", ""},
        {"compute_switches", "compute-fabric switches", ""},
        {"storage_switches", "storage-fabric switches",
            "the storage fabric is sized for the storage systems chosen and their tier; the RA notes that the count "
            "and cable type depend on the storage selected (Table 8, note 2)"},
        {"pdus", "rack PDUs", ""},
        {"compute_node_links", "compute cables, DGX to leaf", ""},
        {"compute_ufm_links", "compute links, UFM to leaf", ""},
        {"compute_switch_links", "compute cables, leaf to spine", ""},
        {"compute_ufm_cables", "compute cables, UFM to leaf",
            "each UFM port has a 400G link and fibre of its own to a leaf port (the catalog's UFM appliance has "
            "single-port 400G OSFP ports); the RA joins the pair's four ports to two leaf ports with 2 x 200G "
            "splitter cables"},
        {"compute_switch_transceivers", "compute transceivers, switch cages", ""},
        {"compute_node_transceivers", "compute transceivers, DGX cages", ""},
        {"compute_ufm_transceivers", "compute transceivers, UFM ports", ""},
        {"inband_node_links", "in-band cables, DGX", ""},
        {"inband_node_links_200g", "in-band cables, DGX, at 200 Gb/s",
            "the RA's in-band switch (Table 7: SN4600C, 64 QSFP28 ports) runs at 100 Gb/s, so the generator links the "
            "DGX in-band ports at 100 Gb/s with 100G SR4 modules and multimode fibre; Table 8 lists 200G QSFP56 "
            "AOCs for them, which that switch cannot run at 200 Gb/s"},
        {"oob_node_links", "out-of-band cables, DGX", ""},
        {"oob_ib_switch_links", "out-of-band cables, InfiniBand switches",
            "one per InfiniBand switch of the compute and storage fabrics: the storage fabric's switch count depends "
            "on the storage selected"},
        {"oob_management_links", "out-of-band cables, management servers and UFM",
            "one per management server and UFM appliance: Table 8 counts the 4 BCM servers of RA V11 and 4 UFM, the "
            "generator builds the 5 management servers of the web edition's Table 7"},
        {"oob_inband_switch_links", "out-of-band cables, in-band switches", ""},
        {"oob_pdu_links", "out-of-band cables, PDUs", ""},
        {"oob_uplinks", "out-of-band uplinks into the in-band network", ""},
        {"ufm_back_to_back_links", "UFM back-to-back cables",
            "not modelled: the catalog's UFM appliance has no port for the pair's back-to-back link, so the "
            "generator does not cable it"},
    };
    return kLines;
}

} // namespace

const std::vector<QString>& ReferenceLines::keys()
{
    static const std::vector<QString> kKeys = [] {
        std::vector<QString> k;
        for (const LineInfo& l : lineInfo())
            k.push_back(QLatin1String(l.key));
        return k;
    }();
    return kKeys;
}

QString ReferenceLines::label(const QString& key)
{
    for (const LineInfo& l : lineInfo())
        if (key == QLatin1String(l.key))
            return QLatin1String(l.label);
    return key;
}

QString ReferenceLines::why(const QString& key)
{
    for (const LineInfo& l : lineInfo())
        if (key == QLatin1String(l.key))
            return QLatin1String(l.why);
    return {};
}

std::map<QString, int> ReferenceLines::count(const Design& d)
{
    std::map<QString, int> c;
    for (const QString& k : keys())
        c[k] = 0;
    d.groups().forEach([&](const Group& g) { c[QStringLiteral("racks")] += g.kind == GroupKind::Rack; });
    d.nodes().forEach([&](const Node& n) {
        const CatalogItem* item = d.item(n.sku);
        if (!item)
            return;
        if (item->gpuCount() > 0)
            ++c[QStringLiteral("gpu_nodes")];
        else if (item->kind == ItemKind::Server)
            ++c[QStringLiteral("management_servers")];
        if (rules::isSubnetManager(*item))
            ++c[QStringLiteral("ufm_appliances")];
        if (item->kind == ItemKind::Pdu)
            ++c[QStringLiteral("pdus")];
        if (item->kind != ItemKind::Switch)
            return;
        switch (n.network) {
        case Network::Compute:
            ++c[QStringLiteral("compute_switches")];
            break;
        case Network::Storage:
            ++c[QStringLiteral("storage_switches")];
            break;
        case Network::InBand:
            ++c[QStringLiteral("inband_switches")];
            break;
        case Network::OutOfBand:
            ++c[QStringLiteral("oob_switches")];
            break;
        default:
            break;
        }
    });
    auto isOobSwitch = [&](NodeId n) {
        const Node* node = d.node(n);
        const CatalogItem* item = d.itemOf(n);
        return node && item && item->kind == ItemKind::Switch && node->network == Network::OutOfBand;
    };
    double ufmCables = 0;
    d.links().forEach([&](const Link& l) {
        const CatalogItem* a = d.itemOf(l.a.node);
        const CatalogItem* b = d.itemOf(l.b.node);
        if (!a || !b)
            return;
        if (rules::isSubnetManager(*a) && rules::isSubnetManager(*b))
            ++c[QStringLiteral("ufm_back_to_back_links")];
        const Network network = d.linkNetwork(l);
        if (network == Network::Compute) {
            if (a->kind == ItemKind::Switch && b->kind == ItemKind::Switch)
                ++c[QStringLiteral("compute_switch_links")];
            else if (a->gpuCount() > 0 || b->gpuCount() > 0)
                ++c[QStringLiteral("compute_node_links")];
            else if (rules::isSubnetManager(*a) || rules::isSubnetManager(*b)) {
                ++c[QStringLiteral("compute_ufm_links")];
                // A splitter cable (split 2) carries two links.
                if (const CatalogItem* cable = d.item(l.cableSku); cable && cable->cable)
                    ufmCables += 1.0 / std::max(1, cable->cable->split);
            }
            return;
        }
        if (network == Network::InBand && (a->gpuCount() > 0 || b->gpuCount() > 0)) {
            ++c[QStringLiteral("inband_node_links")];
            if (d.linkSpeedGbps(l) >= 200)
                ++c[QStringLiteral("inband_node_links_200g")];
            return;
        }
        // Out-of-band: by what the OOB switch's far end is.
        const bool aOob = isOobSwitch(l.a.node);
        const bool bOob = isOobSwitch(l.b.node);
        if (aOob == bOob)
            return; // not an OOB link, or one between two OOB switches (their own management ports)
        const PortRef far = aOob ? l.b : l.a;
        const CatalogItem* item = aOob ? b : a;
        const PortGroup* group = d.portGroup(far);
        const Node* farNode = d.node(far.node);
        if (item->kind == ItemKind::Switch && farNode->network == Network::InBand && group
            && group->role == PortRole::Fabric)
            ++c[QStringLiteral("oob_uplinks")];
        else if (item->gpuCount() > 0)
            ++c[QStringLiteral("oob_node_links")];
        else if (rules::isInfiniBandSwitch(*item))
            ++c[QStringLiteral("oob_ib_switch_links")];
        else if (item->kind == ItemKind::Switch && farNode->network == Network::InBand)
            ++c[QStringLiteral("oob_inband_switch_links")];
        else if (item->kind == ItemKind::Server || rules::isSubnetManager(*item))
            ++c[QStringLiteral("oob_management_links")];
        else if (item->kind == ItemKind::Pdu)
            ++c[QStringLiteral("oob_pdu_links")];
    });
    c[QStringLiteral("compute_ufm_cables")] = static_cast<int>(std::lround(ufmCables));
    // Transceivers per cage (a twin-port module serves both links of its cage): the bill of
    // materials' own count (OpticsPlan), of the compute fabric's ends by what holds the cage.
    auto computeModules = [&](auto holds) {
        const OpticsPlan plan = OpticsPlan::of(d, [&](const Link& l, PortRef end) {
            const CatalogItem* item = d.itemOf(end.node);
            return d.linkNetwork(l) == Network::Compute && item && holds(*item);
        });
        return plan.moduleCount();
    };
    c[QStringLiteral("compute_switch_transceivers")]
        = computeModules([](const CatalogItem& i) { return i.kind == ItemKind::Switch; });
    c[QStringLiteral("compute_node_transceivers")]
        = computeModules([](const CatalogItem& i) { return i.gpuCount() > 0; });
    c[QStringLiteral("compute_ufm_transceivers")]
        = computeModules([](const CatalogItem& i) { return rules::isSubnetManager(i); });
    return c;
}

QJsonArray ReferenceLines::differences(
    const Design& d, const CatalogItem& server, int scalableUnits, bool railOptimized)
{
    if (!server.referenceDesign)
        return {};
    const ReferenceDesign& ref = *server.referenceDesign;
    if (!railOptimized || ref.lines.empty() || ref.scalableUnits != scalableUnits)
        return {};
    const std::map<QString, int> built = count(d);
    if (built.at(QStringLiteral("gpu_nodes")) != ref.nodes)
        return {};
    QJsonArray out;
    for (const QString& key : keys()) {
        const auto line = ref.lines.find(key);
        if (line == ref.lines.end())
            continue;
        const int ra = line->second;
        if (ra == built.at(key))
            continue;
        out.append(QJsonObject{
            {QStringLiteral("line"), key},
            {QStringLiteral("label"), label(key)},
            {QStringLiteral("ra"), ra},
            {QStringLiteral("built"), built.at(key)},
            {QStringLiteral("document"), ref.document},
            {QStringLiteral("why"), why(key)},
        });
    }
    return out;
}

} // namespace pw
