#include "core/helpers/rulesfixture.h"
#include "helpers/clirunner.h"

#include "io/designfile.h"
#include "util/money.h"

#include <QJsonArray>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using pw::test::CliResult;
using pw::test::runCli;
using namespace pw;

// The proposal's "Changes since" section: absent unless asked for, and when asked, it names what
// changed from the earlier file in the customer's words with the report's rounding. Small designs
// and one section besides, so the test stays quick.
class TestReportChanges : public QObject {
    Q_OBJECT

private:
    QTemporaryDir mDir;
    QString mBefore;
    QString mAfter;

    static QString pdfText(const QString& pdf)
    {
        QProcess p;
        p.start(QStringLiteral("pdftotext"), {QStringLiteral("-layout"), pdf, QStringLiteral("-")});
        if (!p.waitForStarted(10000) || !p.waitForFinished(60000))
            return {};
        return QString::fromUtf8(p.readAllStandardOutput()).simplified();
    }

    QString report(const QString& name, const QStringList& extra)
    {
        const QString pdf = mDir.filePath(name);
        const CliResult r = runCli(QStringList{QStringLiteral("report"), mAfter, QStringLiteral("-o"), pdf,
                                       QStringLiteral("--sections"), QStringLiteral("summary")}
            + extra);
        if (r.exitCode != 0) {
            qWarning("%s", r.err.constData());
            return {};
        }
        return pdfText(pdf);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(mDir.isValid());
        fx::Cluster c;
        mBefore = mDir.filePath(QStringLiteral("proposal-v1.podwright"));
        DesignFile::save(c.b.d, mBefore);
        c.addComputeServers({"srv3", "srv4"});
        mAfter = mDir.filePath(QStringLiteral("proposal-v2.podwright"));
        DesignFile::save(c.b.d, mAfter);
    }

    void noAppendixUnlessAsked()
    {
        const QString text = report(QStringLiteral("plain.pdf"), {});
        QVERIFY2(text.contains(QLatin1String("Executive summary")), qPrintable(text));
        QVERIFY2(!text.contains(QLatin1String("Changes since")), qPrintable(text));
    }

    void appendixNamesTheChanges()
    {
        const QString text = report(QStringLiteral("changes.pdf"), {QStringLiteral("--changes-since"), mBefore});
        QVERIFY2(text.contains(QLatin1String("Changes since proposal-v1.podwright")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("Added: 2 items (srv3, srv4).")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("Connections: 16 added, 0 removed.")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("16 → 32")), qPrintable(text)); // GPUs before and now
        QVERIFY2(text.contains(QLatin1String("+20 kW")), qPrintable(text));
        // $201,600 more capital cost, rounded as the report rounds amounts (util/money.h).
        QVERIFY2(text.contains(QStringLiteral("+") + Money::usd().rounded(201600)), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("+$200,000 ")), qPrintable(text)); // the BOM line, whole dollars
        // The design-check points that are new: those `diff --json` lists, in the customer's words.
        QVERIFY2(text.contains(QLatin1String("Design checks")), qPrintable(text));
        const CliResult diff = runCli({QStringLiteral("diff"), mBefore, mAfter, QStringLiteral("--json")});
        const QJsonArray added = diff.json()[QLatin1String("findings")][QLatin1String("added")].toArray();
        QVERIFY(!added.isEmpty());
        for (const QJsonValue& f : added) {
            const QString start = f[QLatin1String("message")].toString().simplified().left(30);
            QVERIFY2(text.contains(QStringLiteral("new ") + start), qPrintable(start));
        }
    }

    void missingEarlierDesignIsAClearError()
    {
        const CliResult r
            = runCli({QStringLiteral("report"), mAfter, QStringLiteral("-o"), mDir.filePath(QStringLiteral("x.pdf")),
                QStringLiteral("--changes-since"), mDir.filePath(QStringLiteral("nope.podwright"))});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(QLatin1String("nope.podwright: no such file")), r.err.constData());
        QVERIFY(!QFile::exists(mDir.filePath(QStringLiteral("x.pdf"))));
    }
};

QTEST_GUILESS_MAIN(TestReportChanges)
#include "tst_report_changes.moc"
