import SwiftSyntax
import SwiftSyntaxMacros

/// `@TapeJSONCodable`: both extensions, `TapeJSONDecodable` and `TapeJSONEncodable`.
public struct TapeJSONCodableMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        Expansion.extensions(
            of: node, attachedTo: declaration, type: TypeSyntax(type), protocols: protocols,
            directions: [.decoding, .encoding], in: context
        )
    }
}

/// `@TapeJSONDecodable`: the `TapeJSONDecodable` extension alone.
public struct TapeJSONDecodableMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        Expansion.extensions(
            of: node, attachedTo: declaration, type: TypeSyntax(type), protocols: protocols,
            directions: [.decoding], in: context
        )
    }
}

/// `@TapeJSONEncodable`: the `TapeJSONEncodable` extension alone.
public struct TapeJSONEncodableMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        Expansion.extensions(
            of: node, attachedTo: declaration, type: TypeSyntax(type), protocols: protocols,
            directions: [.encoding], in: context
        )
    }
}
