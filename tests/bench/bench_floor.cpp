// Issue 17, section 5: generating, placing on the floor, cabling and analysing a 100,000-GPU DGX
// SuperPOD with its floor plan must take under 10 s and 2 GiB on 2 cores. Prints each stage, the
// total and the peak resident memory, and exits 1 when a target is missed. Not a ctest (too slow
// for CI): run it by hand, see docs/benchmarks-history.md.
//   build-bench/tests/bench/bench_floor [GPUS]
#include "generatedsuperpod.h"

#include "cost/billofmaterials.h"
#include "floor/cableplan.h"
#include "floor/floorlayout.h"
#include "topology/fabricanalyzer.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <sys/resource.h>

#include <cstdio>

using namespace pw;

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    const int gpus = bench::gpusArgument(argc, argv);
    Catalog catalog;
    bench::loadCatalog(catalog);

    QElapsedTimer total;
    total.start();
    QElapsedTimer stage;
    stage.start();
    const std::optional<GenerateResult> g = bench::generateSuperPod(catalog, gpus);
    if (!g)
        return 2;
    const Design& d = *g->design;
    const qint64 generateMs = stage.restart(); // racks placed on the floor and every link cabled
    const std::optional<FloorLayout> floor = FloorLayout::of(d);
    const CablePlan plan = CablePlan::of(d);
    const qint64 planMs = stage.restart();
    const BillOfMaterials bom = BillOfMaterials::of(d);
    const qint64 bomMs = stage.restart();
    const FabricReport report = analyzeFabric(d);
    const qint64 analyseMs = stage.restart();
    const qint64 totalMs = total.elapsed();

    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    const double peakMiB = static_cast<double>(usage.ru_maxrss) / 1024.0;
    std::printf("%d GPUs: %lld nodes, %lld links, %zu racks in %zu floor rows\n", gpus,
        static_cast<long long>(d.nodes().size()), static_cast<long long>(d.links().size()),
        floor ? floor->racks.size() : size_t(0), floor ? floor->rows.size() : size_t(0));
    std::printf("generate + place + cable: %lld ms\ncable plan (run-list, optical budgets): %lld ms\n"
                "bill of materials: %lld ms\nanalysis (bisection %.3f): %lld ms\n",
        static_cast<long long>(generateMs), static_cast<long long>(planMs), static_cast<long long>(bomMs),
        report.bisectionRatio, static_cast<long long>(analyseMs));
    std::printf("uncabled links: %d (bom), %d (cable plan); over optical budget: %d\n", bom.uncabledLinks(),
        plan.uncabled(), plan.overBudget());
    std::printf("total: %lld ms (target < 10000), peak memory: %.0f MiB (target < 2048)\n",
        static_cast<long long>(totalMs), peakMiB);
    const bool ok = totalMs < 10000 && peakMiB < 2048 && bom.uncabledLinks() == 0;
    std::printf("%s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
