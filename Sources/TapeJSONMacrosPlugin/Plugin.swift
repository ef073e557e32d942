import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin behind `@TapeJSONCodable`, `@TapeJSONDecodable` and `@TapeJSONEncodable`
/// (declared in the TapeJSONMacros module).
@main
struct TapeJSONMacrosPlugin: CompilerPlugin {
    let providingMacros: [Macro.Type] = [
        TapeJSONCodableMacro.self,
        TapeJSONDecodableMacro.self,
        TapeJSONEncodableMacro.self,
    ]
}
