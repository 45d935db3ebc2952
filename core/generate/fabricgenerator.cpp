#include "generate/fabricgenerator.h"

#include "catalog/catalog.h"
#include "generate/cableplanner.h"
#include "generate/designbuilder.h"
#include "generate/fattreefabric.h"
#include "generate/leafspinefabric.h"
#include "generate/rackplanner.h"
#include "generate/railoptimizedfabric.h"
#include "generate/servicenetworks.h"

#include <QJsonArray>

#include <cmath>

namespace pw {

namespace {

constexpr int kMaxNodes = 200000;

QString kindName(const CatalogItem* item) { return item ? toString(item->kind) : QString(); }

} // namespace

GenerateResult FabricGenerator::generate(const GeneratorOptions& o, const Catalog& catalog)
{
    const bool fatTree = o.topology == TopologyKind::FatTree;
    const QString serverSku = o.serverSku.isEmpty() && fatTree ? QStringLiteral("generic-host") : o.serverSku;
    if (serverSku.isEmpty())
        return GenerateResult::failure(QStringLiteral("a server model is needed (--server SKU)"));
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
    const int switchPorts = sw->portGroups[static_cast<size_t>(DesignBuilder::groupWithRole(*sw, PortRole::Fabric))].count;
    const CatalogItem* storage = nullptr;
    if (!o.storageSku.isEmpty()) {
        storage = catalog.item(o.storageSku);
        if (!storage)
            return GenerateResult::failure(QStringLiteral("unknown storage SKU '%1'").arg(o.storageSku));
        if (storage->kind != ItemKind::Storage)
            return GenerateResult::failure(QStringLiteral("'%1' is a %2, not a storage system").arg(o.storageSku, kindName(storage)));
    }
    const CatalogItem* rack = catalog.item(o.rackSku);
    if (!rack || rack->kind != ItemKind::Rack)
        return GenerateResult::failure(QStringLiteral("unknown rack SKU '%1'").arg(o.rackSku));
    if (o.radix != 0 && !fatTree)
        return GenerateResult::failure(QStringLiteral("--radix is the k of --topology fat-tree"));
    const int k = fatTree ? (o.radix > 0 ? o.radix : switchPorts - switchPorts % 2) : 0;

    const int perServerGpus = std::max(0, server->gpuCount());
    const int computePorts = server->portCountWithRole(PortRole::Compute);
    long long nodes = o.nodes;
    if (nodes <= 0 && o.gpus > 0) {
        if (perServerGpus == 0)
            return GenerateResult::failure(QStringLiteral("%1 has no GPUs; give --nodes").arg(serverSku));
        nodes = (o.gpus + perServerGpus - 1) / perServerGpus;
    }
    if (nodes <= 0 && fatTree && computePorts > 0)
        nodes = static_cast<long long>(k) * k * k / 4 / computePorts;
    if (o.nodes < 0 || o.gpus < 0 || nodes <= 0)
        return GenerateResult::failure(QStringLiteral("the design needs at least one server (--nodes or --gpus)"));
    if (nodes > kMaxNodes)
        return GenerateResult::failure(QStringLiteral("%1 servers is beyond the generator's limit of %2").arg(nodes).arg(kMaxNodes));
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
    if (o.management && infiniband && o.topology == TopologyKind::RailOptimized)
        ufm = b.use(QStringLiteral("ufm-appliance"));

    ComputeLayout layout;
    std::optional<QString> error;
    switch (o.topology) {
    case TopologyKind::RailOptimized:
        error = RailOptimizedFabric::build(b, o, *serverItem, *swItem, static_cast<int>(nodes), ufm, layout, result.notes);
        break;
    case TopologyKind::LeafSpine:
        error = LeafSpineFabric::build(b, o, *serverItem, *swItem, static_cast<int>(nodes), layout, result.notes);
        break;
    case TopologyKind::FatTree:
        error = FatTreeFabric::build(b, *serverItem, *swItem, k, static_cast<int>(nodes), layout, result.notes);
        break;
    }
    if (error)
        return GenerateResult::failure(*error);

    // Service networks sit below the servers on the canvas.
    std::vector<NodeId> serviceNodes;
    const double serviceY = layout.serverY + 600;
    if (storage) {
        if (auto e = ServiceNetworks::buildStorage(b, layout.servers, *b.use(storage->sku), o.storageTier, *swItem,
                                                   QPointF(0, serviceY), serviceNodes, result.notes))
            return GenerateResult::failure(*e);
    }
    if (o.management) {
        if (auto e = ServiceNetworks::buildInBand(b, layout.servers, QPointF(0, serviceY + 1000), serviceNodes, result.notes))
            return GenerateResult::failure(*e);
    }

    // Racks: one row per scalable unit (its leaves in a network rack at the head of the row, then
    // its servers), rows folded in blocks of 16; spines of a pod beside the pod's rows; cores,
    // storage and management in rows in front.
    const double budgetKw = o.rackPowerKw > 0 ? o.rackPowerKw
                                              : (server->cooling == Cooling::Liquid ? 140.0 : 41.0);
    const bool liquid = server->cooling == Cooling::Liquid;
    RackPlanner racks(b, *b.use(rack->sku), budgetKw, liquid);
    constexpr int kRowsPerBlock = 16;
    int longestRow = 0;
    for (const auto& row : layout.serverRows) {
        double u = 0;
        double w = 0;
        int count = 1;
        for (NodeId n : row) {
            const CatalogItem& it = b.itemOf(n);
            if (u + it.rackUnits.value > 48 || w + it.powerMaxW.value > budgetKw * 1000) {
                ++count;
                u = 0;
                w = 0;
            }
            u += it.rackUnits.value;
            w += it.powerMaxW.value;
        }
        longestRow = std::max(longestRow, count + 1);
    }
    const double blockWidth = (longestRow + 2) * RackPlanner::kRackWidth + 4.0;
    auto rowPosition = [&](size_t r) {
        return QPointF(static_cast<double>(r / kRowsPerBlock) * blockWidth, static_cast<double>(r % kRowsPerBlock) * RackPlanner::kRowPitch);
    };
    for (size_t r = 0; r < layout.serverRows.size(); ++r) {
        const QPointF at = rowPosition(r);
        const QString label = QStringLiteral("U%1").arg(r + 1, 3, 10, QLatin1Char('0'));
        racks.beginRow(at.x(), at.y(), label);
        if (r < layout.leafRows.size())
            for (NodeId leaf : layout.leafRows[r])
                racks.place(leaf);
        racks.beginRow(at.x() + RackPlanner::kRackWidth, at.y(), label);
        for (NodeId n : layout.serverRows[r])
            racks.place(n);
        if (r + 1 == layout.serverRows.size())
            for (NodeId n : layout.appliances)
                racks.place(n);
    }
    const size_t rows = layout.serverRows.size();
    const size_t rowsPerSpineRow = layout.spineRows.size() > 1 ? (rows + layout.spineRows.size() - 1) / layout.spineRows.size() : rows;
    for (size_t p = 0; p < layout.spineRows.size(); ++p) {
        QPointF at;
        if (layout.spineRows.size() == 1) {
            const double width = static_cast<double>((rows + kRowsPerBlock - 1) / kRowsPerBlock) * blockWidth;
            at = QPointF(width / 2, -RackPlanner::kRowPitch);
        } else {
            at = rowPosition(std::min(rows - 1, p * rowsPerSpineRow + rowsPerSpineRow / 2)) + QPointF(longestRow * RackPlanner::kRackWidth + 1.2, 0);
        }
        racks.beginRow(at.x(), at.y(), QStringLiteral("S%1").arg(p + 1, 3, 10, QLatin1Char('0')));
        for (NodeId n : layout.spineRows[p])
            racks.place(n);
    }
    const double floorWidth = static_cast<double>((rows + kRowsPerBlock - 1) / kRowsPerBlock) * blockWidth;
    if (!layout.cores.empty()) {
        racks.beginRow(floorWidth / 2 - 3, -2 * RackPlanner::kRowPitch, QStringLiteral("C"));
        for (NodeId n : layout.cores)
            racks.place(n);
    }
    racks.beginRow(floorWidth / 2 - 3, -3 * RackPlanner::kRowPitch, QStringLiteral("M"));
    for (NodeId n : serviceNodes)
        racks.place(n);
    if (const CatalogItem* pdu = o.management ? b.use(QStringLiteral("pdu-3ph-60kw")) : nullptr)
        racks.addPdus(*pdu);
    if (o.management) {
        std::vector<NodeId> oob;
        if (auto e = ServiceNetworks::buildOutOfBand(b, QPointF(layout.width / 2, serviceY + 2000), oob, result.notes))
            return GenerateResult::failure(*e);
        for (NodeId n : oob)
            racks.place(n);
    }
    CablePlanner::assign(b, racks, result.notes);

    const int gpus = static_cast<int>(nodes) * perServerGpus;
    d.setName(o.name.isEmpty() ? QStringLiteral("%1 x %2, %3 %4").arg(nodes).arg(serverSku, toString(o.topology), o.switchSku) : o.name);
    QJsonObject gen{
        {QStringLiteral("topology"), toString(o.topology)},
        {QStringLiteral("server"), serverSku},
        {QStringLiteral("nodes"), static_cast<double>(nodes)},
        {QStringLiteral("gpus"), gpus},
        {QStringLiteral("switch"), o.switchSku},
        {QStringLiteral("oversubscription"), o.oversubscription.toString()},
        {QStringLiteral("su_size"), o.suSize},
        {QStringLiteral("rack_power_kw"), budgetKw},
        {QStringLiteral("management"), o.management},
        {QStringLiteral("notes"), QJsonArray::fromStringList(result.notes)},
    };
    if (fatTree)
        gen.insert(QStringLiteral("k"), k);
    if (storage) {
        gen.insert(QStringLiteral("storage"), storage->sku);
        gen.insert(QStringLiteral("storage_tier"), toString(o.storageTier));
    }
    QJsonObject props = d.properties();
    props.insert(QStringLiteral("generator"), gen);
    d.setProperties(props);
    return result;
}

} // namespace pw
