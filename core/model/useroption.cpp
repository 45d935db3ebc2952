#include "model/useroption.h"

#include <array>
#include <utility>

namespace pw {

namespace {

// One row per option: the only place its user-facing name is written.
constexpr std::array<std::pair<UserOption, const char*>, 13> kNames{{
    {UserOption::ServerModel, "server model"},
    {UserOption::ServerCount, "number of servers"},
    {UserOption::GpuCount, "number of GPUs"},
    {UserOption::FabricSwitch, "fabric switch"},
    {UserOption::Topology, "topology"},
    {UserOption::Radix, "fat-tree radix"},
    {UserOption::ScalableUnitSize, "scalable-unit size"},
    {UserOption::KeepEveryServer, "keep every server"},
    {UserOption::RackPowerBudget, "rack power budget"},
    {UserOption::TrainingTokens, "training tokens"},
    {UserOption::TrainingDays, "training days"},
    {UserOption::FineTuneMethod, "fine-tuning method"},
    {UserOption::TwoSwitches, "two switches"},
}};

} // namespace

const std::vector<UserOption>& UserOptions::all()
{
    static const std::vector<UserOption> options = [] {
        std::vector<UserOption> v;
        for (const auto& row : kNames)
            v.push_back(row.first);
        return v;
    }();
    return options;
}

QString UserOptions::name(UserOption option)
{
    for (const auto& [o, n] : kNames)
        if (o == option)
            return QString::fromUtf8(n);
    return {};
}

QString UserOptions::mention(UserOption option)
{
    return QChar(0x201C) + name(option) + QChar(0x201D);
}

QString UserOptions::rewrite(QString text, const std::function<QString(UserOption)>& as)
{
    for (UserOption o : all())
        text.replace(mention(o), as(o));
    return text;
}

} // namespace pw
