// libFuzzer entry: the SQLite design-file loader.
#include "fuzztargets.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    pw::fuzz::designFile(data, size);
    return 0;
}
