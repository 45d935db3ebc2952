#include "generate/fabricgenerator.h"

#include "catalog/catalog.h"
#include "cost/billofmaterials.h"
#include "generate/cableplanner.h"
#include "generate/designbuilder.h"
#include "generate/designlayout.h"
#include "generate/fattreefabric.h"
#include "generate/leafspinefabric.h"
#include "generate/managementplane.h"
#include "generate/rackplanner.h"
#include "generate/railoptimizedfabric.h"
#include "generate/servicenetworks.h"
#include "model/designname.h"

#include <QJsonArray>

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
    const bool fatTree = o.topology == TopologyKind::FatTree;
    const QString serverSku = o.serverSku.isEmpty() && fatTree ? QStringLiteral("generic-host") : o.serverSku;
    if (serverSku.isEmpty())
        return GenerateResult::failure(QStringLiteral("a server model is needed (--server SKU)"));
    if (o.name.size() > Design::kMaxNameLength)
        return GenerateResult::failure(
            QStringLiteral("a design name is at most %1 characters long").arg(Design::kMaxNameLength));
    const CatalogItem* server = catalog.item(serverSku);
    if (!server)
        return GenerateResult::failure(QStringLiteral("unknown server SKU '%1'").arg(serverSku));
    if (server->kind != ItemKind::Server)
        return GenerateResult::failure(QStringLiteral("'%1' is a %2, not a server").arg(serverSku, kindName(server)));
    if (o.switchSku.isEmpty())
        return GenerateResult::failure(QStringLiteral("a fabric switch model is needed (--switch SKU)"));
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
    const CatalogItem* rack = catalog.item(o.rackSku);
    if (!rack || rack->kind != ItemKind::Rack)
        return GenerateResult::failure(QStringLiteral("unknown rack SKU '%1'").arg(o.rackSku));
    if (o.radix != 0 && !fatTree)
        return GenerateResult::failure(QStringLiteral("--radix is the k of --topology fat-tree"));
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
            return GenerateResult::failure(QStringLiteral("%1 has no GPUs; give --nodes").arg(serverSku));
        nodes = (o.gpus + perServerGpus - 1) / perServerGpus;
    }
    const bool needsUfm = o.management && sw->switchSpec && sw->switchSpec->technology == QLatin1String("infiniband");
    if (nodes <= 0 && fatTree && computePorts > 0) {
        // Every host port of the fat-tree, less those the UFM appliance takes.
        const CatalogItem* ufmItem = needsUfm ? catalog.item(QStringLiteral("ufm-appliance")) : nullptr;
        const int ufmPorts = ufmItem ? ufmItem->portCountWithRole(PortRole::Compute) : 0;
        nodes = (static_cast<long long>(k) * k * k / 4 - ufmPorts) / computePorts;
    }
    if (o.nodes < 0 || o.gpus < 0 || nodes <= 0)
        return GenerateResult::failure(QStringLiteral("the design needs at least one server (--nodes or --gpus)"));
    if (nodes > kMaxNodes)
        return GenerateResult::failure(
            QStringLiteral("%1 servers is beyond the generator's limit of %2").arg(nodes).arg(kMaxNodes));
    if (o.rackPowerKw < 0)
        return GenerateResult::failure(QStringLiteral("--rack-power-kw must be positive"));

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
        ufm = b.use(QStringLiteral("ufm-appliance"));
        if (!ufm)
            return GenerateResult::failure(
                QStringLiteral("the catalog lacks ufm-appliance, the subnet manager an InfiniBand fabric needs"));
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
        const CatalogItem* storageUfm = o.management && storageSwitch->switchSpec
                && storageSwitch->switchSpec->technology == QLatin1String("infiniband")
            ? b.use(QStringLiteral("ufm-appliance"))
            : nullptr;
        if (storageUfm && DesignBuilder::groupWithRole(*storageUfm, PortRole::Storage) < 0)
            return GenerateResult::failure(QStringLiteral(
                "the InfiniBand storage fabric needs a subnet manager; the catalog's ufm-appliance has no storage "
                "fabric ports"));
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
        if (auto e
            = ServiceNetworks::buildInBand(b, inBandHosts, QPointF(0, serviceY + 1000), serviceNodes, result.notes))
            return GenerateResult::failure(*e);
        plane.adoptHeadNodes(d, serviceNodes, result.notes);
    }

    // Racks: one row per scalable unit (its leaves in a network rack at the head of the row, then
    // its servers), rows folded in blocks of 16; spines of a pod beside the pod's rows; cores,
    // storage and management in rows in an aisle across the middle of the floor.
    const bool liquid = server->cooling == Cooling::Liquid;
    // The rack's default budget for the servers' cooling is catalog data with its source.
    const std::optional<Figure>& defaultBudget = liquid ? rack->rackBudgetLiquidKw : rack->rackBudgetAirKw;
    if (o.rackPowerKw <= 0 && !defaultBudget)
        return GenerateResult::failure(
            QStringLiteral("rack %1 states no default power budget for %2-cooled equipment; give --rack-power-kw")
                .arg(rack->sku, liquid ? QStringLiteral("liquid") : QStringLiteral("air")));
    const double budgetKw = o.rackPowerKw > 0 ? o.rackPowerKw : defaultBudget->value;
    RackPlanner racks(b, *b.use(rack->sku), budgetKw, liquid);
    const double rackWidth = racks.rackWidth();
    const double rackHeightU = rack->rackHeightU ? rack->rackHeightU->value : rack->rackUnits.value;
    constexpr int kRowsPerBlock = 16;
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
    // Blocks of 16 rows on a grid about as deep as it is wide, with an aisle across the middle for
    // the spine or core row and the management row, so that no rack is far from the centre.
    const size_t rows = layout.serverRows.size();
    const double blockWidth = (longestRow + 2) * rackWidth + 4.0;
    const double blockDepth = kRowsPerBlock * RackPlanner::kRowPitch;
    const size_t blocks = std::max<size_t>(1, (rows + kRowsPerBlock - 1) / kRowsPerBlock);
    const size_t perLine
        = std::clamp<size_t>(static_cast<size_t>(std::ceil(std::sqrt(blocks * blockDepth / blockWidth))), 1, blocks);
    const size_t lines = (blocks + perLine - 1) / perLine;
    const size_t rowLines = lines > 1 ? lines * kRowsPerBlock : std::min<size_t>(rows, kRowsPerBlock);
    const size_t middle = rowLines / 2;
    constexpr double kAisle = 3 * RackPlanner::kRowPitch;
    // Serpentine: blocks alternate direction (down, up) along a line and lines alternate sides, so
    // consecutive rows (whose servers may share a storage or in-band leaf) are always neighbours.
    std::vector<char> blockDown(blocks, 1);
    for (size_t blk = 1; blk < blocks; ++blk)
        blockDown[blk] = blk / perLine == (blk - 1) / perLine ? !blockDown[blk - 1] : 1;
    auto rowPosition = [&](size_t r) {
        const size_t block = r / kRowsPerBlock;
        const size_t inBlock = blockDown[block] ? r % kRowsPerBlock : kRowsPerBlock - 1 - r % kRowsPerBlock;
        const size_t line = (block / perLine) * kRowsPerBlock + inBlock;
        const size_t column = (block / perLine) % 2 == 0 ? block % perLine : perLine - 1 - block % perLine;
        return QPointF(static_cast<double>(column) * blockWidth,
            static_cast<double>(line) * RackPlanner::kRowPitch + (line >= middle ? kAisle : 0.0));
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
    const double aisleY = static_cast<double>(middle) * RackPlanner::kRowPitch;
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
            at = QPointF(centredRow(layout.spineRows[p]), aisleY + RackPlanner::kRowPitch);
        else
            at = rowPosition(std::min(rows - 1, p * rowsPerSpineRow + rowsPerSpineRow / 2))
                + QPointF(longestRow * rackWidth + 1.2, 0);
        racks.beginRow(at.x(), at.y(), QStringLiteral("S%1").arg(p + 1, 3, 10, QLatin1Char('0')));
        for (NodeId n : layout.spineRows[p])
            racks.place(n);
    }
    if (!layout.cores.empty()) {
        racks.beginRow(centredRow(layout.cores), aisleY + (layout.spineRows.size() == 1 ? 0.0 : RackPlanner::kRowPitch),
            QStringLiteral("C"));
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
    racks.beginRow(centredRow(central), aisleY + 2 * RackPlanner::kRowPitch, QStringLiteral("M"));
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
        if (auto e = ServiceNetworks::buildOutOfBand(b, QPointF(layout.width / 2, serviceY + 2000), oob, result.notes))
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
    CablePlanner::assign(b, racks, result.notes);
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
    if (storage) {
        gen.insert(QStringLiteral("storage"), storage->sku);
        gen.insert(QStringLiteral("storage_tier"), toString(o.storageTier));
    }
    QJsonObject props = d.properties();
    for (auto it = o.properties.begin(); it != o.properties.end(); ++it) // intent and stack
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
