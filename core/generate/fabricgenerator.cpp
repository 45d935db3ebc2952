#include "generate/fabricgenerator.h"

#include "analysis/deliberatedifferences.h"
#include "analysis/referencelines.h"
#include "catalog/catalog.h"
#include "catalog/rackheight.h"
#include "catalog/switchbreakout.h"
#include "cost/billofmaterials.h"
#include "cost/powerfigures.h"
#include "facility/facilityassumptions.h"
#include "floor/floorlayout.h"
#include "generate/cableplanner.h"
#include "generate/coolantplanner.h"
#include "generate/designbuilder.h"
#include "generate/designlayout.h"
#include "generate/failuredomainplacement.h"
#include "generate/fattreefabric.h"
#include "generate/floorplan.h"
#include "generate/leafspinefabric.h"
#include "generate/managementplane.h"
#include "generate/publisheddesigncheck.h"
#include "generate/rackplanner.h"
#include "generate/railoptimizedfabric.h"
#include "generate/rowpowersplit.h"
#include "generate/servicenetworks.h"
#include "generate/sidecarplanner.h"
#include "generate/subnetmanagerchoice.h"
#include "generate/subnetmanagers.h"
#include "io/designassembler.h"
#include "model/designname.h"
#include "model/opticsrules.h"
#include "model/storageguidance.h"
#include "model/useroption.h"
#include "util/designlimits.h"
#include "util/plural.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <cmath>
#include <memory>
#include <numeric>

namespace pw {

namespace {

QString kindName(const CatalogItem* item)
{
    return item ? toString(item->kind) : QString();
}

// What the dials resolve to in the catalog, checked before anything is built.
struct Parts {
    GeneratorOptions o; // as given, with the scalable unit's size filled in
    QString serverSku; // the fat-tree host when no server was given
    const CatalogItem* server = nullptr;
    const CatalogItem* sw = nullptr;
    const CatalogItem* storage = nullptr; // none: no storage fabric
    const CatalogItem* rack = nullptr;
    int k = 0; // fat-tree radix
    long long nodes = 0; // servers asked for
    QString formNote; // the server's multi-plane form was built in its place, and why
    QString unitNote; // the catalog's scalable unit was capped at what one rail leaf holds, and why
    std::shared_ptr<const CatalogItem> brokenOut; // the switch with its cages broken out (sw points here)
    QString breakoutNote; // which breakout, and why
};

// A catalog scalable unit that one rail leaf of the switch cannot hold at the ratio asked is capped
// at what one leaf holds: 72 DGX B300 (RA-11339) on a 64-port QM9700 at 1:1 would need 72 down +
// 72 up, so units of 32 (32 + 32). Only when the slots (servers and the subnet managers') are more
// than one leaf holds: fewer are one unit sized from the servers asked (RailOptimizedFabric). A
// size the user gave is not changed (the generator refuses it, saying what fits).
void capScalableUnit(
    const GeneratorOptions& given, const CatalogItem& server, const CatalogItem& sw, long long slots, Parts& parts)
{
    GeneratorOptions& o = parts.o;
    if (given.suSize != 0 || o.topology != TopologyKind::RailOptimized)
        return;
    const int most = RailOptimizedFabric::mostServersPerLeaf(o.oversubscription, server, sw);
    if (most <= 0 || most >= o.suSize || slots <= most)
        return;
    parts.unitNote
        = QStringLiteral("the %1-server scalable unit of %2 does not fit a rail leaf of %3 at %4 (%1 down "
                         "and their uplinks in %5 ports): scalable units of %6 servers, what one leaf "
                         "holds")
              .arg(o.suSize)
              .arg(server.sku, sw.sku, o.oversubscription.toString())
              .arg(sw.portGroups[static_cast<size_t>(DesignBuilder::groupWithRole(sw, PortRole::Fabric))].count)
              .arg(most);
    o.suSize = most;
}

// Whether some part of the catalog (a straight or splitter cable, an active optical cable, or a
// module at each end with a fibre) joins a host's compute cage to a switch's fabric cage at a speed
// both run. On InfiniBand the parts decide what interoperates: NVIDIA's LinkX list has no cable from
// a single-port OSFP ConnectX-7/8 cage to an HDR QSFP56 port (its OSFP-to-QSFP56 HDR splitters
// MCP7Y60 and MFA7U10 have a twin-port OSFP end, finned for Quantum-2/Spectrum-4 switch cages or
// flat-top for the DGX H100's twin-port cages; its single-port OSFP ends, MCP7Y00 and MCP7Y50, pair
// with a twin-port NDR/400G switch cage: docs.nvidia.com/networking/display/MCP7Y60HXXX400pub,
// .../MCP7Y00NXXX800pub/Use+Cases, .../mcp7y50nxxx800pub/use+cases).
bool catalogJoins(const Catalog& catalog, const PortGroup& host, const PortGroup& fabric)
{
    const OpticsRules::Items parts = OpticsRules::partsOf(catalog);
    for (int gbps : host.speedsGbps) {
        if (std::find(fabric.speedsGbps.begin(), fabric.speedsGbps.end(), gbps) == fabric.speedsGbps.end())
            continue;
        if (OpticsRules::copperFor(parts, host, fabric, gbps, 0)
            || OpticsRules::activeOpticalFor(parts, host, fabric, gbps, 0)
            || OpticsRules::opticalFor(parts, host, fabric, gbps, 0).ok())
            return true;
    }
    return false;
}

// A host slower than the switch's cages runs on a breakout of them: the first of the switch's
// breakouts at the host's speed that some catalog part joins to the host (L40S, 200G QSFP56, on
// SN5610: its 64 cages as 128 x 200G, cabled with NVIDIA's twin-port OSFP to 2 x 200G QSFP56
// splitters). Empty when the cages serve the host as they are or no breakout does.
std::optional<CatalogItem> brokenOutFor(const Catalog& catalog, const CatalogItem& server, const CatalogItem& sw)
{
    const int cg = DesignBuilder::groupWithRole(server, PortRole::Compute);
    const int fg = DesignBuilder::groupWithRole(sw, PortRole::Fabric);
    if (cg < 0 || fg < 0)
        return std::nullopt;
    const PortGroup& host = server.portGroups[static_cast<size_t>(cg)];
    const PortGroup& fabric = sw.portGroups[static_cast<size_t>(fg)];
    if (host.maxSpeedGbps() >= fabric.maxSpeedGbps())
        return std::nullopt;
    for (const PortBreakout& breakout : fabric.breakouts) {
        if (breakout.speedGbps != host.maxSpeedGbps())
            continue;
        auto variant = SwitchBreakout::variant(sw, fg, breakout);
        if (variant && catalogJoins(catalog, host, variant->portGroups[static_cast<size_t>(fg)]))
            return variant;
    }
    return std::nullopt;
}

// Checks the dials against the catalog and resolves them into `parts`; the reason when they cannot
// make a design.
std::optional<QString> resolveDials(const GeneratorOptions& given, const Catalog& catalog, Parts& parts)
{
    GeneratorOptions& o = parts.o;
    o = given;
    const bool fatTree = o.topology == TopologyKind::FatTree;
    const CatalogItem* fatTreeHost = catalog.withRole(ItemRole::FatTreeHost);
    const QString serverSku = o.serverSku.isEmpty() && fatTree && fatTreeHost ? fatTreeHost->sku : o.serverSku;
    parts.serverSku = serverSku;
    if (serverSku.isEmpty())
        return QStringLiteral("a %1 is needed").arg(UserOptions::mention(UserOption::ServerModel));
    if (o.name.size() > Design::kMaxNameLength)
        return QStringLiteral("a design name is at most %1 characters long").arg(Design::kMaxNameLength);
    const CatalogItem* server = catalog.item(serverSku);
    parts.server = server;
    if (!server)
        return QStringLiteral("unknown server SKU '%1'").arg(serverSku);
    if (server->kind != ItemKind::Server)
        return QStringLiteral("'%1' is a %2, not a server").arg(serverSku, kindName(server));
    // 800 VDC only for a system whose catalog entry accepts it (power_chains), with a sidecar to feed it.
    if (PowerFigures::distributionOf(o.properties) == PowerDistribution::Dc800V) {
        if (!server->acceptsPowerChain(PowerDistribution::Dc800V))
            return QStringLiteral("%1 does not take an 800 VDC power chain (its catalog entry lists no 800vdc in "
                                  "power_chains); use 54v-shelves")
                .arg(serverSku);
        if (!SidecarPlanner::sidecarOf(catalog))
            return QStringLiteral("an 800 VDC power chain needs a sidecar power rack in the catalog (an item with "
                                  "sidecar_power)");
    }
    // The scalable unit is the server's (its catalog entry names its RA's SU: 72 DGX B300, 8 NVL72 racks).
    if (o.suSize == 0)
        o.suSize = StorageGuidance::serversPerSu(*server);
    if (o.switchSku.isEmpty())
        return QStringLiteral("a %1 is needed").arg(UserOptions::mention(UserOption::FabricSwitch));
    const CatalogItem* sw = catalog.item(o.switchSku);
    parts.sw = sw;
    if (!sw)
        return QStringLiteral("unknown switch SKU '%1'").arg(o.switchSku);
    if (sw->kind != ItemKind::Switch || DesignBuilder::groupWithRole(*sw, PortRole::Fabric) < 0)
        return QStringLiteral("'%1' is not a fabric switch").arg(o.switchSku);
    const int switchPorts
        = sw->portGroups[static_cast<size_t>(DesignBuilder::groupWithRole(*sw, PortRole::Fabric))].count;
    if (!o.storageSku.isEmpty()) {
        parts.storage = catalog.item(o.storageSku);
        if (!parts.storage)
            return QStringLiteral("unknown storage SKU '%1'").arg(o.storageSku);
        if (parts.storage->kind != ItemKind::Storage)
            return QStringLiteral("'%1' is a %2, not a storage system").arg(o.storageSku, kindName(parts.storage));
    }
    const CatalogItem* rack = o.rackSku.isEmpty() ? catalog.withRole(ItemRole::DefaultRack) : catalog.item(o.rackSku);
    parts.rack = rack;
    if (!rack && o.rackSku.isEmpty())
        return QStringLiteral("the catalog names no default rack (role default-rack)");
    if (!rack || rack->kind != ItemKind::Rack)
        return QStringLiteral("unknown rack SKU '%1'").arg(o.rackSku);
    if (o.radix != 0 && !fatTree)
        return QStringLiteral("the %1 applies to a fat-tree %2 only")
            .arg(UserOptions::mention(UserOption::Radix), UserOptions::mention(UserOption::Topology));
    const int k = fatTree ? (o.radix > 0 ? o.radix : switchPorts - switchPorts % 2) : 0;
    parts.k = k;
    // The planes are the server's where its RA has them (DGX B300 Ethernet: twin-planar), on the
    // fabric technology the catalog names, if it names one (GB300 NVL72: Spectrum-X multi-plane).
    if (o.planes == 0) {
        const ComputePlanes planes = server->computePlanes.value_or(ComputePlanes{});
        const bool applies
            = planes.technology.isEmpty() || (sw->switchSpec && sw->switchSpec->technology == planes.technology);
        o.planes = o.topology == TopologyKind::RailOptimized && applies ? std::max(1, planes.planes) : 1;
    }
    if (o.planes < 1)
        return QStringLiteral("a fabric has at least one plane");
    if (o.planes > 1 && o.topology != TopologyKind::RailOptimized)
        return QStringLiteral("compute planes apply to a rail-optimized %1 only")
            .arg(UserOptions::mention(UserOption::Topology));
    // A system whose NICs run split into planes is its own catalog entry (its compute ports are
    // the split's logical ports, as dgx-b300-busbar's are): with planes, build that form.
    if (o.planes > 1) {
        const MultiPlaneForm form = server->multiPlaneForm.value_or(MultiPlaneForm{});
        if (const CatalogItem* split = catalog.item(form.sku); split && split->kind == ItemKind::Server) {
            const int cg = DesignBuilder::groupWithRole(*split, PortRole::Compute);
            const int fg = DesignBuilder::groupWithRole(*sw, PortRole::Fabric);
            bool common = false;
            if (cg >= 0)
                for (int a : split->portGroups[static_cast<size_t>(cg)].speedsGbps)
                    for (int f : sw->portGroups[static_cast<size_t>(fg)].speedsGbps)
                        common = common || a == f;
            if (!common)
                return QStringLiteral("%1 compute planes for %2 run %3 (its multi-plane form, %4), whose ports share "
                                      "no speed with the fabric ports of %5; use a switch of that form's speed (%6), "
                                      "or one plane")
                    .arg(o.planes)
                    .arg(server->sku, form.differs, split->sku, sw->sku,
                        cg >= 0
                            ? QStringLiteral("%1 Gb/s").arg(split->portGroups[static_cast<size_t>(cg)].maxSpeedGbps())
                            : QString());
            parts.formNote = QStringLiteral("%1 compute planes: built as %2, the %3 with %4 (%5)")
                                 .arg(o.planes)
                                 .arg(split->sku, server->sku, form.differs, form.source);
            server = split;
            parts.server = server;
            parts.serverSku = split->sku;
        }
    }

    if (auto variant = brokenOutFor(catalog, *server, *sw)) {
        parts.brokenOut = std::make_shared<const CatalogItem>(std::move(*variant));
        const PortGroup& fabric
            = parts.brokenOut->portGroups[static_cast<size_t>(DesignBuilder::groupWithRole(*sw, PortRole::Fabric))];
        parts.breakoutNote = QStringLiteral("compute fabric on %1 with its cages run %2 x %3G (%4 ports, as %5): "
                                            "the %6G ports of %7 fit %2 to a cage")
                                 .arg(sw->sku)
                                 .arg(fabric.portsPerCage)
                                 .arg(fabric.maxSpeedGbps())
                                 .arg(fabric.count)
                                 .arg(parts.brokenOut->sku)
                                 .arg(fabric.maxSpeedGbps())
                                 .arg(server->sku);
        sw = parts.brokenOut.get();
        parts.sw = sw;
    }
    if (const int cg = DesignBuilder::groupWithRole(*server, PortRole::Compute); cg >= 0) {
        const PortGroup& host = server->portGroups[static_cast<size_t>(cg)];
        const PortGroup& fabric
            = sw->portGroups[static_cast<size_t>(DesignBuilder::groupWithRole(*sw, PortRole::Fabric))];
        bool common = false;
        for (int a : host.speedsGbps)
            common
                = common || std::find(fabric.speedsGbps.begin(), fabric.speedsGbps.end(), a) != fabric.speedsGbps.end();
        if (!common || (host.connector == QLatin1String("RJ45")) != (fabric.connector == QLatin1String("RJ45")))
            return QStringLiteral(
                "the compute ports of %1 (%2) cannot join the fabric ports of %3 (%4): no common speed or connector")
                .arg(serverSku, host.connector, o.switchSku, fabric.connector);
        const bool infiniBand = sw->switchSpec && sw->switchSpec->technology == QLatin1String("infiniband");
        if (infiniBand && !catalogJoins(catalog, host, fabric)) {
            const bool singleOsfpOnHdr = host.connector == QLatin1String("OSFP") && host.portsPerCage <= 1
                && fabric.connector == QLatin1String("QSFP56");
            const QString why = singleOsfpOnHdr
                ? QStringLiteral(": NVIDIA's LinkX list has no cable from a single-port OSFP ConnectX cage to an HDR "
                                 "QSFP56 port (its OSFP-to-QSFP56 splitters MCP7Y60 and MFA7U10 take twin-port OSFP "
                                 "cages)")
                : QString();
            return QStringLiteral("no cable or optics joins the compute ports of %1 (%2, %3 per cage) to the fabric "
                                  "ports of %4 (%5)%6; use a switch of the NIC's generation (NDR or XDR InfiniBand, "
                                  "or Spectrum-4 Ethernet)")
                .arg(serverSku, host.connector)
                .arg(std::max(1, host.portsPerCage))
                .arg(o.switchSku, fabric.connector, why);
        }
    }
    // An Ethernet rail-optimized fabric of a server whose catalog entry names no scalable unit (no
    // RA of its own): the unit is what one rail leaf holds at the ratio asked, in bandwidth (L40S,
    // 200G hosts, on SN5600 at 1:1: 84 x 200G down, 42 x 400G up), not the DGX SuperPOD's 32.
    if (given.suSize == 0 && o.topology == TopologyKind::RailOptimized && !StorageGuidance::namesScalableUnit(*server)
        && sw->switchSpec && sw->switchSpec->technology == QLatin1String("ethernet")) {
        if (const int cg = DesignBuilder::groupWithRole(*server, PortRole::Compute); cg >= 0) {
            const PortGroup& fabric
                = sw->portGroups[static_cast<size_t>(DesignBuilder::groupWithRole(*sw, PortRole::Fabric))];
            int hostGbps = 0;
            for (int a : server->portGroups[static_cast<size_t>(cg)].speedsGbps)
                if (std::find(fabric.speedsGbps.begin(), fabric.speedsGbps.end(), a) != fabric.speedsGbps.end())
                    hostGbps = std::max(hostGbps, a);
            if (const auto leaf = o.oversubscription.leafPorts(fabric.count, hostGbps, fabric.maxSpeedGbps()))
                o.suSize = leaf->down;
        }
    }
    const int perServerGpus = std::max(0, server->gpuCount());
    const int computePorts = server->portCountWithRole(PortRole::Compute);
    long long nodes = o.nodes;
    if (nodes <= 0 && o.gpus > 0) {
        if (perServerGpus == 0)
            return QStringLiteral("%1 has no GPUs; give the %2")
                .arg(serverSku, UserOptions::mention(UserOption::ServerCount));
        nodes = (o.gpus + perServerGpus - 1) / perServerGpus;
    }
    const bool needsUfm = o.management && sw->switchSpec && sw->switchSpec->technology == QLatin1String("infiniband");
    if (nodes <= 0 && fatTree && computePorts > 0) {
        // Every host port of the fat-tree, less those the UFM pair takes.
        const CatalogItem* ufmItem
            = needsUfm ? SubnetManagerChoice::forSwitch(catalog, *sw, PortRole::Compute) : nullptr;
        const int ufmPorts = SubnetManagers::of(ufmItem, PortRole::Compute).ports();
        nodes = (static_cast<long long>(k) * k * k / 4 - ufmPorts) / computePorts;
    }
    capScalableUnit(given, *server, *sw, nodes + (needsUfm ? 1 : 0), parts);
    parts.nodes = nodes;
    if (o.nodes < 0 || o.gpus < 0 || nodes <= 0)
        return QStringLiteral("the design needs at least one server (give the %1 or the %2)")
            .arg(UserOptions::mention(UserOption::ServerCount), UserOptions::mention(UserOption::GpuCount));
    // The largest legal design (util/designlimits.h), counting a server without GPUs as one.
    if (nodes * std::max(1, perServerGpus) > limits::kMaxGpus)
        return QStringLiteral("%1 servers of %2 GPUs is beyond the largest design Podwright supports (%3 GPUs)")
            .arg(nodes)
            .arg(perServerGpus)
            .arg(limits::kMaxGpus);
    if (o.rackPowerKw < 0)
        return QStringLiteral("the %1 must be positive").arg(UserOptions::mention(UserOption::RackPowerBudget));
    return std::nullopt;
}

// The first node linked to `n` that `accept` takes, or none.
template <typename Accept>
NodeId firstNeighbour(const Design& d, NodeId n, Accept accept)
{
    const int ports = d.portCount(n);
    for (int i = 0; i < ports; ++i) {
        const LinkId id = d.linkAt(PortRef{n, i});
        if (!id.isValid())
            continue;
        const Link* l = d.link(id);
        const NodeId other = l->a.node == n ? l->b.node : l->a.node;
        if (accept(other))
            return other;
    }
    return NodeId();
}

// Where the rows of racks stand: one row per scalable unit (its leaves in a network rack at the
// head of the row, then its servers), rows folded in blocks (FloorPlan) on a grid about as deep as
// it is wide, with an aisle across the middle for the spine or core row and the management row, so
// that no rack is far from the centre.
class FloorGrid {
public:
    // `unitRows`: each scalable unit's servers, per floor row it takes (RowPowerSplit: more than one
    // when one row would be over the row limit); the unit's leaves head its first row. `cdu`: the
    // CDU liquid-cooled rows get positions for (null: air-cooled); `properties` may set the power
    // chain's racks per loop and spares.
    FloorGrid(const DesignBuilder& b, const CatalogItem& rack, const ComputeLayout& layout,
        const std::vector<std::vector<std::vector<NodeId>>>& unitRows, double budgetKw, double rackWidth,
        double rowPitch, const CatalogItem* cdu, const QJsonObject& properties)
        : mBuilder(b), mRackWidth(rackWidth), mPitch(rowPitch)
    {
        mRackHeightU = rackHeightU(rack);
        // Racks a row of nodes fills, as RackPlanner fills them (height and power budget).
        auto racksFor = [&](const std::vector<NodeId>& row) {
            double u = 0;
            double w = 0;
            int count = 1;
            for (NodeId n : row) {
                const CatalogItem& it = b.itemOf(n);
                if (u + rackHeightU(it) > mRackHeightU || w + it.powerMaxW.value > budgetKw * 1000) {
                    ++count;
                    u = 0;
                    w = 0;
                }
                u += rackHeightU(it);
                w += it.powerMaxW.value;
            }
            return count;
        };
        // Looked up once: the catalog answers it with a query.
        const CatalogItem* sidecar = SidecarPlanner::sidecarOf(b.catalog());
        for (size_t r = 0; r < unitRows.size(); ++r) {
            mFirstRowOfUnit.push_back(mRows);
            for (size_t part = 0; part < unitRows[r].size(); ++part, ++mRows) {
                // The head of the unit's first row: its leaves' network racks (more than one for the
                // 64 leaves of a two-plane NVL72 SU on 1U switches); the tail: the CDUs of its loops.
                const int head = part > 0 ? 0 : r < layout.leafRows.size() ? racksFor(layout.leafRows[r]) : 1;
                const int servers = racksFor(unitRows[r][part]);
                mLongestRow = std::max(mLongestRow,
                    servers + head + CoolantPlanner::slotsFor(servers, budgetKw, cdu, properties)
                        + SidecarPlanner::slotsFor(servers, budgetKw, sidecar, properties));
            }
        }
        mRowsPerBlock = FloorPlan::rowsPerBlock(rack, mRows);
        mBlockWidth = (mLongestRow + 2) * rackWidth + 4.0;
        const double blockDepth = mRowsPerBlock * mPitch;
        const size_t blocks = std::max<size_t>(1, (mRows + mRowsPerBlock - 1) / mRowsPerBlock);
        mPerLine = std::clamp<size_t>(
            static_cast<size_t>(std::ceil(std::sqrt(blocks * blockDepth / mBlockWidth))), 1, blocks);
        const size_t lines = (blocks + mPerLine - 1) / mPerLine;
        const size_t rowLines = lines > 1 ? lines * mRowsPerBlock : std::min<size_t>(mRows, mRowsPerBlock);
        mMiddle = rowLines / 2;
        // Serpentine: blocks alternate direction (down, up) along a line and lines alternate
        // sides, so consecutive rows (whose servers may share a storage or in-band leaf) are
        // always neighbours.
        mBlockDown.assign(blocks, 1);
        for (size_t blk = 1; blk < blocks; ++blk)
            mBlockDown[blk] = blk / mPerLine == (blk - 1) / mPerLine ? !mBlockDown[blk - 1] : 1;
        // Central rows are centred on the rows' network racks (at the head of each block's rows),
        // so the farthest leaf is as near as the floor allows (multimode runs reach 50 m).
        mCentreX = static_cast<double>(std::min(blocks, mPerLine) - 1) * mBlockWidth / 2;
    }

    [[nodiscard]] size_t rows() const { return mRows; }
    [[nodiscard]] size_t firstRowOf(size_t unit) const { return mFirstRowOfUnit[unit]; }
    [[nodiscard]] int longestRow() const { return mLongestRow; }
    // The floor position of server row r.
    [[nodiscard]] QPointF rowPosition(size_t r) const
    {
        const size_t block = r / mRowsPerBlock;
        const size_t inBlock = mBlockDown[block] ? r % mRowsPerBlock : mRowsPerBlock - 1 - r % mRowsPerBlock;
        const size_t line = (block / mPerLine) * mRowsPerBlock + inBlock;
        const size_t column = (block / mPerLine) % 2 == 0 ? block % mPerLine : mPerLine - 1 - block % mPerLine;
        return QPointF(static_cast<double>(column) * mBlockWidth,
            static_cast<double>(line) * mPitch + (line >= mMiddle ? 3 * mPitch : 0.0));
    }
    // The x where a central row of these nodes starts, centred on the floor.
    [[nodiscard]] double centredRow(const std::vector<NodeId>& rowNodes) const
    {
        double units = 0;
        for (NodeId n : rowNodes)
            units += rackHeightU(mBuilder.itemOf(n));
        const double rackCount = std::max(1.0, std::ceil(units / mRackHeightU));
        return mCentreX - rackCount * mRackWidth / 2;
    }
    // The y of the aisle across the middle.
    [[nodiscard]] double aisleY() const { return static_cast<double>(mMiddle) * mPitch; }
    // Centre-to-centre distance of two rows (the hall's aisles: HallParameters).
    [[nodiscard]] double pitch() const { return mPitch; }

private:
    const DesignBuilder& mBuilder;
    double mRackWidth;
    double mPitch; // the aisle across the middle is three rows deep
    double mRackHeightU = 0;
    int mLongestRow = 0;
    size_t mRows = 0; // floor rows of servers
    std::vector<size_t> mFirstRowOfUnit;
    size_t mRowsPerBlock = 1;
    double mBlockWidth = 0;
    size_t mPerLine = 1;
    size_t mMiddle = 0;
    std::vector<char> mBlockDown;
    double mCentreX = 0;
};

} // namespace

namespace {

// One pass of the generator over resolved dials, phase by phase in the order a design is put
// together: the subnet manager, the compute fabric, storage, in-band management, racks, PDUs,
// out-of-band management, cables and the canvas layout, then the record of the dials.
class GeneratorPass {
public:
    GeneratorPass(const Parts& parts, const Catalog& catalog, int inBandSpineReserve,
        ServiceNetworks::Uplinks& oobUplinks, bool finishUnlinked, size_t& linkSlots)
        : mParts(parts),
          o(parts.o),
          mCatalog(catalog),
          mInBandSpineReserve(inBandSpineReserve),
          mOobUplinks(oobUplinks),
          mFinishUnlinked(finishUnlinked),
          mLinkSlots(linkSlots),
          mDesign(mResult.design.emplace()),
          b(mDesign, catalog)
    {
        // A redone pass builds about as many links as the last (a few more in-band uplinks): one
        // allocation instead of regrowing, and moving, 700,000 links at 100,000 GPUs.
        if (mLinkSlots > 0)
            mDesign.reserve(0, mLinkSlots + mLinkSlots / 16);
    }

    // Nothing when the pass stopped after the out-of-band network because some of its uplinks found
    // no in-band port and finishUnlinked is false (FabricGenerator::generate redoes it).
    std::optional<GenerateResult> run()
    {
        mRequestedNodes = mParts.nodes;
        if (auto e = chooseSubnetManager())
            return GenerateResult::failure(*e);
        if (auto e = buildComputeFabric())
            return GenerateResult::failure(*e);
        mServiceY = mLayout.serverY + 600; // service networks sit below the servers on the canvas
        if (auto e = buildStorageNetwork())
            return GenerateResult::failure(*e);
        if (auto e = buildInBandManagement())
            return GenerateResult::failure(*e);
        if (auto e = chooseRackBudget())
            return GenerateResult::failure(*e);
        placeRacks();
        const CatalogItem* pdu = addRackPdus();
        // Before the out-of-band network, so that each sidecar's and CDU's management port is cabled.
        SidecarPlanner::place(b, *mRacks, mHall, mCatalog, o.properties, mResult.notes);
        CoolantPlanner::place(b, *mRacks, mHall, mCatalog, o.properties, mResult.notes);
        if (auto e = buildOutOfBandManagement(pdu))
            return GenerateResult::failure(*e);
        // The next pass keeps in-band ports for these uplinks: cabling, layout and the record of
        // this one would be thrown away.
        if (!mFinishUnlinked && mOobUplinks.unlinked > 0) {
            mLinkSlots = mDesign.links().slotCount();
            return std::nullopt;
        }
        finishCablesAndLayout();
        recordDials();
        nameDesign();
        // A generated design is an ordinary one: never hand out a design that cannot be saved and reopened.
        if (auto problem = mDesign.checkInvariants())
            return GenerateResult::failure(
                QStringLiteral("internal error: the generated design is inconsistent (%1)").arg(*problem));
        return std::move(mResult);
    }

private:
    // Every InfiniBand fabric needs a subnet manager (DGX SuperPOD RA: a UFM appliance).
    std::optional<QString> chooseSubnetManager()
    {
        mServerItem = b.use(mParts.serverSku);
        if (mParts.brokenOut)
            mDesign.recordItem(*mParts.brokenOut);
        mSwitchItem = b.use(mParts.sw->sku);
        const bool infiniband
            = mParts.sw->switchSpec && mParts.sw->switchSpec->technology == QLatin1String("infiniband");
        if (!o.management || !infiniband)
            return std::nullopt;
        if (smOnSwitches(*mParts.sw)) {
            mEmbeddedSm = true;
            mResult.notes << embeddedSmNote(*mParts.sw, QStringLiteral("compute"));
            return std::nullopt;
        }
        const CatalogItem* choice = SubnetManagerChoice::forSwitch(mCatalog, *mParts.sw, PortRole::Compute);
        mUfm = choice ? b.use(choice->sku) : nullptr;
        if (!mUfm)
            return QStringLiteral("the catalog has no subnet manager (an appliance with the subnet-manager role) with "
                                  "compute-fabric ports that share a speed with %1; an InfiniBand fabric needs one")
                .arg(o.switchSku);
        return std::nullopt;
    }

    // A cluster whose compute fabric is one or two switches (below one scalable unit, rail-optimized,
    // one plane; its storage fabric is as small) on switches that run a subnet manager of their own:
    // the switches run it (master on one, standby on the other), no appliance. A UFM pair is 4 appliances with the storage fabric's,
    // 11% of the capital cost of 2 DGX H100; the embedded SM manages up to 2,048 nodes but without
    // adaptive routing or SHARP, which a fabric of one or two switches barely uses.
    [[nodiscard]] bool smOnSwitches(const CatalogItem& sw) const
    {
        return o.topology == TopologyKind::RailOptimized
            && RailOptimizedFabric::smallFabricSwitches(
                   o, *mParts.server, *mParts.sw, static_cast<int>(mParts.nodes), false)
            > 0
            && sw.switchSpec && sw.switchSpec->embeddedSmMaxNodes > 0
            && mParts.nodes <= sw.switchSpec->embeddedSmMaxNodes;
    }
    [[nodiscard]] static QString embeddedSmNote(const CatalogItem& sw, const QString& fabric)
    {
        return QStringLiteral(
            "%1 fabric below one SU: the subnet manager runs on its %2 switches (embedded SM, up to %3 nodes; master "
            "on one, standby on the other), no UFM appliance; it lacks adaptive routing and SHARP, which a fabric of "
            "one or two switches barely uses (%4)")
            .arg(fabric, sw.sku)
            .arg(sw.switchSpec->embeddedSmMaxNodes)
            .arg(sw.switchSpec->embeddedSmSource);
    }

    std::optional<QString> buildComputeFabric()
    {
        const int nodes = static_cast<int>(mParts.nodes);
        if (!mParts.formNote.isEmpty())
            mResult.notes << mParts.formNote;
        if (!mParts.unitNote.isEmpty())
            mResult.notes << mParts.unitNote;
        if (!mParts.breakoutNote.isEmpty())
            mResult.notes << mParts.breakoutNote;
        if (const std::optional<InternalPlanes>& planes = mSwitchItem->internalPlanes)
            mResult.notes << QStringLiteral("%1: %2 internal planes (%3 ASICs; each %4 Gb/s port is %2 x %5 Gb/s "
                                            "lanes, one per ASIC); an ASIC lost takes one lane of every port, which "
                                            "the failure analysis does not model (it removes whole switches)")
                                 .arg(mSwitchItem->sku)
                                 .arg(planes->planes)
                                 .arg(planes->planes)
                                 .arg(planes->planes * planes->laneGbps)
                                 .arg(planes->laneGbps);
        std::optional<QString> error;
        switch (o.topology) {
        case TopologyKind::RailOptimized:
            error = RailOptimizedFabric::build(b, o, *mServerItem, *mSwitchItem, nodes, mUfm, mLayout, mResult.notes);
            break;
        case TopologyKind::LeafSpine:
            error = LeafSpineFabric::build(b, o, *mServerItem, *mSwitchItem, nodes, mUfm, mLayout, mResult.notes);
            break;
        case TopologyKind::FatTree:
            error = FatTreeFabric::build(b, *mServerItem, *mSwitchItem, mParts.k, nodes, mUfm, mLayout, mResult.notes);
            break;
        }
        mBuiltNodes = static_cast<long long>(mLayout.servers.size());
        return error;
    }

    std::optional<QString> buildStorageNetwork()
    {
        const CatalogItem* storage = mParts.storage;
        if (!storage)
            return std::nullopt;
        const CatalogItem* sw = mParts.sw;
        const CatalogItem* storageSwitch = ServiceNetworks::storageSwitchFor(mCatalog, *sw, *mParts.server, *storage);
        if (!storageSwitch)
            return QStringLiteral("no switch in the catalog shares a speed with the storage ports of %1 and %2")
                .arg(mParts.serverSku, storage->sku);
        if (const auto& fabric = mParts.server->storageFabric)
            mResult.notes << QStringLiteral("storage fabric on %1 %2 switches, as %3's reference architecture has it "
                                            "(%4)")
                                 .arg(fabric->technology, storageSwitch->sku, mParts.serverSku, fabric->source);
        else if (storageSwitch != sw)
            mResult.notes << QStringLiteral(
                "storage fabric on %1: the ports of %2 share no speed with %3's storage ports")
                                 .arg(storageSwitch->sku, o.switchSku, storage->sku);
        // The InfiniBand storage fabric is a subnet of its own: it gets its own subnet managers.
        const bool storageInfiniBand = o.management && storageSwitch->switchSpec
            && storageSwitch->switchSpec->technology == QLatin1String("infiniband");
        const bool storageSmOnSwitches = storageInfiniBand && smOnSwitches(*storageSwitch);
        if (storageSmOnSwitches) {
            mEmbeddedStorageSm = true;
            mResult.notes << embeddedSmNote(*storageSwitch, QStringLiteral("storage"));
        }
        const CatalogItem* storageUfmChoice = storageInfiniBand && !storageSmOnSwitches
            ? SubnetManagerChoice::forSwitch(mCatalog, *storageSwitch, PortRole::Storage)
            : nullptr;
        const CatalogItem* storageUfm = storageUfmChoice ? b.use(storageUfmChoice->sku) : nullptr;
        if (storageInfiniBand && !storageSmOnSwitches && !storageUfm)
            return QStringLiteral(
                "the InfiniBand storage fabric needs a subnet manager; no appliance of the catalog with the "
                "subnet-manager role has storage-fabric ports that share a speed with %1")
                .arg(storageSwitch->sku);
        return ServiceNetworks::buildStorage(b, mLayout.servers, *b.use(storage->sku), o.storageTier,
            o.topology == TopologyKind::RailOptimized, *b.use(storageSwitch->sku), storageUfm, QPointF(0, mServiceY),
            mServiceNodes, mResult.notes);
    }

    std::optional<QString> buildInBandManagement()
    {
        if (!o.management)
            return std::nullopt;
        // The management plane's servers (scheduler, control plane, monitoring) join the in-band network too.
        const ManagementPlane plane(o.properties, static_cast<int>(mLayout.servers.size()),
            // A DGX SuperPOD: rail-optimized GPU servers of at least one whole scalable unit.
            o.topology == TopologyKind::RailOptimized && mParts.server->gpuCount() > 0
                && static_cast<int>(mLayout.servers.size()) >= o.suSize);
        std::vector<NodeId> inBandHosts = mLayout.servers;
        if (auto e = plane.placeBeforeInBand(b, QPointF(0, mServiceY + 1000), mServiceNodes, inBandHosts))
            return e;
        if (auto e = ServiceNetworks::buildInBand(
                b, inBandHosts, QPointF(0, mServiceY + 1000), mServiceNodes, mResult.notes, mInBandSpineReserve))
            return e;
        plane.adoptHeadNodes(mDesign, mServiceNodes, mResult.notes);
        return std::nullopt;
    }

    // The rack budget is catalog data with its source: the server's own (its RA's rack) where the
    // entry states one, else the rack's default for the servers' cooling; the dial overrides both.
    std::optional<QString> chooseRackBudget()
    {
        const CatalogItem* server = mParts.server;
        const CatalogItem* rack = mParts.rack;
        mLiquid = server->cooling == Cooling::Liquid;
        const std::optional<Figure>& defaultBudget
            = server->rackPowerKw ? server->rackPowerKw : (mLiquid ? rack->rackBudgetLiquidKw : rack->rackBudgetAirKw);
        if (o.rackPowerKw <= 0 && server->rackPowerKw)
            mResult.notes << QStringLiteral("rack budget %1 kW from the %2 catalog entry%3 (%4)")
                                 .arg(server->rackPowerKw->value)
                                 .arg(mParts.serverSku)
                                 .arg(server->serversPerRack > 0
                                         ? QStringLiteral(": %1 per rack").arg(server->serversPerRack)
                                         : QString())
                                 .arg(server->rackPowerKw->source);
        if (o.rackPowerKw <= 0 && !defaultBudget)
            return QStringLiteral("rack %1 states no default power budget for %2-cooled equipment; give a %3")
                .arg(rack->sku, mLiquid ? QStringLiteral("liquid") : QStringLiteral("air"),
                    UserOptions::mention(UserOption::RackPowerBudget));
        mBudgetKw = o.rackPowerKw > 0 ? o.rackPowerKw : defaultBudget->value;
        return std::nullopt;
    }

    // Racks: one row per scalable unit, rows folded in blocks (FloorGrid); spines of a pod beside the
    // pod's rows; cores, storage and management in rows in an aisle across the middle of the floor.
    void placeRacks()
    {
        mRacks.emplace(b, *b.use(mParts.rack->sku), mBudgetKw, mLiquid);
        // The hall: rack footprint from the rack item, aisles, tray and slack as the design's assumptions.
        mHall = HallParameters::forRack(*mParts.rack);
        mRowOfNode.assign(mDesign.nodes().slotCount() + 1, -1);
        for (size_t r = 0; r < mLayout.serverRows.size(); ++r)
            for (NodeId n : mLayout.serverRows[r])
                mRowOfNode[n.value()] = static_cast<int>(r);
        planUnitRows();
        const FloorGrid grid(b, *mParts.rack, mLayout, mUnitRows, mBudgetKw, mRacks->rackWidth(), mHall.rowPitchM(),
            mLiquid ? CoolantPlanner::cduOf(mCatalog) : nullptr, o.properties);
        placeServerRows(grid);
        placeSpinesAndCores(grid);
        placeServiceNodes(grid);
        FailureDomainPlacement::spread(*mRacks, mDesign, mLayout, mResult.notes);
    }

    // Each scalable unit's racks in one row, or split evenly over more rows where one row would be
    // over the row limit (RowPowerSplit), with the loads the row will carry: the unit's leaves and the
    // storage and in-band leaves that join its network rack at the head, its servers (and the
    // subnet managers after the last unit), every rack's PDUs, and the CDUs of its coolant loops,
    // each as PowerChain will count it in the design.
    void planUnitRows()
    {
        const CatalogItem* cdu = CoolantPlanner::cduOf(mCatalog);
        const FacilityAssumptions a
            = FacilityAssumptions::ofProperties(o.properties, cdu, mParts.server ? mParts.server->sku : QString());
        mRacks->setRowLimitKw(a.rowLimitKw.value);
        RowCdus cdus;
        if (cdu) {
            cdus.kw = PowerFigures::maxKwOf(*cdu, a.powerMode);
            cdus.capacityKw = std::max(1.0, a.cduCapacityKw.value);
            cdus.spares = static_cast<int>(a.cduSpares.value);
            cdus.racksPerLoop = static_cast<int>(a.racksPerLoop.value);
        }
        const CatalogItem* pdu = rackPduItem();
        const size_t units = mLayout.serverRows.size();
        std::vector<std::vector<NodeId>> heads(units);
        for (size_t r = 0; r < units && r < mLayout.leafRows.size(); ++r)
            heads[r] = mLayout.leafRows[r];
        for (NodeId n : mServiceNodes)
            if (const NodeId served = servedServer(n); served.isValid())
                heads[static_cast<size_t>(mRowOfNode[served.value()])].push_back(n);
        int split = 0;
        int rowsOfSplit = 0;
        double worstKw = 0;
        mUnitRows.assign(units, {});
        for (size_t r = 0; r < units; ++r) {
            const std::vector<NodeId>& servers = mLayout.serverRows[r];
            std::vector<NodeId> filled = servers;
            if (r + 1 == units)
                filled.insert(filled.end(), mLayout.appliances.begin(), mLayout.appliances.end());
            std::vector<int> rackOf;
            const std::vector<PlannedRack> serverRacks = mRacks->planRow(filled, pdu, a, &rackOf);
            const RowPowerSplit::Split s = RowPowerSplit::of(mRacks->planRow(heads[r], pdu, a), serverRacks, cdus, a);
            // The servers of each row: the racks of the split, in order.
            std::vector<std::vector<NodeId>>& rows = mUnitRows[r];
            rows.assign(s.serverRacks.size(), {});
            size_t row = 0;
            int lastRack = s.serverRacks.front();
            for (size_t i = 0; i < servers.size(); ++i) {
                while (rackOf[i] >= lastRack && row + 1 < rows.size())
                    lastRack += s.serverRacks[++row];
                rows[row].push_back(servers[i]);
            }
            if (s.cannotHelp)
                mResult.notes << QStringLiteral(
                    "scalable unit %1: its row draws up to %2 kW, over the %3 kW row limit, and no split of its "
                    "racks keeps every row under it (a rack, or its network racks, over the limit on its own): "
                    "POWER-ROW-LIMIT")
                                     .arg(unitLabel(r))
                                     .arg(s.unsplitKw, 0, 'f', 1)
                                     .arg(a.rowLimitKw.value);
            else if (rows.size() > 1) {
                ++split;
                rowsOfSplit = std::max(rowsOfSplit, static_cast<int>(rows.size()));
                worstKw = std::max(worstKw, s.unsplitKw);
            }
        }
        if (split > 0)
            mResult.notes << QStringLiteral(
                "%1 split over up to %2 rows each, racks shared evenly, so that every row stays "
                "under the %3 kW row limit (%4): one row per unit would draw up to %5 kW")
                                 .arg(counted(split, "scalable unit", "scalable units"))
                                 .arg(rowsOfSplit)
                                 .arg(a.rowLimitKw.value)
                                 .arg(a.rowLimitKw.source)
                                 .arg(worstKw, 0, 'f', 1);
    }

    [[nodiscard]] static QString unitLabel(size_t unit)
    {
        return QStringLiteral("U%1").arg(unit + 1, 3, 10, QLatin1Char('0'));
    }

    // A unit's rows after its first: U001b, U001c, ...
    [[nodiscard]] static QString rowLabel(size_t unit, size_t row)
    {
        if (row == 0)
            return unitLabel(unit);
        return row < 26 ? unitLabel(unit) + QChar(QLatin1Char('a').unicode() + static_cast<char16_t>(row))
                        : QStringLiteral("%1-%2").arg(unitLabel(unit)).arg(row + 1);
    }

    void placeServerRows(const FloorGrid& grid)
    {
        RackPlanner& racks = *mRacks;
        for (size_t r = 0; r < mUnitRows.size(); ++r) {
            for (size_t part = 0; part < mUnitRows[r].size(); ++part) {
                const QPointF at = grid.rowPosition(grid.firstRowOf(r) + part);
                const QString label = rowLabel(r, part);
                racks.beginRow(at.x(), at.y(), label);
                if (part == 0) {
                    const int before = racks.rackCount();
                    if (r < mLayout.leafRows.size())
                        for (NodeId leaf : mLayout.leafRows[r])
                            racks.place(leaf);
                    // The servers start after the leaves' network racks, however many they fill.
                    const int head = std::max(1, racks.rackCount() - before);
                    racks.beginRow(at.x() + head * racks.rackWidth(), at.y(), label);
                }
                for (NodeId n : mUnitRows[r][part])
                    racks.place(n);
            }
            if (r + 1 == mUnitRows.size())
                for (NodeId n : mLayout.appliances)
                    racks.place(n);
        }
    }

    void placeSpinesAndCores(const FloorGrid& grid)
    {
        RackPlanner& racks = *mRacks;
        const size_t rows = grid.rows();
        const auto& spineRows = mLayout.spineRows;
        const size_t rowsPerSpineRow = spineRows.size() > 1 ? (rows + spineRows.size() - 1) / spineRows.size() : rows;
        for (size_t p = 0; p < spineRows.size(); ++p) {
            QPointF at;
            if (spineRows.size() == 1)
                at = QPointF(grid.centredRow(spineRows[p]), grid.aisleY() + grid.pitch());
            else
                at = grid.rowPosition(std::min(rows - 1, p * rowsPerSpineRow + rowsPerSpineRow / 2))
                    + QPointF(grid.longestRow() * racks.rackWidth() + 1.2, 0);
            racks.beginRow(at.x(), at.y(), QStringLiteral("S%1").arg(p + 1, 3, 10, QLatin1Char('0')));
            for (NodeId n : spineRows[p])
                racks.place(n);
        }
        if (!mLayout.cores.empty()) {
            racks.beginRow(grid.centredRow(mLayout.cores), grid.aisleY() + (spineRows.size() == 1 ? 0.0 : grid.pitch()),
                QStringLiteral("C"));
            for (NodeId n : mLayout.cores)
                racks.place(n);
        }
    }

    // A leaf whose uplinks join cages of another connector (an SN5600 in-band leaf under SN4600C
    // spines): the part that does (NVIDIA MCP7Y60, 2 m) is copper, so the leaf stands with its
    // spines in the management row.
    [[nodiscard]] bool uplinksChangeCage(NodeId leaf) const
    {
        const int group = DesignBuilder::groupWithRole(b.itemOf(leaf), PortRole::Fabric);
        if (group < 0)
            return false;
        const QString connector = b.itemOf(leaf).portGroups[static_cast<size_t>(group)].connector;
        for (LinkId id : mDesign.linksOf(leaf)) {
            const Link& l = *mDesign.link(id);
            const PortRef far = l.a.node == leaf ? l.b : l.a;
            const Node* n = mDesign.node(far.node);
            const PortGroup* g = mDesign.portGroup(far);
            if (n && n->tier == FabricTier::Spine && g && g->connector != connector)
                return true;
        }
        return false;
    }

    // The leaves of the storage and in-band networks go into the network rack of the row of the
    // first server they serve (short copper and multimode runs); the rest into the management row.
    // The server whose row's network rack a storage or in-band leaf joins (the first it serves), or
    // none: the management row.
    [[nodiscard]] NodeId servedServer(NodeId n) const
    {
        return mDesign.node(n)->tier == FabricTier::Leaf && !uplinksChangeCage(n)
            ? firstNeighbour(mDesign, n, [&](NodeId other) { return mRowOfNode[other.value()] >= 0; })
            : NodeId();
    }

    void placeServiceNodes(const FloorGrid& grid)
    {
        RackPlanner& racks = *mRacks;
        for (NodeId n : mServiceNodes) {
            const NodeId reached = servedServer(n);
            if (!reached.isValid()) {
                mCentral.push_back(n);
                continue;
            }
            const size_t r = static_cast<size_t>(mRowOfNode[reached.value()]);
            racks.placeNear(
                n, r < mLayout.leafRows.size() && !mLayout.leafRows[r].empty() ? mLayout.leafRows[r].front() : reached);
        }
        racks.beginRow(grid.centredRow(mCentral), grid.aisleY() + 2 * grid.pitch(), QStringLiteral("M"));
        for (NodeId n : mCentral)
            racks.place(n);
    }

    // The rack PDU: the catalog's PDU item that states how many a rack takes (DGX SuperPOD RA); none
    // without management.
    [[nodiscard]] const CatalogItem* rackPduItem() const
    {
        const CatalogItem* pdu = nullptr;
        if (o.management)
            for (const CatalogItem* p : mCatalog.items(ItemKind::Pdu))
                if (!pdu || (p->pdusPerServerRack.has_value() && !pdu->pdusPerServerRack.has_value()))
                    pdu = p;
        return pdu;
    }

    const CatalogItem* addRackPdus()
    {
        const CatalogItem* pdu = rackPduItem();
        if (pdu) {
            pdu = b.use(pdu->sku);
            mRacks->addPdus(*pdu);
        }
        return pdu;
    }

    std::optional<QString> buildOutOfBandManagement(const CatalogItem* pdu)
    {
        if (!o.management)
            return std::nullopt;
        RackPlanner& racks = *mRacks;
        std::vector<NodeId> oob;
        if (auto e = ServiceNetworks::buildOutOfBand(
                b, QPointF(mLayout.width / 2, mServiceY + 2000), oob, mResult.notes, &mOobUplinks))
            return e;
        // Out-of-band access switches beside the first node they reach, aggregation in the M row,
        // each in a rack that already stands (and has its PDUs) wherever one has room.
        for (NodeId n : oob) {
            const NodeId anchor = mDesign.node(n)->tier == FabricTier::Leaf
                ? firstNeighbour(mDesign, n,
                    [&](NodeId other) {
                        return racks.isPlaced(other) && mDesign.node(other)->sku != mDesign.node(n)->sku;
                    })
                : (mCentral.empty() ? NodeId() : mCentral.front());
            if (anchor.isValid())
                racks.placeNear(n, anchor, true);
            else
                racks.place(n);
        }
        if (pdu)
            if (const int opened = racks.addPdus(*pdu); opened > 0)
                mResult.notes << QStringLiteral(
                    "%1 opened for out-of-band switches got their PDUs after the out-of-band network was "
                    "built: those PDUs' management ports are not on it")
                                     .arg(counted(opened, "rack", "racks"));
        return std::nullopt;
    }

    void finishCablesAndLayout()
    {
        // The floor plan is part of the design; every cable's length is routed on it.
        const FloorLayout floor = mRacks->floorLayout(mHall);
        // Files keep it in its own tables (docs/file-format.md), so a hall of any size is kept.
        mDesign.setProperties(floor.storedIn(mDesign.properties()));
        CablePlanner::assign(b, floor, mResult.notes);
        // Where the server's entry lists its RA's table, say how the compute fabric compares with the
        // row of the requested size, and where that row contradicts itself.
        if (o.topology == TopologyKind::RailOptimized)
            mResult.notes << PublishedDesignCheck::notes(*mParts.server, o.switchSku, static_cast<int>(mRequestedNodes),
                PublishedDesignCheck::countsOf(mDesign));
        // Where the design departs from its server's RA on purpose: the same reading as the
        // DESIGN-REFERENCE findings.
        for (const DeliberateDifferences::Difference& diff : DeliberateDifferences::of(mDesign))
            mResult.notes << DeliberateDifferences::note(diff);
        // The canvas shows the structure (pods, units, racks, tiers), not the order of construction.
        DesignLayout::apply(mDesign);
    }

    // The dials and what they built, in the design's "generator" property (Regenerate reads them
    // back), with the intent and stack given.
    void recordDials()
    {
        const int gpus = static_cast<int>(mBuiltNodes) * std::max(0, mParts.server->gpuCount());
        QJsonObject gen{
            {QStringLiteral("topology"), toString(o.topology)},
            {QStringLiteral("server"), mParts.serverSku},
            {QStringLiteral("nodes"), static_cast<double>(mBuiltNodes)},
            {QStringLiteral("gpus"), gpus},
            {QStringLiteral("switch"), o.switchSku},
            {QStringLiteral("oversubscription"), o.oversubscription.toString()},
            {QStringLiteral("leaf_ratio_built"), leafRatioBuilt()},
            {QStringLiteral("su_size"), o.suSize},
            {QStringLiteral("planes"), o.planes},
            {QStringLiteral("rack_power_kw"), mBudgetKw},
            {QStringLiteral("management"), o.management},
            {QStringLiteral("notes"), QJsonArray::fromStringList(mResult.notes)},
        };
        if (o.topology == TopologyKind::FatTree)
            gen.insert(QStringLiteral("k"), mParts.k);
        if (o.keepEveryNode)
            gen.insert(QStringLiteral("keep_all_nodes"), true);
        if (o.twoSwitches)
            gen.insert(QStringLiteral("two_switches"), true);
        if (mEmbeddedSm || mEmbeddedStorageSm) {
            // The switches that run their fabric's subnet manager (FABRIC-SM reads them).
            QJsonArray ids;
            mDesign.nodes().forEach([&](const Node& n) {
                const CatalogItem& it = b.itemOf(n.id);
                const bool ib = it.kind == ItemKind::Switch && it.switchSpec
                    && it.switchSpec->technology == QLatin1String("infiniband")
                    && it.switchSpec->embeddedSmMaxNodes > 0;
                if (ib
                    && ((mEmbeddedSm && n.network == Network::Compute)
                        || (mEmbeddedStorageSm && n.network == Network::Storage)))
                    ids.append(static_cast<qint64>(n.id.value()));
            });
            gen.insert(QStringLiteral("embedded_subnet_managers"), ids);
        }
        // The rail-optimized fabric below one SU chose one switch (RailOptimizedFabric): the
        // alternative is the same dials with two (built once: it never has one switch again).
        if (o.topology == TopologyKind::RailOptimized && !o.twoSwitches
            && RailOptimizedFabric::smallFabricSwitches(
                   o, *mParts.server, *mParts.sw, static_cast<int>(mRequestedNodes), mUfm != nullptr)
                == 1)
            gen.insert(QStringLiteral("single_switch"), twoSwitchAlternative());
        if (mLayout.displacedServers > 0)
            gen.insert(QStringLiteral("ufm_slot"), subnetManagerSlot());
        noteReferenceDifferences(gen);
        if (const CatalogItem* storage = mParts.storage) {
            gen.insert(QStringLiteral("storage"), storage->sku);
            gen.insert(QStringLiteral("storage_tier"), toString(o.storageTier));
        }
        QJsonObject props = mDesign.properties();
        for (auto it = o.properties.begin(); it != o.properties.end(); ++it) // intent and stack
            if (it.key() != QLatin1String(FloorLayout::kKey)) // an old floor names old racks
                props.insert(it.key(), it.value());
        if (mParts.storage) {
            // The tier the storage was sized for is the design's intent, so validate checks that tier.
            QJsonObject intent = props.value(QLatin1String("intent")).toObject();
            intent.insert(QStringLiteral("storage_tier"), toString(o.storageTier));
            props.insert(QStringLiteral("intent"), intent);
        }
        props.insert(QStringLiteral("generator"), gen);
        mDesign.setProperties(props);
    }

    [[nodiscard]] QJsonValue leafRatioBuilt() const
    {
        if (!mLayout.leafRatio.isEmpty())
            return mLayout.leafRatio;
        if (mLayout.leafUplinks > 0 && o.topology == TopologyKind::RailOptimized)
            return QStringLiteral("%1:%2")
                .arg(o.suSize / std::gcd(o.suSize, mLayout.leafUplinks))
                .arg(mLayout.leafUplinks / std::gcd(o.suSize, mLayout.leafUplinks));
        return QJsonValue();
    }

    // The compute fabric is one switch (the whole cluster fits it): what the two-switch alternative
    // adds, from the same dials with two switches (FABRIC-SPOF names it).
    [[nodiscard]] QJsonObject twoSwitchAlternative() const
    {
        GeneratorOptions two = o;
        two.twoSwitches = true;
        two.nodes = static_cast<int>(mRequestedNodes);
        two.gpus = 0;
        QJsonObject alt{{QStringLiteral("switch"), o.switchSku}};
        const GenerateResult r = FabricGenerator::generate(two, mCatalog);
        if (!r.ok())
            return alt;
        auto computeSwitches = [](const Design& d) {
            int n = 0;
            d.nodes().forEach([&](const Node& node) {
                const CatalogItem* it = d.item(node.sku);
                n += node.network == Network::Compute && it && it->kind == ItemKind::Switch;
            });
            return n;
        };
        alt.insert(QStringLiteral("extra_switches"), computeSwitches(*r.design) - computeSwitches(mDesign));
        alt.insert(QStringLiteral("extra_cost_usd"),
            BillOfMaterials::of(*r.design).total() - BillOfMaterials::of(mDesign).total());
        return alt;
    }

    // A server gave its slot to the subnet manager: what keeping every server would cost, from the
    // same dials with one more SU.
    [[nodiscard]] QJsonObject subnetManagerSlot() const
    {
        GeneratorOptions keep = o;
        keep.keepEveryNode = true;
        keep.nodes = static_cast<int>(mRequestedNodes);
        keep.gpus = 0;
        QJsonObject slot{
            {QStringLiteral("requested_nodes"), static_cast<double>(mRequestedNodes)},
            {QStringLiteral("built_nodes"), static_cast<double>(mBuiltNodes)},
            {QStringLiteral("scalable_units"), static_cast<double>(mLayout.units.size())},
        };
        const GenerateResult alt = FabricGenerator::generate(keep, mCatalog);
        if (!alt.ok())
            return slot;
        int switches = 0;
        int altSwitches = 0;
        int altUnits = 0;
        // Compute-fabric switches: the figure the RA's tables compare.
        mDesign.nodes().forEach([&](const Node& n) {
            switches += n.network == Network::Compute && b.itemOf(n.id).kind == ItemKind::Switch;
        });
        alt.design->nodes().forEach([&](const Node& n) {
            const CatalogItem* it = alt.design->item(n.sku);
            altSwitches += n.network == Network::Compute && it && it->kind == ItemKind::Switch;
        });
        alt.design->groups().forEach([&](const Group& g) { altUnits += g.kind == GroupKind::ScalableUnit; });
        slot.insert(QStringLiteral("keep_all_nodes"),
            QJsonObject{
                {QStringLiteral("scalable_units"), altUnits},
                {QStringLiteral("extra_switches"), altSwitches - switches},
                {QStringLiteral("extra_cost_usd"),
                    BillOfMaterials::of(*alt.design).total() - BillOfMaterials::of(mDesign).total()},
            });
        return slot;
    }

    // At the design point of a published reference design (the server item's "reference_design"),
    // every line that differs from the RA's table, with why: a note here, a DESIGN-REFERENCE finding
    // in validate, the studio and the report.
    void noteReferenceDifferences(QJsonObject& gen)
    {
        const QJsonArray diffs = ReferenceLines::differences(
            mDesign, *mParts.server, static_cast<int>(mLayout.units.size()), o.topology == TopologyKind::RailOptimized);
        if (diffs.isEmpty())
            return;
        gen.insert(QStringLiteral("reference_differences"), diffs);
        for (const QJsonValue& v : diffs) {
            const QJsonObject diff = v.toObject();
            mResult.notes << QStringLiteral("%1: %2 built, %3 in %4: %5")
                                 .arg(diff.value(QLatin1String("label")).toString())
                                 .arg(diff.value(QLatin1String("built")).toInt())
                                 .arg(diff.value(QLatin1String("ra")).toInt())
                                 .arg(diff.value(QLatin1String("document")).toString(),
                                     diff.value(QLatin1String("why")).toString());
        }
        gen.insert(QStringLiteral("notes"), QJsonArray::fromStringList(mResult.notes));
    }

    // A readable default ("256-GPU training cluster, NVIDIA DGX H100"), never SKU codes: the name
    // is the proposal's title. Named after the properties, which state the cluster type.
    void nameDesign() { mDesign.setName(o.name.isEmpty() ? DesignName::derived(mDesign) : o.name); }

    const Parts& mParts;
    const GeneratorOptions& o;
    const Catalog& mCatalog;
    const int mInBandSpineReserve;
    ServiceNetworks::Uplinks& mOobUplinks;
    const bool mFinishUnlinked;
    size_t& mLinkSlots;
    GenerateResult mResult;
    Design& mDesign;
    DesignBuilder b;

    const CatalogItem* mServerItem = nullptr;
    const CatalogItem* mSwitchItem = nullptr;
    const CatalogItem* mUfm = nullptr;
    bool mEmbeddedSm = false; // the compute fabric's switches run its subnet manager
    bool mEmbeddedStorageSm = false; // the storage fabric's switches run its subnet manager
    ComputeLayout mLayout;
    long long mRequestedNodes = 0;
    long long mBuiltNodes = 0;
    double mServiceY = 0;
    std::vector<NodeId> mServiceNodes; // storage and management nodes, placed by placeServiceNodes
    bool mLiquid = false;
    double mBudgetKw = 0;
    std::optional<RackPlanner> mRacks;
    HallParameters mHall;
    std::vector<int> mRowOfNode; // scalable unit (server row) of each server's node id, -1 for others
    std::vector<std::vector<std::vector<NodeId>>> mUnitRows; // per unit, its servers per floor row
    std::vector<NodeId> mCentral; // service nodes of the management row
};

} // namespace

GenerateResult FabricGenerator::generate(const GeneratorOptions& o, const Catalog& catalog)
{
    // The second pass reserves every uplink the first wanted, plus what it still leaves unlinked
    // for a later pass (the reserved spines' own management ports can add an out-of-band switch).
    constexpr int kMaxPasses = 3;
    int reserve = 0;
    size_t linkSlots = 0;
    GenerateResult result;
    for (int pass = 0; pass < kMaxPasses; ++pass) {
        ServiceNetworks::Uplinks uplinks;
        // A pass that will be redone stops once it knows the ports to keep (after the out-of-band
        // network), so the design is cabled and laid out once.
        if (std::optional<GenerateResult> done
            = generatePass(o, catalog, reserve, uplinks, pass + 1 == kMaxPasses, linkSlots)) {
            result = std::move(*done);
            break;
        }
        reserve = pass == 0 ? uplinks.wanted : reserve + uplinks.unlinked;
    }
    if (result.ok() && reserve > 0)
        result.notes << QStringLiteral(
            "the in-band spines keep %1 for the out-of-band switches' uplinks (two per switch)")
                            .arg(counted(reserve, "port", "ports"));
    return result;
}

QString FabricGenerator::scalableUnitCapNote(const GeneratorOptions& options, const Catalog& catalog)
{
    GeneratorOptions asGiven = options;
    asGiven.suSize = 0;
    Parts parts;
    if (resolveDials(asGiven, catalog, parts) || parts.unitNote.isEmpty())
        return {};
    return options.suSize == 0 || options.suSize == parts.o.suSize ? parts.unitNote : QString();
}

std::optional<GenerateResult> FabricGenerator::generatePass(const GeneratorOptions& given, const Catalog& catalog,
    int inBandSpineReserve, ServiceNetworks::Uplinks& oobUplinks, bool finishUnlinked, size_t& linkSlots)
{
    Parts parts;
    if (auto error = resolveDials(given, catalog, parts))
        return GenerateResult::failure(*error);
    return GeneratorPass(parts, catalog, inBandSpineReserve, oobUplinks, finishUnlinked, linkSlots).run();
}

} // namespace pw
