import Foundation
@_spi(GeneratedPathTesting) import TapeJSON
import TapeJSONMacros
import Testing

// The generated path's lookup under a key conversion (`MemberSlots`: an object's keys
// converted once, then found in order) against the keyed container's, on the objects it treats apart:
// two members converting to one key (the container's cursor then decides which is read), more members
// than it takes, keys in another order than the type's, absent and repeated keys, nested objects at
// one depth in turn, and documents one after another through one decoder (the slots remember objects
// by tape index, which the next document reuses).

@TapeJSONCodable
struct ConvertedLookupRecord: Codable, Equatable, Sendable {
    var userId: Int
    var requestId: String?
    var durationMs: Double?
    var level: String
    var inner: ConvertedLookupInner?
    var others: [ConvertedLookupInner]?
}

@TapeJSONCodable
struct ConvertedLookupInner: Codable, Equatable, Sendable {
    var statusCode: Int
    var note: String?
}

@Suite struct ConvertedKeyLookupTests {
    static let documents: [String] = {
        var documents = [
            #"{"user_id":1,"request_id":"a","duration_ms":2.5,"level":"INFO"}"#,
            #"{"level":"WARN","duration_ms":1,"request_id":"b","user_id":2}"#,
            #"{"user_id":3,"userId":4,"level":"x"}"#,
            #"{"userId":5,"user_id":6,"UserID":7,"level":"y"}"#,
            #"{"user_id":8,"level":"z","inner":{"status_code":200,"statusCode":201,"note":"n"}}"#,
            #"{"user_id":9,"level":"z","inner":{"status_code":"bad"}}"#,
            #"{"user_id":10,"level":"z","others":[{"status_code":1},{"StatusCode":2,"note":null},{"note":"x"}]}"#,
            #"{"user_id":11}"#,
            #"{"user_id":12,"level":"a","level":"b","request_id":null}"#,
            #"{"user-id":13,"Level":"c","requestId":"d","REQUEST_ID":"e"}"#,
            // Two members for `level` (under .convertFromAnyCase), one before and one after the
            // member after the last one found: the container's cursor reads the second.
            #"{"level":"a","user_id":1,"request_id":"r","duration_ms":1,"note":0,"Level":"b"}"#,
            #"{"user_id":"not a number","level":"q"}"#,
            #"{}"#,
            #"[]"#,
        ]
        // More members than the slots take: the container's lookup, with the same answers.
        var wide = #"{"level":"wide""#
        for k in 0..<40 { wide += #","extra_\#(k)":\#(k)"# }
        documents.append(wide + #","user_id":14}"#)
        documents.append(wide + #","user_id":15,"userId":16}"#)
        return documents
    }()

    static let strategies: [(String, TapeJSONDecoder.KeyDecodingStrategy)] = [
        ("convertFromSnakeCase", .convertFromSnakeCase),
        ("convertFromAnyCase", .convertFromAnyCase),
    ]

    @Test(arguments: 0..<2)
    func sameAnswersAsTheKeyedContainer(strategyIndex: Int) {
        let (name, strategy) = Self.strategies[strategyIndex]
        let (generated, codable) = decoderPair(keys: strategy)
        // One decoder for every document, twice over: slots and cursors carried from one to the next.
        for round in 0..<2 {
            for document in Self.documents {
                let data = Data(document.utf8)
                let ours = outcome { try generated.decode(ConvertedLookupRecord.self, from: data) }
                let theirs = outcome { try codable.decode(ConvertedLookupRecord.self, from: data) }
                expectSameOutcome(ours, theirs, "\(name), round \(round): \(document)")
            }
        }
    }

    @Test func jsonLinesCarryNoSlotsFromLineToLine() throws {
        let text = Self.documents.prefix(11).joined(separator: "\n") + "\n"
        for (name, strategy) in Self.strategies {
            var results: [[String]] = []
            for generatedPath in [true, false] {
                let decoder = TapeJSONDecoder()
                decoder.keyDecodingStrategy = strategy
                decoder.takesGeneratedPaths = generatedPath
                var seen: [String] = []
                let lines = JSONLines(bytes: Array(text.utf8), options: JSONLinesOptions(errorPolicy: .report))
                _ = try lines.decode(ConvertedLookupRecord.self, using: decoder, jobs: 1, each: { record, line in
                    seen.append("\(line): \(record)")
                }, onInvalidLine: { error in seen.append("invalid: \(error.line) \(describe(error))") })
                results.append(seen)
            }
            #expect(results[0] == results[1], "\(name)")
            #expect(results[0].count == 11, "\(name)")
        }
    }
}

@TapeJSONCodable
struct ConvertedLookupAccented: Codable, Equatable, Sendable {
    var café: Int
    var naïveValue: Int?
}

extension ConvertedKeyLookupTests {
    @Test func keysInAnotherNormalizationAsTheKeyedContainerFindsThem() throws {
        // Decomposed spellings (e + U+0301, i + U+0308) of the composed properties: found as Strings
        // after a byte-for-byte miss, by both paths, under each conversion.
        let documents = [
            #"{"cafe\u0301":1}"#,
            #"{"caf\u00e9":1,"nai\u0308ve_value":2}"#,
            #"{"cafe\u0301":1,"nai\u0308veValue":3}"#,
            #"{"other":0,"cafe\u0301":4,"cafe\u0301":5}"#,
            #"{"cafe":1}"#,
            // Out of document order: the generated path's key table under .useDefaultKeys misses the
            // decomposed spelling byte for byte, then finds it as a String, as the container does.
            #"{"naïveValue":6,"other":0,"cafe\u0301":7}"#,
        ]
        for (name, strategy) in Self.strategies + [("custom", .custom { $0.last! }), ("useDefaultKeys", .useDefaultKeys)] {
            let (generated, codable) = decoderPair(keys: strategy)
            for document in documents {
                let data = Data(document.utf8)
                let ours = outcome { try generated.decode(ConvertedLookupAccented.self, from: data) }
                let theirs = outcome { try codable.decode(ConvertedLookupAccented.self, from: data) }
                expectSameOutcome(ours, theirs, "\(name): \(document)")
            }
            #expect(try generated.decode(ConvertedLookupAccented.self, from: Data(documents[0].utf8)).café == 1, "\(name)")
        }
    }
}
