#include "catalog/catalog.h"
#include "generate/fabricgenerator.h"
#include "topology/fabricanalyzer.h"
#include "topology/fabricgraph.h"
#include "topology/maxflownetwork.h"

#include <benchmark/benchmark.h>

#include <QCoreApplication>

#include <memory>

using namespace pw;

namespace {

const Catalog& catalog()
{
    static std::unique_ptr<Catalog> c = [] {
        auto cat = std::make_unique<Catalog>();
        const QByteArray dir = qgetenv("PODWRIGHT_CATALOG_DIR");
        cat->loadDirectory(dir.isEmpty() ? QStringLiteral(PW_BENCH_CATALOG_DIR) : QString::fromLocal8Bit(dir));
        return cat;
    }();
    return *c;
}

GeneratorOptions superPod(int gpus)
{
    GeneratorOptions o;
    o.serverSku = QStringLiteral("dgx-h100");
    o.gpus = gpus;
    o.switchSku = QStringLiteral("qm9700");
    return o;
}

// Generates the benchmark's design; a refusal ends the benchmark with the generator's message
// (Google Benchmark reports it) instead of dereferencing an empty result.
bool generateOrSkip(benchmark::State& state, GenerateResult& result)
{
    result = FabricGenerator::generate(superPod(static_cast<int>(state.range(0))), catalog());
    if (result.ok())
        return true;
    state.SkipWithError(qPrintable(QStringLiteral("generate refused: ") + result.error));
    return false;
}

// Generate the whole design (compute, storage-free, management, racks, cables), in memory.
void BM_Generate(benchmark::State& state)
{
    for (auto _ : state) {
        GenerateResult r;
        if (!generateOrSkip(state, r))
            break;
        benchmark::DoNotOptimize(r.design->links().size());
        state.counters["links"] = static_cast<double>(r.design->links().size());
    }
    state.counters["gpus"] = static_cast<double>(state.range(0));
}

// One exact max-flow across the first-half / second-half split (what compare_networkx.py times).
void BM_MaxFlow(benchmark::State& state)
{
    GenerateResult r;
    if (!generateOrSkip(state, r))
        return;
    const FabricGraph g(*r.design);
    MaxFlowNetwork net(g);
    std::vector<signed char> side(g.servers().size(), 1);
    std::fill(side.begin(), side.begin() + static_cast<long>(side.size() / 2), 0);
    for (auto _ : state)
        benchmark::DoNotOptimize(net.maxFlow(side));
    state.counters["arcs"] = static_cast<double>(net.arcCount());
}

// Generate plus the full analysis: the figure with the 5 s target at 100K GPUs.
void BM_GenerateAndAnalyze(benchmark::State& state)
{
    for (auto _ : state) {
        GenerateResult r;
        if (!generateOrSkip(state, r))
            break;
        const FabricReport report = analyzeFabric(*r.design);
        benchmark::DoNotOptimize(report.bisectionRatio);
        state.counters["cuts"] = report.cutsExamined;
        state.counters["ratio"] = report.bisectionRatio;
    }
}

} // namespace

// Five repetitions of each; the aggregates (mean, median, stddev) are reported and docs/benchmarks.md
// quotes the median (tests/bench/run-benchmarks.sh prints its tables).
BENCHMARK(BM_Generate)
    ->Arg(1024)
    ->Arg(16384)
    ->Arg(65536)
    ->Arg(100000)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);
BENCHMARK(BM_MaxFlow)
    ->Arg(1024)
    ->Arg(16384)
    ->Arg(65536)
    ->Arg(100000)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3)
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);
BENCHMARK(BM_GenerateAndAnalyze)
    ->Arg(1024)
    ->Arg(16384)
    ->Arg(65536)
    ->Arg(100000)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
