#include "generate/leafpair.h"

#include "generate/designbuilder.h"

#include <algorithm>

namespace pw {

int LeafPair::links(int hostPorts, int hostGbps, int linkGbps, const Oversubscription& os, int freePorts)
{
    if (hostPorts <= 0 || hostGbps <= 0 || linkGbps <= 0 || freePorts <= 0)
        return 0;
    const long long need = static_cast<long long>(hostPorts) * hostGbps * os.up;
    const long long per = static_cast<long long>(linkGbps) * os.down;
    const long long count = std::max(1LL, (need + per - 1) / per);
    return static_cast<int>(std::min<long long>(count, freePorts));
}

void LeafPair::join(DesignBuilder& b, const CatalogItem& sw, NodeId first, NodeId second, int firstFree, int count)
{
    const int group = DesignBuilder::groupWithRole(sw, PortRole::Fabric);
    b.skipTo(first, group, firstFree);
    b.skipTo(second, group, firstFree);
    for (int i = 0; i < count; ++i)
        b.connect(b.takePort(first, group), b.takePort(second, group));
}

} // namespace pw
