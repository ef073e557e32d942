// CSimdShim: the only bridge between TapeJSON (Swift) and simdjson (C++).
//
// A plain C header: fixed-width types, opaque handles, no C++ type, no logic Swift could do.
// Everything handed out (tape, string buffer) points into memory owned by a `tj_parser` and stays
// valid until that parser parses again or is destroyed. The tape layout is simdjson's DOM tape
// (simdjson doc/tape.md); TapeJSON's `Tape.swift` documents it where it is read, and shim.cpp pins the
// parts Swift relies on with static_asserts.
#ifndef CSIMDSHIM_H
#define CSIMDSHIM_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/// simdjson's error codes (simdjson::error_code), same numbering; shim.cpp checks each value.
enum {
    TJ_SUCCESS = 0,
    TJ_CAPACITY = 1,
    TJ_MEMALLOC = 2,
    TJ_TAPE_ERROR = 3,
    TJ_DEPTH_ERROR = 4,
    TJ_STRING_ERROR = 5,
    TJ_T_ATOM_ERROR = 6,
    TJ_F_ATOM_ERROR = 7,
    TJ_N_ATOM_ERROR = 8,
    TJ_NUMBER_ERROR = 9,
    TJ_UTF8_ERROR = 10,
    TJ_UNINITIALIZED = 11,
    TJ_EMPTY = 12,
    TJ_UNESCAPED_CHARS = 13,
    TJ_UNCLOSED_STRING = 14,
    TJ_UNSUPPORTED_ARCHITECTURE = 15,
    TJ_INCORRECT_TYPE = 16,
    TJ_NUMBER_OUT_OF_RANGE = 17,
    TJ_INDEX_OUT_OF_BOUNDS = 18,
    TJ_NO_SUCH_FIELD = 19,
    TJ_IO_ERROR = 20,
    TJ_INVALID_JSON_POINTER = 21,
    TJ_INVALID_URI_FRAGMENT = 22,
    TJ_UNEXPECTED_ERROR = 23,
    TJ_PARSER_IN_USE = 24,
    TJ_OUT_OF_ORDER_ITERATION = 25,
    TJ_INSUFFICIENT_PADDING = 26,
    TJ_INCOMPLETE_ARRAY_OR_OBJECT = 27,
    TJ_SCALAR_DOCUMENT_AS_VALUE = 28,
    TJ_OUT_OF_BOUNDS = 29,
    TJ_TRAILING_CONTENT = 30
};

/// A parsed document as simdjson laid it out: `tape[0 ..< tape_count]` and the string buffer.
typedef struct tj_tape {
    const uint64_t *tape;
    size_t tape_count;
    const uint8_t *strings;
} tj_tape;

/// Opaque handle to a `simdjson::dom::parser` (and the document it parses into).
typedef struct tj_parser tj_parser;
/// Opaque handle to a `simdjson::dom::document_stream` (parse_many) and its iterator.
typedef struct tj_stream tj_stream;

/// Bytes simdjson may read past the end of its input (SIMDJSON_PADDING).
size_t tj_padding(void);
/// The largest document simdjson accepts (4 GiB minus padding).
size_t tj_max_document_size(void);
/// The name of the kernel simdjson picked for this CPU at run time ("icelake", "haswell", ...).
const char *tj_active_implementation(void);
/// A one-line description of that kernel.
const char *tj_active_implementation_description(void);
/// simdjson's message for an error code.
const char *tj_error_message(int code);

/// What `tj_count_lines` found in a run of bytes.
typedef struct tj_line_count {
    /// The number of `\n` bytes.
    size_t newlines;
    /// The index of the last of them (when `newlines > 0`).
    size_t last_newline;
    /// The bytes after the last `\n` (after the start when there is none) that start a UTF-8 sequence:
    /// the columns those bytes add to their line.
    size_t scalars_after;
} tj_line_count;

/// Counts the lines in `buf[0 ..< len]` (16 bytes at a time with SSE2, a plain loop elsewhere), for
/// positions in a stream whose earlier bytes are gone. Reads no byte past `len`.
void tj_count_lines(const uint8_t *buf, size_t len, tj_line_count *out);


/// A parser for documents up to `max_capacity` bytes and `max_depth` nesting levels.
/// Returns NULL when memory cannot be allocated.
tj_parser *tj_parser_create(size_t max_capacity, size_t max_depth);
void tj_parser_destroy(tj_parser *parser);

/// Parses `buf[0 ..< len]` into the parser's document. When `buf_is_padded` is true the caller
/// promises `tj_padding()` readable bytes after `buf + len` and nothing is copied; otherwise simdjson
/// copies the input into its own padded buffer first. Returns a TJ_* code; on success `out` holds the tape.
int tj_parse(tj_parser *parser, const uint8_t *buf, size_t len, bool buf_is_padded, tj_tape *out);

/// Starts simdjson's parse_many over `buf[0 ..< len]` (which must be padded: `tj_padding()` readable
/// bytes after it) with the given batch size. Returns NULL and sets `*error` on failure. Only one
/// stream may be open on a parser at a time, and the parser must not parse while it is open.
tj_stream *tj_stream_create(tj_parser *parser, const uint8_t *buf, size_t len, size_t batch_size,
                            bool threaded, int *error);
/// Advances to the next document. Returns TJ_SUCCESS with its tape, its byte offset in the buffer and its
/// length; TJ_EMPTY when the stream is exhausted; any other code when the current document is invalid
/// (simdjson stops the stream there: `*offset` is where the failing batch or document starts).
int tj_stream_next(tj_stream *stream, tj_tape *out, size_t *offset, size_t *length);
void tj_stream_destroy(tj_stream *stream);

/// Where a scan of one JSON value stands between two buffers (`tj_scan_to_separator`).
typedef struct tj_scan_state {
    /// Containers open inside the value.
    int64_t depth;
    /// Whether the scan stands inside a string, and right after an unescaped backslash there.
    bool in_string;
    bool escaped;
} tj_scan_state;

/// Scans `buf[from ..< len]` for the separator that ends a JSON value, or the elements of an array or
/// object (a `,`, `]` or `}` outside strings, with no container of the value open), 64 bytes at a time
/// with the widest vector compares the CPU has (AVX-512, AVX2, SSE2; a plain loop elsewhere). Returns its
/// index, or `len` when the buffer ends first (`state` then says where the scan stands). Deep inside a
/// value, a block whose closes cannot bring the nesting back to 0 is passed over with a popcount, so a
/// large value costs little more than reading it. When `newlines` is not NULL it receives the number of
/// `\n` bytes scanned and `*last_newline` the index of the last of them. `buf` must have 64 readable
/// bytes past `len`. Only separators are found: the value's grammar is checked by the parser afterwards.
size_t tj_scan_to_separator(const uint8_t *buf, size_t from, size_t len, tj_scan_state *state, size_t *newlines,
                            size_t *last_newline);

/// A run of complete items found by `tj_find_item_run`.
typedef struct tj_item_run {
    /// Index of the separator that ends the run: the last item's `,`, or the `]`/`}` closing the items.
    size_t end;
    /// Items in the run (0: no separator in the buffer, the first item may run past it).
    size_t items;
    /// Whether `end` is a close (the items' container ends there) rather than a comma.
    bool closed;
    /// `\n` bytes before `end`, and the index of the last of them.
    size_t newlines;
    size_t last_newline;
} tj_item_run;

/// Finds a run of complete items of a JSON array in `buf[from ..< len]`, where `from` is the first byte
/// of an item (outside strings, nothing open): the items up to the last `,` at nesting 0 before the
/// buffer ends (or up to the `]`/`}` at nesting 0 that closes them), 64 bytes at a time. The scan stops
/// once `max_bytes` are scanned and a comma was found, and also at a comma whose next non-blank byte is
/// `,` `]` `}` or `:` (a missing item, left to the caller to report). Items are not validated: the run
/// is handed to the parser as one array. `buf` must have 64 readable bytes past `len`.
void tj_find_item_run(const uint8_t *buf, size_t from, size_t len, size_t max_bytes, tj_item_run *out);

/// Records the commas at nesting 0 (outside strings) in `buf[0 ..< len]`, a run found by
/// `tj_find_item_run`: `positions[k]` is the k-th comma's index and `newlines[k]` the number of `\n`
/// bytes before it. Returns the number of commas (at most `capacity` are written). `buf` must have 64
/// readable bytes past `len`.
size_t tj_item_separators(const uint8_t *buf, size_t len, uint32_t *positions, uint32_t *newlines, size_t capacity);

/// Makes the byte scans (`tj_scan_to_separator`, the run scans and the scalar count) use their portable
/// code (SSE2) even where AVX2 or AVX-512 is available, so that tests cover both on any machine. Not for use while scans run on other threads.
void tj_use_portable_scans(bool portable);

/// The number of Unicode scalars that start in `buf[0 ..< len]` (bytes that are not UTF-8 continuation
/// bytes): columns on long lines, 64 bytes at a time. Reads no byte past `len`.
size_t tj_count_scalars(const uint8_t *buf, size_t len);

/// Scans `buf[0 ..< len]` for the numbers a zero on simdjson's tape may stand for besides zero:
/// bit 0 is set when it may hold the integer `-0` (`-0` followed by neither a digit, `.` nor an
/// exponent), bit 1 when it may hold a non-zero number that rounds to zero in a Double (`e-` or `E-`
/// followed by three digits, or `.` followed by seven zeros). A clear bit means certainly not. Reads
/// no byte past `len`.
int tj_number_scan(const uint8_t *buf, size_t len);

#ifdef __cplusplus
}
#endif

#endif // CSIMDSHIM_H
