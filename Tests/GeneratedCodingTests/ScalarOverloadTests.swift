import Foundation
@_spi(GeneratedPathTesting) import TapeJSON
import TapeJSONMacros
import Testing

// The concrete overloads the generated path and hand-written conformances call for the common
// scalars and arrays of them (`decode(_:)` and `value(as:)` of `TapeJSONValueDecoder`; `[String]`,
// `[Int]`, `[Double]` and their optionals of `TapeJSONObjectDecoder`): the same values and errors as
// the Codable path, under the strategies that change how a scalar is read.

@TapeJSONCodable
struct ScalarArrays: Codable, Equatable, Sendable {
    var names: [String]
    var counts: [Int]
    var weights: [Double]
    var tags: [String]?
    var ids: [Int]?
    var scores: [Double]?
}

/// A value whose generated-path conformance reads its one scalar with the concrete overloads, the
/// form chosen by the test (the Codable conformance reads the same form through a single-value
/// container).
struct OneScalar<Form: ScalarForm>: Codable, Equatable, Sendable, TapeJSONDecodable {
    var value: Form.Value

    init(from decoder: any Decoder) throws {
        value = try Form.codable(decoder.singleValueContainer())
    }

    init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        value = try Form.generated(decoder)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try Form.encode(value, &container)
    }

    static func == (a: Self, b: Self) -> Bool { sameValue(a.value, b.value) }
}

protocol ScalarForm: Sendable {
    associatedtype Value: Codable & Equatable & Sendable
    static func codable(_ container: any SingleValueDecodingContainer) throws -> Value
    static func generated(_ decoder: TapeJSONValueDecoder) throws -> Value
}

extension ScalarForm {
    static func encode(_ value: Value, _ container: inout any SingleValueEncodingContainer) throws {
        try container.encode(value)
    }
}

enum StringForm: ScalarForm {
    static func codable(_ c: any SingleValueDecodingContainer) throws -> String { try c.decode(String.self) }
    static func generated(_ d: TapeJSONValueDecoder) throws -> String { try d.decode(String.self) }
}

enum IntForm: ScalarForm {
    static func codable(_ c: any SingleValueDecodingContainer) throws -> Int { try c.decode(Int.self) }
    static func generated(_ d: TapeJSONValueDecoder) throws -> Int { try d.decode(Int.self) }
}

enum Int64Form: ScalarForm {
    static func codable(_ c: any SingleValueDecodingContainer) throws -> Int64 { try c.decode(Int64.self) }
    static func generated(_ d: TapeJSONValueDecoder) throws -> Int64 { try d.decode(Int64.self) }
}

enum DoubleForm: ScalarForm {
    static func codable(_ c: any SingleValueDecodingContainer) throws -> Double { try c.decode(Double.self) }
    static func generated(_ d: TapeJSONValueDecoder) throws -> Double { try d.decode(Double.self) }
}

enum BoolForm: ScalarForm {
    static func codable(_ c: any SingleValueDecodingContainer) throws -> Bool { try c.decode(Bool.self) }
    static func generated(_ d: TapeJSONValueDecoder) throws -> Bool { try d.decode(Bool.self) }
}

/// The `try?` trials of a conformance that takes several types, through `value(as:)`: the first
/// type the value is, in the order string, Int64, Int, Double, Bool.
enum TrialForm: ScalarForm {
    static func codable(_ c: any SingleValueDecodingContainer) throws -> String {
        if let v = try? c.decode(String.self) { return "string \(v)" }
        if let v = try? c.decode(Int64.self) { return "int64 \(v)" }
        if let v = try? c.decode(Int.self) { return "int \(v)" }
        if let v = try? c.decode(Double.self) { return "double \(v)" }
        if let v = try? c.decode(Bool.self) { return "bool \(v)" }
        return "none"
    }

    static func generated(_ d: TapeJSONValueDecoder) throws -> String {
        if let v = d.value(as: String.self) { return "string \(v)" }
        if let v = d.value(as: Int64.self) { return "int64 \(v)" }
        if let v = d.value(as: Int.self) { return "int \(v)" }
        if let v = d.value(as: Double.self) { return "double \(v)" }
        if let v = d.value(as: Bool.self) { return "bool \(v)" }
        return "none"
    }
}

/// Each integer overload of `TapeJSONObjectDecoder.decode(_:forKey:named:)`, plain and optional (`Int64`
/// and `UInt64` have readers of their own, apart from `Int`'s and `UInt`'s).
@TapeJSONCodable
struct IntegerMembers: Codable, Equatable {
    var int: Int
    var int64: Int64
    var int32: Int32
    var uInt: UInt
    var uInt64: UInt64
    var uInt32: UInt32
    var optionalInt: Int?
    var optionalInt64: Int64?
    var optionalUInt: UInt?
    var optionalUInt64: UInt64?

    static let names = ["int", "int64", "int32", "uInt", "uInt64", "uInt32",
                        "optionalInt", "optionalInt64", "optionalUInt", "optionalUInt64"]

    /// A document with `literal` for the member `name` and 1 for the others (`name` absent when
    /// `literal` is nil).
    static func document(_ literal: String?, at name: String) -> String {
        "{" + names.compactMap { $0 == name ? literal.map { "\"\(name)\":\($0)" } : "\"\($0)\":1" }
            .joined(separator: ",") + "}"
    }
}

@Suite struct ScalarOverloadTests {
    static let scalars = [
        #""text""#, #""\u00e9\n""#, "0", "-7", "42", "9223372036854775807", "9223372036854775808",
        "-9223372036854775809", "1.5", "1e3", "-0.0", "1e400", "true", "false", "null", #""NaN""#,
        #""Infinity""#, #""-Infinity""#, "[]", "{}", "[1]",
    ]

    /// The decoder settings that change how a scalar is read.
    static func decoders(generated: Bool) -> [(String, TapeJSONDecoder)] {
        let plain = TapeJSONDecoder()
        let floats = TapeJSONDecoder()
        floats.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "Infinity",
                                                                       negativeInfinity: "-Infinity", nan: "NaN")
        return [("default", plain), ("convertFromString floats", floats)].map { name, decoder in
            decoder.takesGeneratedPaths = generated
            return (name, decoder)
        }
    }

    func compare<T: Decodable & Equatable>(_ type: T.Type, _ document: String,
                                           sourceLocation: SourceLocation = #_sourceLocation) {
        let data = Data(document.utf8)
        for ((name, generated), (_, codable)) in zip(Self.decoders(generated: true), Self.decoders(generated: false)) {
            let ours = outcome { try generated.decode(T.self, from: data) }
            let theirs = outcome { try codable.decode(T.self, from: data) }
            expectSameOutcome(ours, theirs, "\(T.self), \(name): \(document)", sourceLocation: sourceLocation)
        }
    }

    @Test func singleValueForms() {
        for scalar in Self.scalars {
            // At the root, and below a key and an index (the coding path of an error).
            for document in [scalar, #"{"v":\#(scalar)}"#, "[\(scalar)]"] {
                compare(OneScalar<StringForm>.self, document)
                compare(OneScalar<IntForm>.self, document)
                compare(OneScalar<Int64Form>.self, document)
                compare(OneScalar<DoubleForm>.self, document)
                compare(OneScalar<BoolForm>.self, document)
                compare(OneScalar<TrialForm>.self, document)
                compare([String: OneScalar<IntForm>].self, document)
                compare([OneScalar<StringForm>].self, document)
            }
        }
    }

    @Test func integerMembers() {
        let literals = Self.scalars + [
            "-1", "4294967295", "4294967296", "18446744073709551615", "18446744073709551616", "-0", "1.0",
            "-1.0", "2.5e1", "9007199254740993", "1e19", "-9223372036854775808", "1e-400", "123456789012345678901234",
        ]
        for name in IntegerMembers.names {
            // Each overload's value or error (case and coding path), also inside an array.
            compare(IntegerMembers.self, IntegerMembers.document(nil, at: name))
            for literal in literals {
                compare(IntegerMembers.self, IntegerMembers.document(literal, at: name))
                compare([IntegerMembers].self, "[\(IntegerMembers.document("2", at: name)),\(IntegerMembers.document(literal, at: name))]")
            }
        }
    }

    @Test func scalarArrayMembers() {
        let full = #""names":["a","b"],"counts":[1,2],"weights":[0.5,1]"#
        let documents = [
            "{\(full)}",
            "{\(full),\"tags\":[],\"ids\":[3],\"scores\":[2.5,-1]}",
            "{\(full),\"tags\":null,\"ids\":null,\"scores\":null}",
            #"{"names":[],"counts":[],"weights":[]}"#,
            #"{"names":["a",1],"counts":[1,2],"weights":[0.5]}"#,
            #"{"names":["a"],"counts":[1,2.5],"weights":[0.5]}"#,
            #"{"names":["a"],"counts":[1,9223372036854775808],"weights":[0.5]}"#,
            #"{"names":["a"],"counts":[1],"weights":[0.5,"NaN",true]}"#,
            #"{"names":["a"],"counts":[1],"weights":["Infinity"]}"#,
            #"{"names":["a"],"counts":[1],"weights":[1e400]}"#,
            #"{"names":"a","counts":[1],"weights":[0.5]}"#,
            #"{"names":null,"counts":[1],"weights":[0.5]}"#,
            #"{"counts":[1],"weights":[0.5]}"#,
            "{\(full),\"tags\":[null]}",
            "{\(full),\"ids\":{\"a\":1}}",
            "{\(full),\"scores\":[[1]]}",
            #"[]"#,
        ]
        for document in documents {
            compare(ScalarArrays.self, document)
            compare([ScalarArrays].self, "[\(document)]")
        }
    }
}
