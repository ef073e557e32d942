import Foundation
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import TapeJSONMacrosPlugin
import Testing

/// The corpus models' `@TapeJSONCodable` twins (`BenchSupport/Sources/GeneratedCorpusModels`) are kept
/// expanded, so that `tapejson` (and with it `make bench`) builds without swift-syntax: a fresh release
/// build with the macro's plugin took 11 minutes on 2 cores. This test is their generator and their
/// check: it annotates each model of `BenchSupport/Sources/CorpusModels` with `@TapeJSONCodable`,
/// expands the macro with the plugin's own code, and requires the checked-in file to be that text.
/// After changing a corpus model or the macro, write them anew with
/// `TAPEJSON_WRITE_TWINS=1 swift test --filter TwinSourceTests`.
///
/// What the twins change in the originals, and why:
/// - `@Boxed` (a property wrapper, which the macro refuses: synthesized Codable calls the container
///   overloads Boxed declares) becomes `Indirect<T>?`, a box with hand-written conformances
///   (`Indirect.swift`).
/// - `LogTimestamp` and `LogUserID` keep their hand-written `init(from:)` and `encode(to:)` (which the
///   macro refuses too) and get hand-written conformances (`LogLineScalars.swift`).
@Suite struct TwinSourceTests {
    static let benchSupport = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("BenchSupport/Sources")

    /// The models written by hand, with no annotated twin of their own.
    static let handWritten: Set<String> = ["LogTimestamp", "LogUserID"]

    static var modelFiles: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(
            atPath: benchSupport.appendingPathComponent("CorpusModels").path)) ?? []
        return names.filter { $0.hasSuffix(".swift") && $0 != "Boxed.swift" }.sorted()
    }

    /// A model file as its twin declares it: every top-level `Codable` type annotated, `@Boxed`
    /// properties as `Indirect`, the macros' module imported.
    static func annotated(_ original: String) -> String {
        var lines: [String] = []
        var importsMacros = false
        for line in original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("import Foundation") {
                lines.append(line)
                lines.append("import TapeJSONMacros")
                importsMacros = true
                continue
            }
            if let name = codableDeclarationName(line), !handWritten.contains(name) {
                lines.append("@TapeJSONCodable")
            }
            lines.append(unboxed(line))
        }
        if !importsMacros { lines.insert("import TapeJSONMacros", at: 0) }
        return lines.joined(separator: "\n")
    }

    /// The name of the type a line declares, when it is a public struct or enum conforming to `Codable`.
    static func codableDeclarationName(_ line: String) -> String? {
        for keyword in ["public struct ", "public enum "] where line.hasPrefix(keyword) {
            let rest = line.dropFirst(keyword.count)
            let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            let header = rest.prefix { $0 != "{" }
            let words = header.split { !($0.isLetter || $0.isNumber || $0 == "_") }
            return words.contains("Codable") ? String(name) : nil
        }
        return nil
    }

    /// `@Boxed public var x: T?` as `public var x: Indirect<T>?`.
    static func unboxed(_ line: String) -> String {
        guard let range = line.range(of: "@Boxed public var ") else { return line }
        let declaration = line[range.upperBound...]
        guard let colon = declaration.range(of: ": "), declaration.hasSuffix("?") else { return line }
        let name = declaration[..<colon.lowerBound]
        let type = declaration[colon.upperBound...].dropLast()
        return line[..<range.lowerBound] + "public var \(name): Indirect<\(type)>?"
    }

    /// The twin's text: the annotated file with its macros expanded by the plugin, importing TapeJSON.
    static func expanded(_ file: String, original: String) throws -> String {
        let source = Parser.parse(source: annotated(original))
        let context = BasicMacroExpansionContext(
            sourceFiles: [source: .init(moduleName: "GeneratedCorpusModels", fullFilePath: file)])
        let result = source.expand(
            macroSpecs: allMacros,
            contextGenerator: { BasicMacroExpansionContext(sharingWith: context, lexicalContext: $0.allMacroLexicalContexts()) },
            indentationWidth: .spaces(4))
        for diagnostic in context.diagnostics {
            Issue.record("\(file): the macro reported \(diagnostic.debugDescription)")
        }
        let body = result.description
            .replacingOccurrences(of: "import TapeJSONMacros\n", with: "import TapeJSON\n")
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.last == " " ? String($0.reversed().drop { $0 == " " }.reversed()) : String($0) }
            .joined(separator: "\n")
        return "// Generated from CorpusModels/\(file) by Tests/MacroExpansionTests/TwinSourceTests.swift "
            + "(the @TapeJSONCodable expansion): edit the original.\n// swift-format-ignore-file\n" + body
    }

    @Test func everyModelFileHasATwin() {
        #expect(Self.modelFiles.count >= 9, "the corpus models were not found under \(Self.benchSupport.path)")
    }

    @Test(arguments: modelFiles)
    func twinIsTheMacrosExpansion(_ file: String) throws {
        let original = try String(
            contentsOf: Self.benchSupport.appendingPathComponent("CorpusModels/\(file)"), encoding: .utf8)
        let twinURL = Self.benchSupport.appendingPathComponent("GeneratedCorpusModels/\(file)")
        let expected = try Self.expanded(file, original: original)
        if ProcessInfo.processInfo.environment["TAPEJSON_WRITE_TWINS"] == "1" {
            try expected.write(to: twinURL, atomically: true, encoding: .utf8)
        }
        let checkedIn = try String(contentsOf: twinURL, encoding: .utf8)
        #expect(checkedIn == expected, """
            \(twinURL.path) is not the macro's expansion of CorpusModels/\(file): \
            write it anew with TAPEJSON_WRITE_TWINS=1 swift test --filter TwinSourceTests
            """)
    }

    @Test func annotationFollowsTheOriginalsRules() {
        #expect(Self.codableDeclarationName("public struct A: Codable, Equatable {") == "A")
        #expect(Self.codableDeclarationName("public enum Level: String, Codable, Sendable {") == "Level")
        #expect(Self.codableDeclarationName("public struct NotCodable: Equatable {") == nil)
        #expect(Self.codableDeclarationName("    public struct Nested: Codable {") == nil)
        #expect(Self.unboxed("    @Boxed public var retweeted: Status?") == "    public var retweeted: Indirect<Status>?")
        #expect(Self.annotated("import Foundation\npublic struct A: Codable {}")
            == "import Foundation\nimport TapeJSONMacros\n@TapeJSONCodable\npublic struct A: Codable {}")
        #expect(Self.annotated("// x\npublic struct A: Codable {}")
            == "import TapeJSONMacros\n// x\n@TapeJSONCodable\npublic struct A: Codable {}")
    }
}
