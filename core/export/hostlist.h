#pragma once

#include <QString>
#include <QStringList>

namespace pw {

// Slurm hostlist expressions (../shared/reference/interchange-formats.md section 1.3):
// `prefix[1-4,7]suffix`, several bracket groups expanding as a cross product, leading zeros
// fixing the width. compress() only ever writes one bracket group at the end of a name.
class Hostlist {
public:
    // Names that end in digits and share a prefix and digit width become one `prefix[ranges]`.
    // Output order: groups in order of their first name; other names as given.
    [[nodiscard]] static QString compress(const QStringList& names);
    // The names an expression stands for; an empty list when it does not parse.
    [[nodiscard]] static QStringList expand(const QString& expression);
    // A name Slurm accepts in a hostlist (NameRule::slurm): letters, digits, '-', '_' and '.' kept,
    // anything else '-', at most 64 characters. Not unique: exports take names from UniqueNames.
    [[nodiscard]] static QString sanitize(const QString& name);
};

} // namespace pw
