#include "export/exportnames.h"

#include "model/design.h"
#include "model/nvlinkdomains.h"

namespace pw {

namespace {

bool isControl(char16_t u)
{
    return u < 0x20 || (u >= 0x7f && u < 0xa0) || u == 0x2028 || u == 0x2029;
}

bool asciiAlnum(char16_t u)
{
    return (u >= u'a' && u <= u'z') || (u >= u'A' && u <= u'Z') || (u >= u'0' && u <= u'9');
}

bool slurmChar(char16_t u)
{
    return asciiAlnum(u) || u == u'-' || u == u'_' || u == u'.';
}

bool dnsChar(char16_t u)
{
    return (u >= u'a' && u <= u'z') || (u >= u'0' && u <= u'9') || u == u'-' || u == u'.';
}

bool anyText(char16_t u)
{
    return !isControl(u);
}

// Trims characters that may not start or end a name (or, with dnsLabels, a dot-separated part).
QString trimEdges(QString s, const NameRule& rule)
{
    if (!rule.edge)
        return s;
    auto trim = [&](QString part) {
        qsizetype a = 0;
        qsizetype b = part.size();
        while (a < b && !rule.edge(part.at(a).unicode()))
            ++a;
        while (b > a && !rule.edge(part.at(b - 1).unicode()))
            --b;
        return part.mid(a, b - a);
    };
    if (!rule.dnsLabels)
        return trim(std::move(s));
    QStringList parts;
    for (const QString& p : s.split(QLatin1Char('.'))) {
        const QString t = trim(p);
        if (!t.isEmpty())
            parts << t;
    }
    return parts.join(QLatin1Char('.'));
}

// At most `maxBytes` of UTF-8, cut between characters (never inside a surrogate pair), ends trimmed again.
QString shorten(const QString& s, int maxBytes, const NameRule& rule)
{
    if (maxBytes <= 0)
        return {};
    qsizetype bytes = 0;
    qsizetype i = 0;
    while (i < s.size()) {
        const char16_t u = s.at(i).unicode();
        const bool pair = QChar::isHighSurrogate(u) && i + 1 < s.size() && s.at(i + 1).isLowSurrogate();
        const int n = pair ? 4 : (u < 0x80 ? 1 : (u < 0x800 ? 2 : 3));
        if (bytes + n > maxBytes)
            break;
        bytes += n;
        i += pair ? 2 : 1;
    }
    return i == s.size() ? s : trimEdges(s.left(i), rule);
}

// Shown in a warning: control and bidirectional-override characters as \u{...}, so a name cannot
// rewrite the terminal it is printed on.
QString shown(const QString& s)
{
    QString out;
    for (QChar c : s) {
        const char16_t u = c.unicode();
        if (isControl(u) || (u >= 0x202a && u <= 0x202e) || (u >= 0x2066 && u <= 0x2069))
            out += QStringLiteral("\\u{%1}").arg(static_cast<int>(u), 0, 16);
        else
            out += c;
    }
    return QLatin1Char('"') + out + QLatin1Char('"');
}

} // namespace

NameRule NameRule::slurm()
{
    NameRule r;
    r.what = QStringLiteral("Slurm names");
    r.maxBytes = 64;
    r.allowed = slurmChar;
    return r;
}

NameRule NameRule::k8sNodeName()
{
    NameRule r;
    r.what = QStringLiteral("Kubernetes node names");
    r.maxBytes = 253;
    r.allowed = dnsChar;
    r.edge = [](char16_t u) { return (u >= u'a' && u <= u'z') || (u >= u'0' && u <= u'9'); };
    r.lowerCase = true;
    r.dnsLabels = true;
    r.fallback = QStringLiteral("node");
    return r;
}

NameRule NameRule::k8sLabelValue()
{
    NameRule r;
    r.what = QStringLiteral("Kubernetes label values");
    r.maxBytes = 63;
    r.allowed = slurmChar;
    r.edge = asciiAlnum;
    r.fallback = QStringLiteral("unnamed");
    return r;
}

NameRule NameRule::device()
{
    NameRule r;
    r.what = QStringLiteral("device names");
    r.allowed = anyText;
    r.removeControls = true;
    r.fallback = QString();
    return r;
}

NameRule NameRule::ibNodeDescription()
{
    NameRule r;
    r.what = QStringLiteral("InfiniBand node descriptions");
    r.maxBytes = 64;
    r.allowed = [](char16_t u) { return u != u'"'; };
    r.removeControls = true;
    r.replacement = u'\'';
    r.fallback = QStringLiteral("unnamed");
    return r;
}

UniqueNames::UniqueNames(NameRule rule) : mRule(std::move(rule)) {}

QString UniqueNames::valid(const QString& text) const
{
    // Most names already fit: kept as they are, without a copy (exports name every node).
    const qsizetype n = text.size();
    bool fits = n > 0 && (mRule.maxBytes <= 0 || n * 3 <= mRule.maxBytes || text.toUtf8().size() <= mRule.maxBytes);
    for (qsizetype i = 0; fits && i < n; ++i) {
        const char16_t u = text.at(i).unicode();
        fits = !(mRule.removeControls && isControl(u)) && (!mRule.allowed || mRule.allowed(u))
            && !(mRule.lowerCase && u >= u'A' && u <= u'Z');
    }
    if (fits && mRule.edge && (!mRule.edge(text.front().unicode()) || !mRule.edge(text.back().unicode())))
        fits = false;
    if (fits && mRule.dnsLabels
        && (text.contains(QLatin1String("..")) || text.contains(QLatin1String(".-"))
            || text.contains(QLatin1String("-."))))
        fits = false;
    if (fits)
        return text;
    QString s;
    s.reserve(text.size());
    for (QChar c : text) {
        const char16_t u = mRule.lowerCase && c.unicode() < 128 ? c.toLower().unicode() : c.unicode();
        if (mRule.removeControls && isControl(u))
            continue;
        s += (!mRule.allowed || mRule.allowed(u)) ? QChar(u) : QChar(mRule.replacement);
    }
    s = trimEdges(std::move(s), mRule);
    if (mRule.maxBytes > 0)
        s = shorten(s, mRule.maxBytes, mRule);
    return s.isEmpty() ? mRule.fallback : s;
}

void UniqueNames::reserve(const QStringList& names)
{
    for (const QString& n : names)
        if (!mOwner.contains(n))
            mOwner.insert(n, n);
}

QString UniqueNames::give(const QString& wanted, const QString& base)
{
    if (!mOwner.contains(base)) {
        mOwner.insert(base, wanted);
        return base;
    }
    QString name;
    for (int i = 2;; ++i) {
        const QString suffix = QStringLiteral("-%1").arg(i);
        QString stem
            = mRule.maxBytes > 0 ? shorten(base, mRule.maxBytes - static_cast<int>(suffix.size()), mRule) : base;
        if (stem.isEmpty())
            stem = mRule.fallback;
        name = stem + suffix;
        if (!mOwner.contains(name))
            break;
    }
    mWarnings << QStringLiteral("%1: %2 and %3 are both %4 once made valid; %2 is written as %5")
                     .arg(mRule.what, shown(wanted), shown(mOwner.value(base)), shown(base), shown(name));
    mOwner.insert(name, wanted);
    return name;
}

QStringList UniqueNames::take(const QStringList& wanted)
{
    QStringList out;
    out.reserve(wanted.size());
    QList<qsizetype> later;
    for (qsizetype i = 0; i < wanted.size(); ++i) {
        const QString base = valid(wanted.at(i));
        if (base == wanted.at(i) && !mOwner.contains(base)) {
            mOwner.insert(base, wanted.at(i));
        } else {
            later << i;
        }
        out << base; // the later ones: replaced below
    }
    for (qsizetype i : later)
        out[i] = give(wanted.at(i), out.at(i));
    return out;
}

QString UniqueNames::take(const QString& wanted)
{
    return take(QStringList{wanted}).front();
}

ExportNames::ExportNames(const Design& design)
{
    const size_t slots = design.nodes().slotCount() + 1;
    mNames.resize(slots);
    mHosts.resize(slots);
    QHash<QString, int> count;
    design.nodes().forEach([&](const Node& n) { count[n.name] += 1; });
    std::vector<NodeId> ids;
    QStringList wanted;
    design.nodes().forEach([&](const Node& n) {
        QString name = n.name;
        if (count.value(n.name) > 1) {
            name += QStringLiteral("-n%1").arg(n.id.value());
            ++mDuplicates;
        }
        ids.push_back(n.id);
        wanted << name;
    });
    UniqueNames devices(NameRule::device());
    const QStringList names = devices.take(wanted);
    mDeviceWarnings = devices.warnings();

    QStringList hostWanted;
    std::vector<int> perNode(ids.size());
    for (size_t i = 0; i < ids.size(); ++i) {
        mNames[ids[i].value()] = names.at(static_cast<qsizetype>(i));
        const CatalogItem* item = design.itemOf(ids[i]);
        const QStringList h = NvlinkDomains::hostNames(
            names.at(static_cast<qsizetype>(i)), item ? NvlinkDomains::hostsPerNode(*item) : 1);
        perNode[i] = static_cast<int>(h.size());
        hostWanted << h;
    }
    UniqueNames hosts(NameRule::slurm());
    const QStringList given = hosts.take(hostWanted);
    mHostWarnings = hosts.warnings();
    qsizetype at = 0;
    for (size_t i = 0; i < ids.size(); ++i) {
        mHosts[ids[i].value()] = given.mid(at, perNode[i]);
        at += perNode[i];
    }
}

const QString& ExportNames::name(NodeId id) const
{
    static const QString none;
    return id.value() < mNames.size() ? mNames[id.value()] : none;
}

const QStringList& ExportNames::hosts(NodeId id) const
{
    static const QStringList none;
    return id.value() < mHosts.size() ? mHosts[id.value()] : none;
}

} // namespace pw
