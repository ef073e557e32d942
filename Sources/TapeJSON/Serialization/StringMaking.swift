/// Strings for the object graph, made from simdjson's already-validated UTF-8.
///
/// Two things make them cheaper than `String(decoding:as:)`:
/// - no second UTF-8 validation of strings longer than 15 bytes, and the String is told when it is
///   ASCII (checked eight bytes at a time), so hashing it as a dictionary key takes the fast path
///   instead of normalising to NFC; shorter ones are built inline in place, where the standard
///   library's own check is a mask over two words (and a short validation only when not ASCII);
/// - `KeyTable` hands out one String per distinct key, so the thousands of repeated
///   `"profile_background_image_url_https"` keys of a document share one allocation.
enum StringMaking {
    /// The most UTF-8 bytes a String holds inline on 64-bit platforms.
    static let smallCapacity = 15

    /// A String holding `bytes` (valid UTF-8).
    @inline(__always)
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if bytes.count <= smallCapacity {
            // A small (inline) String, filled in place: its ASCII check is one mask over its two
            // words, and only non-ASCII bytes are validated again (cheap at this length).
            return String(unsafeUninitializedCapacity: bytes.count) { buffer in
                guard let base = bytes.baseAddress, let target = buffer.baseAddress else { return 0 }
                target.update(from: base, count: bytes.count)
                return bytes.count
            }
        }
        return String(copying: UTF8Span(unchecked: Span(_unsafeElements: bytes), isKnownASCII: isASCII(bytes)))
    }

    /// Whether every byte is below 0x80.
    ///
    /// Sixteen bytes a loop, then the last eight (overlapping what was checked) for the rest; strings
    /// shorter than eight bytes are read as two overlapping halves. Nothing outside `bytes` is read.
    @inline(__always)
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        if count >= 8 {
            var bits: UInt64 = 0
            var i = 0
            while i + 16 <= count {
                bits |= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)
                i += 16
            }
            if i + 8 <= count { bits |= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) }
            bits |= raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            return bits & 0x8080_8080_8080_8080 == 0
        }
        if count >= 4 {
            let bits = raw.loadUnaligned(as: UInt32.self) | raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            return bits & 0x8080_8080 == 0
        }
        if count > 0 {
            return (base[0] | base[count >> 1] | base[count - 1]) & 0x80 == 0
        }
        return true
    }
}
