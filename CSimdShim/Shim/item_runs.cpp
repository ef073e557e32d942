// Runs of items (JSONItemStream's batches; tj_find_item_run and tj_item_separators in CSimdShim.h):
// `tj_find_item_run` finds many complete items at once, so that they are parsed as one array by one
// simdjson call; `tj_item_separators` finds where each item of such a run starts. Both track strings
// (block_scan.h) and nesting by counting brackets, with two shortcuts per 64-byte block: a block whose
// closes cannot bring the nesting back to 0 only updates it (the inside of large items), and a block at
// nesting 0 with commas as its only structure (an array of numbers or strings) counts them at once.
#include "CSimdShim.h"
#include "block_scan.h"

using namespace tj_scan;

namespace {

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
        uint64_t live = live_bits(valid);
        Masks b = C::classify(buf + i);
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
    find_item_run<Avx512>(buf, from, len, max_bytes, out);
}
__attribute__((target("avx2"))) void find_item_run_avx2(const uint8_t *buf, size_t from, size_t len,
                                                         size_t max_bytes, tj_item_run *out) {
    find_item_run<Avx2>(buf, from, len, max_bytes, out);
}
#endif

/// `tj_item_separators` over blocks classified by `C`.
template <typename C>
inline __attribute__((always_inline)) size_t item_separators(const uint8_t *buf, size_t len, uint32_t *positions,
                                                             uint32_t *newlines, size_t capacity) {
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
        uint64_t live = live_bits(valid);
        Masks b = C::classify(buf + i);
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

#if defined(__x86_64__)
__attribute__((target("avx512bw"))) size_t item_separators_avx512(const uint8_t *buf, size_t len, uint32_t *positions,
                                                                  uint32_t *newlines, size_t capacity) {
    return item_separators<Avx512>(buf, len, positions, newlines, capacity);
}
__attribute__((target("avx2"))) size_t item_separators_avx2(const uint8_t *buf, size_t len, uint32_t *positions,
                                                            uint32_t *newlines, size_t capacity) {
    return item_separators<Avx2>(buf, len, positions, newlines, capacity);
}
#endif

} // namespace

extern "C" void tj_find_item_run(const uint8_t *buf, size_t from, size_t len, size_t max_bytes, tj_item_run *out) {
    switch (unit.load(std::memory_order_relaxed)) {
#if defined(__x86_64__)
    case Unit::avx512: find_item_run_avx512(buf, from, len, max_bytes, out); return;
    case Unit::avx2: find_item_run_avx2(buf, from, len, max_bytes, out); return;
#endif
    default: find_item_run<Portable>(buf, from, len, max_bytes, out); return;
    }
}

extern "C" size_t tj_item_separators(const uint8_t *buf, size_t len, uint32_t *positions, uint32_t *newlines,
                                     size_t capacity) {
    switch (unit.load(std::memory_order_relaxed)) {
#if defined(__x86_64__)
    case Unit::avx512: return item_separators_avx512(buf, len, positions, newlines, capacity);
    case Unit::avx2: return item_separators_avx2(buf, len, positions, newlines, capacity);
#endif
    default: return item_separators<Portable>(buf, len, positions, newlines, capacity);
    }
}

