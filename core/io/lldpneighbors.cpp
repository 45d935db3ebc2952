#include "io/lldpneighbors.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <map>
#include <set>

namespace pw {

namespace {

using PortKey = std::pair<QString, QString>; // system, port

// One local interface's neighbour: (local system, local interface) -> (far system, far port).
struct Half {
    PortKey local;
    PortKey far;
};

// The top-level JSON values of a file, in order (lldpcli prints one per command, so a
// concatenation is several); empty with `error` set when the text is not a sequence of objects.
std::vector<QJsonObject> documentsOf(const QByteArray& text, QString* error)
{
    std::vector<QJsonObject> docs;
    int depth = 0;
    bool inString = false;
    bool escaped = false;
    qsizetype start = -1;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char c = text.at(i);
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"')
            inString = true;
        else if (c == '{' && depth++ == 0)
            start = i;
        else if (c == '}' && --depth == 0) {
            QJsonParseError e{};
            const QJsonDocument d = QJsonDocument::fromJson(text.mid(start, i - start + 1), &e);
            if (!d.isObject()) {
                *error = QStringLiteral("invalid JSON at byte %1: %2").arg(start + e.offset).arg(e.errorString());
                return {};
            }
            docs.push_back(d.object());
        } else if (depth == 0 && !QChar::isSpace(static_cast<uchar>(c))) {
            *error = QStringLiteral("byte %1 is outside any JSON object: not lldpcli -f json output").arg(i);
            return {};
        }
        if (depth < 0) {
            *error = QStringLiteral("unbalanced braces at byte %1").arg(i);
            return {};
        }
    }
    if (depth != 0)
        *error = QStringLiteral("the last JSON object is cut short");
    return docs;
}

// "chassis": {"<name>": {...}}, or {"id": {...}, ...} for a chassis without a name (its id then).
QString chassisName(const QJsonObject& chassis)
{
    if (chassis.contains(QLatin1String("id")))
        return chassis.value(QLatin1String("id")).toObject().value(QLatin1String("value")).toString();
    return chassis.isEmpty() ? QString() : chassis.begin().key();
}

// The name a port advertises: its id when it is an interface name or set locally, else its
// description (lldpd's default id is the MAC address, its description the interface name).
QString portName(const QJsonObject& port)
{
    const QJsonObject id = port.value(QLatin1String("id")).toObject();
    const QString type = id.value(QLatin1String("type")).toString();
    const QString descr = port.value(QLatin1String("descr")).toString();
    if (type == QLatin1String("ifname") || type == QLatin1String("local") || descr.isEmpty())
        return id.value(QLatin1String("value")).toString();
    return descr;
}

// The interfaces of a neighbours document as (local interface, neighbour) pairs: "interface" is
// an object keyed by interface, or an array of such objects when there are several.
std::vector<std::pair<QString, QJsonObject>> interfacesOf(const QJsonObject& lldp)
{
    std::vector<std::pair<QString, QJsonObject>> out;
    auto add = [&](const QJsonObject& o) {
        for (auto it = o.begin(); it != o.end(); ++it)
            out.emplace_back(it.key(), it.value().toObject());
    };
    const QJsonValue interfaces = lldp.value(QLatin1String("interface"));
    if (interfaces.isArray())
        for (const QJsonValue& v : interfaces.toArray())
            add(v.toObject());
    else
        add(interfaces.toObject());
    return out;
}

} // namespace

LldpNeighborsParse LldpNeighbors::parse(const std::vector<File>& files)
{
    std::vector<Half> halves;
    for (const File& file : files) {
        QString error;
        const std::vector<QJsonObject> docs = documentsOf(file.text, &error);
        if (!error.isEmpty())
            return {std::nullopt, QStringLiteral("%1: %2").arg(file.name, error)};
        QString local; // named by the last `show chassis` document
        int unnamed = 0; // neighbours documents with no chassis document before them
        for (const QJsonObject& doc : docs) {
            if (doc.contains(QLatin1String("local-chassis"))) {
                local = chassisName(
                    doc.value(QLatin1String("local-chassis")).toObject().value(QLatin1String("chassis")).toObject());
                continue;
            }
            if (!doc.contains(QLatin1String("lldp")))
                return {std::nullopt,
                    QStringLiteral("%1: a JSON object that is neither `lldpcli -f json show neighbors` nor `show "
                                   "chassis` output")
                        .arg(file.name)};
            if (local.isEmpty() && ++unnamed > 1)
                return {std::nullopt,
                    QStringLiteral("%1 holds several hosts' neighbours and no `lldpcli -f json show chassis` before "
                                   "each to name them")
                        .arg(file.name)};
            const QString system = local.isEmpty() ? QFileInfo(file.name).completeBaseName() : local;
            for (const auto& [interface, neighbour] : interfacesOf(doc.value(QLatin1String("lldp")).toObject())) {
                const QString far = chassisName(neighbour.value(QLatin1String("chassis")).toObject());
                const QString farPort = portName(neighbour.value(QLatin1String("port")).toObject());
                if (far.isEmpty() || farPort.isEmpty())
                    return {std::nullopt,
                        QStringLiteral("%1: the neighbour on %2 has no system name or port").arg(file.name, interface)};
                halves.push_back({{system, interface}, {far, farPort}});
            }
        }
    }

    // A cable seen from both ends: each end by the name its own agent advertises, which is what the
    // far side saw. A local interface is looked up by its name, as a switch advertises its own.
    std::map<PortKey, PortKey> farOf; // local end -> far end
    for (const Half& h : halves)
        farOf[h.local] = h.far;
    LldpNeighbors n;
    std::map<QString, int> index;
    auto end = [&](const PortKey& k) {
        auto [it, fresh] = index.try_emplace(k.first, static_cast<int>(n.nodes.size()));
        if (fresh)
            n.nodes.push_back(k.first);
        return End{it->second, k.second};
    };
    std::set<std::pair<PortKey, PortKey>> seen;
    for (const Half& h : halves) {
        PortKey local = h.local;
        const auto back = farOf.find(h.far);
        if (back != farOf.end() && back->second.first == h.local.first)
            local = back->second; // the far side saw our port by its advertised name
        const auto cable = std::minmax(local, h.far);
        if (!seen.insert(cable).second)
            continue;
        n.links.push_back({end(cable.first), end(cable.second)});
    }
    return {std::move(n), QString()};
}

} // namespace pw
