// CSimdReference: native simdjson loops, timed in C++, for the benchmarks (see CSimdReference.h).
#include "CSimdReference.h"

#include <simdjson.h>

#include <chrono>
#include <string_view>

using namespace simdjson;

namespace {
// Runs `run` once untimed (sizing the parser's buffers: a program handling many documents reuses a
// warm parser, as TapeJSON's pool does, so allocation and first-touch page faults are not timed),
// then `iterations` times on the clock. Returns the seconds, or -1 when a run fails.
template <typename Run> double time_warm(size_t iterations, Run run) {
    if (!run()) { return -1; }
    auto start = std::chrono::steady_clock::now();
    for (size_t i = 0; i < iterations; i++) {
        if (!run()) { return -1; }
    }
    std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    return elapsed.count();
}
} // namespace

extern "C" {

double tj_reference_parse_seconds(const uint8_t *buf, size_t len, size_t iterations) {
    dom::parser parser;
    return time_warm(iterations, [&]() { return parser.parse(buf, len, false).error() == SUCCESS; });
}

double tj_reference_field_seconds(const uint8_t *buf, size_t len, const char *key, size_t iterations,
                                  int on_demand, int64_t *value) {
    std::string_view name(key);
    double seconds;
    if (on_demand) {
        ondemand::parser parser;
        seconds = time_warm(iterations, [&]() {
            ondemand::document doc;
            if (parser.iterate(buf, len, len + SIMDJSON_PADDING).get(doc) != SUCCESS) { return false; }
            return doc.find_field_unordered(name).get_int64().get(*value) == SUCCESS;
        });
    } else {
        dom::parser parser;
        seconds = time_warm(iterations, [&]() {
            dom::element root;
            if (parser.parse(buf, len, false).get(root) != SUCCESS) { return false; }
            return root.at_key(name).get_int64().get(*value) == SUCCESS;
        });
    }
    return seconds;
}

int64_t tj_reference_count_many(const uint8_t *buf, size_t len, size_t batch_size, double *seconds) {
    return tj_reference_count_many_threaded(buf, len, batch_size, true, seconds);
}

int64_t tj_reference_count_many_threaded(const uint8_t *buf, size_t len, size_t batch_size, bool threaded,
                                         double *seconds) {
    // A fresh parser per call, as `JSONLines.count()` makes its own per call; its buffers are allocated
    // by the first parse_many, inside the timed part, on both sides.
    dom::parser parser;
#ifdef SIMDJSON_THREADS_ENABLED
    parser.threaded = threaded;
#else
    (void)threaded;
#endif
    auto start = std::chrono::steady_clock::now();
    int64_t count = 0;
    dom::document_stream stream;
    if (parser.parse_many(buf, len, batch_size).get(stream) != SUCCESS) { return -1; }
    for (auto doc : stream) {
        if (doc.error() != SUCCESS) { return -1; }
        count++;
    }
    std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    *seconds = elapsed.count();
    return count;
}

} // extern "C"
