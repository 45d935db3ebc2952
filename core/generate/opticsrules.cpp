#include "generate/opticsrules.h"

#include "catalog/catalog.h"

namespace pw {

QString OpticsRules::transceiverFor(const QString& connector, int portsPerCage, bool singleMode)
{
    if (connector == QLatin1String("OSFP")) {
        if (portsPerCage >= 2)
            return singleMode ? QStringLiteral("mms4x00-ns") : QStringLiteral("mma4z00-ns");
        return singleMode ? QStringLiteral("mms4x00-ns400") : QStringLiteral("mma4z00-ns400");
    }
    if (connector == QLatin1String("QSFP112"))
        return QStringLiteral("mma1z00-ns400"); // the only QSFP112 module: multimode, 50 m
    if (connector == QLatin1String("QSFP28"))
        return QStringLiteral("qsfp28-100g-sr4");
    return {};
}

QString OpticsRules::copperFor(const QString& a, const QString& b, double metres)
{
    if (a == QLatin1String("RJ45") || b == QLatin1String("RJ45"))
        return QStringLiteral("cat6-rj45");
    if (a != b)
        return {};
    if (a == QLatin1String("OSFP"))
        return metres <= 3 ? QStringLiteral("dac-800g-osfp")
            : metres <= 5  ? QStringLiteral("acc-800g-osfp")
                           : QString();
    if (a == QLatin1String("QSFP28") && metres <= 5)
        return QStringLiteral("dac-100g-qsfp28");
    if (a == QLatin1String("QSFP56") && metres <= 2)
        return QStringLiteral("dac-200g-qsfp56");
    return {};
}

bool OpticsRules::cableReaches(const Catalog& catalog, const QString& sku, double metres)
{
    const CatalogItem* item = catalog.item(sku);
    return item && item->cable && (item->cable->maxLengthM <= 0 || metres <= item->cable->maxLengthM);
}

OpticsRules::Optical OpticsRules::opticalFor(const Catalog& catalog, const QString& connectorA, int portsPerCageA,
    const QString& connectorB, int portsPerCageB, double metres)
{
    for (const bool singleMode : {false, true}) {
        const QString fiberKind = singleMode ? QStringLiteral("singlemode") : QStringLiteral("multimode");
        auto fits = [&](const QString& sku) {
            const CatalogItem* item = sku.isEmpty() ? nullptr : catalog.item(sku);
            return item && item->transceiver && item->transceiver->fiber == fiberKind
                && (item->transceiver->maxReachM <= 0 || metres <= item->transceiver->maxReachM);
        };
        const QString ta = transceiverFor(connectorA, portsPerCageA, singleMode);
        const QString tb = transceiverFor(connectorB, portsPerCageB, singleMode);
        const QString fiber = fiberFor(singleMode);
        if (fits(ta) && fits(tb) && cableReaches(catalog, fiber, metres))
            return {fiber, portsPerCageB > portsPerCageA ? tb : ta};
    }
    return {};
}

} // namespace pw
