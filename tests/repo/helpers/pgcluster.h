#pragma once

#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <memory>

namespace pw::test {

// A throwaway PostgreSQL cluster for one test program: initdb in a temporary folder, the server on
// a Unix socket in that folder (no TCP) and a free port number, trust authentication, stopped and
// deleted when the object goes. The server is a child process that dies with the test program. PostgreSQL refuses to run as root, so when the tests run as root
// (CI runs them in a clean root) the cluster belongs to an unprivileged system user ("postgres",
// which the postgresql package creates, else "nobody") and its programs run through setpriv.
// The binaries are found in $PODWRIGHT_PG_BINDIR or the newest /usr/lib/postgresql/*/bin.
class PgCluster {
public:
    PgCluster() = default;
    ~PgCluster();
    PgCluster(const PgCluster&) = delete;
    PgCluster& operator=(const PgCluster&) = delete;

    // Before start(): also listen on TCP at 127.0.0.1 with ssl=on, a server certificate for
    // "localhost" and 127.0.0.1 signed by a certificate authority made with openssl in the cluster's
    // folder (caCertificate()), and password authentication (scram-sha-256) for TCP connections,
    // which must use TLS (hostssl; plain TCP is rejected). The Unix socket stays trust.
    void enableTls() { mTls = true; }
    [[nodiscard]] const QString& caCertificate() const { return mCaCertificate; }
    // Makes another, unrelated certificate authority in `folder` (a wrong root for verify-full);
    // returns its certificate's path, empty with error() set on failure.
    [[nodiscard]] QString makeOtherCa(const QString& folder);
    // A postgresql:// URI over TCP to 127.0.0.1 (or `host`) with the given query (sslmode=...).
    [[nodiscard]] QString tcpUri(const QString& database, const QString& user, const QString& query,
        const QString& host = QStringLiteral("127.0.0.1")) const;

    // Starts the server; on failure returns false and error() says why (with the server's log).
    [[nodiscard]] bool start();
    [[nodiscard]] const QString& error() const { return mError; }
    void stop();

    // The superuser the cluster was made with.
    static constexpr const char* kAdmin = "pw_admin";
    [[nodiscard]] const QString& socketDir() const { return mSocketDir; }
    [[nodiscard]] int port() const { return mPort; }
    // A keyword/value connection string for `database` as `user`.
    [[nodiscard]] QString connectionString(const QString& database, const QString& user = QLatin1String(kAdmin)) const;
    // A postgresql:// URI for the same (the socket folder in the host parameter).
    [[nodiscard]] QString uri(const QString& database, const QString& user = QLatin1String(kAdmin)) const;
    // Runs SQL as the superuser through psql (creating databases, roles); returns psql's output or
    // an empty string with error() set.
    [[nodiscard]] bool psql(const QString& database, const QString& sql, QString* output = nullptr,
        const QString& user = QLatin1String(kAdmin));
    // Starts psql with `sql` as the superuser without waiting (a lock held while the test acts);
    // the process belongs to the caller.
    [[nodiscard]] std::unique_ptr<QProcess> startPsql(const QString& database, const QString& sql) const;
    // A fresh database, so that each test starts from nothing.
    [[nodiscard]] bool createDatabase(const QString& name);

private:
    [[nodiscard]] bool run(const QString& program, const QStringList& arguments, QString* output, int timeoutMs);
    [[nodiscard]] bool makeCertificates(QStringList& serverSettings);
    [[nodiscard]] bool openssl(const QStringList& arguments);

    std::unique_ptr<QTemporaryDir> mDir;
    std::unique_ptr<QProcess> mServer;
    QString mBinDir;
    QString mSocketDir;
    QString mDataDir;
    int mPort = 0;
    bool mRunning = false;
    // The unprivileged user the server runs as when we are root (uid/gid; -1 when not root).
    int mUid = -1;
    int mGid = -1;
    QString mError;
    bool mTls = false;
    QString mCaCertificate;
};

} // namespace pw::test
