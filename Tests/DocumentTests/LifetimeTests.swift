import TapeJSON
import Testing

// What stays valid for how long. A document's tape and strings live in a simdjson parser that goes back
// to its `JSONParser`'s pool when the document is freed, and the next parse overwrites it. These tests
// free documents and parse others on the same parser so that a view kept too long would read another
// document's bytes (and AddressSanitizer would report freed memory): run them with
// `swift test --sanitize=address`.

// MARK: - Cursors keep their document alive

@Suite("Lifetimes")
struct LifetimeTests {
    /// A cursor on a document that only the cursor references once this returns.
    static func cursor(_ parser: JSONParser, _ n: Int) throws -> JSONValue {
        let document = try parser.parse(#"{"name":"document \#(n)","values":[\#(n),"\#(String(repeating: "x", count: n))"]}"#)
        return try #require(document.root["values"])
    }

    @Test("a JSONValue keeps its document after the document variable is gone")
    func valueOutlivesVariable() throws {
        let parser = JSONParser()
        let kept = try (0..<8).map { try Self.cursor(parser, $0 * 100) }
        // Parse and drop many documents on the same parser while the cursors are held.
        for n in 0..<64 {
            let other = try parser.parse("[\(n),\"\(String(repeating: "y", count: 1000))\"]")
            #expect(other.root[0]?.int == n)
        }
        for (k, value) in kept.enumerated() {
            #expect(value[0]?.int == k * 100)
            #expect(value[1]?.string == String(repeating: "x", count: k * 100))
        }
    }

    @Test("members and iterators keep their document too")
    func membersOutliveVariable() throws {
        let parser = JSONParser()
        func firstMember() throws -> JSONValue.Member {
            let document = try parser.parse(#"{"key":"value","other":2}"#)
            return try #require(document.root.members.first { _ in true })
        }
        func iterator() throws -> JSONValue.Elements.Iterator {
            try parser.parse("[1,2,3]").root.elements.makeIterator()
        }
        let member = try firstMember()
        var elements = try iterator()
        for _ in 0..<16 { _ = try parser.parse(#"{"overwrite":"with something else entirely"}"#) }
        #expect(member.key == "key")
        #expect(member.keyEquals("key"))
        #expect(member.value.string == "value")
        #expect(elements.next()?.int == 1)
        #expect(elements.next()?.int == 2)
    }

    @Test("strings copied out of events outlive the document; the next parse reuses its buffers")
    func eventsThenDrop() throws {
        let parser = JSONParser()
        /// Reads the events of a document that is freed when this returns, copying out what it keeps.
        func keys(of text: String) throws -> [String] {
            let document = try parser.parse(text)
            var reader = document.events
            var keys: [String] = []
            while let event = reader.next() {
                if case .key(let name) = event { keys.append(name.string) }
            }
            return keys
        }
        let first = try keys(of: #"{"alpha":1,"beta":{"gamma":[]}}"#)
        let second = try keys(of: #"{"delta":1,"epsilon":2}"#)
        #expect(first == ["alpha", "beta", "gamma"])
        #expect(second == ["delta", "epsilon"])
    }

    @Test("views are valid inside their scope, while other documents come and go")
    func scopedViews() throws {
        let parser = JSONParser()
        let document = try parser.parse(#"{"a":"first","b":["second"]}"#)
        var reader = document.events
        var seen: [String] = []
        while let event = reader.next() {
            // Parsing and dropping other documents mid-walk must not disturb this one's strings.
            _ = try parser.parse(#"["noise","noise","noise"]"#)
            switch event {
            case .key(let name): seen.append("key " + name.string)
            case .string(let text): seen.append(text.string)
            default: break
            }
        }
        #expect(seen == ["key a", "first", "key b", "second"])
        #expect(document.root["a"]?.withUTF8 { $0 == "first" } == true)
    }

    @Test("documents are shared across tasks")
    func sendable() async throws {
        let document = try JSONParser.shared.parse(#"{"n":[1,2,3,4,5,6,7,8]}"#)
        let sums = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    let values = try #require(document.root["n"])
                    return values.elements.reduce(0) { $0 + ($1.int ?? 0) }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(sums == Array(repeating: 36, count: 8))
    }
}
