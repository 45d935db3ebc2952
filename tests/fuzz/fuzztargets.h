#pragma once

#include <QString>

#include <cstddef>
#include <cstdint>
#include <optional>

namespace pw::fuzz {

// Feed untrusted bytes to a loader. Returns normally whether the bytes were accepted or refused
// with a pw::Error; anything else (a crash, another exception, a broken invariant) is a bug.
void designJson(const std::uint8_t* data, std::size_t size);
void designFile(const std::uint8_t* data, std::size_t size);

// Reads the bytes as a sequence of command applies, undos and redos on a small seed design (see
// runCommandSequence in commandsequence.h) and returns the first broken promise, or nothing. Loads
// the default catalog once ($PODWRIGHT_CATALOG_DIR).
[[nodiscard]] std::optional<QString> commandSequence(const std::uint8_t* data, std::size_t size);

} // namespace pw::fuzz
