import Foundation
import TapeJSON

/// The benchmark corpus copied into the project (`Corpus/` at the package root).
enum Corpus {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus")

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    static var jsonFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
    }
}

/// One line per event, the way `tapejson events` prints them.
func describe(_ event: borrowing JSONEvent) -> String {
    switch event {
    case .startObject: return "{"
    case .endObject: return "}"
    case .startArray: return "["
    case .endArray: return "]"
    case .key(let name): return "key " + name.string
    case .string(let text): return "string " + text.string
    case .int(let n): return "int \(n)"
    case .uint(let n): return "uint \(n)"
    case .double(let x): return "double \(x)"
    case .bool(let b): return "bool \(b)"
    case .null: return "null"
    case .bigNumber(let text): return "number " + text.string
    }
}

/// Every remaining event of `reader`, described.
func drain(_ reader: inout JSONEventReader) -> [String] {
    var lines: [String] = []
    while let event = reader.next() { lines.append(describe(event)) }
    return lines
}

/// The events of a whole document, described.
func eventLines(_ text: String) throws -> [String] {
    let document = try JSONParser.shared.parse(text)
    var reader = document.events
    return drain(&reader)
}

/// JSON text rebuilt from a reader's events with `JSONTextWriter`.
func reserialize(_ reader: inout JSONEventReader) -> [UInt8] {
    var writer = JSONTextWriter()
    var state = JSONTextWriter.SeparatorState()
    while let event = reader.next() { writer.write(event, separators: &state) }
    return writer.bytes
}

/// The next event of `reader`, described, or nil at the end.
func nextLine(_ reader: inout JSONEventReader) -> String? {
    guard let event = reader.next() else { return nil }
    return describe(event)
}
