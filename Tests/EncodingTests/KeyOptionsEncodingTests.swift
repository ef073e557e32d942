import CorpusModels
import Foundation
import TapeJSON
import Testing

// `TapeJSONEncoder.keyOptions`: key paths write nested objects, the flat key writes a property's
// members into the enclosing object, and decode(encode(x)) == x under the same options.

private struct Location: Codable, Equatable {
    var lat: Double
    var lon: Double
}

private struct Product: Codable, Equatable {
    var id: Int
    var label: String?
}

private struct Shop: Codable, Equatable {
    var name: String
    var city: String
    var location: Location
    var products: [Product]
    var cityNames: [String]
    var tags: [String: Int]

    enum CodingKeys: String, CodingKey {
        case name = "datos.nombre", city = "datos.ciudad", location = "", products = "* products"
        case cityNames = "[]country.cities.name", tags
    }
}

private struct Profile: Codable, Equatable {
    var firstName: String
    var homeCity: String
    var isActive: Bool

    enum CodingKeys: String, CodingKey {
        case firstName = "userInfo.firstName", homeCity = "userInfo.homeAddress.cityName", isActive
    }
}

private struct Slashed: Codable, Equatable {
    var deep: Int
    var alsoDeep: String

    enum CodingKeys: String, CodingKey { case deep = "a/b/c", alsoDeep = "a/d" }
}

private struct Ledger: Codable, Equatable {
    var amount: Decimal
    var total: Decimal
    var wide: Int128
    var ratio: Double

    enum CodingKeys: String, CodingKey { case amount = "sums.amount", total, wide = "ids.wide", ratio = "sums.ratio" }
}

@Suite struct KeyOptionsEncodingTests {
    private static let shop = Shop(name: "Tienda", city: "Madrid", location: Location(lat: 40.4, lon: -3.7),
                                   products: [Product(id: 1, label: "uno"), Product(id: 2, label: nil)],
                                   cityNames: ["Madrid", "Toledo"], tags: ["x.y": 1, "": 2])

    private func encoder(_ formatting: TapeJSONEncoder.OutputFormatting = [.sortedKeys],
                         options: TapeJSONEncoder.KeyOptions? = .init()) -> TapeJSONEncoder {
        let encoder = TapeJSONEncoder()
        encoder.outputFormatting = formatting
        encoder.keyOptions = options
        return encoder
    }

    private func decoder(options: TapeJSONDecoder.KeyOptions? = .init()) -> TapeJSONDecoder {
        let decoder = TapeJSONDecoder()
        decoder.keyOptions = options
        return decoder
    }

    @Test func pathsNestFlatSplicesPrefixesDrop() throws {
        let text = String(decoding: try encoder().encode(Self.shop), as: UTF8.self)
        // Dictionary keys are written as they are, conventions or not.
        #expect(text == #"{"country":{"cities":{"name":["Madrid","Toledo"]}},"datos":{"ciudad":"Madrid","nombre":"Tienda"},"#
                + #""lat":40.4,"lon":-3.7,"products":[{"id":1,"label":"uno"},{"id":2}],"tags":{"":2,"x.y":1}}"#)
    }

    @Test func roundTripsUnderTheSameOptions() throws {
        for formatting: TapeJSONEncoder.OutputFormatting in [[], [.sortedKeys], [.prettyPrinted], [.prettyPrinted, .sortedKeys]] {
            let data = try encoder(formatting).encode(Self.shop)
            #expect(try decoder().decode(Shop.self, from: data) == Self.shop)
        }
        let profile = Profile(firstName: "Ada", homeCity: "London", isActive: true)
        #expect(try decoder().decode(Profile.self, from: try encoder().encode(profile)) == profile)
        #expect(try decoder().decode([Profile].self, from: try encoder().encode([profile, profile])) == [profile, profile])
    }

    @Test func prettyLayoutIsTheEncodersOwn() throws {
        // The laid-out value is written exactly as the equivalent nested value would be.
        let nested: [String: [String: [String: String]]] = ["userInfo": ["homeAddress": ["cityName": "London"]]]
        struct Flat: Encodable {
            var homeCity: String
            enum CodingKeys: String, CodingKey { case homeCity = "userInfo.homeAddress.cityName" }
        }
        let formatting: TapeJSONEncoder.OutputFormatting = [.prettyPrinted, .sortedKeys]
        #expect(try encoder(formatting).encode(Flat(homeCity: "London")) == encoder(formatting, options: nil).encode(nested))
        #expect(try encoder(formatting).encode(Flat(homeCity: "London")) == {
            let foundation = JSONEncoder()
            foundation.outputFormatting = [.prettyPrinted, .sortedKeys]
            return try foundation.encode(nested)
        }())
    }

    @Test func pathStepsGoThroughTheKeyStrategy() throws {
        let encoder = encoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let profile = Profile(firstName: "Ada", homeCity: "London", isActive: false)
        let data = try encoder.encode(profile)
        #expect(String(decoding: data, as: UTF8.self)
                == #"{"is_active":false,"user_info":{"first_name":"Ada","home_address":{"city_name":"London"}}}"#)
        let decoder = decoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try decoder.decode(Profile.self, from: data) == profile)
    }

    @Test func otherDelimitersAndConventionsTurnedOff() throws {
        let options = TapeJSONEncoder.KeyOptions(delimiter: "/", flat: nil, optionalArrayElements: nil, arrayMapping: nil)
        let value = Slashed(deep: 3, alsoDeep: "d")
        let data = try encoder(options: options).encode(value)
        #expect(String(decoding: data, as: UTF8.self) == #"{"a":{"b":{"c":3},"d":"d"}}"#)
        #expect(try decoder(options: TapeJSONDecoder.KeyOptions(delimiter: "/", flat: nil, optionalArrayElements: nil,
                                                              arrayMapping: nil)).decode(Slashed.self, from: data) == value)
        // Without key options, keys are written literally.
        #expect(String(decoding: try encoder(options: nil).encode(value), as: UTF8.self) == #"{"a\/b\/c":3,"a\/d":"d"}"#)
    }

    /// The layout pass goes through a parsed document, which holds numbers as `Double`: a `Decimal`'s
    /// 36 digits and an `Int128` beyond 64 bits must still be written digit for digit.
    @Test func numbersKeepEveryDigitThroughTheLayout() throws {
        let ledger = Ledger(amount: Decimal(string: "3.14159265358979323846264338327950288")!,
                            total: Decimal(string: "-12345678901234567890.123456789")!,
                            wide: Int128("170141183460469231731687303715884105727")!, ratio: 0.1)
        let text = String(decoding: try encoder().encode(ledger), as: UTF8.self)
        #expect(text == #"{"ids":{"wide":170141183460469231731687303715884105727},"#
                + #""sums":{"amount":3.14159265358979323846264338327950288,"ratio":0.1},"#
                + #""total":-12345678901234567890.123456789}"#)
        #expect(try decoder().decode(Ledger.self, from: Data(text.utf8)) == ledger)
        // The same number text as without key options.
        let plain = String(decoding: try encoder(options: nil).encode(ledger.total), as: UTF8.self)
        #expect(plain == "-12345678901234567890.123456789")
    }

    @Test func errorsAreStillThrown() {
        struct Bad: Encodable {
            var x: Double
            enum CodingKeys: String, CodingKey { case x = "a.x" }
        }
        #expect(throws: EncodingError.self) { try encoder().encode(Bad(x: .nan)) }
    }

    @Test func jsonLinesWriterLaysOutEachLine() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tapejson-keyoptions-\(UUID().uuidString).ndjson").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try JSONLinesWriter(path: path, encoder: encoder([.prettyPrinted, .sortedKeys]))
        let profile = Profile(firstName: "Ada", homeCity: "Paris", isActive: true)
        try writer.write(profile)
        try writer.write(profile)
        try writer.close()
        var decoded: [Profile] = []
        try JSONLines(path: path).forEach { line in decoded.append(try line.decode(Profile.self, using: decoder())) }
        #expect(decoded == [profile, profile])
        #expect(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count == 2)
    }

    /// The first pass marks convention keys and `Decimal`s with the noncharacters U+FDD0 and U+FDD1; a
    /// user's own string or key that begins with one of them (or with U+FDD2, the escape) is the text it
    /// is, never a raw number or a path (before, `"\u{FDD1}1,\"admin\":true"` was written unquoted).
    @Test func userTextBeginningWithAMarkerStaysText() throws {
        func marked(_ scalar: UInt32, _ rest: String) -> String { String(Character(Unicode.Scalar(scalar)!)) + rest }
        struct Note: Codable, Equatable {
            var body: String
            var list: [String]
            var labels: [String: String]
            var city: String
            enum CodingKeys: String, CodingKey { case body, list, labels, city = "place.city" }
        }
        let note = Note(body: marked(0xFDD1, #"1,"admin":true"#),
                        list: [marked(0xFDD0, "a.b"), marked(0xFDD2, "x"), marked(0xFDD1, "2"), marked(0xFDD2, marked(0xFDD1, "3"))],
                        labels: [marked(0xFDD0, "a.b"): "flat", marked(0xFDD2, "k"): marked(0xFDD1, "4"), marked(0xFDD1, "5"): "n"],
                        city: marked(0xFDD0, ""))
        for formatting: TapeJSONEncoder.OutputFormatting in [[.sortedKeys], [.prettyPrinted, .sortedKeys]] {
            let data = try encoder(formatting).encode(note)
            #expect(try decoder().decode(Note.self, from: data) == note)
            // Everything but the path key is written as without key options.
            struct Unpathed: Encodable {
                var note: Note
                func encode(to encoder: any Encoder) throws {
                    enum Keys: String, CodingKey { case body, list, labels, place }
                    var container = encoder.container(keyedBy: Keys.self)
                    try container.encode(note.body, forKey: .body)
                    try container.encode(note.list, forKey: .list)
                    try container.encode(note.labels, forKey: .labels)
                    try container.encode(["city": note.city], forKey: .place)
                }
            }
            #expect(data == (try encoder(formatting, options: nil).encode(Unpathed(note: note))))
            let value = try JSONDocument(parsing: [UInt8](data)).root
            #expect(value["body"]?.string == note.body)
            #expect(value["place"]?["city"]?.string == note.city)
        }
        // A CodingKey of a type that begins with a marker, under a key strategy.
        struct Odd: Encodable {
            var value = 1
            var name = "n"
            struct Key: CodingKey {
                var stringValue: String
                var intValue: Int? { nil }
                init(stringValue: String) { self.stringValue = stringValue }
                init?(intValue: Int) { nil }
            }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                try container.encode(value, forKey: Key(stringValue: marked(0xFDD1, "someValue")))
                try container.encode(name, forKey: Key(stringValue: marked(0xFDD0, "inner.someName")))
            }
        }
        let snake = encoder()
        snake.keyEncodingStrategy = .convertToSnakeCase
        let text = String(decoding: try snake.encode(Odd()), as: UTF8.self)
        #expect(text == "{\"\(marked(0xFDD0, "inner"))\":{\"some_name\":\"n\"},\"\(marked(0xFDD1, "some_value"))\":1}")
    }

    /// A value whose `encode(to:)` goes back to a container after writing a later one is written by
    /// Foundation's encoder, which cannot mark convention keys: under key options that is an error, not
    /// a document with the path keys left flat.
    @Test func containersUsedOutOfOrderUnderKeyOptionsThrow() throws {
        struct Interleaved: Encodable {
            enum Keys: String, CodingKey { case first = "a.first", second = "b" }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                var first = container.nestedUnkeyedContainer(forKey: .first)
                var second = container.nestedUnkeyedContainer(forKey: .second)
                try second.encode(2)
                try first.encode(1)
            }
        }
        #expect(throws: EncodingError.self) { try encoder().encode(Interleaved()) }
        // Without key options the same value is written (by the fallback), as Foundation writes it.
        let plain = try encoder([.sortedKeys], options: nil).encode(Interleaved())
        #expect(String(decoding: plain, as: UTF8.self) == #"{"a.first":[1],"b":[2]}"#)
    }

    /// The corpus models under key options: their keys name no convention, so the two-pass layout must
    /// give the bytes of a call without key options (every number, string and escape through the parsed
    /// first pass), and the value decodes back under the same options.
    @Test func corpusModelsRoundTripUnderKeyOptions() throws {
        func check<T: Codable & Equatable>(_ type: T.Type, _ file: String) throws {
            let value = try JSONDecoder().decode(T.self, from: CorpusFiles.data(file))
            for formatting: TapeJSONEncoder.OutputFormatting in [[.sortedKeys], [.sortedKeys, .prettyPrinted]] {
                let laidOut = try encoder(formatting).encode(value)
                #expect(laidOut == (try encoder(formatting, options: nil).encode(value)), "\(file)")
                #expect(try decoder().decode(T.self, from: laidOut) == value, "\(file)")
            }
        }
        try check(TwitterSearch.self, "twitter.json")
        try check(CitmCatalog.self, "citm_catalog.json")
        try check(Canada.self, "canada.json")
        try check(GitHubEvents.self, "github_events.json")
        try check(ApacheBuilds.self, "apache_builds.json")
        try check(RandomUsers.self, "random.json")
        try check(Mesh.self, "mesh.json")
    }
}
