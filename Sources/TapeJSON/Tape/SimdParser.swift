import CSimdShim

/// One simdjson parser and the document it parses into, owned by Swift.
///
/// Not thread-safe: a handle is used by one thread at a time. `ParserPool` hands them out.
final class SimdParser: @unchecked Sendable {
    let raw: OpaquePointer
    let maxDepth: Int

    init(maxCapacity: Int, maxDepth: Int) throws(JSONError) {
        guard let raw = tj_parser_create(maxCapacity, maxDepth) else {
            throw JSONError(kind: .outOfMemory, offset: 0, line: 1, column: 1, excerpt: "")
        }
        self.raw = raw
        self.maxDepth = maxDepth
    }

    deinit { tj_parser_destroy(raw) }

    /// Parses `bytes`; `padded` promises `Simd.padding` readable bytes after them (no copy is made).
    /// On failure returns simdjson's error code.
    func parse(_ bytes: UnsafeRawBufferPointer, padded: Bool) -> Result<Tape, SimdErrorCode> {
        var out = tj_tape()
        // An empty buffer may have no base address; simdjson reports EMPTY without reading it.
        let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? Simd.emptyInput
        let code = tj_parse(raw, base, bytes.count, padded && bytes.baseAddress != nil, &out)
        if code != TJ_SUCCESS { return .failure(SimdErrorCode(code)) }
        return .success(Tape(out))
    }
}
