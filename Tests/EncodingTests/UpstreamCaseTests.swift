import Foundation
import TapeJSON
import Testing

// The encoding cases of swift-foundation's Tests/FoundationEssentialsTests/JSONEncoderTests.swift
// (swiftlang/swift-foundation on GitHub), covered by this project's own tests: the inputs are theirs,
// the expectations are Foundation's actual output on this platform (differential) unless noted.

/// A key given at run time (upstream's EncodeMe); also used by UpstreamValueCaseTests.
struct DynamicKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// One member whose key is given at run time.
struct OneKey: Encodable {
    var keyName: String
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: DynamicKey.self)
        try c.encode("test", forKey: DynamicKey(stringValue: keyName))
    }
}

@Suite struct UpstreamCaseTests {
    /// encodingKeyStrategySnake: their table of keys.
    @Test func snakeCaseTable() throws {
        let pairs = [
            ("simpleOneTwo", "simple_one_two"), ("myURL", "my_url"), ("singleCharacterAtEndX", "single_character_at_end_x"),
            ("thisIsAnXMLProperty", "this_is_an_xml_property"), ("single", "single"), ("", ""), ("a", "a"), ("aA", "a_a"),
            ("version4Thing", "version4_thing"), ("partCAPS", "part_caps"), ("partCAPSLowerAGAIN", "part_caps_lower_again"),
            ("manyWordsInThisThing", "many_words_in_this_thing"), ("asdfĆqer", "asdf_ćqer"),
            ("already_snake_case", "already_snake_case"), ("dataPoint22", "data_point22"), ("dataPoint22Word", "data_point22_word"),
            ("_oneTwoThree", "_one_two_three"), ("oneTwoThree_", "one_two_three_"), ("__oneTwoThree", "__one_two_three"),
            ("oneTwoThree__", "one_two_three__"), ("_oneTwoThree_", "_one_two_three_"), ("__oneTwoThree__", "__one_two_three__"),
            ("_test", "_test"), ("_test_", "_test_"), ("__test", "__test"), ("test__", "test__"),
            ("m͉̟̹y̦̳G͍͚͎̳r̤͉̤͕ͅea̲͕t͇̥̼͖U͇̝̠R͙̻̥͓̣L̥̖͎͓̪̫ͅR̩͖̩eq͈͓u̞e̱s̙t̤̺ͅ", "m͉̟̹y̦̳_g͍͚͎̳r̤͉̤͕ͅea̲͕t͇̥̼͖_u͇̝̠r͙̻̥͓̣l̥̖͎͓̪̫ͅ_r̩͖̩eq͈͓u̞e̱s̙t̤̺ͅ"), ("🐧🐟", "🐧🐟"),
        ]
        let encoder = TapeJSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let settings = EncoderSettings(keys: .convertToSnakeCase, tapeKeys: .convertToSnakeCase)
        for (key, snake) in pairs {
            #expect(String(decoding: try encoder.encode(OneKey(keyName: key)), as: UTF8.self) == "{\"\(snake)\":\"test\"}")
            expectSameAsFoundation(OneKey(keyName: key), settings)
        }
    }

    /// keyStrategyDuplicateKeys: every key converted to one; the value encoded last is kept.
    @Test func customKeysThatCollide() throws {
        struct Two: Encodable {
            enum CodingKeys: String, CodingKey { case oneTwo, oneTwoThree }
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                try c.encode("test", forKey: .oneTwo)
                try c.encode("test2", forKey: .oneTwoThree)
            }
        }
        let same: @Sendable ([any CodingKey]) -> any CodingKey = { _ in DynamicKey(stringValue: "oneTwo") }
        let encoder = TapeJSONEncoder()
        encoder.keyEncodingStrategy = .custom(same)
        #expect(String(decoding: try encoder.encode(Two()), as: UTF8.self) == #"{"oneTwo":"test2"}"#)
        expectSameAsFoundation(Two(), EncoderSettings(formatting: [], keys: .custom(same), tapeKeys: .custom(same)))
    }

    /// encodingConflictedTypeNestedContainersWithTheSameTopLevelKey: Foundation stops the process;
    /// TapeJSON throws.
    @Test func conflictingNestedContainersForOneKey() {
        struct Model: Encodable {
            enum Top: String, CodingKey { case top }
            enum Nested: String, CodingKey { case first }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Top.self)
                var first = container.nestedContainer(keyedBy: Nested.self, forKey: .top)
                try first.encode("Johnny Appleseed", forKey: .first)
                var second = container.nestedUnkeyedContainer(forKey: .top)
                try second.encode("second")
            }
        }
        #expect(throws: EncodingError.self) { try TapeJSONEncoder().encode(Model()) }
    }

    /// directlyEncodedArrays, with and without pretty printing.
    @Test func directlyEncodedArrays() {
        struct Arrays: Codable { let integers: [Int]; let doubles: [Double]; let strings: [String] }
        let value = Arrays(integers: [.min, 0, 42, .max], doubles: [42.0, 3.14, .infinity, -.infinity],
                           strings: ["Hello", "World", "true", "0\n1", "\u{0008}"])
        let floats = JSONEncoder.NonConformingFloatEncodingStrategy.convertToString(positiveInfinity: "INF", negativeInfinity: "-INF", nan: "NaN")
        let tapeFloats = TapeJSONEncoder.NonConformingFloatEncodingStrategy.convertToString(positiveInfinity: "INF", negativeInfinity: "-INF", nan: "NaN")
        for formatting in [JSONEncoder.OutputFormatting.sortedKeys, [.sortedKeys, .prettyPrinted]] {
            expectSameAsFoundation(value, EncoderSettings(formatting: formatting, floats: floats, tapeFloats: tapeFloats))
        }
        expectSameAsFoundation(value)   // .throw: the error and its path
    }

    /// encoderStateThrowOnEncode (and a custom date strategy that throws): a super encoder with a
    /// container whose value throws. The date and data variants whose closures open a container
    /// before throwing are in UpstreamContainerCaseTests.
    @Test func superEncoderWhoseValueThrows() {
        expectSameAsFoundation(SuperEncoderWrapper(value: [Float.infinity]))
        expectSameAsFoundation(SuperEncoderWrapper(value: [Float(1)]))
        let throwing: @Sendable (Date, any Encoder) throws -> Void = { _, _ in throw CocoaError(.coderInvalidValue) }
        #expect(throws: CocoaError.self) {
            let encoder = TapeJSONEncoder()
            encoder.dateEncodingStrategy = .custom(throwing)
            _ = try encoder.encode(SuperEncoderWrapper(value: [Date()]))
        }
    }

    /// infiniteDate: every numeric date strategy throws.
    @Test func infiniteDates() {
        let date = Date(timeIntervalSince1970: .infinity)
        for (foundation, tape) in [(JSONEncoder.DateEncodingStrategy.deferredToDate, TapeJSONEncoder.DateEncodingStrategy.deferredToDate),
                                   (.secondsSince1970, .secondsSince1970), (.millisecondsSince1970, .millisecondsSince1970)] {
            expectSameAsFoundation([date], EncoderSettings(dates: foundation, tapeDates: tape))
        }
    }

    /// Top-level values of every shape (encodingTopLevel…), nullable types, escapes of slashes,
    /// control characters and Unicode (jsonEscapedSlashes, jsonControlCharacters, jsonUnicodeCharacters,
    /// nullByte), extreme values and Int128/UInt128 (roundTrippingExtremeValues, roundTrippingInt128).
    @Test func topLevelShapesAndEscapes() {
        expectSameAsFoundation(EncodesNothing())
        expectSameAsFoundation(Point(x: 1, y: 2))
        expectSameAsFoundation(Optional<Point>.none)
        expectSameAsFoundation([1, 2, 3])
        expectSameAsFoundation(Dog())
        expectSameAsFoundation("\\/")
        expectSameAsFoundation("/", EncoderSettings(formatting: [.sortedKeys, .withoutEscapingSlashes]))
        expectSameAsFoundation(["\u{0}\u{1}\u{1F}\u{7F}", "\u{0}x", "é", "\u{10FFFF}", "\u{FFFD}"])
        expectSameAsFoundation([Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude, Double.leastNonzeroMagnitude])
        expectSameAsFoundation([Int128.max, Int128.min, 0, 1 << 64, -(1 << 64)])
        expectSameAsFoundation([UInt128.max, 1 << 64, 0])
    }
}
