#include "pgcluster.h"

#include "integration/helpers/freeport.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QUrl>
#include <QVersionNumber>

#include <pwd.h>
#include <signal.h>
#include <unistd.h>

namespace pw::test {

namespace {

QString findBinDir()
{
    const QString fromEnvironment = qEnvironmentVariable("PODWRIGHT_PG_BINDIR");
    if (!fromEnvironment.isEmpty())
        return fromEnvironment;
    QString best;
    QVersionNumber bestVersion;
    const QDir root(QStringLiteral("/usr/lib/postgresql"));
    for (const QString& v : root.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QVersionNumber version = QVersionNumber::fromString(v);
        if (QFile::exists(root.filePath(v + QStringLiteral("/bin/initdb"))) && version > bestVersion) {
            bestVersion = version;
            best = root.filePath(v + QStringLiteral("/bin"));
        }
    }
    return best;
}

} // namespace

PgCluster::~PgCluster()
{
    stop();
}

bool PgCluster::run(const QString& program, const QStringList& arguments, QString* output, int timeoutMs)
{
    QProcess p;
    p.setWorkingDirectory(mDir->path());
    p.setProcessChannelMode(QProcess::MergedChannels);
    if (mUid >= 0) {
        // As root: run as the unprivileged owner of the cluster.
        QStringList a{QStringLiteral("--reuid=%1").arg(mUid), QStringLiteral("--regid=%1").arg(mGid),
            QStringLiteral("--clear-groups"), QStringLiteral("--"), program};
        a << arguments;
        p.start(QStringLiteral("setpriv"), a);
    } else {
        p.start(program, arguments);
    }
    if (!p.waitForStarted(10000)) {
        mError = QStringLiteral("cannot start %1: %2").arg(program, p.errorString());
        return false;
    }
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        mError = QStringLiteral("%1 did not finish in %2 ms").arg(program).arg(timeoutMs);
        return false;
    }
    const QString text = QString::fromLocal8Bit(p.readAll());
    if (output)
        *output = text;
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        mError = QStringLiteral("%1 %2 failed (exit %3):\n%4")
                     .arg(program, arguments.join(QLatin1Char(' ')))
                     .arg(p.exitCode())
                     .arg(text);
        return false;
    }
    return true;
}

bool PgCluster::openssl(const QStringList& arguments)
{
    QProcess p;
    p.setWorkingDirectory(mDir->path());
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(QStringLiteral("openssl"), arguments);
    if (!p.waitForFinished(60000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        mError = QStringLiteral("openssl %1 failed (install the package openssl): %2")
                     .arg(arguments.join(QLatin1Char(' ')), QString::fromLocal8Bit(p.readAll()) + p.errorString());
        return false;
    }
    return true;
}

QString PgCluster::makeOtherCa(const QString& folder)
{
    const QString crt = QDir(folder).filePath(QStringLiteral("other-ca.crt"));
    if (!openssl({QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"), QStringLiteral("ec"),
            QStringLiteral("-pkeyopt"), QStringLiteral("ec_paramgen_curve:prime256v1"), QStringLiteral("-nodes"),
            QStringLiteral("-keyout"), QDir(folder).filePath(QStringLiteral("other-ca.key")), QStringLiteral("-out"),
            crt, QStringLiteral("-days"), QStringLiteral("2"), QStringLiteral("-subj"),
            QStringLiteral("/CN=Some other CA")}))
        return {};
    return crt;
}

// A certificate authority and a server certificate it signed (EC keys: quick to make), in the
// cluster's folder; the server's key belongs to the server's user, readable by it alone, as
// PostgreSQL insists.
bool PgCluster::makeCertificates(QStringList& serverSettings)
{
    const QString ca = mDir->filePath(QStringLiteral("ca.crt"));
    const QString caKey = mDir->filePath(QStringLiteral("ca.key"));
    const QString crt = mDir->filePath(QStringLiteral("server.crt"));
    const QString key = mDir->filePath(QStringLiteral("server.key"));
    const QString csr = mDir->filePath(QStringLiteral("server.csr"));
    const QString ext = mDir->filePath(QStringLiteral("server.ext"));
    const QStringList ecKey{QStringLiteral("-newkey"), QStringLiteral("ec"), QStringLiteral("-pkeyopt"),
        QStringLiteral("ec_paramgen_curve:prime256v1"), QStringLiteral("-nodes")};
    QFile extFile(ext);
    if (!extFile.open(QIODevice::WriteOnly) || extFile.write("subjectAltName=DNS:localhost,IP:127.0.0.1\n") < 0)
        return false;
    extFile.close();
    if (!openssl(QStringList{QStringLiteral("req"), QStringLiteral("-x509")} + ecKey
            + QStringList{QStringLiteral("-keyout"), caKey, QStringLiteral("-out"), ca, QStringLiteral("-days"),
                QStringLiteral("2"), QStringLiteral("-subj"), QStringLiteral("/CN=Podwright test CA")})
        || !openssl(QStringList{QStringLiteral("req")} + ecKey
            + QStringList{QStringLiteral("-keyout"), key, QStringLiteral("-out"), csr, QStringLiteral("-subj"),
                QStringLiteral("/CN=localhost")})
        || !openssl({QStringLiteral("x509"), QStringLiteral("-req"), QStringLiteral("-in"), csr, QStringLiteral("-CA"),
            ca, QStringLiteral("-CAkey"), caKey, QStringLiteral("-CAcreateserial"), QStringLiteral("-out"), crt,
            QStringLiteral("-days"), QStringLiteral("2"), QStringLiteral("-extfile"), ext}))
        return false;
    QFile::setPermissions(key, QFile::ReadOwner | QFile::WriteOwner);
    if (mUid >= 0) {
        for (const QString& f : {crt, key})
            if (chown(QFile::encodeName(f).constData(), uid_t(mUid), gid_t(mGid)) != 0) {
                mError = QStringLiteral("cannot give %1 to the server's user").arg(f);
                return false;
            }
    }
    // Unix socket: trust (the administrator's psql); TCP: TLS and a password, nothing else.
    QFile hba(mDataDir + QStringLiteral("/pg_hba.conf"));
    if (!hba.open(QIODevice::WriteOnly | QIODevice::Truncate)
        || hba.write("local all all trust\n"
                     "hostssl all all 127.0.0.1/32 scram-sha-256\n"
                     "hostnossl all all 127.0.0.1/32 reject\n")
            < 0) {
        mError = QStringLiteral("cannot write pg_hba.conf: %1").arg(hba.errorString());
        return false;
    }
    hba.close();
    mCaCertificate = ca;
    serverSettings << QStringLiteral("listen_addresses=127.0.0.1") << QStringLiteral("ssl=on")
                   << QStringLiteral("ssl_cert_file=") + crt << QStringLiteral("ssl_key_file=") + key
                   << QStringLiteral("password_encryption=scram-sha-256");
    return true;
}

QString PgCluster::tcpUri(const QString& database, const QString& user, const QString& query, const QString& host) const
{
    return QStringLiteral("postgresql://%1@%2:%3/%4?%5").arg(user, host).arg(mPort).arg(database, query);
}

bool PgCluster::start()
{
    mBinDir = findBinDir();
    if (mBinDir.isEmpty()) {
        mError = QStringLiteral("no PostgreSQL server found (/usr/lib/postgresql/*/bin/initdb): install the "
                                "package postgresql (installer/install-deps.sh does)");
        return false;
    }
    // The socket path must stay under ~100 bytes: a short folder in /tmp, not $TMPDIR.
    mDir = std::make_unique<QTemporaryDir>(QStringLiteral("/tmp/pwpg-XXXXXX"));
    if (!mDir->isValid()) {
        mError = QStringLiteral("cannot make a temporary folder for PostgreSQL: %1").arg(mDir->errorString());
        return false;
    }
    mSocketDir = mDir->path();
    mDataDir = mDir->filePath(QStringLiteral("data"));
    if (geteuid() == 0) {
        const passwd* pw = getpwnam("postgres");
        if (!pw)
            pw = getpwnam("nobody");
        if (!pw) {
            mError = QStringLiteral("running as root and no unprivileged user (postgres or nobody) to run "
                                    "PostgreSQL as");
            return false;
        }
        mUid = int(pw->pw_uid);
        mGid = int(pw->pw_gid);
        if (chown(QFile::encodeName(mSocketDir).constData(), pw->pw_uid, pw->pw_gid) != 0) {
            mError
                = QStringLiteral("cannot give %1 to the user %2").arg(mSocketDir, QString::fromLocal8Bit(pw->pw_name));
            return false;
        }
    }
    mPort = pw::test::freePort(); // names the socket file only: a later taker of the TCP port does not matter
    if (mPort == 0) {
        mError = QStringLiteral("no free port for PostgreSQL");
        return false;
    }
    // No locale: the cluster needs none of the system's locales installed, and sorts bytewise.
    if (!run(mBinDir + QStringLiteral("/initdb"),
            {QStringLiteral("-D"), mDataDir, QStringLiteral("-U"), QLatin1String(kAdmin),
                QStringLiteral("--auth=trust"), QStringLiteral("--no-locale"), QStringLiteral("-E"),
                QStringLiteral("UTF8"), QStringLiteral("--no-sync")},
            nullptr, 120000)) {
        mError.prepend(QStringLiteral("initdb failed: "));
        return false;
    }
    // The server runs as our child, not daemonized by pg_ctl, with a parent-death signal: a test
    // program that crashes or aborts takes its server with it (SIGQUIT: immediate shutdown) instead
    // of leaving it running. Dynamic shared memory lives in files of the data folder, because a bare
    // chroot's /dev/shm is not writable.
    QStringList arguments;
    if (mUid >= 0)
        arguments << QStringLiteral("--reuid=%1").arg(mUid) << QStringLiteral("--regid=%1").arg(mGid)
                  << QStringLiteral("--clear-groups");
    arguments << QStringLiteral("--pdeathsig=QUIT") << QStringLiteral("--") << mBinDir + QStringLiteral("/postgres")
              << QStringLiteral("-D") << mDataDir << QStringLiteral("-k") << mSocketDir << QStringLiteral("-p")
              << QString::number(mPort);
    QStringList settings{QStringLiteral("fsync=off"), QStringLiteral("full_page_writes=off"),
        QStringLiteral("synchronous_commit=off"), QStringLiteral("dynamic_shared_memory_type=mmap")};
    if (mTls) {
        if (!makeCertificates(settings))
            return false;
    } else {
        settings << QStringLiteral("listen_addresses=");
    }
    for (const QString& setting : settings)
        arguments << QStringLiteral("-c") << setting;
    const QString log = mDir->filePath(QStringLiteral("server.log"));
    mServer = std::make_unique<QProcess>();
    mServer->setWorkingDirectory(mDir->path());
    mServer->setProcessChannelMode(QProcess::MergedChannels);
    mServer->setStandardOutputFile(log);
    mServer->start(QStringLiteral("setpriv"), arguments);
    auto serverLog = [&log] {
        QFile f(log);
        return f.open(QIODevice::ReadOnly) ? QString::fromLocal8Bit(f.readAll()) : QString();
    };
    if (!mServer->waitForStarted(10000)) {
        mError = QStringLiteral("cannot start the PostgreSQL server through setpriv: %1").arg(mServer->errorString());
        return false;
    }
    // Ready when it accepts a connection (pg_isready), for at most a minute.
    QElapsedTimer waited;
    waited.start();
    while (true) {
        if (mServer->state() == QProcess::NotRunning) {
            mError = QStringLiteral("the PostgreSQL server stopped while starting (exit %1); server log:\n%2")
                         .arg(mServer->exitCode())
                         .arg(serverLog());
            return false;
        }
        QProcess ready;
        ready.start(mBinDir + QStringLiteral("/pg_isready"),
            {QStringLiteral("-q"), QStringLiteral("-h"), mSocketDir, QStringLiteral("-p"), QString::number(mPort)});
        if (ready.waitForFinished(10000) && ready.exitStatus() == QProcess::NormalExit && ready.exitCode() == 0)
            break;
        if (waited.elapsed() > 60000) {
            mError = QStringLiteral("the PostgreSQL server did not accept connections within a minute; server "
                                    "log:\n%1")
                         .arg(serverLog());
            return false;
        }
        mServer->waitForFinished(100);
    }
    mRunning = true;
    return true;
}

void PgCluster::stop()
{
    if (!mRunning)
        return;
    mRunning = false;
    // SIGQUIT is PostgreSQL's immediate shutdown; the data is thrown away anyway.
    ::kill(pid_t(mServer->processId()), SIGQUIT);
    if (!mServer->waitForFinished(60000))
        qWarning("PostgreSQL did not stop within a minute; killing it");
    mServer.reset(); // kills it if it is still running
}

QString PgCluster::connectionString(const QString& database, const QString& user) const
{
    return QStringLiteral("host=%1 port=%2 dbname=%3 user=%4").arg(mSocketDir).arg(mPort).arg(database, user);
}

QString PgCluster::uri(const QString& database, const QString& user) const
{
    // The socket folder as the host parameter (libpq also reads it percent-encoded in the host part).
    return QStringLiteral("postgresql://") + user + QStringLiteral("@/") + database + QStringLiteral("?host=")
        + QString::fromLatin1(QUrl::toPercentEncoding(mSocketDir)) + QStringLiteral("&port=") + QString::number(mPort);
}

bool PgCluster::psql(const QString& database, const QString& sql, QString* output, const QString& user)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(mBinDir + QStringLiteral("/psql"),
        {QStringLiteral("-X"), QStringLiteral("-q"), QStringLiteral("-A"), QStringLiteral("-t"), QStringLiteral("-v"),
            QStringLiteral("ON_ERROR_STOP=1"), QStringLiteral("-h"), mSocketDir, QStringLiteral("-p"),
            QString::number(mPort), QStringLiteral("-U"), user, QStringLiteral("-d"), database, QStringLiteral("-c"),
            sql});
    if (!p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished();
        mError = QStringLiteral("psql timed out");
        return false;
    }
    const QString text = QString::fromLocal8Bit(p.readAll());
    if (output)
        *output = text.trimmed();
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        mError = QStringLiteral("psql as %1: %2").arg(user, text.trimmed());
        return false;
    }
    return true;
}

std::unique_ptr<QProcess> PgCluster::startPsql(const QString& database, const QString& sql) const
{
    auto p = std::make_unique<QProcess>();
    p->setProcessChannelMode(QProcess::MergedChannels);
    p->start(mBinDir + QStringLiteral("/psql"),
        {QStringLiteral("-X"), QStringLiteral("-q"), QStringLiteral("-v"), QStringLiteral("ON_ERROR_STOP=1"),
            QStringLiteral("-h"), mSocketDir, QStringLiteral("-p"), QString::number(mPort), QStringLiteral("-U"),
            QLatin1String(kAdmin), QStringLiteral("-d"), database, QStringLiteral("-c"), sql});
    return p;
}

bool PgCluster::createDatabase(const QString& name)
{
    return psql(QStringLiteral("postgres"), QStringLiteral("CREATE DATABASE \"%1\"").arg(name));
}

} // namespace pw::test
