#pragma once

#include "model/node.h"

#include <QDateTime>
#include <QJsonObject>
#include <QString>

#include <optional>
#include <vector>

namespace pw {

class Design;
class FabricVerification;
class IbFabric;

// What a verification found, by kind. Missing, miscabled and unexpected are cables; degraded is a
// cable as designed but slow; ambiguous is a description several discovered nodes report.
enum class DifferenceKind { Missing, Miscabled, Unexpected, Degraded, Ambiguous };
[[nodiscard]] QString toString(DifferenceKind kind); // "missing", "miscabled", ...
[[nodiscard]] std::optional<DifferenceKind> differenceKindFromString(const QString& text);

// One end of a cable as a technician finds it: the device as the fabric describes it, its port,
// and where the design puts the device (rack and U).
struct VerificationEnd {
    QString device; // the node description: "leaf-su01-r1", "dgx-001 mlx5_0"
    int port = 0; // the port number the fabric reports (a switch's firmware number; an adapter's 1)
    QString rack; // empty when not racked or not a device of the design
    int unit = 0; // the device's lowest U, 0 when unknown
    NodeId node; // the design's node, invalid when the design has no device of that description
    [[nodiscard]] QString text() const; // "leaf-01 port 33 (rack R02, U40)"
};

// One difference between the design and the discovered cluster, whatever discovered it
// (ibnetdiscover here; LLDP adds its own with its network).
struct VerificationDifference {
    DifferenceKind kind = DifferenceKind::Missing;
    Network network = Network::None;
    // Missing and degraded: the designed link's ends. Unexpected: the cable's ends. Miscabled: `a`
    // is the end that is as designed, `b` where its far end is now. Ambiguous: `a` names the
    // description.
    VerificationEnd a;
    VerificationEnd b;
    std::optional<VerificationEnd> expected; // miscabled: where the far end should be
    LinkId link; // the designed link (missing, miscabled, degraded); invalid otherwise
    QString label; // that link's cable label in the cabling plan ("C-00042")
    QString fix; // what the technician does, in a sentence
};

// A verification in the design's terms: the counts, every difference with rack, U, port, cable
// label and fix, and the fingerprint of the designed subnet it was made against. The one result
// the studio's overlay and list, the acceptance report, the proposal's line and the copy kept
// with the design read.
//
// Kept with the design in its properties (`verification`), without a file format change: the
// counts in full and at most kMaxStoredDifferences difference rows (a few hundred bytes each, far
// below the properties' 1 MiB). A new verification replaces it. It describes the design only while
// the designed subnet is the same (same devices, descriptions, ports and cables: the fingerprint);
// any edit that changes them makes it stale, and stored() then returns nothing.
struct VerificationReport {
    static constexpr int kMaxStoredDifferences = 200;
    static constexpr const char* kPropertyKey = "verification";

    Network network = Network::None;
    QString source; // the discovery file's name
    QDateTime when; // UTC
    QString fingerprint; // of the designed subnet (fabricFingerprint)
    int designedLinks = 0;
    int asDesignedLinks = 0; // matched and at their designed speed
    int ufmLinks = 0; // designed links to a UFM appliance (subnet manager), among designedLinks
    int ufmAsDesigned = 0;
    int discoveredLinks = 0;
    int missing = 0;
    int miscabled = 0;
    int unexpected = 0;
    int degraded = 0;
    int ambiguous = 0;
    std::vector<VerificationDifference> differences; // all of them, or the first kMaxStoredDifferences once stored

    [[nodiscard]] static VerificationReport of(const Design& design, const IbFabric& fabric,
        const FabricVerification& verification, const QString& source, const QDateTime& when);

    [[nodiscard]] int differenceCount() const { return missing + miscabled + unexpected + degraded + ambiguous; }
    [[nodiscard]] bool isAsDesigned() const { return differenceCount() == 0; }
    // Differences counted but not listed (a stored report keeps the first kMaxStoredDifferences).
    [[nodiscard]] int unlisted() const { return differenceCount() - static_cast<int>(differences.size()); }
    // "252 of 252 compute links as designed (UFM links: 4 of 4)", then the differences by kind.
    [[nodiscard]] QString headline() const;

    [[nodiscard]] QJsonObject storedJson() const;
    // The report a stored object describes, or nothing when it is damaged (a file is untrusted).
    [[nodiscard]] static std::optional<VerificationReport> fromStoredJson(const QJsonObject& o);
    // The designed subnet's devices, ports and cables, hashed (SHA-256, first 16 hex digits).
    [[nodiscard]] static QString fabricFingerprint(const IbFabric& fabric);

    // `properties` with this report as the stored verification, replacing any earlier one.
    [[nodiscard]] QJsonObject storedIn(QJsonObject properties) const;
    // The design's stored verification while it still describes the design; nothing when none is
    // stored, it is damaged, or the designed subnet changed since (isStale).
    [[nodiscard]] static std::optional<VerificationReport> stored(const Design& design);
    // A verification is stored but the designed subnet changed since it ran.
    [[nodiscard]] static bool isStale(const Design& design);
};

} // namespace pw
