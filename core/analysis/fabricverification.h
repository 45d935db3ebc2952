#pragma once

#include "export/ethernetfabric.h"
#include "export/ibfabric.h"
#include "io/ibnetdiscovertopology.h"
#include "io/lldpneighbors.h"

#include <QJsonObject>
#include <QString>

#include <vector>

namespace pw {

// A discovered InfiniBand fabric (ibnetdiscover) against the designed subnet (IbFabric): which
// cables are where the design says, and what a technician must fix. Nodes are matched by their
// description (switch descriptions normalised, IbnetdiscoverTopology::normalisedDescription) and
// ports by number, never by GUID, which no design can know.
//
// Each designed link is `matched` (both ends as designed), `miscabled` (one end as designed, the
// other on another port or another switch: the report says where it is and where it should go)
// or `missing` (neither end has a cable). A discovered cable no designed link explains is
// `unexpected`. Two swapped cables are two miscabled links, each with its fix. A matched link
// below its designed rate is also `degraded`, unless speeds are ignored (ibsim reports 4xSDR).
//
// The same comparison checks an Ethernet network against what LLDP saw (LldpNeighbors against
// EthernetFabric): systems by name, ports by the name they advertise ("swp3s1", "mlx5_3"). LLDP
// reports no link rate, so an Ethernet link is never degraded.
class FabricVerification {
public:
    struct Port {
        QString node; // the node description (InfiniBand) or system name (Ethernet)
        int port = 0; // InfiniBand: the firmware's port number
        QString name; // Ethernet: the port's name ("swp3s1"); empty for InfiniBand
        [[nodiscard]] QString text() const; // "leaf-su01-r1 port 33", "leaf-001 swp3s1"
    };
    struct Miscabled {
        Port at; // the end that is as designed
        Port found; // where its far end is
        Port expected; // where the far end should be
    };
    struct Degraded {
        Port a;
        Port b;
        int designedGbps = 0;
        QString found; // "4xSDR"
    };
    struct Options {
        bool ignoreSpeed = false;
    };

    [[nodiscard]] static FabricVerification of(
        const IbFabric& design, const IbnetdiscoverTopology& discovered, Options options);
    [[nodiscard]] static FabricVerification of(const EthernetFabric& design, const LldpNeighbors& discovered);

    [[nodiscard]] int designedLinks() const { return mDesignedLinks; }
    [[nodiscard]] int discoveredLinks() const { return mDiscoveredLinks; }
    [[nodiscard]] const std::vector<std::pair<Port, Port>>& matched() const { return mMatched; }
    [[nodiscard]] const std::vector<std::pair<Port, Port>>& missing() const { return mMissing; }
    [[nodiscard]] const std::vector<std::pair<Port, Port>>& unexpected() const { return mUnexpected; }
    [[nodiscard]] const std::vector<Miscabled>& miscabled() const { return mMiscabled; }
    [[nodiscard]] const std::vector<Degraded>& degraded() const { return mDegraded; }
    // Descriptions several discovered nodes report (hosts not yet named, "localhost mlx5_0"): their
    // ports cannot be told apart, so the comparison is not to be trusted until they are renamed.
    [[nodiscard]] const QStringList& ambiguous() const { return mAmbiguous; }
    // Missing, unexpected, miscabled and degraded links, and ambiguous descriptions.
    [[nodiscard]] int differences() const;
    [[nodiscard]] bool asDesigned() const { return differences() == 0; }

    // "N of N links as designed" and one line per difference, with its fix.
    [[nodiscard]] QString text() const;
    [[nodiscard]] QJsonObject json() const;

private:
    struct DesignedLink;
    struct FoundLink;
    [[nodiscard]] static FabricVerification compare(
        const std::vector<DesignedLink>& designed, const std::vector<FoundLink>& found, Options options);

    int mDesignedLinks = 0;
    int mDiscoveredLinks = 0;
    std::vector<std::pair<Port, Port>> mMatched;
    std::vector<std::pair<Port, Port>> mMissing;
    std::vector<std::pair<Port, Port>> mUnexpected;
    std::vector<Miscabled> mMiscabled;
    std::vector<Degraded> mDegraded;
    QStringList mAmbiguous;
};

} // namespace pw
