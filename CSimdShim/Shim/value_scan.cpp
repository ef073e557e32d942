// The separator scan behind JSONItemStream (see tj_scan_to_separator in CSimdShim.h): where one JSON
// value ends in a stream of bytes, found with the bit tricks of simdjson's stage 1 (quote and backslash
// masks, a prefix xor for the bytes inside strings), but without its validation, which the parser does
// afterwards on the value alone.
#include "CSimdShim.h"

#include <atomic>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__)
#include <immintrin.h>
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

// ---- Runs of items (JSONItemStream's batches) ------------------------------------------------------
// `tj_find_item_run` finds many complete items at once, so that they are parsed as one array by one
// simdjson call; `tj_item_separators` finds where each item of such a run starts. Both track strings as
// above and nesting by counting brackets, with two shortcuts per 64-byte block: a block whose closes
// cannot bring the nesting back to 0 only updates it (the inside of large items), and a block at
// nesting 0 with commas as its only structure (an array of numbers or strings) counts them at once.

namespace {

struct RunMasks {
    uint64_t quote, backslash, newline, open, close, comma, colon, blank;
};

inline RunMasks classify_run(const uint8_t *p) {
    RunMasks b{0, 0, 0, 0, 0, 0, 0, 0};
#if defined(__SSE2__)
    for (int k = 0; k < 4; k++) {
        __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p + 16 * k));
        __m128i folded = _mm_and_si128(v, _mm_set1_epi8(static_cast<char>(0xDF)));
        auto bits = [&](__m128i eq) { return static_cast<uint64_t>(static_cast<uint32_t>(_mm_movemask_epi8(eq))) << (16 * k); };
        __m128i newline = _mm_cmpeq_epi8(v, _mm_set1_epi8('\n'));
        b.quote |= bits(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')));
        b.backslash |= bits(_mm_cmpeq_epi8(v, _mm_set1_epi8('\\')));
        b.newline |= bits(newline);
        b.open |= bits(_mm_cmpeq_epi8(folded, _mm_set1_epi8('[')));
        b.close |= bits(_mm_cmpeq_epi8(folded, _mm_set1_epi8(']')));
        b.comma |= bits(_mm_cmpeq_epi8(v, _mm_set1_epi8(',')));
        b.colon |= bits(_mm_cmpeq_epi8(v, _mm_set1_epi8(':')));
        __m128i blank = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')), newline),
                                     _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\t')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\r'))));
        b.blank |= bits(blank);
    }
#else
    for (int i = 0; i < 64; i++) {
        uint64_t bit = uint64_t(1) << i;
        switch (p[i]) {
        case '"': b.quote |= bit; break;
        case '\\': b.backslash |= bit; break;
        case '\n': b.newline |= bit; b.blank |= bit; break;
        case ' ': case '\t': case '\r': b.blank |= bit; break;
        case '[': case '{': b.open |= bit; break;
        case ']': case '}': b.close |= bit; break;
        case ',': b.comma |= bit; break;
        case ':': b.colon |= bit; break;
        default: break;
        }
    }
#endif
    return b;
}

/// Where a block scan stands in strings; `outside` receives the bytes outside strings (quotes excluded).
struct StringTracker {
    bool in_string = false;
    bool escaped = false;

    inline uint64_t outside(const RunMasks &b, uint64_t live, size_t valid) {
        uint64_t escapes = escaped ? 1 : 0;
        uint64_t backslashes = b.backslash & live;
        bool carry = false;
        while (backslashes) {
            int p = __builtin_ctzll(backslashes);
            backslashes &= backslashes - 1;
            if ((escapes >> p) & 1) continue;
            if (p == 63) { carry = true; continue; }
            escapes |= uint64_t(1) << (p + 1);
        }
        if (valid < 64) carry = (escapes >> valid) & 1;
        uint64_t quotes = b.quote & ~escapes & live;
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

#if defined(__x86_64__)
__attribute__((target("avx512bw"))) inline RunMasks classify_run_avx512(const uint8_t *p) {
    __m512i v = _mm512_loadu_si512(reinterpret_cast<const void *>(p));
    __m512i folded = _mm512_and_si512(v, _mm512_set1_epi8(static_cast<char>(0xDF)));
    RunMasks b;
    b.quote = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('"'));
    b.backslash = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\\'));
    b.newline = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\n'));
    b.open = _mm512_cmpeq_epi8_mask(folded, _mm512_set1_epi8('['));
    b.close = _mm512_cmpeq_epi8_mask(folded, _mm512_set1_epi8(']'));
    b.comma = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(','));
    b.colon = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(':'));
    b.blank = b.newline | _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(' ')) |
              _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\t')) | _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\r'));
    return b;
}
struct Avx512Classifier {
    __attribute__((target("avx512bw"))) static inline RunMasks classify(const uint8_t *p) { return classify_run_avx512(p); }
};
#endif
struct PlainClassifier {
    static inline RunMasks classify(const uint8_t *p) { return classify_run(p); }
};

/// `tj_find_item_run` over blocks classified by `C`. Per block: the bytes at nesting 0 are found by
/// walking only the brackets (none inside a large item whose closes cannot end it, none at all in an
/// array of scalars); the commas among them are the separators; a missing item shows as a separator
/// whose first non-blank byte after it is `,` `]` `}` or `:` (found for all of them at once: adding
/// the positions after the separators to the blank mask carries each through its blanks).
template <typename C>
inline __attribute__((always_inline)) void find_item_run(const uint8_t *buf, size_t from, size_t len, size_t max_bytes,
                                                         tj_item_run *out) {
    StringTracker strings;
    int64_t depth = 0;
    size_t seps = 0, last_sep = 0;
    size_t nl_total = 0, last_nl = 0;            // newlines before the current block, the last of them
    size_t nl_at_sep = 0, last_nl_at_sep = 0;    // the same before the last separator
    bool after_sep = false;   // only blanks since the last separator (its next byte still to check)
    auto finish = [&](size_t end, size_t items, bool closed, size_t nls, size_t lastnl) {
        out->end = end;
        out->items = items;
        out->closed = closed;
        out->newlines = nls;
        out->last_newline = lastnl;
    };
    for (size_t i = from; i < len; i += 64) {
        size_t valid = len - i < 64 ? len - i : 64;
        uint64_t live = valid == 64 ? ~uint64_t(0) : (uint64_t(1) << valid) - 1;
        RunMasks b = C::classify(buf + i);
        uint64_t outside = strings.outside(b, live, valid);
        uint64_t opens = b.open & outside, closes = b.close & outside;
        uint64_t nl = b.newline & live;
        // Bytes before which nothing is open, and the close (if any) that ends the items.
        uint64_t zero = 0;
        int close_at = -1;
        if (depth > int64_t(__builtin_popcountll(closes))) {
            depth += int64_t(__builtin_popcountll(opens)) - int64_t(__builtin_popcountll(closes));
        } else if (!(opens | closes)) {
            zero = depth == 0 ? ~uint64_t(0) : 0;
        } else {
            uint64_t brackets = opens | closes;
            int at = 0;
            while (brackets) {
                int p = __builtin_ctzll(brackets);
                brackets &= brackets - 1;
                if (depth == 0) zero |= bit_range(at, p + 1);
                if ((opens >> p) & 1) {
                    depth++;
                } else if (depth == 0) {
                    close_at = p;
                    break;
                } else {
                    depth--;
                }
                at = p + 1;
            }
            if (close_at < 0 && depth == 0) zero |= bit_range(at, 64);
        }
        uint64_t before_close = close_at < 0 ? ~uint64_t(0) : bit_range(0, close_at);
        uint64_t separators = b.comma & outside & zero & before_close;
        if (!(separators | uint64_t(after_sep)) && close_at < 0) {
            // Inside an item all along (the common block): only the newlines count.
            if (nl) {
                nl_total += size_t(__builtin_popcountll(nl));
                last_nl = i + size_t(top_bit(nl));
            }
            continue;
        }
        // The first non-blank byte after each separator (and after one carried from the block before).
        uint64_t blank = b.blank & live;
        uint64_t follow = (separators << 1) | (after_sep ? 1 : 0);
        uint64_t starts = follow & blank;
        uint64_t first = (((blank + starts) & ~blank) | (follow & ~blank)) & live;
        uint64_t bad = first & (b.comma | b.close | b.colon) & outside;
        if (bad) {
            // Stop at the separator before the first missing item.
            uint64_t below = separators & bit_range(0, __builtin_ctzll(bad));
            if (below) {
                int p = top_bit(below);
                uint64_t nl_below = nl & bit_range(0, p);
                finish(i + size_t(p), seps + size_t(__builtin_popcountll(below)), false,
                       nl_total + size_t(__builtin_popcountll(nl_below)), nl_below ? i + size_t(top_bit(nl_below)) : last_nl);
            } else {
                finish(last_sep, seps, false, nl_at_sep, last_nl_at_sep);
            }
            return;
        }
        if (close_at >= 0) {
            uint64_t nl_below = nl & bit_range(0, close_at);
            finish(i + size_t(close_at), seps + size_t(__builtin_popcountll(separators)) + 1, true,
                   nl_total + size_t(__builtin_popcountll(nl_below)), nl_below ? i + size_t(top_bit(nl_below)) : last_nl);
            return;
        }
        if (separators) {
            seps += size_t(__builtin_popcountll(separators));
            int p = top_bit(separators);
            last_sep = i + size_t(p);
            uint64_t nl_below = nl & bit_range(0, p);
            nl_at_sep = nl_total + size_t(__builtin_popcountll(nl_below));
            last_nl_at_sep = nl_below ? i + size_t(top_bit(nl_below)) : last_nl;
            after_sep = (~blank & live & bit_range(p + 1, 64)) == 0;
        } else {
            after_sep = after_sep && (~blank & live) == 0;
        }
        if (nl) {
            nl_total += size_t(__builtin_popcountll(nl));
            last_nl = i + size_t(top_bit(nl));
        }
        if (seps > 0 && i + 64 - from >= max_bytes) break;
    }
    if (seps > 0) {
        finish(last_sep, seps, false, nl_at_sep, last_nl_at_sep);
    } else {
        finish(len, 0, false, nl_total, last_nl);
    }
}

#if defined(__x86_64__)
__attribute__((target("avx512bw"))) void find_item_run_avx512(const uint8_t *buf, size_t from, size_t len,
                                                               size_t max_bytes, tj_item_run *out) {
    find_item_run<Avx512Classifier>(buf, from, len, max_bytes, out);
}
const bool cpu_has_avx512 = __builtin_cpu_supports("avx512bw");
/// Whether the scans use AVX-512 (`tj_use_portable_scans` turns it off for tests).
std::atomic<bool> has_avx512{cpu_has_avx512};
#endif

} // namespace

extern "C" void tj_find_item_run(const uint8_t *buf, size_t from, size_t len, size_t max_bytes, tj_item_run *out) {
#if defined(__x86_64__)
    if (has_avx512.load(std::memory_order_relaxed)) { find_item_run_avx512(buf, from, len, max_bytes, out); return; }
#endif
    find_item_run<PlainClassifier>(buf, from, len, max_bytes, out);
}

extern "C" size_t tj_item_separators(const uint8_t *buf, size_t len, uint32_t *positions, uint32_t *newlines,
                                     size_t capacity) {
    StringTracker strings;
    int64_t depth = 0;
    size_t found = 0;
    size_t nl_total = 0;
    auto record = [&](size_t at, size_t nls) {
        if (found < capacity) {
            positions[found] = uint32_t(at);
            newlines[found] = uint32_t(nls);
        }
        found++;
    };
    for (size_t i = 0; i < len; i += 64) {
        size_t valid = len - i < 64 ? len - i : 64;
        uint64_t live = valid == 64 ? ~uint64_t(0) : (uint64_t(1) << valid) - 1;
        RunMasks b = classify_run(buf + i);
        uint64_t outside = strings.outside(b, live, valid);
        uint64_t opens = b.open & outside, closes = b.close & outside, commas = b.comma & outside;
        uint64_t nl = b.newline & live;
        if (depth > int64_t(__builtin_popcountll(closes))) {
            depth += int64_t(__builtin_popcountll(opens)) - int64_t(__builtin_popcountll(closes));
        } else if (depth == 0 && !(opens | closes)) {
            while (commas) {
                int p = __builtin_ctzll(commas);
                commas &= commas - 1;
                record(i + size_t(p), nl_total + size_t(__builtin_popcountll(nl & ((uint64_t(1) << p) - 1))));
            }
        } else {
            uint64_t events = opens | closes | commas;
            while (events) {
                int p = __builtin_ctzll(events);
                events &= events - 1;
                uint64_t bit = uint64_t(1) << p;
                if (opens & bit) { depth++; continue; }
                if (closes & bit) { if (depth > 0) depth--; continue; }
                if (depth > 0) continue;
                record(i + size_t(p), nl_total + size_t(__builtin_popcountll(nl & (bit - 1))));
            }
        }
        nl_total += size_t(__builtin_popcountll(nl));
    }
    return found;
}

// ---- Columns on long lines -----------------------------------------------------------------------

namespace {
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

extern "C" size_t tj_count_scalars(const uint8_t *buf, size_t len) {
#if defined(__x86_64__)
    if (has_avx512.load(std::memory_order_relaxed)) return count_scalars_avx512(buf, len);
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

extern "C" void tj_use_portable_scans(bool portable) {
#if defined(__x86_64__)
    has_avx512.store(portable ? false : cpu_has_avx512, std::memory_order_relaxed);
#else
    (void)portable;
#endif
}
