import Foundation
import Synchronization
@_spi(GeneratedPathTesting) import TapeJSON
import Testing

// The reference for every comparison is the same type under the same settings with
// `takesGeneratedPaths = false` (its synthesized Codable through TapeJSON).

// MARK: - Fixture

/// `Fixtures/documents.json`: per type, the documents as JSON text (see generate.py).
struct DocumentFixture: @unchecked Sendable {
    let seed: Int
    let invalidJSON: [String]
    let types: [String: [String]]

    static let shared: DocumentFixture = {
        guard let url = Bundle.module.url(forResource: "documents", withExtension: "json", subdirectory: "Fixtures"),
              let data = try? Data(contentsOf: url),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            fatalError("Fixtures/documents.json is missing or unreadable: rerun generate.py")
        }
        return DocumentFixture(seed: root["seed"] as? Int ?? 0, invalidJSON: root["invalidJSON"] as? [String] ?? [],
                               types: root["types"] as? [String: [String]] ?? [:])
    }()

    func documents(for name: String) -> [String] { (types[name] ?? []) + invalidJSON }
}

// MARK: - Counting closures

/// Counts the calls of a strategy closure.
final class CallCounter: Sendable {
    private let calls = Mutex(0)
    func bump() { calls.withLock { $0 += 1 } }
    var count: Int { calls.withLock { $0 } }
}

struct PlainKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) { stringValue = String(intValue); self.intValue = intValue }
    init(_ string: String, _ int: Int?) { stringValue = string; intValue = int }
}

let testUserInfoKey = CodingUserInfoKey(rawValue: "GeneratedCodingTests.key")!

/// Two decoders under one key strategy: the first takes the generated paths, the second only the
/// Codable path.
func decoderPair(keys strategy: TapeJSONDecoder.KeyDecodingStrategy) -> (generated: TapeJSONDecoder, codable: TapeJSONDecoder) {
    let generated = TapeJSONDecoder()
    generated.keyDecodingStrategy = strategy
    let codable = TapeJSONDecoder()
    codable.keyDecodingStrategy = strategy
    codable.takesGeneratedPaths = false
    return (generated, codable)
}

func dayFormatter() -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd"
    return formatter
}

// MARK: - Decoder settings

struct DecoderSetting: Sendable {
    let name: String
    /// Whether the setting counts closure calls (then each decode gets fresh decoders, so the counts of
    /// the two paths compare call by call).
    let counts: Bool
    let configure: @Sendable (TapeJSONDecoder, CallCounter) -> Void

    func make(generated: Bool) -> (TapeJSONDecoder, CallCounter) {
        let decoder = TapeJSONDecoder()
        let counter = CallCounter()
        configure(decoder, counter)
        decoder.takesGeneratedPaths = generated
        return (decoder, counter)
    }

    static let all: [DecoderSetting] = {
        var settings: [DecoderSetting] = [
            .init(name: "default", counts: false) { _, _ in },
            .init(name: "key.convertFromSnakeCase", counts: false) { d, _ in d.keyDecodingStrategy = .convertFromSnakeCase },
            .init(name: "key.convertFromAnyCase", counts: false) { d, _ in d.keyDecodingStrategy = .convertFromAnyCase },
            .init(name: "key.custom(lowercased, counted)", counts: true) { d, counter in
                d.keyDecodingStrategy = .custom { path in
                    counter.bump()
                    let last = path.last!
                    return PlainKey(last.stringValue.lowercased(), last.intValue)
                }
            },
            .init(name: "keyOptions(default)", counts: false) { d, _ in d.keyOptions = .init() },
            .init(name: "keyOptions+convertFromSnakeCase", counts: false) { d, _ in
                d.keyOptions = .init()
                d.keyDecodingStrategy = .convertFromSnakeCase
            },
            .init(name: "date.secondsSince1970", counts: false) { d, _ in d.dateDecodingStrategy = .secondsSince1970 },
            .init(name: "date.millisecondsSince1970", counts: false) { d, _ in d.dateDecodingStrategy = .millisecondsSince1970 },
            .init(name: "date.iso8601", counts: false) { d, _ in d.dateDecodingStrategy = .iso8601 },
            .init(name: "date.formatted(yyyy-MM-dd)", counts: false) { d, _ in d.dateDecodingStrategy = .formatted(dayFormatter()) },
            .init(name: "date.flexible", counts: false) { d, _ in d.dateDecodingStrategy = .flexible },
            .init(name: "date.custom(counted)", counts: true) { d, counter in
                d.dateDecodingStrategy = .custom { decoder in
                    counter.bump()
                    let container = try decoder.singleValueContainer()
                    if let text = try? container.decode(String.self) {
                        guard let date = ISO8601DateFormatter().date(from: text) else {
                            throw DecodingError.dataCorruptedError(in: container, debugDescription: "custom: bad date \(text)")
                        }
                        return date
                    }
                    return Date(timeIntervalSince1970: try container.decode(Double.self))
                }
            },
            .init(name: "data.deferredToData", counts: false) { d, _ in d.dataDecodingStrategy = .deferredToData },
            .init(name: "data.custom(counted)", counts: true) { d, counter in
                d.dataDecodingStrategy = .custom { decoder in
                    counter.bump()
                    let container = try decoder.singleValueContainer()
                    return Data(try container.decode(String.self).utf8)
                }
            },
            .init(name: "float.convertFromString", counts: false) { d, _ in
                d.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
            },
            .init(name: "userInfo", counts: false) { d, _ in d.userInfo = [testUserInfoKey: "value"] },
            .init(name: "combined(snake, iso8601, deferredToData, convertFromString, userInfo)", counts: false) { d, _ in
                d.keyDecodingStrategy = .convertFromSnakeCase
                d.dateDecodingStrategy = .iso8601
                d.dataDecodingStrategy = .deferredToData
                d.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
                d.userInfo = [testUserInfoKey: 1]
            },
        ]
        settings.append(.init(name: "anyCase+custom date+custom data (counted)", counts: true) { d, counter in
            d.keyDecodingStrategy = .convertFromAnyCase
            d.dateDecodingStrategy = .custom { decoder in
                counter.bump()
                return Date(timeIntervalSince1970: try decoder.singleValueContainer().decode(Double.self))
            }
            d.dataDecodingStrategy = .custom { decoder in
                counter.bump()
                return Data(try decoder.singleValueContainer().decode([UInt8].self))
            }
        })
        return settings
    }()
}

// MARK: - Encoder settings

struct EncoderSetting: Sendable {
    let name: String
    let counts: Bool
    let configure: @Sendable (TapeJSONEncoder, CallCounter) -> Void

    func make(generated: Bool) -> (TapeJSONEncoder, CallCounter) {
        let encoder = TapeJSONEncoder()
        let counter = CallCounter()
        configure(encoder, counter)
        encoder.takesGeneratedPaths = generated
        return (encoder, counter)
    }

    static let all: [EncoderSetting] = [
        .init(name: "compact", counts: false) { _, _ in },
        .init(name: "prettyPrinted", counts: false) { e, _ in e.outputFormatting = .prettyPrinted },
        .init(name: "sortedKeys", counts: false) { e, _ in e.outputFormatting = .sortedKeys },
        .init(name: "withoutEscapingSlashes", counts: false) { e, _ in e.outputFormatting = .withoutEscapingSlashes },
        .init(name: "prettyPrinted+sortedKeys+withoutEscapingSlashes", counts: false) { e, _ in
            e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        },
        .init(name: "key.convertToSnakeCase", counts: false) { e, _ in e.keyEncodingStrategy = .convertToSnakeCase },
        .init(name: "key.convertToKebabCase", counts: false) { e, _ in e.keyEncodingStrategy = .convertToKebabCase },
        .init(name: "key.custom(uppercased, counted)", counts: true) { e, counter in
            e.keyEncodingStrategy = .custom { path in
                counter.bump()
                let last = path.last!
                return PlainKey(last.stringValue.uppercased(), last.intValue)
            }
        },
        .init(name: "keyOptions(default)", counts: false) { e, _ in e.keyOptions = .init() },
        .init(name: "date.secondsSince1970", counts: false) { e, _ in e.dateEncodingStrategy = .secondsSince1970 },
        .init(name: "date.millisecondsSince1970", counts: false) { e, _ in e.dateEncodingStrategy = .millisecondsSince1970 },
        .init(name: "date.iso8601", counts: false) { e, _ in e.dateEncodingStrategy = .iso8601 },
        .init(name: "date.formatted(yyyy-MM-dd)", counts: false) { e, _ in e.dateEncodingStrategy = .formatted(dayFormatter()) },
        .init(name: "date.custom(counted)", counts: true) { e, counter in
            e.dateEncodingStrategy = .custom { date, encoder in
                counter.bump()
                var container = encoder.singleValueContainer()
                try container.encode("t=\(date.timeIntervalSince1970)")
            }
        },
        .init(name: "date.custom(writes nothing)", counts: false) { e, _ in e.dateEncodingStrategy = .custom { _, _ in } },
        .init(name: "data.deferredToData", counts: false) { e, _ in e.dataEncodingStrategy = .deferredToData },
        .init(name: "data.custom(counted)", counts: true) { e, counter in
            e.dataEncodingStrategy = .custom { data, encoder in
                counter.bump()
                var container = encoder.unkeyedContainer()
                try container.encode(data.count)
                try container.encode(String(decoding: data, as: UTF8.self))
            }
        },
        .init(name: "float.convertToString", counts: false) { e, _ in
            e.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        },
        .init(name: "userInfo", counts: false) { e, _ in e.userInfo = [testUserInfoKey: "value"] },
        .init(name: "combined(sorted, snake, iso8601, deferredToData, convertToString)", counts: false) { e, _ in
            e.outputFormatting = .sortedKeys
            e.keyEncodingStrategy = .convertToSnakeCase
            e.dateEncodingStrategy = .iso8601
            e.dataEncodingStrategy = .deferredToData
            e.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+∞", negativeInfinity: "-∞", nan: "NaN")
        },
    ]
}

// MARK: - Outcomes

func describeKey(_ key: any CodingKey) -> String {
    "\(String(reflecting: key.stringValue))/\(key.intValue.map(String.init) ?? "nil")"
}

func describePath(_ path: [any CodingKey]) -> String {
    "[" + path.map(describeKey).joined(separator: ", ") + "]"
}

/// Everything a caller can see of an error: case, type or key, coding path (string and int values of
/// each key), debugDescription, underlying error.
func describe(_ error: any Error) -> String {
    if let error = error as? DecodingError {
        func context(_ c: DecodingError.Context) -> String {
            "path \(describePath(c.codingPath)) debugDescription \(String(reflecting: c.debugDescription))"
                + " underlying \(c.underlyingError.map { String(reflecting: $0) } ?? "nil")"
        }
        switch error {
        case .typeMismatch(let type, let c): return "DecodingError.typeMismatch(\(type)) \(context(c))"
        case .valueNotFound(let type, let c): return "DecodingError.valueNotFound(\(type)) \(context(c))"
        case .keyNotFound(let key, let c): return "DecodingError.keyNotFound(\(describeKey(key))) \(context(c))"
        case .dataCorrupted(let c): return "DecodingError.dataCorrupted \(context(c))"
        @unknown default: return "DecodingError \(String(reflecting: error))"
        }
    }
    if let error = error as? EncodingError {
        switch error {
        case .invalidValue(let value, let c):
            return "EncodingError.invalidValue(\(type(of: value)): \(String(reflecting: value))) path \(describePath(c.codingPath))"
                + " debugDescription \(String(reflecting: c.debugDescription))"
                + " underlying \(c.underlyingError.map { String(reflecting: $0) } ?? "nil")"
        @unknown default: return "EncodingError \(String(reflecting: error))"
        }
    }
    return "\(type(of: error)): \(String(reflecting: error))"
}

enum Outcome<T> {
    case value(T)
    case failure(String)

    var failureText: String? {
        if case .failure(let text) = self { return text }
        return nil
    }
}

func outcome<T>(_ body: () throws -> T) -> Outcome<T> {
    do { return .value(try body()) } catch { return .failure(describe(error)) }
}

/// Records an issue, labelled `label`, unless the generated path's outcome and the Codable path's are
/// the same value (a NaN matching a NaN) or the same error.
func expectSameOutcome<T: Equatable>(_ generated: Outcome<T>, _ codable: Outcome<T>, _ label: String,
                                     sourceLocation: SourceLocation = #_sourceLocation) {
    switch (generated, codable) {
    case (.value(let a), .value(let b)):
        #expect(sameValue(a, b), "\(label)", sourceLocation: sourceLocation)
    case (.failure(let a), .failure(let b)):
        #expect(a == b, "\(label)", sourceLocation: sourceLocation)
    default:
        Issue.record("\(label): generated \(generated), Codable \(codable)", sourceLocation: sourceLocation)
    }
}

/// Equal values, or values that both hold a NaN (not equal to themselves) and are equal when NaN is
/// taken to equal NaN.
func sameValue<T: Equatable>(_ a: T, _ b: T) -> Bool {
    if a == b { return true }
    return a != a && b != b && deepEqual(a, b)
}

/// Structural equality by reflection in which NaN equals NaN: dictionaries and sets compared without
/// regard to order, every other value child by child, leaves through `AnyHashable`.
func deepEqual(_ a: Any, _ b: Any) -> Bool {
    if let x = a as? Double, let y = b as? Double { return x == y || (x.isNaN && y.isNaN) }
    if let x = a as? Float, let y = b as? Float { return x == y || (x.isNaN && y.isNaN) }
    if let x = a as? AnyHashable, let y = b as? AnyHashable, x == y { return true }
    guard type(of: a) == type(of: b) else { return false }
    let left = Mirror(reflecting: a)
    let right = Mirror(reflecting: b)
    guard left.displayStyle == right.displayStyle, left.children.count == right.children.count else { return false }
    if left.children.isEmpty {
        // A payload-free enum case: its name; an empty collection or `nil`: equal; a leaf that
        // `AnyHashable` found unequal: unequal.
        if left.displayStyle == .enum { return String(describing: a) == String(describing: b) }
        return left.displayStyle != nil
    }
    switch left.displayStyle {
    case .dictionary?, .set?:
        var unmatched = Array(right.children.map(\.value))
        for child in left.children {
            guard let index = unmatched.firstIndex(where: { deepEqual(child.value, $0) }) else { return false }
            unmatched.remove(at: index)
        }
        return true
    default:
        return zip(left.children, right.children).allSatisfy { $0.label == $1.label && deepEqual($0.value, $1.value) }
    }
}

func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

// MARK: - Tallies

/// Counts cases and collects mismatches of one run.
final class Tally: @unchecked Sendable {
    var decodeCases = 0
    var encodeCases = 0
    var roundTrips = 0
    var mismatches: [String] = []

    func mismatch(_ message: String) {
        mismatches.append(message)
    }
}

/// Totals across the parallel test cases, printed as each finishes.
let totals = Mutex((types: 0, decode: 0, encode: 0, roundTrip: 0, mismatches: 0))
