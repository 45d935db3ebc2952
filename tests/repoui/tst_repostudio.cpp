// The studio with a team repository on a real PostgreSQL server (issue 18): File > Open from
// Repository…, Save to Repository… with a message, the refusal of a save on top of a revision that is
// no longer the latest and each way forward, a connection dropped in the middle of a save, the
// Repository History dock, and the team's price book applied to the open design. The server is a
// throwaway cluster reached over TCP with TLS (sslmode=require) and a password from PGPASSFILE, as
// a team's server is; the password must end up in no setting and no saved design.
#include "repo/helpers/pgcluster.h"
#include "repo/helpers/repofixtures.h"
#include "ui/helpers/modal.h"
#include "ui/helpers/windowfixture.h"

#include "actionregistry.h"
#include "compareview.h"
#include "designanalysis.h"
#include "designdocument.h"
#include "dialogs/exportreportdialog.h"
#include "dialogs/repodialogs.h"
#include "mainwindow.h"
#include "repohistorypanel.h"
#include "reposession.h"

#include "commands/renamedesigncommand.h"
#include "cost/costmodel.h"
#include "cost/pricebook.h"
#include "io/designfile.h"
#include "repo/repolocation.h"
#include "repo/repoprovenance.h"
#include "repo/repository.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProcess>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeWidget>

using namespace pw;
using namespace pw::ui;
using pw::test::PgCluster;
using pw::test::sampleDesign;

class TestRepoStudio : public QObject {
    Q_OBJECT

private:
    PgCluster mCluster;
    QTemporaryDir mDir;
    const QString mDb = QStringLiteral("studio");
    const QString mPassword = QStringLiteral("Studio-Pass-9931");
    QStringList mErrors; // what the error reporter showed

    QString aliceUri() const
    {
        return mCluster.tcpUri(mDb, QStringLiteral("alice"), QStringLiteral("sslmode=require"));
    }
    Repository admin() { return Repository(RepoLocation::parse(mCluster.connectionString(mDb))); }
    // Bob, another editor on his own connection (the Unix socket, trust).
    Repository bob() { return Repository(RepoLocation::parse(mCluster.connectionString(mDb, QStringLiteral("bob")))); }
    static Design noted(Design d, const QString& note)
    {
        QJsonObject p = d.properties();
        p.insert(QStringLiteral("note"), note);
        d.setProperties(p);
        return d;
    }
    static QString noteOf(const Design& d) { return d.properties().value(QStringLiteral("note")).toString(); }
    int latestOf(const QString& name)
    {
        for (const RepoDesignEntry& e : admin().list())
            if (e.name == name)
                return e.latest;
        return 0;
    }

    // Error dialogs are recorded: several tests expect one.
    std::unique_ptr<MainWindow> makeWindow()
    {
        return testing::makeWindow([this](const QString& title, const QString& message) {
            mErrors << title + QStringLiteral(": ") + message;
        });
    }
    static void rename(MainWindow& w, const QString& name)
    {
        QVERIFY(w.document()->execute(std::make_unique<RenameDesignCommand>(name)).ok);
    }
    // File > Save to Repository… with `message`, the dialog answered as a user would.
    bool saveWithMessage(MainWindow& w, const QString& message)
    {
        testing::whenModal<RepoSaveDialog>(this, [message](RepoSaveDialog* dlg) {
            dlg->findChild<QPlainTextEdit*>(QStringLiteral("repoMessage"))->setPlainText(message);
            testing::okButton(dlg)->click();
        });
        return w.saveToRepository();
    }
    // Whether the administrator's psql holds the designs table (the lock a test's save waits on).
    bool designsLocked()
    {
        QString out;
        return mCluster.psql(mDb,
                   QStringLiteral("SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation "
                                  "WHERE c.relname = 'designs' AND l.mode = 'AccessExclusiveLock' AND l.granted"),
                   &out)
            && out == QLatin1String("1");
    }
    // Runs `operation` while the server holds the designs table, sampling the GUI thread every
    // 50 ms: returns how often the sampler ran and the busy dialog's text it saw. The holder keeps
    // the lock until the studio's connection waits on it (at most 20 s), then 1.5 s more: a fixed
    // 1.5 s could pass, under load, before the poll below saw the lock, and the operation then
    // waited for nothing.
    template <typename F>
    std::pair<int, QString> whileTheServerIsSlow(F operation, qint64* waitedMs)
    {
        auto holder = mCluster.startPsql(mDb,
            QStringLiteral("BEGIN; LOCK TABLE podwright.designs IN ACCESS EXCLUSIVE MODE; "
                           "DO $$ BEGIN FOR i IN 1..400 LOOP PERFORM pg_stat_clear_snapshot(); "
                           "PERFORM 1 FROM pg_stat_activity WHERE usename = 'alice' AND wait_event_type = 'Lock'; "
                           "EXIT WHEN FOUND; PERFORM pg_sleep(0.05); END LOOP; END $$; SELECT pg_sleep(1.5); "
                           "COMMIT;"));
        // A poll, deliberately: the lock is taken by another process on the server, and PostgreSQL signals
        // no lock grant (a NOTIFY from the holder would arrive only at its COMMIT, after the lock).
        [&] { QTRY_VERIFY_WITH_TIMEOUT(designsLocked(), 10000); }();
        int ticks = 0;
        QString busy;
        QTimer sampler;
        sampler.setInterval(50);
        connect(&sampler, &QTimer::timeout, this, [&] {
            ++ticks;
            if (auto* p = qobject_cast<QProgressDialog*>(QApplication::activeModalWidget()); p && p->isVisible())
                busy = p->labelText();
        });
        sampler.start();
        QElapsedTimer t;
        t.start();
        operation();
        *waitedMs = t.elapsed();
        sampler.stop();
        if (holder->state() != QProcess::NotRunning)
            holder->waitForFinished(10000);
        return {ticks, busy};
    }
    // Answers the conflict box with the button named `button`, after checking its text.
    void answerConflict(const QString& button, QString* text, bool* offeredCompare = nullptr)
    {
        testing::whenModal<QMessageBox>(this, [=](QMessageBox* box) {
            *text = box->text() + QLatin1Char('\n') + box->informativeText();
            if (offeredCompare)
                *offeredCompare = box->findChild<QPushButton*>(QStringLiteral("repoCompare")) != nullptr;
            box->findChild<QPushButton*>(button)->click();
        });
    }

private Q_SLOTS:
    void initTestCase()
    {
        qunsetenv("PGPASSWORD");
        qunsetenv("PODWRIGHT_REPO");
        QSettings().remove(QLatin1String(RepoSession::kAddressSetting));
        mCluster.enableTls();
        QVERIFY2(mCluster.start(), qPrintable(mCluster.error()));
        QVERIFY2(mCluster.createDatabase(mDb), qPrintable(mCluster.error()));
        Repository a = admin();
        a.migrate();
        a.grant(QStringLiteral("alice"), RepoRole::Editor);
        a.grant(QStringLiteral("bob"), RepoRole::Editor);
        QVERIFY(mCluster.psql(mDb, QStringLiteral("ALTER ROLE alice PASSWORD '%1'").arg(mPassword)));
        const QString passFile = mDir.filePath(QStringLiteral("pgpass"));
        QFile f(passFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral("*:%1:%2:alice:%3\n").arg(mCluster.port()).arg(mDb, mPassword).toUtf8());
        f.close();
        f.setPermissions(QFile::ReadOwner | QFile::WriteOwner);
        qputenv("PGPASSFILE", passFile.toLocal8Bit());
        // Two revisions by bob, each with a note the test can recognise.
        Repository b = bob();
        QVERIFY(b.push(noted(sampleDesign(), QStringLiteral("first")), QStringLiteral("acme"), QStringLiteral("start"))
                    .accepted);
        Design second = b.pull(QStringLiteral("acme"));
        QVERIFY(b.push(noted(second, QStringLiteral("second")), QStringLiteral("acme"), QStringLiteral("two racks"))
                    .accepted);
    }

    // Issue 31: an address that would carry designs to a remote host without TLS (sslmode=prefer is
    // libpq's default) is warned about in both repository dialogs as it is typed, as the CLI warns;
    // a socket, loopback or an address that requires TLS is not.
    void repositoryDialogsWarnOfAddressesWithoutTls()
    {
        RepoOpenDialog open(QString{});
        RepoSaveDialog save(QString{}, QStringLiteral("pod"), 0);
        for (QDialog* dlg : {static_cast<QDialog*>(&open), static_cast<QDialog*>(&save)}) {
            auto* address = dlg->findChild<QLineEdit*>(QStringLiteral("repoAddress"));
            auto* warning = dlg->findChild<QLabel*>(QStringLiteral("repoTransportWarning"));
            QVERIFY(address && warning);
            QVERIFY(warning->isHidden());
            address->setText(QStringLiteral("postgresql://alice@db.example.com/team"));
            QVERIFY(!warning->isHidden());
            QVERIFY2(warning->text().contains(QLatin1String("without TLS")), qPrintable(warning->text()));
            QVERIFY(warning->text().contains(QLatin1String("db.example.com")));
            address->setText(QStringLiteral("postgresql://alice@db.example.com/team?sslmode=verify-full"));
            QVERIFY(warning->isHidden());
            address->setText(QStringLiteral("postgresql://alice@localhost/team"));
            QVERIFY(warning->isHidden());
        }
    }

    void init() { mErrors.clear(); }

    void openFromRepositoryListsDesignsAndOpensTheChosenRevision()
    {
        auto w = makeWindow();
        QStringList designs;
        QStringList revisions;
        testing::whenModal<RepoOpenDialog>(this, [&](RepoOpenDialog* dlg) {
            dlg->findChild<QLineEdit*>(QStringLiteral("repoAddress"))->setText(aliceUri());
            dlg->findChild<QPushButton*>(QStringLiteral("repoConnect"))->click();
            auto* list = dlg->findChild<QTreeWidget*>(QStringLiteral("repoDesigns"));
            for (int i = 0; i < list->topLevelItemCount(); ++i)
                designs << list->topLevelItem(i)->text(0) + QLatin1Char(' ') + list->topLevelItem(i)->text(1);
            auto* revs = dlg->findChild<QTreeWidget*>(QStringLiteral("repoRevisions"));
            for (int i = 0; i < revs->topLevelItemCount(); ++i)
                revisions << revs->topLevelItem(i)->text(0) + QLatin1Char(' ') + revs->topLevelItem(i)->text(3);
            revs->setCurrentItem(revs->topLevelItem(1)); // r1
            testing::okButton(dlg)->click();
        });
        QVERIFY(w->openFromRepository());
        QVERIFY2(mErrors.isEmpty(), qPrintable(mErrors.join(QLatin1Char('\n'))));
        QCOMPARE(designs, QStringList{QStringLiteral("acme r2")});
        QCOMPARE(revisions, (QStringList{QStringLiteral("r2 two racks"), QStringLiteral("r1 start")}));
        QCOMPARE(noteOf(w->document()->design()), QStringLiteral("first"));
        QVERIFY(!w->document()->isModified());
        QCOMPARE(w->repoSession()->origin()->revision, 1);
        QVERIFY2(w->windowTitle().contains(QLatin1String("acme r1 in the repository")), qPrintable(w->windowTitle()));
        // The address is remembered for the next time, without the password.
        QCOMPARE(RepoSession::rememberedAddress(), aliceUri());
    }

    void saveWithAMessageStoresTheNextRevisionAndTheHistoryShowsIt()
    {
        auto w = makeWindow();
        QVERIFY(w->repoSession()->open(aliceUri(), QStringLiteral("acme")));
        QCOMPARE(w->repoSession()->origin()->revision, 2);
        rename(*w, QStringLiteral("Acme, three racks"));
        QVERIFY(w->document()->isModified());
        QVERIFY(saveWithMessage(*w, QStringLiteral("a third rack")));
        QVERIFY2(mErrors.isEmpty(), qPrintable(mErrors.join(QLatin1Char('\n'))));
        QVERIFY(!w->document()->isModified());
        QCOMPARE(w->repoSession()->origin()->revision, 3);
        const std::vector<RepoRevision> log = admin().log(QStringLiteral("acme"));
        QCOMPARE(log.front().number, 3);
        QCOMPARE(log.front().author, QStringLiteral("alice")); // the server's current_user, not a claim
        QCOMPARE(log.front().message, QStringLiteral("a third rack"));
        QCOMPARE(admin().pull(QStringLiteral("acme")).name(), QStringLiteral("Acme, three racks"));

        // The history dock: every revision, newest first; opening one from it.
        w->action(ActionId::ShowRepoHistory)->trigger();
        QVERIFY(w->repoHistoryDock()->isVisible());
        QTreeWidget* list = w->repoHistoryPanel()->list();
        QCOMPARE(list->topLevelItemCount(), 3);
        QCOMPARE(list->topLevelItem(0)->text(0), QStringLiteral("r3"));
        QCOMPARE(list->topLevelItem(0)->text(1), QStringLiteral("alice"));
        QCOMPARE(list->topLevelItem(0)->text(3), QStringLiteral("a third rack"));
        QCOMPARE(list->topLevelItem(2)->text(3), QStringLiteral("start"));
        QVERIFY(list->topLevelItem(0)->font(0).bold()); // the document's own revision
        // Compare with r1 from the history: the what-if view shows r1 against the open r3.
        list->setCurrentItem(list->topLevelItem(2));
        QVERIFY(w->repoHistoryPanel()->compareSelected());
        auto* compare = w->findChild<CompareView*>();
        QVERIFY(compare && compare->isVisible() && compare->comparison());
        QCOMPARE(compare->figuresTable()->horizontalHeaderItem(1)->text(), QStringLiteral("acme, revision 1"));
        QCOMPARE(compare->comparison()->afterName, QStringLiteral("Acme, three racks"));
        compare->close();
        list->setCurrentItem(list->topLevelItem(1));
        QVERIFY(w->repoHistoryPanel()->openSelected());
        QCOMPARE(noteOf(w->document()->design()), QStringLiteral("second"));
        QCOMPARE(w->repoSession()->origin()->revision, 2);
        QVERIFY(list->topLevelItem(1)->font(0).bold());
    }

    void aSaveOnTopOfAnOlderRevisionIsRefusedWithTheWaysForward()
    {
        auto w = makeWindow();
        QVERIFY(w->repoSession()->open(aliceUri(), QStringLiteral("acme")));
        const int base = w->repoSession()->origin()->revision;
        // Bob saves in between.
        {
            Repository b = bob();
            QVERIFY(b.push(noted(b.pull(QStringLiteral("acme")), QStringLiteral("bob's")), QStringLiteral("acme"),
                         QStringLiteral("bob's change"))
                        .accepted);
        }
        rename(*w, QStringLiteral("Alice's version"));

        // Cancel: nothing saved, nothing overwritten, the work still here and unsaved.
        QString text;
        bool offeredCompare = true;
        answerConflict(QStringLiteral("repoCancel"), &text, &offeredCompare);
        QVERIFY(!saveWithMessage(*w, QStringLiteral("alice's change")));
        QVERIFY2(text.contains(QStringLiteral("revision %1").arg(base + 1))
                && text.contains(QStringLiteral("based on revision %1").arg(base)),
            qPrintable(text));
        QVERIFY2(offeredCompare, "the conflict prompt offers no Compare");
        QCOMPARE(latestOf(QStringLiteral("acme")), base + 1);
        QCOMPARE(noteOf(admin().pull(QStringLiteral("acme"))), QStringLiteral("bob's"));
        QCOMPARE(w->document()->design().name(), QStringLiteral("Alice's version"));
        QVERIFY(w->document()->isModified());

        // Compare: the what-if view opens on the revision that is now the latest (bob's), against
        // alice's unsaved version; nothing is saved.
        answerConflict(QStringLiteral("repoCompare"), &text, &offeredCompare);
        QVERIFY(!saveWithMessage(*w, QStringLiteral("alice's change")));
        auto* compare = w->findChild<CompareView*>();
        QVERIFY(compare && compare->isVisible());
        QVERIFY(compare->comparison());
        QCOMPARE(compare->figuresTable()->horizontalHeaderItem(1)->text(),
            QStringLiteral("acme, revision %1").arg(base + 1));
        QCOMPARE(compare->comparison()->afterName, QStringLiteral("Alice's version"));
        QCOMPARE(latestOf(QStringLiteral("acme")), base + 1);
        QVERIFY(w->document()->isModified());
        compare->close();

        // Save as New Design: alice's version becomes a design of its own (a branch).
        answerConflict(QStringLiteral("repoSaveAsNew"), &text);
        testing::whenModal<QInputDialog>(this, [](QInputDialog* dlg) {
            dlg->setTextValue(QStringLiteral("acme-alice"));
            dlg->accept();
        });
        QVERIFY(saveWithMessage(*w, QStringLiteral("alice's change")));
        QCOMPARE(latestOf(QStringLiteral("acme")), base + 1); // untouched
        QCOMPARE(latestOf(QStringLiteral("acme-alice")), 1);
        QCOMPARE(admin().pull(QStringLiteral("acme-alice")).name(), QStringLiteral("Alice's version"));
        QCOMPARE(w->repoSession()->origin()->design, QStringLiteral("acme-alice"));
        QVERIFY(!w->document()->isModified());

        // Reload Latest: bob saves on the branch too; alice drops her edit for his revision.
        {
            Repository b = bob();
            QVERIFY(b.push(noted(b.pull(QStringLiteral("acme-alice")), QStringLiteral("bob on branch")),
                         QStringLiteral("acme-alice"), QStringLiteral("bob again"))
                        .accepted);
        }
        rename(*w, QStringLiteral("Alice again"));
        answerConflict(QStringLiteral("repoReloadLatest"), &text);
        QVERIFY(!saveWithMessage(*w, QStringLiteral("alice again")));
        QCOMPARE(latestOf(QStringLiteral("acme-alice")), 2);
        QCOMPARE(noteOf(w->document()->design()), QStringLiteral("bob on branch"));
        QCOMPARE(w->repoSession()->origin()->revision, 2);
        QVERIFY(!w->document()->isModified());
        QVERIFY2(mErrors.isEmpty(), qPrintable(mErrors.join(QLatin1Char('\n'))));
    }

    void aConnectionDroppedMidSaveChangesNothing()
    {
        auto w = makeWindow();
        QVERIFY(w->repoSession()->open(aliceUri(), QStringLiteral("acme")));
        const int before = w->repoSession()->origin()->revision;
        rename(*w, QStringLiteral("Lost in transit?"));
        // The administrator holds the designs table, and kills the studio's connection once its save
        // waits inside its transaction (at most 20 s, then it gives up and the save goes through).
        auto holder = mCluster.startPsql(mDb,
            QStringLiteral("BEGIN; LOCK TABLE podwright.designs IN ACCESS EXCLUSIVE MODE; "
                           "DO $$ BEGIN FOR i IN 1..400 LOOP PERFORM pg_stat_clear_snapshot(); "
                           "PERFORM pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'alice' "
                           "AND wait_event_type = 'Lock'; EXIT WHEN FOUND; PERFORM pg_sleep(0.05); END LOOP; END $$; "
                           "COMMIT;"));
        auto locked = [&] {
            QString out;
            return mCluster.psql(mDb,
                       QStringLiteral("SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation "
                                      "WHERE c.relname = 'designs' AND l.mode = 'AccessExclusiveLock' AND l.granted"),
                       &out)
                && out == QLatin1String("1");
        };
        // A poll, deliberately: the lock is taken by another process on the server, and PostgreSQL signals
        // no lock grant (a NOTIFY from the holder would arrive only at its COMMIT, after the lock).
        QTRY_VERIFY_WITH_TIMEOUT(locked(), 10000);
        QVERIFY(!saveWithMessage(*w, QStringLiteral("never arrives")));
        // The window's event loop ran during the save (it runs off the GUI thread), so the holder
        // may have been seen to finish already.
        QVERIFY(holder->state() == QProcess::NotRunning || holder->waitForFinished(30000));
        QCOMPARE(mErrors.size(), 1);
        QVERIFY2(mErrors.front().startsWith(QLatin1String("Not saved to the repository")), qPrintable(mErrors.front()));
        QVERIFY2(
            mErrors.front().contains(QStringLiteral("stays at revision %1").arg(before)), qPrintable(mErrors.front()));
        QVERIFY2(mErrors.front().contains(QLatin1String("still unsaved")), qPrintable(mErrors.front()));
        QCOMPARE(latestOf(QStringLiteral("acme")), before);
        QCOMPARE(w->document()->design().name(), QStringLiteral("Lost in transit?"));
        QVERIFY(w->document()->isModified());
        QVERIFY(w->isWindowModified());
        // The connection is back: the same save goes through as the next revision.
        mErrors.clear();
        QVERIFY(saveWithMessage(*w, QStringLiteral("arrives now")));
        QVERIFY2(mErrors.isEmpty(), qPrintable(mErrors.join(QLatin1Char('\n'))));
        QCOMPARE(latestOf(QStringLiteral("acme")), before + 1);
    }

    // A save and an open that wait on the server run off the GUI thread: the window's event loop
    // keeps turning (its timers fire all along) and a busy dialog says what is going on; both
    // complete once the server answers, and no busy dialog is left behind.
    void slowRepositoryWorkKeepsTheWindowAliveWithABusyDialog()
    {
        auto w = makeWindow();
        QVERIFY(w->repoSession()->open(aliceUri(), QStringLiteral("acme")));
        const int before = w->repoSession()->origin()->revision;
        rename(*w, QStringLiteral("Saved while the server was slow"));
        bool saved = false;
        qint64 waited = 0;
        auto [ticks, busy]
            = whileTheServerIsSlow([&] { saved = saveWithMessage(*w, QStringLiteral("slow")); }, &waited);
        QVERIFY2(saved, qPrintable(mErrors.join(QLatin1Char('\n'))));
        QVERIFY2(waited > 500, qPrintable(QString::number(waited))); // it did wait for the server
        QVERIFY2(ticks >= 5, qPrintable(QStringLiteral("the GUI thread ran %1 times in %2 ms").arg(ticks).arg(waited)));
        QVERIFY2(busy.contains(QLatin1String("Saving acme to the repository")), qPrintable(busy));
        QCOMPARE(latestOf(QStringLiteral("acme")), before + 1);

        bool opened = false;
        std::tie(ticks, busy) = whileTheServerIsSlow(
            [&] { opened = w->repoSession()->open(aliceUri(), QStringLiteral("acme"), before); }, &waited);
        QVERIFY2(opened, qPrintable(mErrors.join(QLatin1Char('\n'))));
        QVERIFY2(ticks >= 5, qPrintable(QStringLiteral("the GUI thread ran %1 times in %2 ms").arg(ticks).arg(waited)));
        QVERIFY2(busy.contains(QLatin1String("Opening acme from the repository")), qPrintable(busy));
        QCOMPARE(w->repoSession()->origin()->revision, before);
        const QList<QProgressDialog*> left = w->findChildren<QProgressDialog*>();
        QVERIFY(std::none_of(left.begin(), left.end(), [](QProgressDialog* p) { return p->isVisible(); }));
        QVERIFY2(mErrors.isEmpty(), qPrintable(mErrors.join(QLatin1Char('\n'))));
    }

    // File > Export Report… on a design from the repository offers "Changes since revision N" (as
    // `report --changes-since NAME@N`); the PDF then has the appendix. A design from a file has no
    // revisions, and the dialog does not offer it.
    void exportReportOffersChangesSinceARevision()
    {
        auto w = makeWindow();
        QVERIFY(w->repoSession()->open(aliceUri(), QStringLiteral("acme")));
        const int latest = w->repoSession()->origin()->revision;
        QVERIFY(latest >= 2);
        const QString pdf = mDir.filePath(QStringLiteral("next-proposal.pdf"));
        bool offered = false;
        int proposed = 0;
        testing::whenModal<ExportReportDialog>(this, [&](ExportReportDialog* dlg) {
            offered = dlg->findChild<QWidget*>(QStringLiteral("changesSinceRow"))->isVisibleTo(dlg);
            auto* spin = dlg->findChild<QSpinBox*>(QStringLiteral("changesSinceRevision"));
            proposed = spin->value();
            dlg->findChild<QCheckBox*>(QStringLiteral("changesSince"))->setChecked(true);
            spin->setValue(1);
            dlg->setOutputPath(pdf);
            testing::okButton(dlg)->click();
        });
        w->findChild<QAction*>(QStringLiteral("actionExportReport"))->trigger();
        QVERIFY(offered);
        QCOMPARE(proposed, latest - 1);
        QVERIFY2(QFile::exists(pdf), qPrintable(mErrors.join(QLatin1Char('\n'))));
        QProcess p;
        p.start(QStringLiteral("pdftotext"), {QStringLiteral("-layout"), pdf, QStringLiteral("-")});
        QVERIFY(p.waitForFinished(30000));
        const QString text = QString::fromUtf8(p.readAllStandardOutput());
        QVERIFY2(text.contains(QLatin1String("Changes since revision 1")), qPrintable(text.left(2000)));

        // Not from the repository: nothing to compare with, so no such option.
        QVERIFY(w->openFile(QString::fromLocal8Bit(qgetenv("PODWRIGHT_TEST_DATA"))
            + QStringLiteral("/designs/format-1-minimum-viable-cluster.podwright")));
        QVERIFY(!w->repoSession()->origin());
        offered = true;
        testing::whenModal<ExportReportDialog>(this, [&](ExportReportDialog* dlg) {
            offered = dlg->findChild<QWidget*>(QStringLiteral("changesSinceRow"))->isVisibleTo(dlg);
            dlg->reject();
        });
        w->findChild<QAction*>(QStringLiteral("actionExportReport"))->trigger();
        QVERIFY(!offered);
    }

    void theTeamPriceBookPricesTheOpenDesign()
    {
        auto w = makeWindow();
        QVERIFY(w->repoSession()->open(aliceUri(), QStringLiteral("acme")));
        QVERIFY(w->analysis()->cost().has_value());
        QVERIFY(!w->priceBookLabel()->isVisible()); // an empty book prices nothing
        const BomLine line = w->analysis()->cost()->bom.lines().front();
        // The owner (here the administrator) sets the team's price for the design's first line.
        admin().setPrice(line.sku, line.unitPrice + 1000, QStringLiteral("quote Q-17"));
        QVERIFY(w->repoSession()->loadTeamCatalog());
        const CostReport& cost = *w->analysis()->cost();
        const double expected = CostModel::compute(w->document()->design(),
            [&] {
                CostAssumptions a = CostAssumptions::ofProperties(w->document()->design().properties());
                a.priceBook = w->repoSession()->priceBook();
                return a;
            }())
                                    .capex;
        QCOMPARE(cost.capex, expected);
        QVERIFY(qAbs(cost.capex
                    - (CostModel::compute(
                           w->document()->design(), CostAssumptions::ofProperties(w->document()->design().properties()))
                            .capex
                        + 1000.0 * line.quantity))
            < 0.01);
        const BomLine& priced = cost.bom.lines().front();
        QCOMPARE(priced.priceKind, QStringLiteral("price-book"));
        QVERIFY2(priced.priceSource.contains(QLatin1String("quote Q-17")), qPrintable(priced.priceSource));
        QVERIFY(w->priceBookLabel()->isVisible());
        QVERIFY2(w->priceBookLabel()->text().startsWith(QLatin1String("Team prices: 1 of")),
            qPrintable(w->priceBookLabel()->text()));
        // An editor may not change it: the server says no.
        Repository b = bob();
        QVERIFY_THROWS_EXCEPTION(RepoPermissionError, b.setPrice(line.sku, 1, QStringLiteral("cheaper")));
    }

    void thePasswordIsInNoSettingAndNoSavedDesign()
    {
        auto w = makeWindow();
        QVERIFY(w->repoSession()->open(aliceUri(), QStringLiteral("acme")));
        const QString file = mDir.filePath(QStringLiteral("local.podwright"));
        QVERIFY(w->saveAs(file));
        w->close();
        w.reset();
        QSettings settings;
        settings.sync();
        QFile ini(settings.fileName());
        QVERIFY2(ini.open(QIODevice::ReadOnly), qPrintable(settings.fileName()));
        const QByteArray stored = ini.readAll();
        QVERIFY2(stored.contains("127.0.0.1"), stored.constData()); // the address is there...
        QVERIFY2(!stored.contains(mPassword.toUtf8()), "the password is in the settings"); // ...the password not
        QFile saved(file);
        QVERIFY(saved.open(QIODevice::ReadOnly));
        const QByteArray bytes = saved.readAll();
        QVERIFY(bytes.contains("acme")); // the provenance is recorded...
        QVERIFY2(!bytes.contains(mPassword.toUtf8()), "the password is in the saved design");
        QCOMPARE(RepoProvenance::of(DesignFile::load(file))->design, QStringLiteral("acme"));
    }

    // Issue 31: a small stored row whose stream declares 4,026,531,840 bytes (above the 512,000,000
    // of the largest legal design file, util/designlimits.h), stored by the superuser past the push
    // function. File > Open from Repository refuses it from its first 4 bytes, with the reason,
    // quickly, and the open document stays as it was.
    void openFromRepositoryRefusesAStoredBomb()
    {
        QByteArray bomb = qCompress(QByteArray(1 << 20, '\0'), 9);
        bomb[0] = char(0xf0);
        bomb[1] = bomb[2] = bomb[3] = 0;
        QVERIFY2(mCluster.psql(mDb,
                     QStringLiteral("ALTER TABLE podwright.revisions DROP CONSTRAINT IF EXISTS revisions_content_cap; "
                                    "WITH d AS (INSERT INTO podwright.designs (name, latest) VALUES ('zz-bomb', 1) "
                                    "RETURNING id) INSERT INTO podwright.revisions (design_id, number, author, "
                                    "format, content) SELECT id, 1, 'mallory', 'podwright-file-zlib', '\\x%1' FROM d")
                         .arg(QString::fromLatin1(bomb.toHex()))),
            qPrintable(mCluster.error()));
        auto w = makeWindow();
        const QString before = w->document()->design().name();
        testing::whenModal<RepoOpenDialog>(this, [&](RepoOpenDialog* dlg) {
            dlg->findChild<QLineEdit*>(QStringLiteral("repoAddress"))->setText(aliceUri());
            dlg->findChild<QPushButton*>(QStringLiteral("repoConnect"))->click();
            auto* list = dlg->findChild<QTreeWidget*>(QStringLiteral("repoDesigns"));
            for (int i = 0; i < list->topLevelItemCount(); ++i)
                if (list->topLevelItem(i)->text(0) == QLatin1String("zz-bomb"))
                    list->setCurrentItem(list->topLevelItem(i));
            testing::okButton(dlg)->click();
        });
        QElapsedTimer t;
        t.start();
        QVERIFY(!w->openFromRepository());
        QVERIFY2(t.elapsed() < 20000, qPrintable(QString::number(t.elapsed())));
        QCOMPARE(mErrors.size(), 1);
        QVERIFY2(mErrors.front().contains(QLatin1String("Cannot open 'zz-bomb' from the repository")),
            qPrintable(mErrors.front()));
        QVERIFY2(mErrors.front().contains(QLatin1String("declares a design file of 4026531840 bytes")),
            qPrintable(mErrors.front()));
        QCOMPARE(w->document()->design().name(), before);
        QVERIFY(!w->repoSession()->origin());
    }
};

QTEST_MAIN(TestRepoStudio)
#include "tst_repostudio.moc"
