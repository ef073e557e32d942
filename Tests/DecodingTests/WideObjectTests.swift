import Foundation
import Testing

@testable import TapeJSON

/// Objects wider than the keyed container's scan handles well (`DecodingSession.scanLimit` members) are
/// looked up through the table of their keys (`MemberSlots`): the same values and errors as Foundation,
/// whatever the order of the keys, absent keys, wrong types and key strategy (duplicate keys follow the
/// rule the README lists among the deliberate differences; objects of up to 64 members stay on the scan).
@Suite("Wide objects through the keyed container")
struct WideObjectTests {
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Reads `k0`...`k159` (or `key0Name`... under a conversion) in that order, whatever the document's:
    /// optional ones with `decodeIfPresent`, every tenth with `decode` (a missing one is an error).
    struct Wide: Decodable, Equatable {
        var values: [Int?]
        static let count = 160

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            values = try (0..<Self.count).map { k in
                let key = AnyKey(Self.name(k, converted: decoder.userInfo[.converted] as? Bool ?? false))
                return k % 10 == 0 ? try container.decode(Int.self, forKey: key) : try container.decodeIfPresent(Int.self, forKey: key)
            }
        }

        static func name(_ k: Int, converted: Bool) -> String { converted ? "key\(k)Name" : "k\(k)" }
    }

    /// An object of `count` members (shuffled, seeded), `k`-th valued `k`, with `extra` appended.
    static func object(_ count: Int, seed: UInt64, snake: Bool = false, leaveOut: Set<Int> = [], extra: String = "") -> String {
        var generator = SeededGenerator(seed: seed)
        let members = (0..<count).filter { !leaveOut.contains($0) }
            .map { #""\#(snake ? "key_\($0)_name" : "k\($0)")":\#($0)"# }.shuffled(using: &generator)
        return "{" + members.joined(separator: ",") + extra + "}"
    }

    static let documents: [String] = [
        object(160, seed: 1),
        object(150, seed: 2, leaveOut: [3, 77, 149]),
        object(100, seed: 3),
        object(70, seed: 4, extra: #","k5":-5"#),
        object(160, seed: 5, leaveOut: [20], extra: #","k20":"twenty""#),
        object(160, seed: 6, leaveOut: [40]),
        object(300, seed: 7),
        object(65, seed: 8, extra: #","k9":null"#),
    ]

    @Test("the same values and errors as JSONDecoder, default keys", arguments: documents.indices)
    func defaultKeys(index: Int) {
        let document = Self.documents[index]
        expectSameDecoding(Wide.self, json: document)
        expectSameDecoding([Wide].self, json: "[\(document),\(Self.documents[0])]")
    }

    @Test("the same values and errors as JSONDecoder under .convertFromSnakeCase")
    func snakeCase() {
        var setup = Setup()
        setup.keys = .convertFromSnakeCase
        setup.userInfo = [.converted: true]
        for (seed, leaveOut) in [(UInt64(11), Set<Int>()), (12, [5, 90]), (13, [0])] {
            expectSameDecoding(Wide.self, json: Self.object(160, seed: seed, snake: true, leaveOut: leaveOut), setup: setup)
        }
        expectSameDecoding(Wide.self, json: Self.object(120, seed: 14, snake: true, extra: #","key_7_name":-7"#), setup: setup)
    }
}

extension CodingUserInfoKey {
    fileprivate static let converted = CodingUserInfoKey(rawValue: "converted")!
}

/// A seeded generator (SplitMix64), so that the shuffled objects are the same on every run.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
