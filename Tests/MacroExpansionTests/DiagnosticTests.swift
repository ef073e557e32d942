import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// Each error the macros report: the declaration is left as it is, with no extension.
@Suite struct DiagnosticTests {
    func error(_ message: String, line: Int, column: Int) -> DiagnosticSpec {
        DiagnosticSpec(message: message, line: line, column: column, severity: .error)
    }

    @Test func classIsRejected() {
        assertExpansion(
            """
            @TapeJSONCodable
            final class Node: Codable {
                var value = 0
            }
            """,
            expandsTo: """
                final class Node: Codable {
                    var value = 0
                }
                """,
            diagnostics: [
                error(
                    "@TapeJSONCodable cannot be applied to a class: a class's Codable conformance involves "
                        + "required initializers and inherited properties the macro cannot see; use a struct, "
                        + "or keep the class on plain Codable",
                    line: 1, column: 1)
            ]
        )
    }

    @Test func protocolIsRejected() {
        assertExpansion(
            """
            @TapeJSONDecodable
            protocol Shape: Codable {}
            """,
            expandsTo: """
                protocol Shape: Codable {}
                """,
            diagnostics: [
                error(
                    "@TapeJSONDecodable cannot be applied to a protocol: it generates code from the stored "
                        + "properties or cases of a struct or enum; apply it to each conforming struct or enum",
                    line: 1, column: 1)
            ]
        )
    }

    @Test func actorIsRejected() {
        assertExpansion(
            """
            @TapeJSONEncodable
            actor Counter {
                var count = 0
            }
            """,
            expandsTo: """
                actor Counter {
                    var count = 0
                }
                """,
            diagnostics: [
                error(
                    "@TapeJSONEncodable cannot be applied to an actor: its state cannot be read synchronously "
                        + "from nonisolated code; copy the state into a struct and apply @TapeJSONEncodable to that",
                    line: 1, column: 1)
            ]
        )
    }

    @Test func handWrittenInitFrom() {
        assertExpansion(
            """
            @TapeJSONCodable
            struct Point: Codable {
                var x: Int
                init(from decoder: any Decoder) throws { x = 0 }
            }
            """,
            expandsTo: """
                struct Point: Codable {
                    var x: Int
                    init(from decoder: any Decoder) throws { x = 0 }
                }
                """,
            diagnostics: [
                error(
                    "@TapeJSONCodable cannot be used with a hand-written init(from:): the generated fast path "
                        + "init(tapeJSON:) decodes the members directly and would bypass it; remove init(from:), "
                        + "or use @TapeJSONEncodable so that decoding keeps going through init(from:)",
                    line: 4, column: 5)
            ]
        )
    }

    /// A hand-written `init(from:)` or `encode(to:)` inside `#if` (any clause, nested blocks too).
    @Test func handWrittenCodableInsideIfConfig() {
        assertExpansion(
            """
            @TapeJSONCodable
            struct Point: Codable {
                var x: Int
                #if DEBUG
                init(from decoder: any Decoder) throws { x = 0 }
                #else
                #if os(Linux)
                func encode(to encoder: any Encoder) throws {}
                #endif
                #endif
            }
            """,
            expandsTo: """
                struct Point: Codable {
                    var x: Int
                    #if DEBUG
                    init(from decoder: any Decoder) throws { x = 0 }
                    #else
                    #if os(Linux)
                    func encode(to encoder: any Encoder) throws {}
                    #endif
                    #endif
                }
                """,
            diagnostics: [
                error(
                    "@TapeJSONCodable cannot be used with a hand-written init(from:): the generated fast path "
                        + "init(tapeJSON:) decodes the members directly and would bypass it; remove init(from:), "
                        + "or use @TapeJSONEncodable so that decoding keeps going through init(from:)",
                    line: 5, column: 5),
                error(
                    "@TapeJSONCodable cannot be used with a hand-written encode(to:): the generated fast path "
                        + "encode(tapeJSON:) writes the members directly and would bypass it; remove encode(to:), "
                        + "or use @TapeJSONDecodable so that encoding keeps going through encode(to:)",
                    line: 8, column: 10),
            ]
        )
    }

    @Test func handWrittenEncodeTo() {
        assertExpansion(
            """
            @TapeJSONEncodable
            enum Mode: Codable {
                case on, off
                func encode(to encoder: any Encoder) throws {}
            }
            """,
            expandsTo: """
                enum Mode: Codable {
                    case on, off
                    func encode(to encoder: any Encoder) throws {}
                }
                """,
            diagnostics: [
                error(
                    "@TapeJSONEncodable cannot be used with a hand-written encode(to:): the generated fast path "
                        + "encode(tapeJSON:) writes the members directly and would bypass it; remove encode(to:), "
                        + "or use @TapeJSONDecodable so that encoding keeps going through encode(to:)",
                    line: 4, column: 10)
            ]
        )
    }

    @Test func propertyWrapper() {
        assertExpansion(
            """
            @TapeJSONCodable
            struct Volume: Codable {
                @Clamped(0...11) var level: Int = 0
                @MainActor var label: String
            }
            """,
            expandsTo: """
                struct Volume: Codable {
                    @Clamped(0...11) var level: Int = 0
                    @MainActor var label: String
                }
                """,
            diagnostics: [
                wrapperError("TapeJSONCodable", "Clamped", "level", line: 3, column: 5)
            ]
        )
    }

    func wrapperError(
        _ macro: String, _ wrapper: String, _ property: String, line: Int, column: Int
    ) -> DiagnosticSpec {
        error(
            "@\(macro) does not support the property wrapper @\(wrapper) on '\(property)' (any attribute "
                + "but Swift's own and @MainActor is taken for one): Codable encodes and decodes the wrapper "
                + "through the wrapper type's own conformance, which the generated code cannot reproduce; "
                + "remove the wrapper, or the macro",
            line: line, column: column)
    }

    /// A wrapper's name may start with a lowercase letter: any attribute but Swift's own (`@available`,
    /// `@preconcurrency`, ...) and `@MainActor` is taken for a wrapper, qualified or not, also in `#if`.
    @Test func lowercaseOrConditionalPropertyWrapper() {
        assertExpansion(
            """
            @TapeJSONCodable
            struct Volume: Codable {
                @available(*, deprecated) @mwrapped var level: Int
                @Wrappers.clamped var gain: Int
                #if DEBUG
                @traced
                #endif
                var label: String
                @preconcurrency @usableFromInline var note: String
            }
            """,
            expandsTo: """
                struct Volume: Codable {
                    @available(*, deprecated) @mwrapped var level: Int
                    @Wrappers.clamped var gain: Int
                    #if DEBUG
                    @traced
                    #endif
                    var label: String
                    @preconcurrency @usableFromInline var note: String
                }
                """,
            diagnostics: [
                wrapperError("TapeJSONCodable", "mwrapped", "level", line: 3, column: 31),
                wrapperError("TapeJSONCodable", "clamped", "gain", line: 4, column: 5),
                wrapperError("TapeJSONCodable", "traced", "label", line: 6, column: 5),
            ]
        )
    }

    @Test func lazyProperty() {
        assertExpansion(
            """
            @TapeJSONEncodable
            struct Report: Codable {
                lazy var summary: String = "x"
            }
            """,
            expandsTo: """
                struct Report: Codable {
                    lazy var summary: String = "x"
                }
                """,
            diagnostics: [
                error(
                    "@TapeJSONEncodable does not support the lazy property 'summary': Codable codes it "
                        + "through its hidden storage, which the generated code cannot reach; make it a plain "
                        + "stored or a computed property",
                    line: 3, column: 5)
            ]
        )
    }

    @Test func tuplePattern() {
        assertExpansion(
            """
            @TapeJSONCodable
            struct Range2: Codable {
                var (low, high): (Int, Int)
            }
            """,
            expandsTo: """
                struct Range2: Codable {
                    var (low, high): (Int, Int)
                }
                """,
            diagnostics: [
                error(
                    "@TapeJSONCodable does not support tuple patterns in stored properties; declare each "
                        + "property on its own (let a: Int; let b: Int)",
                    line: 3, column: 9)
            ]
        )
    }

    @Test func storedPropertiesInsideIfConfig() {
        assertExpansion(
            """
            @TapeJSONCodable
            struct Platform: Codable {
                #if os(Linux)
                var distro: String
                #endif
            }
            """,
            expandsTo: """
                struct Platform: Codable {
                    #if os(Linux)
                    var distro: String
                    #endif
                }
                """,
            diagnostics: [
                error(
                    "@TapeJSONCodable does not support stored properties or cases inside #if; the macro "
                        + "cannot tell which branch is compiled; move them out of the #if block",
                    line: 3, column: 5)
            ]
        )
    }

    /// An enum's own cases inside `#if`.
    @Test func enumCasesInsideIfConfig() {
        assertExpansion(
            """
            @TapeJSONEncodable
            enum Mode: Codable {
                case on
                #if DEBUG
                case trace(level: Int)
                #endif
            }
            """,
            expandsTo: """
                enum Mode: Codable {
                    case on
                    #if DEBUG
                    case trace(level: Int)
                    #endif
                }
                """,
            diagnostics: [
                error(
                    "@TapeJSONEncodable does not support stored properties or cases inside #if; the macro "
                        + "cannot tell which branch is compiled; move them out of the #if block",
                    line: 4, column: 5)
            ]
        )
    }

    @Test func codingKeysWithoutStringRawType() {
        assertExpansion(
            """
            @TapeJSONCodable
            struct Item: Codable {
                var id: Int
                enum CodingKeys: CodingKey {
                    case id
                }
            }
            """,
            expandsTo: """
                struct Item: Codable {
                    var id: Int
                    enum CodingKeys: CodingKey {
                        case id
                    }
                }
                """,
            diagnostics: [
                error(
                    "@TapeJSONCodable needs CodingKeys to be an enum with String raw values "
                        + "('enum CodingKeys: String, CodingKey'), so that it can read each key at compile "
                        + "time; give CodingKeys the String raw type",
                    line: 4, column: 10)
            ]
        )
    }

    @Test func codingKeysImplementingStringValue() {
        assertExpansion(
            """
            @TapeJSONDecodable
            struct Item: Codable {
                var id: Int
                enum CodingKeys: String, CodingKey {
                    case id
                    var stringValue: String { "ID" }
                }
            }
            """,
            expandsTo: """
                struct Item: Codable {
                    var id: Int
                    enum CodingKeys: String, CodingKey {
                        case id
                        var stringValue: String { "ID" }
                    }
                }
                """,
            diagnostics: [
                error(
                    "@TapeJSONDecodable does not support a CodingKeys that implements stringValue itself: the "
                        + "macro cannot know the keys at compile time; use raw values (case name = \"key\") instead",
                    line: 6, column: 13)
            ]
        )
    }

    /// `rawValue` gives the default `stringValue`: the key, in a struct's keys as in an enum's.
    @Test func codingKeysImplementingRawValue() {
        assertExpansion(
            """
            @TapeJSONEncodable
            struct Item: Codable {
                var id: Int
                enum CodingKeys: String, CodingKey {
                    case id
                    var rawValue: String { "ID" }
                }
            }
            """,
            expandsTo: """
                struct Item: Codable {
                    var id: Int
                    enum CodingKeys: String, CodingKey {
                        case id
                        var rawValue: String { "ID" }
                    }
                }
                """,
            diagnostics: [
                error(
                    "@TapeJSONEncodable does not support a CodingKeys that implements rawValue itself: the "
                        + "macro cannot know the keys at compile time; use raw values (case name = \"key\") instead",
                    line: 6, column: 13)
            ]
        )
    }

    /// An enum's synthesized `init(from:)` finds its case through `CodingKeys(stringValue:)` (`allKeys`),
    /// whose default calls `init(rawValue:)`: either written by hand maps keys the macro cannot follow.
    @Test func enumCodingKeysImplementingInitializers() {
        func initializerError(_ initializer: String, line: Int) -> DiagnosticSpec {
            error(
                "@TapeJSONCodable does not support an enum's CodingKeys that implements \(initializer) itself: "
                    + "Codable finds the case through it (CodingKeys(stringValue:) of each key of the object), "
                    + "which the macro cannot follow at compile time; remove it and use raw values "
                    + "(case name = \"key\"), or keep the enum on plain Codable",
                line: line, column: 9)
        }
        assertExpansion(
            """
            @TapeJSONCodable
            enum Switch: Codable {
                case on, off
                enum CodingKeys: String, CodingKey {
                    case on, off
                    init?(stringValue: String) { self.init(rawValue: stringValue.lowercased()) }
                }
            }
            @TapeJSONCodable
            enum Light: Codable {
                case on, off
                enum CodingKeys: String, CodingKey {
                    case on, off
                    init?(rawValue: String) { if rawValue == "ON" { self = .on } else { return nil } }
                }
            }
            """,
            expandsTo: """
                enum Switch: Codable {
                    case on, off
                    enum CodingKeys: String, CodingKey {
                        case on, off
                        init?(stringValue: String) { self.init(rawValue: stringValue.lowercased()) }
                    }
                }
                enum Light: Codable {
                    case on, off
                    enum CodingKeys: String, CodingKey {
                        case on, off
                        init?(rawValue: String) { if rawValue == "ON" { self = .on } else { return nil } }
                    }
                }
                """,
            diagnostics: [
                initializerError("init(stringValue:)", line: 6),
                initializerError("init(rawValue:)", line: 14),
            ]
        )
    }

    /// The cases of a `CodingKeys` inside `#if`: which are compiled is not known to the macro.
    @Test func conditionalCasesInCodingKeys() {
        assertExpansion(
            """
            @TapeJSONDecodable
            struct Item: Codable {
                var id: Int
                var debugName: String?
                enum CodingKeys: String, CodingKey {
                    case id
                    #if DEBUG
                    case debugName = "debug_name"
                    #endif
                }
            }
            """,
            expandsTo: """
                struct Item: Codable {
                    var id: Int
                    var debugName: String?
                    enum CodingKeys: String, CodingKey {
                        case id
                        #if DEBUG
                        case debugName = "debug_name"
                        #endif
                    }
                }
                """,
            diagnostics: [
                error(
                    "@TapeJSONDecodable does not support #if inside CodingKeys: the macro cannot tell which branch is "
                        + "compiled, and so which keys Codable uses; move the cases out of the #if block, or declare "
                        + "a whole CodingKeys in each branch of an #if around the type",
                    line: 7, column: 9)
            ]
        )
    }

    /// A `CodingKeys`, or an enum's per-case keys, declared inside `#if` (nested ones too).
    @Test func codingKeysInsideIfConfig() {
        func conditionalError(_ macro: String, _ name: String, line: Int, column: Int) -> DiagnosticSpec {
            error(
                "@\(macro) does not support \(name) declared inside #if: the macro cannot tell which branch "
                    + "is compiled, and so which keys Codable uses; move \(name) out of the #if block",
                line: line, column: column)
        }
        assertExpansion(
            """
            @TapeJSONCodable
            struct Item: Codable {
                var id: Int
                #if os(Linux)
                enum CodingKeys: String, CodingKey {
                    case id = "ID"
                }
                #endif
            }
            @TapeJSONEncodable
            enum Move: Codable {
                case step(length: Int)
                #if DEBUG
                #else
                #if true
                enum StepCodingKeys: String, CodingKey {
                    case length = "len"
                }
                #endif
                #endif
            }
            """,
            expandsTo: """
                struct Item: Codable {
                    var id: Int
                    #if os(Linux)
                    enum CodingKeys: String, CodingKey {
                        case id = "ID"
                    }
                    #endif
                }
                enum Move: Codable {
                    case step(length: Int)
                    #if DEBUG
                    #else
                    #if true
                    enum StepCodingKeys: String, CodingKey {
                        case length = "len"
                    }
                    #endif
                    #endif
                }
                """,
            diagnostics: [
                conditionalError("TapeJSONCodable", "CodingKeys", line: 5, column: 10),
                conditionalError("TapeJSONEncodable", "StepCodingKeys", line: 16, column: 10),
            ]
        )
    }

    @Test func codingKeysRawValueWithInterpolation() {
        assertExpansion(
            #"""
            @TapeJSONCodable
            struct Item: Codable {
                var id: Int
                enum CodingKeys: String, CodingKey {
                    case id = "\(prefix)id"
                }
            }
            """#,
            expandsTo: #"""
                struct Item: Codable {
                    var id: Int
                    enum CodingKeys: String, CodingKey {
                        case id = "\(prefix)id"
                    }
                }
                """#,
            diagnostics: [
                error(
                    "@TapeJSONCodable needs the raw value of CodingKeys.id to be a plain string literal "
                        + "(no interpolation), so that it can read the key at compile time",
                    line: 5, column: 19)
            ]
        )
    }

    @Test func perCaseCodingKeys() {
        assertExpansion(
            """
            @TapeJSONCodable
            enum Move: Codable {
                case step(length: Int)
                enum StepCodingKeys: String, CodingKey {
                    case length = "len"
                }
            }
            """,
            expandsTo: """
                enum Move: Codable {
                    case step(length: Int)
                    enum StepCodingKeys: String, CodingKey {
                        case length = "len"
                    }
                }
                """,
            diagnostics: [
                error(
                    "@TapeJSONCodable does not support per-case coding keys (StepCodingKeys); remove StepCodingKeys so "
                        + "that the payload keys are the labels and _0, _1, ..., or keep the enum on plain Codable",
                    line: 4, column: 10)
            ]
        )
    }

    @Test func enumCaseLeftOutOfCodingKeysWhenEncoding() {
        assertExpansion(
            """
            @TapeJSONCodable
            enum Token: Codable {
                case word(String)
                case internalOnly
                enum CodingKeys: String, CodingKey {
                    case word
                }
            }
            """,
            expandsTo: """
                enum Token: Codable {
                    case word(String)
                    case internalOnly
                    enum CodingKeys: String, CodingKey {
                        case word
                    }
                }
                """,
            diagnostics: [
                error(
                    "@TapeJSONCodable does not support the case 'internalOnly', which CodingKeys leaves out "
                        + "(Codable throws when encoding it); add it to CodingKeys, or use @TapeJSONDecodable",
                    line: 2, column: 6)
            ]
        )
    }

    @Test func possibleRawTypeThroughATypealias() {
        // `typealias Code = Int` makes `enum Status: Code` a raw-value enum, which Codable codes as its raw
        // value; the macro cannot resolve `Code`, and a protocol in its place codes `{"ok":{}}`.
        assertExpansion(
            """
            @TapeJSONCodable
            enum Status: Code, Codable {
                case ok, failed
            }
            """,
            expandsTo: """
                enum Status: Code, Codable {
                    case ok, failed
                }
                """,
            diagnostics: [
                error(
                    "@TapeJSONCodable cannot tell whether 'Code', first in Status's inheritance clause, is "
                        + "its raw type (a typealias of Int or String, say: Codable then codes the raw value) or a "
                        + "protocol (Codable then codes {\"case\":{}}); write the raw type itself (enum Status: Int), "
                        + "or put Codable first when 'Code' is a protocol",
                    line: 2, column: 6)
            ]
        )
    }

    /// A raw type that is not literally one the standard library codes as a raw value: through a
    /// typealias (of `Float16`, coded by cases; of `Int`, by raw value), a custom literal type (cases),
    /// or a name qualified by another module than `Swift`. Cases with raw values make it certainly the
    /// raw type.
    @Test func unknownRawType() {
        func unknownError(_ enumName: String, _ typeName: String, line: Int) -> DiagnosticSpec {
            error(
                "@TapeJSONCodable cannot tell how Codable codes \(enumName), whose raw type is '\(typeName)': the "
                    + "standard library codes an enum as its raw value only when the raw type is String, Int, Int8, "
                    + "Int16, Int32, Int64, Int128, UInt, UInt8, UInt16, UInt32, UInt64, UInt128, Double or Float, and "
                    + "one of any other raw type (Character, Float16, a custom literal type, ...) by its cases "
                    + "({\"case\":{}}); the macro sees the name, not the type it stands for (a typealias, another "
                    + "module's type); write one of those raw types itself (enum \(enumName): Int), or keep "
                    + "\(enumName) on plain Codable",
                line: line, column: 6)
        }
        assertExpansion(
            """
            @TapeJSONCodable
            enum Half: MHalf, Codable {
                case half = 0.5, one = 1
            }
            @TapeJSONCodable
            enum Grade: MCode, Codable {
                case a = "A", b
            }
            @TapeJSONCodable
            enum Ratio: Geometry.CGFloat, Codable {
                case half = 0.5
            }
            """,
            expandsTo: """
                enum Half: MHalf, Codable {
                    case half = 0.5, one = 1
                }
                enum Grade: MCode, Codable {
                    case a = "A", b
                }
                enum Ratio: Geometry.CGFloat, Codable {
                    case half = 0.5
                }
                """,
            diagnostics: [
                unknownError("Half", "MHalf", line: 2),
                unknownError("Grade", "MCode", line: 6),
                unknownError("Ratio", "Geometry.CGFloat", line: 10),
            ]
        )
    }

    @Test func rawRepresentableByHand() {
        assertExpansion(
            """
            @TapeJSONCodable
            struct UserID: RawRepresentable, Codable, Hashable {
                var rawValue: String
            }
            """,
            expandsTo: """
                struct UserID: RawRepresentable, Codable, Hashable {
                    var rawValue: String
                }
                """,
            diagnostics: [
                error(
                    "@TapeJSONCodable does not support a RawRepresentable conformance declared by hand: Codable "
                        + "codes UserID by its raw value through the standard library's default "
                        + "implementations (or, for other raw types, by its members); keep UserID on plain "
                        + "Codable (a property of its type is still decoded inside the generated path of its owner)",
                    line: 2, column: 8)
            ]
        )
    }

    @Test func genericTypeWithoutItsOwnCodable() {
        assertExpansion(
            """
            @TapeJSONDecodable
            struct Page<Item> {
                var items: [Item]
            }
            """,
            expandsTo: """
                struct Page<Item> {
                    var items: [Item]
                }
                """,
            diagnostics: [
                error(
                    "@TapeJSONDecodable needs the generic type Page to declare Decodable itself "
                        + "(struct Page<T: Codable>: Decodable): the macro cannot see a conditional conformance "
                        + "in an extension, and its own extension would need the same conditions",
                    line: 2, column: 8)
            ]
        )
    }
}
