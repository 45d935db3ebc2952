// Issue 17, sections 3 to 5 at scale: the power chain (PowerChain::of: kW per rack, row and hall,
// feeds, coolant loops) and the failure domains (every compute, storage and management switch,
// plane, feed, loop, rack and row failure) of a generated DGX H100 SuperPOD. Equivalent failures
// are computed once, so the failure domains cost about one fabric analysis plus one max-flow per
// class. Prints each time, the classes per kind and network and the failures they stand for, and
// exits 1 when the failure domains take longer than the target (default 10 s, the section 5 budget
// for the whole 100,000-GPU analysis). Not a ctest: run it by hand (docs/benchmarks-history.md).
//   build-bench/tests/bench/bench_failures [GPUS] [TARGET_MS]
#include "generatedsuperpod.h"

#include "cost/costassumptions.h"
#include "facility/powerchain.h"
#include "failures/failuredomains.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <sys/resource.h>

#include <cstdio>
#include <map>

using namespace pw;

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    const int gpus = bench::gpusArgument(argc, argv);
    const qint64 targetMs = argc > 2 ? QString::fromLocal8Bit(argv[2]).toLongLong() : 10000;
    Catalog catalog;
    bench::loadCatalog(catalog);
    const std::optional<GenerateResult> g = bench::generateSuperPod(catalog, gpus);
    if (!g)
        return 2;
    const Design& d = *g->design;

    QElapsedTimer timer;
    timer.start();
    const PowerChain chain = PowerChain::of(d, CostAssumptions::ofProperties(d.properties()).pue.value); // as `power`
    const qint64 chainMs = timer.restart();
    const FailureDomains f = FailureDomains::of(d);
    const qint64 ms = timer.elapsed();

    std::map<QString, std::pair<int, int>> byKind; // classes computed, failures they stand for
    for (const FailureScenario& s : f.scenarios) {
        const QString key
            = s.kind == FailureKind::Switch ? QStringLiteral("switch/%1").arg(toString(s.network)) : toString(s.kind);
        auto& [classes, failures] = byKind[key];
        ++classes;
        failures += s.equivalent;
    }
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    std::printf("%d GPUs: %lld nodes, %lld links\n", gpus, static_cast<long long>(d.nodes().size()),
        static_cast<long long>(d.links().size()));
    std::printf("power chain: %lld ms (%zu racks, %zu feeds, %zu coolant loops, %.0f kW IT)\n",
        static_cast<long long>(chainMs), chain.racks.size(), chain.feeds.size(), chain.loops.size(),
        chain.figures.itMaxKw);
    for (const auto& [kind, counts] : byKind)
        std::printf("  %-14s %4d computed for %6d failures\n", qPrintable(kind), counts.first, counts.second);
    std::printf("failure domains: %lld ms (target < %lld), peak memory %.0f MiB\n", static_cast<long long>(ms),
        static_cast<long long>(targetMs), static_cast<double>(usage.ru_maxrss) / 1024.0);
    const bool ok = ms < targetMs;
    std::printf("%s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
