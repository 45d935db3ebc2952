#include "model/sharedcables.h"

#include "catalog/orderablelengths.h"
#include "model/design.h"

#include <utility>

namespace pw {

int SharedCables::cableRow(const Link& link, const CatalogItem* cable, int row)
{
    if (!cable || !cable->cable || cable->cable->linksPerCable < 2 || cable->cable->split > 1)
        return row;
    PortRef a = mDesign.cageOf(link.a);
    PortRef b = mDesign.cageOf(link.b);
    if (b < a)
        std::swap(a, b);
    Open& open = mOpen[Key{cable, OrderableLengths::lengthClass(cable, link.lengthM), a, b}];
    if (open.links == 0 || open.links >= cable->cable->linksPerCable)
        open = Open{row, 0};
    ++open.links;
    return open.row;
}

} // namespace pw
