#pragma once

#include <QString>

#include <functional>
#include <vector>

namespace pw {

// The settings a user gives the generator and the sizer, by what they mean. Core messages name a
// setting through mention() ("raise the “fat-tree radix”"), never by a front end's spelling of it:
// the CLI turns each mention into its flag (--radix), the studio into its widget's label, so a GUI
// user never reads "--radix" and a CLI user is told which flag to pass.
enum class UserOption {
    ServerModel,
    ServerCount,
    GpuCount,
    FabricSwitch,
    Topology,
    Radix,
    ScalableUnitSize,
    KeepEveryServer,
    RackPowerBudget,
    TrainingTokens,
    TrainingDays,
    FineTuneMethod,
    TwoSwitches,
};

class UserOptions {
public:
    // Every option in the table, in declaration order.
    [[nodiscard]] static const std::vector<UserOption>& all();
    // "fat-tree radix": the option as a sentence names it.
    [[nodiscard]] static QString name(UserOption option);
    // "“fat-tree radix”": the option as core writes it into a message, so a front end can find it.
    [[nodiscard]] static QString mention(UserOption option);
    // `text` with every mention replaced by `as(option)` (a flag, a widget's label).
    [[nodiscard]] static QString rewrite(QString text, const std::function<QString(UserOption)>& as);
};

} // namespace pw
