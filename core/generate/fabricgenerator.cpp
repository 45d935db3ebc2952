#include "generate/fabricgenerator.h"

#include "analysis/referencelines.h"
#include "catalog/catalog.h"
#include "cost/billofmaterials.h"
#include "floor/floorlayout.h"
#include "generate/cableplanner.h"
#include "generate/designbuilder.h"
#include "generate/designlayout.h"
#include "generate/fattreefabric.h"
#include "generate/floorplan.h"
#include "generate/leafspinefabric.h"
#include "generate/managementplane.h"
#include "generate/publisheddesigncheck.h"
#include "generate/rackplanner.h"
#include "generate/railoptimizedfabric.h"
#include "generate/servicenetworks.h"
#include "generate/subnetmanagerchoice.h"
#include "generate/subnetmanagers.h"
#include "io/designassembler.h"
#include "model/designname.h"
#include "model/storageguidance.h"
#include "model/useroption.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace pw {

namespace {

constexpr int kMaxNodes = 200000;

QString kindName(const CatalogItem* item)
{
    return item ? toString(item->kind) : QString();
}

} // namespace

GenerateResult FabricGenerator::generate(const GeneratorOptions& o, const Catalog& catalog)
{
    // The second pass reserves every uplink the first wanted, plus what it still leaves unlinked
    // for a later pass (the reserved spines' own management ports can add an out-of-band switch).
    constexpr int kMaxPasses = 3;
    int reserve = 0;
    GenerateResult result;
    for (int pass = 0; pass < kMaxPasses; ++pass) {
        ServiceNetworks::Uplinks uplinks;
        result = generatePass(o, catalog, reserve, uplinks);
        if (!result.ok() || uplinks.unlinked == 0 || pass + 1 == kMaxPasses)
            break;
        reserve = pass == 0 ? uplinks.wanted : reserve + uplinks.unlinked;
    }
    if (result.ok() && reserve > 0)
        result.notes << QStringLiteral(
            "the in-band spines keep %1 port(s) for the out-of-band switches' uplinks (two per switch)")
                            .arg(reserve);
    return result;
}

GenerateResult FabricGenerator::generatePass(
    const GeneratorOptions& given, const Catalog& catalog, int inBandSpineReserve, ServiceNetworks::Uplinks& oobUplinks)
{
    GeneratorOptions o = given;
    const bool fatTree = o.topology == TopologyKind::FatTree;
    const CatalogItem* fatTreeHost = catalog.withRole(ItemRole::FatTreeHost);
    const QString serverSku = o.serverSku.isEmpty() && fatTree && fatTreeHost ? fatTreeHost->sku : o.serverSku;
    if (serverSku.isEmpty())
        return GenerateResult::failure(
            QStringLiteral("a %1 is needed").arg(UserOptions::mention(UserOption::ServerModel)));
    if (o.name.size() > Design::kMaxNameLength)
        return GenerateResult::failure(
            QStringLiteral("a design name is at most %1 characters long").arg(Design::kMaxNameLength));
    const CatalogItem* server = catalog.item(serverSku);
    if (!server)
        return GenerateResult::failure(QStringLiteral("unknown server SKU '%1'").arg(serverSku));
    if (server->kind != ItemKind::Server)
        return GenerateResult::failure(QStringLiteral("'%1' is a %2, not a server").arg(serverSku, kindName(server)));
    // The scalable unit is the server's (its catalog entry names its RA's SU: 72 DGX B300, 8 NVL72 racks).
    if (o.suSize == 0)
        o.suSize = StorageGuidance::serversPerSu(*server);
    if (o.switchSku.isEmpty())
        return GenerateResult::failure(
            QStringLiteral("a %1 is needed").arg(UserOptions::mention(UserOption::FabricSwitch)));
    const CatalogItem* sw = catalog.item(o.switchSku);
    if (!sw)
        return GenerateResult::failure(QStringLiteral("unknown switch SKU '%1'").arg(o.switchSku));
    if (sw->kind != ItemKind::Switch || DesignBuilder::groupWithRole(*sw, PortRole::Fabric) < 0)
        return GenerateResult::failure(QStringLiteral("'%1' is not a fabric switch").arg(o.switchSku));
    const int switchPorts
        = sw->portGroups[static_cast<size_t>(DesignBuilder::groupWithRole(*sw, PortRole::Fabric))].count;
    const CatalogItem* storage = nullptr;
    if (!o.storageSku.isEmpty()) {
        storage = catalog.item(o.storageSku);
        if (!storage)
            return GenerateResult::failure(QStringLiteral("unknown storage SKU '%1'").arg(o.storageSku));
        if (storage->kind != ItemKind::Storage)
            return GenerateResult::failure(
                QStringLiteral("'%1' is a %2, not a storage system").arg(o.storageSku, kindName(storage)));
    }
    const CatalogItem* rack = o.rackSku.isEmpty() ? catalog.withRole(ItemRole::DefaultRack) : catalog.item(o.rackSku);
    if (!rack && o.rackSku.isEmpty())
        return GenerateResult::failure(QStringLiteral("the catalog names no default rack (role default-rack)"));
    if (!rack || rack->kind != ItemKind::Rack)
        return GenerateResult::failure(QStringLiteral("unknown rack SKU '%1'").arg(o.rackSku));
    if (o.radix != 0 && !fatTree)
        return GenerateResult::failure(
            QStringLiteral("the %1 applies to a fat-tree %2 only")
                .arg(UserOptions::mention(UserOption::Radix), UserOptions::mention(UserOption::Topology)));
    const int k = fatTree ? (o.radix > 0 ? o.radix : switchPorts - switchPorts % 2) : 0;

    if (const int cg = DesignBuilder::groupWithRole(*server, PortRole::Compute); cg >= 0) {
        const PortGroup& host = server->portGroups[static_cast<size_t>(cg)];
        const PortGroup& fabric
            = sw->portGroups[static_cast<size_t>(DesignBuilder::groupWithRole(*sw, PortRole::Fabric))];
        bool common = false;
        for (int a : host.speedsGbps)
            common
                = common || std::find(fabric.speedsGbps.begin(), fabric.speedsGbps.end(), a) != fabric.speedsGbps.end();
        if (!common || (host.connector == QLatin1String("RJ45")) != (fabric.connector == QLatin1String("RJ45")))
            return GenerateResult::failure(QStringLiteral(
                "the compute ports of %1 (%2) cannot join the fabric ports of %3 (%4): no common speed or connector")
                                               .arg(serverSku, host.connector, o.switchSku, fabric.connector));
    }
    const int perServerGpus = std::max(0, server->gpuCount());
    const int computePorts = server->portCountWithRole(PortRole::Compute);
    long long nodes = o.nodes;
    if (nodes <= 0 && o.gpus > 0) {
        if (perServerGpus == 0)
            return GenerateResult::failure(QStringLiteral("%1 has no GPUs; give the %2")
                                               .arg(serverSku, UserOptions::mention(UserOption::ServerCount)));
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
    if (o.nodes < 0 || o.gpus < 0 || nodes <= 0)
        return GenerateResult::failure(
            QStringLiteral("the design needs at least one server (give the %1 or the %2)")
                .arg(UserOptions::mention(UserOption::ServerCount), UserOptions::mention(UserOption::GpuCount)));
    if (nodes > kMaxNodes)
        return GenerateResult::failure(
            QStringLiteral("%1 servers is beyond the generator's limit of %2").arg(nodes).arg(kMaxNodes));
    if (o.rackPowerKw < 0)
        return GenerateResult::failure(
            QStringLiteral("the %1 must be positive").arg(UserOptions::mention(UserOption::RackPowerBudget)));

    GenerateResult result;
    result.design.emplace();
    Design& d = *result.design;
    DesignBuilder b(d, catalog);
    const CatalogItem* serverItem = b.use(serverSku);
    const CatalogItem* swItem = b.use(o.switchSku);
    const CatalogItem* ufm = nullptr;
    const bool infiniband = sw->switchSpec && sw->switchSpec->technology == QLatin1String("infiniband");
    // Every InfiniBand fabric needs a subnet manager (DGX SuperPOD RA: a UFM appliance).
    if (o.management && infiniband) {
        const CatalogItem* choice = SubnetManagerChoice::forSwitch(catalog, *sw, PortRole::Compute);
        ufm = choice ? b.use(choice->sku) : nullptr;
        if (!ufm)
            return GenerateResult::failure(
                QStringLiteral("the catalog has no subnet manager (an appliance with the subnet-manager role) with "
                               "compute-fabric ports that share a speed with %1; an InfiniBand fabric needs one")
                    .arg(o.switchSku));
    }

    ComputeLayout layout;
    std::optional<QString> error;
    switch (o.topology) {
    case TopologyKind::RailOptimized:
        error = RailOptimizedFabric::build(
            b, o, *serverItem, *swItem, static_cast<int>(nodes), ufm, layout, result.notes);
        break;
    case TopologyKind::LeafSpine:
        error = LeafSpineFabric::build(b, o, *serverItem, *swItem, static_cast<int>(nodes), ufm, layout, result.notes);
        break;
    case TopologyKind::FatTree:
        error = FatTreeFabric::build(b, *serverItem, *swItem, k, static_cast<int>(nodes), ufm, layout, result.notes);
        break;
    }
    if (error)
        return GenerateResult::failure(*error);
    const long long requestedNodes = nodes;
    nodes = static_cast<long long>(layout.servers.size());

    // Service networks sit below the servers on the canvas.
    std::vector<NodeId> serviceNodes;
    const double serviceY = layout.serverY + 600;
    if (storage) {
        const CatalogItem* storageSwitch = ServiceNetworks::storageSwitchFor(catalog, *sw, *server, *storage);
        if (!storageSwitch)
            return GenerateResult::failure(
                QStringLiteral("no switch in the catalog shares a speed with the storage ports of %1 and %2")
                    .arg(serverSku, storage->sku));
        if (storageSwitch != sw)
            result.notes << QStringLiteral(
                "storage fabric on %1: the ports of %2 share no speed with %3's storage ports")
                                .arg(storageSwitch->sku, o.switchSku, storage->sku);
        // The InfiniBand storage fabric is a subnet of its own: it gets its own subnet managers.
        const bool storageInfiniBand = o.management && storageSwitch->switchSpec
            && storageSwitch->switchSpec->technology == QLatin1String("infiniband");
        const CatalogItem* storageUfmChoice
            = storageInfiniBand ? SubnetManagerChoice::forSwitch(catalog, *storageSwitch, PortRole::Storage) : nullptr;
        const CatalogItem* storageUfm = storageUfmChoice ? b.use(storageUfmChoice->sku) : nullptr;
        if (storageInfiniBand && !storageUfm)
            return GenerateResult::failure(QStringLiteral(
                "the InfiniBand storage fabric needs a subnet manager; no appliance of the catalog with the "
                "subnet-manager role has storage-fabric ports that share a speed with %1")
                                               .arg(storageSwitch->sku));
        if (auto e = ServiceNetworks::buildStorage(b, layout.servers, *b.use(storage->sku), o.storageTier,
                o.topology == TopologyKind::RailOptimized, *b.use(storageSwitch->sku), storageUfm, QPointF(0, serviceY),
                serviceNodes, result.notes))
            return GenerateResult::failure(*e);
    }
    if (o.management) {
        // The management plane's servers (scheduler, control plane, monitoring) join the in-band network too.
        const ManagementPlane plane(o.properties, static_cast<int>(layout.servers.size()),
            // A DGX SuperPOD: rail-optimized GPU servers of at least one whole scalable unit.
            o.topology == TopologyKind::RailOptimized && server->gpuCount() > 0
                && static_cast<int>(layout.servers.size()) >= o.suSize);
        std::vector<NodeId> inBandHosts = layout.servers;
        if (auto e = plane.placeBeforeInBand(b, QPointF(0, serviceY + 1000), serviceNodes, inBandHosts))
            return GenerateResult::failure(*e);
        if (auto e = ServiceNetworks::buildInBand(
                b, inBandHosts, QPointF(0, serviceY + 1000), serviceNodes, result.notes, inBandSpineReserve))
            return GenerateResult::failure(*e);
        plane.adoptHeadNodes(d, serviceNodes, result.notes);
    }

    // Racks: one row per scalable unit (its leaves in a network rack at the head of the row, then
    // its servers), rows folded in blocks (FloorPlan); spines of a pod beside the pod's rows; cores,
    // storage and management in rows in an aisle across the middle of the floor.
    const bool liquid = server->cooling == Cooling::Liquid;
    // The rack budget is catalog data with its source: the server's own (its RA's rack) where the
    // entry states one, else the rack's default for the servers' cooling.
    const std::optional<Figure>& defaultBudget
        = server->rackPowerKw ? server->rackPowerKw : (liquid ? rack->rackBudgetLiquidKw : rack->rackBudgetAirKw);
    if (o.rackPowerKw <= 0 && server->rackPowerKw)
        result.notes << QStringLiteral("rack budget %1 kW from the %2 catalog entry%3 (%4)")
                            .arg(server->rackPowerKw->value)
                            .arg(serverSku)
                            .arg(server->serversPerRack > 0
                                    ? QStringLiteral(": %1 per rack").arg(server->serversPerRack)
                                    : QString())
                            .arg(server->rackPowerKw->source);
    if (o.rackPowerKw <= 0 && !defaultBudget)
        return GenerateResult::failure(
            QStringLiteral("rack %1 states no default power budget for %2-cooled equipment; give a %3")
                .arg(rack->sku, liquid ? QStringLiteral("liquid") : QStringLiteral("air"),
                    UserOptions::mention(UserOption::RackPowerBudget)));
    const double budgetKw = o.rackPowerKw > 0 ? o.rackPowerKw : defaultBudget->value;
    RackPlanner racks(b, *b.use(rack->sku), budgetKw, liquid);
    const double rackWidth = racks.rackWidth();
    // The hall: rack footprint from the rack item, aisles, tray and slack as the design's assumptions.
    const HallParameters hall = HallParameters::forRack(*rack);
    const double pitch = hall.rowPitchM();
    const double rackHeightU = rack->rackHeightU ? rack->rackHeightU->value : rack->rackUnits.value;
    int longestRow = 0;
    for (const auto& row : layout.serverRows) {
        double u = 0;
        double w = 0;
        int count = 1;
        for (NodeId n : row) {
            const CatalogItem& it = b.itemOf(n);
            if (u + it.rackUnits.value > rackHeightU || w + it.powerMaxW.value > budgetKw * 1000) {
                ++count;
                u = 0;
                w = 0;
            }
            u += it.rackUnits.value;
            w += it.powerMaxW.value;
        }
        longestRow = std::max(longestRow, count + 1);
    }
    // Blocks of rows (the rack item's rows per block, FloorPlan) on a grid about as deep as it is
    // wide, with an aisle across the middle for the spine or core row and the management row, so
    // that no rack is far from the centre.
    const size_t rows = layout.serverRows.size();
    const size_t rowsPerBlock = FloorPlan::rowsPerBlock(*rack, rows);
    const double blockWidth = (longestRow + 2) * rackWidth + 4.0;
    const double blockDepth = rowsPerBlock * pitch;
    const size_t blocks = std::max<size_t>(1, (rows + rowsPerBlock - 1) / rowsPerBlock);
    const size_t perLine
        = std::clamp<size_t>(static_cast<size_t>(std::ceil(std::sqrt(blocks * blockDepth / blockWidth))), 1, blocks);
    const size_t lines = (blocks + perLine - 1) / perLine;
    const size_t rowLines = lines > 1 ? lines * rowsPerBlock : std::min<size_t>(rows, rowsPerBlock);
    const size_t middle = rowLines / 2;
    const double centralAisle = 3 * pitch;
    // Serpentine: blocks alternate direction (down, up) along a line and lines alternate sides, so
    // consecutive rows (whose servers may share a storage or in-band leaf) are always neighbours.
    std::vector<char> blockDown(blocks, 1);
    for (size_t blk = 1; blk < blocks; ++blk)
        blockDown[blk] = blk / perLine == (blk - 1) / perLine ? !blockDown[blk - 1] : 1;
    auto rowPosition = [&](size_t r) {
        const size_t block = r / rowsPerBlock;
        const size_t inBlock = blockDown[block] ? r % rowsPerBlock : rowsPerBlock - 1 - r % rowsPerBlock;
        const size_t line = (block / perLine) * rowsPerBlock + inBlock;
        const size_t column = (block / perLine) % 2 == 0 ? block % perLine : perLine - 1 - block % perLine;
        return QPointF(static_cast<double>(column) * blockWidth,
            static_cast<double>(line) * pitch + (line >= middle ? centralAisle : 0.0));
    };
    // Central rows are centred on the rows' network racks (at the head of each block's rows), so
    // the farthest leaf is as near as the floor allows (multimode runs reach 50 m).
    const double centreX = static_cast<double>(std::min(blocks, perLine) - 1) * blockWidth / 2;
    auto centredRow = [&](const std::vector<NodeId>& rowNodes) {
        double units = 0;
        for (NodeId n : rowNodes)
            units += b.itemOf(n).rackUnits.value;
        const double rackCount = std::max(1.0, std::ceil(units / rackHeightU));
        return centreX - rackCount * rackWidth / 2;
    };
    const double aisleY = static_cast<double>(middle) * pitch;
    std::vector<int> rowOfNode(d.nodes().slotCount() + 1, -1);
    for (size_t r = 0; r < layout.serverRows.size(); ++r) {
        const QPointF at = rowPosition(r);
        const QString label = QStringLiteral("U%1").arg(r + 1, 3, 10, QLatin1Char('0'));
        racks.beginRow(at.x(), at.y(), label);
        if (r < layout.leafRows.size())
            for (NodeId leaf : layout.leafRows[r])
                racks.place(leaf);
        racks.beginRow(at.x() + rackWidth, at.y(), label);
        for (NodeId n : layout.serverRows[r]) {
            racks.place(n);
            rowOfNode[n.value()] = static_cast<int>(r);
        }
        if (r + 1 == layout.serverRows.size())
            for (NodeId n : layout.appliances)
                racks.place(n);
    }
    const size_t rowsPerSpineRow
        = layout.spineRows.size() > 1 ? (rows + layout.spineRows.size() - 1) / layout.spineRows.size() : rows;
    for (size_t p = 0; p < layout.spineRows.size(); ++p) {
        QPointF at;
        if (layout.spineRows.size() == 1)
            at = QPointF(centredRow(layout.spineRows[p]), aisleY + pitch);
        else
            at = rowPosition(std::min(rows - 1, p * rowsPerSpineRow + rowsPerSpineRow / 2))
                + QPointF(longestRow * rackWidth + 1.2, 0);
        racks.beginRow(at.x(), at.y(), QStringLiteral("S%1").arg(p + 1, 3, 10, QLatin1Char('0')));
        for (NodeId n : layout.spineRows[p])
            racks.place(n);
    }
    if (!layout.cores.empty()) {
        racks.beginRow(
            centredRow(layout.cores), aisleY + (layout.spineRows.size() == 1 ? 0.0 : pitch), QStringLiteral("C"));
        for (NodeId n : layout.cores)
            racks.place(n);
    }
    // The leaves of the storage and in-band networks go into the network rack of the row of the
    // first server they serve (short copper and multimode runs); the rest into the management row.
    auto firstNeighbour = [&](NodeId n, auto accept) -> NodeId {
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
    };
    std::vector<NodeId> central;
    for (NodeId n : serviceNodes) {
        const NodeId reached = d.node(n)->tier == FabricTier::Leaf
            ? firstNeighbour(n, [&](NodeId other) { return rowOfNode[other.value()] >= 0; })
            : NodeId();
        if (!reached.isValid()) {
            central.push_back(n);
            continue;
        }
        const size_t r = static_cast<size_t>(rowOfNode[reached.value()]);
        racks.placeNear(
            n, r < layout.leafRows.size() && !layout.leafRows[r].empty() ? layout.leafRows[r].front() : reached);
    }
    racks.beginRow(centredRow(central), aisleY + 2 * pitch, QStringLiteral("M"));
    for (NodeId n : central)
        racks.place(n);
    // The rack PDU: the catalog's PDU item that states how many a rack takes (DGX SuperPOD RA).
    const CatalogItem* pdu = nullptr;
    if (o.management)
        for (const CatalogItem* p : catalog.items(ItemKind::Pdu))
            if (!pdu || (p->pdusPerServerRack.has_value() && !pdu->pdusPerServerRack.has_value()))
                pdu = p;
    if (pdu) {
        pdu = b.use(pdu->sku);
        racks.addPdus(*pdu);
    }
    if (o.management) {
        std::vector<NodeId> oob;
        if (auto e = ServiceNetworks::buildOutOfBand(
                b, QPointF(layout.width / 2, serviceY + 2000), oob, result.notes, &oobUplinks))
            return GenerateResult::failure(*e);
        // Out-of-band access switches beside the first node they reach, aggregation in the M row,
        // each in a rack that already stands (and has its PDUs) wherever one has room.
        for (NodeId n : oob) {
            const NodeId anchor = d.node(n)->tier == FabricTier::Leaf
                ? firstNeighbour(
                    n, [&](NodeId other) { return racks.isPlaced(other) && d.node(other)->sku != d.node(n)->sku; })
                : (central.empty() ? NodeId() : central.front());
            if (anchor.isValid())
                racks.placeNear(n, anchor, true);
            else
                racks.place(n);
        }
        if (pdu)
            if (const int opened = racks.addPdus(*pdu); opened > 0)
                result.notes << QStringLiteral(
                    "%1 rack(s) opened for out-of-band switches got their PDUs after the out-of-band network was "
                    "built: those PDUs' management ports are not on it")
                                    .arg(opened);
    }
    // The floor plan is part of the design; every cable's length is routed on it.
    const FloorLayout floor = racks.floorLayout(hall);
    // The properties object is bounded (DesignAssembler): a floor too large for it (tens of
    // thousands of racks) still routes the cables but is not kept, so the design saves and reopens.
    if (QJsonDocument(floor.toJson()).toJson(QJsonDocument::Compact).size() < DesignAssembler::kMaxPropertiesBytes / 2)
        d.setProperties(floor.storedIn(d.properties()));
    else
        result.notes << QStringLiteral("the floor plan of %1 racks is too large to keep in the design file; cable "
                                       "lengths were routed on it")
                            .arg(floor.racks.size());
    CablePlanner::assign(b, floor, result.notes);
    // Where the server's entry lists its RA's table, say how the compute fabric compares with the
    // row of the requested size, and where that row contradicts itself.
    if (o.topology == TopologyKind::RailOptimized)
        result.notes << PublishedDesignCheck::notes(
            *server, o.switchSku, static_cast<int>(requestedNodes), PublishedDesignCheck::countsOf(d));
    // The canvas shows the structure (pods, units, racks, tiers), not the order of construction.
    DesignLayout::apply(d);

    const int gpus = static_cast<int>(nodes) * perServerGpus;
    QJsonObject gen{
        {QStringLiteral("topology"), toString(o.topology)},
        {QStringLiteral("server"), serverSku},
        {QStringLiteral("nodes"), static_cast<double>(nodes)},
        {QStringLiteral("gpus"), gpus},
        {QStringLiteral("switch"), o.switchSku},
        {QStringLiteral("oversubscription"), o.oversubscription.toString()},
        {QStringLiteral("leaf_ratio_built"),
            !layout.leafRatio.isEmpty() ? QJsonValue(layout.leafRatio)
                : layout.leafUplinks > 0 && o.topology == TopologyKind::RailOptimized
                ? QJsonValue(QStringLiteral("%1:%2")
                                 .arg(o.suSize / std::gcd(o.suSize, layout.leafUplinks))
                                 .arg(layout.leafUplinks / std::gcd(o.suSize, layout.leafUplinks)))
                : QJsonValue()},
        {QStringLiteral("su_size"), o.suSize},
        {QStringLiteral("rack_power_kw"), budgetKw},
        {QStringLiteral("management"), o.management},
        {QStringLiteral("notes"), QJsonArray::fromStringList(result.notes)},
    };
    if (fatTree)
        gen.insert(QStringLiteral("k"), k);
    if (o.keepEveryNode)
        gen.insert(QStringLiteral("keep_all_nodes"), true);
    if (layout.displacedServers > 0) {
        // What keeping every server would cost: the same dials with one more SU.
        GeneratorOptions keep = o;
        keep.keepEveryNode = true;
        keep.nodes = static_cast<int>(requestedNodes);
        keep.gpus = 0;
        QJsonObject slot{
            {QStringLiteral("requested_nodes"), static_cast<double>(requestedNodes)},
            {QStringLiteral("built_nodes"), static_cast<double>(nodes)},
            {QStringLiteral("scalable_units"), static_cast<double>(layout.units.size())},
        };
        const GenerateResult alt = generate(keep, catalog);
        if (alt.ok()) {
            int switches = 0;
            int altSwitches = 0;
            int altUnits = 0;
            // Compute-fabric switches: the figure the RA's tables compare.
            d.nodes().forEach([&](const Node& n) {
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
                        BillOfMaterials::of(*alt.design).total() - BillOfMaterials::of(d).total()},
                });
        }
        gen.insert(QStringLiteral("ufm_slot"), slot);
    }
    // At the design point of a published reference design (the server item's "reference_design"),
    // every line that differs from the RA's table, with why: a note here, a DESIGN-REFERENCE finding
    // in validate, the studio and the report.
    if (const QJsonArray diffs = ReferenceLines::differences(
            d, *server, static_cast<int>(layout.units.size()), o.topology == TopologyKind::RailOptimized);
        !diffs.isEmpty()) {
        gen.insert(QStringLiteral("reference_differences"), diffs);
        for (const QJsonValue& v : diffs) {
            const QJsonObject diff = v.toObject();
            result.notes << QStringLiteral("%1: %2 built, %3 in %4: %5")
                                .arg(diff.value(QLatin1String("label")).toString())
                                .arg(diff.value(QLatin1String("built")).toInt())
                                .arg(diff.value(QLatin1String("ra")).toInt())
                                .arg(diff.value(QLatin1String("document")).toString(),
                                    diff.value(QLatin1String("why")).toString());
        }
        gen.insert(QStringLiteral("notes"), QJsonArray::fromStringList(result.notes));
    }
    if (storage) {
        gen.insert(QStringLiteral("storage"), storage->sku);
        gen.insert(QStringLiteral("storage_tier"), toString(o.storageTier));
    }
    QJsonObject props = d.properties();
    for (auto it = o.properties.begin(); it != o.properties.end(); ++it) // intent and stack
        if (it.key() != QLatin1String(FloorLayout::kKey)) // an old floor names old racks
            props.insert(it.key(), it.value());
    if (storage) {
        // The tier the storage was sized for is the design's intent, so validate checks that tier.
        QJsonObject intent = props.value(QLatin1String("intent")).toObject();
        intent.insert(QStringLiteral("storage_tier"), toString(o.storageTier));
        props.insert(QStringLiteral("intent"), intent);
    }
    props.insert(QStringLiteral("generator"), gen);
    d.setProperties(props);
    // A readable default ("256-GPU training cluster, NVIDIA DGX H100"), never SKU codes: the name
    // is the proposal's title. Named after the properties, which state the cluster type.
    d.setName(o.name.isEmpty() ? DesignName::derived(d) : o.name);
    // A generated design is an ordinary one: never hand out a design that cannot be saved and reopened.
    if (auto problem = d.checkInvariants())
        return GenerateResult::failure(
            QStringLiteral("internal error: the generated design is inconsistent (%1)").arg(*problem));
    return result;
}

} // namespace pw
