/// Whether bytes already in memory are followed by `SIMDJSON_PADDING` readable bytes.
///
/// simdjson reads up to 64 bytes past the end of its input. Bytes whose last page has that much room
/// left (memory is mapped a page at a time) are parsed in place; any others are copied by simdjson into
/// a reusable padded buffer first.
struct PaddingCheck {
    /// The system page size.
    static let pageSize: Int = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Whether `padding` bytes after `bytes` lie on the same page as their last byte (false for no bytes).
    static func pageHasRoom(after bytes: UnsafeRawBufferPointer) -> Bool {
        guard let start = bytes.baseAddress, bytes.count > 0 else { return false }
        let last = UInt(bitPattern: start + bytes.count) &- 1
        let offsetInPage = Int(last % UInt(pageSize))
        return offsetInPage + 1 + Simd.padding <= pageSize
    }
}
