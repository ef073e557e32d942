// CSimdReference: simdjson driven natively from C++, with no Swift in the loop, for the benchmarks.
//
// The physical limit that TapeJSON's parse is measured against in `tapejson bench` and the Benchmarks
// package. Not part of the library: the library's own bridge to simdjson is CSimdShim. Every buffer
// handed in must be padded: simdjson's padding (64 bytes, TapeJSON's `SIMDImplementation.padding`)
// readable after `buf + len`.
#ifndef CSIMDREFERENCE_H
#define CSIMDREFERENCE_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Parses `buf[0 ..< len]` (padded) `iterations` times with a plain C++ `simdjson::dom::parser` loop, as
/// a native simdjson program would, and returns the elapsed seconds (negative when a parse fails). The
/// parser is warmed by one untimed parse first, so only parsing is timed, not the allocation of its
/// buffers.
double tj_reference_parse_seconds(const uint8_t *buf, size_t len, size_t iterations);

/// Reads one integer member `key` of a large root object: parses `buf[0 ..< len]` (padded) `iterations`
/// times, after one untimed warm-up, and reads the member each time, either with the DOM parser
/// (`on_demand` 0: the whole document is parsed and validated, as TapeJSON does) or with simdjson's
/// On-Demand API (`on_demand` 1: structural indexing of the whole input, then a skip to the member;
/// values passed over are not validated). Returns the elapsed seconds and stores the member's value, or
/// returns a negative number when the input or the member is not as expected.
double tj_reference_field_seconds(const uint8_t *buf, size_t len, const char *key, size_t iterations,
                                  int on_demand, int64_t *value);

/// Counts the documents of a JSON Lines buffer `buf[0 ..< len]` (padded) with a plain C++ `parse_many`
/// loop at the given batch size. Returns the count, or -1 when a document is invalid; `*seconds`
/// receives the elapsed time.
int64_t tj_reference_count_many(const uint8_t *buf, size_t len, size_t batch_size, double *seconds);
/// `tj_reference_count_many` with simdjson's stage-1 helper thread on (`threaded`, simdjson's default) or
/// off, so that the reference does the same work as the reader it is compared with.
int64_t tj_reference_count_many_threaded(const uint8_t *buf, size_t len, size_t batch_size, bool threaded,
                                         double *seconds);

#ifdef __cplusplus
}
#endif

#endif // CSIMDREFERENCE_H
