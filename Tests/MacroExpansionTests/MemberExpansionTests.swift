import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import TapeJSONMacrosPlugin
import Testing

/// The member role: the `CodingKeys` synthesized Codable would make, added when the body declares
/// none (so that one declared in an extension is a redeclaration, not a silent difference), and not
/// added otherwise.
@Suite struct MemberExpansionTests {
    /// Every stored instance property, in declaration order, as written: `let x = v` (encoded, not
    /// decoded), backticked names, observed properties; static and computed ones are not keys.
    @Test func addedForStruct() {
        assertExpansion(
            """
            @TapeJSONDecodable
            struct Config {
                static var count = 0
                let version = 2
                var `default`: Bool
                var name: String { "config" }
                var level: Int = 0 {
                    didSet {}
                }
            }
            """,
            expandsTo: """
                struct Config {
                    static var count = 0
                    let version = 2
                    var `default`: Bool
                    var name: String { "config" }
                    var level: Int = 0 {
                        didSet {}
                    }

                    private enum CodingKeys: String, CodingKey {
                        case version, `default`, level
                    }
                }

                extension Config: TapeJSONDecodable {
                    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
                        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
                            TapeJSONMember.self
                        }
                        let container = try decoder.objectDecoder()
                        self.`default` = try container.decode(memberType(\\.`default`), forKey: CodingKeys.`default`, named: "default")
                        self.level = try container.decode(memberType(\\.level), forKey: CodingKeys.level, named: "level")
                    }
                }
                """,
            macros: ["TapeJSONDecodable": allMacros["TapeJSONDecodable"]!]
        )
    }

    /// One case per enum case, with or without payload, as written.
    @Test func addedForPayloadEnum() {
        assertExpansion(
            """
            @TapeJSONEncodable
            enum Shape {
                case circle(radius: Double)
                case `default`, none
            }
            """,
            expandsTo: """
                enum Shape {
                    case circle(radius: Double)
                    case `default`, none

                    private enum CodingKeys: String, CodingKey {
                        case circle, `default`, none
                    }

                    private enum CircleCodingKeys: String, CodingKey {
                        case radius
                    }
                }

                extension Shape: TapeJSONEncodable {
                    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
                        var container = encoder.beginObject()
                        switch self {
                        case .circle(let value0):
                            var payload = container.beginObject(forKey: CodingKeys.circle, named: "circle")
                            try payload.encode(value0, forKey: CircleCodingKeys.radius, named: "radius")
                            payload.end()
                        case .`default`:
                            var payload = container.beginObject(forKey: CodingKeys.`default`, named: "default")
                            payload.end()
                        case .none:
                            var payload = container.beginObject(forKey: CodingKeys.none, named: "none")
                            payload.end()
                        }
                        container.end()
                    }
                }
                """,
            macros: ["TapeJSONEncodable": allMacros["TapeJSONEncodable"]!]
        )
    }

    /// The body's own `CodingKeys` is the one Codable uses: nothing is added.
    @Test func noneWhenBodyDeclaresCodingKeys() {
        assertExpansion(
            """
            @TapeJSONEncodable
            struct Tag {
                var name: String
                enum CodingKeys: String, CodingKey {
                    case name = "tag"
                }
            }
            """,
            expandsTo: """
                struct Tag {
                    var name: String
                    enum CodingKeys: String, CodingKey {
                        case name = "tag"
                    }
                }

                extension Tag: TapeJSONEncodable {
                    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
                        var container = encoder.beginObject()
                        try container.encode(self.name, forKey: CodingKeys.name, named: "tag")
                        container.end()
                    }
                }
                """,
            macros: ["TapeJSONEncodable": allMacros["TapeJSONEncodable"]!]
        )
    }

    /// A `CodingKeys` of another kind: the extension role's error, once, and no member.
    @Test func noneWhenBodyDeclaresCodingKeysTypealias() {
        assertExpansion(
            """
            @TapeJSONEncodable
            struct Tag {
                var name: String
                typealias CodingKeys = OtherKeys
            }
            """,
            expandsTo: """
                struct Tag {
                    var name: String
                    typealias CodingKeys = OtherKeys
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@TapeJSONEncodable needs CodingKeys to be an enum with String raw values "
                        + "('enum CodingKeys: String, CodingKey'), so that it can read each key at compile "
                        + "time; give CodingKeys the String raw type",
                    line: 4, column: 15, severity: .error)
            ],
            macros: ["TapeJSONEncodable": allMacros["TapeJSONEncodable"]!]
        )
    }

    /// A raw-value enum is coded as its raw value: no keys, nothing added (a standard library raw type,
    /// bare or `Swift.`-qualified, with implicit or explicit raw values).
    @Test func noneForRawValueEnums() {
        assertExpansion(
            """
            @TapeJSONEncodable
            enum Code: UInt8 {
                case ok, failed
            }
            @TapeJSONEncodable
            enum Mark: Swift.Int128 {
                case a = 1
            }
            """,
            expandsTo: """
                enum Code: UInt8 {
                    case ok, failed
                }
                enum Mark: Swift.Int128 {
                    case a = 1
                }

                extension Code: TapeJSONEncodable {
                    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
                        try encoder.encode(self.rawValue)
                    }
                }

                extension Mark: TapeJSONEncodable {
                    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
                        try encoder.encode(self.rawValue)
                    }
                }
                """,
            macros: ["TapeJSONEncodable": allMacros["TapeJSONEncodable"]!]
        )
    }

    /// No member where the type is left to the compiler: an error reported (a property wrapper), an
    /// enum without cases or with cases sharing a base name (Codable cannot synthesize either).
    @Test func noneWhenLeftToTheCompiler() {
        assertExpansion(
            """
            @TapeJSONEncodable
            struct Volume {
                @Clamped var level: Int
            }
            @TapeJSONEncodable
            enum Never2 {}
            @TapeJSONEncodable
            enum Twice {
                case a(Int), a(text: String)
            }
            """,
            expandsTo: """
                struct Volume {
                    @Clamped var level: Int
                }
                enum Never2 {}
                enum Twice {
                    case a(Int), a(text: String)
                }

                extension Never2: TapeJSONEncodable {
                    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
                        switch self {
                        }
                    }
                }

                extension Twice: TapeJSONEncodable {
                    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
                        var container = encoder.beginObject()
                        switch self {
                        case .a(let value0):
                            var payload = container.beginObject(forKey: CodingKeys.a, named: "a")
                            try payload.encode(value0, forKey: ACodingKeys._0, named: "_0")
                            payload.end()
                        case .a(let value0):
                            var payload = container.beginObject(forKey: CodingKeys.a, named: "a")
                            try payload.encode(value0, forKey: ACodingKeys.text, named: "text")
                            payload.end()
                        }
                        container.end()
                    }
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@TapeJSONEncodable does not support the property wrapper @Clamped on 'level' (any "
                        + "attribute but Swift's own and @MainActor is taken for one): Codable encodes and decodes "
                        + "the wrapper through the wrapper type's own conformance, which the generated code cannot "
                        + "reproduce; remove the wrapper, or the macro",
                    line: 3, column: 5, severity: .error)
            ],
            macros: ["TapeJSONEncodable": allMacros["TapeJSONEncodable"]!]
        )
    }
}
