import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// What the three macros share: read the declaration, then write one extension per direction (the
/// extension role) and, when the body declares no `CodingKeys`, add the one synthesized Codable would
/// make (the member role, `members`). Both roles read the declaration with the same `read`; only the
/// extension role reports errors.
///
/// Order of members, as synthesized Codable has it (checked with Swift 6.3.1 against a logging
/// `Encoder` and `Decoder`, since Foundation's `JSONEncoder` on Linux does not keep the order in which
/// members were written): both `encode(to:)` and `init(from:)` go through the keys in the order of the
/// `CodingKeys` cases, not of the property declarations (`enum CodingKeys { case c, a, b = "bee" }`
/// over `var a, b, c` encodes and decodes c, a, bee). Without a declared `CodingKeys`, the synthesized
/// one lists the stored properties in declaration order. The generated code keeps both orders: the
/// declared keys' order when there are declared keys, the properties' otherwise.
///
/// Types: the runtime's `decode(_:forKey:named:)` takes the value's type, with a `T?.Type` overload
/// for `decodeIfPresent` semantics. The generated code never spells a type: a type written in the
/// type's body may not resolve in the extension (a sibling nested type `Inner` inside `Outer` is
/// `Outer.Inner` there), and `var x = 1` has none. A struct's properties take it from a key path
/// (`memberType(\.x)`: `TapeJSONMember` of `KeyPath<Self, TapeJSONMember>`, so `Int!` gives `Int?`;
/// not `Value`, which a type's own generic parameter may be called), an enum's
/// associated values from the case's parameter by inference (`payloadType()`); either way an
/// optional type statically picks the `T?.Type` overload.
///
/// Keys: the keys' strings are read from the body, so `CodingKeys` must come from the body too: the
/// one declared there, or else the one the member role adds there (the keys synthesized Codable would
/// make; a `CodingKeys` in an extension, which the macro cannot see, is then a redeclaration instead
/// of keys silently different from the generated code's). Code in the macro's extension can name a
/// private `CodingKeys` (the expansion belongs to the type's file), and the synthesized per-case
/// `XCodingKeys` of an enum too (checked with Swift 6.3.1, separate and whole-module compilation). So
/// the object keys are always `CodingKeys.name`, declared or added; payload keys of enum cases are
/// the case's own key enum (`RunCodingKeys.program`, `RunCodingKeys._0`), as synthesized `Codable` names them. A type that is not
/// declared `Codable` works as well: the extension's `TapeJSONDecodable` / `TapeJSONEncodable`
/// conformance implies `Decodable` / `Encodable`, which the compiler then synthesizes.
enum Expansion {
    static func extensions(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        type: TypeSyntax,
        protocols: [TypeSyntax],
        directions: [Direction],
        in context: some MacroExpansionContext
    ) -> [ExtensionDeclSyntax] {
        let (wanted, model, diagnostics) = read(
            node, attachedTo: declaration, protocols: protocols, directions: directions
        )
        for diagnostic in diagnostics {
            context.diagnose(diagnostic)
        }
        guard let model else { return [] }

        let typeName = type.trimmedDescription
        return wanted.map { direction, conformance in
            let body: String
            switch direction {
            case .decoding:
                body = """
                    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
                    \(indent(decodeBody(model)))
                    }
                    """
            case .encoding:
                body = """
                    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
                    \(indent(encodeBody(model)))
                    }
                    """
            }
            let decl: DeclSyntax = """
                extension \(raw: typeName): \(raw: conformance.trimmedDescription) {
                \(raw: indent(body))
                }
                """
            return decl.cast(ExtensionDeclSyntax.self)
        }
    }

    /// The directions still wanted (with the protocol as the compiler passed it), the model (nil when
    /// nothing is generated) and the errors: what the macro cannot generate exact code for. Both roles
    /// read the declaration this way; only the extension role reports the errors, so each appears once.
    static func read(
        _ node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        protocols: [TypeSyntax],
        directions: [Direction]
    ) -> (wanted: [(Direction, TypeSyntax)], model: TypeModel?, diagnostics: [Diagnostic]) {
        let macro = node.attributeName.trimmedDescription
        // The compiler passes only the protocols the type does not conform to yet.
        let wanted = directions.compactMap { direction -> (Direction, TypeSyntax)? in
            guard let conformance = protocols.first(where: { lastComponent($0) == direction.protocolName }) else {
                return nil
            }
            return (direction, conformance)
        }

        var reader = ModelReader(macro: macro, directions: wanted.map(\.0))
        let model: TypeModel?
        if let structDecl = declaration.as(StructDeclSyntax.self) {
            model = wanted.isEmpty ? nil : reader.readStruct(structDecl)
        } else if let enumDecl = declaration.as(EnumDeclSyntax.self) {
            model = wanted.isEmpty ? nil : reader.readEnum(enumDecl)
        } else {
            let message: TapeJSONMacroDiagnostic
            if declaration.is(ClassDeclSyntax.self) {
                message = .classType(macro: macro)
            } else if declaration.is(ActorDeclSyntax.self) {
                message = .actorType(macro: macro)
            } else if declaration.is(ProtocolDeclSyntax.self) {
                message = .protocolType(macro: macro)
            } else {
                message = .otherDeclaration(macro: macro)
            }
            reader.diagnose(node, message)
            model = nil
        }
        return (wanted, model, reader.diagnostics)
    }

    // MARK: The member role: CodingKeys and per-case keys

    /// The member role: the `CodingKeys` synthesized Codable would make, added when the body declares
    /// none, so that the keys the generated code names (read from the body) are the keys Codable uses;
    /// and an enum's per-case keys (`perCaseCodingKeys`), for the same reason.
    ///
    /// Without it, a `CodingKeys` declared in an extension (which the macro cannot see) would rename
    /// the keys of synthesized Codable but not of the generated code: a silent difference. With it, such
    /// a `CodingKeys` is an invalid redeclaration, and synthesized Codable uses this one (checked with
    /// Swift 6.3.1: a nested type added by a member macro stands for the declared `CodingKeys`, and
    /// the compiler synthesizes none). It is what the compiler would have synthesized: `private`, one
    /// case per stored instance property in declaration order (`let x = v` included), or per enum case,
    /// each named as written, with the name as its string value; an enum without cases when there
    /// are no keys (an enum with no cases can have no raw type).
    ///
    /// Nothing is added when the extension role reports an error or generates nothing (then the type
    /// is left to the compiler as written): not a struct or an enum, an already conforming type, a
    /// property wrapper, `lazy`, a tuple pattern, ...; nor for a raw-value enum (coded as its raw
    /// value, no keys), an enum without cases (which Codable cannot synthesize), cases sharing a base
    /// name (idem), or when the body declares any member named `CodingKeys`.
    static func members(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        protocols: [TypeSyntax],
        directions: [Direction]
    ) -> [DeclSyntax] {
        // The extension role reports the errors; a model means there were none.
        let (_, model, _) = read(node, attachedTo: declaration, protocols: protocols, directions: directions)
        let names: [String]
        var perCaseKeys: [DeclSyntax] = []
        switch model {
        case .structure(let properties, _)?:
            names = properties.map(\.swiftName)
        case .enumeration(let cases, _)?:
            names = cases.map(\.swiftName)
            guard !names.isEmpty, Set(names.map(bare)).count == names.count else { return [] }
            perCaseKeys = perCaseCodingKeys(cases)
        case .rawValueEnum?, nil:
            return []
        }
        guard !declaresCodingKeys(declaration.memberBlock.members) else { return perCaseKeys }
        if names.isEmpty {
            return ["private enum CodingKeys: CodingKey {\n}"] + perCaseKeys
        }
        return [
            """
            private enum CodingKeys: String, CodingKey {
                case \(raw: names.joined(separator: ", "))
            }
            """
        ] + perCaseKeys
    }

    /// The per-case key enums synthesized Codable would make for the cases with a payload
    /// (`PairCodingKeys` for `case pair(Int, Int)`: `_0`, `_1`, or the labels), for the same reason as
    /// `CodingKeys`: one declared in an extension would rename a payload's keys for synthesized Codable
    /// alone; with these it is an invalid redeclaration. None when two cases would share a name (left
    /// to the compiler). A case without a payload codes no keys, so its per-case enum changes nothing.
    static func perCaseCodingKeys(_ cases: [EnumCase]) -> [DeclSyntax] {
        let withPayload = cases.filter { !($0.parameters ?? []).isEmpty }
        let names = withPayload.map { perCaseCodingKeysName($0.bareName) }
        guard Set(names).count == names.count else { return [] }
        return zip(withPayload, names).map { enumCase, name in
            // `Type` and `Protocol` need backticks as declared names too (see `memberOf`).
            let keys = (enumCase.parameters ?? []).map { parameter in
                parameter.key == "Type" || parameter.key == "Protocol" ? "`\(parameter.key)`" : escapedKeyword(parameter.key)
            }.joined(separator: ", ")
            return "private enum \(raw: name): String, CodingKey {\n    case \(raw: keys)\n}"
        }
    }

    /// Whether the body declares a member named `CodingKeys`, whatever its kind.
    static func declaresCodingKeys(_ members: MemberBlockItemListSyntax) -> Bool {
        members.contains { member in
            let decl = member.decl
            let name: TokenSyntax?
            if let decl = decl.as(EnumDeclSyntax.self) {
                name = decl.name
            } else if let decl = decl.as(StructDeclSyntax.self) {
                name = decl.name
            } else if let decl = decl.as(ClassDeclSyntax.self) {
                name = decl.name
            } else if let decl = decl.as(ActorDeclSyntax.self) {
                name = decl.name
            } else if let decl = decl.as(TypeAliasDeclSyntax.self) {
                name = decl.name
            } else if let decl = decl.as(ProtocolDeclSyntax.self) {
                name = decl.name
            } else {
                name = nil
            }
            return name.map { bare($0.text) } == "CodingKeys"
        }
    }

    // MARK: Decoding

    static func decodeBody(_ model: TypeModel) -> String {
        switch model {
        case .structure(let properties, let codingKeys):
            var lines: [String] = []
            for (property, key) in ordered(properties.filter(\.isDecoded), codingKeys) {
                lines.append(
                    "self.\(property.swiftName) = try container.decode(memberType(\\.\(property.swiftName)), forKey: \(keyExpression(key)), named: \(literal(key.stringValue)))"
                )
            }
            if lines.isEmpty {
                // Synthesized `init(from:)` asks for a keyed container only when `CodingKeys` has a
                // case: a struct without keys decodes from any value (`[]`, `1`, `null`).
                let hasKeys = codingKeys.map { !$0.keys.isEmpty } ?? !properties.isEmpty
                return hasKeys ? "_ = try decoder.objectDecoder()" : "// No keys: synthesized Codable reads no container."
            }
            let opening = [
                "func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {\n    TapeJSONMember.self\n}",
                "let container = try decoder.objectDecoder()",
            ]
            return (opening + lines).joined(separator: "\n")

        case .rawValueEnum:
            return """
                let rawValue = try decoder.decode(RawValue.self)
                guard let value = Self(rawValue: rawValue) else {
                    throw decoder.invalidRawValue(rawValue, of: Self.self)
                }
                self = value
                """

        case .enumeration(let cases, let codingKeys):
            let keyed = casesWithKeys(cases, codingKeys)
            if keyed.isEmpty {
                return """
                    _ = try decoder.objectDecoder()
                    throw decoder.mismatch()
                    """
            }
            var lines = ["let container = try decoder.objectDecoder()"]
            if keyed.contains(where: { !($0.0.parameters ?? []).isEmpty }) {
                lines.insert("func payloadType<TapeJSONPayload>() -> TapeJSONPayload.Type {\n    TapeJSONPayload.self\n}", at: 0)
            }
            let names = keyed.map { literal($0.1.stringValue) }.joined(separator: ", ")
            lines.append("switch try container.caseIndex(of: Self.self, \(names)) {")
            for (index, (enumCase, key)) in keyed.enumerated() {
                let caseKey = keyExpression(key)
                lines.append("case \(index):")
                let parameters = enumCase.parameters ?? []
                if parameters.isEmpty {
                    lines.append("    _ = try container.nestedObject(forKey: \(caseKey), named: \(literal(key.stringValue)))")
                    lines.append("    self = .\(enumCase.swiftName)\(enumCase.parameters == nil ? "" : "()")")
                } else {
                    lines.append("    let payload = try container.nestedObject(forKey: \(caseKey), named: \(literal(key.stringValue)))")
                    let arguments = parameters.map { parameter in
                        let value = "try payload.decode(payloadType(), forKey: \(payloadKey(enumCase, parameter.key)), named: \(literal(parameter.key)))"
                        return parameter.label.map { "\($0): \(value)" } ?? value
                    }
                    lines.append("    self = .\(enumCase.swiftName)(\(arguments.joined(separator: ", ")))")
                }
            }
            lines.append("default:")
            lines.append("    throw decoder.mismatch()")
            lines.append("}")
            return lines.joined(separator: "\n")
        }
    }

    // MARK: Encoding

    static func encodeBody(_ model: TypeModel) -> String {
        switch model {
        case .structure(let properties, let codingKeys):
            var lines = ["var container = encoder.beginObject()"]
            for (property, key) in ordered(properties, codingKeys) {
                lines.append(
                    "try container.encode(self.\(property.swiftName), forKey: \(keyExpression(key)), named: \(literal(key.stringValue)))"
                )
            }
            lines.append("container.end()")
            return lines.joined(separator: "\n")

        case .rawValueEnum:
            return "try encoder.encode(self.rawValue)"

        case .enumeration(let cases, let codingKeys):
            let keyed = casesWithKeys(cases, codingKeys)
            if keyed.isEmpty {
                return "switch self {\n}"
            }
            var lines = ["var container = encoder.beginObject()", "switch self {"]
            for (enumCase, key) in keyed {
                let caseKey = keyExpression(key)
                let parameters = enumCase.parameters ?? []
                if parameters.isEmpty {
                    lines.append("case .\(enumCase.swiftName):")
                } else {
                    let bindings = parameters.indices.map { "let value\($0)" }.joined(separator: ", ")
                    lines.append("case .\(enumCase.swiftName)(\(bindings)):")
                }
                lines.append("    var payload = container.beginObject(forKey: \(caseKey), named: \(literal(key.stringValue)))")
                for (index, parameter) in parameters.enumerated() {
                    lines.append(
                        "    try payload.encode(value\(index), forKey: \(payloadKey(enumCase, parameter.key)), named: \(literal(parameter.key)))"
                    )
                }
                lines.append("    payload.end()")
            }
            lines.append("}")
            lines.append("container.end()")
            return lines.joined(separator: "\n")
        }
    }

    // MARK: Keys

    /// The properties with their keys in synthesized Codable's order (see the type's comment): the
    /// declared `CodingKeys` order, leaving out properties it does not list; else declaration order.
    static func ordered(_ properties: [StoredProperty], _ codingKeys: DeclaredCodingKeys?) -> [(StoredProperty, Key)] {
        guard let codingKeys else {
            return properties.map { ($0, Key(swiftName: $0.swiftName, stringValue: $0.bareName)) }
        }
        return codingKeys.keys.compactMap { key in
            properties.first { $0.bareName == bare(key.swiftName) }.map { ($0, key) }
        }
    }

    /// The cases with their keys, in case declaration order; with declared `CodingKeys`, only the
    /// cases it lists (Codable never decodes the others; encoding them is reported before this).
    static func casesWithKeys(_ cases: [EnumCase], _ codingKeys: DeclaredCodingKeys?) -> [(EnumCase, Key)] {
        guard let codingKeys else {
            return cases.map { ($0, Key(swiftName: $0.swiftName, stringValue: $0.bareName)) }
        }
        return cases.compactMap { enumCase in codingKeys.key(named: enumCase.bareName).map { (enumCase, $0) } }
    }

    /// `CodingKeys.name`, for declared and synthesized keys alike (see the type's comment).
    static func keyExpression(_ key: Key) -> String {
        memberOf("CodingKeys", key.swiftName)
    }

    // MARK: Text

    /// `text` as a Swift string literal.
    static func literal(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) {
                    result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "    " + $0 }
            .joined(separator: "\n")
    }

    /// `TapeJSON.TapeJSONDecodable` -> `TapeJSONDecodable`.
    static func lastComponent(_ type: TypeSyntax) -> String {
        if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        return type.trimmedDescription
    }
}

/// The key of an associated value, as synthesized `Codable` names it: a case of the case's own key
/// enum (`run(program:)` reads `RunCodingKeys.program`; an unlabelled value is `_0`, `_1`, ...). Errors
/// print the key with its type (`keyNotFound`'s description), so the generated code names the same one.
func payloadKey(_ enumCase: EnumCase, _ key: String) -> String {
    memberOf(perCaseCodingKeysName(enumCase.bareName), escapedKeyword(key))
}

/// `name` in backticks when it is a keyword.
func escapedKeyword(_ name: String) -> String {
    swiftKeywords.contains(name) ? "`\(name)`" : name
}

/// `Type.member`, or `(.member as Type)` for a member named `Type` or `Protocol`: after a dot those
/// words name the metatype, backticks or not (`CodingKeys.\`Type\`` does not compile).
func memberOf(_ type: String, _ member: String) -> String {
    let name = bare(member)
    return name == "Type" || name == "Protocol" ? "(.`\(name)` as \(type))" : "\(type).\(member)"
}

/// Words that must be escaped as member names after a dot... and as identifiers in general.
private let swiftKeywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
    "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
    "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
    "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
    "where", "while", "as", "Any", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
]
