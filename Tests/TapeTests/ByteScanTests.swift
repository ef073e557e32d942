import Testing

@testable import TapeJSON

// `ByteScan`, the one home of the byte scans, against naive loops written here on random text made of
// the bytes that matter: newlines, the whitespace around them, ASCII, and multi-byte UTF-8.

@Suite("ByteScan")
struct ByteScanTests {
    /// Random text: newlines, spaces, tabs, carriage returns, letters, and 2-, 3- and 4-byte scalars.
    static func randomText(_ generator: inout SplitMix64, count: Int) -> [UInt8] {
        let pieces: [[UInt8]] = [[0x0A], [0x0A], [0x20], [0x09], [0x0D], [0x61], [0x7B], [0xC3, 0xA9],
                                 [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80]]
        var text: [UInt8] = []
        while text.count < count { text += pieces[Int(generator.next() % UInt64(pieces.count))] }
        return text
    }

    /// Random texts of many lengths (the shim's 16- and 64-byte blocks, and their tails).
    static func samples() -> [[UInt8]] {
        var generator = SplitMix64(seed: 28)
        return (0..<300).map { i in randomText(&generator, count: i < 150 ? i : Int(generator.next() % 2000)) }
    }

    @Test("newlines: the first from an offset, the last, their count")
    func newlines() {
        for text in Self.samples() {
            text.withUnsafeBytes { bytes in
                let from = text.isEmpty ? 0 : text.count / 3
                #expect(ByteScan.firstNewline(in: bytes, from: from) == text[from...].firstIndex(of: 0x0A))
                #expect(ByteScan.firstNewline(in: bytes) == text.firstIndex(of: 0x0A))
                #expect(ByteScan.lastNewline(in: bytes) == text.lastIndex(of: 0x0A))
                #expect(ByteScan.newlineCount(in: bytes) == text.filter { $0 == 0x0A }.count)
            }
        }
    }

    @Test("line counts: newlines, and the lines holding more than whitespace")
    func lineCounts() {
        for text in Self.samples() {
            let lines = text.split(separator: 0x0A, omittingEmptySubsequences: false)
            let nonBlank = lines.filter { line in line.contains { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D } }.count
            let counts = text.withUnsafeBytes { ByteScan.lineCounts(in: $0) }
            #expect(counts.newlines == lines.count - 1)
            #expect(counts.nonBlank == nonBlank)
        }
    }

    @Test("scalar counts, and line and column of every offset")
    func scalarsAndLocations() {
        for text in Self.samples() {
            text.withUnsafeBytes { bytes in
                #expect(ByteScan.scalarCount(in: bytes) == text.filter { $0 & 0xC0 != 0x80 }.count)
                for offset in stride(from: 0, through: text.count, by: max(1, text.count / 17)) {
                    // Naive: lines up to the offset, then scalars since the last line start.
                    let before = text[..<offset]
                    let lineStart = (before.lastIndex(of: 0x0A)).map { $0 + 1 } ?? 0
                    let line = 1 + before.filter { $0 == 0x0A }.count
                    let column = 1 + text[lineStart..<offset].filter { $0 & 0xC0 != 0x80 }.count
                    let found = ByteScan.location(of: offset, in: bytes)
                    #expect(found.line == line && found.column == column && found.lineStart == lineStart)
                }
            }
        }
    }

    @Test("a position carried across dropped bytes ends where one pass over them all does")
    func positionAcrossDrops() {
        var generator = SplitMix64(seed: 3)
        for text in Self.samples() {
            text.withUnsafeBytes { bytes in
                let whole = TextPosition().advanced(over: bytes)
                let cut = text.isEmpty ? 0 : Int(generator.next() % UInt64(text.count + 1))
                let parts = TextPosition()
                    .advanced(over: UnsafeRawBufferPointer(rebasing: bytes[..<cut]))
                    .advanced(over: UnsafeRawBufferPointer(rebasing: bytes[cut...]))
                #expect(parts == whole)
                let location = ByteScan.location(of: text.count, in: bytes)
                #expect(whole == TextPosition(line: location.line, column: location.column))
            }
        }
    }

    @Test("the byte order mark, whole and in part")
    func byteOrderMark() {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        for (bytes, length) in [(mark + [0x7B], 3), (mark, 3), (Array(mark.prefix(2)), 0), ([0x7B] + mark, 0), ([], 0)] {
            #expect(bytes.withUnsafeBytes { ByteScan.byteOrderMarkLength($0) } == length)
        }
        #expect(([0xEF, 0xBB] as [UInt8]).withUnsafeBytes { ByteScan.isByteOrderMarkPrefix($0) })
        #expect(!([0xEF, 0x20] as [UInt8]).withUnsafeBytes { ByteScan.isByteOrderMarkPrefix($0) })
        #expect(mark.withUnsafeBytes { ByteScan.isByteOrderMarkPrefix($0) })
    }
}
