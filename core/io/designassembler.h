#pragma once

#include "model/design.h"
#include "util/designlimits.h"

#include <QJsonObject>

#include <exception>
#include <optional>
#include <vector>

namespace pw {

// The raw contents of a design as read from a file, before any check. Both loaders (SQLite and
// JSON) fill one of these, and assemble() turns it into a Design or throws FormatError naming the
// first thing that is wrong, so a hostile file is checked by exactly one piece of code.
struct DesignRecords {
    QString name;
    QJsonObject properties; // without the floor plan (format 1 kept it here: moved to `floor` on assembly)
    std::optional<QJsonValue> floor; // FloorLayout's JSON form, checked against the racks on assembly
    std::vector<QJsonObject> items;
    std::vector<Node> nodes;
    std::vector<Link> links;
    std::vector<Group> groups;
};

class DesignAssembler {
public:
    // Generous bounds that still keep memory proportional to the file (docs/file-format.md),
    // from the largest legal design (util/designlimits.h). The most verbose generated shape (a
    // fat-tree of one-GPU hosts) has 1.5 nodes, 5 links and 0.05 racks per GPU; these allow 2,
    // 20 and 1 per GPU.
    static constexpr size_t kMaxNodes = 2 * static_cast<size_t>(limits::kMaxGpus); // 2,000,000
    static constexpr size_t kMaxLinks = 20 * static_cast<size_t>(limits::kMaxGpus); // 20,000,000
    static constexpr size_t kMaxGroups = static_cast<size_t>(limits::kMaxGpus); // 1,000,000
    static constexpr size_t kMaxItems = 10'000; // catalog items carried by one design
    // Ports of all nodes together: each costs a slot in the port table, allocated on load, so a
    // small file naming a 4,096-port model many times must not need gigabytes.
    static constexpr qint64 kMaxPorts = 16 * limits::kMaxGpus; // 16,000,000
    static constexpr qsizetype kMaxNameLength = Design::kMaxNameLength; // design, node and group names
    static constexpr qsizetype kMaxSkuLength = 64;
    static constexpr qsizetype kMaxPropertiesBytes = 1 << 20; // the properties object as compact JSON
    static constexpr qsizetype kMaxItemBytes = 64 << 10; // one stored catalog item as compact JSON

    [[nodiscard]] static Design assemble(DesignRecords records);
};

// The message both loaders give when memory runs out while reading `path` (std::bad_alloc): what
// happened and to which file, instead of "internal error: std::bad_alloc".
[[nodiscard]] QString outOfMemoryWhileLoading(const QString& path, const std::exception& e);

} // namespace pw
