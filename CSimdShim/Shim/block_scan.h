// What the shim's byte scans share (separator_scan.cpp, item_runs.cpp): a 64-byte block classified into
// one bit per byte for each character that matters, the tracking of strings across blocks with the bit
// tricks of simdjson's stage 1 (escapes from the backslashes, a prefix xor of the quotes for the bytes
// inside strings), and the choice of vector unit. None of simdjson's validation happens here: the scans
// only find boundaries, and simdjson parses what lies between them afterwards.
#ifndef TJ_BLOCK_SCAN_H
#define TJ_BLOCK_SCAN_H

#include <atomic>
#include <cstddef>
#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace tj_scan {

/// Bit i set when byte i of the block is that character (`open`: `[` or `{`; `close`: `]` or `}`;
/// `blank`: space, tab, CR or LF).
struct Masks {
    uint64_t quote, backslash, newline, open, close, comma, colon, blank;
};

// Each classifier computes every mask; a scan inlines it and the compilers drop the masks it never reads.
// The portable one is written without lambdas or helpers, so that even an unoptimised (debug) build of
// the shim, where only the intrinsics are inlined, scans at a usable speed.

/// SSE2 (the x86-64 baseline), 16 bytes at a time; a byte loop on other CPUs.
inline Masks classify_portable(const uint8_t *p) {
    Masks m{0, 0, 0, 0, 0, 0, 0, 0};
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\'), newline = _mm_set1_epi8('\n'),
                  open = _mm_set1_epi8('['), close = _mm_set1_epi8(']'), comma = _mm_set1_epi8(','),
                  colon = _mm_set1_epi8(':'), space = _mm_set1_epi8(' '), tab = _mm_set1_epi8('\t'),
                  cr = _mm_set1_epi8('\r'), fold = _mm_set1_epi8(static_cast<char>(0xDF));
    for (int k = 0; k < 4; k++) {
        __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p + 16 * k));
        // `[` `{` and `]` `}` differ only in bit 0x20: fold it away, then compare once for each pair.
        __m128i folded = _mm_and_si128(v, fold);
        __m128i nl = _mm_cmpeq_epi8(v, newline);
        __m128i blank = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, space), nl),
                                     _mm_or_si128(_mm_cmpeq_epi8(v, tab), _mm_cmpeq_epi8(v, cr)));
        int shift = 16 * k;
        m.quote |= uint64_t(uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(v, quote)))) << shift;
        m.backslash |= uint64_t(uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(v, backslash)))) << shift;
        m.newline |= uint64_t(uint32_t(_mm_movemask_epi8(nl))) << shift;
        m.open |= uint64_t(uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(folded, open)))) << shift;
        m.close |= uint64_t(uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(folded, close)))) << shift;
        m.comma |= uint64_t(uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(v, comma)))) << shift;
        m.colon |= uint64_t(uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(v, colon)))) << shift;
        m.blank |= uint64_t(uint32_t(_mm_movemask_epi8(blank))) << shift;
    }
#else
    for (int i = 0; i < 64; i++) {
        uint64_t bit = uint64_t(1) << i;
        switch (p[i]) {
        case '"': m.quote |= bit; break;
        case '\\': m.backslash |= bit; break;
        case '\n': m.newline |= bit; m.blank |= bit; break;
        case ' ': case '\t': case '\r': m.blank |= bit; break;
        case '[': case '{': m.open |= bit; break;
        case ']': case '}': m.close |= bit; break;
        case ',': m.comma |= bit; break;
        case ':': m.colon |= bit; break;
        default: break;
        }
    }
#endif
    return m;
}

#if defined(__x86_64__)
/// AVX2, 32 bytes at a time (the shim is built for baseline x86-64: used only where the CPU has it).
__attribute__((target("avx2"), always_inline)) inline Masks classify_avx2(const uint8_t *p) {
    Masks m{0, 0, 0, 0, 0, 0, 0, 0};
    const __m256i quote = _mm256_set1_epi8('"'), backslash = _mm256_set1_epi8('\\'), newline = _mm256_set1_epi8('\n'),
                  open = _mm256_set1_epi8('['), close = _mm256_set1_epi8(']'), comma = _mm256_set1_epi8(','),
                  colon = _mm256_set1_epi8(':'), space = _mm256_set1_epi8(' '), tab = _mm256_set1_epi8('\t'),
                  cr = _mm256_set1_epi8('\r'), fold = _mm256_set1_epi8(static_cast<char>(0xDF));
    for (int k = 0; k < 2; k++) {
        __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(p + 32 * k));
        __m256i folded = _mm256_and_si256(v, fold);
        __m256i nl = _mm256_cmpeq_epi8(v, newline);
        __m256i blank = _mm256_or_si256(_mm256_or_si256(_mm256_cmpeq_epi8(v, space), nl),
                                        _mm256_or_si256(_mm256_cmpeq_epi8(v, tab), _mm256_cmpeq_epi8(v, cr)));
        int shift = 32 * k;
        m.quote |= uint64_t(uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, quote)))) << shift;
        m.backslash |= uint64_t(uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, backslash)))) << shift;
        m.newline |= uint64_t(uint32_t(_mm256_movemask_epi8(nl))) << shift;
        m.open |= uint64_t(uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(folded, open)))) << shift;
        m.close |= uint64_t(uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(folded, close)))) << shift;
        m.comma |= uint64_t(uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, comma)))) << shift;
        m.colon |= uint64_t(uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, colon)))) << shift;
        m.blank |= uint64_t(uint32_t(_mm256_movemask_epi8(blank))) << shift;
    }
    return m;
}

/// AVX-512 (BW): the whole block at once, the compares straight into masks.
__attribute__((target("avx512bw"), always_inline)) inline Masks classify_avx512(const uint8_t *p) {
    __m512i v = _mm512_loadu_si512(reinterpret_cast<const void *>(p));
    __m512i folded = _mm512_and_si512(v, _mm512_set1_epi8(static_cast<char>(0xDF)));
    Masks m;
    m.quote = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('"'));
    m.backslash = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\\'));
    m.newline = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\n'));
    m.open = _mm512_cmpeq_epi8_mask(folded, _mm512_set1_epi8('['));
    m.close = _mm512_cmpeq_epi8_mask(folded, _mm512_set1_epi8(']'));
    m.comma = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(','));
    m.colon = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(':'));
    m.blank = m.newline | _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(' ')) |
              _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\t')) | _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\r'));
    return m;
}
#endif

/// The classifiers as types, for the scans' templates.
struct Portable {
    static inline Masks classify(const uint8_t *p) { return classify_portable(p); }
};
#if defined(__x86_64__)
struct Avx2 {
    __attribute__((target("avx2"))) static inline Masks classify(const uint8_t *p) { return classify_avx2(p); }
};
struct Avx512 {
    __attribute__((target("avx512bw"))) static inline Masks classify(const uint8_t *p) { return classify_avx512(p); }
};
#endif

/// The vector unit the scans use: the widest the CPU has, unless `tj_use_portable_scans` asked for the
/// portable code (tests run both on any machine).
enum class Unit { portable, avx2, avx512 };
extern std::atomic<Unit> unit;

inline uint64_t prefix_xor(uint64_t x) {
    x ^= x << 1;
    x ^= x << 2;
    x ^= x << 4;
    x ^= x << 8;
    x ^= x << 16;
    x ^= x << 32;
    return x;
}

/// Bits `0 ..< valid` set (the bytes of a last, partial block that belong to the buffer).
inline uint64_t live_bits(size_t valid) { return valid >= 64 ? ~uint64_t(0) : (uint64_t(1) << valid) - 1; }

/// Where a scan stands in strings from block to block.
struct StringTracker {
    bool in_string = false;
    /// The last byte of the previous block was an unescaped backslash inside a string.
    bool escaped = false;

    /// The bytes of the block outside strings, quotes excluded; moves on to the end of the block.
    inline uint64_t outside(const Masks &m, uint64_t live, size_t valid) {
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
        in_string = (inside >> (valid - 1)) & 1;
        escaped = carry;
        return ~inside & ~quotes & live;
    }
};

inline int top_bit(uint64_t x) { return 63 - __builtin_clzll(x); }

/// Bits `a ..< b` set (0 <= a <= b <= 64).
inline uint64_t bit_range(int a, int b) {
    uint64_t upto = b >= 64 ? ~uint64_t(0) : (uint64_t(1) << b) - 1;
    uint64_t from = a >= 64 ? 0 : ~((uint64_t(1) << a) - 1);
    return upto & from;
}

} // namespace tj_scan

#endif // TJ_BLOCK_SCAN_H
