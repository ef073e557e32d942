import Foundation
import TapeJSON
import Testing

/// The decoding cases of swift-corelibs-foundation's Tests/Foundation/TestJSONEncoder.swift, written
/// for this project and compared with Foundation's `JSONDecoder`.
@Suite("swift-corelibs-foundation's JSONDecoder tests")
struct CorelibsParityTests {
    @Test("a superDecoder for a missing key does not throw by itself (test_notFoundSuperDecoder)")
    func superDecoderForMissingKey() throws {
        struct Probe: Decodable, Equatable {
            enum CodingKeys: String, CodingKey { case superDecoder = "super" }
            init(from decoder: any Decoder) throws {
                _ = try decoder.container(keyedBy: CodingKeys.self).superDecoder(forKey: .superDecoder)
            }
        }
        expectSameDecoding(Probe.self, json: "{}")
    }

    @Test("a child class chosen at run time is built (test_childTypeDecoder)")
    func childType() throws {
        class Base: Decodable {}
        class Child: Base {}
        func chosen() -> Base.Type { Child.self }
        #expect(try TapeJSONDecoder().decode(chosen(), from: Data("{}".utf8)) is Child)
    }

    @Test("built-in scalars round trip (test_codingOf*)")
    func scalars() throws {
        func roundTrip<T: Codable & Equatable>(_ value: T, _ text: String) throws {
            #expect(String(decoding: try JSONEncoder().encode([value]), as: UTF8.self) == "[\(text)]")
            #expect(try TapeJSONDecoder().decode([T].self, from: Data("[\(text)]".utf8)) == [value])
            #expect(try TapeJSONDecoder().decode(T.self, from: Data(text.utf8)) == value)
        }
        try roundTrip(Int8(-38), "-38")
        try roundTrip(UInt8(42), "42")
        try roundTrip(Int16(-30000), "-30000")
        try roundTrip(UInt16(60000), "60000")
        try roundTrip(Int32(-2_000_000_000), "-2000000000")
        try roundTrip(UInt32(4_000_000_000), "4000000000")
        try roundTrip(Int64.min, "-9223372036854775808")
        try roundTrip(UInt64.max, "18446744073709551615")
        try roundTrip(Int(-1), "-1")
        try roundTrip(UInt(1), "1")
        try roundTrip(Float(1.5), "1.5")
        try roundTrip(Double(-2.5), "-2.5")
        expectSameDecoding(Float.self, json: "1e100", notFitPath: [])
        #expect(throws: DecodingError.self) { try TapeJSONDecoder().decode(Float.self, from: Data("1e100".utf8)) }
        expectSameDecoding(Int8?.self, json: "null")
    }

    @Test("every numeric type in one struct (test_encodeDecodeNumericTypesBaseline)")
    func numericBaseline() throws {
        struct Numbers: Codable, Equatable {
            var int8 = Int8(-12), uint8 = UInt8(34), int16 = Int16(-5678), uint16 = UInt16(9011)
            var int32 = Int32(-12_141_516), uint32 = UInt32(17_181_920), int64 = Int64(-21_222_324_252_627)
            var int = -2_829_303_132, uint = UInt(33_343_536), uint64 = UInt64(373_839_404_142)
            var float = Float(1.234), double = 5.101520253035, decimal = Decimal(string: "2.5e-7")!
        }
        let data = try JSONEncoder().encode(Numbers())
        #expect(try TapeJSONDecoder().decode(Numbers.self, from: data) == Numbers())
        #expect(try TapeJSONDecoder().decode(Numbers.self, from: data) == JSONDecoder().decode(Numbers.self, from: data))
    }

    @Test("dictionaries keep their keys under convertFromSnakeCase (test_dictionary_snake_case_decoding)")
    func snakeCaseDictionaries() {
        var setup = Setup()
        setup.keys = .convertFromSnakeCase
        expectSameDecoding([String: [String: Int]].self,
                           json: #"{"snake_case_key": {"nested_dictionary": 1}}"#, setup: setup)
    }

    @Test("an empty dictionary with non-String keys round trips (test_SR17581)")
    func emptyNonStringKeyedDictionary() throws {
        struct Key: Codable, Hashable { var x: String }
        struct Holder: Codable, Equatable { var dict: [Key: String] }
        let data = try JSONEncoder().encode(Holder(dict: [:]))
        #expect(try TapeJSONDecoder().decode(Holder.self, from: data) == Holder(dict: [:]))
        expectSameDecoding(Holder.self, json: String(decoding: data, as: UTF8.self))
    }

    /// One optional member per numeric type, as in upstream's test.
    struct Limits: Codable, Equatable {
        var int8Value: Int8?, uint8Value: UInt8?, int16Value: Int16?, uint16Value: UInt16?
        var int32Value: Int32?, uint32Value: UInt32?, int64Value: Int64?, intValue: Int?, uintValue: UInt?
        var uint64Value: UInt64?, floatValue: Float?, doubleValue: Double?, decimalValue: Decimal?
    }

    static let decimalBeyondUInt128 = "340282366920938463463374607431768211455" + String(repeating: "0", count: 127)

    @Test("numbers at each type's limits decode (test_numericLimits)", arguments: [
        ("Int8", "0"), ("Int8", "1"), ("Int8", "-1"), ("Int8", "-128"), ("Int8", "127"),
        ("UInt8", "0"), ("UInt8", "1"), ("UInt8", "255"), ("UInt8", "-0"),
        ("Int16", "0"), ("Int16", "1"), ("Int16", "-1"), ("Int16", "-32768"), ("Int16", "32767"),
        ("UInt16", "0"), ("UInt16", "1"), ("UInt16", "65535"), ("UInt16", "34.0"),
        ("Int32", "0"), ("Int32", "1"), ("Int32", "-1"), ("Int32", "-2147483648"), ("Int32", "2147483647"),
        ("UInt32", "0"), ("UInt32", "1"), ("UInt32", "4294967295"),
        ("Int64", "0"), ("Int64", "1"), ("Int64", "-1"), ("Int64", "-9223372036854775808"), ("Int64", "9223372036854775807"),
        ("UInt64", "0"), ("UInt64", "1"), ("UInt64", "18446744073709551615"),
        ("Int", "0"), ("Int", "1"), ("Int", "-1"), ("Int", "-9223372036854775808"), ("Int", "9223372036854775807"),
        ("UInt", "0"), ("UInt", "1"), ("UInt", "18446744073709551615"),
        ("Double", "0"), ("Double", "1"), ("Double", "-1"), ("Double", "2.2250738585072014e-308"),
        ("Double", "1.7976931348623157e+308"), ("Double", "5e-324"), ("Double", "3.141592653589793"),
        ("Float", "3.4028235e38"), ("Float", "1.17549435e-38"),
        ("Decimal", "1.2"), ("Decimal", "3.14159265358979323846264338327950288419"),
        ("Decimal", decimalBeyondUInt128), ("Decimal", "-" + decimalBeyondUInt128),
    ])
    func numericLimitsGood(type: String, text: String) throws {
        let json = "{ \"\(type.lowercased())Value\": \(text) }"
        expectSameDecoding(Limits.self, json: json)
        let decoded = try TapeJSONDecoder().decode(Limits.self, from: Data(json.utf8))
        #expect(decoded != Limits())
    }

    @Test("numbers beyond each type's limits throw (test_numericLimits)", arguments: [
        ("Int8", "-129"), ("Int8", "128"), ("Int8", "1.2"), ("UInt8", "-1"), ("UInt8", "256"),
        ("Int16", "-32769"), ("Int16", "32768"), ("UInt16", "-1"), ("UInt16", "65536"),
        ("Int32", "-2147483649"), ("Int32", "2147483648"), ("UInt32", "-1"), ("UInt32", "4294967296"),
        ("Int64", "9223372036854775808"), ("Int64", "-100000000000000000000"), ("UInt64", "-1"),
        ("UInt64", "18446744073709600000"), ("Int64", "10000000000000000000000000000000000000"),
        ("UInt64", "18446744073709551616"), ("Int", "9223372036854775808"), ("UInt", "-1"),
    ])
    func numericLimitsBad(type: String, text: String) {
        let key = "\(type.lowercased())Value"
        let json = "{ \"\(key)\": \(text) }"
        // Foundation reports invalid JSON at the root; TapeJSON "does not fit" at the member
        // (README, deliberate difference 2).
        expectSameDecoding(Limits.self, json: json, notFitPath: [key])
        #expect(tapeError(Limits.self, json: json) ==
                ErrorSummary(kind: "dataCorrupted", path: [key], message: "Parsed JSON number <\(text)> does not fit in \(type)."))
    }
}
