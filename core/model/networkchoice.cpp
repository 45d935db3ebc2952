#include "model/networkchoice.h"

#include "catalog/catalogitem.h"

namespace pw {

std::vector<Network> NetworkChoice::choicesFor(const CatalogItem& item)
{
    if (item.kind != ItemKind::Switch)
        return {};
    // The catalog parser has checked the list (CatalogItemParser), so every name is known.
    std::vector<Network> listed;
    for (const QString& name : item.networks ? item.networks->value : QStringList())
        if (const auto n = networkFromString(name); n && *n != Network::None)
            listed.push_back(*n);
    if (!listed.empty())
        return listed;
    return {Network::Compute, Network::Storage, Network::InBand, Network::OutOfBand};
}

Network NetworkChoice::defaultFor(const CatalogItem& item)
{
    const std::vector<Network> choices = choicesFor(item);
    return choices.empty() ? Network::None : choices.front();
}

} // namespace pw
