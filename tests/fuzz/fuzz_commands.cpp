// libFuzzer entry: command sequences (apply, undo, redo, out-of-order calls) on a small design,
// as Kdenlive's fuzzer drives its timeline model. A broken promise aborts with its description.
#include "fuzztargets.h"

#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (const auto failure = pw::fuzz::commandSequence(data, size)) {
        std::fprintf(stderr, "command sequence: %s\n", qPrintable(*failure));
        std::abort();
    }
    return 0;
}
