import Foundation
import Testing

@testable import TapeJSON

/// `InputEncoding.detect` answers the common case (UTF-8 without a byte-order mark) before matching
/// the patterns of the first four bytes: the two must agree on every input.
@Suite("Input encoding detection")
struct InputEncodingTests {
    /// Bytes that matter to the patterns (zero, byte-order mark bytes, ASCII, continuation bytes) and
    /// their neighbours.
    static let bytes: [UInt8] = [0x00, 0x01, 0x20, 0x22, 0x5B, 0x7B, 0x7F, 0x80, 0xBB, 0xBE, 0xBF, 0xEE, 0xEF, 0xF0, 0xFE, 0xFF]

    @Test("the common case agrees with the patterns on every prefix of up to four such bytes")
    func commonCaseAgreesWithPatterns() {
        var prefixes: [[UInt8]] = [[]]
        var checked = 0
        for _ in 0..<4 {
            prefixes = prefixes.flatMap { prefix in Self.bytes.map { prefix + [$0] } }
            for prefix in prefixes {
                for input in [prefix, prefix + [0x7B, 0x7D]] {
                    input.withUnsafeBytes { raw in
                        #expect(InputEncoding.detect(raw) == InputEncoding.matchingPatterns(raw), "\(input)")
                    }
                    checked += 1
                }
            }
        }
        [UInt8]().withUnsafeBytes { raw in #expect(InputEncoding.detect(raw) == .utf8(bomLength: 0)) }
        #expect(checked == 2 * (16 + 256 + 4_096 + 65_536))
    }

    @Test("marks and zero patterns are still recognised")
    func marksAndPatterns() {
        func detect(_ bytes: [UInt8]) -> InputEncoding { bytes.withUnsafeBytes { InputEncoding.detect($0) } }
        #expect(detect([0xEF, 0xBB, 0xBF, 0x7B]) == .utf8(bomLength: 3))
        #expect(detect([0xFE, 0xFF, 0x00, 0x7B]) == .transcode(.utf16BigEndian, bomLength: 2))
        #expect(detect([0xFF, 0xFE, 0x7B, 0x00]) == .transcode(.utf16LittleEndian, bomLength: 2))
        #expect(detect([0x00, 0x7B, 0x00, 0x7D]) == .transcode(.utf16BigEndian, bomLength: 0))
        #expect(detect([0x7B, 0x00, 0x7D, 0x00]) == .transcode(.utf16LittleEndian, bomLength: 0))
        #expect(detect([0x7B, 0x00, 0x00, 0x00]) == .transcode(.utf32LittleEndian, bomLength: 0))
        #expect(detect([0x7B, 0x7D]) == .utf8(bomLength: 0))
        #expect(detect([0x7B]) == .utf8(bomLength: 0))
    }
}
