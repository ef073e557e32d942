// Where one JSON value (or the elements of a container) ends in a stream of bytes (tj_scan_to_separator
// in CSimdShim.h), and the lines and columns of bytes a reader lets go of (tj_count_lines,
// tj_count_scalars), so that an error found later still gets its position without keeping the document.
#include "CSimdShim.h"
#include "block_scan.h"

#include <cstring>

namespace tj_scan {

namespace {
Unit best_unit() {
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx512bw")) return Unit::avx512;
    if (__builtin_cpu_supports("avx2")) return Unit::avx2;
#endif
    return Unit::portable;
}
const Unit cpu_unit = best_unit();
} // namespace

std::atomic<Unit> unit{cpu_unit};

} // namespace tj_scan

using namespace tj_scan;

namespace {

/// `tj_scan_to_separator` over blocks classified by `C`, counting newlines when `CountLines`. Deep inside
/// a value, a block whose closes cannot bring the nesting back to 0 only moves it (a popcount each for
/// opens and closes), so a large value costs little more than reading it.
template <typename C, bool CountLines>
__attribute__((always_inline)) inline size_t scan_to_separator(const uint8_t *buf, size_t from, size_t len,
                                                               tj_scan_state *state, size_t *newlines,
                                                               size_t *last_newline) {
    StringTracker strings{state->in_string, state->escaped};
    int64_t depth = state->depth;
    size_t lines = 0, last = 0;
    for (size_t i = from; i < len; i += 64) {
        size_t valid = len - i < 64 ? len - i : 64;
        uint64_t live = live_bits(valid);
        Masks m = C::classify(buf + i);
        uint64_t outside = strings.outside(m, live, valid);
        uint64_t opens = m.open & outside, closes = m.close & outside;
        uint64_t nl = CountLines ? m.newline & live : 0;
        int64_t close_count = __builtin_popcountll(closes);
        if (depth > close_count) {
            depth += int64_t(__builtin_popcountll(opens)) - close_count;
        } else {
            uint64_t structural = opens | closes | (m.comma & outside);
            while (structural) {
                int p = __builtin_ctzll(structural);
                structural &= structural - 1;
                uint64_t bit = uint64_t(1) << p;
                if (opens & bit) {
                    depth++;
                } else if (depth > 0) {
                    // A close of a container of the value, or a comma inside one.
                    if (closes & bit) depth--;
                } else {
                    // A separator: `,` or a close with nothing of the value open.
                    if (CountLines) {
                        uint64_t before = nl & (bit - 1);
                        if (before) {
                            lines += size_t(__builtin_popcountll(before));
                            last = i + size_t(top_bit(before));
                        }
                        *newlines = lines;
                        *last_newline = last;
                    }
                    *state = tj_scan_state{0, false, false};
                    return i + size_t(p);
                }
            }
        }
        if (CountLines && nl) {
            lines += size_t(__builtin_popcountll(nl));
            last = i + size_t(top_bit(nl));
        }
    }
    *state = tj_scan_state{depth, strings.in_string, strings.escaped};
    if (CountLines) {
        *newlines = lines;
        *last_newline = last;
    }
    return len;
}

template <typename C>
__attribute__((always_inline)) inline size_t scan_either(const uint8_t *buf, size_t from, size_t len,
                                                         tj_scan_state *state, size_t *newlines, size_t *last_newline) {
    if (newlines) return scan_to_separator<C, true>(buf, from, len, state, newlines, last_newline);
    return scan_to_separator<C, false>(buf, from, len, state, nullptr, nullptr);
}

#if defined(__x86_64__)
__attribute__((target("avx512bw"))) size_t scan_avx512(const uint8_t *buf, size_t from, size_t len,
                                                        tj_scan_state *state, size_t *newlines, size_t *last_newline) {
    return scan_either<Avx512>(buf, from, len, state, newlines, last_newline);
}
__attribute__((target("avx2"))) size_t scan_avx2(const uint8_t *buf, size_t from, size_t len,
                                                 tj_scan_state *state, size_t *newlines, size_t *last_newline) {
    return scan_either<Avx2>(buf, from, len, state, newlines, last_newline);
}
#endif

// ---- Columns ---------------------------------------------------------------------------------------

inline size_t count_scalars_tail(const uint8_t *buf, size_t from, size_t len) {
    size_t n = 0;
    for (size_t i = from; i < len; i++) n += (buf[i] & 0xC0) != 0x80;
    return n;
}

#if defined(__x86_64__)
__attribute__((target("avx512bw"))) size_t count_scalars_avx512(const uint8_t *buf, size_t len) {
    size_t n = 0, i = 0;
    const __m512i top = _mm512_set1_epi8(static_cast<char>(0xC0)), continuation = _mm512_set1_epi8(static_cast<char>(0x80));
    for (; i + 64 <= len; i += 64) {
        __m512i v = _mm512_loadu_si512(reinterpret_cast<const void *>(buf + i));
        n += 64 - size_t(__builtin_popcountll(_mm512_cmpeq_epi8_mask(_mm512_and_si512(v, top), continuation)));
    }
    return n + count_scalars_tail(buf, i, len);
}
#endif

} // namespace

extern "C" size_t tj_scan_to_separator(const uint8_t *buf, size_t from, size_t len, tj_scan_state *state,
                                       size_t *newlines, size_t *last_newline) {
    switch (unit.load(std::memory_order_relaxed)) {
#if defined(__x86_64__)
    case Unit::avx512: return scan_avx512(buf, from, len, state, newlines, last_newline);
    case Unit::avx2: return scan_avx2(buf, from, len, state, newlines, last_newline);
#endif
    default: return scan_either<Portable>(buf, from, len, state, newlines, last_newline);
    }
}

extern "C" size_t tj_count_scalars(const uint8_t *buf, size_t len) {
#if defined(__x86_64__)
    if (unit.load(std::memory_order_relaxed) == Unit::avx512) return count_scalars_avx512(buf, len);
#endif
    size_t n = 0, i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t word;
        std::memcpy(&word, buf + i, 8);
        // A continuation byte is 10xxxxxx: its top bit set and the next one clear.
        n += 8 - size_t(__builtin_popcountll(word & ~(word << 1) & 0x8080808080808080ULL));
    }
    return n + count_scalars_tail(buf, i, len);
}

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
    size_t after = lines > 0 ? last + 1 : 0;
    out->scalars_after = tj_count_scalars(buf + after, len - after);
}

extern "C" void tj_use_portable_scans(bool portable) {
    unit.store(portable ? Unit::portable : cpu_unit, std::memory_order_relaxed);
}
