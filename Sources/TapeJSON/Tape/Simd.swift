import CSimdShim

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
