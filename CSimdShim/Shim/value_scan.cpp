// The separator scan behind JSONItemStream (see tj_scan_to_separator in CSimdShim.h): where one JSON
// value ends in a stream of bytes, found with the bit tricks of simdjson's stage 1 (quote and backslash
// masks, a prefix xor for the bytes inside strings), but without its validation, which the parser does
// afterwards on the value alone.
#include "CSimdShim.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace {

/// Bit i of the result is set when `block[i] == c` (64 bytes).
struct Block {
    uint64_t quote, backslash, newline, open, close, comma;
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

inline Block classify(const uint8_t *p) {
    Block b{0, 0, 0, 0, 0, 0};
#if defined(__SSE2__)
    for (int k = 0; k < 4; k++) {
        __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p + 16 * k));
        // `[` `{` and `]` `}` differ only in bit 0x20: fold it away, then compare once for each pair.
        __m128i folded = _mm_and_si128(v, _mm_set1_epi8(static_cast<char>(0xDF)));
        auto bits = [&](__m128i eq) { return static_cast<uint64_t>(static_cast<uint32_t>(_mm_movemask_epi8(eq))) << (16 * k); };
        b.quote |= bits(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')));
        b.backslash |= bits(_mm_cmpeq_epi8(v, _mm_set1_epi8('\\')));
        b.newline |= bits(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n')));
        b.open |= bits(_mm_cmpeq_epi8(folded, _mm_set1_epi8('[')));
        b.close |= bits(_mm_cmpeq_epi8(folded, _mm_set1_epi8(']')));
        b.comma |= bits(_mm_cmpeq_epi8(v, _mm_set1_epi8(',')));
    }
#else
    for (int i = 0; i < 64; i++) {
        uint64_t bit = uint64_t(1) << i;
        switch (p[i]) {
        case '"': b.quote |= bit; break;
        case '\\': b.backslash |= bit; break;
        case '\n': b.newline |= bit; break;
        case '[': case '{': b.open |= bit; break;
        case ']': case '}': b.close |= bit; break;
        case ',': b.comma |= bit; break;
        default: break;
        }
    }
#endif
    return b;
}

} // namespace

extern "C" size_t tj_scan_to_separator(const uint8_t *buf, size_t from, size_t len, tj_scan_state *state,
                                       size_t *newlines, size_t *last_newline) {
    size_t lines = 0;
    size_t last = 0;
    int64_t depth = state->depth;
    bool in_string = state->in_string;
    bool escaped = state->escaped;
    for (size_t i = from; i < len; i += 64) {
        size_t valid = len - i < 64 ? len - i : 64;
        uint64_t live = valid == 64 ? ~uint64_t(0) : (uint64_t(1) << valid) - 1;
        Block b = classify(buf + i);
        // Escapes: the byte after an unescaped backslash is escaped. Backslashes are rare: walk them.
        uint64_t escapes = escaped ? 1 : 0;
        uint64_t backslashes = b.backslash & live;
        bool carry = false;
        while (backslashes) {
            int p = __builtin_ctzll(backslashes);
            backslashes &= backslashes - 1;
            if ((escapes >> p) & 1) continue;          // this backslash is itself escaped
            if (p == 63) { carry = true; continue; }
            escapes |= uint64_t(1) << (p + 1);
        }
        if (valid < 64) carry = (escapes >> valid) & 1;
        uint64_t quotes = b.quote & ~escapes & live;
        // Inside strings: from an opening quote up to (not including) its closing one.
        uint64_t inside = prefix_xor(quotes) ^ (in_string ? ~uint64_t(0) : 0);
        uint64_t structural = (b.open | b.close | b.comma) & ~inside & ~quotes & live;
        uint64_t nl = b.newline & live;
        while (structural) {
            int p = __builtin_ctzll(structural);
            structural &= structural - 1;
            uint64_t bit = uint64_t(1) << p;
            if (b.open & bit) {
                depth++;
                continue;
            }
            if (depth > 0) {
                // A close of a container of the value, or a comma inside one.
                if (b.close & bit) depth--;
                continue;
            }
            // A separator of the value: `,` or a close with nothing of the value open.
            uint64_t before = nl & (bit - 1);
            if (before) {
                lines += __builtin_popcountll(before);
                last = i + 63 - __builtin_clzll(before);
            }
            state->depth = 0;
            state->in_string = false;
            state->escaped = false;
            *newlines = lines;
            *last_newline = last;
            return i + p;
        }
        if (nl) {
            lines += __builtin_popcountll(nl);
            last = i + 63 - __builtin_clzll(nl);
        }
        in_string = (inside >> (valid - 1)) & 1;
        escaped = carry;
    }
    state->depth = depth;
    state->in_string = in_string;
    state->escaped = escaped;
    *newlines = lines;
    *last_newline = last;
    return len;
}
