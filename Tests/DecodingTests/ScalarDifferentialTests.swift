import Foundation
import Testing

@testable import TapeJSON

/// A keyed wrapper, to decode a scalar through `decode(_:forKey:)` / `decodeIfPresent(_:forKey:)`.
struct Box<T: Decodable & Equatable>: Decodable, Equatable {
    var value: T
}

/// Every scalar type the containers have a method for.
enum ScalarType: String, CaseIterable, Sendable {
    case bool, string, double, float
    case int, int8, int16, int32, int64, int128
    case uint, uint8, uint16, uint32, uint64, uint128

    /// Decodes `literal` as this type at the top level, inside an array, under a key, and as an
    /// optional under a key, with both decoders.
    func expectSameDecodings(of literal: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        switch self {
        case .bool: expectAllPositions(Bool.self, literal, sourceLocation)
        case .string: expectAllPositions(String.self, literal, sourceLocation)
        case .double: expectAllPositions(Double.self, literal, sourceLocation)
        case .float: expectAllPositions(Float.self, literal, sourceLocation)
        case .int: expectAllPositions(Int.self, literal, sourceLocation)
        case .int8: expectAllPositions(Int8.self, literal, sourceLocation)
        case .int16: expectAllPositions(Int16.self, literal, sourceLocation)
        case .int32: expectAllPositions(Int32.self, literal, sourceLocation)
        case .int64: expectAllPositions(Int64.self, literal, sourceLocation)
        case .int128: expectAllPositions(Int128.self, literal, sourceLocation)
        case .uint: expectAllPositions(UInt.self, literal, sourceLocation)
        case .uint8: expectAllPositions(UInt8.self, literal, sourceLocation)
        case .uint16: expectAllPositions(UInt16.self, literal, sourceLocation)
        case .uint32: expectAllPositions(UInt32.self, literal, sourceLocation)
        case .uint64: expectAllPositions(UInt64.self, literal, sourceLocation)
        case .uint128: expectAllPositions(UInt128.self, literal, sourceLocation)
        }
    }
}

private func expectAllPositions<T: Decodable & Equatable>(_ type: T.Type, _ literal: String,
                                                           _ sourceLocation: Testing.SourceLocation) {
    expectSameDecoding(T.self, json: literal, notFitPath: [], sourceLocation: sourceLocation)
    expectSameDecoding([T].self, json: "[\(literal)]", notFitPath: ["Index 0#0"], sourceLocation: sourceLocation)
    expectSameDecoding([T?].self, json: "[\(literal)]", notFitPath: ["Index 0#0"], sourceLocation: sourceLocation)
    expectSameDecoding(Box<T>.self, json: #"{"value": \#(literal)}"#, notFitPath: ["value"],
                       sourceLocation: sourceLocation)
    expectSameDecoding(Box<T?>.self, json: #"{"value": \#(literal)}"#, notFitPath: ["value"],
                       sourceLocation: sourceLocation)
}

@Suite("Scalars, compared with Foundation's JSONDecoder")
struct ScalarDifferentialTests {
    // MARK: - Numbers

    /// Integers at each type's limits and one past them, zero, fractions, exponents and non-numbers.
    static let numberLiterals = [
        "0", "-0", "1", "-1", "127", "128", "-128", "-129", "255", "256", "32767", "32768", "-32769",
        "65535", "65536", "2147483647", "2147483648", "-2147483649", "4294967295", "4294967296",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "18446744073709551615",
        "1.0", "1.5", "-1.5", "-0.0", "1e2", "1E2", "1e-2", "2.5e1", "1e18", "1e19",
        "3.4028235e38", "1e39", "1e-50", "1.7976931348623157e308", "4.9e-324",
        #""1""#, "true", "null", "[]", "{}",
    ]

    /// Every number type with every literal, except 3.4e38 for 128-bit integers: it fits them, but
    /// Foundation's Decimal path says it does not (deliberate difference 5 in the README, tested on its own).
    static let numberCases: [(ScalarType, String)] = ScalarType.allCases
        .filter { $0 != .string && $0 != .bool }
        .flatMap { type in numberLiterals.map { (type, $0) } }
        .filter { !($0.1 == "3.4028235e38" && ($0.0 == .int128 || $0.0 == .uint128)) }

    @Test("numbers", arguments: numberCases)
    func numbers(type: ScalarType, literal: String) {
        type.expectSameDecodings(of: literal)
    }

    @Test("Bool", arguments: ["true", "false", "null", "0", "1", #""true""#, "[]", "{}"])
    func bool(literal: String) {
        ScalarType.bool.expectSameDecodings(of: literal)
    }

    // MARK: - Strings

    @Test("strings, escapes and surrogate pairs", arguments: [
        #""""#, #""plain""#, #""\n\t\r\b\f\\\/\"""#, #""\u00e9t\u00E9""#, #""été""#,
        #""\ud83d\ude00 grin""#, #""😀""#, #""\u0000nul""#, #""\u2028\u2029""#, #""\uffff""#,
        #""\ud834\udd1e clef""#, #""日本語のテキスト""#, #""a much longer string that does not fit in a small string""#,
        "0", "true", "null", "[]", "{}",
    ])
    func strings(literal: String) {
        ScalarType.string.expectSameDecodings(of: literal)
    }

    // MARK: - Non-conforming floats

    @Test("non-conforming floats from strings", arguments: [#""+Inf""#, #""-Inf""#, #""NaN""#, #""nan""#, "1.5"])
    func nonConformingFloats(literal: String) throws {
        var setup = Setup()
        setup.nonConformingFloats = ("+Inf", "-Inf", "NaN")
        let json = "[\(literal)]"
        let foundation = Result { try setup.foundation().decode([Double].self, from: Data(json.utf8)) }
        let tape = Result { try setup.tape().decode([Double].self, from: Data(json.utf8)) }
        switch (foundation, tape) {
        case (.success(let a), .success(let b)):
            #expect(a.count == b.count)
            #expect(a[0].isNaN == b[0].isNaN)
            if !a[0].isNaN { #expect(a[0] == b[0]) }
        case (.failure(let a), .failure(let b)):
            #expect(ErrorSummary(a) == ErrorSummary(b))
        default:
            Issue.record("\(foundation) vs \(tape)")
        }
        let floats = Result { try setup.tape().decode([Float].self, from: Data(json.utf8)) }
        if case .success(let values) = floats, literal == #""-Inf""# { #expect(values == [-.infinity]) }
    }

    @Test("non-conforming strings throw without the strategy")
    func nonConformingWithoutStrategy() {
        expectSameDecoding([Double].self, json: #"["NaN"]"#)
        expectSameDecoding(Box<Float>.self, json: #"{"value":"+Inf"}"#)
    }
}
