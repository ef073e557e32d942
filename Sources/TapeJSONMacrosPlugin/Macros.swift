import SwiftSyntax
import SwiftSyntaxMacros

/// `@TapeJSONCodable`: both extensions, `TapeJSONDecodable` and `TapeJSONEncodable`, and the member
/// `CodingKeys` when the body declares none (see `Expansion.members`).
public struct TapeJSONCodableMacro: ExtensionMacro, MemberMacro {
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

    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        Expansion.members(of: node, attachedTo: declaration, protocols: protocols, directions: [.decoding, .encoding])
    }
}

/// `@TapeJSONDecodable`: the `TapeJSONDecodable` extension alone, and the member `CodingKeys`.
public struct TapeJSONDecodableMacro: ExtensionMacro, MemberMacro {
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

    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        Expansion.members(of: node, attachedTo: declaration, protocols: protocols, directions: [.decoding])
    }
}

/// `@TapeJSONEncodable`: the `TapeJSONEncodable` extension alone, and the member `CodingKeys`.
public struct TapeJSONEncodableMacro: ExtensionMacro, MemberMacro {
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

    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        Expansion.members(of: node, attachedTo: declaration, protocols: protocols, directions: [.encoding])
    }
}
