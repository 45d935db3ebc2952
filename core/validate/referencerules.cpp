#include "analysis/deliberatedifferences.h"
#include "analysis/referencelines.h"
#include "validate/rulehelpers.h"

#include <QJsonArray>
#include <QJsonObject>

namespace pw::rules {

// A design generated at the design point of a published reference design (NVIDIA DGX SuperPOD RA,
// Table 7: 4 SU, 127 DGX H100) differs from the RA's table where the generator chooses otherwise
// on purpose: one finding per line, with the RA's figure, the design's and why. Silent for a line
// once the design no longer has the count the generator built (edited since).
void referenceRules(const Design& d, std::vector<Finding>& out)
{
    // Deliberate differences from the RA of the design's server (its catalog entry lists them),
    // whatever the design's size: one finding each, citing the RA, while the design shows it.
    for (const DeliberateDifferences::Difference& diff : DeliberateDifferences::of(d)) {
        std::vector<EntityRef> entities;
        for (NodeId n : diff.nodes)
            entities.push_back(EntityRef::of(n));
        out.push_back(make("DESIGN-REFERENCE", QStringLiteral("differs from %1: %2").arg(diff.document, diff.differs),
            std::move(entities),
            QStringLiteral("The reference architecture of %1 is %2. This design %3. Why: %4.")
                .arg(diff.server, diff.document, diff.differs, diff.why)));
    }
    const QJsonArray diffs = d.properties()
                                 .value(QLatin1String("generator"))
                                 .toObject()
                                 .value(QLatin1String("reference_differences"))
                                 .toArray();
    if (diffs.isEmpty())
        return;
    const std::map<QString, int> counts = ReferenceLines::count(d);
    for (const QJsonValue& v : diffs) {
        const QJsonObject diff = v.toObject();
        const QString line = diff.value(QLatin1String("line")).toString();
        const int built = diff.value(QLatin1String("built")).toInt();
        const int ra = diff.value(QLatin1String("ra")).toInt();
        const auto it = counts.find(line);
        if (it == counts.end() || it->second != built)
            continue;
        const QString why = diff.value(QLatin1String("why")).toString();
        out.push_back(make("DESIGN-REFERENCE",
            QStringLiteral("%1: %2 in this design, %3 in the reference design")
                .arg(ReferenceLines::label(line))
                .arg(built)
                .arg(ra),
            {},
            QStringLiteral("The design was generated at the design point of %1, which lists %2 %3; the generator "
                           "built %4. %5")
                .arg(diff.value(QLatin1String("document")).toString())
                .arg(ra)
                .arg(ReferenceLines::label(line))
                .arg(built)
                .arg(why.isEmpty() ? QStringLiteral("No reason is recorded for this difference.")
                                   : QStringLiteral("Why: %1.").arg(why))));
    }
}

} // namespace pw::rules
