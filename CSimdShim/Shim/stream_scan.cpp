// The streaming parser's two scans (see tj_stream_scan and tj_count_lines in CSimdShim.h): where the
// elements of an array or object end, found with the bit tricks of simdjson's stage 1 (quote and backslash
// masks, a prefix xor for the bytes inside strings) but none of its validation, which simdjson does on the
// batch afterwards; and the lines of the bytes a reader lets go of, counted once, so that an error found
// later still gets its line and column without keeping the document.
#include "CSimdShim.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__)
#include <immintrin.h>
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

namespace {

struct Masks {
    uint64_t quote, backslash, open, close, comma;
};

inline uint64_t prefix_xor(uint64_t x) {
    x ^= x << 1;
    x ^= x << 2;
    x ^= x << 4;
    x ^= x << 8;
    x ^= x << 16;
    x ^= x << 32;
    return x;
}

// The classifiers are written without lambdas or helpers, so that even an unoptimised (debug) build of
// the shim, where only the intrinsics are inlined, scans at a usable speed.

/// Bit i set when `p[i]` is the character (64 bytes).
inline Masks classify_sse2(const uint8_t *p) {
    Masks m{0, 0, 0, 0, 0};
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\'), open = _mm_set1_epi8('['),
                  close = _mm_set1_epi8(']'), comma = _mm_set1_epi8(','), fold = _mm_set1_epi8(static_cast<char>(0xDF));
    for (int k = 0; k < 4; k++) {
        __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p + 16 * k));
        // `[` `{` and `]` `}` differ only in bit 0x20: fold it away, then compare once for each pair.
        __m128i folded = _mm_and_si128(v, fold);
        int shift = 16 * k;
        m.quote |= uint64_t(uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(v, quote)))) << shift;
        m.backslash |= uint64_t(uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(v, backslash)))) << shift;
        m.open |= uint64_t(uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(folded, open)))) << shift;
        m.close |= uint64_t(uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(folded, close)))) << shift;
        m.comma |= uint64_t(uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(v, comma)))) << shift;
    }
#else
    for (int i = 0; i < 64; i++) {
        uint64_t bit = uint64_t(1) << i;
        switch (p[i]) {
        case '"': m.quote |= bit; break;
        case '\\': m.backslash |= bit; break;
        case '[': case '{': m.open |= bit; break;
        case ']': case '}': m.close |= bit; break;
        case ',': m.comma |= bit; break;
        default: break;
        }
    }
#endif
    return m;
}

#if defined(__x86_64__)
/// `classify_sse2` 32 bytes at a time, for CPUs with AVX2 (chosen at run time: the shim is built for
/// the baseline x86-64).
__attribute__((target("avx2"), always_inline)) inline Masks classify_avx2(const uint8_t *p) {
    Masks m{0, 0, 0, 0, 0};
    const __m256i quote = _mm256_set1_epi8('"'), backslash = _mm256_set1_epi8('\\'), open = _mm256_set1_epi8('['),
                  close = _mm256_set1_epi8(']'), comma = _mm256_set1_epi8(','),
                  fold = _mm256_set1_epi8(static_cast<char>(0xDF));
    for (int k = 0; k < 2; k++) {
        __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(p + 32 * k));
        __m256i folded = _mm256_and_si256(v, fold);
        int shift = 32 * k;
        m.quote |= uint64_t(uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, quote)))) << shift;
        m.backslash |= uint64_t(uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, backslash)))) << shift;
        m.open |= uint64_t(uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(folded, open)))) << shift;
        m.close |= uint64_t(uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(folded, close)))) << shift;
        m.comma |= uint64_t(uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, comma)))) << shift;
    }
    return m;
}
#endif

template <Masks (*classify)(const uint8_t *)>
__attribute__((always_inline)) inline size_t stream_scan(const uint8_t *buf, size_t from, size_t len,
                                                         tj_scan_state *state) {
    int64_t depth = state->depth;
    bool in_string = state->in_string;
    bool escaped = state->escaped;
    for (size_t i = from; i < len; i += 64) {
        size_t valid = len - i < 64 ? len - i : 64;
        uint64_t live = valid == 64 ? ~uint64_t(0) : (uint64_t(1) << valid) - 1;
        Masks m = classify(buf + i);
        // Escapes: the byte after an unescaped backslash is escaped. Backslashes are rare: walk them.
        uint64_t escapes = escaped ? 1 : 0;
        uint64_t backslashes = m.backslash & live;
        bool carry = false;
        while (backslashes) {
            int p = __builtin_ctzll(backslashes);
            backslashes &= backslashes - 1;
            if ((escapes >> p) & 1) continue;          // this backslash is itself escaped
            if (p == 63) { carry = true; continue; }
            escapes |= uint64_t(1) << (p + 1);
        }
        if (valid < 64) carry = (escapes >> valid) & 1;
        uint64_t quotes = m.quote & ~escapes & live;
        // Inside strings: from an opening quote up to (not including) its closing one.
        uint64_t inside = prefix_xor(quotes) ^ (in_string ? ~uint64_t(0) : 0);
        uint64_t outside = ~inside & ~quotes & live;
        uint64_t opens = m.open & outside;
        uint64_t closes = m.close & outside;
        int close_count = __builtin_popcountll(closes);
        if (depth > close_count) {
            // The common case deep in a value: nothing here can bring it back to depth 0, so no byte of
            // the block is a separator; only the depth moves.
            depth += __builtin_popcountll(opens) - close_count;
        } else {
            uint64_t structural = (opens | closes | (m.comma & outside));
            while (structural) {
                int p = __builtin_ctzll(structural);
                structural &= structural - 1;
                uint64_t bit = uint64_t(1) << p;
                if (opens & bit) {
                    depth++;
                } else if (depth > 0) {
                    // A close of a container of the element, or a comma inside one.
                    if (closes & bit) depth--;
                } else {
                    // A separator: `,` or a close with nothing of the element open.
                    state->depth = 0;
                    state->in_string = false;
                    state->escaped = false;
                    return i + static_cast<size_t>(p);
                }
            }
        }
        in_string = (inside >> (valid - 1)) & 1;
        escaped = carry;
    }
    state->depth = depth;
    state->in_string = in_string;
    state->escaped = escaped;
    return len;
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) size_t stream_scan_avx2(const uint8_t *buf, size_t from, size_t len,
                                                        tj_scan_state *state) {
    return stream_scan<classify_avx2>(buf, from, len, state);
}
#endif

size_t stream_scan_sse2(const uint8_t *buf, size_t from, size_t len, tj_scan_state *state) {
    return stream_scan<classify_sse2>(buf, from, len, state);
}

using scan_function = size_t (*)(const uint8_t *, size_t, size_t, tj_scan_state *);

scan_function pick_scan() {
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx2")) return stream_scan_avx2;
#endif
    return stream_scan_sse2;
}

const scan_function chosen_scan = pick_scan();

} // namespace

extern "C" size_t tj_stream_scan(const uint8_t *buf, size_t from, size_t len, tj_scan_state *state) {
    return chosen_scan(buf, from, len, state);
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
    out->scalars_after = scalar_starts(buf, lines > 0 ? last + 1 : 0, len);
}
