import TapeJSON
import Testing

// MARK: - Comparisons

@Suite("JSONString")
struct JSONStringTests {
    /// Calls `body` with the string at `index` of a one-array document.
    static func withString<R>(_ text: String, _ index: Int, _ body: (borrowing JSONString) -> R) throws -> R {
        let document = try JSONParser.shared.parse(text)
        return try #require(document.root[index]?.withUTF8 { body($0) })
    }

    static let sample = #"["key","","é日🎉","a\u0000b","keys"]"#

    @Test("== and != with String")
    func string() throws {
        #expect(try Self.withString(Self.sample, 0) { $0 == String("key") })
        #expect(try Self.withString(Self.sample, 0) { $0 != String("keys") })
        #expect(try Self.withString(Self.sample, 0) { $0 != String("ke") })
        #expect(try Self.withString(Self.sample, 0) { $0 != String("KEY") })
        #expect(try Self.withString(Self.sample, 1) { $0 == String("") })
        #expect(try Self.withString(Self.sample, 2) { $0 == String("é日🎉") })
        #expect(try Self.withString(Self.sample, 2) { $0 != String("e\u{301}日🎉") })
        #expect(try Self.withString(Self.sample, 3) { $0 == String("a\u{0}b") })
        #expect(try Self.withString(Self.sample, 3) { $0 != String("a") })
    }

    @Test("== and != with StaticString")
    func staticString() throws {
        let key: StaticString = "key"
        #expect(try Self.withString(Self.sample, 0) { $0 == key })
        #expect(try Self.withString(Self.sample, 4) { $0 != key })
        let accented: StaticString = "é日🎉"
        #expect(try Self.withString(Self.sample, 2) { $0 == accented })
        let empty: StaticString = ""
        #expect(try Self.withString(Self.sample, 1) { $0 == empty })
        #expect(try Self.withString(Self.sample, 0) { $0 != empty })
    }

    @Test("equals with raw bytes, count, isEmpty and the String copy")
    func bytes() throws {
        #expect(try Self.withString(Self.sample, 0) { s in
            Array("key".utf8).withUnsafeBufferPointer { s.equals($0) }
        })
        #expect(try Self.withString(Self.sample, 1) { s in
            UnsafeBufferPointer<UInt8>(start: nil, count: 0).withMemoryRebound(to: UInt8.self) { s.equals($0) }
        })
        #expect(try Self.withString(Self.sample, 2) { $0.count } == "é日🎉".utf8.count)
        #expect(try Self.withString(Self.sample, 1) { $0.isEmpty })
        #expect(try Self.withString(Self.sample, 0) { !$0.isEmpty })
        #expect(try Self.withString(Self.sample, 3) { $0.string } == "a\u{0}b")
        #expect(try Self.withString(Self.sample, 2) { $0.string } == "é日🎉")
    }

    @Test("keys in events compare in place")
    func eventKeys() throws {
        let document = try JSONParser.shared.parse(#"{"id":1,"name":"Ada","tags":["x"]}"#)
        var reader = document.events
        var names: [String] = []
        while let event = reader.next() {
            guard case .key(let key) = event else { continue }
            if key == "name" { names.append("matched name") }
            if key != "id" { names.append(key.string) }
        }
        #expect(names == ["matched name", "name", "tags"])
    }
}
