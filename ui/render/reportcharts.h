#pragma once

#include <QRectF>
#include <QString>

#include <functional>
#include <utility>
#include <vector>

class QPainter;
class QPaintDevice;

namespace pw {

struct ReportData;

// The proposal's charts, drawn with QPainter so they stay vectors in the PDF. Each fills the area
// it is given and reads only what it is handed; callers reserve the area on the page.
class ReportCharts {
public:
    // Horizontal bars; `format` writes each bar's value (a count, an amount): the caller knows
    // what the bars measure.
    static void bars(QPainter& p, const QRectF& area, const std::vector<std::pair<QString, double>>& values,
        const QString& title, const std::function<QString(double)>& format);
    // The tier table's typical cost ranges on a log scale with the design's all-in band over them.
    static void tiers(QPainter& p, QPaintDevice* device, const QRectF& area, const ReportData& d);
    // Cumulative cost of owning against renting the same GPU-hours, year by year.
    static void ownVersusCloud(QPainter& p, QPaintDevice* device, const QRectF& area, const ReportData& d);
    // Heights the charts need for `d`, so sections can reserve room before drawing.
    [[nodiscard]] static double barsHeight(size_t bars) { return 26 + 16.0 * bars; }
    [[nodiscard]] static double tiersHeight(const ReportData& d);
    [[nodiscard]] static double ownVersusCloudHeight() { return 200; }

private:
    static void title(QPainter& p, const QRectF& area, const QString& text);
};

} // namespace pw
