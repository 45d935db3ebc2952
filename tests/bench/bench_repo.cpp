// The team repository at scale (issue 18, docs/team-repository.md): a repository of 1,000 designs
// with 100 revisions each must list in under 100 ms, and a 100,000-GPU design must push and pull in
// under 5 s. Starts its own PostgreSQL cluster (tests/repo/helpers/pgcluster.h), fills it, and prints
// the medians of five runs; exits 1 when a target is missed.
#include "helpers/pgcluster.h"

#include "catalog/catalog.h"
#include "generate/fabricgenerator.h"
#include "io/designfile.h"
#include "io/designjson.h"
#include "repo/repoprovenance.h"
#include "repo/repository.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <functional>
#include <vector>

using namespace pw;

namespace {

// Median wall time of `runs` runs, in ms; `cpuMs`, when given, gets this process's median CPU time
// (the client's share: the server's work is in the wall time only), less sensitive to a busy machine.
double medianMs(int runs, const std::function<void()>& f, double* cpuMs = nullptr)
{
    std::vector<double> ms;
    std::vector<double> cpu;
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer t;
        const std::clock_t c0 = std::clock();
        t.start();
        f();
        ms.push_back(double(t.nsecsElapsed()) / 1e6);
        cpu.push_back(double(std::clock() - c0) * 1000.0 / CLOCKS_PER_SEC);
    }
    std::sort(ms.begin(), ms.end());
    std::sort(cpu.begin(), cpu.end());
    if (cpuMs)
        *cpuMs = cpu[cpu.size() / 2];
    return ms[ms.size() / 2];
}

bool sql(QSqlDatabase& db, const QString& statement, const QVariantList& values = {})
{
    QSqlQuery q(db);
    bool ok = false;
    if (values.isEmpty()) {
        ok = q.exec(statement);
    } else {
        q.prepare(statement);
        for (const QVariant& v : values)
            q.addBindValue(v);
        ok = q.exec();
    }
    if (!ok) {
        std::fprintf(stderr, "bench_repo: %s\n", qPrintable(q.lastError().text()));
        return false;
    }
    return true;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    pw::test::PgCluster cluster;
    if (!cluster.start() || !cluster.createDatabase(QStringLiteral("bench"))) {
        std::fprintf(stderr, "bench_repo: %s\n", qPrintable(cluster.error()));
        return 2;
    }
    const RepoLocation admin = RepoLocation::parse(cluster.connectionString(QStringLiteral("bench")));
    Repository repo(admin);
    repo.migrate();

    Catalog catalog;
    const QByteArray dir = qgetenv("PODWRIGHT_CATALOG_DIR");
    (void)catalog.loadDirectory(dir.isEmpty() ? QStringLiteral(PW_BENCH_CATALOG_DIR) : QString::fromLocal8Bit(dir));
    GeneratorOptions small;
    small.serverSku = QStringLiteral("dgx-h100");
    small.gpus = 64;
    small.switchSku = QStringLiteral("qm9700");
    const GenerateResult smallDesign = FabricGenerator::generate(small, catalog);
    if (!smallDesign.ok()) {
        std::fprintf(stderr, "bench_repo: generate refused: %s\n", qPrintable(smallDesign.error));
        return 2;
    }

    // 1,000 designs x 100 revisions, each revision a real (64-GPU) design, written by SQL in bulk.
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), QStringLiteral("fill"));
        db.setConnectOptions(admin.connectionString());
        if (!db.open()) {
            std::fprintf(stderr, "bench_repo: %s\n", qPrintable(db.lastError().text()));
            return 2;
        }
        const QByteArray content = qCompress(DesignJson::toBytes(*smallDesign.design), 1);
        QElapsedTimer fill;
        fill.start();
        if (!sql(db,
                QStringLiteral("INSERT INTO podwright.designs (name, latest) SELECT 'design-' || lpad(i::text, 4, "
                               "'0'), 100 FROM generate_series(1, 1000) i"))
            || !sql(db,
                QStringLiteral("INSERT INTO podwright.revisions (design_id, number, parent, message, format, content) "
                               "SELECT d.id, n, NULLIF(n - 1, 0), 'revision ' || n, 'podwright-json-zlib', ? "
                               "FROM podwright.designs d, generate_series(1, 100) n"),
                {content})
            || !sql(db, QStringLiteral("ANALYZE")))
            return 2;
        std::printf("filled 1,000 designs x 100 revisions (%lld bytes each) in %.1f s\n",
            static_cast<long long>(content.size()), double(fill.elapsed()) / 1000);
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("fill"));

    std::size_t listed = 0;
    const double listMs = medianMs(5, [&] { listed = repo.list().size(); });
    const double logMs = medianMs(5, [&] { (void)repo.log(QStringLiteral("design-0500")); });
    std::printf(
        "list of %zu designs: %.1f ms (target < 100 ms)\nlog of 100 revisions: %.1f ms\n", listed, listMs, logMs);

    GeneratorOptions big = small;
    big.gpus = 100000;
    GenerateResult bigDesign = FabricGenerator::generate(big, catalog);
    if (!bigDesign.ok()) {
        std::fprintf(stderr, "bench_repo: generate refused: %s\n", qPrintable(bigDesign.error));
        return 2;
    }
    Design design = std::move(*bigDesign.design);
    // Where a push's and a pull's time goes: a revision is the design file (DesignFile, SQLite)
    // compressed with zlib level 1 (core/repo/repository.cpp); the rest is the transfer and the server.
    QTemporaryDir scratch;
    const QString file = scratch.filePath(QStringLiteral("revision.podwright"));
    const double saveMs = medianMs(1, [&] { DesignFile::save(design, file); });
    QByteArray raw;
    {
        QFile f(file);
        if (!f.open(QIODevice::ReadOnly))
            return 2;
        raw = f.readAll();
    }
    QByteArray compressed;
    const double compressMs = medianMs(1, [&] { compressed = qCompress(raw, 1); });
    const double uncompressMs = medianMs(1, [&] { (void)qUncompress(compressed); });
    const double loadMs = medianMs(1, [&] { (void)DesignFile::load(file); });
    std::printf("100,000-GPU design: file %lld bytes saved in %.0f ms, compressed to %lld bytes in %.0f ms; "
                "uncompressed in %.0f ms, loaded in %.0f ms\n",
        static_cast<long long>(raw.size()), saveMs, static_cast<long long>(compressed.size()), compressMs, uncompressMs,
        loadMs);
    int pushes = 0;
    double pushCpuMs = 0;
    double pullCpuMs = 0;
    const double pushMs = medianMs(
        5,
        [&] {
            const RepoPushResult r = repo.push(design, QStringLiteral("gpus-100000"), QStringLiteral("bench"));
            RepoProvenance::set(design, RepoProvenance{QStringLiteral("gpus-100000"), r.revision});
            pushes += r.accepted ? 1 : 0;
        },
        &pushCpuMs);
    const double pullMs = medianMs(
        5, [&] { (void)repo.pull(QStringLiteral("gpus-100000")); }, &pullCpuMs);
    std::printf("push of a 100,000-GPU design (%lld nodes, %lld links): %.0f ms, client CPU %.0f ms (target < 5000 "
                "ms, %d of 5 accepted)\npull of it: %.0f ms, client CPU %.0f ms (target < 5000 ms)\n",
        static_cast<long long>(design.nodes().size()), static_cast<long long>(design.links().size()), pushMs, pushCpuMs,
        pushes, pullMs, pullCpuMs);
    const bool met = listed == 1000 && listMs < 100 && pushes == 5 && pushMs < 5000 && pullMs < 5000;
    std::printf("%s\n", met ? "targets met" : "TARGET MISSED");
    return met ? 0 : 1;
}
