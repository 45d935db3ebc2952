#pragma once

#include <QString>

namespace pw {

// Where the team repository is: a PostgreSQL connection URI (postgresql://user@host:port/db?sslmode=..),
// a keyword/value connection string (host=.. dbname=..) or a service name from pg_service.conf.
// It becomes a libpq connection string; everything libpq reads from the environment (PGHOST, PGPORT,
// PGUSER, PGSSLMODE, PGPASSFILE, PGPASSWORD, ...) still applies. A password written into the address
// is refused: passwords come only from the password file or PGPASSWORD, so that they never end up in
// a design, a setting or a shell history. Throws pw::Error with the reason on a malformed address.
class RepoLocation {
public:
    // The environment variable read when no address is given.
    static constexpr const char* kEnvironmentVariable = "PODWRIGHT_REPO";

    [[nodiscard]] static RepoLocation parse(const QString& address);
    // `address` when it is not empty, else $PODWRIGHT_REPO; throws pw::Error when both are empty.
    [[nodiscard]] static RepoLocation fromArgumentOrEnvironment(const QString& address);

    // The libpq keyword/value string (values quoted), without any password.
    [[nodiscard]] const QString& connectionString() const { return mConnectionString; }
    // What the user gave, for messages.
    [[nodiscard]] const QString& address() const { return mAddress; }
    // A warning when a host is remote (not a Unix socket, not loopback) and the address (or
    // PGSSLMODE) does not require TLS (sslmode=require, verify-ca or verify-full); empty otherwise.
    // A service name's settings are in pg_service.conf and are not seen here.
    [[nodiscard]] const QString& transportWarning() const { return mTransportWarning; }

private:
    QString mAddress;
    QString mConnectionString;
    QString mTransportWarning;
};

} // namespace pw
