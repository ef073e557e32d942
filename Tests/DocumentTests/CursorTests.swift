import TapeJSON
import Testing

// MARK: - Kinds and accessors

@Suite("Cursor: kinds and typed accessors")
struct CursorKindTests {
    static let text = #"""
        {"o":{"k":1},"a":[1,2],"s":"str","i":-7,"u":9223372036854775808,"d":2.5,"t":true,"f":false,"n":null}
        """#

    @Test func kinds() throws {
        let root = try document(Self.text).root
        #expect(root.kind == .object)
        let expected: [(String, JSONValue.Kind)] = [
            ("o", .object), ("a", .array), ("s", .string), ("i", .int), ("u", .uint), ("d", .double),
            ("t", .bool), ("f", .bool), ("n", .null),
        ]
        for (key, kind) in expected {
            #expect(root[key]?.kind == kind, "\(key)")
        }
        #expect(JSONValue.Kind.allCases.count == 8)
    }

    @Test("each accessor answers only for its kind")
    func accessors() throws {
        let root = try document(Self.text).root
        let s = try #require(root["s"])
        #expect(s.string == "str")
        #expect(s.int == nil && s.double == nil && s.bool == nil && s.count == nil && !s.isNull)
        let i = try #require(root["i"])
        #expect(i.int == -7 && i.int64 == -7 && i.double == -7)
        #expect(i.uint64 == nil && i.string == nil)
        let d = try #require(root["d"])
        #expect(d.double == 2.5)
        #expect(d.int == nil && d.int64 == nil && d.uint64 == nil)
        #expect(root["t"]?.bool == true)
        #expect(root["f"]?.bool == false)
        #expect(root["n"]?.isNull == true)
        #expect(root["n"]?.bool == nil)
        #expect(root["o"]?.string == nil)
        #expect(root["o"]?["k"]?.int == 1)
    }

    @Test("a scalar root")
    func scalarRoot() throws {
        #expect(try document("42").root.int == 42)
        #expect(try document(#" "x" "#).root.string == "x")
        #expect(try document("null").root.isNull)
        #expect(try document("false").root.bool == false)
        let root = try document("1.5").root
        #expect(root.count == nil)
        #expect(root["a"] == nil)
        #expect(root[0] == nil)
        #expect(Array(root.elements).isEmpty)
        #expect(Array(root.members).isEmpty)
    }
}

// MARK: - Numbers

@Suite("Cursor: number classes")
struct NumberClassTests {
    @Test("Int64, UInt64 and Double, at their edges")
    func classes() throws {
        let root = try document("""
            [9223372036854775807, -9223372036854775808, 9223372036854775808, 18446744073709551615,
             0, 1.0, 1e2, 1E-2, 12345678901234567890]
            """).root
        #expect(root[0]?.kind == .int)
        #expect(root[0]?.int64 == Int64.max)
        #expect(root[0]?.uint64 == UInt64(Int64.max))
        #expect(root[1]?.kind == .int)
        #expect(root[1]?.int64 == Int64.min)
        #expect(root[1]?.uint64 == nil)
        #expect(root[2]?.kind == .uint)
        #expect(root[2]?.uint64 == UInt64(Int64.max) + 1)
        #expect(root[2]?.int64 == nil && root[2]?.int == nil)
        #expect(root[2]?.double == 9223372036854775808.0)
        #expect(root[3]?.uint64 == UInt64.max)
        #expect(root[4]?.kind == .int)
        #expect(root[5]?.kind == .double)
        #expect(root[5]?.int == nil)
        #expect(root[5]?.double == 1)
        #expect(root[6]?.kind == .double && root[6]?.double == 100)
        #expect(root[7]?.double == 0.01)
        #expect(root[8]?.kind == .uint && root[8]?.uint64 == 12_345_678_901_234_567_890)
    }

    @Test("-0 is the integer 0; -0.0 keeps its sign")
    func negativeZero() throws {
        let root = try document("[-0, -0.0, 0.0, -0e0, 1e-400, -1e-400]").root
        #expect(root[0]?.kind == .int)
        #expect(root[0]?.int64 == 0)
        #expect(root[1]?.kind == .double)
        #expect(root[1]?.double == 0)
        #expect(root[1]?.double?.sign == .minus)
        #expect(root[2]?.double?.sign == .plus)
        #expect(root[3]?.kind == .double && root[3]?.double?.sign == .minus)
        #expect(root[4]?.double == 0)
        #expect(root[5]?.double == 0)
    }
}

// MARK: - Containers

@Suite("Cursor: containers")
struct ContainerTests {
    static let text = #"{"a":[10,{"x":[]},"s",[1,[2,[3]]],null],"b":{},"c":{"d":{"e":"deep"}},"é":"accent"}"#

    @Test("subscript by key and by index, count")
    func subscripts() throws {
        let root = try document(Self.text).root
        #expect(root.count == 4)
        let a = try #require(root["a"])
        #expect(a.count == 5)
        #expect(a[0]?.int == 10)
        #expect(a[1]?["x"]?.count == 0)
        #expect(a[2]?.string == "s")
        #expect(a[3]?[1]?[1]?[0]?.int == 3)
        #expect(a[4]?.isNull == true)
        #expect(a[5] == nil)
        #expect(a[-1] == nil)
        #expect(a["0"] == nil)
        #expect(root["b"]?.count == 0)
        #expect(root["c"]?["d"]?["e"]?.string == "deep")
        #expect(root["é"]?.string == "accent")
        #expect(root["missing"] == nil)
        #expect(root[""] == nil)
        #expect(root[0] == nil)
    }

    @Test("keys are compared exactly, byte for byte")
    func exactKeys() throws {
        let root = try document(#"{"ab":1,"a":2,"a\u0000":3,"A":4,"e\u0301":5}"#).root
        #expect(root["a"]?.int == 2)
        #expect(root["ab"]?.int == 1)
        #expect(root["a\u{0}"]?.int == 3)
        #expect(root["A"]?.int == 4)
        // Canonically equivalent but different scalars: no match.
        #expect(root["é"] == nil)
        #expect(root["e\u{301}"]?.int == 5)
    }

    @Test("members and elements in document order")
    func iteration() throws {
        let root = try document(Self.text).root
        #expect(root.members.map(\.key) == ["a", "b", "c", "é"])
        #expect(root.members.map(\.value.kind) == [.array, .object, .object, .string])
        #expect(root["a"]?.elements.map(\.kind) == [.int, .object, .string, .array, .null])
        #expect(root.members.underestimatedCount == 4)
        #expect(root["a"]?.elements.underestimatedCount == 5)
        // Iterating the wrong kind yields nothing.
        #expect(Array(root.elements).isEmpty)
        #expect(root["a"].map { Array($0.members) }?.isEmpty == true)
        #expect(Array(try #require(root["b"]).members).isEmpty)
    }

    @Test("member keys: copied, compared and viewed")
    func memberKeys() throws {
        let root = try document(#"{"first":1,"sécond":2}"#).root
        let members = Array(root.members)
        #expect(members[0].keyEquals("first"))
        #expect(!members[0].keyEquals("firs"))
        #expect(!members[0].keyEquals("firstt"))
        #expect(members[1].keyEquals("sécond"))
        #expect(members[1].withKey { $0.count } == "sécond".utf8.count)
        #expect(members[1].withKey { $0 == "sécond" })
        #expect(members[1].value.int == 2)
    }

    @Test("withUTF8 views a string's bytes")
    func withUTF8() throws {
        let root = try document(#"["tab\there", 1]"#).root
        #expect(root[0]?.withUTF8 { $0.string } == "tab\there")
        #expect(root[0]?.withUTF8 { Array($0.string.utf8).count } == 8)
        #expect(root[1]?.withUTF8 { $0.count } == nil)
    }

    @Test("duplicate keys: the subscript finds the first, iteration sees both")
    func duplicateKeys() throws {
        let root = try document(#"{"a":1,"b":0,"a":2}"#).root
        #expect(root["a"]?.int == 1)
        #expect(root.count == 3)
        #expect(root.members.filter { $0.keyEquals("a") }.map { $0.value.int } == [1, 2])
        #expect(try root.value(atPointer: "/a")?.int == 1)
    }

    @Test("escaped strings are unescaped")
    func escapes() throws {
        let root = try document(#"["a\"b\\c\/d\b\f\n\r\t", "\u00e9\u65e5\ud83c\udf89", "\u0000"]"#).root
        #expect(root[0]?.string == "a\"b\\c/d\u{8}\u{c}\n\r\t")
        #expect(root[1]?.string == "é日🎉")
        #expect(root[2]?.string == "\u{0}")
        #expect(root[2]?.string?.utf8.count == 1)
    }

    @Test("containers with more members than the tape's 24-bit count field")
    func largeCount() throws {
        // Counts saturate at 0xFFFFFF on the tape; the cursor then walks the container.
        let n = 0xFF_FFFF + 3
        var bytes = Array(("[" + String(repeating: "0,", count: n)).utf8)
        bytes[bytes.count - 1] = UInt8(ascii: "]")
        let root = try JSONParser.shared.parse(bytes).root
        #expect(root.count == n)
        #expect(root[n - 1]?.int == 0)
        #expect(root[n] == nil)
    }
}
