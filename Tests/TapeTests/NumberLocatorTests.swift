import Testing

@testable import TapeJSON

/// `NumberLocator` finds a number's text from its tape index by walking the text in step with the tape.
/// Lookups in document order walk the text once; lookups behind the walk resume from a checkpoint, so
/// that a type reading its keys in another order than the document's does not walk the text again
/// from its start for every zero (marine_ik.json: 6,085 `-0`s, decoded at 0.23x `JSONDecoder` before).
@Suite("Finding a number's text from its tape index")
struct NumberLocatorTests {
    /// `[-0,1,-0,1,...]` with `count` numbers, and each number's tape index (the array's `[` is word 1,
    /// and each number takes two words).
    static func flatArray(_ count: Int) -> (text: [UInt8], indexes: [Int]) {
        let text = Array(("[" + (0..<count).map { $0 % 2 == 0 ? "-0" : "1" }.joined(separator: ",") + "]").utf8)
        return (text, (0..<count).map { 2 + 2 * $0 })
    }

    static func text(_ range: Range<Int>?, in text: [UInt8]) -> String? {
        range.map { String(decoding: text[$0], as: UTF8.self) }
    }

    @Test("lookups in any order find each number's text")
    func anyOrder() {
        let (text, indexes) = Self.flatArray(5_000)
        var locator = NumberLocator()
        var generator = SystemRandomNumberGenerator()
        let order = indexes.enumerated().shuffled(using: &generator)
        text.withUnsafeBufferPointer { bytes in
            for (position, index) in order {
                #expect(Self.text(locator.range(ofNumberAt: index, in: bytes), in: text) == (position % 2 == 0 ? "-0" : "1"))
            }
            // A word that is not a number's: nil, and the next lookup still finds its number.
            #expect(locator.range(ofNumberAt: 1, in: bytes) == nil)
            #expect(locator.range(ofNumberAt: indexes.last! + 1, in: bytes) == nil)
            #expect(Self.text(locator.range(ofNumberAt: indexes[3], in: bytes), in: text) == "1")
        }
    }

    @Test("lookups from the last number back to the first walk the text about once, not once per lookup")
    func backwardLookupsAreBounded() {
        let count = 20_000
        let (text, indexes) = Self.flatArray(count)
        var locator = NumberLocator()
        text.withUnsafeBufferPointer { bytes in
            for (position, index) in indexes.enumerated().reversed() {
                #expect(Self.text(locator.range(ofNumberAt: index, in: bytes), in: text) == (position % 2 == 0 ? "-0" : "1"))
            }
        }
        // Each lookup walks at most from the checkpoint before it: `checkpointSpacing` tape words of at
        // most 3 bytes each here, on top of the first walk to the end (restarting from the first byte
        // would walk about count * text.count / 2 bytes, 270 million here).
        let bound = text.count + count * (NumberLocator.checkpointSpacing * 3 / 2)
        #expect(locator.bytesWalked <= bound)
    }

    @Test("a forward jump past several checkpoints, then lookups behind it, stay in step with the tape")
    func jumpsAcrossCheckpoints() {
        // Objects, strings and literals between the numbers: every kind of tape word the walk counts.
        let members = (0..<3_000).map { _ in #"{"s":"a,\"]}","t":true,"n":null,"f":false,"x":-0,"y":[1e2,-0.0]}"# }
        let text = Array(("[" + members.joined(separator: ",") + "]").utf8)
        // Per object: `{`, "s", its string, "t", true, "n", null, "f", false, "x" (one word each), -0 at
        // +10 (two words), "y", `[`, 1e2 at +14 (two), -0.0 at +16 (two), `]`, `}`: 20 words.
        func xIndex(_ k: Int) -> Int { 2 + 20 * k + 10 }
        func yIndex(_ k: Int) -> Int { 2 + 20 * k + 16 }
        var locator = NumberLocator()
        text.withUnsafeBufferPointer { bytes in
            #expect(Self.text(locator.range(ofNumberAt: yIndex(2_999), in: bytes), in: text) == "-0.0")
            for k in stride(from: 2_998, through: 0, by: -7) {
                #expect(Self.text(locator.range(ofNumberAt: xIndex(k), in: bytes), in: text) == "-0")
                #expect(Self.text(locator.range(ofNumberAt: yIndex(k) - 2, in: bytes), in: text) == "1e2")
            }
        }
    }
}
