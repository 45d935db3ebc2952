// libFuzzer entry: the JSON design importer.
#include "fuzztargets.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    pw::fuzz::designJson(data, size);
    return 0;
}
