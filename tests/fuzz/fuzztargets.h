#pragma once

#include <cstddef>
#include <cstdint>

namespace pw::fuzz {

// Feed untrusted bytes to a loader. Returns normally whether the bytes were accepted or refused
// with a pw::Error; anything else (a crash, another exception, a broken invariant) is a bug.
void designJson(const std::uint8_t* data, std::size_t size);
void designFile(const std::uint8_t* data, std::size_t size);

} // namespace pw::fuzz
