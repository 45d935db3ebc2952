#pragma once

#include <QStringList>

namespace pw {

class Design;
struct CatalogItem;

// Compares a generated design with the published design points its server's catalog entry lists
// ("published_designs": a reference architecture's table with its source, e.g. NVIDIA's DGX
// SuperPOD B300 XDR table, RA-11339). For the row of the requested node count on the same fabric
// switch it notes whether the compute fabric as built matches (leaves, spines, node-leaf and
// leaf-spine cables), what differs, and where the published row contradicts itself (GPUs not
// nodes x GPUs per node). Returns no notes when the entry lists no row for the design.
class PublishedDesignCheck {
public:
    struct Built {
        int nodes = 0;
        int gpus = 0;
        int leaves = 0;
        int spines = 0;
        int nodeLeafLinks = 0;
        int leafSpineLinks = 0;
    };
    [[nodiscard]] static Built countsOf(const Design& design);
    // The compute switch the server's published designs are built on ("" when it lists none).
    [[nodiscard]] static QString publishedSwitch(const CatalogItem& server);
    [[nodiscard]] static QStringList notes(
        const CatalogItem& server, const QString& switchSku, int requestedNodes, const Built& built);
};

} // namespace pw
