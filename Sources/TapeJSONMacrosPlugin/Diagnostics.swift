import SwiftDiagnostics

/// The macros' errors. Each says why the macro can't generate exact code for the declaration and what
/// to do instead; `macro` is the attribute as written (`TapeJSONCodable`, ...).
enum TapeJSONMacroDiagnostic: DiagnosticMessage {
    case classType(macro: String)
    case actorType(macro: String)
    case protocolType(macro: String)
    case otherDeclaration(macro: String)
    case handWrittenInitFrom(macro: String)
    case handWrittenEncodeTo(macro: String)
    case propertyWrapper(macro: String, wrapper: String, property: String)
    case lazyProperty(macro: String, property: String)
    case tuplePattern(macro: String)
    case conditionalMembers(macro: String)
    case codingKeysNotStringEnum(macro: String)
    case codingKeysStringValue(macro: String, member: String)
    case codingKeysInitializer(macro: String, initializer: String)
    case conditionalInCodingKeys(macro: String)
    case conditionalCodingKeys(macro: String, name: String)
    case codingKeysRawValueNotLiteral(macro: String, key: String)
    case perCaseCodingKeys(macro: String, name: String)
    case caseMissingFromCodingKeys(macro: String, caseName: String)
    case possibleRawType(macro: String, enumName: String, typeName: String)
    case unknownRawType(macro: String, enumName: String, typeName: String)
    case genericWithoutCodable(macro: String, typeName: String, protocolName: String)
    case rawRepresentable(macro: String, typeName: String)

    var message: String {
        switch self {
        case .classType(let macro):
            return "@\(macro) cannot be applied to a class: a class's Codable conformance involves "
                + "required initializers and inherited properties the macro cannot see; use a struct, "
                + "or keep the class on plain Codable"
        case .actorType(let macro):
            return "@\(macro) cannot be applied to an actor: its state cannot be read synchronously "
                + "from nonisolated code; copy the state into a struct and apply @\(macro) to that"
        case .protocolType(let macro):
            return "@\(macro) cannot be applied to a protocol: it generates code from the stored "
                + "properties or cases of a struct or enum; apply it to each conforming struct or enum"
        case .otherDeclaration(let macro):
            return "@\(macro) can only be applied to a struct or an enum"
        case .handWrittenInitFrom(let macro):
            return "@\(macro) cannot be used with a hand-written init(from:): the generated fast path "
                + "init(tapeJSON:) decodes the members directly and would bypass it; remove init(from:), "
                + "or use @TapeJSONEncodable so that decoding keeps going through init(from:)"
        case .handWrittenEncodeTo(let macro):
            return "@\(macro) cannot be used with a hand-written encode(to:): the generated fast path "
                + "encode(tapeJSON:) writes the members directly and would bypass it; remove encode(to:), "
                + "or use @TapeJSONDecodable so that encoding keeps going through encode(to:)"
        case .propertyWrapper(let macro, let wrapper, let property):
            return "@\(macro) does not support the property wrapper @\(wrapper) on '\(property)' (any attribute "
                + "but Swift's own and @MainActor is taken for one): Codable encodes and decodes the wrapper "
                + "through the wrapper type's own conformance, which the generated code cannot reproduce; "
                + "remove the wrapper, or the macro"
        case .lazyProperty(let macro, let property):
            return "@\(macro) does not support the lazy property '\(property)': Codable codes it "
                + "through its hidden storage, which the generated code cannot reach; make it a plain "
                + "stored or a computed property"
        case .tuplePattern(let macro):
            return "@\(macro) does not support tuple patterns in stored properties; declare each "
                + "property on its own (let a: Int; let b: Int)"
        case .conditionalMembers(let macro):
            return "@\(macro) does not support stored properties or cases inside #if; the macro "
                + "cannot tell which branch is compiled; move them out of the #if block"
        case .codingKeysNotStringEnum(let macro):
            return "@\(macro) needs CodingKeys to be an enum with String raw values "
                + "('enum CodingKeys: String, CodingKey'), so that it can read each key at compile "
                + "time; give CodingKeys the String raw type"
        case .codingKeysStringValue(let macro, let member):
            return "@\(macro) does not support a CodingKeys that implements \(member) itself: the "
                + "macro cannot know the keys at compile time; use raw values (case name = \"key\") instead"
        case .codingKeysInitializer(let macro, let initializer):
            return "@\(macro) does not support an enum's CodingKeys that implements \(initializer) itself: "
                + "Codable finds the case through it (CodingKeys(stringValue:) of each key of the object), "
                + "which the macro cannot follow at compile time; remove it and use raw values "
                + "(case name = \"key\"), or keep the enum on plain Codable"
        case .conditionalInCodingKeys(let macro):
            return "@\(macro) does not support #if inside CodingKeys: the macro cannot tell which branch is "
                + "compiled, and so which keys Codable uses; move the cases out of the #if block, or declare "
                + "a whole CodingKeys in each branch of an #if around the type"
        case .conditionalCodingKeys(let macro, let name):
            return "@\(macro) does not support \(name) declared inside #if: the macro cannot tell which branch "
                + "is compiled, and so which keys Codable uses; move \(name) out of the #if block"
        case .codingKeysRawValueNotLiteral(let macro, let key):
            return "@\(macro) needs the raw value of CodingKeys.\(key) to be a plain string literal "
                + "(no interpolation), so that it can read the key at compile time"
        case .perCaseCodingKeys(let macro, let name):
            return "@\(macro) does not support per-case coding keys (\(name)); remove \(name) so "
                + "that the payload keys are the labels and _0, _1, ..., or keep the enum on plain Codable"
        case .caseMissingFromCodingKeys(let macro, let caseName):
            return "@\(macro) does not support the case '\(caseName)', which CodingKeys leaves out "
                + "(Codable throws when encoding it); add it to CodingKeys, or use @TapeJSONDecodable"
        case .possibleRawType(let macro, let enumName, let typeName):
            return "@\(macro) cannot tell whether '\(typeName)', first in \(enumName)'s inheritance clause, is "
                + "its raw type (a typealias of Int or String, say: Codable then codes the raw value) or a "
                + "protocol (Codable then codes {\"case\":{}}); write the raw type itself (enum \(enumName): Int), "
                + "or put Codable first when '\(typeName)' is a protocol"
        case .unknownRawType(let macro, let enumName, let typeName):
            return "@\(macro) cannot tell how Codable codes \(enumName), whose raw type is '\(typeName)': the "
                + "standard library codes an enum as its raw value only when the raw type is String, Int, Int8, "
                + "Int16, Int32, Int64, Int128, UInt, UInt8, UInt16, UInt32, UInt64, UInt128, Double or Float, and "
                + "one of any other raw type (Character, Float16, a custom literal type, ...) by its cases "
                + "({\"case\":{}}); the macro sees the name, not the type it stands for (a typealias, another "
                + "module's type); write one of those raw types itself (enum \(enumName): Int), or keep "
                + "\(enumName) on plain Codable"
        case .rawRepresentable(let macro, let typeName):
            return "@\(macro) does not support a RawRepresentable conformance declared by hand: Codable "
                + "codes \(typeName) by its raw value through the standard library's default "
                + "implementations (or, for other raw types, by its members); keep \(typeName) on plain "
                + "Codable (a property of its type is still decoded inside the generated path of its owner)"
        case .genericWithoutCodable(let macro, let typeName, let protocolName):
            return "@\(macro) needs the generic type \(typeName) to declare \(protocolName) itself "
                + "(struct \(typeName)<T: Codable>: \(protocolName)): the macro cannot see a conditional conformance "
                + "in an extension, and its own extension would need the same conditions"
        }
    }

    var diagnosticID: MessageID {
        let id: String
        switch self {
        case .classType: id = "classType"
        case .actorType: id = "actorType"
        case .protocolType: id = "protocolType"
        case .otherDeclaration: id = "otherDeclaration"
        case .handWrittenInitFrom: id = "handWrittenInitFrom"
        case .handWrittenEncodeTo: id = "handWrittenEncodeTo"
        case .propertyWrapper: id = "propertyWrapper"
        case .lazyProperty: id = "lazyProperty"
        case .tuplePattern: id = "tuplePattern"
        case .conditionalMembers: id = "conditionalMembers"
        case .codingKeysNotStringEnum: id = "codingKeysNotStringEnum"
        case .codingKeysStringValue: id = "codingKeysStringValue"
        case .codingKeysInitializer: id = "codingKeysInitializer"
        case .conditionalInCodingKeys: id = "conditionalInCodingKeys"
        case .conditionalCodingKeys: id = "conditionalCodingKeys"
        case .codingKeysRawValueNotLiteral: id = "codingKeysRawValueNotLiteral"
        case .perCaseCodingKeys: id = "perCaseCodingKeys"
        case .caseMissingFromCodingKeys: id = "caseMissingFromCodingKeys"
        case .possibleRawType: id = "possibleRawType"
        case .unknownRawType: id = "unknownRawType"
        case .genericWithoutCodable: id = "genericWithoutCodable"
        case .rawRepresentable: id = "rawRepresentable"
        }
        return MessageID(domain: "TapeJSONMacros", id: id)
    }

    var severity: DiagnosticSeverity { .error }
}
