#pragma once

#include "util/strongid.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <map>
#include <vector>

namespace pw {

class Design;
struct CatalogItem;

// One NVLink (scale-up) domain: the GPUs that reach each other over NVLink without the scale-out
// fabric. A DGX is an 8-GPU domain of one node; an NVL72 rack is one 72-GPU domain, whether the
// design holds it as one node (today's catalog) or as 18 compute-tray nodes of 4 GPUs.
struct NvlinkDomain {
    QString name;
    std::vector<NodeId> nodes; // the servers in it, in node-id order
    int gpus = 0; // GPUs the design puts in it
    int sizeGpus = 0; // GPUs a full domain of this model holds (catalog)
    double gbpsPerGpu = 0; // NVLink bandwidth per GPU, both directions, GB/s (catalog)
    [[nodiscard]] bool partial() const { return gpus < sizeGpus; }
};

// The NVLink domains of a design, computed from the catalog: a server's domain holds
// `nvlink_domain.gpus` GPUs (catalog attribute, with its source; default: the server's own GPUs
// when it has NVLink). Servers of one model whose domain spans several nodes are grouped by rack,
// in node-id order, `gpus / gpus-per-node` nodes to a domain; a rack with fewer gives a partial
// domain. Servers without NVLink (PCIe GPUs, other vendors' links) are in no domain.
class NvlinkDomains {
public:
    [[nodiscard]] static NvlinkDomains of(const Design& design);

    // GPUs in a full NVLink domain of this server model; 0 when it has no NVLink.
    [[nodiscard]] static int domainGpus(const CatalogItem& item);
    // Where the catalog's domain size comes from (its source, or why it is the server's own GPUs).
    [[nodiscard]] static QString domainSource(const CatalogItem& item);
    // The scheduler hosts (operating-system instances) a design node stands for: the compute
    // trays of a rack-scale system held as one node (catalog `compute_trays`), else the node itself.
    [[nodiscard]] static int hostsPerNode(const CatalogItem& item);
    [[nodiscard]] static QStringList hostNames(const QString& nodeName, int hosts);

    [[nodiscard]] const std::vector<NvlinkDomain>& domains() const { return mDomains; }
    [[nodiscard]] const NvlinkDomain* domainOf(NodeId node) const;
    [[nodiscard]] int count() const { return static_cast<int>(mDomains.size()); }
    // GPUs of the largest full domain (0 without domains).
    [[nodiscard]] int largestSize() const;
    [[nodiscard]] int partialCount() const;
    // Domains by full size in GPUs: {8: 72} for a 72-node DGX design.
    [[nodiscard]] std::map<int, int> countBySize() const;
    // `analyze --json`'s "nvlink_domains": count, size, gpus, partial, by_size.
    [[nodiscard]] QJsonObject toJson() const;
    // One line for the studio's status bar and the CLI: "9 NVLink domains of 8 GPUs".
    [[nodiscard]] QString text() const;

private:
    std::vector<NvlinkDomain> mDomains;
    std::map<NodeId, int> mIndex;
};

} // namespace pw
