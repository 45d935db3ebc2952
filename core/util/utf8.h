#pragma once

#include <QByteArrayView>

namespace pw::utf8 {

// The offset of the first byte that is not part of well-formed UTF-8 (RFC 3629: no overlong
// forms, no encoded surrogates, nothing above U+10FFFF), or -1 when all of `bytes` is valid.
// Files are checked with this before they are parsed: Qt's decoders replace invalid bytes with
// U+FFFD (or another character) silently, and a damaged name would then be saved changed.
[[nodiscard]] inline qsizetype firstInvalid(QByteArrayView bytes)
{
    const auto* s = reinterpret_cast<const unsigned char*>(bytes.data());
    const qsizetype n = bytes.size();
    qsizetype i = 0;
    while (i < n) {
        const unsigned char c = s[i];
        if (c < 0x80) {
            ++i;
            continue;
        }
        int extra = 0;
        unsigned char lo = 0x80;
        unsigned char hi = 0xbf;
        if (c >= 0xc2 && c <= 0xdf) {
            extra = 1;
        } else if (c >= 0xe0 && c <= 0xef) {
            extra = 2;
            if (c == 0xe0)
                lo = 0xa0; // overlong
            else if (c == 0xed)
                hi = 0x9f; // surrogates
        } else if (c >= 0xf0 && c <= 0xf4) {
            extra = 3;
            if (c == 0xf0)
                lo = 0x90; // overlong
            else if (c == 0xf4)
                hi = 0x8f; // above U+10FFFF
        } else {
            return i; // a continuation byte without a lead, C0, C1 or F5-FF
        }
        if (i + extra >= n)
            return i; // cut short
        if (s[i + 1] < lo || s[i + 1] > hi)
            return i;
        for (int k = 2; k <= extra; ++k)
            if ((s[i + k] & 0xc0) != 0x80)
                return i;
        i += extra + 1;
    }
    return -1;
}

} // namespace pw::utf8
