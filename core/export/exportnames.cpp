#include "export/exportnames.h"

#include "model/design.h"

#include <QHash>

namespace pw {

ExportNames::ExportNames(const Design& design)
{
    mNames.resize(design.nodes().slotCount() + 1);
    QHash<QString, int> count;
    design.nodes().forEach([&](const Node& n) { count[n.name] += 1; });
    design.nodes().forEach([&](const Node& n) {
        QString name = n.name;
        if (count.value(n.name) > 1) {
            name += QStringLiteral("-n%1").arg(n.id.value());
            ++mDuplicates;
        }
        mNames[n.id.value()] = name;
    });
}

const QString& ExportNames::name(NodeId id) const
{
    static const QString none;
    return id.value() < mNames.size() ? mNames[id.value()] : none;
}

} // namespace pw
