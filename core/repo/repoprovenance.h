#pragma once

#include <QJsonObject>
#include <QString>

#include <optional>

namespace pw {

class Design;

// Which repository revision a design file was pulled from (or last pushed as): kept in the design's
// properties under "repository" as {design, revision}, so that the next push can be refused when
// someone else pushed in between (optimistic concurrency). The repository itself stores designs
// without it: a revision's content never says which revision it is.
struct RepoProvenance {
    static constexpr const char* kProperty = "repository";

    QString design;
    int revision = 0;

    [[nodiscard]] static std::optional<RepoProvenance> of(const Design& design);
    static void set(Design& design, const RepoProvenance& provenance);
    static void clear(Design& design);
};

} // namespace pw
