// The bounded, always-on fuzz driver: random mutations of real inputs fed to both loaders, and
// random bytes fed to the command-sequence target. libFuzzer (tests/fuzz/run-fuzzers.sh) explores
// far more; this keeps every CI run honest.
#include "fuzz/fuzztargets.h"
#include "helpers/testcatalog.h"

#include "io/designfile.h"
#include "io/designjson.h"

#include <QDir>
#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QtTest>

using namespace pw;

namespace {

QByteArray mutate(QByteArray bytes, QRandomGenerator& rng)
{
    const int edits = 1 + static_cast<int>(rng.bounded(4));
    for (int e = 0; e < edits && !bytes.isEmpty(); ++e) {
        const auto pos = static_cast<qsizetype>(rng.bounded(static_cast<quint32>(bytes.size())));
        switch (rng.bounded(6)) {
        case 0:
            bytes[pos] = static_cast<char>(bytes[pos] ^ (1 << rng.bounded(8)));
            break;
        case 1:
            bytes.remove(pos, static_cast<qsizetype>(rng.bounded(64)));
            break;
        case 2:
            bytes.insert(
                pos, QByteArray(static_cast<qsizetype>(1 + rng.bounded(16)), static_cast<char>(rng.bounded(256))));
            break;
        case 3:
            bytes.truncate(pos);
            break;
        case 4:
            bytes.insert(pos, bytes.mid(static_cast<qsizetype>(rng.bounded(static_cast<quint32>(bytes.size()))), 32));
            break;
        case 5: {
            // Numbers are where hostile files hurt most: swap one digit run for an extreme value.
            static const char* const extremes[]
                = {"1e308", "-1", "4294967295", "1000000000", "0", "NaN", "\"x\"", "null", "[]"};
            bytes.insert(pos, extremes[rng.bounded(9)]);
            break;
        }
        }
    }
    return bytes;
}

QList<QByteArray> jsonSeeds()
{
    QList<QByteArray> seeds;
    const QDir hostile(QString::fromLocal8Bit(qgetenv("PODWRIGHT_TEST_DATA")) + QStringLiteral("/hostile"));
    for (const QString& f : hostile.entryList({QStringLiteral("*.json")}, QDir::Files)) {
        QFile file(hostile.filePath(f));
        if (file.size() < 1'000'000 && file.open(QIODevice::ReadOnly))
            seeds << file.readAll();
    }
    seeds << DesignJson::toBytes(test::smallDesign());
    return seeds;
}

// One input (load, save, reload, every export) may take this long, as libFuzzer's -timeout in
// run-fuzzers.sh: a view or a loop of the file's choosing fails here instead of stalling CI.
constexpr qint64 kPerInputMs = 5000;

QString slow(int run, qint64 ms)
{
    return QStringLiteral("input %1 took %2 ms (limit %3 ms)").arg(run).arg(ms).arg(kPerInputMs);
}

} // namespace

class TestFuzzDriver : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void jsonImporterSurvivesMutations()
    {
        const QList<QByteArray> seeds = jsonSeeds();
        QVERIFY(seeds.size() > 10);
        QRandomGenerator rng(7);
        QElapsedTimer t;
        t.start();
        int runs = 0;
        while (runs < 20000 && t.elapsed() < 20000) {
            const QByteArray input
                = mutate(seeds[static_cast<qsizetype>(rng.bounded(static_cast<quint32>(seeds.size())))], rng);
            QElapsedTimer one;
            one.start();
            fuzz::designJson(
                reinterpret_cast<const std::uint8_t*>(input.constData()), static_cast<size_t>(input.size()));
            QVERIFY2(one.elapsed() < kPerInputMs, qPrintable(slow(runs, one.elapsed())));
            ++runs;
        }
        QVERIFY(runs > 500);
    }

    void designFileLoaderSurvivesMutations()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("seed.podwright"));
        DesignFile::save(test::smallDesign(), path);
        QList<QByteArray> seeds;
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        seeds << f.readAll();
        // The hostile .podwright corpus too (views, triggers, cycles, names a spreadsheet would run).
        const QDir hostile(QString::fromLocal8Bit(qgetenv("PODWRIGHT_TEST_DATA")) + QStringLiteral("/hostile"));
        for (const QString& name : hostile.entryList({QStringLiteral("*.podwright")}, QDir::Files)) {
            QFile h(hostile.filePath(name));
            if (h.size() < 100'000 && h.open(QIODevice::ReadOnly))
                seeds << h.readAll();
        }
        QVERIFY(seeds.size() > 10);
        QRandomGenerator rng(11);
        QElapsedTimer t;
        t.start();
        int runs = 0;
        while (runs < 3000 && t.elapsed() < 20000) {
            QByteArray input = seeds[static_cast<qsizetype>(rng.bounded(static_cast<quint32>(seeds.size())))];
            // Keep the header mostly intact so mutations reach the tables, not only the magic check.
            const QByteArray body = mutate(input.mid(100), rng);
            input = input.left(100) + body;
            QElapsedTimer one;
            one.start();
            fuzz::designFile(
                reinterpret_cast<const std::uint8_t*>(input.constData()), static_cast<size_t>(input.size()));
            QVERIFY2(one.elapsed() < kPerInputMs, qPrintable(slow(runs, one.elapsed())));
            ++runs;
        }
        QVERIFY(runs > 200);
    }

    // The libFuzzer target's own entry, on random inputs of every length up to its max_len.
    void commandSequencesKeepTheirPromises()
    {
        QRandomGenerator rng(13);
        QElapsedTimer t;
        t.start();
        int runs = 0;
        while (runs < 400 && t.elapsed() < 20000) {
            QByteArray input(static_cast<qsizetype>(rng.bounded(4096)), Qt::Uninitialized);
            for (char& c : input)
                c = static_cast<char>(rng.bounded(256));
            const auto failure = fuzz::commandSequence(
                reinterpret_cast<const std::uint8_t*>(input.constData()), static_cast<size_t>(input.size()));
            QVERIFY2(!failure,
                qPrintable(QStringLiteral("input %1 (%2 bytes): %3")
                               .arg(runs)
                               .arg(input.size())
                               .arg(failure.value_or(QString()))));
            ++runs;
        }
        QVERIFY(runs > 50);
    }
};

QTEST_GUILESS_MAIN(TestFuzzDriver)
#include "tst_fuzzdriver.moc"
