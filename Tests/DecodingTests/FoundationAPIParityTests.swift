import Foundation
import TapeJSON
import Testing

/// The decoder API that code written for Foundation's `JSONDecoder` calls: the dynamic type passed in,
/// `assumesTopLevelDictionary`, `decode(_:from:configuration:)`, and keys that are equal as Swift
/// Strings. Cases and expected results follow swift-foundation's
/// Tests/FoundationEssentialsTests/JSONEncoderTests.swift (encodingTopLevelStructuredClass's dynamic
/// type check, assumesTopLevelDictionary, the CodableTypeWithConfiguration round trips), checked
/// against Foundation's `JSONDecoder` here.
@Suite("Foundation's decoder API")
struct FoundationAPIParityTests {
    class Vehicle: Codable {
        let name: String
        let wheels: Int
        init(name: String, wheels: Int) {
            self.name = name
            self.wheels = wheels
        }
        var summary: String { "\(name) \(wheels)" }
    }

    final class Truck: Vehicle {
        let payload: Double
        enum CodingKeys: String, CodingKey { case payload }
        init(name: String, wheels: Int, payload: Double) {
            self.payload = payload
            super.init(name: name, wheels: wheels)
        }
        required init(from decoder: any Decoder) throws {
            payload = try decoder.container(keyedBy: CodingKeys.self).decode(Double.self, forKey: .payload)
            try super.init(from: decoder)
        }
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(payload, forKey: .payload)
            try super.encode(to: encoder)
        }
        override var summary: String { super.summary + " \(payload)" }
    }

    struct Garage: Decodable {
        let vehicle: Vehicle
        enum CodingKeys: String, CodingKey { case vehicle }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            // A subclass asked for through a base metatype. (The standard library's container box passes
            // the static type on, so Foundation builds the base class here; so does TapeJSON.)
            vehicle = try container.decode(Truck.self as Vehicle.Type, forKey: .vehicle)
        }
    }

    @Test("decode(Subclass.self as Base.Type) builds the subclass, at the root and nested")
    func dynamicType() throws {
        let data = try JSONEncoder().encode(Truck(name: "t", wheels: 6, payload: 2.5))
        let metatype: Vehicle.Type = Truck.self
        let decoded = try TapeJSONDecoder().decode(metatype, from: data)
        let expected = try JSONDecoder().decode(metatype, from: data)
        #expect(type(of: decoded) == Truck.self)
        #expect(type(of: expected) == Truck.self)
        #expect(decoded.summary == expected.summary)

        let garage = Data(#"{"vehicle": {"name": "n", "wheels": 4, "payload": 1}}"#.utf8)
        let nested = try TapeJSONDecoder().decode(Garage.self, from: garage)
        let foundationNested = try JSONDecoder().decode(Garage.self, from: garage)
        #expect(type(of: nested.vehicle) == type(of: foundationNested.vehicle))
        #expect(nested.vehicle.summary == foundationNested.vehicle.summary)
    }

    struct Offset: CodableWithConfiguration, Equatable {
        struct Configuration {
            let delta: Int
        }
        struct Provider: DecodingConfigurationProviding, EncodingConfigurationProviding {
            static var decodingConfiguration: Configuration { Configuration(delta: 5) }
            static var encodingConfiguration: Configuration { Configuration(delta: 5) }
        }
        let value: Int
        init(value: Int) { self.value = value }
        init(from decoder: any Decoder, configuration: Configuration) throws {
            value = try decoder.singleValueContainer().decode(Int.self) - configuration.delta
        }
        func encode(to encoder: any Encoder, configuration: Configuration) throws {
            var container = encoder.singleValueContainer()
            try container.encode(value + configuration.delta)
        }
    }

    @Test("decode(_:from:configuration:) with a configuration value and with a provider type")
    func withConfiguration() throws {
        let data = try JSONEncoder().encode(Offset(value: 3), configuration: Offset.Configuration(delta: 1))
        #expect(String(decoding: data, as: UTF8.self) == "4")
        #expect(try TapeJSONDecoder().decode(Offset.self, from: data, configuration: Offset.Configuration(delta: 1)) ==
                Offset(value: 3))
        #expect(try TapeJSONDecoder().decode(Offset.self, from: data, configuration: Offset.Provider.self) ==
                JSONDecoder().decode(Offset.self, from: data, configuration: Offset.Provider.self))
        // Errors come out as from any decode call.
        #expect(throws: DecodingError.self) {
            try TapeJSONDecoder().decode(Offset.self, from: Data(#""x""#.utf8), configuration: Offset.Provider.self)
        }
    }

    @Test("assumesTopLevelDictionary: members without braces, braces anyway, empty input", arguments: [
        #""x" : 42"#, #"{"x" : 42}"#, "", "   ", #""x": 1, "y": 2"#, #"  "a":3  "#,
        #""x" : 42}"#, #"{"x" : 42"#, #""x""#, "42",
    ])
    func assumesTopLevelDictionary(json: String) {
        var setup = Setup()
        setup.assumesTopLevelDictionary = true
        expectSameDecoding([String: Int].self, json: json, setup: setup)
    }

    @Test("assumesTopLevelDictionary lives in userInfo, as in Foundation")
    func assumesTopLevelDictionaryInUserInfo() throws {
        let decoder = TapeJSONDecoder()
        let foundation = JSONDecoder()
        #expect(!decoder.assumesTopLevelDictionary)
        decoder.assumesTopLevelDictionary = true
        foundation.assumesTopLevelDictionary = true
        #expect(decoder.userInfo.count == foundation.userInfo.count)
        #expect(decoder.userInfo.keys.map(\.rawValue) == foundation.userInfo.keys.map(\.rawValue))
        #expect(try decoder.decode([String: Int].self, from: Data(#""a": 1"#.utf8)) == ["a": 1])
        decoder.userInfo = [:]
        #expect(!decoder.assumesTopLevelDictionary)
        // The error for an invalid body is placed in the body, not in the braces added around it.
        decoder.assumesTopLevelDictionary = true
        do {
            _ = try decoder.decode([String: Int].self, from: Data(#""a": tru"#.utf8))
            Issue.record("decoded invalid JSON")
        } catch DecodingError.dataCorrupted(let context) {
            #expect((context.underlyingError as? JSONError)?.offset == 5)
        }
    }

    struct Accented: Codable, Equatable {
        let café: Int
        let e: Int?
    }

    @Test("keys equal as Strings but not byte for byte match, as in Foundation", arguments: [
        "{\"cafe\u{301}\": 1}", "{\"caf\u{E9}\": 2}", "{\"caf\u{E9}\": 2, \"cafe\u{301}\": 1}", "{\"cafe\": 1}", "{\"x\": 1, \"cafe\u{301}\": 3, \"e\": 4}",
    ])
    func canonicallyEquivalentKeys(json: String) {
        expectSameDecoding(Accented.self, json: json)
        expectSameDecoding([Accented].self, json: "[\(json), \(json)]")
    }
}
