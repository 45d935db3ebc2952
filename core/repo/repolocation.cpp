#include "repolocation.h"

#include "util/errors.h"

#include <QUrl>
#include <QUrlQuery>

#include <utility>
#include <vector>

namespace pw {

namespace {

using Pairs = std::vector<std::pair<QString, QString>>;

// libpq's quoting of a keyword/value string: single quotes, with backslash before ' and \.
QString quoted(QString value)
{
    value.replace(QLatin1Char('\\'), QLatin1String("\\\\"));
    value.replace(QLatin1Char('\''), QLatin1String("\\'"));
    return QLatin1Char('\'') + value + QLatin1Char('\'');
}

QString joined(const Pairs& pairs)
{
    QStringList parts;
    for (const auto& [key, value] : pairs)
        parts << key + QLatin1Char('=') + quoted(value);
    return parts.join(QLatin1Char(' '));
}

[[noreturn]] void refusePassword(const QString& address)
{
    Q_UNUSED(address);
    throw Error(QStringLiteral("the repository address carries a password; remove it and put the password in "
                               "the password file (~/.pgpass or $PGPASSFILE) or in $PGPASSWORD"));
}

Pairs fromUri(const QString& address)
{
    // libpq takes a Unix-socket folder percent-encoded as the host (postgresql://me@%2Fvar%2Frun/db),
    // which QUrl refuses as a host name: take it out before QUrl reads the rest.
    QString parsable = address;
    QString socketFolder;
    const qsizetype authorityStart = address.indexOf(QLatin1String("://")) + 3;
    qsizetype authorityEnd = authorityStart;
    while (authorityEnd < address.size() && address.at(authorityEnd) != QLatin1Char('/')
        && address.at(authorityEnd) != QLatin1Char('?'))
        ++authorityEnd;
    const QString authority = address.mid(authorityStart, authorityEnd - authorityStart);
    const qsizetype hostStart = authority.lastIndexOf(QLatin1Char('@')) + 1;
    if (authority.mid(hostStart).startsWith(QLatin1String("%2F"), Qt::CaseInsensitive)) {
        const qsizetype colon = authority.indexOf(QLatin1Char(':'), hostStart);
        const qsizetype hostEnd = colon < 0 ? authority.size() : colon;
        socketFolder = QUrl::fromPercentEncoding(authority.mid(hostStart, hostEnd - hostStart).toUtf8());
        parsable = address.left(authorityStart) + authority.left(hostStart) + QStringLiteral("localhost")
            + authority.mid(hostEnd) + address.mid(authorityEnd);
    }
    const QUrl url(parsable, QUrl::StrictMode);
    if (!url.isValid())
        throw Error(
            QStringLiteral("the repository address '%1' is not a valid URI: %2").arg(address, url.errorString()));
    if (!url.password().isEmpty())
        refusePassword(address);
    Pairs pairs;
    // A host starting with '/' is a Unix-socket folder (written %2F... in the URI).
    if (!socketFolder.isEmpty())
        pairs.emplace_back(QStringLiteral("host"), socketFolder);
    else if (!url.host(QUrl::FullyDecoded).isEmpty())
        pairs.emplace_back(QStringLiteral("host"), url.host(QUrl::FullyDecoded));
    if (url.port() > 0)
        pairs.emplace_back(QStringLiteral("port"), QString::number(url.port()));
    if (!url.userName().isEmpty())
        pairs.emplace_back(QStringLiteral("user"), url.userName(QUrl::FullyDecoded));
    const QString path = url.path(QUrl::FullyDecoded);
    if (path.size() > 1)
        pairs.emplace_back(QStringLiteral("dbname"), path.mid(1));
    for (const auto& [key, value] : QUrlQuery(url).queryItems(QUrl::FullyDecoded)) {
        if (key == QLatin1String("password"))
            refusePassword(address);
        pairs.emplace_back(key, value);
    }
    return pairs;
}

// A keyword/value string as libpq reads it: key = value pairs, values optionally single-quoted.
Pairs fromKeywordValue(const QString& address)
{
    Pairs pairs;
    qsizetype i = 0;
    const qsizetype n = address.size();
    auto skipSpace = [&] {
        while (i < n && address.at(i).isSpace())
            ++i;
    };
    while (true) {
        skipSpace();
        if (i >= n)
            break;
        QString key;
        while (i < n && address.at(i) != QLatin1Char('=') && !address.at(i).isSpace())
            key += address.at(i++);
        skipSpace();
        if (i >= n || address.at(i) != QLatin1Char('=') || key.isEmpty())
            throw Error(QStringLiteral("the repository address '%1' is not a connection string: expected "
                                       "key=value after '%2'")
                            .arg(address, key));
        ++i;
        skipSpace();
        QString value;
        if (i < n && address.at(i) == QLatin1Char('\'')) {
            ++i;
            while (i < n && address.at(i) != QLatin1Char('\'')) {
                if (address.at(i) == QLatin1Char('\\') && i + 1 < n)
                    ++i;
                value += address.at(i++);
            }
            if (i >= n)
                throw Error(QStringLiteral("the repository address '%1' has an unterminated quote").arg(address));
            ++i;
        } else {
            while (i < n && !address.at(i).isSpace())
                value += address.at(i++);
        }
        if (key == QLatin1String("password"))
            refusePassword(address);
        pairs.emplace_back(key, value);
    }
    return pairs;
}

// A host that is this machine: a Unix-socket folder, or a loopback name or address.
bool isLocalHost(const QString& host)
{
    const QString h = host.trimmed();
    return h.isEmpty() || h.startsWith(QLatin1Char('/')) || h.startsWith(QLatin1Char('@'))
        || h.compare(QLatin1String("localhost"), Qt::CaseInsensitive) == 0 || h.startsWith(QLatin1String("127."))
        || h == QLatin1String("::1") || h == QLatin1String("[::1]");
}

// libpq's default sslmode is "prefer": it tries TLS but takes a plain connection (or a server that
// refuses TLS), so over a network anyone on the path can read the designs or play the server.
QString transportWarningFor(const Pairs& pairs)
{
    QString sslmode = qEnvironmentVariable("PGSSLMODE");
    QStringList hosts;
    for (const auto& [key, value] : pairs) {
        if (key == QLatin1String("sslmode"))
            sslmode = value;
        else if (key == QLatin1String("host") || key == QLatin1String("hostaddr"))
            hosts << value.split(QLatin1Char(','));
    }
    if (hosts.isEmpty())
        hosts << qEnvironmentVariable("PGHOST").split(QLatin1Char(','));
    if (sslmode == QLatin1String("require") || sslmode == QLatin1String("verify-ca")
        || sslmode == QLatin1String("verify-full"))
        return {};
    QStringList remote;
    for (const QString& h : hosts)
        if (!isLocalHost(h))
            remote << h.trimmed();
    if (remote.isEmpty())
        return {};
    return QStringLiteral("the repository at %1 is reached over the network without TLS being required "
                          "(sslmode=%2): anyone on the path could read the designs or pose as the server. Add "
                          "sslmode=verify-full (with sslrootcert) to the address")
        .arg(remote.join(QLatin1Char(',')), sslmode.isEmpty() ? QStringLiteral("prefer") : sslmode);
}

} // namespace

RepoLocation RepoLocation::parse(const QString& address)
{
    const QString trimmed = address.trimmed();
    if (trimmed.isEmpty())
        throw Error(QStringLiteral("the repository address is empty"));
    Pairs pairs;
    if (trimmed.startsWith(QLatin1String("postgresql://")) || trimmed.startsWith(QLatin1String("postgres://")))
        pairs = fromUri(trimmed);
    else if (trimmed.contains(QLatin1Char('=')))
        pairs = fromKeywordValue(trimmed);
    else if (trimmed.contains(QLatin1String("://")))
        throw Error(
            QStringLiteral("the repository address '%1' is not a PostgreSQL URI (postgresql://...)").arg(trimmed));
    else
        pairs.emplace_back(QStringLiteral("service"), trimmed);
    bool named = false;
    for (const auto& p : pairs)
        named = named || p.first == QLatin1String("application_name");
    if (!named)
        pairs.emplace_back(QStringLiteral("application_name"), QStringLiteral("podwright"));
    RepoLocation location;
    location.mAddress = trimmed;
    location.mConnectionString = joined(pairs);
    location.mTransportWarning = transportWarningFor(pairs);
    return location;
}

RepoLocation RepoLocation::fromArgumentOrEnvironment(const QString& address)
{
    if (!address.trimmed().isEmpty())
        return parse(address);
    const QString fromEnvironment = qEnvironmentVariable(kEnvironmentVariable);
    if (fromEnvironment.trimmed().isEmpty())
        throw Error(QStringLiteral("no repository given: name the repository's address (a PostgreSQL URI such as "
                                   "postgresql://user@host/db, or a service name) or set %1")
                        .arg(QLatin1String(kEnvironmentVariable)));
    return parse(fromEnvironment);
}

} // namespace pw
