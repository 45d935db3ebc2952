#include "core/helpers/rulesfixture.h"
#include "helpers/pgcluster.h"
#include "integration/helpers/clirunner.h"

#include "io/designfile.h"
#include "repo/repoprovenance.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>

using pw::test::CliResult;
using pw::test::PgCluster;
using pw::test::runCli;
using namespace pw;

// `diff NAME@N NAME@M` against a PostgreSQL server started for this test: two revisions of one
// design compare exactly as the two files they were pushed from, a revision compares with a file,
// a viewer may compare, and an unknown revision is a clear error.
class TestDiffRevisions : public QObject {
    Q_OBJECT

private:
    PgCluster mCluster;
    QTemporaryDir mDir;
    QString mDb = QStringLiteral("team");
    QString mV1;
    QString mV2;

    QString as(const QString& user) { return mCluster.uri(mDb, user); }
    static QJsonObject withoutLabels(QJsonObject o)
    {
        o.remove(QLatin1String("before"));
        o.remove(QLatin1String("after"));
        return o;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(mCluster.start(), qPrintable(mCluster.error()));
        QVERIFY2(mCluster.createDatabase(mDb), qPrintable(mCluster.error()));
        qunsetenv("PODWRIGHT_REPO");
        const QString admin = as(QLatin1String(PgCluster::kAdmin));
        CliResult r = runCli({QStringLiteral("repo"), QStringLiteral("init"), QStringLiteral("--repo"), admin});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        for (const auto& [user, role] : {std::pair{"ed", "editor"}, std::pair{"vi", "viewer"}}) {
            r = runCli({QStringLiteral("repo"), QStringLiteral("grant"), QLatin1String(user), QLatin1String(role),
                QStringLiteral("--repo"), admin});
            QVERIFY2(r.exitCode == 0, r.err.constData());
        }

        // Revision 1: the clean cluster; revision 2: two more servers, pushed on top of revision 1.
        fx::Cluster c;
        mV1 = mDir.filePath(QStringLiteral("v1.podwright"));
        DesignFile::save(c.b.d, mV1);
        r = runCli(
            {QStringLiteral("repo"), QStringLiteral("push"), mV1, QStringLiteral("--name"), QStringLiteral("acme"),
                QStringLiteral("-m"), QStringLiteral("first"), QStringLiteral("--repo"), as(QStringLiteral("ed"))});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        c.addComputeServers({"srv3", "srv4"});
        RepoProvenance::set(c.b.d, RepoProvenance{QStringLiteral("acme"), 1});
        mV2 = mDir.filePath(QStringLiteral("v2.podwright"));
        DesignFile::save(c.b.d, mV2);
        r = runCli({QStringLiteral("repo"), QStringLiteral("push"), mV2, QStringLiteral("-m"),
            QStringLiteral("two more servers"), QStringLiteral("--repo"), as(QStringLiteral("ed"))});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(QString::fromUtf8(r.out).contains(QLatin1String("revision 2")), r.out.constData());
    }

    void twoRevisionsCompareAsTheirFiles()
    {
        const CliResult revisions = runCli({QStringLiteral("diff"), QStringLiteral("acme@1"), QStringLiteral("acme@2"),
            QStringLiteral("--json"), QStringLiteral("--repo"), as(QStringLiteral("vi"))});
        QVERIFY2(revisions.exitCode == 0, revisions.err.constData());
        const QJsonObject d = revisions.json();
        QCOMPARE(d[QLatin1String("before")][QLatin1String("label")].toString(), QStringLiteral("acme revision 1"));
        QCOMPARE(d[QLatin1String("after")][QLatin1String("label")].toString(), QStringLiteral("acme revision 2"));
        QCOMPARE(d[QLatin1String("nodes")][QLatin1String("added")].toArray().size(), 2);
        QCOMPARE(d[QLatin1String("links")][QLatin1String("added")].toArray().size(), 16);
        QCOMPARE(d[QLatin1String("cost")][QLatin1String("capex_usd")][QLatin1String("delta")][QLatin1String("mid")]
                     .toDouble(),
            201600.0);

        const CliResult files = runCli({QStringLiteral("diff"), mV1, mV2, QStringLiteral("--json")});
        QVERIFY2(files.exitCode == 0, files.err.constData());
        QCOMPARE(withoutLabels(d), withoutLabels(files.json()));

        // A revision against a file (the repository from the environment, as a team member sets it).
        qputenv("PODWRIGHT_REPO", as(QStringLiteral("vi")).toUtf8());
        const CliResult mixed = runCli({QStringLiteral("diff"), QStringLiteral("acme@1"), mV2});
        qunsetenv("PODWRIGHT_REPO");
        QVERIFY2(mixed.exitCode == 0, mixed.err.constData());
        QVERIFY2(
            QString::fromUtf8(mixed.out).contains(QLatin1String("Before: acme revision 1")), mixed.out.constData());
        QVERIFY2(
            QString::fromUtf8(mixed.out).contains(QLatin1String("Nodes: 2 added, 0 removed")), mixed.out.constData());
    }

    void unknownRevisionIsAClearError()
    {
        const CliResult r = runCli({QStringLiteral("diff"), QStringLiteral("acme@9"), QStringLiteral("acme@2"),
            QStringLiteral("--repo"), as(QStringLiteral("vi"))});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).startsWith(QLatin1String("podwright-cli diff: ")), r.err.constData());
        QVERIFY2(QString::fromUtf8(r.err).contains(QLatin1String("9")), r.err.constData());
        QVERIFY(r.out.isEmpty());
        const CliResult design = runCli({QStringLiteral("diff"), QStringLiteral("nobody@1"), QStringLiteral("acme@2"),
            QStringLiteral("--repo"), as(QStringLiteral("vi"))});
        QCOMPARE(design.exitCode, 2);
        QVERIFY2(QString::fromUtf8(design.err).contains(QLatin1String("nobody")), design.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestDiffRevisions)
#include "tst_diff_revisions.moc"
