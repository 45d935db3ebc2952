#include "helpers/pgcluster.h"
#include "integration/helpers/clirunner.h"

#include "io/designfile.h"
#include "model/design.h"
#include "repo/repolocation.h"
#include "repo/repository.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace pw;
using pw::test::CliResult;
using pw::test::PgCluster;
using pw::test::runCli;

// The repository over TCP with TLS and a password, as a team's server is reached: a cluster with
// ssl=on and a certificate made by openssl for this test, scram-sha-256 passwords on TCP (plain TCP
// rejected). sslmode=require connects and the server says the session is encrypted; verify-full
// against the wrong root certificate is refused with libpq's reason; the password comes from
// PGPASSFILE, and without one the server refuses; the password never shows up in what Podwright
// writes (the pushed and pulled design files, the CLI's output).
class TestRepoTls : public QObject {
    Q_OBJECT

private:
    PgCluster mCluster;
    QTemporaryDir mDir;
    const QString mDb = QStringLiteral("team");
    const QString mPassword = QStringLiteral("Tls-Secret-4711");

    QString writePassFile(const QString& password)
    {
        const QString path = mDir.filePath(QStringLiteral("pgpass"));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return {};
        // host:port:database:user:password; libpq ignores a file others may read.
        f.write(QStringLiteral("*:%1:%2:alice:%3\n").arg(mCluster.port()).arg(mDb, password).toUtf8());
        f.close();
        f.setPermissions(QFile::ReadOwner | QFile::WriteOwner);
        return path;
    }
    // Whether the server sees alice's open session as TLS-encrypted (pg_stat_ssl, asked as admin).
    bool aliceSessionIsEncrypted()
    {
        QString out;
        if (!mCluster.psql(mDb,
                QStringLiteral("SELECT bool_and(s.ssl) FROM pg_stat_ssl s JOIN pg_stat_activity a ON a.pid = s.pid "
                               "WHERE a.usename = 'alice'"),
                &out))
            return false;
        return out == QLatin1String("t");
    }
    static QString sample()
    {
        return QString::fromLocal8Bit(qgetenv("PODWRIGHT_TEST_DATA"))
            + QStringLiteral("/designs/format-1-minimum-viable-cluster.podwright");
    }

private Q_SLOTS:
    void initTestCase()
    {
        qunsetenv("PGPASSWORD");
        qunsetenv("PGPASSFILE");
        qunsetenv("PODWRIGHT_REPO");
        mCluster.enableTls();
        QVERIFY2(mCluster.start(), qPrintable(mCluster.error()));
        QVERIFY2(mCluster.createDatabase(mDb), qPrintable(mCluster.error()));
        Repository admin(RepoLocation::parse(mCluster.connectionString(mDb)));
        admin.migrate();
        admin.grant(QStringLiteral("alice"), RepoRole::Editor);
        QVERIFY2(mCluster.psql(mDb, QStringLiteral("ALTER ROLE alice PASSWORD '%1'").arg(mPassword)),
            qPrintable(mCluster.error()));
    }

    void init()
    {
        qunsetenv("PGPASSFILE");
        qunsetenv("PGPASSWORD");
    }

    void requireConnectsEncryptedWithThePasswordFile()
    {
        qputenv("PGPASSFILE", writePassFile(mPassword).toLocal8Bit());
        Repository repo(
            RepoLocation::parse(mCluster.tcpUri(mDb, QStringLiteral("alice"), QStringLiteral("sslmode=require"))));
        QCOMPARE(repo.currentUser(), QStringLiteral("alice"));
        QVERIFY(repo.list().empty());
        QVERIFY2(aliceSessionIsEncrypted(), "the server does not see alice's session as TLS");
    }

    void verifyFullWithTheRightRootConnects()
    {
        qputenv("PGPASSFILE", writePassFile(mPassword).toLocal8Bit());
        const QString query = QStringLiteral("sslmode=verify-full&sslrootcert=%1").arg(mCluster.caCertificate());
        Repository repo(
            RepoLocation::parse(mCluster.tcpUri(mDb, QStringLiteral("alice"), query, QStringLiteral("localhost"))));
        QCOMPARE(repo.currentUser(), QStringLiteral("alice"));
    }

    void verifyFullWithAWrongRootIsRefusedClearly()
    {
        qputenv("PGPASSFILE", writePassFile(mPassword).toLocal8Bit());
        const QString otherCa = mCluster.makeOtherCa(mDir.path());
        QVERIFY2(!otherCa.isEmpty(), qPrintable(mCluster.error()));
        const QString query = QStringLiteral("sslmode=verify-full&sslrootcert=%1").arg(otherCa);
        try {
            Repository repo(
                RepoLocation::parse(mCluster.tcpUri(mDb, QStringLiteral("alice"), query, QStringLiteral("localhost"))));
            QFAIL("connected although the server's certificate is not signed by the given root");
        } catch (const DatabaseError& e) {
            // What the user reads: which repository, and libpq's reason (the certificate check).
            QVERIFY2(e.message().contains(QLatin1String("cannot connect to the repository")), qPrintable(e.message()));
            QVERIFY2(e.message().contains(QLatin1String("certificate verify failed")), qPrintable(e.message()));
        }
        // The CLI says the same and exits 2.
        const CliResult r = runCli({QStringLiteral("repo"), QStringLiteral("list"), QStringLiteral("--repo"),
            mCluster.tcpUri(mDb, QStringLiteral("alice"), query, QStringLiteral("localhost"))});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("certificate verify failed"), r.err.constData());
    }

    void withoutAPasswordTheServerRefuses()
    {
        const QString missing = mDir.filePath(QStringLiteral("no-such-pgpass"));
        qputenv("PGPASSFILE", missing.toLocal8Bit());
        try {
            Repository repo(
                RepoLocation::parse(mCluster.tcpUri(mDb, QStringLiteral("alice"), QStringLiteral("sslmode=require"))));
            QFAIL("connected without a password");
        } catch (const DatabaseError& e) {
            QVERIFY2(e.message().contains(QLatin1String("password")), qPrintable(e.message()));
        }
        // A wrong password in the file: the server's refusal.
        qputenv("PGPASSFILE", writePassFile(QStringLiteral("not-it")).toLocal8Bit());
        try {
            Repository repo(
                RepoLocation::parse(mCluster.tcpUri(mDb, QStringLiteral("alice"), QStringLiteral("sslmode=require"))));
            QFAIL("connected with a wrong password");
        } catch (const DatabaseError& e) {
            QVERIFY2(e.message().contains(QLatin1String("password authentication failed")), qPrintable(e.message()));
        }
        // Plain TCP (no TLS) is rejected by the server's rules, whatever the password.
        qputenv("PGPASSFILE", writePassFile(mPassword).toLocal8Bit());
        QVERIFY_THROWS_EXCEPTION(DatabaseError,
            Repository(
                RepoLocation::parse(mCluster.tcpUri(mDb, QStringLiteral("alice"), QStringLiteral("sslmode=disable")))));
    }

    void thePasswordIsInNoFileNorOutput()
    {
        qputenv("PGPASSFILE", writePassFile(mPassword).toLocal8Bit());
        const QString uri = mCluster.tcpUri(mDb, QStringLiteral("alice"), QStringLiteral("sslmode=require"));
        const QString pushed = mDir.filePath(QStringLiteral("pushed.podwright"));
        const QString pulled = mDir.filePath(QStringLiteral("pulled.json"));
        QVERIFY(QFile::copy(sample(), pushed));
        QFile::setPermissions(pushed, QFile::ReadOwner | QFile::WriteOwner);
        QByteArray output;
        for (const QStringList& args :
            {QStringList{QStringLiteral("repo"), QStringLiteral("push"), pushed, QStringLiteral("--name"),
                 QStringLiteral("tls-design"), QStringLiteral("-m"), QStringLiteral("over TLS"),
                 QStringLiteral("--repo"), uri},
                QStringList{QStringLiteral("repo"), QStringLiteral("pull"), QStringLiteral("tls-design"),
                    QStringLiteral("-o"), pulled, QStringLiteral("--repo"), uri},
                QStringList{QStringLiteral("repo"), QStringLiteral("log"), QStringLiteral("tls-design"),
                    QStringLiteral("--json"), QStringLiteral("--repo"), uri},
                QStringList{QStringLiteral("cost"), pulled, QStringLiteral("--repo"), uri}}) {
            const CliResult r = runCli(args);
            QVERIFY2(r.exitCode == 0,
                qPrintable(args.join(QLatin1Char(' ')) + QStringLiteral(": ") + QString::fromUtf8(r.err)));
            output += r.out + r.err;
        }
        QVERIFY2(output.contains("tls-design"), output.constData());
        QVERIFY2(!output.contains(mPassword.toUtf8()), "the password shows in the CLI's output");
        for (const QString& path : {pushed, pulled}) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray bytes = f.readAll();
            QVERIFY2(bytes.size() > 1000, qPrintable(path));
            QVERIFY2(
                !bytes.contains(mPassword.toUtf8()), qPrintable(QStringLiteral("the password is in %1").arg(path)));
        }
        // A password written into the address is refused before any connection.
        const CliResult withPassword = runCli({QStringLiteral("repo"), QStringLiteral("list"), QStringLiteral("--repo"),
            QStringLiteral("postgresql://alice:%1@127.0.0.1:%2/%3").arg(mPassword).arg(mCluster.port()).arg(mDb)});
        QCOMPARE(withPassword.exitCode, 2);
        QVERIFY2(!withPassword.err.contains(mPassword.toUtf8()), withPassword.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestRepoTls)
#include "tst_repo_tls.moc"
