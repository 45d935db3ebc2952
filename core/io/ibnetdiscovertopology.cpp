#include "io/ibnetdiscovertopology.h"

#include <QHash>
#include <QRegularExpression>

#include <map>

namespace pw {

double IbnetdiscoverTopology::Link::gbps() const
{
    return width * laneGbps(speed);
}

double IbnetdiscoverTopology::laneGbps(const QString& speed)
{
    // Lane rates, InfiniBand Architecture Specification (as infiniband-diags names them).
    static const QHash<QString, double> rates{{QStringLiteral("SDR"), 2.5}, {QStringLiteral("DDR"), 5},
        {QStringLiteral("QDR"), 10}, {QStringLiteral("FDR10"), 10}, {QStringLiteral("FDR"), 14},
        {QStringLiteral("EDR"), 25}, {QStringLiteral("HDR"), 50}, {QStringLiteral("NDR"), 100},
        {QStringLiteral("XDR"), 200}};
    return rates.value(speed, 0.0);
}

QString IbnetdiscoverTopology::normalisedDescription(const QString& description)
{
    static const QRegularExpression mellanox(QStringLiteral("^MF0;([^:]+):"));
    const auto m = mellanox.match(description);
    return m.hasMatch() ? m.captured(1) : description;
}

IbnetdiscoverParse IbnetdiscoverTopology::parse(const QByteArray& text)
{
    static const QRegularExpression header(QStringLiteral("^(Switch|Ca|Rt)\\s+(\\d+)\\s+\"([^\"]+)\"\\s*(?:#\\s*\"(.*)"
                                                          "\"(?:\\s+(?:base port|enhanced port|lid)\\b.*)?)?\\s*$"));
    static const QRegularExpression portLine(QStringLiteral(
        "^\\[(\\d+)\\](?:\\([0-9a-fA-Fx]+\\))?\\s*\"([^\"]+)\"\\[(\\d+)\\](?:\\([0-9a-fA-Fx]+\\))?\\s*(#.*)?$"));
    static const QRegularExpression attribute(QStringLiteral("^(vendid|devid|sysimgguid|switchguid|caguid|rtguid)="));
    static const QRegularExpression rate(QStringLiteral("\\b(\\d+)x([A-Z]+\\d*)\\s*$"));

    IbnetdiscoverTopology t;
    QHash<QString, int> byId; // guid id ("S-...") -> node
    struct Half {
        int node;
        int port;
        QString farId;
        int farPort;
        int width;
        QString speed;
    };
    std::vector<Half> halves;
    int current = -1;
    int lineNo = 0;
    for (const QByteArray& raw : text.split('\n')) {
        ++lineNo;
        const QString line = QString::fromUtf8(raw).trimmed();
        if (line.isEmpty()) {
            current = -1;
            continue;
        }
        if (line.startsWith(QLatin1Char('#')) || attribute.match(line).hasMatch())
            continue; // comments, vendid=, devid=, sysimgguid=, switchguid=, caguid=
        if (const auto h = header.match(line); h.hasMatch()) {
            Node n;
            n.isSwitch = h.captured(1) == QLatin1String("Switch");
            n.ports = h.captured(2).toInt();
            n.rawDescription = h.captured(4);
            n.description = normalisedDescription(n.rawDescription);
            if (byId.contains(h.captured(3)))
                return {std::nullopt, QStringLiteral("line %1: node %2 appears twice").arg(lineNo).arg(h.captured(3))};
            current = static_cast<int>(t.nodes.size());
            byId.insert(h.captured(3), current);
            t.nodes.push_back(n);
            continue;
        }
        const auto p = portLine.match(line);
        if (!p.hasMatch() || current < 0)
            return {std::nullopt,
                QStringLiteral("line %1: not ibnetdiscover output (expected a node header or a port line): %2")
                    .arg(lineNo)
                    .arg(line.left(80))};
        const auto r = rate.match(p.captured(4));
        halves.push_back({current, p.captured(1).toInt(), p.captured(2), p.captured(3).toInt(),
            r.hasMatch() ? r.captured(1).toInt() : 0, r.hasMatch() ? r.captured(2) : QString()});
    }
    if (t.nodes.empty())
        return {std::nullopt, QStringLiteral("no InfiniBand nodes in the file: not ibnetdiscover output")};
    // Every cable is printed from both ends; keep it once, from the end listed first.
    std::map<std::pair<End, End>, bool> seen;
    for (const Half& h : halves) {
        const auto far = byId.constFind(h.farId);
        if (far == byId.constEnd())
            return {std::nullopt,
                QStringLiteral("port %1 of \"%2\" leads to %3, which has no record")
                    .arg(h.port)
                    .arg(t.nodes[static_cast<size_t>(h.node)].rawDescription, h.farId)};
        const End a{h.node, h.port};
        const End b{*far, h.farPort};
        if (seen.count({b, a}) || seen.count({a, b}))
            continue;
        seen[{a, b}] = true;
        t.links.push_back({a, b, h.width, h.speed});
    }
    return {std::move(t), QString()};
}

} // namespace pw
