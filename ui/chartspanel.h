#pragma once

#include <QWidget>

class QChart;
class QChartView;
class QTabWidget;

namespace pw::ui {

class DesignAnalysis;

// The Charts dock, three tabs drawn from DesignAnalysis (so they follow its debounce):
//  - Cost vs tiers: the tier table's typical GPU and cost ranges as shaded bands (log GPU count
//    against log capital cost) with the design as a point; the inference row only for inference
//    clusters (series named after the tier ids, the point "design"; costs in millions of USD).
//  - Cost breakdown: the bill of materials in four slices: compute (servers, NICs), network
//    (switches, cables, transceivers), storage, facility and other (racks, PDUs, appliances).
//  - Rack power: a bar per rack (maximum power, kW) against its budget drawn as a line.
class ChartsPanel : public QWidget {
    Q_OBJECT
public:
    // Racks drawn at most; above it, the most loaded ones.
    static constexpr int kMaxRackBars = 48;

    explicit ChartsPanel(DesignAnalysis* analysis, QWidget* parent = nullptr);

    [[nodiscard]] QChart* tierChart() const;
    [[nodiscard]] QChart* breakdownChart() const;
    [[nodiscard]] QChart* rackPowerChart() const;
    [[nodiscard]] QTabWidget* tabs() const { return mTabs; }

private:
    void refresh();
    void refreshTiers();
    void refreshBreakdown();
    void refreshRacks();

    DesignAnalysis* mAnalysis;
    QTabWidget* mTabs;
    QChartView* mTierView;
    QChartView* mBreakdownView;
    QChartView* mRackView;
};

} // namespace pw::ui
