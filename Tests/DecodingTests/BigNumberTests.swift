import Foundation
import TapeJSON
import Testing

/// Numbers beyond what simdjson 3.0.1 holds (integers outside Int64.min...UInt64.max, magnitudes that
/// overflow a Double) are valid JSON: they decode as Foundation decodes them. The Int128/UInt128 cases
/// are those of swift-foundation's Tests/FoundationEssentialsTests/JSONEncoderTests.swift
/// (roundTrippingInt128, roundTrippingUInt128); the Decimal ones follow swift-corelibs-foundation's
/// Tests/Foundation/TestJSONEncoder.swift (large Decimal round trips).
@Suite("Big numbers")
struct BigNumberTests {
    struct Box<T: Codable & Equatable>: Codable, Equatable {
        var value: T
    }

    static let int128Values: [Int128] = [
        .min, .min + 1, -0x1_0000_0000_0000_0000, 0x0_8000_0000_0000_0000, -1, 0, 0x7fff_ffff_ffff_ffff,
        0x8000_0000_0000_0000, 0xffff_ffff_ffff_ffff, 0x1_0000_0000_0000_0000, .max,
    ]
    static let uint128Values: [UInt128] = [
        .zero, 1, 0x7fff_ffff_ffff_ffff, 0x8000_0000_0000_0000, 0xffff_ffff_ffff_ffff,
        0x0000_0000_0000_0001_0000_0000_0000_0000, 0x7fff_ffff_ffff_ffff_ffff_ffff_ffff_ffff,
        0x8000_0000_0000_0000_0000_0000_0000_0000, .max,
    ]

    @Test("Int128 round trips through Foundation's JSONEncoder", arguments: int128Values)
    func int128RoundTrip(value: Int128) throws {
        let data = try JSONEncoder().encode(Box(value: value))
        #expect(try TapeJSONDecoder().decode(Box<Int128>.self, from: data).value == value)
        #expect(try TapeJSONDecoder().decode(Int128.self, from: JSONEncoder().encode(value)) == value)
        #expect(try TapeJSONDecoder().decode([Int128].self, from: JSONEncoder().encode([value, value])) == [value, value])
    }

    @Test("UInt128 round trips through Foundation's JSONEncoder", arguments: uint128Values)
    func uint128RoundTrip(value: UInt128) throws {
        let data = try JSONEncoder().encode(Box(value: value))
        #expect(try TapeJSONDecoder().decode(Box<UInt128>.self, from: data).value == value)
        #expect(try TapeJSONDecoder().decode([UInt128].self, from: JSONEncoder().encode([value])) == [value])
    }

    @Test("big integers into other types: rounded into Double and Float, 'does not fit' for smaller integers",
          arguments: ["18446744073709551616", "-9223372036854775809", "123456789012345678901234567890",
                      "-170141183460469231731687303715884105728", "340282366920938463463374607431768211456",
                      "1000000000000000000000000000000000000000000"])
    func bigIntegersElsewhere(text: String) {
        expectSameDecoding(Box<Double>.self, json: #"{"value": \#(text)}"#)
        expectSameDecoding(Box<Float>.self, json: #"{"value": \#(text)}"#, notFitPath: ["value"])
        expectSameDecoding(Box<Decimal>.self, json: #"{"value": \#(text)}"#)
        expectSameDecoding(Box<Int128>.self, json: #"{"value": \#(text)}"#, notFitPath: ["value"])
        expectSameDecoding(Box<UInt128>.self, json: #"{"value": \#(text)}"#, notFitPath: ["value"])
        for path in [["value"]] {
            expectSameDecoding(Box<Int64>.self, json: #"{"value": \#(text)}"#, notFitPath: path)
            expectSameDecoding(Box<UInt64>.self, json: #"{"value": \#(text)}"#, notFitPath: path)
            expectSameDecoding(Box<Int>.self, json: #"{"value": \#(text)}"#, notFitPath: path)
            expectSameDecoding(Box<Int8>.self, json: #"{"value": \#(text)}"#, notFitPath: path)
        }
        expectSameDecoding(Box<String>.self, json: #"{"value": \#(text)}"#)
        expectSameDecoding(Box<Bool>.self, json: #"{"value": \#(text)}"#)
    }

    @Test("the error for a big integer in a smaller type names the number as written")
    func preciseOverflowError() {
        #expect(tapeError([Int64].self, json: "[1, 18446744073709551616]") == ErrorSummary(
            kind: "dataCorrupted", path: ["Index 1#1"],
            message: "Parsed JSON number <18446744073709551616> does not fit in Int64."))
    }

    @Test("numbers that overflow a Double: valid JSON, an error only when decoded", arguments: ["1e400", "-1E999", "1.5e309"])
    func doubleOverflow(text: String) {
        struct Unused: Codable, Equatable { var name: String }
        expectSameDecoding(Unused.self, json: #"{"name": "a", "big": \#(text)}"#)
        expectSameDecoding(Box<Double>.self, json: #"{"value": \#(text)}"#, notFitPath: ["value"])
        expectSameDecoding(Box<Float>.self, json: #"{"value": \#(text)}"#, notFitPath: ["value"])
        expectSameDecoding(Box<Decimal>.self, json: #"{"value": \#(text)}"#, notFitPath: ["value"])
        expectSameDecoding(Box<Int>.self, json: #"{"value": \#(text)}"#, notFitPath: ["value"])
    }

    @Test("large Decimals round trip exactly")
    func decimalRoundTrips() throws {
        let values: [Decimal] = [
            Decimal(string: "12345678901234567890123456789012345678")!,
            Decimal(string: "-12345678901234567890123456789012345678")!,
            Decimal(string: "340282366920938463463374607431768211455")!,
            Decimal(string: "1e100")!, Decimal(string: "-1e127")!, Decimal.greatestFiniteMagnitude,
        ]
        let data = try JSONEncoder().encode(values)
        let decoded = try TapeJSONDecoder().decode([Decimal].self, from: data)
        #expect(decoded == values)
        #expect(decoded == (try JSONDecoder().decode([Decimal].self, from: data)))
        expectSameDecoding([Decimal].self, json: "[1234567890123456789012345678901234567890123]")
    }

    @Test("a genuine -0.0 next to big numbers stays -0.0; big numbers in strings are strings")
    func placeholdersAreNotConfused() throws {
        let json = #"[-0.0, 100000000000000000000, -0.0, "100000000000000000000"]"#
        struct Mixed: Decodable {
            var a: Double, big: Decimal, b: Double, text: String
            init(from decoder: any Decoder) throws {
                var c = try decoder.unkeyedContainer()
                a = try c.decode(Double.self)
                big = try c.decode(Decimal.self)
                b = try c.decode(Double.self)
                text = try c.decode(String.self)
            }
        }
        let mixed = try TapeJSONDecoder().decode(Mixed.self, from: Data(json.utf8))
        #expect(mixed.a.sign == .minus && mixed.a == 0)
        #expect(mixed.b.sign == .minus && mixed.b == 0)
        #expect(mixed.big == Decimal(string: "100000000000000000000"))
        #expect(mixed.text == "100000000000000000000")
    }

    @Test("an invalid document with a big number is still invalid, with the real error's position")
    func invalidWithBigNumber() throws {
        do {
            _ = try TapeJSONDecoder().decode([Int128].self, from: Data("[100000000000000000000, 01]".utf8))
            Issue.record("decoded invalid JSON")
        } catch DecodingError.dataCorrupted(let context) {
            let error = try #require(context.underlyingError as? JSONError)
            #expect(error.kind == .invalidNumber)
            #expect(error.offset == 25)
        }
    }

    @Test("documents and events expose a big number's text")
    func documentAndEvents() throws {
        let document = try JSONParser.shared.parse(#"{"id": 123456789012345678901234567890, "x": 1e400, "y": -0.0}"#)
        #expect(document.root["id"]?.bigNumberText == "123456789012345678901234567890")
        #expect(document.root["id"]?.double == 1.2345678901234568e29)
        #expect(document.root["x"]?.bigNumberText == "1e400")
        #expect(document.root["x"]?.double == .infinity)
        #expect(document.root["y"]?.bigNumberText == nil)
        #expect(document.root["y"]?.double?.sign == .minus)
        var numbers: [String] = []
        var reader = document.events
        while let event = reader.next() {
            switch event {
            case .bigNumber(let text): numbers.append(text.string)
            case .double(let d): numbers.append("double \(d)")
            default: break
            }
        }
        #expect(numbers == ["123456789012345678901234567890", "1e400", "double -0.0"])
        #expect(document.root.jsonText == #"{"id":123456789012345678901234567890,"x":1e400,"y":-0.0}"#)
    }

    @Test("TapeJSONSerialization returns what JSONSerialization returns for big numbers")
    func serialization() throws {
        for text in ["[123456789012345678901234567890]", #"{"a": -9223372036854775809, "b": [1, 2.5]}"#,
                     "12345678901234567890123456789012345678901234"] {
            let ours = try TapeJSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
            let theirs = try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
            // Compared as the text JSONSerialization writes with sorted keys: a dictionary's description
            // lists its keys in an order that varies from process to process.
            let options: JSONSerialization.WritingOptions = [.sortedKeys, .fragmentsAllowed]
            #expect(try JSONSerialization.data(withJSONObject: ours, options: options)
                    == JSONSerialization.data(withJSONObject: theirs, options: options), "\(ours) against \(theirs)")
        }
        let array = try TapeJSONSerialization.jsonObject(with: Data("[123456789012345678901234567890]".utf8)) as! [Any]
        #expect((array[0] as? NSDecimalNumber)?.decimalValue == Decimal(string: "123456789012345678901234567890"))
        #expect(throws: (any Error).self) { try TapeJSONSerialization.jsonObject(with: Data("[1e400]".utf8)) }
        #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: Data("[1e400]".utf8)) }
    }
}

/// Zeros read as `Double` are checked against their text (`-0` is the integer 0 on the tape); a type
/// that asks for its keys in another order than the document's reads them behind the text's walk.
@Suite("Zeros read out of document order")
struct ZerosOutOfOrderTests {
    struct Key: Codable, Equatable {
        var pos: [Double]?
        var time: Double
        var rot: [Double]?
    }

    @Test("every -0 keeps its sign, whichever order each object's keys come in")
    func signsKept() throws {
        // The shape of three.js keyframes (marine_ik.json): keys in two orders, many `-0`s.
        var objects: [String] = []
        var expected: [Key] = []
        for k in 0..<2_000 {
            let zero = k % 3 == 0 ? "-0" : "0"
            let value: Double = k % 3 == 0 ? -0.0 : 0.0
            if k % 2 == 0 {
                objects.append(#"{"pos":[\#(zero),1,\#(zero)],"time":\#(zero),"rot":[0,\#(zero)]}"#)
                expected.append(Key(pos: [value, 1, value], time: value, rot: [0, value]))
            } else {
                objects.append(#"{"rot":[\#(zero),-0],"time":\#(zero),"pos":[\#(zero)]}"#)
                expected.append(Key(pos: [value], time: value, rot: [value, -0.0]))
            }
        }
        let json = "[" + objects.joined(separator: ",") + "]"
        let decoded = try TapeJSONDecoder().decode([Key].self, from: json)
        let foundation = try JSONDecoder().decode([Key].self, from: Data(json.utf8))
        func signs(_ keys: [Key]) -> [Bool] {
            keys.flatMap { key in ((key.pos ?? []) + [key.time] + (key.rot ?? [])).map { $0.sign == .minus } }
        }
        #expect(decoded == expected)
        #expect(signs(decoded) == signs(expected))
        #expect(signs(foundation) == signs(expected))
    }
}
