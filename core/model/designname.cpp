#include "model/designname.h"

#include "model/design.h"
#include "model/designintent.h"
#include "model/designsummary.h"

#include <QLocale>
#include <QRegularExpression>

namespace pw {

QString DesignName::placeholder()
{
    return QStringLiteral("Untitled design");
}

bool DesignName::isReadable(const Design& design)
{
    const QString name = design.name().trimmed();
    if (name.isEmpty() || name.compare(placeholder(), Qt::CaseInsensitive) == 0)
        return false;
    // SKUs are lower-case codes ("dgx-h100", "qm9700"); a name that contains one as a word was
    // built from them, not written for a reader.
    for (const auto& entry : design.items()) {
        const QRegularExpression word(
            QStringLiteral("(^|[^\\w-])%1($|[^\\w-])").arg(QRegularExpression::escape(entry.first)));
        if (entry.first.size() > 2 && word.match(name).hasMatch())
            return false;
    }
    return true;
}

QString DesignName::derived(const Design& design)
{
    const DesignSummary s = DesignSummary::of(design);
    const ClusterType type = DesignIntent::ofProperties(design.properties()).clusterType;
    const QString kind
        = type == ClusterType::Unspecified ? QStringLiteral("cluster") : toString(type) + QStringLiteral(" cluster");
    if (s.gpus == 0)
        return s.servers == 0 ? QStringLiteral("Cluster design")
                              : QStringLiteral("%1-server %2").arg(s.servers).arg(kind);
    // The model that holds most of the GPUs names the cluster.
    QString model;
    int most = 0;
    for (const auto& [sku, n] : s.serversByModel) {
        const CatalogItem* it = design.item(sku);
        const int gpus = n * (it ? it->gpuCount() : 0);
        if (it && gpus > most) {
            most = gpus;
            model = it->vendor.isEmpty() ? it->model : it->vendor + QLatin1Char(' ') + it->model;
        }
    }
    const QString gpus = QLocale(QLocale::English, QLocale::UnitedStates).toString(s.gpus);
    return model.trimmed().isEmpty() ? QStringLiteral("%1-GPU %2").arg(gpus, kind)
                                     : QStringLiteral("%1-GPU %2, %3").arg(gpus, kind, model.trimmed());
}

QString DesignName::forReader(const Design& design)
{
    return isReadable(design) ? design.name().trimmed() : derived(design);
}

} // namespace pw
