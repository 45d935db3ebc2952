#pragma once

#include <QJsonArray>
#include <QString>

#include <map>
#include <vector>

namespace pw {

class Design;
struct CatalogItem;

// The lines of a published reference design's bill of materials (NVIDIA DGX SuperPOD RA for DGX
// H100, RA-11333-001: Table 4, compute fabric; Table 7, major components; Table 8, cables) counted
// in a design. One count read by the generator's comparison with the published design, the
// DESIGN-REFERENCE rule and the golden tests.
class ReferenceLines {
public:
    // The lines, in the order of the RA's tables; keys as in a server item's "reference_design".
    [[nodiscard]] static const std::vector<QString>& keys();
    [[nodiscard]] static QString label(const QString& key);
    [[nodiscard]] static std::map<QString, int> count(const Design& design);

    // A generated design against the published design point of its server model (the server
    // item's "reference_design": document, scalable units, nodes, and the RA's count of each
    // line), when the design is that point (rail-optimized, the same SUs and nodes): every line
    // that differs, as {line, label, ra, built, why}, where `why` says why the generator builds it
    // differently. Empty when the design is not the published point or matches it line by line.
    [[nodiscard]] static QJsonArray differences(
        const Design& design, const CatalogItem& server, int scalableUnits, bool railOptimized);
    // Why the generator builds a line differently from the RA; empty for a line with no known reason.
    [[nodiscard]] static QString why(const QString& key);
};

} // namespace pw
