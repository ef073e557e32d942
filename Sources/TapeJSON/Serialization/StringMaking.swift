/// Strings for the object graph, made from simdjson's already-validated UTF-8.
///
/// Two things make them cheaper than `String(decoding:as:)`:
/// - no second UTF-8 validation, and the String is told when it is ASCII (checked eight bytes at a
///   time), so hashing it as a dictionary key takes the fast path instead of normalising to NFC;
/// - `KeyTable` hands out one String per distinct key, so the thousands of repeated
///   `"profile_background_image_url_https"` keys of a document share one allocation.
enum StringMaking {
    /// A String holding `bytes` (valid UTF-8).
    @inline(__always)
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(copying: UTF8Span(unchecked: Span(_unsafeElements: bytes), isKnownASCII: isASCII(bytes)))
    }

    /// Whether every byte is below 0x80.
    @inline(__always)
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var i = 0
        var bits: UInt64 = 0
        while i + 8 <= bytes.count {
            bits |= UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            i += 8
        }
        while i < bytes.count {
            bits |= UInt64(base[i])
            i += 1
        }
        return bits & 0x8080_8080_8080_8080 == 0
    }
}
