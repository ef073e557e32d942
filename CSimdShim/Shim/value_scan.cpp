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

inline bool is_blank(uint8_t c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; }
/// A byte that cannot start an item: after a comma, it means an item is missing.
inline bool cannot_start_item(uint8_t c) { return c == ',' || c == ']' || c == '}' || c == ':'; }

/// Whether the next non-blank byte from `q` (before `len`) cannot start an item.
inline bool missing_item_at(const uint8_t *buf, size_t q, size_t len) {
    while (q < len && is_blank(buf[q])) q++;
    return q < len && cannot_start_item(buf[q]);
}

inline int top_bit(uint64_t x) { return 63 - __builtin_clzll(x); }

} // namespace

extern "C" void tj_find_item_run(const uint8_t *buf, size_t from, size_t len, size_t max_bytes, tj_item_run *out) {
    StringTracker strings;
    int64_t depth = 0;
    size_t seps = 0, last_sep = 0;
    size_t nl_total = 0, last_nl = 0;            // newlines before the current block, the last of them
    size_t nl_at_sep = 0, last_nl_at_sep = 0;    // the same before the last separator
    bool after_sep = false;   // only blanks since the last comma (its next byte still to check)
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
        RunMasks b = classify_run(buf + i);
        uint64_t outside = strings.outside(b, live, valid);
        uint64_t opens = b.open & outside, closes = b.close & outside, commas = b.comma & outside;
        uint64_t nl = b.newline & live;
        bool handled = false;
        if (depth > int64_t(__builtin_popcountll(closes))) {
            // Inside an item all along: its closes cannot end it here.
            depth += int64_t(__builtin_popcountll(opens)) - int64_t(__builtin_popcountll(closes));
            handled = true;
        } else if (depth == 0 && !(opens | closes | (b.colon & outside))) {
            // Commas only, all separators. A missing item (two commas with only blanks between) sends
            // the block to the loop below, which stops there.
            uint64_t blank = b.blank & live;
            uint64_t follow = (commas << 1) | (after_sep ? 1 : 0);
            uint64_t starts = follow & blank;
            uint64_t ends = (blank + starts) & ~blank;
            if (((ends | (follow & ~blank)) & commas) == 0) {
                if (commas) {
                    seps += size_t(__builtin_popcountll(commas));
                    int p = top_bit(commas);
                    last_sep = i + size_t(p);
                    uint64_t before = nl & ((uint64_t(1) << p) - 1);
                    nl_at_sep = nl_total + size_t(__builtin_popcountll(before));
                    last_nl_at_sep = before ? i + size_t(top_bit(before)) : last_nl;
                    after_sep = p == 63 || ((~blank & live) >> (p + 1)) == 0;
                } else {
                    after_sep = after_sep && (~blank & live) == 0;
                }
                handled = true;
            }
        }
        if (!handled) {
            if (after_sep) {
                // The last comma (in an earlier block) has only blanks after it so far.
                if (missing_item_at(buf, i, len)) {
                    finish(last_sep, seps, false, nl_at_sep, last_nl_at_sep);
                    return;
                }
                after_sep = false;
            }
            uint64_t events = opens | closes | commas;
            while (events) {
                int p = __builtin_ctzll(events);
                events &= events - 1;
                uint64_t bit = uint64_t(1) << p;
                if (opens & bit) { depth++; continue; }
                if (closes & bit) {
                    if (depth > 0) { depth--; continue; }
                    uint64_t before = nl & (bit - 1);
                    finish(i + size_t(p), seps + 1, true, nl_total + size_t(__builtin_popcountll(before)),
                           before ? i + size_t(top_bit(before)) : last_nl);
                    return;
                }
                if (depth > 0) continue;
                seps++;
                last_sep = i + size_t(p);
                uint64_t before = nl & (bit - 1);
                nl_at_sep = nl_total + size_t(__builtin_popcountll(before));
                last_nl_at_sep = before ? i + size_t(top_bit(before)) : last_nl;
                if (missing_item_at(buf, last_sep + 1, len)) {
                    finish(last_sep, seps, false, nl_at_sep, last_nl_at_sep);
                    return;
                }
            }
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
