import Foundation
import Testing

@testable import TapeJSON

// MARK: - A parsed tree, the reference the byte-level patches are checked against

/// A JSON value as data: numbers by value, objects as member lists compared regardless of order.
indirect enum Tree: Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([Tree])
    case object([(key: String, value: Tree)])

    static func == (a: Tree, b: Tree) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            guard x.count == y.count else { return false }
            return x.allSatisfy { member in y.first { $0.key == member.key }?.value == member.value }
        default: return false
        }
    }

    init(_ value: JSONValue) {
        switch value.kind {
        case .null: self = .null
        case .bool: self = .bool(value.bool!)
        case .int, .uint, .double: self = .number(value.double!)
        case .string: self = .string(value.string!)
        case .array: self = .array(value.elements.map(Tree.init))
        case .object: self = .object(value.members.map { ($0.key, Tree($0.value)) })
        }
    }

    init(json bytes: [UInt8]) throws {
        self.init(try JSONParser.shared.parse(bytes).root)
    }

    /// Compact JSON (strings escaped by `JSONTextWriter`).
    var json: [UInt8] {
        var writer = JSONTextWriter()
        write(&writer)
        return writer.bytes
    }

    func write(_ writer: inout JSONTextWriter) {
        switch self {
        case .null: writer.writeRaw("null")
        case .bool(let b): writer.writeRaw(b ? "true" : "false")
        case .number(let n): writer.writeRaw(n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : "\(n)")
        case .string(let s): writer.writeString(s)
        case .array(let elements):
            writer.writeRaw("[")
            for (k, element) in elements.enumerated() {
                if k > 0 { writer.writeRaw(",") }
                element.write(&writer)
            }
            writer.writeRaw("]")
        case .object(let members):
            writer.writeRaw("{")
            for (k, member) in members.enumerated() {
                if k > 0 { writer.writeRaw(",") }
                writer.writeString(member.key)
                writer.writeRaw(":")
                member.value.write(&writer)
            }
            writer.writeRaw("}")
        }
    }

    var description: String { String(decoding: json, as: UTF8.self) }
}

/// An RFC 6901 pointer to a path of keys and indexes.
func pointer(_ path: [PathStep]) -> String {
    path.map { step in
        switch step {
        case .key(let key): return "/" + key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
        case .index(let index): return "/\(index)"
        case .end: return "/-"
        }
    }.joined()
}

enum PathStep: Equatable {
    case key(String)
    case index(Int)
    /// `-`: one past the end of an array.
    case end
}

struct ReferenceFailure: Error {}

extension Tree {
    /// The value at `path`.
    func value(at path: ArraySlice<PathStep>) throws -> Tree {
        guard let step = path.first else { return self }
        switch (self, step) {
        case (.object(let members), .key(let key)):
            guard let member = members.first(where: { $0.key == key }) else { throw ReferenceFailure() }
            return try member.value.value(at: path.dropFirst())
        case (.array(let elements), .index(let index)):
            guard index < elements.count else { throw ReferenceFailure() }
            return try elements[index].value(at: path.dropFirst())
        default:
            throw ReferenceFailure()
        }
    }

    /// This tree with `body` applied to the value at `path`'s parent and its last step.
    func editing(_ path: ArraySlice<PathStep>, _ body: (inout Tree, PathStep) throws -> Void) throws -> Tree {
        guard let step = path.first else { throw ReferenceFailure() }
        var copy = self
        if path.count == 1 {
            try body(&copy, step)
            return copy
        }
        switch (copy, step) {
        case (.object(var members), .key(let key)):
            guard let k = members.firstIndex(where: { $0.key == key }) else { throw ReferenceFailure() }
            members[k].value = try members[k].value.editing(path.dropFirst(), body)
            copy = .object(members)
        case (.array(var elements), .index(let index)):
            guard index < elements.count else { throw ReferenceFailure() }
            elements[index] = try elements[index].editing(path.dropFirst(), body)
            copy = .array(elements)
        default:
            throw ReferenceFailure()
        }
        return copy
    }

    func adding(_ value: Tree, at path: [PathStep]) throws -> Tree {
        if path.isEmpty { return value }
        return try editing(path[...]) { parent, step in
            switch (parent, step) {
            case (.object(var members), .key(let key)):
                if let k = members.firstIndex(where: { $0.key == key }) { members[k].value = value } else { members.append((key, value)) }
                parent = .object(members)
            case (.array(var elements), .index(let index)):
                guard index <= elements.count else { throw ReferenceFailure() }
                elements.insert(value, at: index)
                parent = .array(elements)
            case (.array(var elements), .end):
                elements.append(value)
                parent = .array(elements)
            default:
                throw ReferenceFailure()
            }
        }
    }

    func replacing(at path: [PathStep], with value: Tree) throws -> Tree {
        if path.isEmpty { return value }
        return try editing(path[...]) { parent, step in
            switch (parent, step) {
            case (.object(var members), .key(let key)):
                guard let k = members.firstIndex(where: { $0.key == key }) else { throw ReferenceFailure() }
                members[k].value = value
                parent = .object(members)
            case (.array(var elements), .index(let index)):
                guard index < elements.count else { throw ReferenceFailure() }
                elements[index] = value
                parent = .array(elements)
            default:
                throw ReferenceFailure()
            }
        }
    }

    func removing(at path: [PathStep]) throws -> Tree {
        try editing(path[...]) { parent, step in
            switch (parent, step) {
            case (.object(var members), .key(let key)):
                guard let k = members.firstIndex(where: { $0.key == key }) else { throw ReferenceFailure() }
                members.remove(at: k)
                parent = .object(members)
            case (.array(var elements), .index(let index)):
                guard index < elements.count else { throw ReferenceFailure() }
                elements.remove(at: index)
                parent = .array(elements)
            default:
                throw ReferenceFailure()
            }
        }
    }
}

// MARK: - Seeded random documents, written with varied bytes

/// SplitMix64: a seeded generator, the same sequence on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Where a value's bytes are in a generated text, and its members' or elements'.
struct Layout {
    var range: Range<Int>
    /// Per member or element: where it starts (its key, or the element) and its value's layout.
    var children: [Child] = []

    struct Child {
        var start: Int
        var value: Layout
    }
}

/// Writes trees as JSON text with random whitespace, number spellings and escapes, recording layouts.
struct TextMaker {
    var rng: SeededGenerator
    var bytes: [UInt8] = []

    static let keys = ["id", "name", "a/b", "m~n", "é", "tags", "x", "level", "n", "z\"q"]

    mutating func whitespace() {
        let choices: [String] = ["", "", "", " ", "\n  ", "\t"]
        bytes.append(contentsOf: choices.randomElement(using: &rng)!.utf8)
    }

    /// A string's JSON text, with optional escapes that the compact form would not use.
    mutating func string(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": bytes.append(contentsOf: Array(#"\""#.utf8))
            case "\\": bytes.append(contentsOf: Array(#"\\"#.utf8))
            case "/" where Bool.random(using: &rng): bytes.append(contentsOf: Array(#"\/"#.utf8))
            case "é" where Bool.random(using: &rng): bytes.append(contentsOf: Array(#"\u00e9"#.utf8))
            default: bytes.append(contentsOf: Array(String(scalar).utf8))
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func write(_ tree: Tree) -> Layout {
        let start = bytes.count
        var layout = Layout(range: start..<start)
        switch tree {
        case .null: bytes.append(contentsOf: Array("null".utf8))
        case .bool(let b): bytes.append(contentsOf: Array((b ? "true" : "false").utf8))
        case .number(let n):
            let whole = Int64(n)
            let spellings = ["\(whole)", "\(whole).0", "\(whole)e0", "\(whole).00E0"]
            bytes.append(contentsOf: Array(spellings.randomElement(using: &rng)!.utf8))
        case .string(let s): string(s)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (k, element) in elements.enumerated() {
                if k > 0 { bytes.append(UInt8(ascii: ",")) }
                whitespace()
                let elementStart = bytes.count
                layout.children.append(Layout.Child(start: elementStart, value: write(element)))
                whitespace()
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (k, member) in members.enumerated() {
                if k > 0 { bytes.append(UInt8(ascii: ",")) }
                whitespace()
                let keyStart = bytes.count
                string(member.key)
                whitespace()
                bytes.append(UInt8(ascii: ":"))
                whitespace()
                layout.children.append(Layout.Child(start: keyStart, value: write(member.value)))
                whitespace()
            }
            bytes.append(UInt8(ascii: "}"))
        }
        layout.range = start..<bytes.count
        return layout
    }

    mutating func tree(depth: Int) -> Tree {
        let pick = Int.random(in: 0..<(depth > 2 ? 5 : 8), using: &rng)
        switch pick {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &rng))
        case 2: return .number(Double(Int.random(in: -1000...1000, using: &rng)))
        case 3, 4: return .string(["plain", "a/b", "café", "q\"uote", "back\\slash", ""].randomElement(using: &rng)!)
        case 5: return .array((0..<Int.random(in: 0...4, using: &rng)).map { _ in tree(depth: depth + 1) })
        default:
            var members: [(key: String, value: Tree)] = []
            for key in Self.keys.shuffled(using: &rng).prefix(Int.random(in: 0...4, using: &rng)) {
                members.append((key, tree(depth: depth + 1)))
            }
            return .object(members)
        }
    }
}

/// Every path into `tree` (the root's is empty), with the layout of the value there (an empty one when
/// `layout` does not describe the tree).
func paths(_ tree: Tree, _ layout: Layout, prefix: [PathStep] = []) -> [(path: [PathStep], layout: Layout)] {
    var out = [(prefix, layout)]
    func child(_ k: Int) -> Layout { k < layout.children.count ? layout.children[k].value : Layout(range: 0..<0) }
    switch tree {
    case .array(let elements):
        for (k, element) in elements.enumerated() {
            out += paths(element, child(k), prefix: prefix + [.index(k)])
        }
    case .object(let members):
        for (k, member) in members.enumerated() {
            out += paths(member.value, child(k), prefix: prefix + [.key(member.key)])
        }
    default:
        break
    }
    return out
}

/// The JSON text of a patch operation.
func operationJSON(_ op: String, path: [PathStep], from: [PathStep]? = nil, value: Tree? = nil) -> String {
    var writer = JSONTextWriter()
    writer.writeRaw("{\"op\":")
    writer.writeString(op)
    writer.writeRaw(",\"path\":")
    writer.writeString(pointer(path))
    if let from {
        writer.writeRaw(",\"from\":")
        writer.writeString(pointer(from))
    }
    if let value {
        writer.writeRaw(",\"value\":")
        value.write(&writer)
    }
    writer.writeRaw("}")
    return writer.text
}

/// The fixture files of this target.
enum Fixtures {
    static func path(_ name: String) -> String {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent(name).path
    }
}

func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
