import Foundation
import TapeJSON
import Testing

// Every strategy against Foundation's JSONEncoder, alone and combined with the output formattings.

private struct KeyShapes: Encodable {
    var myURLProperty = 1
    var _oneTwo_ = 2
    var aB = 3
    var aBC = 4
    var ABC = 5
    var héllo = 6
    var a1b = 7
    var userID = 8
    var isÉté = 9
    var already_snake = 10
    var x = 11
    var nested = Inner()
    var dictionary = ["dictKeyNotConverted": 1, "other_Key": 2]
    var list = [Inner()]
    var __ = 12
    var _leading = 13
    var trailing_ = 14
    var HTTPServer = 15
    var simpleHTTPServer2Go = 16
    var ǅungla = 17
    struct Inner: Encodable { var innerValue = "v"; var emptyDictionary: [String: Int] = [:] }
}

private struct Dated: Encodable {
    var when: Date
    var list: [Date]
    var optional: Date?
}

private struct WithData: Encodable {
    var blob: Data
    var list: [Data]
}

private let instants: [Date] = [
    Date(timeIntervalSinceReferenceDate: 0), Date(timeIntervalSinceReferenceDate: 12.5),
    Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: -0.5), Date(timeIntervalSince1970: -1),
    Date(timeIntervalSince1970: 1_709_251_200.456), Date(timeIntervalSince1970: 951_782_400),   // 2000-02-29
    Date(timeIntervalSince1970: -2_208_988_800), Date(timeIntervalSince1970: 253_402_300_799),  // 1900, 9999
    Date(timeIntervalSince1970: -62_135_596_800), Date(timeIntervalSince1970: 4_102_444_800.999),
    Date(timeIntervalSince1970: 1e-7),
]

@Suite struct StrategyEncodingTests {
    static let formattings = EncoderSettings.allFormattings

    @Test(arguments: formattings)
    func snakeCaseKeys(_ formatting: JSONEncoder.OutputFormatting) {
        let settings = EncoderSettings(formatting: formatting, keys: .convertToSnakeCase, tapeKeys: .convertToSnakeCase,
                                       label: "snake")
        expectSameAsFoundation(KeyShapes(), settings)
        expectSameAsFoundation([KeyShapes(), KeyShapes()], settings)
        expectSameAsFoundation(["topLevelDictionary": KeyShapes()], settings)
        expectSameAsFoundation(Dog(), settings)
    }

    @Test func customKeys() {
        let upper: @Sendable ([any CodingKey]) -> any CodingKey = { path in
            let last = path.last!
            let depth = path.count
            return AnyKey(stringValue: "\(depth)-\(last.stringValue.uppercased())")
        }
        for formatting in Self.formattings {
            let settings = EncoderSettings(formatting: formatting, keys: .custom(upper), tapeKeys: .custom(upper),
                                           label: "custom")
            expectSameAsFoundation(KeyShapes(), settings)
            expectSameAsFoundation(Dog(), settings)
            // Two keys that convert to one: the value encoded last is kept.
            let collide: @Sendable ([any CodingKey]) -> any CodingKey = { _ in AnyKey(stringValue: "same") }
            expectSameAsFoundation(Point(x: 1, y: 2),
                                   EncoderSettings(formatting: formatting, keys: .custom(collide), tapeKeys: .custom(collide)))
        }
    }

    @Test func kebabAndUpperCamelKeysRoundTripThroughAnyCase() throws {
        struct Model: Codable, Equatable { var userID = 1; var displayName = "Ada"; var httpStatus = 200; var a = 2 }
        let encoder = TapeJSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.keyEncodingStrategy = .convertToKebabCase
        #expect(String(decoding: try encoder.encode(Model()), as: UTF8.self)
                == #"{"a":2,"display-name":"Ada","http-status":200,"user-id":1}"#)
        encoder.keyEncodingStrategy = .convertToUpperCamelCase
        #expect(String(decoding: try encoder.encode(Model()), as: UTF8.self)
                == #"{"A":2,"DisplayName":"Ada","HttpStatus":200,"UserID":1}"#)
        struct Readable: Codable, Equatable { var userId = 1; var displayName = "Ada"; var httpStatus = 200 }
        let decoder = TapeJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromAnyCase
        for strategy in [TapeJSONEncoder.KeyEncodingStrategy.convertToKebabCase, .convertToUpperCamelCase, .convertToSnakeCase] {
            encoder.keyEncodingStrategy = strategy
            #expect(try decoder.decode(Readable.self, from: encoder.encode(Readable())) == Readable())
        }
    }

    @Test(arguments: formattings)
    func dates(_ formatting: JSONEncoder.OutputFormatting) {
        let value = Dated(when: instants[1], list: instants, optional: nil)
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.locale = Locale(identifier: "en_US_POSIX")
        let custom: @Sendable (Date, any Encoder) throws -> Void = { date, encoder in
            var c = encoder.unkeyedContainer()
            try c.encode(date.timeIntervalSince1970.rounded())
        }
        let nothing: @Sendable (Date, any Encoder) throws -> Void = { _, _ in }
        let pairs: [(JSONEncoder.DateEncodingStrategy, TapeJSONEncoder.DateEncodingStrategy, String)] = [
            (.deferredToDate, .deferredToDate, "deferred"), (.secondsSince1970, .secondsSince1970, "seconds"),
            (.millisecondsSince1970, .millisecondsSince1970, "ms"), (.iso8601, .iso8601, "iso"),
            (.formatted(formatter), .formatted(formatter), "formatted"), (.custom(custom), .custom(custom), "custom"),
            (.custom(nothing), .custom(nothing), "custom nothing"),
        ]
        for (foundation, tape, label) in pairs {
            let settings = EncoderSettings(formatting: formatting, dates: foundation, tapeDates: tape, label: label)
            expectSameAsFoundation(value, settings)
            expectSameAsFoundation(instants[5], settings)
            expectSameAsFoundation(["d": instants[3]], settings)
        }
    }

    @Test func nonFiniteDates() {
        let infinite = Date(timeIntervalSinceReferenceDate: .infinity)
        for (foundation, tape) in [(JSONEncoder.DateEncodingStrategy.secondsSince1970, TapeJSONEncoder.DateEncodingStrategy.secondsSince1970),
                                   (.millisecondsSince1970, .millisecondsSince1970), (.deferredToDate, .deferredToDate)] {
            expectSameAsFoundation(["d": infinite], EncoderSettings(dates: foundation, tapeDates: tape))
            let strings = JSONEncoder.NonConformingFloatEncodingStrategy.convertToString(positiveInfinity: "+", negativeInfinity: "-", nan: "n")
            expectSameAsFoundation(["d": infinite], EncoderSettings(
                dates: foundation, tapeDates: tape, floats: strings,
                tapeFloats: .convertToString(positiveInfinity: "+", negativeInfinity: "-", nan: "n")))
        }
    }

    @Test func iso8601OverManyInstants() {
        var dates: [Date] = instants
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            dates.append(Date(timeIntervalSince1970: Double.random(in: -62_000_000_000...253_000_000_000, using: &generator)))
        }
        expectSameAsFoundation(dates, EncoderSettings(dates: .iso8601, tapeDates: .iso8601))
    }

    @Test(arguments: formattings)
    func data(_ formatting: JSONEncoder.OutputFormatting) {
        let bytes = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let value = WithData(blob: Data(bytes), list: [Data(), Data([0xFF]), Data([0xFB, 0xFF]), Data([0xFF, 0xFF, 0xFE])])
        let custom: @Sendable (Data, any Encoder) throws -> Void = { data, encoder in
            var c = encoder.singleValueContainer()
            try c.encode(data.count)
        }
        let pairs: [(JSONEncoder.DataEncodingStrategy, TapeJSONEncoder.DataEncodingStrategy, String)] = [
            (.base64, .base64, "base64"), (.deferredToData, .deferredToData, "deferred"), (.custom(custom), .custom(custom), "custom"),
        ]
        for (foundation, tape, label) in pairs {
            let settings = EncoderSettings(formatting: formatting, data: foundation, tapeData: tape, label: label)
            expectSameAsFoundation(value, settings)
            expectSameAsFoundation(Data(bytes), settings)
            expectSameAsFoundation(Data(), settings)
        }
    }

    @Test(arguments: formattings)
    func nonConformingFloatsAsStrings(_ formatting: JSONEncoder.OutputFormatting) {
        let settings = EncoderSettings(
            formatting: formatting,
            floats: .convertToString(positiveInfinity: "+\"inf/", negativeInfinity: "-inf", nan: "NaN"),
            tapeFloats: .convertToString(positiveInfinity: "+\"inf/", negativeInfinity: "-inf", nan: "NaN"))
        expectSameAsFoundation([Double.infinity, -.infinity, .nan, 1], settings)
        expectSameAsFoundation([Float.infinity, -.infinity, .nan, 1], settings)
        expectSameAsFoundation(["k": Double.nan], settings)
        expectSameAsFoundation(Point(x: .infinity, y: -.infinity), settings)
        expectSameAsFoundation(Float.nan, settings)
    }

    @Test func everythingCombined() {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy"
        formatter.timeZone = TimeZone(identifier: "UTC")
        struct Combined: Encodable {
            var someDate = instants[5]
            var someData = Data([1, 2, 250])
            var someFloat = Double.nan
            var innerThings = [KeyShapes.Inner()]
        }
        for formatting in Self.formattings {
            let settings = EncoderSettings(
                formatting: formatting, keys: .convertToSnakeCase, tapeKeys: .convertToSnakeCase,
                dates: .formatted(formatter), tapeDates: .formatted(formatter), data: .deferredToData, tapeData: .deferredToData,
                floats: .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan"),
                tapeFloats: .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan"), label: "all")
            expectSameAsFoundation(Combined(), settings)
            expectSameAsFoundation([Combined()], settings)
        }
    }
}

struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
