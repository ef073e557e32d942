import CSimdShim
import Synchronization

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

/// simdjson's error code, as the shim returns it.
struct SimdErrorCode: Error, Equatable {
    let rawValue: Int32
    init(_ raw: Int32) { rawValue = raw }
    init(_ raw: Int) { rawValue = Int32(raw) }

    var message: String { String(cString: tj_error_message(rawValue)) }

    static let capacity = SimdErrorCode(Int(TJ_CAPACITY))
    static let depth = SimdErrorCode(Int(TJ_DEPTH_ERROR))
    static let memalloc = SimdErrorCode(Int(TJ_MEMALLOC))
    static let empty = SimdErrorCode(Int(TJ_EMPTY))
    static let number = SimdErrorCode(Int(TJ_NUMBER_ERROR))
    static let numberOutOfRange = SimdErrorCode(Int(TJ_NUMBER_OUT_OF_RANGE))
}

/// Facts about the simdjson build in use.
enum Simd {
    /// Bytes simdjson may read past the end of its input.
    static let padding: Int = tj_padding()
    /// The largest document simdjson parses.
    static let maxDocumentSize: Int = tj_max_document_size()
    /// A padded, readable, zero-length input for empty buffers without a base address.
    nonisolated(unsafe) static let emptyInput: UnsafePointer<UInt8> = {
        let p = UnsafeMutablePointer<UInt8>.allocate(capacity: 128)
        p.initialize(repeating: 0x20, count: 128)
        return UnsafePointer(p)
    }()
}

/// A small pool of parsers so that a document's buffers are reused by the next parse once it is freed.
final class ParserPool: Sendable {
    private let idle = Mutex<[SimdParser]>([])
    let maxCapacity: Int
    let maxDepth: Int
    private let keep: Int

    init(maxCapacity: Int, maxDepth: Int, keep: Int = 4) {
        self.maxCapacity = maxCapacity
        self.maxDepth = maxDepth
        self.keep = keep
    }

    func take() throws(JSONError) -> SimdParser {
        if let parser = idle.withLock({ $0.popLast() }) { return parser }
        return try SimdParser(maxCapacity: maxCapacity, maxDepth: maxDepth)
    }

    func give(_ parser: SimdParser) {
        idle.withLock { list in
            if list.count < keep { list.append(parser) }
        }
    }
}
