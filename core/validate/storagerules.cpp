#include "validate/rulehelpers.h"

#include "model/designintent.h"
#include "model/storageguidance.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace pw::rules {

void storageRules(const Design& d, std::vector<Finding>& out)
{
    std::vector<NodeId> servers;
    int perSu = StorageGuidance::kServersPerSu; // of the first GPU server's model
    std::vector<NodeId> arrays;
    std::set<std::uint32_t> units;
    double readGBps = 0;
    double writeGBps = 0;
    double usableTb = 0;
    double arrayLinkGBps = 0;
    QStringList readSources;
    d.nodes().forEach([&](const Node& n) {
        const CatalogItem* item = d.item(n.sku);
        if (!item)
            return;
        if (item->gpuCount() > 0) {
            if (servers.empty())
                perSu = StorageGuidance::serversPerSu(*item);
            servers.push_back(n.id);
            if (n.unit.isValid() && d.group(n.unit) && d.group(n.unit)->kind == GroupKind::ScalableUnit)
                units.insert(n.unit.value());
        }
        if (item->kind == ItemKind::Storage && item->storage) {
            arrays.push_back(n.id);
            readGBps += item->storage->readGBps.value;
            writeGBps += item->storage->writeGBps.value;
            usableTb += item->storage->usableTb.value;
            if (readSources.size() < 2)
                readSources << QStringLiteral("%1: %2").arg(item->sku, item->storage->readGBps.source);
            for (LinkId id : d.linksOf(n.id)) {
                const PortGroup* g = d.portGroup(endAt(*d.link(id), n.id));
                if (g && g->role == PortRole::Storage)
                    arrayLinkGBps += d.linkSpeedGbps(*d.link(id)) / 8.0;
            }
        }
    });
    if (servers.empty())
        return;
    const DesignIntent intent = DesignIntent::ofProperties(d.properties());
    const StorageTier tier = intent.effectiveStorageTier();
    const StorageGuidance gd = StorageGuidance::of(tier);
    const QString tierText = QStringLiteral("\"%1\" tier%2")
                                 .arg(toString(tier), intent.storageTier ? QString() : QStringLiteral(" (default)"));
    std::vector<EntityRef> arrayEnts;
    for (NodeId a : arrays)
        arrayEnts.push_back(EntityRef::of(a));

    if (arrays.empty()) {
        out.push_back(make("STORAGE-NONE", QStringLiteral("%1 GPU servers and no storage system").arg(servers.size()),
            {},
            QStringLiteral("Training reads datasets and writes checkpoints to shared storage; the storage guidance for "
                           "the %1 asks for at least %2 GB/s read per scalable unit.")
                .arg(tierText)
                .arg(gd.suRead)));
        return;
    }

    // The same count the generator sizes storage with (model/storageguidance.h).
    const double sus = StorageGuidance::scalableUnits(static_cast<int>(servers.size()), perSu);
    const QString suText
        = QStringLiteral("%1 GPU servers / %2 per SU = %3 SU").arg(servers.size()).arg(perSu).arg(fmt(sus, 2));
    const double needRead = gd.aggregateRead(static_cast<int>(servers.size()), perSu);
    const double needWrite = gd.aggregateWrite(static_cast<int>(servers.size()), perSu);
    const QString src = QStringLiteral(
        "Guidance: NVIDIA DGX SuperPOD H100 RA, guidelines for storage performance (fabric-rules.md).");
    if (readGBps < needRead)
        out.push_back(make("STORAGE-READ",
            QStringLiteral("storage reads %1 GB/s; the %2 needs %3 GB/s").arg(fmt(readGBps), tierText, fmt(needRead)),
            arrayEnts,
            QStringLiteral(
                "Aggregate read = sum of array read throughput = %1 GB/s < max(%2 GB/s per SU x %3, %4 GB/s for one "
                "node) = %5 GB/s. %6 Array figures: %7.")
                .arg(fmt(readGBps))
                .arg(gd.suRead)
                .arg(suText)
                .arg(gd.nodeRead)
                .arg(fmt(needRead), src, readSources.join(QStringLiteral("; ")))));
    if (writeGBps < needWrite)
        out.push_back(make("STORAGE-WRITE",
            QStringLiteral("storage writes %1 GB/s; the %2 needs %3 GB/s")
                .arg(fmt(writeGBps), tierText, fmt(needWrite)),
            arrayEnts,
            QStringLiteral(
                "Aggregate write = sum of array write throughput = %1 GB/s < max(%2 GB/s per SU x %3, %4 GB/s "
                "for one node) = %5 GB/s. Checkpoints are written synchronously and block training. %6")
                .arg(fmt(writeGBps))
                .arg(gd.suWrite)
                .arg(suText)
                .arg(gd.nodeWrite)
                .arg(fmt(needWrite), src)));
    if (arrayLinkGBps < readGBps)
        out.push_back(make("STORAGE-FABRIC",
            QStringLiteral("the arrays' links carry %1 GB/s; the arrays deliver %2 GB/s")
                .arg(fmt(arrayLinkGBps), fmt(readGBps)),
            arrayEnts,
            QStringLiteral(
                "Storage-fabric bandwidth to the arrays = sum of link speeds on their storage ports / 8 = %1 GB/s "
                "< their read throughput %2 GB/s, so the fabric caps storage reads.")
                .arg(fmt(arrayLinkGBps), fmt(readGBps))));

    // Per node: what one node alone can read or write, limited by its storage links and by the
    // storage system (arrays and the fabric to them).
    // In a DGX SuperPOD (servers in scalable units) the RA asks for at least 40 GB/s of storage
    // I/O per node at every tier; the tier's own single-node figure applies where it is higher.
    const bool superPod = !units.empty();
    const double nodeReadNeed = superPod ? std::max(gd.nodeRead, StorageGuidance::kSuperPodNodeIoGBps) : gd.nodeRead;
    const QString nodeReadBasis = nodeReadNeed > gd.nodeRead
        ? QStringLiteral("DGX SuperPOD RA: storage I/O per node must exceed %1 GB/s (hardware-specs.md section 6, "
                         "[S4] quoting RA-11334-001), above the %2's %3 GB/s")
              .arg(StorageGuidance::kSuperPodNodeIoGBps)
              .arg(tierText)
              .arg(gd.nodeRead)
        : QStringLiteral("single-node guidance of the %1").arg(tierText);
    const double systemRead = std::min(readGBps, arrayLinkGBps);
    const double systemWrite = std::min(writeGBps, arrayLinkGBps);
    std::vector<NodeId> slowRead;
    std::vector<NodeId> slowWrite;
    double worstLink = -1;
    for (NodeId s : servers) {
        double link = 0;
        for (LinkId id : d.linksOf(s)) {
            const PortGroup* g = d.portGroup(endAt(*d.link(id), s));
            if (g && g->role == PortRole::Storage)
                link += d.linkSpeedGbps(*d.link(id)) / 8.0;
        }
        if (std::min(link, systemRead) < nodeReadNeed)
            slowRead.push_back(s);
        if (std::min(link, systemWrite) < gd.nodeWrite)
            slowWrite.push_back(s);
        if (worstLink < 0 || link < worstLink)
            worstLink = link;
    }
    auto nodeFinding = [&](const char* code, const std::vector<NodeId>& slow, const QString& what, double need,
                           double system, const QString& basis) {
        if (slow.empty())
            return;
        std::vector<EntityRef> ents;
        for (NodeId s : slow)
            ents.push_back(EntityRef::of(s));
        out.push_back(make(code,
            QStringLiteral("%1 GPU servers cannot %2 %3 GB/s each").arg(slow.size()).arg(what).arg(need), ents,
            QStringLiteral(
                "Per-node %1 = min(node storage links / 8, storage system) = min(%2 GB/s (slowest node), %3 GB/s) "
                "< %4 GB/s, the %5. %6 Nodes: %7.")
                .arg(what, fmt(worstLink), fmt(system))
                .arg(need)
                .arg(basis, src, nameList(d, slow))));
    };
    nodeFinding("STORAGE-NODE-READ", slowRead, QStringLiteral("read"), nodeReadNeed, systemRead, nodeReadBasis);
    nodeFinding("STORAGE-NODE-WRITE", slowWrite, QStringLiteral("write"), gd.nodeWrite, systemWrite,
        QStringLiteral("single-node guidance of the %1").arg(tierText));

    if (intent.datasetTb && usableTb < *intent.datasetTb)
        out.push_back(make("STORAGE-CAPACITY",
            QStringLiteral("%1 TB usable storage for a %2 TB dataset").arg(fmt(usableTb, 0), fmt(*intent.datasetTb, 0)),
            arrayEnts,
            QStringLiteral("Usable capacity = sum of array usable TB = %1 TB < dataset %2 TB (design intent).")
                .arg(fmt(usableTb, 0), fmt(*intent.datasetTb, 0))));
}

} // namespace pw::rules
