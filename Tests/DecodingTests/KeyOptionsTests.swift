import Foundation
import TapeJSON
import Testing

// MARK: - Fixtures: plain synthesized Codable types whose raw values use the conventions

struct UserDTO: Decodable, Equatable {
    var id: Int
    var name: String?
    var email: String?
    var country: String?

    enum CodingKeys: String, CodingKey {
        case id
        case name = "datos.nombre"
        case email = "datos.email"
        case country = "datos.address.country"
    }
}

struct Location: Decodable, Equatable {
    var latitude: Double
    var longitude: Double
}

struct ShopDTO: Decodable, Equatable {
    var name: String
    var location: Location
    var maybeLocation: Location?

    enum CodingKeys: String, CodingKey {
        case name = "shop_name"
        case location = ""
        case maybeLocation = "__"
    }
}

struct SimpleElement: Decodable, Equatable {
    var id: Int
    var name: String?
}

struct LenientList: Decodable, Equatable {
    var elements: [SimpleElement]
    var optionalElements: [SimpleElement]?
    var nestedElements: [SimpleElement]?

    enum CodingKeys: String, CodingKey {
        case elements = "* elements"
        case optionalElements = "* others"
        case nestedElements = "* page.items"
    }
}

struct Citizen: Decodable, Equatable {
    var id: Int
    var name: String
}

struct CountryNames: Decodable, Equatable {
    var name: String?
    var citizenNames: [String]
    var citizens: [Citizen]?
    var cityIds: [Int]?

    enum CodingKeys: String, CodingKey {
        case name = "country.name"
        case citizenNames = "[]country.cities.citizens.name"
        case citizens = "[]country.cities.citizens"
        case cityIds = "[]country.cities.id"
    }
}

struct LiteralWins: Decodable, Equatable {
    var dotted: String
    var starred: [Int]
    var empty: String

    enum CodingKeys: String, CodingKey {
        case dotted = "a.b"
        case starred = "* list"
        case empty = ""
    }
}

let countryJSON = #"""
{"country": {"id": 34, "name": "Spain", "cities": [
  {"id": 41, "name": "Sevilla", "citizens": [{"id": 1, "name": "Pedro"}, {"id": 2, "name": "Juan"}]},
  {"id": 21, "name": "Huelva", "citizens": [{"id": 5, "name": "Francisco"}]},
  {"id": 11, "name": "Cádiz", "citizens": []}
]}}
"""#

@Suite("keyOptions: SDOSKeyedCodable conventions on plain CodingKeys")
struct KeyOptionsTests {
    static func decoder(_ options: TapeJSONDecoder.KeyOptions = .init()) -> TapeJSONDecoder {
        let decoder = TapeJSONDecoder()
        decoder.keyOptions = options
        return decoder
    }

    // MARK: - Nested paths

    @Test("a dotted key reads a nested path")
    func nestedPath() throws {
        let json = #"{"id": 12413, "datos": {"nombre": "Alberto", "email": "a@sdos.es", "address": {"country": "ES"}}}"#
        let user = try Self.decoder().decode(UserDTO.self, from: Data(json.utf8))
        #expect(user == UserDTO(id: 12413, name: "Alberto", email: "a@sdos.es", country: "ES"))
    }

    @Test("missing or null steps make optional properties nil")
    func missingSteps() throws {
        let user = try Self.decoder().decode(UserDTO.self, from: Data(#"{"id": 1, "datos": {"address": null}}"#.utf8))
        #expect(user == UserDTO(id: 1, name: nil, email: nil, country: nil))
        let none = try Self.decoder().decode(UserDTO.self, from: Data(#"{"id": 1}"#.utf8))
        #expect(none == UserDTO(id: 1, name: nil, email: nil, country: nil))
    }

    @Test("a non-optional property with a missing step throws keyNotFound for the whole key")
    func requiredPath() {
        struct Required: Decodable {
            var name: String
            enum CodingKeys: String, CodingKey { case name = "datos.nombre" }
        }
        let error = tapeError(Required.self, json: #"{"datos": {}}"#, decoder: Self.decoder())
        #expect(error?.kind == "keyNotFound")
        #expect(error?.key == "datos.nombre")
        #expect(error?.path == [])
        let mismatch = tapeError(Required.self, json: #"{"datos": {"nombre": 5}}"#, decoder: Self.decoder())
        #expect(mismatch?.kind == "typeMismatch")
        #expect(mismatch?.path == ["datos.nombre"])
    }

    @Test("path steps go through the key decoding strategy")
    func pathWithSnakeCase() throws {
        struct Nested: Decodable, Equatable {
            var city: String
            enum CodingKeys: String, CodingKey { case city = "homeAddress.cityName" }
        }
        let decoder = Self.decoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let value = try decoder.decode(Nested.self, from: Data(#"{"home_address": {"city_name": "Sevilla"}}"#.utf8))
        #expect(value.city == "Sevilla")
    }

    @Test("a custom delimiter")
    func customDelimiter() throws {
        struct Slashed: Decodable, Equatable {
            var value: Int
            enum CodingKeys: String, CodingKey { case value = "a/b.c" }
        }
        let decoder = Self.decoder(.init(delimiter: "/"))
        let value = try decoder.decode(Slashed.self, from: Data(#"{"a": {"b.c": 3}}"#.utf8))
        #expect(value.value == 3)
    }

    // MARK: - Flat

    @Test("an empty key decodes a property from the enclosing object")
    func flat() throws {
        let json = #"{"shop_name": "Fnac", "latitude": 37.39, "longitude": -6.01}"#
        let shop = try Self.decoder(.init(flat: "")).decode(ShopDTO.self, from: Data(json.utf8))
        #expect(shop.name == "Fnac")
        #expect(shop.location == Location(latitude: 37.39, longitude: -6.01))
        #expect(shop.maybeLocation == nil)
    }

    @Test("an optional flat property is nil when it cannot be decoded; a required one throws")
    func flatFailures() throws {
        let optional = Self.decoder(.init(flat: "__"))
        struct OptionalFlat: Decodable, Equatable {
            var location: Location?
            enum CodingKeys: String, CodingKey { case location = "__" }
        }
        let partial = try optional.decode(OptionalFlat.self, from: Data(#"{"latitude": 1}"#.utf8))
        #expect(partial.location == nil)
        let full = try optional.decode(OptionalFlat.self, from: Data(#"{"latitude": 1, "longitude": 2}"#.utf8))
        #expect(full.location == Location(latitude: 1, longitude: 2))
        let error = tapeError(ShopDTO.self, json: #"{"shop_name": "x", "latitude": 1}"#, decoder: Self.decoder())
        #expect(error?.kind == "keyNotFound")
        #expect(error?.key == "longitude")
    }

    @Test("flat properties inside arrays keep their element's path")
    func flatInArray() {
        let json = #"[{"shop_name": "a", "latitude": 1, "longitude": 2}, {"shop_name": "b", "latitude": "x", "longitude": 2}]"#
        let error = tapeError([ShopDTO].self, json: json, decoder: Self.decoder())
        #expect(error?.kind == "typeMismatch")
        #expect(error?.path == ["Index 1#1", "latitude"])
    }

    // MARK: - Optional array elements

    @Test("a starred key drops the elements that fail")
    func lenientArray() throws {
        let json = #"""
        {"elements": [{"id": 1, "name": "Object 1"}, {"id": null, "name": "Object 2"}, {"id": 3},
                      {"id": 4, "name": "Object 4"}, {}, {"name": "Object 6"}, 7, null],
         "page": {"items": [{"id": 9}, {"id": "x"}]}}
        """#
        let list = try Self.decoder().decode(LenientList.self, from: Data(json.utf8))
        #expect(list.elements == [SimpleElement(id: 1, name: "Object 1"), SimpleElement(id: 3, name: nil),
                                  SimpleElement(id: 4, name: "Object 4")])
        #expect(list.optionalElements == nil)
        #expect(list.nestedElements == [SimpleElement(id: 9, name: nil)])
    }

    @Test("a starred key still needs an array")
    func lenientArrayErrors() {
        #expect(tapeError(LenientList.self, json: #"{}"#, decoder: Self.decoder())?.kind == "keyNotFound")
        #expect(tapeError(LenientList.self, json: #"{"elements": null}"#, decoder: Self.decoder())?.kind == "valueNotFound")
        let mismatch = tapeError(LenientList.self, json: #"{"elements": {"id": 1}}"#, decoder: Self.decoder())
        #expect(mismatch?.kind == "typeMismatch")
        #expect(mismatch?.path == ["* elements"])
        let empty = try? Self.decoder().decode(LenientList.self, from: Data(#"{"elements": [], "others": null}"#.utf8))
        #expect(empty == LenientList(elements: [], optionalElements: nil, nestedElements: nil))
    }

    // MARK: - Array mapping

    @Test("[] collects values across nested arrays")
    func arrayMapping() throws {
        let names = try Self.decoder().decode(CountryNames.self, from: Data(countryJSON.utf8))
        #expect(names.name == "Spain")
        #expect(names.citizenNames == ["Pedro", "Juan", "Francisco"])
        #expect(names.citizens == [Citizen(id: 1, name: "Pedro"), Citizen(id: 2, name: "Juan"),
                                   Citizen(id: 5, name: "Francisco")])
        #expect(names.cityIds == [41, 21, 11])
    }

    @Test("[] errors: missing start, missing step inside an element, element errors, non-array property")
    func arrayMappingErrors() throws {
        let missing = tapeError(CountryNames.self, json: #"{"other": 1}"#, decoder: Self.decoder())
        #expect(missing?.kind == "keyNotFound")
        #expect(missing?.key == "[]country.cities.citizens.name")

        let json = #"{"country": {"cities": [{"id": 1, "citizens": [{"id": 1, "name": "A"}]}, {"id": 2}]}}"#
        let step = tapeError(CountryNames.self, json: json, decoder: Self.decoder())
        #expect(step?.kind == "keyNotFound")
        #expect(step?.key == "citizens")
        #expect(step?.path == ["[]country.cities.citizens.name"])

        let badElement = #"{"country": {"cities": [{"id": 1, "citizens": [{"id": 1, "name": 5}]}]}}"#
        let elementError = tapeError(CountryNames.self, json: badElement, decoder: Self.decoder())
        #expect(elementError?.kind == "typeMismatch")
        #expect(elementError?.path == ["[]country.cities.citizens.name", "Index 0#0"])

        struct NotArray: Decodable {
            var name: String
            enum CodingKeys: String, CodingKey { case name = "[]country.cities.name" }
        }
        #expect(tapeError(NotArray.self, json: countryJSON, decoder: Self.decoder())?.kind == "typeMismatch")
    }

    @Test("an optional [] property is nil when its first step is absent")
    func optionalMapping() throws {
        struct Optional: Decodable, Equatable {
            var ids: [Int]?
            enum CodingKeys: String, CodingKey { case ids = "[]cities.id" }
        }
        #expect(try Self.decoder().decode(Optional.self, from: Data("{}".utf8)).ids == nil)
        #expect(try Self.decoder().decode(Optional.self, from: Data(#"{"cities": null}"#.utf8)).ids == nil)
        #expect(try Self.decoder().decode(Optional.self, from: Data(#"{"cities": [{"id": 1}, {"id": 2}]}"#.utf8)).ids == [1, 2])
    }

    // MARK: - Precedence and switching off

    @Test("a literal key that exists wins over every convention")
    func literalWins() throws {
        let json = #"{"a.b": "literal", "a": {"b": "path"}, "* list": [1], "list": [2, "x"], "": "empty key"}"#
        let value = try Self.decoder().decode(LiteralWins.self, from: Data(json.utf8))
        #expect(value == LiteralWins(dotted: "literal", starred: [1], empty: "empty key"))
    }

    @Test("without keyOptions, raw values are literal keys, as in Foundation")
    func offByDefault() throws {
        let json = #"{"id": 1, "datos": {"nombre": "A"}}"#
        #expect(try TapeJSONDecoder().decode(UserDTO.self, from: Data(json.utf8)) == UserDTO(id: 1))
        #expect(tapeError(ShopDTO.self, json: #"{"shop_name": "x", "latitude": 1, "longitude": 2}"#)?.kind == "keyNotFound")
    }

    @Test("conventions set to nil are off")
    func conventionsOff() throws {
        let decoder = Self.decoder(.init(delimiter: nil, flat: nil, optionalArrayElements: nil, arrayMapping: nil))
        let json = #"{"id": 1, "datos": {"nombre": "A"}}"#
        #expect(try decoder.decode(UserDTO.self, from: Data(json.utf8)) == UserDTO(id: 1))
        #expect(tapeError(LenientList.self, json: #"{"elements": []}"#, decoder: decoder)?.kind == "keyNotFound")
    }

    @Test("contains and decodeNil follow the conventions")
    func containsThroughPaths() throws {
        struct Probe: Decodable {
            var hasName: Bool
            var hasMissing: Bool
            var nameIsNil: Bool
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: TestKey.self)
                hasName = container.contains(TestKey("datos.nombre"))
                hasMissing = container.contains(TestKey("datos.missing"))
                nameIsNil = try container.decodeNil(forKey: TestKey("datos.nombre"))
            }
        }
        let probe = try Self.decoder().decode(Probe.self, from: Data(#"{"datos": {"nombre": null}}"#.utf8))
        #expect(probe.hasName && !probe.hasMissing && probe.nameIsNil)
    }
}

extension UserDTO {
    init(id: Int) {
        self.init(id: id, name: nil, email: nil, country: nil)
    }
}
