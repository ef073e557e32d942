import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import TapeJSONMacrosPlugin
import Testing

/// The protocols as the compiler passes them to the macros: those of the attribute's `conformances:`
/// that the type does not conform to yet.
func protocols(_ names: String...) -> [TypeSyntax] {
    names.map { TypeSyntax(IdentifierTypeSyntax(name: .identifier($0))) }
}

/// The three macros, for a type that conforms to neither protocol yet.
let allMacros: [String: MacroSpec] = [
    "TapeJSONCodable": MacroSpec(
        type: TapeJSONCodableMacro.self, conformances: protocols("TapeJSONDecodable", "TapeJSONEncodable")),
    "TapeJSONDecodable": MacroSpec(type: TapeJSONDecodableMacro.self, conformances: protocols("TapeJSONDecodable")),
    "TapeJSONEncodable": MacroSpec(type: TapeJSONEncodableMacro.self, conformances: protocols("TapeJSONEncodable")),
]

/// swift-syntax's expansion check, its failures recorded as Swift Testing issues at the caller.
func assertExpansion(
    _ source: String,
    expandsTo expanded: String,
    diagnostics: [DiagnosticSpec] = [],
    macros: [String: MacroSpec] = allMacros,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    assertMacroExpansion(
        source,
        expandedSource: expanded,
        diagnostics: diagnostics,
        macroSpecs: macros,
        indentationWidth: .spaces(4),
        failureHandler: { failure in
            Issue.record("\(failure.message)", sourceLocation: sourceLocation)
        }
    )
}
