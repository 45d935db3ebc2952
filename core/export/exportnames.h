#pragma once

#include "util/strongid.h"

#include <QHash>
#include <QSet>
#include <QString>
#include <QStringList>

#include <vector>

namespace pw {

class Design;

// What a name written into an export must look like: its alphabet, its ends, its length and case.
// Every export that changes names to fit its format (Slurm host and switch names, Kubernetes node
// names and label values, the device names of the CSV files) states its rule here and makes its
// names unique with UniqueNames, so no two devices ever export under one name (issue 31 §5).
struct NameRule {
    QString what; // "Slurm names", for the warnings
    int maxBytes = 0; // UTF-8 bytes; 0: no limit
    bool (*allowed)(char16_t) = nullptr; // characters kept; any other becomes `replacement`
    bool (*edge)(char16_t) = nullptr; // what may start and end the name; others are trimmed (null: any)
    bool lowerCase = false;
    bool removeControls = false; // control characters dropped rather than replaced
    bool dnsLabels = false; // each '.'-separated part starts and ends with an edge character
    char16_t replacement = u'-';
    QString fallback = QStringLiteral("unnamed"); // when nothing is left

    // Slurm host and switch names: [A-Za-z0-9._-], at most 64 (a Linux host name's limit, and the
    // switch name limit of topology.conf; interchange-formats.md section 1).
    [[nodiscard]] static NameRule slurm();
    // A Kubernetes node name, a DNS-1123 subdomain: at most 253 of [a-z0-9.-], each dot-separated
    // part starting and ending with a letter or digit.
    [[nodiscard]] static NameRule k8sNodeName();
    // A Kubernetes label value: at most 63 of [A-Za-z0-9._-], starting and ending with a letter or digit.
    [[nodiscard]] static NameRule k8sLabelValue();
    // The device names of the CSV files: any text, control characters removed.
    [[nodiscard]] static NameRule device();
    // An InfiniBand node description (what ibnetdiscover and UFM show, the ibsim-net names): at
    // most 64 bytes (the NodeDescription attribute's size, IBA), no control characters, and no '"'
    // (the net and topology files quote descriptions), which becomes '\''.
    [[nodiscard]] static NameRule ibNodeDescription();
};

// Names made valid by a rule and unique among every name this object has given out.
//
// The one rule of every export: a name the rule leaves unchanged keeps it; a name that had to
// change (or repeats one already given) and then meets a name already given gets the first free
// suffix "-2", "-3", ... (the name shortened so that the suffix fits the limit), and a warning that
// names both originals. Within one batch, names that need no change are given first, then the
// others in their order, so the result depends only on the names and their order (the design's
// node ids), never on a hash. Nothing is left out and nothing is refused.
class UniqueNames {
public:
    explicit UniqueNames(NameRule rule);

    // The name the rule makes of `text`, unique or not.
    [[nodiscard]] QString valid(const QString& text) const;
    // Marks names as given (already valid ones, such as switch names a block name must avoid).
    void reserve(const QStringList& names);
    // One unique, valid name per entry of `wanted`, in order.
    [[nodiscard]] QStringList take(const QStringList& wanted);
    [[nodiscard]] QString take(const QString& wanted);
    // One line per collision: both original names and what the later one became.
    [[nodiscard]] const QStringList& warnings() const { return mWarnings; }

private:
    QString give(const QString& wanted, const QString& base);

    NameRule mRule;
    QHash<QString, QString> mOwner; // given name -> the original text it was made from
    QStringList mWarnings;
};

// The device names exports print. A name shared by several nodes (a design may hold duplicates)
// would make a cabling plan ambiguous, so each duplicate gets "-n<node id>" appended; unique names
// are kept as they are; control characters are removed (NameRule::device) and a name that then
// meets another is made unique with UniqueNames. Indexed by node id.
// hosts() are the scheduler's host names of each node (Slurm-safe, NameRule::slurm): the node's
// device name, or one per compute tray of a rack-scale system ("<node>-t01" ...), unique over the
// whole design. The one definition the Slurm files, the Kubernetes labels and the failure domains use.
class ExportNames {
public:
    explicit ExportNames(const Design& design);
    [[nodiscard]] const QString& name(NodeId id) const;
    [[nodiscard]] const QStringList& hosts(NodeId id) const;
    [[nodiscard]] int duplicates() const { return mDuplicates; }
    // Collisions of device names (CSV files) and of host names (scheduler files).
    [[nodiscard]] const QStringList& deviceWarnings() const { return mDeviceWarnings; }
    [[nodiscard]] const QStringList& hostWarnings() const { return mHostWarnings; }

private:
    std::vector<QString> mNames;
    std::vector<QStringList> mHosts;
    int mDuplicates = 0;
    QStringList mDeviceWarnings;
    QStringList mHostWarnings;
};

// What an export writes: its bytes, and the warnings a user must see (names made unique). The CLI
// prints the warnings on stderr; the studio shows them after the export.
struct ExportResult {
    QByteArray bytes;
    QStringList warnings;
};

} // namespace pw
