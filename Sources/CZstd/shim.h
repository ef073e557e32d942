// CZstd: the system libzstd (Debian: libzstd-dev), for zstd input (TapeJSON's Input/ZstdDecoder.swift)
// and for the zstd rows of `tapejson bench`. Plain C; nothing of simdjson here.
#ifndef CZSTD_SHIM_H
#define CZSTD_SHIM_H
#include <zstd.h>
#include <zstd_errors.h>
#endif
