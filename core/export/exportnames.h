#pragma once

#include "util/strongid.h"

#include <QString>

#include <vector>

namespace pw {

class Design;

// The device names exports print. A name shared by several nodes (a design may hold duplicates)
// would make a cabling plan ambiguous, so each duplicate gets "-n<node id>" appended; unique names
// are kept as they are. Indexed by node id.
class ExportNames {
public:
    explicit ExportNames(const Design& design);
    [[nodiscard]] const QString& name(NodeId id) const;
    [[nodiscard]] int duplicates() const { return mDuplicates; }

private:
    std::vector<QString> mNames;
    int mDuplicates = 0;
};

} // namespace pw
