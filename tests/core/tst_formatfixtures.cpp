// Frozen design files of every format version must keep opening, unchanged, forever.
#include "io/designfile.h"
#include "io/designjson.h"
#include "model/design.h"
#include "model/designsummary.h"

#include <QDir>
#include <QtTest>

using namespace pw;

class TestFormatFixtures : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyFrozenVersionOpens()
    {
        const QDir dir(QString::fromLocal8Bit(qgetenv("PODWRIGHT_TEST_DATA")) + QStringLiteral("/designs"));
        const QStringList files = dir.entryList({QStringLiteral("format-*.podwright")}, QDir::Files);
        QVERIFY(!files.isEmpty());
        for (const QString& f : files) {
            const Design d = DesignFile::load(dir.filePath(f));
            QVERIFY2(!d.checkInvariants(), qPrintable(f));
            // Each fixture has a JSON twin written at freeze time: both must read as the same design.
            const QString twin = dir.filePath(QFileInfo(f).completeBaseName() + QStringLiteral(".json"));
            QVERIFY2(QFile::exists(twin), qPrintable(twin));
            QVERIFY2(DesignJson::readFile(twin) == d, qPrintable(f));
        }
    }

    void formatOneSampleHasItsCounts()
    {
        const Design d = DesignFile::load(QString::fromLocal8Bit(qgetenv("PODWRIGHT_TEST_DATA"))
            + QStringLiteral("/designs/format-1-minimum-viable-cluster.podwright"));
        const DesignSummary s = DesignSummary::of(d);
        QCOMPARE(s.gpus, 16);
        QCOMPARE(s.links, 41);
        QCOMPARE(s.racks, 1);
    }
};

QTEST_GUILESS_MAIN(TestFormatFixtures)
#include "tst_formatfixtures.moc"
