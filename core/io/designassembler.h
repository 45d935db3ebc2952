#pragma once

#include "model/design.h"

#include <QJsonObject>

#include <vector>

namespace pw {

// The raw contents of a design as read from a file, before any check. Both loaders (SQLite and
// JSON) fill one of these, and assemble() turns it into a Design or throws FormatError naming the
// first thing that is wrong, so a hostile file is checked by exactly one piece of code.
struct DesignRecords {
    QString name;
    QJsonObject properties;
    std::vector<QJsonObject> items;
    std::vector<Node> nodes;
    std::vector<Link> links;
    std::vector<Group> groups;
};

class DesignAssembler {
public:
    // Generous bounds that still keep memory proportional to the file.
    static constexpr size_t kMaxNodes = 2'000'000;
    static constexpr size_t kMaxLinks = 20'000'000;
    static constexpr size_t kMaxGroups = 1'000'000;

    [[nodiscard]] static Design assemble(DesignRecords records);
};

} // namespace pw
