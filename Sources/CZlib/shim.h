// CZlib: the system zlib (Debian: zlib1g-dev), for gzip input (TapeJSON's Input/GzipDecoder.swift) and
// for the gzip rows of `tapejson bench`. Plain C; nothing of simdjson here.
#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H
#include <zlib.h>

/// `inflateInit2` is a macro (it passes the version and the stream's size): Swift cannot call it.
static inline int czlib_inflate_init2(z_stream *stream, int window_bits) {
    return inflateInit2(stream, window_bits);
}

/// `deflateInit2` is a macro too (the bench compresses its generated logs with it).
static inline int czlib_deflate_init2(z_stream *stream, int level, int window_bits) {
    return deflateInit2(stream, level, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY);
}
#endif
