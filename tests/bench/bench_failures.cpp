// Issue 17, section 4 at scale: the failure domains (every switch, plane, feed, loop, rack and row
// failure) of a generated DGX H100 SuperPOD. Equivalent failures are computed once, so the run
// costs about one fabric analysis plus one max-flow per class. Prints the time, the classes per
// kind and the failures they stand for, and exits 1 when the time is over the target (default
// 10 s, the section 5 budget for the whole 100,000-GPU analysis). Not a ctest: run it by hand.
//   build-bench/tests/bench/bench_failures [GPUS] [TARGET_MS]
#include "catalog/catalog.h"
#include "failures/failuredomains.h"
#include "generate/fabricgenerator.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <sys/resource.h>

#include <cstdio>
#include <map>

using namespace pw;

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    const int gpus = argc > 1 ? QString::fromLocal8Bit(argv[1]).toInt() : 100000;
    const qint64 targetMs = argc > 2 ? QString::fromLocal8Bit(argv[2]).toLongLong() : 10000;
    Catalog catalog;
    const QByteArray dir = qgetenv("PODWRIGHT_CATALOG_DIR");
    catalog.loadDirectory(dir.isEmpty() ? QStringLiteral(PW_BENCH_CATALOG_DIR) : QString::fromLocal8Bit(dir));

    GeneratorOptions o;
    o.serverSku = QStringLiteral("dgx-h100");
    o.gpus = gpus;
    o.switchSku = QStringLiteral("qm9700");
    const GenerateResult g = FabricGenerator::generate(o, catalog);
    if (!g.ok()) {
        std::fprintf(stderr, "generate refused: %s\n", qPrintable(g.error));
        return 2;
    }
    QElapsedTimer timer;
    timer.start();
    const FailureDomains f = FailureDomains::of(*g.design);
    const qint64 ms = timer.elapsed();

    std::map<QString, std::pair<int, int>> byKind; // classes computed, failures they stand for
    for (const FailureScenario& s : f.scenarios) {
        auto& [classes, failures] = byKind[toString(s.kind)];
        ++classes;
        failures += s.equivalent;
    }
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    std::printf("%d GPUs: %lld nodes, %lld links\n", gpus, static_cast<long long>(g.design->nodes().size()),
        static_cast<long long>(g.design->links().size()));
    for (const auto& [kind, counts] : byKind)
        std::printf("  %-9s %4d computed for %6d failures\n", qPrintable(kind), counts.first, counts.second);
    std::printf("failure domains: %lld ms (target < %lld), peak memory %.0f MiB\n", static_cast<long long>(ms),
        static_cast<long long>(targetMs), static_cast<double>(usage.ru_maxrss) / 1024.0);
    const bool ok = ms < targetMs;
    std::printf("%s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
