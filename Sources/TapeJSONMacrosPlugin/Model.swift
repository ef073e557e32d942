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

    /// Reports a hand-written `init(from:)` or `encode(to:)` for the directions being generated, also
    /// one inside an `#if` block (in any clause: the macro cannot tell which is compiled).
    mutating func checkHandWrittenCodable(_ members: MemberBlockItemListSyntax) {
        for member in members {
            if let ifConfig = member.decl.as(IfConfigDeclSyntax.self) {
                for clause in ifConfig.clauses {
                    guard case .decls(let items)? = clause.elements else { continue }
                    checkHandWrittenCodable(items)
                }
                continue
            }
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
    /// enum with String raw values whose keys can be read here. `isEnum`: the type is an enum, whose
    /// synthesized `init(from:)` finds its case through `CodingKeys(stringValue:)`.
    mutating func declaredCodingKeys(_ members: MemberBlockItemListSyntax, isEnum: Bool) -> DeclaredCodingKeys?? {
        for member in members {
            let decl = member.decl
            if let enumDecl = decl.as(EnumDeclSyntax.self), enumDecl.name.text == "CodingKeys" {
                return .some(readCodingKeys(enumDecl, isEnum: isEnum))
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

    /// The members of a declared `CodingKeys` that change what Codable codes in a way the macro cannot
    /// read: `stringValue` (the key, for the generated code a constant) and `rawValue` (the default
    /// `stringValue`), in any type; in an enum, `init(stringValue:)` and `init(rawValue:)` (the default
    /// `init(stringValue:)`) too, through which synthesized `init(from:)` maps the object's key to a case
    /// (`allKeys`). A struct's synthesized `init(from:)` never calls them (the coding paths of its errors
    /// rebuild keys through `init(stringValue:)` in the generated path as in the keyed container), and
    /// nothing calls `intValue` or `init(intValue:)` for a keyed container: those are left as written.
    private static func customCodingKeysMember(_ decl: DeclSyntax, isEnum: Bool) -> (Syntax, String)? {
        if let variable = decl.as(VariableDeclSyntax.self), !isStatic(variable.modifiers) {
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self).map({ bare($0.identifier.text) }),
                    name == "stringValue" || name == "rawValue"
                else { continue }
                return (Syntax(binding.pattern), name)
            }
        }
        if isEnum, let initializer = decl.as(InitializerDeclSyntax.self) {
            for label in ["stringValue", "rawValue"]
            where hasSingleParameter(initializer.signature.parameterClause, label: label) {
                return (Syntax(initializer.initKeyword), "init(\(label):)")
            }
        }
        return nil
    }

    private mutating func readCodingKeys(_ enumDecl: EnumDeclSyntax, isEnum: Bool) -> DeclaredCodingKeys? {
        let inherited = enumDecl.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        guard inherited.contains(where: { Self.withoutSwiftPrefix($0) == "String" }) else {
            diagnose(enumDecl.name, .codingKeysNotStringEnum(macro: macro))
            return nil
        }
        var keys: [Key] = []
        var readable = true
        for member in enumDecl.memberBlock.members {
            if let ifConfig = member.decl.as(IfConfigDeclSyntax.self) {
                diagnose(ifConfig.clauses.first!.poundKeyword, .conditionalInCodingKeys(macro: macro))
                readable = false
                continue
            }
            if let (node, name) = Self.customCodingKeysMember(member.decl, isEnum: isEnum) {
                if name.hasPrefix("init") {
                    diagnose(node, .codingKeysInitializer(macro: macro, initializer: name))
                } else {
                    diagnose(node, .codingKeysStringValue(macro: macro, member: name))
                }
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

    /// Reports a `CodingKeys` (or, in an enum, a per-case `XCodingKeys`: `keyTypeNames`) declared inside
    /// an `#if` block: the keys would then depend on a condition the macro cannot evaluate.
    mutating func checkConditionalKeyTypes(_ members: MemberBlockItemListSyntax, keyTypeNames: Set<String>) {
        for name in Self.conditionalTypeNames(members) where keyTypeNames.contains(bare(name.text)) {
            diagnose(name, .conditionalCodingKeys(macro: macro, name: bare(name.text)))
        }
    }

    /// The names of the types declared inside the `#if` blocks of `members`, nested blocks included.
    private static func conditionalTypeNames(_ members: MemberBlockItemListSyntax) -> [TokenSyntax] {
        var names: [TokenSyntax] = []
        for member in members {
            guard let ifConfig = member.decl.as(IfConfigDeclSyntax.self) else { continue }
            for clause in ifConfig.clauses {
                guard case .decls(let items)? = clause.elements else { continue }
                names += items.compactMap { typeName($0.decl) }
                names += conditionalTypeNames(items)
            }
        }
        return names
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
        checkConditionalKeyTypes(members, keyTypeNames: ["CodingKeys"])
        let codingKeys = declaredCodingKeys(members, isEnum: false)
        var properties: [StoredProperty] = []
        for member in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            properties += readProperties(variable)
        }
        guard diagnostics.count == errorsBefore else { return nil }
        return .structure(properties: properties, codingKeys: codingKeys ?? nil)
    }

    /// The attributes that may stand on a stored property without changing how synthesized Codable
    /// codes it: Swift's own declaration attributes that apply to stored properties (availability,
    /// access, exclusivity, ABI and optimization markers), the Objective-C and Interface Builder ones,
    /// and `@MainActor`. The parser does not tell Swift's attributes from custom ones: any other
    /// attribute, whatever its case (`@propertyWrapper struct clamped` is `@clamped`), is taken for a
    /// property wrapper, or an attached macro, which may turn the property into a computed one.
    static let harmlessPropertyAttributes: Set<String> = [
        "available", "_spi", "_spi_available", "usableFromInline", "_documentation", "preconcurrency",
        "exclusivity", "_hasStorage", "_optimize", "_semantics", "_noImplicitCopy", "_eagerMove", "_noEagerMove",
        "_lexicalLifetimes", "abi", "unsafe", "safe", "objc", "nonobjc", "noDerivative",
        "NSCopying", "NSManaged", "IBOutlet", "IBInspectable", "GKInspectable", "MainActor", "_Concurrency.MainActor",
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

    /// The first attribute not known to be harmless (`harmlessPropertyAttributes`), also inside `#if`
    /// blocks of the attribute list (in any clause: the macro cannot tell which is compiled).
    private static func propertyWrapper(_ attributes: AttributeListSyntax) -> AttributeSyntax? {
        for element in attributes {
            switch element {
            case .attribute(let attribute):
                let name = dottedName(attribute.attributeName) ?? attribute.attributeName.trimmedDescription
                if !harmlessPropertyAttributes.contains(name) { return attribute }
            case .ifConfigDecl(let ifConfig):
                for clause in ifConfig.clauses {
                    guard case .attributes(let nested)? = clause.elements else { continue }
                    if let attribute = propertyWrapper(nested) { return attribute }
                }
            }
        }
        return nil
    }

    /// A type written as a plain or dotted name (`Int`, `Swift.Int`, `Foundation.CGFloat`), backticks
    /// dropped; nil for any other shape (generic arguments, optionals, compositions, ...).
    static func dottedName(_ type: TypeSyntax) -> String? {
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil {
            return bare(identifier.name.text)
        }
        if let member = type.as(MemberTypeSyntax.self), member.genericArgumentClause == nil,
            let base = dottedName(member.baseType)
        {
            return base + "." + bare(member.name.text)
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

    /// The raw types for which the standard library codes a `RawRepresentable` as its raw value (its
    /// `RawRepresentable where RawValue == T` defaults of `Encodable` and `Decodable`, `Int128` and
    /// `UInt128` included: checked with Swift 6.3.1), spelled as the macro takes them: bare or
    /// `Swift.`-qualified (`Bool` has the defaults, but is no literal type an enum can have as raw type).
    /// An enum with any other raw type codes its cases by name, as one without raw values does.
    static let rawValueTypes: Set<String> = [
        "String", "Bool", "Double", "Float",
        "Int", "Int8", "Int16", "Int32", "Int64", "Int128", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "UInt128",
    ]

    /// Raw types, as spelled here, that the macro knows the standard library gives no such coding: an
    /// enum of them codes its cases by name (`{"half":{}}`), as one without raw values does. A raw type
    /// spelled any other way (a typealias, a custom literal type) is reported (`unknownRawType`).
    static let caseCodedRawTypes: Set<String> = [
        "Character", "Swift.Character", "Substring", "Swift.Substring", "Float16", "Swift.Float16",
        "Float80", "Swift.Float80", "CGFloat", "Foundation.CGFloat", "CoreGraphics.CGFloat", "CoreFoundation.CGFloat",
    ]

    /// Protocols an enum commonly names first, which cannot be a raw type (bare or `Swift.`-qualified).
    static let knownProtocols: Set<String> = [
        "Codable", "Decodable", "Encodable", "Equatable", "Hashable", "Comparable", "Sendable", "CaseIterable",
        "Identifiable", "CustomStringConvertible", "CustomDebugStringConvertible", "LosslessStringConvertible",
        "CodingKey", "CodingKeyRepresentable", "Error", "BitwiseCopyable", "Copyable", "Escapable",
        "RawRepresentable", "TapeJSONDecodable", "TapeJSONEncodable", "TapeJSONCodable",
        "TapeJSON.TapeJSONDecodable", "TapeJSON.TapeJSONEncodable", "TapeJSON.TapeJSONCodable",
    ]

    /// What the first type of an enum's inheritance clause says about how Codable codes the enum.
    enum FirstInheritedType {
        /// One of `rawValueTypes`: the raw value.
        case rawValueCoded
        /// One of `caseCodedRawTypes`, a known protocol, a composition, or no inheritance clause: the
        /// cases (or, for a protocol and raw values, a compiler error).
        case caseCoded
        /// A name the macro cannot resolve: a raw type of either kind, or a protocol.
        case unknown(String)
    }

    static func firstInheritedType(_ clause: InheritanceClauseSyntax?) -> FirstInheritedType {
        guard let type = clause?.inheritedTypes.first?.type else { return .caseCoded }
        guard let name = dottedName(type) else {
            // A composition (`Codable & Sendable`) or a suppressed protocol (`~Copyable`) is no raw type.
            if type.is(CompositionTypeSyntax.self) || type.is(SuppressedTypeSyntax.self) { return .caseCoded }
            return .unknown(type.trimmedDescription)
        }
        if rawValueTypes.contains(withoutSwiftPrefix(name)) { return .rawValueCoded }
        if caseCodedRawTypes.contains(name) || knownProtocols.contains(withoutSwiftPrefix(name)) { return .caseCoded }
        return .unknown(name)
    }

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
        switch Self.firstInheritedType(decl.inheritanceClause) {
        case .rawValueCoded:
            return diagnostics.count == errorsBefore ? .rawValueEnum : nil
        case .unknown(let typeName) where hasRawValues:
            // Certainly the raw type, but coded as the raw value only if it is one of the standard
            // library's (`typealias Half = Float16` codes the cases; `typealias Code = Int`, the raw value).
            diagnose(decl.name, .unknownRawType(macro: macro, enumName: decl.name.text, typeName: typeName))
        case .unknown(let typeName) where !cases.isEmpty && cases.allSatisfy({ $0.parameters == nil }):
            // Cases without payloads behind a first type the macro does not know: a raw type spelled
            // through a typealias (`typealias Code = Int`) looks like a protocol here, and the two code
            // differently. (Cases with payloads, or none, cannot have a raw type.)
            diagnose(decl.name, .possibleRawType(macro: macro, enumName: decl.name.text, typeName: typeName))
        case .unknown, .caseCoded:
            break
        }
        checkRawRepresentable(decl.name, decl.inheritanceClause)
        let codingKeys = declaredCodingKeys(members, isEnum: true)
        // Per-case keys (`enum ACodingKeys: CodingKey` for `case a(...)`): the payload keys would
        // be theirs, not the labels.
        let perCaseNames = Set(cases.map { perCaseCodingKeysName($0.bareName) })
        checkConditionalKeyTypes(members, keyTypeNames: perCaseNames.union(["CodingKeys"]))
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
        if let decl = decl.as(ActorDeclSyntax.self) { return decl.name }
        if let decl = decl.as(TypeAliasDeclSyntax.self) { return decl.name }
        return nil
    }
}
