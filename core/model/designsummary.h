#pragma once

#include "model/nvlinkdomains.h"

#include <QJsonObject>
#include <QString>

#include <map>

namespace pw {

class Design;

// Counts a user asks about first: servers, GPUs, switches by model, links, racks.
struct DesignSummary {
    QString name;
    int nodes = 0;
    int servers = 0;
    int gpus = 0;
    int switches = 0;
    int storageSystems = 0;
    int appliances = 0;
    int links = 0;
    int racks = 0;
    int scalableUnits = 0;
    int pods = 0;
    std::map<QString, int> serversByModel;
    std::map<QString, int> switchesByModel;
    std::map<QString, int> linksByNetwork;
    NvlinkDomains nvlink; // the scale-up domains (counted once here for the status bar, CLI and report)

    [[nodiscard]] static DesignSummary of(const Design& design);
    [[nodiscard]] QJsonObject toJson() const;
    [[nodiscard]] QString toText() const;
};

} // namespace pw
