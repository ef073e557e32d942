import TapeJSON
import Testing

@Suite struct MergePatchTests {
    /// RFC 7396 Appendix A, every row: original, patch, result. The originals are compact, so the
    /// results are checked byte for byte as well as as data.
    static let appendixA: [(String, String, String)] = [
        (#"{"a":"b"}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
        (#"{"a":"b"}"#, #"{"b":"c"}"#, #"{"a":"b","b":"c"}"#),
        (#"{"a":"b"}"#, #"{"a":null}"#, #"{}"#),
        (#"{"a":"b","b":"c"}"#, #"{"a":null}"#, #"{"b":"c"}"#),
        (#"{"a":["b"]}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
        (#"{"a":"c"}"#, #"{"a":["b"]}"#, #"{"a":["b"]}"#),
        (#"{"a":{"b":"c"}}"#, #"{"a":{"b":"d","c":null}}"#, #"{"a":{"b":"d"}}"#),
        (#"{"a":[{"b":"c"}]}"#, #"{"a":[1]}"#, #"{"a":[1]}"#),
        (#"["a","b"]"#, #"["c","d"]"#, #"["c","d"]"#),
        (#"{"a":"b"}"#, #"["c"]"#, #"["c"]"#),
        (#"{"a":"foo"}"#, #"null"#, #"null"#),
        (#"{"a":"foo"}"#, #""bar""#, #""bar""#),
        (#"{"e":null}"#, #"{"a":1}"#, #"{"e":null,"a":1}"#),
        (#"[1,2]"#, #"{"a":"b","c":null}"#, #"{"a":"b"}"#),
        (#"{}"#, #"{"a":{"bb":{"ccc":null}}}"#, #"{"a":{"bb":{}}}"#),
    ]

    @Test(arguments: 0..<appendixA.count)
    func appendixARow(_ row: Int) throws {
        let (original, patch, result) = Self.appendixA[row]
        let output = try JSONMergePatch(patch).apply(to: original)
        #expect(output == result)
        #expect(try Tree(json: Array(output.utf8)) == Tree(json: Array(result.utf8)))
    }

    /// RFC 7396 §3's example, with the original's layout kept around the members the patch leaves.
    @Test func sectionThreeExample() throws {
        let original = """
            {
              "title": "Goodbye!",
              "author" : {
                "givenName" : "John",
                "familyName" : "Doe"
              },
              "tags":[ "example", "sample" ],
              "content": "This will be unchanged"
            }
            """
        let patch = #"{"title": "Hello!", "phoneNumber": "+01-123-456-7890", "author": {"familyName": null}, "tags": [ "example" ]}"#
        let expected = """
            {
              "title": "Hello!",
              "author" : {
                "givenName" : "John"
              },
              "tags":["example"],
              "content": "This will be unchanged","phoneNumber":"+01-123-456-7890"
            }
            """
        #expect(try JSONMergePatch(patch).apply(to: original) == expected)
    }

    @Test func keepsTheBytesItDoesNotTouch() throws {
        let original = #"{ "n": 1.0E2, "big": 123456789012345678901234567890, "s": "caf\u00e9 \/", "n": 2, "x": 1 }"#
        #expect(try JSONMergePatch(#"{"x": {"y": [1, 2], "z": null}}"#).apply(to: original)
                == #"{ "n": 1.0E2, "big": 123456789012345678901234567890, "s": "caf\u00e9 \/", "n": 2, "x": {"y":[1,2]} }"#)
        // The first member of a repeated name is the one merged.
        #expect(try JSONMergePatch(#"{"n": null}"#).apply(to: original)
                == #"{ "big": 123456789012345678901234567890, "s": "caf\u00e9 \/", "n": 2, "x": 1 }"#)
    }

    @Test func invalidTextIsATypedError() throws {
        #expect(throws: JSONPatchError.self) { try JSONMergePatch("{") }
        do {
            _ = try JSONMergePatch("{}").apply(to: "[1,")
            Issue.record("no error")
        } catch {
            #expect(error.kind == .invalidDocumentJSON)
        }
    }
}
