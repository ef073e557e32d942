// Line and column bookkeeping for the streaming parser (see tj_count_lines in CSimdShim.h): the bytes a
// reader lets go of are counted once, 16 at a time, so that an error found later still gets its line and
// column without keeping the document.
#include "CSimdShim.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace {

/// The number of bytes in `buf[from ..< len]` that start a UTF-8 sequence (are not 10xxxxxx).
size_t scalar_starts(const uint8_t *buf, size_t from, size_t len) {
    size_t n = 0;
    size_t i = from;
#if defined(__SSE2__)
    for (; i + 16 <= len; i += 16) {
        __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(buf + i));
        // As signed bytes, the continuation bytes 0x80...0xBF are exactly those below -64.
        uint32_t continuation = static_cast<uint32_t>(_mm_movemask_epi8(_mm_cmplt_epi8(v, _mm_set1_epi8(-64))));
        n += 16 - static_cast<size_t>(__builtin_popcount(continuation));
    }
#endif
    for (; i < len; i++) {
        if ((buf[i] & 0xC0) != 0x80) n++;
    }
    return n;
}

} // namespace

extern "C" void tj_count_lines(const uint8_t *buf, size_t len, tj_line_count *out) {
    size_t lines = 0;
    size_t last = 0;
    size_t i = 0;
#if defined(__SSE2__)
    for (; i + 16 <= len; i += 16) {
        __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(buf + i));
        uint32_t nl = static_cast<uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n'))));
        if (nl) {
            lines += static_cast<size_t>(__builtin_popcount(nl));
            last = i + 31 - static_cast<size_t>(__builtin_clz(nl));
        }
    }
#endif
    for (; i < len; i++) {
        if (buf[i] == '\n') {
            lines++;
            last = i;
        }
    }
    out->newlines = lines;
    out->last_newline = last;
    out->scalars_after = scalar_starts(buf, lines > 0 ? last + 1 : 0, len);
}
