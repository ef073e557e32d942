// The C library, imported once for the whole module: `open`, `pread`, `memcmp`, `errno` and the rest are
// visible in every file of TapeJSON without an import of their own.
//
// `@_exported` is what lets one import reach the module's other files (an access-level import such as
// `internal import` covers only the file it is in, and `@_exported` requires a public one). It also makes
// the C library visible to code that imports TapeJSON, as `import Foundation` already does.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#elseif canImport(Darwin)
@_exported import Darwin
#endif
