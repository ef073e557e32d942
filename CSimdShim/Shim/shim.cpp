// CSimdShim: the C face of simdjson's DOM parser. The only file in TapeJSON that names simdjson.
#include "CSimdShim.h"

#include <simdjson.h>

#include <cstring>
#include <memory>
#include <new>

using namespace simdjson;

// ---- What Swift relies on, pinned -------------------------------------------------------------
static_assert(sizeof(uint64_t) == 8, "tape words are 64-bit");
static_assert(SIMDJSON_PADDING == 64, "Tape.swift documents 64 bytes of padding");
static_assert(int(SUCCESS) == TJ_SUCCESS && int(CAPACITY) == TJ_CAPACITY && int(MEMALLOC) == TJ_MEMALLOC &&
              int(TAPE_ERROR) == TJ_TAPE_ERROR && int(DEPTH_ERROR) == TJ_DEPTH_ERROR &&
              int(STRING_ERROR) == TJ_STRING_ERROR && int(T_ATOM_ERROR) == TJ_T_ATOM_ERROR &&
              int(F_ATOM_ERROR) == TJ_F_ATOM_ERROR && int(N_ATOM_ERROR) == TJ_N_ATOM_ERROR &&
              int(NUMBER_ERROR) == TJ_NUMBER_ERROR && int(UTF8_ERROR) == TJ_UTF8_ERROR &&
              int(UNINITIALIZED) == TJ_UNINITIALIZED && int(EMPTY) == TJ_EMPTY &&
              int(UNESCAPED_CHARS) == TJ_UNESCAPED_CHARS && int(UNCLOSED_STRING) == TJ_UNCLOSED_STRING &&
              int(UNSUPPORTED_ARCHITECTURE) == TJ_UNSUPPORTED_ARCHITECTURE &&
              int(INCORRECT_TYPE) == TJ_INCORRECT_TYPE && int(NUMBER_OUT_OF_RANGE) == TJ_NUMBER_OUT_OF_RANGE &&
              int(INDEX_OUT_OF_BOUNDS) == TJ_INDEX_OUT_OF_BOUNDS && int(NO_SUCH_FIELD) == TJ_NO_SUCH_FIELD &&
              int(IO_ERROR) == TJ_IO_ERROR && int(INVALID_JSON_POINTER) == TJ_INVALID_JSON_POINTER &&
              int(INVALID_URI_FRAGMENT) == TJ_INVALID_URI_FRAGMENT &&
              int(UNEXPECTED_ERROR) == TJ_UNEXPECTED_ERROR && int(PARSER_IN_USE) == TJ_PARSER_IN_USE &&
              int(OUT_OF_ORDER_ITERATION) == TJ_OUT_OF_ORDER_ITERATION &&
              int(INSUFFICIENT_PADDING) == TJ_INSUFFICIENT_PADDING &&
              int(INCOMPLETE_ARRAY_OR_OBJECT) == TJ_INCOMPLETE_ARRAY_OR_OBJECT &&
              int(SCALAR_DOCUMENT_AS_VALUE) == TJ_SCALAR_DOCUMENT_AS_VALUE &&
              int(OUT_OF_BOUNDS) == TJ_OUT_OF_BOUNDS && int(TRAILING_CONTENT) == TJ_TRAILING_CONTENT,
              "TJ_* codes mirror simdjson::error_code");
// The tape lives in the document as a plain array of 64-bit words and the string buffer as bytes.
static_assert(std::is_same<decltype(dom::document::tape), std::unique_ptr<uint64_t[]>>::value, "tape type");
static_assert(std::is_same<decltype(dom::document::string_buf), std::unique_ptr<uint8_t[]>>::value, "strings type");

struct tj_parser {
    dom::parser parser;
    // simdjson sizes every document buffer to at least MINIMAL_DOCUMENT_CAPACITY bytes and fails with
    // CAPACITY when that exceeds the parser's maximum, so a smaller maximum would reject every input.
    // Swift enforces the caller's (smaller) limit before parsing.
    explicit tj_parser(size_t max_capacity)
        : parser(max_capacity < dom::MINIMAL_DOCUMENT_CAPACITY ? dom::MINIMAL_DOCUMENT_CAPACITY : max_capacity) {}
};

struct tj_stream {
    dom::parser *parser;
    dom::document_stream stream;
    dom::document_stream::iterator it;
    bool started = false;
    tj_stream(dom::parser *p, dom::document_stream &&s) : parser(p), stream(std::move(s)) {}
};

namespace {
// A parsed document's tape: word 0 is the root word whose payload is the index just past the closing
// root word, which is the number of words.
tj_tape tape_of(const dom::document &doc) {
    tj_tape t;
    t.tape = doc.tape.get();
    t.tape_count = size_t(doc.tape[0] & internal::JSON_VALUE_MASK);
    t.strings = doc.string_buf.get();
    return t;
}
} // namespace

extern "C" {

size_t tj_padding(void) { return SIMDJSON_PADDING; }

size_t tj_max_document_size(void) { return SIMDJSON_MAXSIZE_BYTES; }

const char *tj_active_implementation(void) { return get_active_implementation()->name().c_str(); }

const char *tj_active_implementation_description(void) {
    return get_active_implementation()->description().c_str();
}

const char *tj_error_message(int code) { return error_message(error_code(code)); }

tj_parser *tj_parser_create(size_t max_capacity, size_t max_depth) {
    tj_parser *p = new (std::nothrow) tj_parser(max_capacity);
    if (p == nullptr) { return nullptr; }
    // Reserve the depth stack up front; capacity grows with the first document.
    if (p->parser.allocate(0, max_depth) != SUCCESS) {
        delete p;
        return nullptr;
    }
    return p;
}

void tj_parser_destroy(tj_parser *parser) { delete parser; }

int tj_parse(tj_parser *parser, const uint8_t *buf, size_t len, bool buf_is_padded, tj_tape *out) {
    // realloc_if_needed == true makes simdjson copy into its own reusable padded buffer.
    auto result = parser->parser.parse(buf, len, !buf_is_padded);
    if (result.error() != SUCCESS) { return int(result.error()); }
    *out = tape_of(parser->parser.doc);
    return TJ_SUCCESS;
}

tj_stream *tj_stream_create(tj_parser *parser, const uint8_t *buf, size_t len, size_t batch_size,
                            bool threaded, int *error) {
#ifdef SIMDJSON_THREADS_ENABLED
    parser->parser.threaded = threaded;
#else
    (void)threaded;
#endif
    auto result = parser->parser.parse_many(buf, len, batch_size);
    if (result.error() != SUCCESS) {
        *error = int(result.error());
        return nullptr;
    }
    tj_stream *s = new (std::nothrow) tj_stream(&parser->parser, std::move(result).value_unsafe());
    if (s == nullptr) { *error = TJ_MEMALLOC; return nullptr; }
    *error = TJ_SUCCESS;
    return s;
}

int tj_stream_next(tj_stream *s, tj_tape *out, size_t *offset, size_t *length) {
    if (!s->started) {
        s->started = true;
        s->it = s->stream.begin();
    } else {
        ++s->it;
    }
    if (!(s->it != s->stream.end())) { return TJ_EMPTY; }
    *offset = s->it.current_index();
    auto doc = *s->it;
    if (doc.error() != SUCCESS) {
        *length = 0;
        return int(doc.error());
    }
    *length = s->it.source().size();
    *out = tape_of(s->parser->doc);
    return TJ_SUCCESS;
}

void tj_stream_destroy(tj_stream *s) { delete s; }

} // extern "C"

// ---- Scans for the rare numbers TapeJSON reads from their text (see NumberText.swift) ------------
// A byte-pattern search over a whole input, run at most once per document and only when a zero on
// the tape is read as a floating-point number. They only say "maybe": Swift confirms a hit
// by finding the number's text. Vectorised here because Swift's SIMD types compile these loops to
// scalar code; AVX2 when the CPU has it, SSE2 (every x86-64) otherwise, plain C elsewhere.

#if defined(__x86_64__)
#include <immintrin.h>
#define TJ_SCAN_X86 1
#endif

namespace {
inline bool tj_is_digit(uint8_t b) { return uint8_t(b - '0') < 10; }
inline uint8_t tj_byte(const uint8_t *p, size_t n, size_t k) { return k < n ? p[k] : ' '; }

// `-0` followed by neither a digit, `.` nor an exponent: the integer -0, which the tape holds as 0.
bool negative_zero_at(const uint8_t *p, size_t n, size_t i) {
    uint8_t b2 = tj_byte(p, n, i + 2);
    return p[i] == '-' && tj_byte(p, n, i + 1) == '0' && !tj_is_digit(b2) && b2 != '.' && (b2 | 0x20) != 'e';
}

// `e-ddd` / `E-ddd` (an exponent of -100 or below) or `.0000000` (a fraction starting with seven
// zeros): the only ways a non-zero number can round to zero in a Double.
bool underflow_at(const uint8_t *p, size_t n, size_t i) {
    if ((p[i] | 0x20) == 'e' && tj_byte(p, n, i + 1) == '-' && tj_is_digit(tj_byte(p, n, i + 2)) &&
        tj_is_digit(tj_byte(p, n, i + 3)) && tj_is_digit(tj_byte(p, n, i + 4))) {
        return true;
    }
    if (p[i] != '.') { return false; }
    for (size_t k = 1; k <= 7; k++) {
        if (tj_byte(p, n, i + k) != '0') { return false; }
    }
    return true;
}

// One pass computing both answers: cheap vector tests pick candidate positions, which the exact
// checks above confirm. Returns how far the vectors got; `flags` collects bit 0 (negative zero) and
// bit 1 (underflow).
#ifdef TJ_SCAN_X86
inline void confirm(const uint8_t *p, size_t n, size_t base, uint32_t negatives, uint32_t underflows, int *flags) {
    while (negatives != 0 && !(*flags & 1)) {
        if (negative_zero_at(p, n, base + unsigned(__builtin_ctz(negatives)))) { *flags |= 1; }
        negatives &= negatives - 1;
    }
    while (underflows != 0 && !(*flags & 2)) {
        if (underflow_at(p, n, base + unsigned(__builtin_ctz(underflows)))) { *flags |= 2; }
        underflows &= underflows - 1;
    }
}

__attribute__((target("avx2"))) size_t number_scan_avx2(const uint8_t *p, size_t n, int *flags) {
    const __m256i minus = _mm256_set1_epi8('-'), zero = _mm256_set1_epi8('0'), dot = _mm256_set1_epi8('.');
    const __m256i e = _mm256_set1_epi8('e'), caseBit = _mm256_set1_epi8(0x20);
    size_t i = 0;
    for (; i + 40 <= n && *flags != 3; i += 32) {
        __m256i v0 = _mm256_loadu_si256((const __m256i *)(p + i));
        __m256i v1 = _mm256_loadu_si256((const __m256i *)(p + i + 1));
        __m256i v2 = _mm256_loadu_si256((const __m256i *)(p + i + 2));
        __m256i zero1 = _mm256_cmpeq_epi8(v1, zero);
        // `-0` not followed by `.`; `e-` or `E-`; `.00` (each confirmed exactly when found).
        __m256i negative = _mm256_andnot_si256(_mm256_cmpeq_epi8(v2, dot), _mm256_and_si256(_mm256_cmpeq_epi8(v0, minus), zero1));
        __m256i exponent = _mm256_and_si256(_mm256_cmpeq_epi8(_mm256_or_si256(v0, caseBit), e), _mm256_cmpeq_epi8(v1, minus));
        __m256i zeros = _mm256_and_si256(_mm256_cmpeq_epi8(v0, dot), _mm256_and_si256(zero1, _mm256_cmpeq_epi8(v2, zero)));
        __m256i underflow = _mm256_or_si256(exponent, zeros);
        __m256i any = _mm256_or_si256(negative, underflow);
        if (_mm256_testz_si256(any, any)) { continue; }
        confirm(p, n, i, uint32_t(_mm256_movemask_epi8(negative)), uint32_t(_mm256_movemask_epi8(underflow)), flags);
    }
    return i;
}

size_t number_scan_sse2(const uint8_t *p, size_t n, int *flags) {
    const __m128i minus = _mm_set1_epi8('-'), zero = _mm_set1_epi8('0'), dot = _mm_set1_epi8('.');
    const __m128i e = _mm_set1_epi8('e'), caseBit = _mm_set1_epi8(0x20);
    size_t i = 0;
    for (; i + 24 <= n && *flags != 3; i += 16) {
        __m128i v0 = _mm_loadu_si128((const __m128i *)(p + i));
        __m128i v1 = _mm_loadu_si128((const __m128i *)(p + i + 1));
        __m128i v2 = _mm_loadu_si128((const __m128i *)(p + i + 2));
        __m128i v7 = _mm_loadu_si128((const __m128i *)(p + i + 7));
        __m128i negative = _mm_andnot_si128(_mm_cmpeq_epi8(v2, dot), _mm_and_si128(_mm_cmpeq_epi8(v0, minus), _mm_cmpeq_epi8(v1, zero)));
        __m128i exponent = _mm_and_si128(_mm_cmpeq_epi8(_mm_or_si128(v0, caseBit), e), _mm_cmpeq_epi8(v1, minus));
        __m128i zeros = _mm_and_si128(_mm_and_si128(_mm_cmpeq_epi8(v0, dot), _mm_cmpeq_epi8(v1, zero)), _mm_cmpeq_epi8(v7, zero));
        uint32_t negatives = uint32_t(_mm_movemask_epi8(negative));
        uint32_t underflows = uint32_t(_mm_movemask_epi8(_mm_or_si128(exponent, zeros)));
        if ((negatives | underflows) != 0) { confirm(p, n, i, negatives, underflows, flags); }
    }
    return i;
}
#endif
} // namespace

extern "C" {

int tj_number_scan(const uint8_t *buf, size_t len) {
    int flags = 0;
    size_t from = 0;
#ifdef TJ_SCAN_X86
    from = __builtin_cpu_supports("avx2") ? number_scan_avx2(buf, len, &flags) : number_scan_sse2(buf, len, &flags);
#endif
    for (size_t i = from; i < len && flags != 3; i++) {
        if (!(flags & 1) && negative_zero_at(buf, len, i)) { flags |= 1; }
        if (!(flags & 2) && underflow_at(buf, len, i)) { flags |= 2; }
    }
    return flags;
}

} // extern "C"
