// The studio meets the hostile corpus (tests/data/hostile): every refused file is reported with its
// path and the studio stays usable; every accepted file opens, shows its nodes and saves. Two pods
// that were each other's parent once hung the studio for good in CanvasScene::updateVisibility.
#include "helpers/windowfixture.h"

#include "designdocument.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QTemporaryDir>

using namespace pw;
using namespace pw::ui;

class TestHostileFiles : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void studioOpensTheCorpus_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("expected");
        const QDir dir(QString::fromLocal8Bit(qgetenv("PODWRIGHT_TEST_DATA")) + QStringLiteral("/hostile"));
        const QStringList files
            = dir.entryList({QStringLiteral("*.podwright"), QStringLiteral("*.json")}, QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 40);
        for (const QString& f : files) {
            QFile e(dir.filePath(QFileInfo(f).completeBaseName() + QStringLiteral(".expect")));
            QVERIFY2(e.open(QIODevice::ReadOnly), qPrintable(f));
            QTest::newRow(qPrintable(f)) << dir.filePath(f) << QString::fromUtf8(e.readAll()).trimmed();
        }
    }
    void studioOpensTheCorpus()
    {
        QFETCH(QString, path);
        QFETCH(QString, expected);
        auto w = testing::makeWindow();
        QString reported;
        w->setErrorReporter([&](const QString&, const QString& message) { reported = message; });
        QElapsedTimer timer;
        timer.start();
        const bool opened = w->openFile(path);
        QCoreApplication::processEvents(); // the scene's deferred work (visibility, level of detail)
        QVERIFY2(timer.elapsed() < 10000, "the studio stays responsive");
        if (expected != QLatin1String("accepted")) {
            QVERIFY(!opened);
            QVERIFY2(reported.contains(expected) && reported.contains(QFileInfo(path).fileName()),
                qPrintable(reported.left(300)));
            // Still usable: the sample opens in the same window.
            QVERIFY(w->openFile(testing::samplePath()));
            QVERIFY(w->scene()->nodeItemCount() > 0);
            return;
        }
        QVERIFY2(opened, qPrintable(reported));
        QCOMPARE(w->scene()->nodeItemCount(), int(w->document()->design().nodes().size()));
        QTemporaryDir dir;
        QVERIFY2(w->saveAs(dir.filePath(QStringLiteral("saved.podwright"))), qPrintable(reported));
    }
};

QTEST_MAIN(TestHostileFiles)
#include "tst_hostilefiles.moc"
