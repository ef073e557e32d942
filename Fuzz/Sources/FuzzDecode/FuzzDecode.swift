import Foundation
import FuzzSupport
import TapeJSON

/// A log record of the kind the corpus holds: strings, numbers, an optional, a nested object and array.
struct LogLine: Codable, Equatable {
    struct HTTP: Codable, Equatable {
        var method: String
        var status: Int
        var bytes: Int64?
    }
    var timestamp: String
    var level: String
    var message: String
    var latencyMs: Double
    var http: HTTP?
    var tags: [String]
    var attributes: [String: Int]?
    var ok: Bool
    /// A property spelled with a non-ASCII letter: keys in another Unicode normalization (`nai\u0308ve`)
    /// are found by a String comparison after a byte-for-byte miss, with or without a key conversion.
    var naïveCount: Int?
}

extension LogLine {
    /// The value with integers past 2^53 left out (deliberate difference 5).
    var comparable: LogLine {
        var copy = self
        if let bytes = copy.http?.bytes, bytes.magnitude >= 1 << 53 { copy.http?.bytes = 0 }
        if let status = copy.http?.status, status.magnitude >= 1 << 53 { copy.http?.status = 0 }
        copy.attributes = copy.attributes?.mapValues { $0.magnitude >= 1 << 53 ? 0 : $0 }
        return copy
    }
}

/// Whether any object in the document has two keys that a key conversion could make one (compared
/// without underscores and case), or the document does not parse.
func hasDuplicateKeys(_ bytes: [UInt8]) -> Bool {
    guard let document = try? parseWhole(bytes, maxDepth: 64) else { return true }
    func visit(_ value: JSONValue) -> Bool {
        switch value.kind {
        case .object:
            var seen = Set<String>()
            for member in value.members {
                guard seen.insert(member.key.replacingOccurrences(of: "_", with: "").lowercased()).inserted else { return true }
                if visit(member.value) { return true }
            }
            return false
        case .array:
            return value.elements.contains { visit($0) }
        default:
            return false
        }
    }
    return visit(document.root)
}

// Decoding a model from any bytes, as JSON or JSON5: no crash, and when both decoders succeed on plain
// JSON they give the same value.
@_cdecl("FuzzDecode_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    let tape = TapeJSONDecoder()
    let foundation = JSONDecoder()
    return runFuzzer(argc, argv) { input in
        var knobs = Knobs(input)
        let knob = knobs.byte()
        let snakeCase = knob & 1 == 1
        tape.keyDecodingStrategy = snakeCase ? .convertFromSnakeCase : .useDefaultKeys
        foundation.keyDecodingStrategy = snakeCase ? .convertFromSnakeCase : .useDefaultKeys
        // JSON5 (TapeJSON's decoder only): its translation reads any bytes without a crash or a hang,
        // and a text that is also plain JSON decodes as Foundation decodes plain JSON (the comparison
        // below is made on plain JSON only). Foundation's own JSON5 reader is not fed: it stops the
        // process on invalid UTF-8 in an unquoted key (`FoundationEssentials/CodableUtilities.swift:685`,
        // swift-foundation of Swift 6.3.1; Fuzz/Corpus/FuzzDecode/json5-invalid-utf8-key.json5).
        let json5 = knob & 2 == 2
        if tape.allowsJSON5 != json5 { tape.allowsJSON5 = json5 }
        let data = Data(knobs.rest)
        let ours = try? tape.decode(LogLine.self, from: data)
        let theirs = try? foundation.decode(LogLine.self, from: data)
        // The README's deliberate differences 5 and 7: integers from 2^53 written with a fraction or an
        // exponent are read exactly (Foundation goes through Double), and of duplicate keys (as converted)
        // the one read may be another occurrence. Inputs with either are only decoded, not compared.
        if let ours, let theirs, !hasDuplicateKeys(Array(knobs.rest)) {
            check(ours.comparable == theirs.comparable || ours.latencyMs.isNaN,
                  "decoded values differ: \(ours) against \(theirs)")
        }
    }
}
