import Foundation
@_spi(GeneratedPathTesting) import TapeJSON
import TapeJSONMacros
import Testing

// The generated path's lookup under `.useDefaultKeys` once a key is not where a lookup in document
// order finds it (`MemberSlots`: the object's keys put in a table with a hash index, once) against the
// keyed container's scan from its cursor: keys in another order than the type's, absent keys, a key
// written twice (the container's cursor then decides which is read), objects of up to 255 members (the
// table, `MemberSlots.capacity`) and of more (the container's lookup), objects at one depth in turn, and documents one after
// another through one decoder (the table remembers objects by tape index, which the next reuses).

@TapeJSONCodable
struct ExactLookupRecord: Codable, Equatable, Sendable {
    var action: String?
    var before: String?
    var commits: [ExactLookupInner]?
    var head: String?
    var id: Int
    var level: String
    var ref: String?
    var size: Int?
    var wide: ExactLookupWide?
}

@TapeJSONCodable
struct ExactLookupInner: Codable, Equatable, Sendable {
    var sha: String
    var note: String?
    var distinct: Bool?
}

@TapeJSONCodable
struct ExactLookupWide: Codable, Equatable, Sendable {
    var k0: Int
    var k17: Int?
    var k33: Int?
    var k50: Int?
    var k63: Int?
    var k70: Int?
    var missing: Int?
}

@Suite struct ExactKeyLookupTests {
    /// An object of `count` members `k0`..., in a shuffled order (seeded), with `extra` appended.
    static func wideObject(_ count: Int, seed: UInt64, extra: String = "") -> String {
        var generator = SplitMix(seed: seed)
        let members = (0..<count).map { #""k\#($0)":\#($0)"# }.shuffled(using: &generator)
        return "{" + members.joined(separator: ",") + extra + "}"
    }

    static let documents: [String] = [
        #"{"action":"a","before":"b","head":"h","id":1,"level":"INFO","ref":"r","size":2}"#,
        #"{"size":2,"ref":"r","level":"WARN","id":2,"head":"h","before":"b","action":"a"}"#,
        #"{"commits":[{"sha":"1"}],"size":3,"ref":"r","id":3,"head":"h","before":"b","level":"x"}"#,
        #"{"level":"y","id":4}"#,
        #"{"id":5,"level":"z","id":6}"#,
        #"{"level":"a","id":7,"size":1,"level":"b","ref":"c"}"#,
        #"{"ref":"r","level":"q","ref":"s","id":8,"ref":"t"}"#,
        #"{"commits":[{"note":"n","sha":"1","distinct":true},{"distinct":false,"sha":"2"},{"sha":"3","sha":"4"}],"id":9,"level":"l"}"#,
        #"{"commits":[{"note":"n"}],"id":10,"level":"l"}"#,
        #"{"id":"not a number","level":"q"}"#,
        #"{"level":"q"}"#,
        #"{"size":null,"id":11,"level":null}"#,
        #"{}"#,
        #"[]"#,
        #"{"id":12,"level":"w","wide":\#(wideObject(64, seed: 1))}"#,
        #"{"wide":\#(wideObject(64, seed: 2)),"level":"w","id":13}"#,
        #"{"id":14,"level":"w","wide":\#(wideObject(63, seed: 3, extra: #","k5":-5"#))}"#,
        #"{"id":15,"level":"w","wide":\#(wideObject(80, seed: 4))}"#,
        #"{"id":16,"level":"w","wide":\#(wideObject(80, seed: 5, extra: #","k17":-17"#))}"#,
        #"{"id":17,"level":"w","wide":\#(wideObject(40, seed: 6))}"#,
        #"{"id":18,"level":"w","wide":{"k0":"zero"}}"#,
        #"{"id":19,"level":"w","wide":\#(wideObject(255, seed: 7))}"#,
        #"{"id":20,"level":"w","wide":\#(wideObject(254, seed: 8, extra: #","k70":-70"#))}"#,
        #"{"id":21,"level":"w","wide":\#(wideObject(256, seed: 9))}"#,
        #"{"id":22,"level":"w","wide":\#(wideObject(300, seed: 10, extra: #","k63":-63"#))}"#,
        #"{"id":23,"level":"w","wide":\#(wideObject(150, seed: 11, extra: #","missing":1"#))}"#,
    ]

    @Test func sameAnswersAsTheKeyedContainer() throws {
        let generated = TapeJSONDecoder()
        let codable = TapeJSONDecoder()
        codable.takesGeneratedPaths = false
        // One decoder for every document, twice over: tables and cursors carried from one to the next.
        for round in 0..<2 {
            for document in Self.documents {
                let data = Data(document.utf8)
                let ours = outcome { try generated.decode(ExactLookupRecord.self, from: data) }
                let theirs = outcome { try codable.decode(ExactLookupRecord.self, from: data) }
                expectSameOutcome(ours, theirs, "round \(round): \(document.prefix(120))")
            }
        }
        // The same documents as one array: objects at one depth in turn.
        let array = Data(("[" + Self.documents.filter { $0.hasPrefix("{\"") && !$0.contains("not a number") && !$0.contains("zero") }
            .filter { (try? codable.decode(ExactLookupRecord.self, from: Data($0.utf8))) != nil }
            .joined(separator: ",") + "]").utf8)
        let ours = outcome { try generated.decode([ExactLookupRecord].self, from: array) }
        let theirs = outcome { try codable.decode([ExactLookupRecord].self, from: array) }
        expectSameOutcome(ours, theirs, "as one array")
        #expect(try generated.decode([ExactLookupRecord].self, from: array).count > 10)
    }

    /// The same documents under the key conversions, whose lookups always go through the table (the
    /// keys converted once per object), wide objects included: the same answers as the keyed container.
    @Test func sameAnswersUnderKeyConversions() throws {
        for strategy: TapeJSONDecoder.KeyDecodingStrategy in [.convertFromSnakeCase, .convertFromAnyCase] {
            let (generated, codable) = decoderPair(keys: strategy)
            for document in Self.documents {
                let data = Data(document.utf8)
                let ours = outcome { try generated.decode(ExactLookupRecord.self, from: data) }
                let theirs = outcome { try codable.decode(ExactLookupRecord.self, from: data) }
                expectSameOutcome(ours, theirs, "\(strategy): \(document.prefix(120))")
            }
        }
    }

    /// Arrays of records whose objects repeat the keys of the object before them at the same depth (the
    /// table is then kept, with the new values: `refillSlots`), and objects that repeat all but one key,
    /// repeat them in another order, write one twice, or fail to decode: under each key strategy, one
    /// decoder for every array, the same answers as the keyed container.
    @Test func recordsRepeatingTheirNeighboursKeys() throws {
        let records = [
            #"{"size":1,"ref":"r1","level":"a","id":1,"head":"h"}"#,
            #"{"size":2,"ref":"r2","level":"b","id":2,"head":"h2"}"#,
            #"{"size":3,"ref":"r3","level":"c","id":3,"before":"x"}"#,
            #"{"size":4,"action":"r4","level":"d","id":4,"head":"h"}"#,
            #"{"head":"h","size":5,"ref":"r5","level":"e","id":5}"#,
            #"{"size":6,"ref":"r6","level":"f","id":6,"id":7}"#,
            #"{"size":6,"ref":"r6","level":"f","id":6,"id":7}"#,
            #"{"size":8,"ref":"r8","level":"h","id":8,"head":"h"}"#,
            #"{"siz":8,"ref":"r8","level":"h","id":8,"head":"h"}"#,
            #"{"size":8,"ref":"r8","level":"h","id":8,"head":"h"}"#,
            #"{"size":9,"ref":"r\u0039","level":"i","id":9,"h\u0065ad":"h"}"#,
            #"{"size":10,"ref":"r10","level":"j","id":10,"lev_el":"x"}"#,
            #"{"size":10,"ref":"r10","level":"j","id":10,"le_vel":"x"}"#,
            #"{"level":"k","id":11,"commits":[{"note":"a","sha":"1"},{"note":"b","sha":"2"},{"sha":"3","note":"c"},{"note":"d","sha":"4","distinct":true},{"note":"e","sha":"5"}]}"#,
            #"{"level":"l","id":12,"commits":[{"note":"f","sha":"6"},{"note":"g","sha":"7"}]}"#,
        ]
        let failing = #"{"size":9,"ref":"r9","level":"j","id":"nine","head":"h"}"#
        let arrays = [
            "[" + records.joined(separator: ",") + "]",
            "[" + records.joined(separator: ",") + "," + failing + "]",
            "[" + records.reversed().joined(separator: ",") + "]",
            "[[" + records.prefix(4).joined(separator: ",") + "],[" + records.suffix(4).joined(separator: ",") + "]]",
        ]
        let strategies: [TapeJSONDecoder.KeyDecodingStrategy] = [.useDefaultKeys, .convertFromSnakeCase, .convertFromAnyCase]
        for strategy in strategies {
            let (generated, codable) = decoderPair(keys: strategy)
            for array in arrays {
                let data = Data(array.utf8)
                if array.hasPrefix("[[") {
                    let ours = outcome { try generated.decode([[ExactLookupRecord]].self, from: data) }
                    let theirs = outcome { try codable.decode([[ExactLookupRecord]].self, from: data) }
                    expectSameOutcome(ours, theirs, "\(strategy): \(array.prefix(80))")
                } else {
                    let ours = outcome { try generated.decode([ExactLookupRecord].self, from: data) }
                    let theirs = outcome { try codable.decode([ExactLookupRecord].self, from: data) }
                    expectSameOutcome(ours, theirs, "\(strategy): \(array.prefix(80))")
                }
            }
        }
        let decoded = try TapeJSONDecoder().decode([ExactLookupRecord].self, from: Data(arrays[0].utf8))
        let unique = decoded.enumerated().filter { $0.offset != 5 && $0.offset != 6 }.map(\.element)
        #expect(unique.map(\.id) == [1, 2, 3, 4, 5, 8, 8, 8, 9, 10, 10, 11, 12])
        #expect(unique.map(\.size) == [1, 2, 3, 4, 5, 8, nil, 8, 9, 10, 10, nil, nil])
        #expect(unique.map(\.head) == ["h", "h2", nil, "h", "h", "h", "h", "h", "h", nil, nil, nil, nil])
        #expect(decoded[10].ref == "r9" && decoded[10].head == "h")
        #expect(decoded[13].commits?.map(\.note) == ["a", "b", "c", "d", "e"])
        #expect(decoded[13].commits?.map(\.distinct) == [nil, nil, nil, true, nil])
    }

    @Test func readsTheValuesOutOfOrder() throws {
        let decoder = TapeJSONDecoder()
        let record = try decoder.decode(ExactLookupRecord.self, from: Data(Self.documents[1].utf8))
        #expect(record == ExactLookupRecord(action: "a", before: "b", commits: nil, head: "h", id: 2, level: "WARN", ref: "r", size: 2, wide: nil))
        let wide = try decoder.decode(ExactLookupRecord.self, from: Data(Self.documents[15].utf8)).wide
        #expect(wide == ExactLookupWide(k0: 0, k17: 17, k33: 33, k50: 50, k63: 63, k70: nil, missing: nil))
        let wider = try decoder.decode(ExactLookupRecord.self, from: Data(Self.documents[17].utf8)).wide
        #expect(wider == ExactLookupWide(k0: 0, k17: 17, k33: 33, k50: 50, k63: 63, k70: 70, missing: nil))
    }
}

/// A seeded generator (SplitMix64), so that the shuffled objects are the same on every run.
private struct SplitMix: RandomNumberGenerator {
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
