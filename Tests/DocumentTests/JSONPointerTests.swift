import TapeJSON
import Testing

// MARK: - RFC 6901

@Suite("JSON Pointer: RFC 6901 section 5")
struct RFC6901Tests {
    /// The example document of RFC 6901, section 5.
    static let text = #"""
        {
           "foo": ["bar", "baz"],
           "": 0,
           "a/b": 1,
           "c%d": 2,
           "e^f": 3,
           "g|h": 4,
           "i\\j": 5,
           "k\"l": 6,
           " ": 7,
           "m~n": 8
        }
        """#

    @Test("every pointer of the RFC's example")
    func example() throws {
        let doc = try document(Self.text)
        #expect(try doc.value(atPointer: "")?.jsonText == #"{"foo":["bar","baz"],"":0,"a/b":1,"c%d":2,"e^f":3,"g|h":4,"i\\j":5,"k\"l":6," ":7,"m~n":8}"#)
        #expect(try doc.value(atPointer: "/foo")?.jsonText == #"["bar","baz"]"#)
        #expect(try doc.value(atPointer: "/foo/0")?.string == "bar")
        #expect(try doc.value(atPointer: "/")?.int == 0)
        #expect(try doc.value(atPointer: "/a~1b")?.int == 1)
        #expect(try doc.value(atPointer: "/c%d")?.int == 2)
        #expect(try doc.value(atPointer: "/e^f")?.int == 3)
        #expect(try doc.value(atPointer: "/g|h")?.int == 4)
        #expect(try doc.value(atPointer: #"/i\j"#)?.int == 5)
        #expect(try doc.value(atPointer: #"/k"l"#)?.int == 6)
        #expect(try doc.value(atPointer: "/ ")?.int == 7)
        #expect(try doc.value(atPointer: "/m~0n")?.int == 8)
    }

    @Test("the root's pointer is the empty string; \"/\" names the key \"\"")
    func rootAndEmptyKey() throws {
        let doc = try document(#"{"":{"":[true]}}"#)
        #expect(try doc.value(atPointer: "")?.kind == .object)
        #expect(try doc.value(atPointer: "/")?.kind == .object)
        #expect(try doc.value(atPointer: "//")?.kind == .array)
        #expect(try doc.value(atPointer: "///0")?.bool == true)
    }
}

// MARK: - Escapes and array indices

@Suite("JSON Pointer: escapes and indices")
struct PointerTokenTests {
    @Test("~0 and ~1 unescape in the right order")
    func tildes() throws {
        let doc = try document(#"{"~1":"tilde-one","/":"slash","~":"tilde","a~/b":"both","~01":"x"}"#)
        #expect(try doc.value(atPointer: "/~01")?.string == "tilde-one")
        #expect(try doc.value(atPointer: "/~1")?.string == "slash")
        #expect(try doc.value(atPointer: "/~0")?.string == "tilde")
        #expect(try doc.value(atPointer: "/a~0~1b")?.string == "both")
        #expect(try doc.value(atPointer: "/~001")?.string == "x")
    }

    @Test("array indices: digits without leading zeros; '-' names nothing")
    func indices() throws {
        let doc = try document(#"{"a":[10,11,12,13,14,15,16,17,18,19,20],"0":"key"}"#)
        #expect(try doc.value(atPointer: "/a/0")?.int == 10)
        #expect(try doc.value(atPointer: "/a/10")?.int == 20)
        #expect(try doc.value(atPointer: "/a/11") == nil)
        #expect(try doc.value(atPointer: "/a/01") == nil)
        #expect(try doc.value(atPointer: "/a/00") == nil)
        #expect(try doc.value(atPointer: "/a/-") == nil)
        #expect(try doc.value(atPointer: "/a/-1") == nil)
        #expect(try doc.value(atPointer: "/a/+1") == nil)
        #expect(try doc.value(atPointer: "/a/1a") == nil)
        #expect(try doc.value(atPointer: "/a/") == nil)
        #expect(try doc.value(atPointer: "/a/99999999999999999999999") == nil)
        // On an object, digits are just a key.
        #expect(try doc.value(atPointer: "/0")?.string == "key")
    }

    @Test("missing paths give nil, not an error")
    func missing() throws {
        let doc = try document(#"{"a":{"b":[1,{"c":null}]}}"#)
        #expect(try doc.value(atPointer: "/a/b/1/c")?.isNull == true)
        #expect(try doc.value(atPointer: "/x") == nil)
        #expect(try doc.value(atPointer: "/x/y/z") == nil)
        #expect(try doc.value(atPointer: "/a/b/0/c") == nil)
        #expect(try doc.value(atPointer: "/a/b/1/c/d") == nil)
        #expect(try doc.value(atPointer: "/a/B") == nil)
    }

    @Test("pointers relative to a value")
    func relative() throws {
        let doc = try document(#"{"a":{"b":[1,{"c":"here"}]}}"#)
        let b = try #require(try doc.value(atPointer: "/a/b"))
        #expect(try b.value(atPointer: "/1/c")?.string == "here")
        #expect(try b.value(atPointer: "")?.count == 2)
    }
}

// MARK: - Malformed pointers

@Suite("JSON Pointer: malformed pointers")
struct MalformedPointerTests {
    @Test("errors name the pointer and the reason", arguments: ["a", "a/b", "#/a", "/m~2n", "/m~", "~0", "/a~", "/~a"])
    func malformed(_ pointer: String) throws {
        let doc = try document(#"{"a":{"b":1},"m~n":2}"#)
        let error = try #require(throws: JSONPointerError.self) { try doc.value(atPointer: pointer) }
        #expect(error.pointer == pointer)
        #expect(!error.reason.isEmpty)
        #expect(error.description.contains(pointer))
    }

    @Test("a bad escape after a missing step is still an error")
    func badEscapeAfterMissing() throws {
        let doc = try document(#"{"a":1}"#)
        #expect(throws: JSONPointerError.self) { try doc.value(atPointer: "/missing/~2") }
        #expect(throws: JSONPointerError.self) { try doc.root.value(atPointer: "/a/b/~") }
    }
}
