import Foundation
import TapeJSON
import Testing

/// The resource-file suites of swift-foundation's Tests/FoundationEssentialsTests/JSONEncoderTests.swift
/// (`jsonPassTests`, `jsonFailTests`, `json5PassJSONFiles`, `json5Spec`). Upstream reads its documents from
/// resource files; these are the project's own documents, written to exercise the same features and the
/// same classes of failure, and each is decoded by Foundation's `JSONDecoder` and by `TapeJSONDecoder`
/// configured alike: the two must give equal values, or both throw.
@Suite("Foundation's resource-file suites, with this project's documents")
struct ResourceSuiteParityTests {
    // MARK: Helpers

    /// Decodes `data` with both decoders; records an issue unless both give equal values (by `same`)
    /// or both throw. Returns TapeJSON's result.
    @discardableResult
    static func compare<T: Decodable>(
        _ type: T.Type, _ data: Data, setup: Setup = Setup(), _ label: String,
        same: (T, T) -> Bool, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> Result<T, any Error> {
        let expected = Result { try setup.foundation().decode(type, from: data) }
        let actual = Result { try setup.tape().decode(type, from: data) }
        switch (expected, actual) {
        case (.success(let a), .success(let b)):
            #expect(same(a, b), "\(label): Foundation decoded \(a), TapeJSON \(b)", sourceLocation: sourceLocation)
        case (.failure, .failure(let b)):
            #expect(b is DecodingError, "\(label): TapeJSON threw \(b)", sourceLocation: sourceLocation)
        case (.success(let a), .failure(let b)):
            Issue.record("\(label): Foundation decoded \(a), TapeJSON threw \(ErrorSummary(b))", sourceLocation: sourceLocation)
        case (.failure(let a), .success(let b)):
            Issue.record("\(label): Foundation threw \(ErrorSummary(a)), TapeJSON decoded \(b)", sourceLocation: sourceLocation)
        }
        return actual
    }

    @discardableResult
    static func compare<T: Decodable & Equatable>(
        _ type: T.Type, _ data: Data, setup: Setup = Setup(), _ label: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> Result<T, any Error> {
        compare(type, data, setup: setup, label, same: ==, sourceLocation: sourceLocation)
    }

    static let json5 = Setup(allowsJSON5: true)

    // MARK: jsonPassTests

    /// Upstream's pass run: decode (upstream uses a JSON5-enabled decoder, this runs both modes), then
    /// re-encode with `JSONEncoder`, compact and pretty-printed, and decode that back to the same value.
    static func pass<T: Codable & Equatable>(_ type: T.Type, _ name: String, _ data: Data,
                                             sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for setup in [Setup(), json5] {
            let label = "\(name)\(setup.allowsJSON5 ? " (JSON5)" : "")"
            guard case .success(let decoded) = compare(type, data, setup: setup, label, sourceLocation: sourceLocation) else {
                Issue.record("\(label): TapeJSON did not decode a valid document", sourceLocation: sourceLocation)
                continue
            }
            let pretty = JSONEncoder()
            pretty.outputFormatting = .prettyPrinted
            for encoder in [JSONEncoder(), pretty] {
                do {
                    let again = try setup.tape().decode(type, from: try encoder.encode(decoded))
                    #expect(again == decoded, "\(label) re-encoded", sourceLocation: sourceLocation)
                } catch {
                    Issue.record("\(label) re-encoded: \(error)", sourceLocation: sourceLocation)
                }
            }
        }
    }

    static func pass<T: Codable & Equatable>(_ type: T.Type, _ name: String, _ json: String,
                                             sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        pass(type, name, Data(json.utf8), sourceLocation: sourceLocation)
    }

    /// Deep nesting under keys that are not Swift names, in all five encodings upstream reads it in
    /// (UTF-8, UTF-16 and UTF-32 of both byte orders, without byte-order marks).
    struct Catalog: Codable, Equatable {
        let catalog: Body
        struct Body: Codable, Equatable {
            let title: String
            let section: Section
            enum CodingKeys: String, CodingKey { case title, section = "Section" }
        }
        struct Section: Codable, Equatable {
            let title: String
            let shelf: Shelf
            enum CodingKeys: String, CodingKey { case title, shelf = "Shelf" }
        }
        struct Shelf: Codable, Equatable {
            let item: Item
            enum CodingKeys: String, CodingKey { case item = "Item" }
        }
        struct Item: Codable, Equatable {
            let sku, name, maker, code, standard: String
            let details: Details
            let seeAlso: String
            enum CodingKeys: String, CodingKey {
                case sku = "SKU", name = "Name", maker = "Maker", code = "Code", standard = "Standard"
                case details = "Details", seeAlso = "SeeAlso"
            }
        }
        struct Details: Codable, Equatable {
            let text: String
            let related: [String]
            enum CodingKeys: String, CodingKey { case text, related = "Related" }
        }
    }

    static let catalog = """
    {
        "catalog": {
            "title": "sample catalogue",
            "Section": {
                "title": "K",
                "Shelf": {
                    "Item": {
                        "SKU": "KTL-7",
                        "Name": "Stovetop Kettle \u{1FAD6}",
                        "Maker": "Kettleworks \u{2126}mega",
                        "Code": "KTL",
                        "Standard": "EN 60335-2-15:2016",
                        "Details": {
                            "text": "A kettle for boiling water, used to brew drinks such as th\u{E9} vert.",
                            "Related": ["TEAPOT", "CUP"]
                        },
                        "SeeAlso": "teapot"
                    }
                }
            }
        }
    }
    """

    @Test("pass: deep keyed nesting in UTF-8, UTF-16 and UTF-32 of both byte orders (pass1-*)")
    func passCatalogEncodings() throws {
        Self.pass(Catalog.self, "catalog utf8", Self.catalog)
        for encoding: String.Encoding in [.utf16BigEndian, .utf16LittleEndian, .utf32BigEndian, .utf32LittleEndian] {
            let data = try #require(Self.catalog.data(using: encoding))
            Self.pass(Catalog.self, "catalog \(encoding)", data)
        }
        let decoded = try TapeJSONDecoder().decode(Catalog.self, from: try #require(Self.catalog.data(using: .utf32LittleEndian)))
        #expect(decoded.catalog.section.shelf.item.name == "Stovetop Kettle \u{1FAD6}")
        #expect(decoded.catalog.section.shelf.item.details.related == ["TEAPOT", "CUP"])
    }

    struct Toolbar: Codable, Equatable {
        let toolbar: Bar
        struct Bar: Codable, Equatable { let id, value: String; let panel: Panel }
        struct Panel: Codable, Equatable { let buttons: [Button] }
        struct Button: Codable, Equatable { let value, action: String }
    }

    struct Dialog: Codable, Equatable {
        let dialog: Body
        struct Body: Codable, Equatable { let verbose: String; let frame: Frame; let icon: Icon; let label: Label }
        struct Frame: Codable, Equatable { let caption, name: String; let width, height: Int }
        struct Icon: Codable, Equatable { let path, name: String; let x, y: Int; let anchor: String }
        struct Label: Codable, Equatable {
            let text: String
            let fontSize: Int
            let weight, name: String
            let x, y: Int
            let anchor, onClick: String
        }
    }

    @Test("pass: arrays of objects, numbers and script-like strings (pass2, pass3)")
    func passMenusAndWidgets() {
        Self.pass(Toolbar.self, "toolbar", """
        {"toolbar": {
          "id": "edit",
          "value": "Edit",
          "panel": {
            "buttons": [
              {"value": "Cut", "action": "CutSelection()"},
              {"value": "Copy", "action": "CopySelection()"},
              {"value": "Paste", "action": "PasteClipboard()"}
            ]
          }
        }}
        """)
        Self.pass(Dialog.self, "dialog", """
        {"dialog": {
            "verbose": "off",
            "frame": {
                "caption": "Settings Dialog",
                "name": "settings_frame",
                "width": 640,
                "height": 480
            },
            "icon": {
                "path": "Icons/Gear.svg",
                "name": "gear1",
                "x": 12,
                "y": 8,
                "anchor": "left"
            },
            "label": {
                "text": "Apply",
                "fontSize": 14,
                "weight": "semibold",
                "name": "label1",
                "x": 320,
                "y": 440,
                "anchor": "right",
                "onClick": "gear1.angle = (gear1.angle + 45) % 360;"
            }
        }}
        """)
    }

    /// Hyphenated keys, keys with colons, and many optional members of which some are absent.
    struct BuildConfig: Codable, Equatable {
        let config: Config
        enum CodingKeys: String, CodingKey { case config = "build-config" }
        struct Config: Codable, Equatable {
            let target: [Target]
            let targetMapping: [String: String]
            let toolchain: Toolchain
            enum CodingKeys: String, CodingKey { case target, targetMapping = "target-mapping", toolchain }
        }
        struct Target: Codable, Equatable {
            let name, kind: String
            let parameters: Parameters?
            enum CodingKeys: String, CodingKey { case name = "target-name", kind = "target-kind", parameters = "build-param" }
        }
        struct Parameters: Codable, Equatable {
            let optimizationLevel: String?
            let enableTesting: Bool?
            let parallelJobs, cacheSizeMB, retryCount, timeoutSeconds: Int?
            let maintainerEmail, outputPath, logLevel, sanitizer: String?
            let warningsAsErrors: Bool?
            let signingIdentity: String?
            let signingTeam: String?
            enum CodingKeys: String, CodingKey {
                case optimizationLevel, enableTesting, parallelJobs, cacheSizeMB, retryCount, timeoutSeconds
                case maintainerEmail, outputPath, logLevel, sanitizer, warningsAsErrors
                case signingIdentity = "signing:identity"
                // Spelled without the colon the document has: absent, so nil.
                case signingTeam = "signingTeam"
            }
        }
        struct Toolchain: Codable, Equatable {
            let uri, location: String
            enum CodingKeys: String, CodingKey { case uri = "toolchain-uri", location = "toolchain-location" }
        }
    }

    @Test("pass: hyphenated and colon keys, optional members present and absent (pass4)")
    func passBuildConfig() throws {
        let json = """
        {"build-config": {
          "target": [
            {
              "target-name": "core",
              "target-kind": "library",
              "build-param": {
                "optimizationLevel": "speed",
                "enableTesting": false,
                "parallelJobs": 8,
                "cacheSizeMB": 512,
                "maintainerEmail": "builds@example.org",
                "warningsAsErrors": true,
                "retryCount": 0,
                "outputPath": "/var/build/out",
                "logLevel": "INFO",
                "signing:identity": "Developer ID",
                "signing:team": "T-42"
              }
            },
            {
              "target-name": "cli",
              "target-kind": "executable",
              "build-param": {"parallelJobs": 2, "logLevel": "DEBUG", "outputPath": ""}
            },
            {
              "target-name": "docs",
              "target-kind": "documentation"
            }
          ],
          "target-mapping": {
            "core": "/lib/*",
            "cli": "/bin/*",
            "docs": "/share/doc/*"
          },
          "toolchain": {
            "toolchain-uri": "swift.org/toolchains/6.3",
            "toolchain-location": "/usr/share/swift"
          }
        }}
        """
        Self.pass(BuildConfig.self, "build-config", json)
        let decoded = try TapeJSONDecoder().decode(BuildConfig.self, from: Data(json.utf8))
        #expect(decoded.config.target[0].parameters?.signingIdentity == "Developer ID")
        #expect(decoded.config.target[0].parameters?.signingTeam == nil)
        #expect(decoded.config.target[2].parameters == nil)
    }

    struct Photo: Codable, Equatable {
        let photo: Body
        enum CodingKeys: String, CodingKey { case photo = "Photo" }
        struct Body: Codable, Equatable {
            let width, height: Int
            let caption: String
            let preview: Preview
            let tags: [Int]
            enum CodingKeys: String, CodingKey {
                case width = "Width", height = "Height", caption = "Caption", preview = "Preview", tags = "Tags"
            }
        }
        struct Preview: Codable, Equatable {
            let link: String
            let height: Int
            let width: String
            enum CodingKeys: String, CodingKey { case link = "Link", height = "Height", width = "Width" }
        }
    }

    struct Place: Codable, Equatable {
        let accuracy: String
        let lat, lon: Double
        let street, town, region, postcode, nation: String
        enum CodingKeys: String, CodingKey {
            case accuracy, lat = "Lat", lon = "Lon", street = "Street", town = "Town", region = "Region"
            case postcode = "Postcode", nation = "Nation"
        }
    }

    struct Palette: Codable, Equatable {
        let palette: Body
        struct Body: Codable, Equatable { let header: String; let tools: [Tool] }
        struct Tool: Codable, Equatable { let id: String; let hint: String? }
    }

    @Test("pass: leading whitespace, a key whose value is a String in one place and an Int in another, Doubles, optional members (pass5, pass6, pass7)")
    func passPhotosPlacesPalettes() {
        Self.pass(Photo.self, "photo", """
           {
              "Photo": {
                  "Width":  1024,
                  "Height": 768,
                  "Caption":  "Harbour at dusk",
                  "Preview": {
                      "Link":    "http://www.example.com/photo/902112",
                      "Height": 96,
                      "Width":  "128"
                  },
                  "Tags": [7, 4096, 31, 65535]
                }
           }
        """)
        Self.pass([Place].self, "places", """
           [
              {
                 "accuracy": "city",
                 "Lat":  48.8566,
                 "Lon": 2.352222,
                 "Street":   "",
                 "Town":      "PARIS",
                 "Region":     "IDF",
                 "Postcode":       "75001",
                 "Nation":   "FR"
              },
              {
                 "accuracy": "city",
                 "Lat":  -33.868820,
                 "Lon": 151.209296,
                 "Street":   "",
                 "Town":      "SYDNEY",
                 "Region":     "NSW",
                 "Postcode":       "2000",
                 "Nation":   "AU"
              }
           ]
        """)
        Self.pass(Palette.self, "palette", """
        {"palette": {
            "header": "Drawing Tools",
            "tools": [
                {"id": "Pen"},
                {"id": "Brush", "hint": "Paint Brush"},
                {"id": "Eraser"},
                {"id": "Fill", "hint": "Bucket Fill"},
                {"id": "Picker", "hint": "Colour Picker..."},
                {"id": "Zoom"},
                {"id": "Lasso", "hint": "Free Selection"}
            ]
        }}
        """)
    }

    typealias Nineteen = [[[[[[[[[[[[[[[[[[[String]]]]]]]]]]]]]]]]]]]

    @Test("pass: an array nested nineteen deep (pass8)")
    func passNested() throws {
        let json = String(repeating: "[", count: 19) + #""nested nineteen deep""# + String(repeating: "]", count: 19)
        Self.pass(Nineteen.self, "nineteen", json)
        var value: Any = try TapeJSONDecoder().decode(Nineteen.self, from: Data(json.utf8))
        for _ in 0..<18 { value = (value as! [Any])[0] }
        #expect(value as? [String] == ["nested nineteen deep"])
    }

    /// The kinds of values and keys of upstream's test pattern: escapes, odd keys, exponents, an empty
    /// key, keys spelled like literals, spacing inside arrays, a key made of escapes.
    struct Special: Codable, Equatable {
        let integer: UInt64
        let real, e, E, empty: Double
        let zero, one: UInt8
        let space, quote, backslash, controls, slash, alpha, ALPHA, digit, digits, special, hex: String
        let `true`, `false`: Bool
        let null: Bool?
        let array: [String]
        let object: [String: String]
        let address: String
        let url: URL
        let comment, markup: String
        let spaced, compact: [Int]
        let jsontext, quotes, escapedKey: String

        enum CodingKeys: String, CodingKey {
            case integer, real, e, E, empty = "", zero, one, space, quote, backslash, controls, slash, alpha, ALPHA
            case digit, digits = "9876543210", special, hex, `true`, `false`, null, array, object, address, url
            case comment, markup = "<!-- /* # -->", spaced = " k e y  w i t h  s p a c e s ", compact, jsontext, quotes
            case escapedKey = "/\\\"\u{E9}\u{4E2D}\u{1F600}\u{8}\u{C}\n\r\t~`!@#$%^&*()_+=-{}[]|:;'<>,.?/"
        }
    }

    /// upstream's pattern is read element by element from one unkeyed container.
    struct Pattern: Codable, Equatable {
        var title = ""
        var oneMember: [String: [String]] = [:]
        var emptyObject: [String: String] = [:]
        var emptyArray: [String] = []
        var negative = 0
        var yes = false, no = true
        var sawNull = false
        var special: Special?
        var floats: [Float] = []
        var integer = 0
        var doubles: [Double] = []
        var last = ""

        init(from decoder: any Decoder) throws {
            var c = try decoder.unkeyedContainer()
            title = try c.decode(String.self)
            oneMember = try c.decode([String: [String]].self)
            emptyObject = try c.decode([String: String].self)
            emptyArray = try c.decode([String].self)
            negative = try c.decode(Int.self)
            yes = try c.decode(Bool.self)
            no = try c.decode(Bool.self)
            sawNull = try c.decodeNil()
            special = try c.decode(Special.self)
            for _ in 0..<3 { floats.append(try c.decode(Float.self)) }
            integer = try c.decode(Int.self)
            for _ in 0..<6 { doubles.append(try c.decode(Double.self)) }
            last = try c.decode(String.self)
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.unkeyedContainer()
            try c.encode(title)
            try c.encode(oneMember)
            try c.encode(emptyObject)
            try c.encode(emptyArray)
            try c.encode(negative)
            try c.encode(yes)
            try c.encode(no)
            if sawNull { try c.encodeNil() }
            try c.encode(special)
            for f in floats { try c.encode(f) }
            try c.encode(integer)
            for d in doubles { try c.encode(d) }
            try c.encode(last)
        }
    }

    static let pattern = #"""
    [
        "Test pattern of this project",
        {"an object with one member":["an array with one element"]},
        {},
        [],
        -17,
        true,
        false,
        null,
        {
            "integer": 9876543210,
            "real": -1234.567890,
            "e": 0.987654321e-15,
            "E": 9.87654321E+27,
            "":  98765432101E55,
            "zero": 0,
            "one": 1,
            "space": " ",
            "quote": "\"",
            "backslash": "\\",
            "controls": "\t\r\n\f\b",
            "slash": "a/b & a\/b",
            "alpha": "zyxwvutsrqponmlkjihgfedcba",
            "ALPHA": "ZYXWVUTSRQPONMLKJIHGFEDCBA",
            "digit": "9876543210",
            "9876543210": "digits",
            "special": "?></.;|}{][=-+_)(*&^%$#@!~`,':",
            "hex": "\u0041\u00DF\u0416\u3042\uFB01\uabcd",
            "true": true,
            "false": false,
            "null": null,
            "array":[   ],
            "object":{   },
            "address": "221B Baker Street",
            "url": "https://www.example.com/path?q=1",
            "comment": "/* not a comment */ <!-- nor this --> // nor this",
            "<!-- /* # -->": "",
            " k e y  w i t h  s p a c e s " :[7,6 , 5

    ,

    4 , 3        ,          2           ,1        ],"compact":[7,6,5,4,3,2,1],
            "jsontext": "[\"an array\", {\"with\": \"an object\"}]",
            "quotes": "&quot; \u0022 %22 0x22 &#x22;",
            "\/\\\"\u00E9\u4E2D\uD83D\uDE00\b\f\n\r\t~`!@#$%^&*()_+=-{}[]|:;'<>,.?/"
    : "any string may be a key"
        },
        0.25 ,12.75
    ,
    -3.5
    ,

    2048,
    2e2,
    0.2e1,
    2e-1,
    3e00,4e+00,5e-00
    ,"the end"]
    """#

    @Test("pass: the test pattern: escapes, odd keys, exponents, literals as keys, spacing (pass9)")
    func passPattern() throws {
        Self.pass(Pattern.self, "pattern", Self.pattern)
        let decoded = try TapeJSONDecoder().decode(Pattern.self, from: Data(Self.pattern.utf8))
        #expect(decoded.sawNull)
        #expect(decoded.special?.empty == 98765432101e55)
        #expect(decoded.special?.escapedKey == "any string may be a key")
        #expect(decoded.special?.controls == "\t\r\n\u{C}\u{8}")
        #expect(decoded.special?.hex == "A\u{DF}\u{416}\u{3042}\u{FB01}\u{ABCD}")
        #expect(decoded.doubles == [200, 2, 0.2, 3, 4, 5])
        #expect(decoded.floats == [0.25, 12.75, -3.5])
    }

    struct Result12: Codable, Equatable {
        let result: Items
        struct Items: Codable, Equatable { let items: Page }
        struct Page: Codable, Equatable {
            let page: Entry
            enum CodingKeys: String, CodingKey { case page = "4711" }
        }
        struct Entry: Codable, Equatable { let itemid, rev: Int; let title: String; let links: [Link] }
        struct Link: Codable, Equatable {
            let lang, star: String
            enum CodingKeys: String, CodingKey { case lang, star = "*" }
        }
    }

    @Test("pass: dictionaries with spaced keys, escaped quotes, digit and symbol keys, a repeated key, escaped slashes in keys (pass10-14)")
    func passDictionaries() throws {
        Self.pass([String: [String: String]].self, "spaced keys", """
        {
            "A test pattern of this project": {
                "The outer value": "may be an object or an array.",
                "Here": "it is an object."
            }
        }
        """)
        Self.pass([String: String].self, "dollar key", ##"{"$ref":"\"#/a\""}"##)
        Self.pass(Result12.self, "digit key", #"{"result":{"items":{"4711":{"itemid":4711,"rev":3,"title":"\u6c34","links":[{"lang":"de","*":"Wa\u00dfer"}]}}}}"#)
        Self.pass([String: Int].self, "repeated key", #"{"n":2, "n":2}"#)
        #expect(try TapeJSONDecoder().decode([String: Int].self, from: Data(#"{"n":2, "n":2}"#.utf8)) == ["n": 2])
        let slashes = """
        {
            "b1":
            {
                "p":
                {
                    "xyz\\/":"d"
                }
            },
            "bcdefgh":
            {
                "q":
                {
                    "xyz\\/":"e",
                    "bcdefgh":"f"
                }
            }
        }
        """
        Self.pass([String: [String: [String: String]]].self, "escaped slash keys", slashes)
        #expect(try TapeJSONDecoder().decode([String: [String: [String: String]]].self, from: Data(slashes.utf8))["bcdefgh"]?["q"]?["xyz/"] == "e")
    }

    /// A device record: a class that holds, through an optional struct, another instance of itself;
    /// nulls for optionals; a key repeated in one object with different values; large timestamps.
    struct Sensor: Codable, Equatable {
        let online: Bool
        let klass: String
        let warnings: [String: [String]]
        let group: Int
        let ref: Ref
        let sid, label: String
        let attributes: Attributes
        let status: Status
        let kind: String
        let revision: Int
        enum CodingKeys: String, CodingKey {
            case online, klass = "class", warnings, group, ref, sid, label, attributes, status, kind, revision
        }

        struct Ref: Codable, Equatable {
            let klass: String
            let counter, host: Int
            let fresh: Bool
            let stamp, stampSeconds: UInt64
            enum CodingKeys: String, CodingKey { case klass = "class", counter, host, fresh, stamp, stampSeconds }
        }

        final class Attributes: Codable, Equatable {
            let sid, kind: String
            let record: Record?
            let group: Int
            let label: String?
            let status: Status?
            let apiTime, gatewayTime: String?
            let readings: [String: Float]?

            static func == (a: Attributes, b: Attributes) -> Bool {
                a.sid == b.sid && a.kind == b.kind && a.record == b.record && a.group == b.group && a.label == b.label
                    && a.status == b.status && a.apiTime == b.apiTime && a.gatewayTime == b.gatewayTime && a.readings == b.readings
            }
        }

        struct Record: Codable, Equatable {
            let ref: Ref
            let group: Int
            let sid, label, kind: String
            let revision: Int
            enum CodingKeys: String, CodingKey { case ref = "_ref", group, sid, label, kind, revision }
        }

        struct Status: Codable, Equatable {
            let apiTime: String
            let online: Bool
            let klass: String
            let warnings: [String: [String]]
            let readings: [String: Float]
            let gatewayTime: String
            let group: Int
            let ref: Ref
            let sid: String
            let attributes: Attributes
            let kind: String
            let revision: Int?
            enum CodingKeys: String, CodingKey {
                case apiTime, online, klass = "class", warnings, readings, gatewayTime, group, ref, sid, attributes, kind, revision
            }
        }
    }

    static let sensor = """
    {"online":true,"class":"example.api.Sensor","warnings":{"warnings":[]},"group":12,\
    "ref":{"class":"example.ObjectRef","counter":-204857311,"host":771234987,"fresh":true,"stamp":1700000000123,"stampSeconds":1700000000},\
    "sid":"sensor:0042","label":"Attic","attributes":{"sid":"sensor:0042","kind":"thermo",\
    "record":{"_ref":{"class":"example.ObjectRef","counter":-204857311,"host":771234987,"fresh":false,"stamp":1700000000123,"stampSeconds":1700000000},\
    "group":12,"sid":"sensor:0042","label":"Attic","kind":"thermo","revision":3},"group":12,"label":"Attic",\
    "status":{"apiTime":"2024-03-01T10:00:00Z","online":false,"class":"example.api.Reading","warnings":{"warnings":[]},\
    "readings":{"celsius":21.5},"gatewayTime":"1970-01-01T00:00:00Z","group":12,\
    "ref":{"class":"example.ObjectRef","counter":6120533,"host":771230001,"fresh":false,"stamp":1709287200000,"stampSeconds":1709287200},\
    "sid":"sensor:0042","attributes":{"sid":"sensor:0042","apiTime":"2024-03-01T10:00:00Z","gatewayTime":"1970-01-01T00:00:00Z",\
    "kind":"thermo","group":12,"readings":{"celsius":21.5},"record":null},"kind":"thermo","revision":null,\
    "warnings":{"warnings":["stale"]}}},\
    "status":{"apiTime":"2024-03-01T10:00:00Z","online":true,"class":"example.api.Reading","warnings":{"warnings":["low battery"]},\
    "readings":{"celsius":21.75,"humidity":0.4375},"gatewayTime":"1970-01-01T00:00:00Z","group":12,\
    "ref":{"class":"example.ObjectRef","counter":6120534,"host":771230001,"fresh":true,"stamp":1709287260000,"stampSeconds":1709287260},\
    "sid":"sensor:0042","attributes":{"sid":"sensor:0042","kind":"thermo","group":12,"record":null,"label":null,"status":null},\
    "kind":"thermo","revision":4},"kind":"thermo","revision":7}
    """

    @Test("pass: a class holding itself through an optional, nulls, a key repeated with another value (pass15)")
    func passSensor() throws {
        Self.pass(Sensor.self, "sensor", Self.sensor)
        let decoded = try TapeJSONDecoder().decode(Sensor.self, from: Data(Self.sensor.utf8))
        // The repeated "warnings" is read in document order: the first occurrence, as in Foundation.
        #expect(decoded.attributes.status?.warnings == ["warnings": []])
        #expect(decoded.attributes.status?.attributes.record == nil)
        #expect(decoded.status.attributes.status == nil)
        #expect(decoded.ref.stamp == 1_700_000_000_123)
    }

    // MARK: jsonFailTests

    /// Upstream runs each fail document with `assumesTopLevelDictionary` set; both decoders must throw.
    static func fail<T: Decodable & Equatable>(_ type: T.Type, _ name: String, _ data: Data,
                                               sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        var setup = Setup()
        setup.assumesTopLevelDictionary = true
        let result = compare(type, data, setup: setup, name, sourceLocation: sourceLocation)
        #expect(throws: DecodingError.self, "\(name) must fail", sourceLocation: sourceLocation) { try result.get() }
    }

    static func fail<T: Decodable & Equatable>(_ type: T.Type, _ name: String, _ json: String,
                                               sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        fail(type, name, Data(json.utf8), sourceLocation: sourceLocation)
    }

    @Test("fail: structure: a bare string, unclosed and mismatched brackets, stray and missing commas, extra values (fail1-10, 18, 19, 21, 22, 32, 33)")
    func failStructure() {
        Self.fail(String.self, "a string alone", #""The top level of this document is a string, not an object.""#)
        Self.fail([String].self, "unclosed array", #"["this array never closes""#)
        Self.fail([String: String].self, "unquoted key", #"{bare_key: "keys need quotes"}"#)
        Self.fail([String].self, "array closed by a brace", #"["opened as an array"}"#)
        Self.fail([String].self, "two commas before the close", #"["two commas",,]"#)
        Self.fail([String].self, "comma before the first value", #"[  , "<-- nothing before the comma"]"#)
        Self.fail([String].self, "comma after the close", #"["a comma follows the close"],"#)
        Self.fail([String].self, "an extra close", #"["closed twice"]]"#)
        Self.fail([String: Bool].self, "object closed by a bracket", #"{"opened as an object": true]"#)
        Self.fail([String: Bool].self, "a value after the close", #"{"closed": true} "and then a value""#)
        Self.fail([String].self, "two values without a comma", #"["no" "comma"]"#)
        Self.fail([String: String?].self, "no colon", #"{"no colon here" null}"#)
        Self.fail([String: String?].self, "comma for colon", #"{"a comma where the colon goes", null}"#)
        Self.fail([String].self, "colon for comma", #"["a colon where the comma goes": false]"#)
        Self.fail([String: Bool].self, "ends after a comma", #"{"the closing brace is missing": true,"#)
        Self.fail([String].self, "mismatch at the end", #"["x", "y"}"#)
    }

    @Test("fail: values: expressions, calls, leading zeros, hex, bad literals, single quotes (fail11-14, 16, 23, 24)")
    func failValues() {
        Self.fail([String: Int].self, "an expression", #"{"sum": 3 * 4}"#)
        Self.fail([String: String].self, "a call", #"{"call": confirm()}"#)
        Self.fail([String: Int].self, "a leading zero", #"{"no leading zeros": 042}"#)
        Self.fail([String: Int].self, "hex", #"{"no hex": 0x2A}"#)
        Self.fail([String].self, "a bare backslash word", #"[\bare]"#)
        Self.fail([String].self, "a misspelt literal", #"["bad literal", falsehood]"#)
        Self.fail([String].self, "single quotes", #"['single quotes']"#)
    }

    @Test("fail: strings: invalid escapes, raw tabs and line breaks, invalid UTF-8, truncated and bad \\u escapes, unterminated (fail15, 17, 25-28, 34, 35, 39-41)")
    func failStrings() {
        Self.fail([String].self, "\\x escape", #"["an escape JSON lacks: \x41"]"#)
        Self.fail([String].self, "octal escape", #"["an octal escape: \101"]"#)
        Self.fail([String].self, "raw tabs", "[\"raw\ttabs\tin\ta\tstring\"]")
        Self.fail([String].self, "escaped spaces", "[\"escaped\\ spaces\\ are\\ not\\ escapes\"]")
        Self.fail([String].self, "raw line break", "[\"a raw\nline break\"]")
        Self.fail([String].self, "escaped line break", "[\"an escaped\\\nline break\"]")
        Self.fail([String].self, "invalid UTF-8", Data(#"["pear"#.utf8) + Data([0xB9, 0xD9, 0xCD, 0xF8]) + Data(#""]"#.utf8))
        Self.fail([String: String].self, "unterminated string", #"{"the string does not end" : "here"#)
        Self.fail([String: String].self, "truncated \\u", #"{"short escape": "7\u4f", "next": "value"}"#)
        Self.fail([String: String].self, "bad hex digit", #"{"bad hex": "a \u12G4 b"}"#)
        Self.fail([String: String].self, "ends after a quote", #"{"end":""#)
    }

    @Test("fail: numbers: exponents without digits, a lone minus, letters, a trailing point (fail29-31, 36-38)")
    func failNumbers() {
        Self.fail([Float].self, "exponent without digits", "[1e]")
        Self.fail([Float].self, "signed exponent without digits", "[1E-]")
        Self.fail([Float].self, "two exponent signs", "[1e-+2]")
        Self.fail([String: Int].self, "lone minus", "{\"a minus and no digits\": -}\n\n")
        Self.fail([String: Int].self, "letters inside", "{\"letters in a number\": -42XYZz7}\n")
        Self.fail([String: Float].self, "point without digits", "{\"a point and no digits\":7.}\n\n")
    }

    // MARK: json5PassJSONFiles

    struct Example5: Codable, Equatable {
        let name, motto, wrapped: String
        let mask: UInt
        let fraction, whole: Double
        let offset: Int
        let lastComma: String
        let list: [String]
        let quotedKey: String
    }

    struct Hex5: Codable, Equatable { let decimal, hex: [Int] }
    struct Numbers5: Codable, Equatable { let w, x, y: Double; let z: Int }
    struct Strings5: Codable, Equatable { let One, Two, Three, hexA, hexB: String }
    struct Whitespace5: Codable, Equatable { let Greeting: String }

    /// JSON5 documents: both decoders with `allowsJSON5` give the same value, which re-encodes and
    /// decodes back; plain JSON decoding of them throws in both.
    static func pass5<T: Codable & Equatable>(_ type: T.Type, _ name: String, _ json: String,
                                              sourceLocation: Testing.SourceLocation = #_sourceLocation) -> T? {
        let data = Data(json.utf8)
        guard case .success(let decoded) = compare(type, data, setup: json5, name, sourceLocation: sourceLocation) else {
            Issue.record("\(name): TapeJSON did not decode the JSON5 document", sourceLocation: sourceLocation)
            return nil
        }
        let again = Result { try json5.tape().decode(type, from: try JSONEncoder().encode(decoded)) }
        #expect((try? again.get()) == decoded, "\(name) re-encoded", sourceLocation: sourceLocation)
        compare(type, data, name + " as plain JSON", sourceLocation: sourceLocation)
        return decoded
    }

    @Test("JSON5 pass documents: the feature tour, hex, numbers, strings, whitespace and comments (json5PassJSONFiles)")
    func json5PassDocuments() throws {
        let example = Self.pass5(Example5.self, "example", """
        // a JSON5 settings file
        {
          // comments are allowed
          name: 'unquoted keys, single-quoted "values"',
          motto: "double quotes with 'single' inside",
          wrapped: "first half, \\
        second half",
          mask: 0xBEEF,
          fraction: .125, whole: 42.,
          offset: +7,
          lastComma: 'allowed', list: ['one',],
          "quotedKey": "as in JSON",
        }
        """)
        // An escaped line break keeps the line break, as in Foundation.
        #expect(example?.wrapped == "first half, \nsecond half")
        #expect(example?.mask == 0xBEEF)
        let hex = Self.pass5(Hex5.self, "hex", """
        {
            "decimal": [2, 32, 10, 10, 255, -2, -32, -10, 0],
            "hex": [0x2, 0x20, 0xa, 0x0A, 0XFF, -0x2, -0x20, -0xA, 0x00],
        }
        """)
        #expect(hex.map { $0.decimal == $0.hex } == true)
        let numbers = Self.pass5(Numbers5.self, "numbers", """
        {
            w: .5,
            x: 0.5,
            y: 7.,
            z: 7
        }
        """)
        #expect(numbers == Numbers5(w: 0.5, x: 0.5, y: 7, z: 7))
        let strings = Self.pass5(Strings5.self, "strings", """
        {
            "One" : "1",
            'Two' : '2',
            "Three" : '3',
            "hexA" : "\\x41bc",
            "hexB" : "x\\x41\\x42\\x43d",
        }
        """)
        #expect(strings == Strings5(One: "1", Two: "2", Three: "3", hexA: "Abc", hexB: "xABCd"))
        let whitespace = Self.pass5(Whitespace5.self, "whitespace", """
        /* a comment before everything */{\u{20}
            "Greeting" :/* a comment between colon and value */ "hi"
            // a line comment inside the object
        }/* a comment closed by many stars ******/
        // a last line with no line break after it
        """)
        #expect(whitespace == Whitespace5(Greeting: "hi"))
    }

    // MARK: json5Spec

    /// upstream's classes of json5 spec documents.
    enum Kind {
        /// Valid JSON: both modes decode it.
        case json
        /// JSON5 only: plain JSON throws.
        case json5
        /// JSON5 that Foundation's plain JSON also reads (a trailing comma), which TapeJSON rejects as
        /// RFC 8259 requires: the README's deliberate difference 1.
        case trailingComma
        /// JavaScript that JSON5 excludes, or text that is not even JavaScript: both modes throw.
        case js, malformed
    }

    static func spec<T: Decodable>(_ name: String, _ kind: Kind, _ type: T.Type, _ text: String,
                                   same: (T, T) -> Bool, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let data = Data(text.utf8)
        let five = compare(type, data, setup: json5, name + " (JSON5)", same: same, sourceLocation: sourceLocation)
        switch kind {
        case .json, .json5, .trailingComma:
            #expect((try? five.get()) != nil, "\(name) decodes as JSON5", sourceLocation: sourceLocation)
        case .js, .malformed:
            #expect((try? five.get()) == nil, "\(name) is not JSON5", sourceLocation: sourceLocation)
        }
        switch kind {
        case .trailingComma:
            #expect(foundationError(type, json: text) == nil, "Foundation reads \(name)", sourceLocation: sourceLocation)
            #expect(tapeError(type, json: text, sourceLocation: sourceLocation) == .invalidJSON, sourceLocation: sourceLocation)
        default:
            let plain = compare(type, data, name, same: same, sourceLocation: sourceLocation)
            #expect(((try? plain.get()) != nil) == (kind == .json), "\(name) as plain JSON", sourceLocation: sourceLocation)
        }
    }

    static func spec<T: Decodable & Equatable>(_ name: String, _ kind: Kind, _ type: T.Type, _ text: String,
                                               sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        spec(name, kind, type, text, same: ==, sourceLocation: sourceLocation)
    }

    /// A Double compared bit for bit (so that -0.0 is not 0.0), NaN equal to NaN.
    struct Bits: Decodable, Equatable, CustomStringConvertible {
        let value: Double
        init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(Double.self) }
        static func == (a: Bits, b: Bits) -> Bool { a.value.bitPattern == b.value.bitPattern || (a.value.isNaN && b.value.isNaN) }
        var description: String { "\(value)" }
    }

    /// upstream's `NullReader`: decodes only from null.
    struct NullOnly: Decodable, Equatable {
        struct NotNull: Error {}
        init(from decoder: any Decoder) throws {
            guard try decoder.singleValueContainer().decodeNil() else { throw NotNull() }
        }
    }

    @Test("json5Spec: arrays")
    func specArrays() {
        Self.spec("empty array", .json, [Bool].self, "[]")
        Self.spec("regular array", .json, [Bool?].self, "[\n    false,\n    true,\n    null\n]")
        Self.spec("trailing comma array", .trailingComma, [NullOnly].self, "[\n    null,\n]")
        Self.spec("leading comma array", .js, [Bool].self, "[\n    ,true\n]")
        Self.spec("lone trailing comma array", .js, [Bool].self, "[\n    ,\n]")
        Self.spec("no comma array", .malformed, [Bool].self, "[\n    false\n    true\n]")
    }

    @Test("json5Spec: comments")
    func specComments() {
        Self.spec("block comment after an element", .json5, [Bool].self, "[\n    true\n    /*\n        false\n    */\n]")
        Self.spec("block comment after the value", .json5, NullOnly.self, "null\n/*\n    A comment after the only value.\n*/")
        Self.spec("block comment in a string", .json, String.self, #""Inside a string, /* this */ is text.""#)
        Self.spec("block comment before the value", .json5, NullOnly.self, "/*\n    A comment before the only value.\n*/\nnull")
        Self.spec("block comment with asterisks", .json5, Bool.self, "/**\n * A doc-style comment,\n * with a star on each line,\n * closed by several stars.\n ****/\nfalse")
        Self.spec("line comment after an element", .json5, [Bool].self, "[\n    true   // false\n]")
        Self.spec("line comment after the value", .json5, NullOnly.self, "null // a comment after the only value")
        Self.spec("line comment in a string", .json, String.self, #""Inside a string, // this is text.""#)
        Self.spec("line comment before the value", .json5, NullOnly.self, "// a comment before the only value\nnull")
        Self.spec("only a block comment", .malformed, Bool.self, "/*\n    Nothing but a comment.\n*/")
        Self.spec("only a line comment", .malformed, Bool.self, "// Nothing but a comment.")
        Self.spec("unterminated block comment", .malformed, Bool.self, "false\n/*\n    This comment never ends,\n    after a valid value.\n")
    }

    struct Package: Codable, Equatable {
        let name: String
        let publishConfig: PublishConfig
        let description: String
        let keywords: [String]
        let version: String
        let preferGlobal: Bool
        let config: [String: Bool]
        let homepage, author: String
        let repository, bugs: [String: String]
        let directories: [String: String]
        let main, bin: String
        let dependencies, devDependencies, engines, scripts: [String: String]
        let bundleDependencies: [String]
        let licenses: [[String: String]]
        struct PublishConfig: Codable, Equatable {
            let restricted: Bool
            enum CodingKeys: String, CodingKey { case restricted = "restricted-access" }
        }
    }

    static let packageJSON = """
    {
      "name": "tapekit",
      "publishConfig": {
        "restricted-access": false
      },
      "description": "A made-up package manifest",
      "keywords": [
        "json",
        "parser",
        "package.json"
      ],
      "version": "2.4.1",
      "preferGlobal": false,
      "config": {
        "dryRun": true
      },
      "homepage": "https://example.org/tapekit/",
      "author": "A. Person <a@example.org> (https://example.org/~a)",
      "repository": {
        "type": "git",
        "url": "https://example.org/tapekit.git"
      },
      "bugs": {
        "email": "bugs@example.org",
        "url": "https://example.org/tapekit/issues"
      },
      "directories": {
        "doc": "./doc",
        "lib": "./lib",
        "bin": "./bin"
      },
      "main": "./lib/index.js",
      "bin": "./bin/tapekit.js",
      "dependencies": {
        "semver": "~7.5.0",
        "left-pad": "1",
        "glob-stream": ">=2.0.0 <3",
        "@scope/util": "*"
      },
      "bundleDependencies": [
        "left-pad"
      ],
      "devDependencies": {
        "tap": "~16"
      },
      "engines": {
        "node": ">=18"
      },
      "scripts": {
        "test": "tap test/*.js",
        "build": "node build.js --mode=release"
      },
      "licenses": [
        {
          "type": "MIT",
          "url": "https://example.org/LICENSE"
        }
      ]
    }
    """

    static let packageJSON5 = """
    {
      name: 'tapekit',
      publishConfig: {
        'restricted-access': false,
      },
      description: 'A made-up package manifest',
      keywords: [
        'json',
        'parser',
        'package.json',
      ],
      version: '2.4.1',
      preferGlobal: false,
      config: {
        dryRun: true,
      },
      homepage: 'https://example.org/tapekit/',
      author: 'A. Person <a@example.org> (https://example.org/~a)',
      repository: {
        type: 'git',
        url: 'https://example.org/tapekit.git',
      },
      bugs: {
        email: 'bugs@example.org',
        url: 'https://example.org/tapekit/issues',
      },
      directories: {
        doc: './doc',
        lib: './lib',
        bin: './bin',
      },
      main: './lib/index.js',
      bin: './bin/tapekit.js',
      dependencies: {
        semver: '~7.5.0',
        'left-pad': '1',
        'glob-stream': '>=2.0.0 <3',
        '@scope/util': '*',
      },
      bundleDependencies: [
        'left-pad',
      ],
      devDependencies: {
        tap: '~16',
      },
      engines: {
        node: '>=18',
      },
      scripts: {
        test: 'tap test/*.js',
        build: 'node build.js --mode=release',
      },
      licenses: [
        {
          type: 'MIT',
          url: 'https://example.org/LICENSE',
        },
      ],
    }
    """

    struct Readme: Decodable, Equatable {
        let foo: String
        let `while`: Bool
        let this, here: String
        let hex: UInt
        let half: Double
        let delta: Int
        let to: Double
        let finally: String
        let oh: [String]
    }

    @Test("json5Spec: misc: a package manifest as JSON and as JSON5, the feature tour, JSON5 whitespace, empty input")
    func specMisc() throws {
        Self.spec("package manifest", .json, Package.self, Self.packageJSON)
        Self.spec("package manifest", .json5, Package.self, Self.packageJSON5)
        #expect(try Self.json5.tape().decode(Package.self, from: Data(Self.packageJSON5.utf8)) ==
                TapeJSONDecoder().decode(Package.self, from: Data(Self.packageJSON.utf8)))
        Self.spec("feature tour", .json5, Readme.self, """
        // a tour of JSON5
        {
          foo: 'baz',
          while: false,
          this: 'is a \\
        string on two lines',
          here: 'is another', // a line comment
          /* a block comment */
          hex: 0xCAFE,
          half: .25,
          delta: +5,
          to: Infinity,
          finally: 'a trailing comma',
          oh: [
            "double quotes",
            'single quotes',
          ],
        }
        """)
        Self.spec("form feed as whitespace", .json5, [String: Bool].self, "{\n    \u{C}// a form feed comes before this comment\n  \"b\": false\n}\n")
        Self.spec("empty", .malformed, Bool.self, "")
    }

    @Test("json5Spec: line breaks: comments ended by CR, CRLF and LF; escaped CR, CRLF and LF in strings")
    func specNewLines() throws {
        for (name, br) in [("CR", "\r"), ("CRLF", "\r\n"), ("LF", "\n")] {
            Self.spec("comment ended by \(name)", .json5, [String: String].self,
                      "{\(br)    // this comment ends with \(name)\(br)}\(br)")
            Self.spec("escaped \(name)", .json5, [String: String].self,
                      "{\(br)    // the string below continues after an escaped \(name)\(br)    s: 'part 1 \\\(br)part 2'\(br)}\(br)")
            // The escaped line break stays in the string, as in Foundation.
            #expect(try Self.json5.tape().decode([String: String].self, from: Data("{s: 'a\\\(br)b'}".utf8)) == ["s": "a\(br)b"])
        }
    }

    @Test("json5Spec: numbers JSON5 and JSON read", arguments: [
        (".25", Kind.json5), ("0.25", .json), ("3.e2", .json5), ("3.", .json5), ("4.5e1", .json), ("4.5", .json),
        ("Infinity", .json5), ("2e21", .json), ("2e-21", .json), ("NaN", .json5), ("-.25", .json5), ("-0.25", .json),
        ("-3.", .json5), ("-4.5", .json), ("-Infinity", .json5), ("-.0", .json5), ("-0.", .json5), ("-0.0", .json),
        ("+.25", .json5), ("+0.25", .json5), ("+3.", .json5), ("+4.5", .json5), ("+Infinity", .json5),
        ("+.0", .json5), ("+0.", .json5), ("+0.0", .json5), (".0", .json5), ("0.", .json5), ("0.0", .json),
    ])
    func specDoubles(text: String, kind: Kind) {
        Self.spec(text, kind, Bits.self, text + "\n")
    }

    @Test("json5Spec: integers JSON5 and JSON read", arguments: [
        ("0xab", Kind.json5), ("0XAB", .json5), ("0xabe2", .json5), ("0xAB", .json5), ("+0xAB", .json5),
        ("3e+2", .json), ("7e-0", .json), ("7e+0", .json), ("7e0", .json), ("27", .json), ("-0xAB", .json5),
        ("-27", .json), ("-0x0", .json5), ("-0", .json), ("+27", .json5), ("+0x0", .json5), ("+0", .json5),
        ("0x0", .json5), ("0e21", .json), ("0", .json),
    ])
    func specIntegers(text: String, kind: Kind) {
        Self.spec(text, kind, Int.self, text + "\n")
        if !text.hasPrefix("-") {
            Self.spec(text, kind, UInt.self, text + "\n")
        }
    }

    @Test("json5Spec: numbers neither reads", arguments: [
        "0x", "2e3.4", "2e0x5", "2e-3.4", "2e-0x5", "2e+3.4", "2e+0x5", ".", "-089", "-0567", "0890", "090",
        "017", "+089", "+0567", "+00", "00", "-00",
    ])
    func specBadNumbers(text: String) {
        let kind: Kind = ["-089", "0890", "090", "+089"].contains(text) ? .js : .malformed
        Self.spec(text, kind, Int.self, text + "\n")
        Self.spec(text, kind, Bits.self, text + "\n")
    }

    @Test("json5Spec: objects")
    func specObjects() {
        Self.spec("repeated key", .json, [String: Bool].self, "{\n    \"k\": false,\n    \"k\": true\n}\n")
        Self.spec("empty object", .json, [String: Bool].self, "{}")
        Self.spec("reserved word as key", .json5, [String: Bool].self, "{\n    if: false\n}\n")
        Self.spec("single-quoted key", .json5, [String: String].self, "{\n    'greeting': \"hi\"\n}\n")
        Self.spec("trailing comma object", .trailingComma, [String: String].self, "{\n    \"k\": \"v\",\n}\n")
        Self.spec("unquoted keys", .json5, [String: String].self, """
        {
            hi: "word",
            _: "underscore",
            $: "dollar",
            two2: "digits",
            $_$: "symbols",
            _$abc123xyz$_: "mixed"
        }
        """)
        Self.spec("key starting with a digit", .malformed, [String: String].self, "{\n    3d: \"three d\"\n}")
        Self.spec("key with a dash", .malformed, [String: String].self, "{\n    dash-key: \"dash\"\n}")
        Self.spec("leading comma object", .malformed, [String: String].self, "{\n    ,\"a\": \"b\"\n}")
        Self.spec("lone trailing comma object", .malformed, [String: String].self, "{\n    ,\n}")
        Self.spec("no comma object", .malformed, [String: String].self, "{\n    \"a\": \"b\"\n    \"c\": \"d\"\n}")
        Self.spec("\\u escape in an unquoted key", .json5, [String: String].self, "{\n    del\\u03B4ta: \"a change\"\n}\n")
        Self.spec("non-ASCII unquoted key", .json5, [String: String].self, "{\n    \u{E7}\u{E0}f\u{E9}: \"accents\"\n}\n")
    }

    @Test("json5Spec: strings")
    func specStrings() throws {
        Self.spec("escaped single quote", .json5, String.self, #"'don\'t stop'"#)
        Self.spec("string on two lines", .json5, String.self, "'first\\\n second'")
        Self.spec("single-quoted string", .json5, String.self, "'hi there'")
        Self.spec("unescaped line break", .malformed, String.self, "\"one\ntwo\"\n")
        #expect(try Self.json5.tape().decode(String.self, from: Data(#"'don\'t stop'"#.utf8)) == "don't stop")
    }
}
