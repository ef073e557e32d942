import Foundation
import TapeJSON
import Testing

// More encoding cases of swift-foundation's Tests/FoundationEssentialsTests/JSONEncoderTests.swift
// (swiftlang/swift-foundation on GitHub): top-level values with a configuration, empty types, the
// locale, sorted keys, the key strategies' paths, and numbers that must round-trip. The facts
// (inputs and expected output) are theirs; the code is this project's.

/// encodingTopLevelWithConfiguration: a value written through `encode(to:configuration:)` as its
/// number plus the configuration's, read back by subtracting it.
private struct Shifted: EncodableWithConfiguration, DecodableWithConfiguration, Equatable {
    struct Shift: Sendable { let by: Int }
    struct DefaultShift: EncodingConfigurationProviding, DecodingConfigurationProviding {
        static var encodingConfiguration: Shift { Shift(by: 2) }
        static var decodingConfiguration: Shift { Shift(by: 2) }
    }
    let num: Int

    init(_ num: Int) { self.num = num }

    func encode(to encoder: any Encoder, configuration: Shift) throws {
        var container = encoder.singleValueContainer()
        try container.encode(num + configuration.by)
    }

    init(from decoder: any Decoder, configuration: Shift) throws {
        num = try decoder.singleValueContainer().decode(Int.self) - configuration.by
    }
}

/// A configured value with members (keys go through the key strategy) and one that writes nothing.
private struct ConfiguredRecord: EncodableWithConfiguration {
    enum CodingKeys: String, CodingKey { case recordName, values }
    let recordName: String
    func encode(to encoder: any Encoder, configuration: Int) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(recordName, forKey: .recordName)
        try c.encode([configuration, configuration * 2], forKey: .values)
    }
}

/// A configured value under key options (a key path) and one whose containers are used out of order
/// (a call TapeJSON hands to Foundation's encoder).
private struct ConfiguredPath: EncodableWithConfiguration {
    enum CodingKeys: String, CodingKey { case name = "datos.nombre", city = "datos.ciudad" }
    func encode(to encoder: any Encoder, configuration: String) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(configuration, forKey: .name)
        try c.encode("Madrid", forKey: .city)
    }
}

private struct ConfiguredOutOfOrder: EncodableWithConfiguration {
    enum CodingKeys: String, CodingKey { case a, b, c }
    func encode(to encoder: any Encoder, configuration: Int) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        var first = c.nestedContainer(keyedBy: CodingKeys.self, forKey: .a)
        var second = c.nestedUnkeyedContainer(forKey: .b)
        try first.encode(configuration, forKey: .c)
        try second.encode(configuration + 1)
        try first.encode(configuration + 2, forKey: .b)
    }
}

private struct ConfiguredNothing: EncodableWithConfiguration {
    func encode(to encoder: any Encoder, configuration: Int) throws {}
}

private struct EmptyStruct: Codable, Equatable {}

private final class EmptyClass: Codable, Equatable {
    static func == (lhs: EmptyClass, rhs: EmptyClass) -> Bool { true }
}

private struct Nested: Encodable { let nestedValue: OneKey }
private struct NestedNested: Encodable { let outerValue: Nested }

private struct Failing: Encodable { var someValue: Double }
private struct FailingNested: Encodable { var nestedValue: Failing }

/// keyStrategySnakeGeneratedAndCustom: one key with a raw value of its own, one generated.
private struct CustomAndGenerated: Codable, Equatable {
    var thisIsCamelCase: String
    var thisIsCamelCaseToo: String
    private enum CodingKeys: String, CodingKey {
        case thisIsCamelCase = "fooBar"
        case thisIsCamelCaseToo
    }
}

/// roundTrippingDoubleValues: Doubles at Float's and Double's limits, and Decimals with exponents to
/// -119 and up to 56 digits (Decimal keeps 38 of them).
private struct Numbers: Codable, Equatable {
    let doubles: [String: Double]
    let decimals: [String: Decimal]

    static let upstream = Numbers(
        doubles: [
            "-55.66": -55.66, "-9.81": -9.81, "-0.284": -0.284,
            "-3.4028234663852886e+38": Double(-Float.greatestFiniteMagnitude),
            "-1.1754943508222875e-38": Double(-Float.leastNormalMagnitude),
            "-1.7976931348623157e+308": -.greatestFiniteMagnitude,
            "-2.2250738585072014e-308": -.leastNormalMagnitude,
            "0.000001": 0.000001,
        ],
        decimals: Dictionary(uniqueKeysWithValues: [
            "1.234567891011121314", "-1.234567891011121314", "0.1234567891011121314", "-0.1234567891011121314",
            "123.4567891011121314e-100", "-123.4567891011121314e-100", "1234567891011121314e-100",
            "-1234567891011121314e-100", "0.1234567891011121314e-100", "-0.1234567891011121314e-100",
            "3.14159265358979323846264338327950288419", "2.71828182845904523536028747135266249775",
            "440474310512876335.18692524723746578303827301433673643795",
        ].map { ($0, Decimal(string: $0)!) })
    )
}

/// decodeIfPresent's encoding side: optionals of every scalar type written through a keyed or an
/// unkeyed container, with their nils (`encode`) or without them (`encodeIfPresent`, or skipped).
private struct Optionals: Encodable {
    let keyed: Bool
    let nulls: Bool
    let bool: Bool?, string: String?, i: Int?, i8: Int8?, i16: Int16?, i32: Int32?, i64: Int64?
    let u: UInt?, u8: UInt8?, u16: UInt16?, u32: UInt32?, u64: UInt64?, float: Float?, double: Double?, other: [Int]?

    enum CodingKeys: String, CodingKey { case bool, string, i, i8, i16, i32, i64, u, u8, u16, u32, u64, float, double, other }

    static func all(_ one: Bool, keyed: Bool, nulls: Bool) -> Optionals {
        one ? Optionals(keyed: keyed, nulls: nulls, bool: true, string: "1", i: 1, i8: 1, i16: 1, i32: 1, i64: 1, u: 1, u8: 1,
                        u16: 1, u32: 1, u64: 1, float: 1, double: 1, other: [1])
            : Optionals(keyed: keyed, nulls: nulls, bool: nil, string: nil, i: nil, i8: nil, i16: nil, i32: nil, i64: nil, u: nil,
                        u8: nil, u16: nil, u32: nil, u64: nil, float: nil, double: nil, other: nil)
    }

    func encode(to encoder: any Encoder) throws {
        let members: [(CodingKeys, any Encodable)?] = [
            bool.map { (.bool, $0) }, string.map { (.string, $0) }, i.map { (.i, $0) }, i8.map { (.i8, $0) },
            i16.map { (.i16, $0) }, i32.map { (.i32, $0) }, i64.map { (.i64, $0) }, u.map { (.u, $0) }, u8.map { (.u8, $0) },
            u16.map { (.u16, $0) }, u32.map { (.u32, $0) }, u64.map { (.u64, $0) }, float.map { (.float, $0) },
            double.map { (.double, $0) }, other.map { (.other, $0) },
        ]
        if keyed {
            var c = encoder.container(keyedBy: CodingKeys.self)
            for (key, member) in zip(CodingKeys.allKeys, members) {
                if let member { try c.encode(member.1, forKey: key) } else if nulls { try c.encodeNil(forKey: key) }
            }
            // And encodeIfPresent itself, for one member of each kind of container.
            try c.encodeIfPresent(nulls ? nil : double, forKey: .double)
        } else {
            var c = encoder.unkeyedContainer()
            for member in members {
                if let member { try c.encode(member.1) } else if nulls { try c.encodeNil() }
            }
        }
    }
}

extension Optionals.CodingKeys {
    fileprivate static let allKeys: [Self] = [.bool, .string, .i, .i8, .i16, .i32, .i64, .u, .u8, .u16, .u32, .u64, .float, .double, .other]
}

/// SR17581_codingEmptyDictionaryWithNonstringKeyDoesRoundtrip: a dictionary whose keys are neither
/// strings nor integers is written as an array of alternating keys and values, `[]` when empty.
private struct StructKeyed: Codable {
    struct Key: Codable, Hashable { var x: String }
    var dict: [Key: String]
}

/// issue106506794: a struct in a nested unkeyed container.
private struct Level1: Codable, Equatable {
    struct Level2: Codable, Equatable { let name: String }
    let level2: Level2
    enum CodingKeys: String, CodingKey { case level2 }
    init(level2: Level2) { self.level2 = level2 }
    func encode(to encoder: any Encoder) throws {
        var keyed = encoder.container(keyedBy: CodingKeys.self)
        var nested = keyed.nestedUnkeyedContainer(forKey: .level2)
        try nested.encode(level2)
    }
    init(from decoder: any Decoder) throws {
        var nested = try decoder.container(keyedBy: CodingKeys.self).nestedUnkeyedContainer(forKey: .level2)
        level2 = try nested.decode(Level2.self)
    }
}

/// Counts the calls of a custom key strategy and the paths it was given.
private final class KeyCalls: @unchecked Sendable {
    var paths: [[String]] = []
}

@Suite struct UpstreamValueCaseTests {
    /// encodingTopLevelWithConfiguration: `encode(_:configuration:)` with a configuration and with an
    /// `EncodingConfigurationProviding` type, read back with the decoder's counterparts; the same
    /// bytes as Foundation's.
    @Test func topLevelValueWithConfiguration() throws {
        let encoder = TapeJSONEncoder()
        let decoder = TapeJSONDecoder()
        let value = Shifted(3)

        let withValue = try encoder.encode(value, configuration: Shifted.Shift(by: 1))
        #expect(String(decoding: withValue, as: UTF8.self) == "4")
        #expect(withValue == (try JSONEncoder().encode(value, configuration: Shifted.Shift(by: 1))))
        #expect(try decoder.decode(Shifted.self, from: withValue, configuration: Shifted.Shift(by: 1)) == value)

        let withType = try encoder.encode(value, configuration: Shifted.DefaultShift.self)
        #expect(String(decoding: withType, as: UTF8.self) == "5")
        #expect(withType == (try JSONEncoder().encode(value, configuration: Shifted.DefaultShift.self)))
        #expect(try decoder.decode(Shifted.self, from: withType, configuration: Shifted.DefaultShift.self) == value)

        // The appending forms.
        var buffer = Array("[".utf8)
        try encoder.encode(value, configuration: Shifted.Shift(by: 10), into: &buffer)
        buffer.append(UInt8(ascii: ","))
        try encoder.encode(value, configuration: Shifted.DefaultShift.self, into: &buffer)
        buffer.append(UInt8(ascii: "]"))
        #expect(String(decoding: buffer, as: UTF8.self) == "[13,5]")
    }

    /// A configured value with members goes through the settings like any other; one that writes
    /// nothing throws Foundation's error, naming the value's type.
    @Test func configuredValuesUnderSettingsAndTheirErrors() throws {
        for formatting in EncoderSettings.allFormattings {
            let settings = EncoderSettings(formatting: formatting, keys: .convertToSnakeCase, tapeKeys: .convertToSnakeCase)
            let ours = EncodeOutcome { try settings.tape().encode(ConfiguredRecord(recordName: "a/b"), configuration: 3) }
            let reference = EncodeOutcome { try settings.foundation().encode(ConfiguredRecord(recordName: "a/b"), configuration: 3) }
            #expect(ours == reference)
        }
        let compact = String(decoding: try TapeJSONEncoder().encode(ConfiguredRecord(recordName: "r"), configuration: 3), as: UTF8.self)
        #expect(compact == #"{"recordName":"r","values":[3,6]}"#)

        let withOptions = TapeJSONEncoder()
        withOptions.keyOptions = .init()
        withOptions.outputFormatting = .sortedKeys
        #expect(String(decoding: try withOptions.encode(ConfiguredPath(), configuration: "Tienda"), as: UTF8.self)
                == #"{"datos":{"ciudad":"Madrid","nombre":"Tienda"}}"#)
        for formatting in EncoderSettings.allFormattings {
            let settings = EncoderSettings(formatting: formatting)
            let ours = EncodeOutcome { try settings.tape().encode(ConfiguredOutOfOrder(), configuration: 5) }
            #expect(ours == EncodeOutcome { try settings.foundation().encode(ConfiguredOutOfOrder(), configuration: 5) })
        }
        #expect(EncodeOutcome { try EncoderSettings().tape().encode(ConfiguredOutOfOrder(), configuration: 5) }
                == .bytes(#"{"a":{"b":7,"c":5},"b":[6]}"#))

        let ours = EncodeOutcome { try TapeJSONEncoder().encode(ConfiguredNothing(), configuration: 1) }
        let reference = EncodeOutcome { try JSONEncoder().encode(ConfiguredNothing(), configuration: 1) }
        #expect(ours == reference)
        #expect(ours == .error(kind: "invalidValue", path: [], message: "Top-level ConfiguredNothing did not encode any values."))
        do {
            var buffer = Array("kept".utf8)
            try TapeJSONEncoder().encode(ConfiguredNothing(), configuration: 1, into: &buffer)
            Issue.record("expected an EncodingError")
        } catch EncodingError.invalidValue(let value, _) {
            #expect(value is ConfiguredNothing)
        }
    }

    /// encodingTopLevelEmptyStruct and …EmptyClass: `{}`, read back.
    @Test func emptyStructAndClassAtTheTop() throws {
        #expect(String(decoding: try TapeJSONEncoder().encode(EmptyStruct()), as: UTF8.self) == "{}")
        #expect(String(decoding: try TapeJSONEncoder().encode(EmptyClass()), as: UTF8.self) == "{}")
        #expect(try TapeJSONDecoder().decode(EmptyStruct.self, from: TapeJSONEncoder().encode(EmptyStruct())) == EmptyStruct())
        #expect(try TapeJSONDecoder().decode(EmptyClass.self, from: TapeJSONEncoder().encode(EmptyClass())) == EmptyClass())
        for formatting in EncoderSettings.allFormattings {
            expectSameAsFoundation(EmptyStruct(), EncoderSettings(formatting: formatting))
            expectSameAsFoundation(EmptyClass(), EncoderSettings(formatting: formatting))
            expectSameAsFoundation([EmptyStruct()], EncoderSettings(formatting: formatting))
            expectSameAsFoundation(["e": EmptyClass()], EncoderSettings(formatting: formatting))
        }
    }

    /// localeDecimalPolicyIndependence: with a locale whose decimal separator is a comma, numbers
    /// are still written with a point, and read back. Run in a child process, which makes `fr_FR`
    /// with `localedef` in a temporary directory and sets it for the whole process (so that no other
    /// test sees it). The child's exit code says what failed: 3, the locale could not be made or
    /// set; 4 and 5, a number was written otherwise; 6, it was not read back.
    @Test func numbersIgnoreTheLocale() async {
        await #expect(processExitsWith: .success) {
            func check(localeDirectory directory: URL) throws -> Int32 {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                let localedef = Process()
                localedef.executableURL = URL(fileURLWithPath: "/usr/bin/localedef")
                localedef.arguments = ["-i", "fr_FR", "-f", "UTF-8", directory.appendingPathComponent("fr_FR.UTF-8").path]
                localedef.standardOutput = FileHandle.nullDevice
                localedef.standardError = FileHandle.nullDevice
                try localedef.run()
                localedef.waitUntilExit()
                setenv("LOCPATH", directory.path, 1)
                guard setlocale(LC_ALL, "fr_FR.UTF-8") != nil, let point = localeconv()?.pointee.decimal_point,
                      point.pointee == CChar(UInt8(ascii: ",")) else { return 3 }

                let original = ["decimalValue": 1.1]
                let written = try TapeJSONEncoder().encode(original)
                guard String(decoding: written, as: UTF8.self) == #"{"decimalValue":1.1}"# else { return 4 }
                let numbers: [Double] = [1.1, -0.284, 1e-7, 1e21, 0.000001, 5e-324]
                let expected = "[1.1,-0.284,1e-07,1e+21,1e-06,5e-324]"
                guard String(decoding: try TapeJSONEncoder().encode(numbers), as: UTF8.self) == expected,
                      String(decoding: try TapeJSONSerialization.data(withJSONObject: numbers), as: UTF8.self) == expected,
                      String(decoding: try TapeJSONEncoder().encode([Float(0.1), 2.5]), as: UTF8.self) == "[0.1,2.5]",
                      String(decoding: try TapeJSONEncoder().encode([Decimal(string: "3.25")!]), as: UTF8.self) == "[3.25]"
                else { return 5 }
                guard try TapeJSONDecoder().decode([String: Double].self, from: written) == original else { return 6 }
                setlocale(LC_ALL, "C")
                guard try JSONDecoder().decode([String: Double].self, from: written) == original else { return 6 }
                return 0
            }
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tapejson-locale-\(getpid())")
            let code = (try? check(localeDirectory: directory)) ?? 3
            try? FileManager.default.removeItem(at: directory)
            exit(code)
        }
    }

    /// encodingSortedKeys: keys that differ in case, digits and a non-ASCII letter, sorted as
    /// Foundation's JSONEncoder sorts them (by their bytes).
    @Test func sortedKeysOfMixedCaseDigitsAndNonASCII() throws {
        let dictionary = ["Foo": 1, "FOO": 2, "foo": 3, "foo1": 4, "Foo2": 5, "foo3": 6, "foo12": 7, "Foo11": 8, "føo": 9, "bar": 10]
        let encoder = TapeJSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(dictionary), as: UTF8.self)
                == #"{"FOO":2,"Foo":1,"Foo11":8,"Foo2":5,"bar":10,"foo":3,"foo1":4,"foo12":7,"foo3":6,"føo":9}"#)
        #expect(try TapeJSONDecoder().decode([String: Int].self, from: encoder.encode(dictionary)) == dictionary)
        for formatting in EncoderSettings.allFormattings {
            expectSameAsFoundation(dictionary, EncoderSettings(formatting: formatting))
        }
    }

    /// encodingSortedKeysStableOrdering: "AAA" before "AAAAAAB" alone and among 256 more keys inserted
    /// in a shuffled order.
    @Test func sortedKeysOfSharedPrefixesAmongManyKeys() throws {
        let encoder = TapeJSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var dictionary = ["AAA": 1, "AAAAAAB": 2]
        #expect(String(decoding: try encoder.encode(dictionary), as: UTF8.self) == #"{"AAA":1,"AAAAAAB":2}"#)
        expectSameAsFoundation(dictionary)
        for n in (0..<256).shuffled() { dictionary["key\(n)"] = n }
        let members = (0..<256).map(String.init).sorted().map { #","key\#($0)":\#($0)"# }.joined()
        let expected = #"{"AAA":1,"AAAAAAB":2"# + members + "}"
        #expect(String(decoding: try encoder.encode(dictionary), as: UTF8.self) == expected)
        for formatting in EncoderSettings.allFormattings {
            expectSameAsFoundation(dictionary, EncoderSettings(formatting: formatting))
        }
    }

    /// encodingKeyStrategyPath: a custom strategy is called once per key, with the path of Swift
    /// keys (not the converted ones) down to it.
    @Test func customKeyStrategySeesTheSwiftPath() throws {
        let value = NestedNested(outerValue: Nested(nestedValue: OneKey(keyName: "helloWorld")))
        func strategy(_ calls: KeyCalls) -> @Sendable ([any CodingKey]) -> any CodingKey {
            { path in
                calls.paths.append(path.map(\.stringValue))
                return DynamicKey(stringValue: "QQQ" + path.last!.stringValue)
            }
        }
        let expectedPaths = [["outerValue"], ["outerValue", "nestedValue"], ["outerValue", "nestedValue", "helloWorld"]]
        let expected = #"{"QQQouterValue":{"QQQnestedValue":{"QQQhelloWorld":"test"}}}"#

        let ours = KeyCalls()
        let encoder = TapeJSONEncoder()
        encoder.keyEncodingStrategy = .custom(strategy(ours))
        #expect(String(decoding: try encoder.encode(value), as: UTF8.self) == expected)
        #expect(ours.paths == expectedPaths)
        #expect(ours.paths.count == 3)

        let theirs = KeyCalls()
        let foundation = JSONEncoder()
        foundation.keyEncodingStrategy = .custom(strategy(theirs))
        #expect(String(decoding: try foundation.encode(value), as: UTF8.self) == expected)
        // Foundation converts the innermost key first; the same three calls.
        #expect(theirs.paths.sorted { $0.count < $1.count } == expectedPaths)

        // A second call asks again: nothing is remembered across calls.
        _ = try encoder.encode(value)
        #expect(ours.paths == expectedPaths + expectedPaths)
    }

    /// The same count with nested containers and super encoders after other members: one call per
    /// key, as in Foundation.
    @Test func customKeyStrategyCalledOncePerKeyOfNestedContainers() throws {
        struct Mixed: Encodable {
            enum Keys: String, CodingKey { case first, nestedObject, inner, nestedList, superKey }
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: Keys.self)
                try c.encode(1, forKey: .first)
                var object = c.nestedContainer(keyedBy: Keys.self, forKey: .nestedObject)
                try object.encode(2, forKey: .inner)
                var list = c.nestedUnkeyedContainer(forKey: .nestedList)
                try list.encode(3)
                try 4.encode(to: c.superEncoder(forKey: .superKey))
            }
        }
        func strategy(_ calls: KeyCalls) -> @Sendable ([any CodingKey]) -> any CodingKey {
            { path in
                calls.paths.append(path.map(\.stringValue))
                return DynamicKey(stringValue: path.last!.stringValue.uppercased())
            }
        }
        let ours = KeyCalls()
        let theirs = KeyCalls()
        let encoder = TapeJSONEncoder()
        encoder.keyEncodingStrategy = .custom(strategy(ours))
        encoder.outputFormatting = .sortedKeys
        let foundation = JSONEncoder()
        foundation.keyEncodingStrategy = .custom(strategy(theirs))
        foundation.outputFormatting = .sortedKeys
        #expect(try encoder.encode(Mixed()) == foundation.encode(Mixed()))
        let expected = [["first"], ["nestedObject"], ["nestedObject", "inner"], ["nestedList"], ["superKey"]]
        #expect(ours.paths == expected)
        #expect(theirs.paths.sorted { $0.joined(separator: ".") < $1.joined(separator: ".") }
                == expected.sorted { $0.joined(separator: ".") < $1.joined(separator: ".") })
    }

    /// encodingDictionaryFailureKeyPath and …Nested under `.convertToSnakeCase`: the error's path has
    /// the dictionaries' keys as they are and the properties' Swift names.
    @Test func failurePathsThroughDictionariesUnderSnakeCase() throws {
        let encoder = TapeJSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        do {
            _ = try encoder.encode(["key": Failing(someValue: .nan)])
            Issue.record("expected an EncodingError")
        } catch EncodingError.invalidValue(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["key", "someValue"])
        }
        do {
            _ = try encoder.encode(["key": ["sub_key": FailingNested(nestedValue: Failing(someValue: .nan))]])
            Issue.record("expected an EncodingError")
        } catch EncodingError.invalidValue(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["key", "sub_key", "nestedValue", "someValue"])
        }
        let snake = EncoderSettings(keys: .convertToSnakeCase, tapeKeys: .convertToSnakeCase)
        expectSameAsFoundation(["key": Failing(someValue: .nan)], snake)
        expectSameAsFoundation(["key": ["sub_key": FailingNested(nestedValue: Failing(someValue: .nan))]], snake)
        expectSameAsFoundation(["theKey": ["subKey": FailingNested(nestedValue: Failing(someValue: 1))]], snake)
    }

    /// keyStrategySnakeGeneratedAndCustom: a CodingKeys raw value ("fooBar") is converted like a
    /// generated key; the decoder reads it back with `.convertFromSnakeCase`.
    @Test func snakeCaseOfCustomAndGeneratedKeys() throws {
        let value = CustomAndGenerated(thisIsCamelCase: "test", thisIsCamelCaseToo: "test2")
        let encoder = TapeJSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = .sortedKeys
        let written = try encoder.encode(value)
        #expect(String(decoding: written, as: UTF8.self) == #"{"foo_bar":"test","this_is_camel_case_too":"test2"}"#)
        expectSameAsFoundation(value, EncoderSettings(keys: .convertToSnakeCase, tapeKeys: .convertToSnakeCase))
        let decoder = TapeJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try decoder.decode(CustomAndGenerated.self, from: written) == value)
        #expect(try decoder.decode(CustomAndGenerated.self, from: Data(#"{"foo_bar":"test","this_is_camel_case_too":"test2"}"#.utf8)) == value)
    }

    /// roundTrippingDoubleValues: Foundation's bytes, and the values read back equal (by both
    /// decoders).
    @Test func doublesAndDecimalsRoundTrip() throws {
        for formatting in EncoderSettings.allFormattings {
            expectSameAsFoundation(Numbers.upstream, EncoderSettings(formatting: formatting))
        }
        let written = try TapeJSONEncoder().encode(Numbers.upstream)
        #expect(try JSONDecoder().decode(Numbers.self, from: written) == Numbers.upstream)
        #expect(try TapeJSONDecoder().decode(Numbers.self, from: written) == Numbers.upstream)
        // The e-100 decimals written out in full, the 56-digit one cut to Decimal's 38 digits.
        let encoder = TapeJSONEncoder()
        let decimals = Numbers.upstream.decimals
        #expect(String(decoding: try encoder.encode([decimals["123.4567891011121314e-100"]!]), as: UTF8.self)
                == "[0." + String(repeating: "0", count: 97) + "1234567891011121314]")
        #expect(String(decoding: try encoder.encode([decimals["-0.1234567891011121314e-100"]!]), as: UTF8.self)
                == "[-0." + String(repeating: "0", count: 100) + "1234567891011121314]")
        #expect(String(decoding: try encoder.encode([decimals["440474310512876335.18692524723746578303827301433673643795"]!]), as: UTF8.self)
                == "[440474310512876335.18692524723746578303]")
        for (text, decimal) in decimals {
            #expect(String(decoding: try encoder.encode(decimal), as: UTF8.self) == decimal.description, "\(text)")
        }
    }

    /// decodeIfPresent (its encoding side): all nils without nulls are `{}` and `[]`; with nulls, and
    /// all ones, as Foundation writes them; read back by the decoder.
    @Test func optionalsWithAndWithoutNulls() throws {
        let encoder = TapeJSONEncoder()
        #expect(String(decoding: try encoder.encode(Optionals.all(false, keyed: true, nulls: false)), as: UTF8.self) == "{}")
        #expect(String(decoding: try encoder.encode(Optionals.all(false, keyed: false, nulls: false)), as: UTF8.self) == "[]")
        #expect(String(decoding: try encoder.encode(Optionals.all(false, keyed: false, nulls: true)), as: UTF8.self)
                == "[" + Array(repeating: "null", count: 15).joined(separator: ",") + "]")
        for keyed in [true, false] {
            for nulls in [true, false] {
                for one in [true, false] {
                    for formatting in EncoderSettings.allFormattings {
                        expectSameAsFoundation(Optionals.all(one, keyed: keyed, nulls: nulls), EncoderSettings(formatting: formatting))
                    }
                }
            }
        }
        struct Read: Decodable, Equatable { let bool: Bool?; let u8: UInt8?; let float: Float?; let other: [Int]? }
        #expect(try TapeJSONDecoder().decode(Read.self, from: encoder.encode(Optionals.all(true, keyed: true, nulls: false)))
                == Read(bool: true, u8: 1, float: 1, other: [1]))
        #expect(try TapeJSONDecoder().decode(Read.self, from: encoder.encode(Optionals.all(false, keyed: true, nulls: true)))
                == Read(bool: nil, u8: nil, float: nil, other: nil))
    }

    /// SR17581, issue106506794, jsonEscapedForwardSlashes (a key) and nullByte: the bytes Foundation
    /// writes, and the values read back.
    @Test func smallerUpstreamRoundTrips() throws {
        let encoder = TapeJSONEncoder()
        let empty = try encoder.encode(StructKeyed(dict: [:]))
        #expect(String(decoding: empty, as: UTF8.self) == #"{"dict":[]}"#)
        #expect(try TapeJSONDecoder().decode(StructKeyed.self, from: empty).dict.isEmpty)
        expectSameAsFoundation(StructKeyed(dict: [:]))
        expectSameAsFoundation(StructKeyed(dict: [.init(x: "k"): "v"]))

        let level = Level1(level2: .init(name: "level2"))
        #expect(String(decoding: try encoder.encode(level), as: UTF8.self) == #"{"level2":[{"name":"level2"}]}"#)
        #expect(try TapeJSONDecoder().decode(Level1.self, from: encoder.encode(level)) == level)
        expectSameAsFoundation(level)

        #expect(String(decoding: try encoder.encode(["/": 1]), as: UTF8.self) == #"{"\/":1}"#)
        expectSameAsFoundation(["/": 1])

        let withNull = "abc\u{0000}def"
        #expect(String(decoding: try encoder.encode([withNull]), as: UTF8.self) == #"["abc\u0000def"]"#)
        #expect(try TapeJSONDecoder().decode([String].self, from: encoder.encode([withNull])) == [withNull])
        #expect(try TapeJSONDecoder().decode([String: String].self, from: encoder.encode([withNull: withNull])) == [withNull: withNull])
        expectSameAsFoundation([withNull: withNull])
    }
}
