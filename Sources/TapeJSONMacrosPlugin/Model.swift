import SwiftDiagnostics
import SwiftSyntax

/// One way the generated code goes: `init(tapeJSON:)` (TapeJSONDecodable) or `encode(tapeJSON:)`
/// (TapeJSONEncodable).
enum Direction: CaseIterable {
    case decoding
    case encoding

    var protocolName: String {
        switch self {
        case .decoding: return "TapeJSONDecodable"
        case .encoding: return "TapeJSONEncodable"
        }
    }
}

/// A coding key as the generated code spells it: `swiftName` is the identifier as written (backticks
/// kept, for `CodingKeys.name`), `stringValue` the key's text in the JSON.
struct Key {
    var swiftName: String
    var stringValue: String
}

/// A type's declared `CodingKeys`: its cases in declaration order.
struct DeclaredCodingKeys {
    var keys: [Key]

    func key(named bareName: String) -> Key? {
        keys.first { bare($0.swiftName) == bareName }
    }
}

/// A stored instance property of a struct, as synthesized Codable sees it.
struct StoredProperty {
    /// As written, backticks kept: `self.\(swiftName)`.
    var swiftName: String
    /// `let x = v` (and `let x: T = v`) is encoded but never decoded, as in synthesized Codable.
    var isDecoded: Bool

    var bareName: String { bare(swiftName) }
}

/// An enum case with its associated values.
struct EnumCase {
    struct Parameter {
        /// The argument label as written (nil when unlabeled): `.name(label: ...)`.
        var label: String?
        /// The payload key: the label without backticks, or `_N` for the N-th (from 0) parameter.
        var key: String
    }

    var swiftName: String
    /// nil: no parentheses (`case b`); empty: `case b()`.
    var parameters: [Parameter]?

    var bareName: String { bare(swiftName) }
}

/// What the macro generates from: a struct's stored properties or an enum's cases, with the keys.
enum TypeModel {
    case structure(properties: [StoredProperty], codingKeys: DeclaredCodingKeys?)
    case rawValueEnum
    case enumeration(cases: [EnumCase], codingKeys: DeclaredCodingKeys?)
}

/// Synthesized Codable's per-case key type: the case name with an ASCII lowercase first letter
/// uppercased (the compiler leaves any other first character as it is: `ärger` gives `ärgerCodingKeys`),
/// then `CodingKeys`.
func perCaseCodingKeysName(_ caseName: String) -> String {
    guard let first = caseName.unicodeScalars.first, ("a"..."z").contains(first) else { return caseName + "CodingKeys" }
    return caseName.prefix(1).uppercased() + caseName.dropFirst() + "CodingKeys"
}

/// An identifier without the backticks that let a keyword be one.
func bare(_ identifier: String) -> String {
    if identifier.count >= 2, identifier.hasPrefix("`"), identifier.hasSuffix("`") {
        return String(identifier.dropFirst().dropLast())
    }
    return identifier
}

/// Reads a struct or enum declaration into a `TypeModel`, reporting through `diagnose` what the macro
/// cannot generate exact code for; the result is nil when anything was reported.
struct ModelReader {
    var macro: String
    var directions: [Direction]
    var diagnostics: [Diagnostic] = []

    init(macro: String, directions: [Direction]) {
        self.macro = macro
        self.directions = directions
    }

    mutating func diagnose(_ node: some SyntaxProtocol, _ message: TapeJSONMacroDiagnostic) {
        diagnostics.append(Diagnostic(node: Syntax(node), message: message))
    }

    // MARK: Members shared by structs and enums

    /// Reports a hand-written `init(from:)` or `encode(to:)` for the directions being generated.
    mutating func checkHandWrittenCodable(_ members: MemberBlockItemListSyntax) {
        for member in members {
            if let initializer = member.decl.as(InitializerDeclSyntax.self),
                directions.contains(.decoding),
                Self.hasSingleParameter(initializer.signature.parameterClause, label: "from")
            {
                diagnose(initializer.initKeyword, .handWrittenInitFrom(macro: macro))
            }
            if let function = member.decl.as(FunctionDeclSyntax.self),
                directions.contains(.encoding),
                function.name.text == "encode",
                !function.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }),
                Self.hasSingleParameter(function.signature.parameterClause, label: "to")
            {
                diagnose(function.name, .handWrittenEncodeTo(macro: macro))
            }
        }
    }

    /// The names in an inheritance clause, compositions split and `Swift.` dropped (`Codable & Sendable`
    /// gives both).
    static func inheritedNames(_ clause: InheritanceClauseSyntax?) -> [String] {
        (clause?.inheritedTypes ?? []).flatMap { inherited in
            inherited.type.trimmedDescription.split(separator: "&").map { part in
                let name = String(part.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
                return withoutSwiftPrefix(name)
            }
        }
    }

    /// `name` without a leading `Swift.` (`Swift.String` is `String`).
    static func withoutSwiftPrefix(_ name: String) -> String {
        name.hasPrefix("Swift.") ? String(name.dropFirst(6)) : name
    }

    /// Reports a generic type that does not declare the Codable protocols of the directions generated:
    /// its Codable conformance may be conditional, in an extension the macro cannot see.
    mutating func checkGenericCodable(_ name: TokenSyntax, generic: Bool, _ clause: InheritanceClauseSyntax?) {
        guard generic else { return }
        let names = Set(Self.inheritedNames(clause))
        let missing = directions.filter { direction in
            !names.contains("Codable") && !names.contains(direction == .decoding ? "Decodable" : "Encodable")
        }
        guard let first = missing.first else { return }
        let protocolName = directions.count == 2 ? "Codable" : (first == .decoding ? "Decodable" : "Encodable")
        diagnose(name, .genericWithoutCodable(macro: macro, typeName: name.text, protocolName: protocolName))
    }

    /// Reports a `RawRepresentable` conformance in the type's inheritance clause (not a raw-value enum's
    /// raw type): Codable then codes the raw value, through the standard library.
    mutating func checkRawRepresentable(_ name: TokenSyntax, _ clause: InheritanceClauseSyntax?) {
        if Self.inheritedNames(clause).contains("RawRepresentable") {
            diagnose(name, .rawRepresentable(macro: macro, typeName: name.text))
        }
    }

    private static func hasSingleParameter(_ clause: FunctionParameterClauseSyntax, label: String) -> Bool {
        guard clause.parameters.count == 1, let parameter = clause.parameters.first else { return false }
        return parameter.firstName.text == label
    }

    /// The type's own `CodingKeys`, if its body declares one; nil (and a diagnostic) when it is not an
    /// enum with String raw values whose keys can be read here.
    mutating func declaredCodingKeys(_ members: MemberBlockItemListSyntax) -> DeclaredCodingKeys?? {
        for member in members {
            let decl = member.decl
            if let enumDecl = decl.as(EnumDeclSyntax.self), enumDecl.name.text == "CodingKeys" {
                return .some(readCodingKeys(enumDecl))
            }
            if let alias = decl.as(TypeAliasDeclSyntax.self), alias.name.text == "CodingKeys" {
                diagnose(alias.name, .codingKeysNotStringEnum(macro: macro))
                return .some(nil)
            }
            if let structDecl = decl.as(StructDeclSyntax.self), structDecl.name.text == "CodingKeys" {
                diagnose(structDecl.name, .codingKeysNotStringEnum(macro: macro))
                return .some(nil)
            }
            if let classDecl = decl.as(ClassDeclSyntax.self), classDecl.name.text == "CodingKeys" {
                diagnose(classDecl.name, .codingKeysNotStringEnum(macro: macro))
                return .some(nil)
            }
        }
        return .none
    }

    private mutating func readCodingKeys(_ enumDecl: EnumDeclSyntax) -> DeclaredCodingKeys? {
        let inherited = enumDecl.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        guard inherited.contains(where: { Self.withoutSwiftPrefix($0) == "String" }) else {
            diagnose(enumDecl.name, .codingKeysNotStringEnum(macro: macro))
            return nil
        }
        var keys: [Key] = []
        var readable = true
        for member in enumDecl.memberBlock.members {
            if let variable = member.decl.as(VariableDeclSyntax.self),
                variable.bindings.contains(where: {
                    $0.pattern.as(IdentifierPatternSyntax.self).map { bare($0.identifier.text) } == "stringValue"
                })
            {
                diagnose(variable.bindings.first!.pattern, .codingKeysStringValue(macro: macro))
                readable = false
                continue
            }
            guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in caseDecl.elements {
                let swiftName = element.name.text
                guard let rawValue = element.rawValue else {
                    keys.append(Key(swiftName: swiftName, stringValue: bare(swiftName)))
                    continue
                }
                guard let literal = rawValue.value.as(StringLiteralExprSyntax.self),
                    let value = literal.representedLiteralValue
                else {
                    diagnose(rawValue.value, .codingKeysRawValueNotLiteral(macro: macro, key: bare(swiftName)))
                    readable = false
                    continue
                }
                keys.append(Key(swiftName: swiftName, stringValue: value))
            }
        }
        return readable ? DeclaredCodingKeys(keys: keys) : nil
    }

    /// Reports stored properties or cases inside `#if` blocks, which the macro cannot resolve.
    mutating func checkConditionalMembers(_ members: MemberBlockItemListSyntax) {
        for member in members {
            guard let ifConfig = member.decl.as(IfConfigDeclSyntax.self) else { continue }
            if Self.containsCodedMembers(ifConfig) {
                diagnose(ifConfig.clauses.first!.poundKeyword, .conditionalMembers(macro: macro))
            }
        }
    }

    private static func containsCodedMembers(_ ifConfig: IfConfigDeclSyntax) -> Bool {
        for clause in ifConfig.clauses {
            guard case .decls(let items)? = clause.elements else { continue }
            for item in items {
                if item.decl.is(EnumCaseDeclSyntax.self) { return true }
                if let variable = item.decl.as(VariableDeclSyntax.self),
                    !isStatic(variable.modifiers),
                    variable.bindings.contains(where: isStored)
                {
                    return true
                }
                if let nested = item.decl.as(IfConfigDeclSyntax.self), containsCodedMembers(nested) {
                    return true
                }
            }
        }
        return false
    }

    // MARK: Structs

    mutating func readStruct(_ decl: StructDeclSyntax) -> TypeModel? {
        let members = decl.memberBlock.members
        let errorsBefore = diagnostics.count
        checkHandWrittenCodable(members)
        checkConditionalMembers(members)
        checkGenericCodable(decl.name, generic: decl.genericParameterClause != nil, decl.inheritanceClause)
        checkRawRepresentable(decl.name, decl.inheritanceClause)
        let codingKeys = declaredCodingKeys(members)
        var properties: [StoredProperty] = []
        for member in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            properties += readProperties(variable)
        }
        guard diagnostics.count == errorsBefore else { return nil }
        return .structure(properties: properties, codingKeys: codingKeys ?? nil)
    }

    /// Swift attributes that may stand on a stored property and are not property wrappers although
    /// their names start with an uppercase letter.
    static let uppercaseNonWrapperAttributes: Set<String> = [
        "MainActor", "NSCopying", "NSManaged", "IBOutlet", "IBInspectable", "GKInspectable", "Sendable",
    ]

    private mutating func readProperties(_ variable: VariableDeclSyntax) -> [StoredProperty] {
        guard !Self.isStatic(variable.modifiers) else { return [] }
        let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
        var properties: [StoredProperty] = []
        var reported = false
        for binding in variable.bindings where Self.isStored(binding) {
            if binding.pattern.is(TuplePatternSyntax.self) {
                diagnose(binding.pattern, .tuplePattern(macro: macro))
                continue
            }
            guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
            let name = identifier.identifier.text
            if !reported, let lazy = variable.modifiers.first(where: { $0.name.tokenKind == .keyword(.lazy) }) {
                diagnose(lazy, .lazyProperty(macro: macro, property: bare(name)))
                reported = true
            }
            if !reported, let wrapper = Self.propertyWrapper(variable.attributes) {
                diagnose(wrapper, .propertyWrapper(macro: macro, wrapper: Self.attributeName(wrapper), property: bare(name)))
                reported = true
            }
            properties.append(StoredProperty(swiftName: name, isDecoded: !(isLet && binding.initializer != nil)))
        }
        return properties
    }

    private static func propertyWrapper(_ attributes: AttributeListSyntax) -> AttributeSyntax? {
        for element in attributes {
            guard case .attribute(let attribute) = element else { continue }
            let name = attributeName(attribute)
            if let first = name.first, first.isUppercase, !uppercaseNonWrapperAttributes.contains(name) {
                return attribute
            }
        }
        return nil
    }

    /// The attribute's type name without module qualification or generic arguments.
    private static func attributeName(_ attribute: AttributeSyntax) -> String {
        let type = attribute.attributeName
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
        return type.trimmedDescription
    }

    static func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }

    /// Stored: no accessor block, or one with only observers (willSet/didSet). A bare code block, or
    /// get/set/_read/_modify/init accessors, make a computed property.
    static func isStored(_ binding: PatternBindingSyntax) -> Bool {
        guard let accessorBlock = binding.accessorBlock else { return true }
        switch accessorBlock.accessors {
        case .getter:
            return false
        case .accessors(let accessors):
            return accessors.allSatisfy {
                $0.accessorSpecifier.tokenKind == .keyword(.willSet) || $0.accessorSpecifier.tokenKind == .keyword(.didSet)
            }
        }
    }

    // MARK: Enums

    /// Raw types for which the standard library codes a `RawRepresentable` as its raw value; an enum
    /// whose cases have raw values of another type it cannot name (a typealias) is taken as one too.
    static let rawValueTypes: Set<String> = [
        "String", "Bool", "Double", "Float",
        "Int", "Int8", "Int16", "Int32", "Int64", "Int128", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "UInt128",
    ]

    /// Raw types the standard library gives no such coding: an enum of them codes its cases by name
    /// (`{"half":{}}`), as one without raw values does.
    static let caseCodedRawTypes: Set<String> = ["Character", "Substring", "Float16", "Float80", "CGFloat"]

    /// Protocols an enum commonly names first, which cannot be a raw type.
    static let knownProtocols: Set<String> = [
        "Codable", "Decodable", "Encodable", "Equatable", "Hashable", "Comparable", "Sendable", "CaseIterable",
        "Identifiable", "CustomStringConvertible", "CustomDebugStringConvertible", "LosslessStringConvertible",
        "CodingKey", "CodingKeyRepresentable", "Error", "BitwiseCopyable", "Copyable", "Escapable",
        "RawRepresentable", "TapeJSONDecodable", "TapeJSONEncodable",
    ]

    mutating func readEnum(_ decl: EnumDeclSyntax) -> TypeModel? {
        let members = decl.memberBlock.members
        let errorsBefore = diagnostics.count
        checkHandWrittenCodable(members)
        checkConditionalMembers(members)
        checkGenericCodable(decl.name, generic: decl.genericParameterClause != nil, decl.inheritanceClause)
        var cases: [EnumCase] = []
        var hasRawValues = false
        for member in members {
            guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in caseDecl.elements {
                if element.rawValue != nil { hasRawValues = true }
                let parameters = element.parameterClause.map { clause in
                    clause.parameters.enumerated().map { index, parameter -> EnumCase.Parameter in
                        if let label = parameter.firstName, label.tokenKind != .wildcard {
                            // A keyword needs no backticks as an argument label, but inout, var and let do.
                            let key = bare(label.text)
                            let callLabel = ["inout", "var", "let"].contains(key) ? "`\(key)`" : key
                            return EnumCase.Parameter(label: callLabel, key: key)
                        }
                        return EnumCase.Parameter(label: nil, key: "_\(index)")
                    }
                }
                cases.append(EnumCase(swiftName: element.name.text, parameters: parameters))
            }
        }
        let firstInherited = decl.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription
        let firstName = firstInherited.map(Self.withoutSwiftPrefix)
        let caseCodedRawType = firstName.map { Self.caseCodedRawTypes.contains($0) } == true
        let isRawValueEnum = !caseCodedRawType && (hasRawValues || firstName.map { Self.rawValueTypes.contains($0) } == true)
        if isRawValueEnum {
            return diagnostics.count == errorsBefore ? .rawValueEnum : nil
        }
        checkRawRepresentable(decl.name, decl.inheritanceClause)
        // Cases without payloads behind a first type the macro does not know: a raw type spelled through
        // a typealias (`typealias Code = Int`) looks like a protocol here, and the two code differently.
        if let firstInherited, !caseCodedRawType, !cases.isEmpty, cases.allSatisfy({ $0.parameters == nil }),
            !firstInherited.contains("&"),
            !Self.knownProtocols.contains(Self.withoutSwiftPrefix(firstInherited))
        {
            diagnose(decl.name, .possibleRawType(macro: macro, enumName: decl.name.text, typeName: firstInherited))
        }
        let codingKeys = declaredCodingKeys(members)
        // Per-case keys (`enum ACodingKeys: CodingKey` for `case a(...)`): the payload keys would
        // be theirs, not the labels.
        let perCaseNames = Set(cases.map { perCaseCodingKeysName($0.bareName) })
        for member in members {
            if let name = Self.typeName(member.decl), perCaseNames.contains(name.text) {
                diagnose(name, .perCaseCodingKeys(macro: macro, name: name.text))
            }
        }
        if directions.contains(.encoding), case .some(.some(let declared)) = codingKeys {
            for enumCase in cases where declared.key(named: enumCase.bareName) == nil {
                diagnose(decl.name, .caseMissingFromCodingKeys(macro: macro, caseName: enumCase.bareName))
            }
        }
        guard diagnostics.count == errorsBefore else { return nil }
        return .enumeration(cases: cases, codingKeys: codingKeys ?? nil)
    }


    private static func typeName(_ decl: DeclSyntax) -> TokenSyntax? {
        if let decl = decl.as(EnumDeclSyntax.self) { return decl.name }
        if let decl = decl.as(StructDeclSyntax.self) { return decl.name }
        if let decl = decl.as(ClassDeclSyntax.self) { return decl.name }
        if let decl = decl.as(TypeAliasDeclSyntax.self) { return decl.name }
        return nil
    }
}
