import SwiftSyntaxMacroExpansion
import TapeJSONMacrosPlugin
import Testing

@Suite struct StructExpansionTests {
    @Test func plainStruct() {
        assertExpansion(
            """
            @TapeJSONCodable
            struct Point: Codable {
                var x: Int
                var y: Double
                let label: String
            }
            """,
            expandsTo: """
                struct Point: Codable {
                    var x: Int
                    var y: Double
                    let label: String

                    private enum CodingKeys: String, CodingKey {
                        case x, y, label
                    }
                }

                extension Point: TapeJSONDecodable {
                    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
                        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
                            TapeJSONMember.self
                        }
                        let container = try decoder.objectDecoder()
                        self.x = try container.decode(memberType(\\.x), forKey: CodingKeys.x, named: "x")
                        self.y = try container.decode(memberType(\\.y), forKey: CodingKeys.y, named: "y")
                        self.label = try container.decode(memberType(\\.label), forKey: CodingKeys.label, named: "label")
                    }
                }

                extension Point: TapeJSONEncodable {
                    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
                        var container = encoder.beginObject()
                        try container.encode(self.x, forKey: CodingKeys.x, named: "x")
                        try container.encode(self.y, forKey: CodingKeys.y, named: "y")
                        try container.encode(self.label, forKey: CodingKeys.label, named: "label")
                        container.end()
                    }
                }
                """
        )
    }

    /// A member named `Type` or `Protocol`: after a dot those words name the metatype, backticks or not,
    /// so the key is written as an implicit member with its type (`(.\`Type\` as CodingKeys)`).
    @Test func membersNamedTypeAndProtocol() {
        assertExpansion(
            """
            @TapeJSONCodable
            struct Resource: Codable {
                var `Type`: String
                var `Protocol`: String?
            }
            """,
            expandsTo: """
                struct Resource: Codable {
                    var `Type`: String
                    var `Protocol`: String?

                    private enum CodingKeys: String, CodingKey {
                        case `Type`, `Protocol`
                    }
                }

                extension Resource: TapeJSONDecodable {
                    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
                        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
                            TapeJSONMember.self
                        }
                        let container = try decoder.objectDecoder()
                        self.`Type` = try container.decode(memberType(\\.`Type`), forKey: (.`Type` as CodingKeys), named: "Type")
                        self.`Protocol` = try container.decode(memberType(\\.`Protocol`), forKey: (.`Protocol` as CodingKeys), named: "Protocol")
                    }
                }

                extension Resource: TapeJSONEncodable {
                    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
                        var container = encoder.beginObject()
                        try container.encode(self.`Type`, forKey: (.`Type` as CodingKeys), named: "Type")
                        try container.encode(self.`Protocol`, forKey: (.`Protocol` as CodingKeys), named: "Protocol")
                        container.end()
                    }
                }
                """
        )
    }

    /// Declared keys: their raw values (escaped as literals), their order (synthesized Codable's for
    /// both directions), and the properties they leave out skipped.
    @Test func codingKeysWithRawValuesAndLeftOutProperty() {
        assertExpansion(
            #"""
            @TapeJSONCodable
            struct User: Codable {
                var id: Int
                var name: String
                var cache: [String] = []
                var `default`: Bool
                enum CodingKeys: String, CodingKey {
                    case name = "user \"name\"\\", id
                    case `default` = "is_default"
                }
            }
            """#,
            expandsTo: #"""
                struct User: Codable {
                    var id: Int
                    var name: String
                    var cache: [String] = []
                    var `default`: Bool
                    enum CodingKeys: String, CodingKey {
                        case name = "user \"name\"\\", id
                        case `default` = "is_default"
                    }
                }

                extension User: TapeJSONDecodable {
                    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
                        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
                            TapeJSONMember.self
                        }
                        let container = try decoder.objectDecoder()
                        self.name = try container.decode(memberType(\.name), forKey: CodingKeys.name, named: "user \"name\"\\")
                        self.id = try container.decode(memberType(\.id), forKey: CodingKeys.id, named: "id")
                        self.`default` = try container.decode(memberType(\.`default`), forKey: CodingKeys.`default`, named: "is_default")
                    }
                }

                extension User: TapeJSONEncodable {
                    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
                        var container = encoder.beginObject()
                        try container.encode(self.name, forKey: CodingKeys.name, named: "user \"name\"\\")
                        try container.encode(self.id, forKey: CodingKeys.id, named: "id")
                        try container.encode(self.`default`, forKey: CodingKeys.`default`, named: "is_default")
                        container.end()
                    }
                }
                """#
        )
    }

    /// A struct's declared keys may implement `init(stringValue:)`, `init(rawValue:)`, `intValue` and
    /// `init(intValue:)`: a struct's synthesized Codable calls none of them (its keys are the cases'
    /// `stringValue`, the raw values); an enum's `init(from:)` finds its case through the first two.
    @Test func codingKeysWithHandWrittenInitializersAndIntValue() {
        assertExpansion(
            #"""
            @TapeJSONDecodable
            struct Item: Codable {
                var id: Int
                enum CodingKeys: String, CodingKey {
                    case id = "ID"
                    init?(stringValue: String) { self.init(rawValue: stringValue.uppercased()) }
                    init?(rawValue: String) { if rawValue == "ID" { self = .id } else { return nil } }
                    var intValue: Int? { 1 }
                    init?(intValue: Int) { nil }
                }
            }
            """#,
            expandsTo: #"""
                struct Item: Codable {
                    var id: Int
                    enum CodingKeys: String, CodingKey {
                        case id = "ID"
                        init?(stringValue: String) { self.init(rawValue: stringValue.uppercased()) }
                        init?(rawValue: String) { if rawValue == "ID" { self = .id } else { return nil } }
                        var intValue: Int? { 1 }
                        init?(intValue: Int) { nil }
                    }
                }

                extension Item: TapeJSONDecodable {
                    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
                        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
                            TapeJSONMember.self
                        }
                        let container = try decoder.objectDecoder()
                        self.id = try container.decode(memberType(\.id), forKey: CodingKeys.id, named: "ID")
                    }
                }
                """#,
            macros: ["TapeJSONDecodable": allMacros["TapeJSONDecodable"]!]
        )
    }

    /// `let x = v` and `let x: T = v` are encoded, not decoded; `var x: T = v` is both.
    @Test func letAndVarWithDefaults() {
        assertExpansion(
            """
            @TapeJSONCodable
            struct Settings: Codable {
                let version = 2
                let kind: String = "settings"
                var retries: Int = 3
                var name: String
            }
            """,
            expandsTo: """
                struct Settings: Codable {
                    let version = 2
                    let kind: String = "settings"
                    var retries: Int = 3
                    var name: String

                    private enum CodingKeys: String, CodingKey {
                        case version, kind, retries, name
                    }
                }

                extension Settings: TapeJSONDecodable {
                    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
                        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
                            TapeJSONMember.self
                        }
                        let container = try decoder.objectDecoder()
                        self.retries = try container.decode(memberType(\\.retries), forKey: CodingKeys.retries, named: "retries")
                        self.name = try container.decode(memberType(\\.name), forKey: CodingKeys.name, named: "name")
                    }
                }

                extension Settings: TapeJSONEncodable {
                    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
                        var container = encoder.beginObject()
                        try container.encode(self.version, forKey: CodingKeys.version, named: "version")
                        try container.encode(self.kind, forKey: CodingKeys.kind, named: "kind")
                        try container.encode(self.retries, forKey: CodingKeys.retries, named: "retries")
                        try container.encode(self.name, forKey: CodingKeys.name, named: "name")
                        container.end()
                    }
                }
                """
        )
    }

    /// Optionals of every spelling: the type comes from the key path (`T!` gives `T?`), and an optional
    /// type picks the runtime's `decodeIfPresent` overload.
    @Test func optionals() {
        assertExpansion(
            """
            @TapeJSONDecodable
            struct Options: Codable {
                var a: Int?
                var b: Optional<String>
                var c: Double!
                var d: [Int?]?
                var e: (any Codable & Sendable)?
            }
            """,
            expandsTo: """
                struct Options: Codable {
                    var a: Int?
                    var b: Optional<String>
                    var c: Double!
                    var d: [Int?]?
                    var e: (any Codable & Sendable)?

                    private enum CodingKeys: String, CodingKey {
                        case a, b, c, d, e
                    }
                }

                extension Options: TapeJSONDecodable {
                    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
                        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
                            TapeJSONMember.self
                        }
                        let container = try decoder.objectDecoder()
                        self.a = try container.decode(memberType(\\.a), forKey: CodingKeys.a, named: "a")
                        self.b = try container.decode(memberType(\\.b), forKey: CodingKeys.b, named: "b")
                        self.c = try container.decode(memberType(\\.c), forKey: CodingKeys.c, named: "c")
                        self.d = try container.decode(memberType(\\.d), forKey: CodingKeys.d, named: "d")
                        self.e = try container.decode(memberType(\\.e), forKey: CodingKeys.e, named: "e")
                    }
                }
                """
        )
    }

    /// Static, computed and multiple-binding declarations; observers keep a property stored;
    /// attributes that are not property wrappers are fine.
    @Test func storedPropertiesOnly() {
        assertExpansion(
            """
            @TapeJSONEncodable
            struct Mixed: Codable {
                static var shared = 0
                static let limit: Int = 3
                var a, b: Int
                var c = 1, d: String
                var total: Int { a + b }
                var doubled: Int {
                    get { a * 2 }
                    set { a = newValue / 2 }
                }
                var watched: Int = 0 {
                    didSet { print(watched) }
                }
                @available(*, deprecated) var old: Int
                @MainActor var main: Int
            }
            """,
            expandsTo: """
                struct Mixed: Codable {
                    static var shared = 0
                    static let limit: Int = 3
                    var a, b: Int
                    var c = 1, d: String
                    var total: Int { a + b }
                    var doubled: Int {
                        get { a * 2 }
                        set { a = newValue / 2 }
                    }
                    var watched: Int = 0 {
                        didSet { print(watched) }
                    }
                    @available(*, deprecated) var old: Int
                    @MainActor var main: Int

                    private enum CodingKeys: String, CodingKey {
                        case a, b, c, d, watched, old, main
                    }
                }

                extension Mixed: TapeJSONEncodable {
                    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
                        var container = encoder.beginObject()
                        try container.encode(self.a, forKey: CodingKeys.a, named: "a")
                        try container.encode(self.b, forKey: CodingKeys.b, named: "b")
                        try container.encode(self.c, forKey: CodingKeys.c, named: "c")
                        try container.encode(self.d, forKey: CodingKeys.d, named: "d")
                        try container.encode(self.watched, forKey: CodingKeys.watched, named: "watched")
                        try container.encode(self.old, forKey: CodingKeys.old, named: "old")
                        try container.encode(self.main, forKey: CodingKeys.main, named: "main")
                        container.end()
                    }
                }
                """
        )
    }

    /// No type annotation is needed (`var count = 0` is decoded, as synthesized Codable does): the
    /// generated code never spells a property's type.
    @Test func untypedVarWithDefault() {
        assertExpansion(
            """
            @TapeJSONDecodable
            struct Counter: Codable {
                var count = 0
            }
            """,
            expandsTo: """
                struct Counter: Codable {
                    var count = 0

                    private enum CodingKeys: String, CodingKey {
                        case count
                    }
                }

                extension Counter: TapeJSONDecodable {
                    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
                        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
                            TapeJSONMember.self
                        }
                        let container = try decoder.objectDecoder()
                        self.count = try container.decode(memberType(\\.count), forKey: CodingKeys.count, named: "count")
                    }
                }
                """
        )
    }

    @Test func multipleBindings() {
        assertExpansion(
            """
            @TapeJSONDecodable
            struct Pair: Codable {
                var a, b: Int
            }
            """,
            expandsTo: """
                struct Pair: Codable {
                    var a, b: Int

                    private enum CodingKeys: String, CodingKey {
                        case a, b
                    }
                }

                extension Pair: TapeJSONDecodable {
                    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
                        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
                            TapeJSONMember.self
                        }
                        let container = try decoder.objectDecoder()
                        self.a = try container.decode(memberType(\\.a), forKey: CodingKeys.a, named: "a")
                        self.b = try container.decode(memberType(\\.b), forKey: CodingKeys.b, named: "b")
                    }
                }
                """
        )
    }

    @Test func genericStruct() {
        assertExpansion(
            """
            @TapeJSONCodable
            struct Box<Value: Codable>: Codable {
                var value: Value
                var values: [Value]
            }
            """,
            expandsTo: """
                struct Box<Value: Codable>: Codable {
                    var value: Value
                    var values: [Value]

                    private enum CodingKeys: String, CodingKey {
                        case value, values
                    }
                }

                extension Box: TapeJSONDecodable {
                    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
                        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
                            TapeJSONMember.self
                        }
                        let container = try decoder.objectDecoder()
                        self.value = try container.decode(memberType(\\.value), forKey: CodingKeys.value, named: "value")
                        self.values = try container.decode(memberType(\\.values), forKey: CodingKeys.values, named: "values")
                    }
                }

                extension Box: TapeJSONEncodable {
                    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
                        var container = encoder.beginObject()
                        try container.encode(self.value, forKey: CodingKeys.value, named: "value")
                        try container.encode(self.values, forKey: CodingKeys.values, named: "values")
                        container.end()
                    }
                }
                """
        )
    }

    /// The extension names the type as the compiler passes it: `Outer.Inner` for a nested type.
    @Test func nestedType() {
        assertExpansion(
            """
            enum Outer {
                @TapeJSONDecodable
                struct Inner: Codable {
                    var q: Int
                }
            }
            """,
            expandsTo: """
                enum Outer {
                    struct Inner: Codable {
                        var q: Int

                        private enum CodingKeys: String, CodingKey {
                            case q
                        }
                    }
                }

                extension Outer.Inner: TapeJSONDecodable {
                    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
                        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
                            TapeJSONMember.self
                        }
                        let container = try decoder.objectDecoder()
                        self.q = try container.decode(memberType(\\.q), forKey: CodingKeys.q, named: "q")
                    }
                }
                """
        )
    }

    /// No keys: synthesized `init(from:)` asks for no container, so any value decodes (a held-out
    /// probe found the generated path asking for an object).
    @Test func emptyStruct() {
        assertExpansion(
            """
            @TapeJSONCodable
            struct Empty: Codable {}
            """,
            expandsTo: """
                struct Empty: Codable {

                    private enum CodingKeys: CodingKey {
                    }
                }

                extension Empty: TapeJSONDecodable {
                    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
                        // No keys: synthesized Codable reads no container.
                    }
                }

                extension Empty: TapeJSONEncodable {
                    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
                        var container = encoder.beginObject()
                        container.end()
                    }
                }
                """
        )
    }

    @Test func decodableOnly() {
        assertExpansion(
            """
            @TapeJSONDecodable
            struct Reading: Codable {
                var value: Double
                func encode(to encoder: any Encoder) throws {}
            }
            """,
            expandsTo: """
                struct Reading: Codable {
                    var value: Double
                    func encode(to encoder: any Encoder) throws {}

                    private enum CodingKeys: String, CodingKey {
                        case value
                    }
                }

                extension Reading: TapeJSONDecodable {
                    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
                        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
                            TapeJSONMember.self
                        }
                        let container = try decoder.objectDecoder()
                        self.value = try container.decode(memberType(\\.value), forKey: CodingKeys.value, named: "value")
                    }
                }
                """
        )
    }

    @Test func encodableOnly() {
        assertExpansion(
            """
            @TapeJSONEncodable
            struct Sample: Codable {
                var at = 0
                init(from decoder: any Decoder) throws {}
            }
            """,
            expandsTo: """
                struct Sample: Codable {
                    var at = 0
                    init(from decoder: any Decoder) throws {}

                    private enum CodingKeys: String, CodingKey {
                        case at
                    }
                }

                extension Sample: TapeJSONEncodable {
                    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
                        var container = encoder.beginObject()
                        try container.encode(self.at, forKey: CodingKeys.at, named: "at")
                        container.end()
                    }
                }
                """
        )
    }

    /// The compiler leaves out of `conformingTo` the protocols the type already conforms to: no
    /// extension for those (and no check of what only they would need).
    @Test func alreadyConformingType() {
        assertExpansion(
            """
            @TapeJSONCodable
            struct Point: Codable, TapeJSONDecodable {
                var x: Int
                init(tapeJSON decoder: TapeJSONValueDecoder) throws { x = 0 }
                init(from decoder: any Decoder) throws { x = 0 }
            }
            """,
            expandsTo: """
                struct Point: Codable, TapeJSONDecodable {
                    var x: Int
                    init(tapeJSON decoder: TapeJSONValueDecoder) throws { x = 0 }
                    init(from decoder: any Decoder) throws { x = 0 }

                    private enum CodingKeys: String, CodingKey {
                        case x
                    }
                }

                extension Point: TapeJSONEncodable {
                    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
                        var container = encoder.beginObject()
                        try container.encode(self.x, forKey: CodingKeys.x, named: "x")
                        container.end()
                    }
                }
                """,
            macros: [
                "TapeJSONCodable": MacroSpec(type: TapeJSONCodableMacro.self, conformances: protocols("TapeJSONEncodable"))
            ]
        )
    }

    @Test func alreadyConformingToBoth() {
        assertExpansion(
            """
            @TapeJSONCodable
            struct Done: TapeJSONCodable {
                var x: Int
            }
            """,
            expandsTo: """
                struct Done: TapeJSONCodable {
                    var x: Int
                }
                """,
            macros: ["TapeJSONCodable": MacroSpec(type: TapeJSONCodableMacro.self, conformances: [])]
        )
    }
}
