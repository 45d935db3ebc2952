#pragma once

#include "catalog/catalog.h"
#include "generate/fabricgenerator.h"

#include <QByteArray>
#include <QString>

#include <cstdio>
#include <optional>

namespace pw::bench {

// The GPU count a bench runs at: its first argument, else 100,000 (the issue 17 section 5 size).
inline int gpusArgument(int argc, char* argv[])
{
    return argc > 1 ? QString::fromLocal8Bit(argv[1]).toInt() : 100000;
}

// The shipped catalog (PODWRIGHT_CATALOG_DIR, else the source tree's), loaded into `catalog`.
inline void loadCatalog(Catalog& catalog)
{
    const QByteArray dir = qgetenv("PODWRIGHT_CATALOG_DIR");
    catalog.loadDirectory(dir.isEmpty() ? QStringLiteral(PW_BENCH_CATALOG_DIR) : QString::fromLocal8Bit(dir));
}

// The DGX H100 SuperPOD on QM9700 the floor and failure benches measure, with its floor plan,
// cables and management networks; prints the refusal and returns nothing when the generator refuses.
inline std::optional<GenerateResult> generateSuperPod(const Catalog& catalog, int gpus)
{
    GeneratorOptions o;
    o.serverSku = QStringLiteral("dgx-h100");
    o.gpus = gpus;
    o.switchSku = QStringLiteral("qm9700");
    GenerateResult g = FabricGenerator::generate(o, catalog);
    if (!g.ok()) {
        std::fprintf(stderr, "generate refused: %s\n", qPrintable(g.error));
        return std::nullopt;
    }
    return g;
}

} // namespace pw::bench
