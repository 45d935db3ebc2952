#pragma once

#include "helpers/uitest.h"

#include "generate/fabricgenerator.h"
#include "model/design.h"

#include <utility>

namespace pw::testing {

// A reference design the generator builds from the shipped catalog; a refusal ends the test run.
inline Design generated(const GeneratorOptions& options)
{
    GenerateResult r = FabricGenerator::generate(options, testCatalog());
    if (!r.ok())
        qFatal("generate failed: %s", qPrintable(r.error));
    return std::move(*r.design);
}

// The dials every such design starts from: its server and its fabric switch.
inline GeneratorOptions dials(const QString& server, const QString& sw)
{
    GeneratorOptions o;
    o.serverSku = server;
    o.switchSku = sw;
    return o;
}

// `gpus` GPUs of `server` on `sw` switches.
inline Design generated(const QString& server, int gpus, const QString& sw)
{
    GeneratorOptions o = dials(server, sw);
    o.gpus = gpus;
    return generated(o);
}

// `nodes` servers of `server` on `sw` switches.
inline Design generatedNodes(const QString& server, int nodes, const QString& sw)
{
    GeneratorOptions o = dials(server, sw);
    o.nodes = nodes;
    return generated(o);
}

} // namespace pw::testing
