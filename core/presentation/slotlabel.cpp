#include "presentation/slotlabel.h"

namespace pw {

QStringList SlotLabel::candidates(const QString& name, const QString& model, const QString& sku)
{
    static const QString dot = QStringLiteral(" \u00b7 ");
    QStringList out;
    if (!model.isEmpty())
        out << name + dot + model;
    if (!sku.isEmpty() && sku != model)
        out << name + dot + sku;
    out << name;
    return out;
}

QString SlotLabel::choose(const QStringList& candidates, const std::function<bool(const QString&)>& fits)
{
    for (const QString& c : candidates)
        if (fits(c))
            return c;
    return candidates.isEmpty() ? QString() : candidates.last();
}

} // namespace pw
